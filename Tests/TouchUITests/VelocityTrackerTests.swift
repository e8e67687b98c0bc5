import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct VelocityTrackerTests {
    private func steadyDrag(_ strategy: VelocityTracker.Strategy) -> VelocityTracker {
        var tracker = VelocityTracker(strategy: strategy)
        for frame in 0...10 {  // 600 pt/s right, 300 pt/s down, sampled at 60 Hz
            let t = Double(frame) / 60
            tracker.addSample(Point(x: 600 * t, y: 300 * t), at: Timestamp(seconds: t))
        }
        return tracker
    }

    @Test func aSteadyDragHasItsSpeedWithEitherFit() {
        for strategy in [VelocityTracker.Strategy.linear, .quadratic] {
            let velocity = steadyDrag(strategy).velocity(at: Timestamp(seconds: 10.0 / 60))
            #expect(abs(velocity.dx - 600) < 1e-6 && abs(velocity.dy - 300) < 1e-6)
        }
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), at: Timestamp(milliseconds: 0))
        tracker.addSample(Point(x: 500, y: 0), at: Timestamp(milliseconds: 20))  // a fast start, long gone
        for ms in stride(from: 40.0, through: 200, by: 20) {
            tracker.addSample(Point(x: 500 + (ms - 20), y: 0), at: Timestamp(milliseconds: ms))  // then 1000 pt/s
        }
        #expect(abs(tracker.velocity(at: Timestamp(milliseconds: 200)).dx - 1000) < 1e-6)
        #expect(tracker.samples.count == 6)
    }

    @Test func velocityIsZeroOnceTheFingerHasRestedFortyMilliseconds() {
        let tracker = steadyDrag(.linear)
        let last = 10.0 / 60 * 1000
        #expect(tracker.velocity(at: Timestamp(milliseconds: last + 40)).dx > 0)
        #expect(tracker.velocity(at: Timestamp(milliseconds: last + 41)) == .zero)
    }

    @Test func aPauseBetweenTheLastTwoSamplesMeansTheFingerRested() {
        var tracker = steadyDrag(.linear)
        tracker.addSample(Point(x: 101, y: 50), at: Timestamp(milliseconds: 10.0 / 60 * 1000 + 60))
        #expect(tracker.velocity(at: Timestamp(milliseconds: 10.0 / 60 * 1000 + 60)) == .zero)
    }

    @Test func oneSampleOrSamplesAtOneInstantHaveNoVelocity() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 5, y: 5), at: .zero)
        #expect(tracker.velocity(at: .zero) == .zero)
        tracker.addSample(Point(x: 50, y: 5), at: .zero)
        #expect(tracker.velocity(at: .zero) == .zero)
    }

    @Test func aPanThatStopsBeforeLiftingEndsWithZeroVelocity() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        stage.add(pan, as: "pan") { GestureLog.format($0.velocity(in: nil)) }
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 100, lift: false))
        stage.script.up(1, t: 200)  // rested 100 ms before lifting
        #expect(stage.log.entries.last == "pan.ended (0, 0)")
    }
}
