import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct CheckmarkGestureRecognizerTests {
    /// Moves finger 1 through `points`, one every 16 ms from `t` on, after coming down at the first.
    private func stroke(_ stage: TouchStage, _ points: [(Double, Double)], lift: Bool = true) {
        stage.script.down(1, at: points[0], t: 0)
        for (index, point) in points.dropFirst().enumerated() {
            stage.script.move(1, to: point, t: Double(index + 1) * 16)
        }
        if lift { stage.script.up(1, t: Double(points.count) * 16) }
    }

    private func checkmarkStage() -> (TouchStage, CheckmarkGestureRecognizer) {
        let stage = TouchStage()
        let checkmark = CheckmarkGestureRecognizer()
        stage.add(checkmark, as: "checkmark")
        return (stage, checkmark)
    }

    @Test func downRightThenUpRightIsACheckmarkRecognizedOnLift() {
        let (stage, checkmark) = checkmarkStage()
        // Down-right 36 pt, then up-right 64 pt.
        stroke(stage, [(100, 100), (110, 110), (120, 120), (125, 130), (135, 120), (150, 100), (170, 80)], lift: false)
        #expect(checkmark.state == .possible)
        stage.script.up(1, t: 200)
        #expect(stage.log.entries.suffix(2) == ["view.cancelled(1)", "checkmark.ended"])
    }

    @Test func aShortDownLegFails() {
        let (stage, checkmark) = checkmarkStage()
        // Down-right 14 pt, short of the 20 pt leg length, then up.
        stroke(stage, [(100, 100), (105, 105), (110, 110), (120, 100), (140, 80)], lift: false)
        #expect(checkmark.state == .failed)
    }

    @Test func aShortUpLegFails() {
        let (stage, _) = checkmarkStage()
        // Down-right 42 pt, then up-right 14 pt, short of 20.
        stroke(stage, [(100, 100), (115, 115), (130, 130), (135, 125), (140, 120)])
        #expect(!stage.log.entries.contains("checkmark.ended"))
    }

    @Test func goingBackLeftFails() {
        let (stage, checkmark) = checkmarkStage()
        stroke(stage, [(100, 100), (110, 120), (120, 140), (100, 150)], lift: false)  // 20 pt back to the left
        #expect(checkmark.state == .failed)
    }

    @Test func goingDownAgainOnTheUpLegFails() {
        let (stage, checkmark) = checkmarkStage()
        stroke(stage, [(100, 100), (115, 115), (130, 130), (140, 115), (150, 100), (160, 115)], lift: false)
        #expect(checkmark.state == .failed)
    }

    @Test func aSecondFingerFailsIt() {
        let (stage, checkmark) = checkmarkStage()
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.down(2, at: (200, 100), t: 10)
        #expect(checkmark.state == .failed)
    }

    @Test func aStraightLineIsNotACheckmark() {
        let (stage, _) = checkmarkStage()
        stroke(stage, [(100, 100), (120, 120), (140, 140), (160, 160)])
        #expect(!stage.log.entries.contains("checkmark.ended"))
    }
}
