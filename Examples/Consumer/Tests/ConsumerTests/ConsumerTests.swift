import Testing
import TouchUI
import TouchUITesting

/// The test kit works for a package outside the repository: a pinch on a stage, through the products alone.
@Suite struct ConsumerTests {
    @Test func aPinchOnTheStageScalesAndTheTapThatWaitsForItFails() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.require(toFail: pinch)
        stage.add(pinch, as: "pinch")
        var lastScale = 1.0
        pinch.addTarget { _ in lastScale = pinch.scale }
        stage.add(tap, as: "tap")
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, t: 0, duration: 300))
        #expect(abs(lastScale - 2) < 0.05)
        #expect(stage.log.entries.contains("pinch.began"))
        #expect(!stage.log.entries.contains("tap.ended"))
    }
}
