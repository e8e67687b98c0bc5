import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct PinchGestureRecognizerTests {
    @Test func spreadingTwoFingersBeginsAfterEightPointsAndScalesFromTouchDown() {
        let stage = TouchStage()
        stage.view.isMultipleTouchEnabled = true
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch") { "\(GestureLog.format($0.scale)) v=\(GestureLog.format($0.velocity))" }
        // From 100 pt apart to 200 pt apart in 100 ms: the span grows 16.67 pt a frame, the scale 10 a second.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, t: 0, duration: 100))
        #expect(stage.log.entries == [
            "view.began(1,2)", "view.cancelled(1,2)",
            "pinch.began 1.17 v=10", "pinch.changed 1.33 v=10", "pinch.changed 1.5 v=10",
            "pinch.changed 1.67 v=10", "pinch.changed 1.83 v=10", "pinch.changed 2 v=10", "pinch.ended 2 v=10",
        ])
    }

    @Test func theScaleIsCumulativeSinceTheStartNotPerFrame() throws {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        pinch.addTarget { [unowned pinch] _ in scales.append(pinch.scale) }
        stage.view.addGestureRecognizer(pinch)
        // Out to twice the span, then back in to the start: a per-frame ratio would never fall below 1 going out.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, t: 0, duration: 100, lift: false))
        stage.script.play(Array(SeatEvents.twoFingers(center: (400, 300), span: 200, toSpan: 100, t: 100, duration: 100).dropFirst(3)))
        #expect(scales.allSatisfy { $0 >= 1 - 1e-9 })
        let largest = try #require(scales.max())
        #expect(largest == 2)
        #expect(try abs(#require(scales.last) - 1) < 1e-9)
        let peak = try #require(scales.firstIndex(of: largest))
        #expect(Array(scales[...peak]) == scales[...peak].sorted())  // rising, then falling back
        #expect(Array(scales[peak...]) == scales[peak...].sorted(by: >))
    }

    @Test func resettingTheScaleToOneGivesIncrementalFactors() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        var factors: [Double] = []
        pinch.addTarget { [unowned pinch] _ in
            factors.append(pinch.scale)
            pinch.scale = 1
        }
        stage.view.addGestureRecognizer(pinch)
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, t: 0, duration: 100))
        let product = factors.dropLast().reduce(1, *)  // the ended report repeats the last factor's state: 1
        #expect(abs(product - 2) < 1e-9)
        #expect(factors.last == 1)
    }

    @Test func twoFingersRestingStillDoNotPinchAndLiftingFails() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch")
        // 106 pt apart: a 6 pt change, short of the 8 pt pinch start distance.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 106, t: 0, duration: 100, lift: false))
        #expect(pinch.state == .possible)
        stage.script.up(1, t: 120)
        #expect(pinch.state == .failed)
        stage.script.up(2, t: 130)
        #expect(stage.log.entries.filter { $0.hasPrefix("pinch") } == [])
    }

    @Test func aThirdFingerIsIgnoredAndLiftingOneOfThePairEndsThePinch() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch") { GestureLog.format($0.scale) }
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 150, t: 0, duration: 50, lift: false))
        stage.script.down(3, at: (100, 100), t: 60)
        stage.script.move(3, to: (10, 10), t: 76)
        stage.script.up(2, t: 90)
        stage.script.up(1, t: 100)
        stage.script.up(3, t: 110)
        #expect(stage.log.entries.filter { $0.hasPrefix("pinch") } == ["pinch.began 1.17", "pinch.changed 1.33", "pinch.changed 1.5", "pinch.ended 1.5"])
    }

    @Test func aSpanChangeShortOfEightPointsDoesNotPinch() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch")
        // 100 to 107 pt apart: 7 pt, short of the 8 pt pinch start distance.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 107, t: 0, duration: 100))
        #expect(stage.log.entries.filter { $0.hasPrefix("pinch") } == [])
    }
}
