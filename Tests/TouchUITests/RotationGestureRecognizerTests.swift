import Foundation
import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct RotationGestureRecognizerTests {
    @Test func turningTwoFingersClockwiseGivesAPositiveCumulativeRotation() {
        let stage = TouchStage()
        let rotation = RotationGestureRecognizer()
        stage.add(rotation, as: "rotation") { "\(GestureLog.format($0.rotation)) v=\(GestureLog.format($0.velocity))" }
        // A quarter turn clockwise on screen (y down) in 100 ms: 0.26 rad a frame, 15.71 rad/s.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 100, angle: 0, toAngle: .pi / 2,
                                                t: 0, duration: 100))
        #expect(stage.log.entries.filter { $0.hasPrefix("rotation") } == [
            "rotation.began 0.26 v=15.71", "rotation.changed 0.52 v=15.71", "rotation.changed 0.79 v=15.71",
            "rotation.changed 1.05 v=15.71", "rotation.changed 1.31 v=15.71", "rotation.changed 1.57 v=15.71",
            "rotation.ended 1.57 v=15.71",
        ])
    }

    @Test func theRotationUnwrapsPastHalfATurn() {
        let stage = TouchStage()
        let rotation = RotationGestureRecognizer()
        var last = 0.0
        rotation.addTarget { [unowned rotation] _ in last = rotation.rotation }
        stage.view.addGestureRecognizer(rotation)
        // One and a half turns counterclockwise, 300 ms, 18 frames of 30°.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 100, angle: 0, toAngle: -3 * .pi,
                                                t: 0, duration: 300))
        #expect(abs(last + 3 * .pi) < 1e-9)
    }

    @Test func aSmallTurnDoesNotBegin() {
        let stage = TouchStage()
        let rotation = RotationGestureRecognizer()
        stage.add(rotation, as: "rotation")
        // 4°, short of the 5° rotation start angle.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 100, angle: 0, toAngle: 4 * .pi / 180,
                                                t: 0, duration: 100))
        #expect(stage.log.entries.filter { $0.hasPrefix("rotation") } == [])
    }

    @Test func settingTheRotationRebasesLaterReports() {
        let stage = TouchStage()
        let rotation = RotationGestureRecognizer()
        var steps: [Double] = []
        rotation.addTarget { [unowned rotation] _ in
            steps.append(rotation.rotation)
            rotation.rotation = 0
        }
        stage.view.addGestureRecognizer(rotation)
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 100, angle: 0, toAngle: .pi / 2,
                                                t: 0, duration: 100))
        #expect(abs(steps.reduce(0, +) - .pi / 2) < 1e-9)
        #expect(steps.allSatisfy { abs($0 - .pi / 12) < 1e-9 || $0 == 0 })
    }

    @Test func twoFingersSpreadingAlongTheirLineDoNotRotate() {
        let stage = TouchStage()
        let rotation = RotationGestureRecognizer()
        stage.add(rotation, as: "rotation")
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, angle: 0, toAngle: 0,
                                                t: 0, duration: 100))
        #expect(stage.log.entries.filter { $0.hasPrefix("rotation") } == [])
    }
}
