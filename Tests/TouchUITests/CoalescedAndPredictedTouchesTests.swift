import Testing
import TouchUI
import TouchUITesting

/// A view that keeps, for every delivery of its touches, what the event said of coalesced and predicted samples.
private final class SamplingView: View {
    var coalesced: [[Touch.Sample]] = []
    var predicted: [[Touch.Sample]] = []
    var phases: [Int: [Touch.Phase]] = [:]

    private func take(_ touches: Set<Touch>, _ event: Event?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            phases[touch.identifier, default: []].append(touch.phase)
            guard let event else { continue }
            coalesced.append(event.coalescedTouches(for: touch) ?? [])
            predicted.append(event.predictedTouches(for: touch) ?? [])
        }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
}

private func stage() -> (Window, SamplingView) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 2000, height: 2000))
    let view = SamplingView(frame: window.bounds)
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    return (window, view)
}

/// Moves contact 1 along `path` (positions), one sample every `interval` ms from t = 0, after a down at the first.
private func drive(_ window: Window, _ path: [Point], interval: Double = 1000.0 / 120) {
    for (index, point) in path.enumerated() {
        window.handle([TouchInput(contact: 1, index == 0 ? .began(point) : .moved(point))],
                      at: Timestamp(milliseconds: Double(index) * interval))
    }
}

@Suite struct CoalescedAndPredictedTouchesTests {
    @Test func eachDeliveryCoalescesTheSamplesSinceTheLastWithTheirOwnTimes() throws {
        let (window, view) = stage()
        window.handle([TouchInput(contact: 1, .began(Point(x: 10, y: 10))), TouchInput(contact: 2, .began(Point(x: 500, y: 10)))],
                      at: Timestamp(milliseconds: 0))
        window.handle([TouchInput(contact: 1, .moved(Point(x: 20, y: 10)))], at: Timestamp(milliseconds: 8))
        #expect(view.coalesced.count == 3)
        #expect(view.coalesced[0] == [Touch.Sample(locationInWindow: Point(x: 10, y: 10), timestamp: Timestamp(milliseconds: 0))])
        #expect(view.coalesced[2] == [Touch.Sample(locationInWindow: Point(x: 20, y: 10), timestamp: Timestamp(milliseconds: 8))])
        // Two samples of one contact reported at once: each is delivered, each with its own sample.
        window.handle([TouchInput(contact: 1, .moved(Point(x: 30, y: 10))), TouchInput(contact: 1, .moved(Point(x: 40, y: 10)))],
                      at: Timestamp(milliseconds: 16))
        #expect(view.coalesced.suffix(2).map { $0.map(\.locationInWindow.x) } == [[30], [40]])
    }

    @Test func aStationaryTouchHasNoNewSamplesAndAForeignTouchIsNotInTheEvent() throws {
        let (window, _) = stage()
        let other = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        other.handle([TouchInput(contact: 9, .began(Point(x: 5, y: 5)))], at: Timestamp(milliseconds: 0))
        let foreign = try #require(other.activeTouches.first)
        final class Probe: View {
            var answers: [(coalesced: Int?, foreign: Bool)] = []
            weak var foreign: Touch?
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
                guard let event, let stationary = event.allTouches.first(where: { $0.phase == .stationary }) else { return }
                answers.append((event.coalescedTouches(for: stationary)?.count, foreign.map { event.coalescedTouches(for: $0) == nil } ?? false))
            }
        }
        let probe = Probe(frame: window.bounds)
        probe.isMultipleTouchEnabled = true
        probe.foreign = foreign
        window.addSubview(probe)
        window.handle([TouchInput(contact: 1, .began(Point(x: 10, y: 10))), TouchInput(contact: 2, .began(Point(x: 500, y: 10)))],
                      at: Timestamp(milliseconds: 0))
        window.handle([TouchInput(contact: 1, .moved(Point(x: 20, y: 10)))], at: Timestamp(milliseconds: 8))
        #expect(probe.answers.count == 1)
        #expect(probe.answers.first?.coalesced == 0 && probe.answers.first?.foreign == true)
    }

    @Test func aSteadyStrokeIsPredictedAlongItsLineAtMostOneFrameAhead() throws {
        let (window, view) = stage()
        // 600 pt/s to the right, sampled at 120 Hz: 5 pt a sample.
        drive(window, (0..<12).map { Point(x: 100 + Double($0) * 5, y: 300) })
        let predicted = try #require(view.predicted.last)
        #expect(predicted.count == GestureDefaults.predictionSteps)
        let newest = try #require(view.coalesced.last?.last)
        for sample in predicted {
            let ahead = (sample.timestamp - newest.timestamp).seconds
            #expect(ahead > 0 && ahead <= GestureDefaults.predictionHorizon.seconds + 1e-9)
            #expect(abs(sample.locationInWindow.x - (newest.locationInWindow.x + 600 * ahead)) < 0.5, "\(sample)")
            #expect(abs(sample.locationInWindow.y - 300) < 1e-6)
        }
        // Recomputed at every delivery, never stored: the touch is where it really is.
        #expect(view.predicted.suffix(2).first != view.predicted.last)
        #expect(window.activeTouches.first?.location(in: nil) == newest.locationInWindow)
    }

    @Test func aTouchSlowingToAStopIsNotPredictedPastWhereItStops() throws {
        let (window, view) = stage()
        // Steady deceleration at 120 Hz: 20, 18, 16 … 2 pt a sample (28 800 pt/s²).
        var x = 100.0
        var path: [Point] = [Point(x: x, y: 300)]
        for step in stride(from: 20.0, through: 2.0, by: -2.0) {
            x += step
            path.append(Point(x: x, y: 300))
        }
        drive(window, path)
        // At the last sample the finger moves at 120 pt/s and would stop within 0.25 pt; at that speed a frame ahead
        // is 1.9 pt. The prediction stays near the stop.
        let newest = try #require(view.coalesced.last?.last)
        let last = try #require(view.predicted.last)
        #expect(last.allSatisfy { $0.locationInWindow.x - newest.locationInWindow.x <= 1 }, "\(last)")
        // Holding still: nothing is predicted.
        drive(window, Array(repeating: Point(x: 200, y: 300), count: 6))
        #expect(view.predicted.last?.isEmpty == true)
    }

    @Test func aTurnUnderWayIsNotPredicted() throws {
        let (window, view) = stage()
        // Right at 600 pt/s, then a sharp turn down in the newest sample.
        var path = (0..<8).map { Point(x: 100 + Double($0) * 5, y: 300) }
        path.append(Point(x: 135, y: 305))
        drive(window, path)
        #expect(view.predicted.last == [])
        #expect(view.predicted[view.predicted.count - 2].count == GestureDefaults.predictionSteps)
    }

    /// Expects the latest prediction to go on from the newest sample at `velocity` (points per second) in a straight
    /// line, in full.
    private func expectPrediction(of view: SamplingView, along velocity: Vector) throws {
        let newest = try #require(view.coalesced.last?.last)
        let predicted = try #require(view.predicted.last)
        #expect(predicted.count == GestureDefaults.predictionSteps)
        for sample in predicted {
            let ahead = (sample.timestamp - newest.timestamp).seconds
            #expect(abs(sample.locationInWindow.x - (newest.locationInWindow.x + velocity.dx * ahead)) < 0.5, "\(sample)")
            #expect(abs(sample.locationInWindow.y - (newest.locationInWindow.y + velocity.dy * ahead)) < 0.5, "\(sample)")
        }
    }

    @Test func aTouchThatHasComeOutOfATurnIsPredictedAlongItsNewDirection() throws {
        let (window, view) = stage()
        // Down and right at (5, 5) pt a sample (849 pt/s at 120 Hz), a zigzag's sharp turn at (135, 335), then four
        // samples up and right at (5, -5): the turn is seen, so the run after it is predicted on its own, not bent
        // by the samples before the turn that are still in the fit window (50 ms).
        var path = (0..<8).map { Point(x: 100 + Double($0) * 5, y: 300 + Double($0) * 5) }
        path += (1...4).map { Point(x: 135 + Double($0) * 5, y: 335 - Double($0) * 5) }
        drive(window, path)
        try expectPrediction(of: view, along: Vector(dx: 600, dy: -600))
    }

    @Test func aTurnSeenWholeWithinOneSampleIntervalIsPredictedAlongTheMoveAfterIt() throws {
        let (window, view) = stage()
        // Down and right at (5, 5) a sample, then a move of (5, 0) in which the stroke turned (between the old
        // direction and the new), then one move up and right at (5, -5): the turn began and ended before the newest
        // move, which shows where it led.
        var path = (0..<8).map { Point(x: 100 + Double($0) * 5, y: 300 + Double($0) * 5) }
        path += [Point(x: 140, y: 335), Point(x: 145, y: 330)]
        drive(window, path)
        try expectPrediction(of: view, along: Vector(dx: 600, dy: -600))
    }

    @Test func aTouchThatStopsWithinTheNewestIntervalIsNotPredictedPastTheStop() throws {
        let (window, view) = stage()
        // Right at 600 pt/s, then a newest move of 1 pt: the finger stopped soon after the sample before.
        var path = (0..<8).map { Point(x: 100 + Double($0) * 5, y: 300) }
        path.append(Point(x: 136, y: 300))
        drive(window, path)
        #expect(view.predicted.last == [])
        #expect(view.predicted[view.predicted.count - 2].count == GestureDefaults.predictionSteps)
    }

    @Test func tooFewSamplesOrAFinishedTouchPredictNothing() throws {
        let (window, view) = stage()
        drive(window, [Point(x: 100, y: 100), Point(x: 110, y: 100)])
        #expect(view.predicted.allSatisfy { $0.isEmpty })
        drive(window, (0..<8).map { Point(x: 100 + Double($0) * 5, y: 100) })
        window.handle([TouchInput(contact: 1, .ended())], at: Timestamp(milliseconds: 80))
        #expect(view.predicted.last == [])
    }

    @Test func touchesBeyondTheMostAtOnceAreIgnoredAndCountedAndNothingSticks() throws {
        let (window, view) = stage()
        let count = GestureDefaults.maximumSimultaneousTouches + 8
        window.handle((0..<count).map { TouchInput(contact: $0, .began(Point(x: Double($0) * 10, y: 50))) },
                      at: Timestamp(milliseconds: 0))
        #expect(window.activeTouches.count == GestureDefaults.maximumSimultaneousTouches)
        #expect(window.ignoredTouchDowns == 8)
        window.handle((0..<count).map { TouchInput(contact: $0, .moved(Point(x: Double($0) * 10, y: 60))) },
                      at: Timestamp(milliseconds: 8))
        window.handle((0..<count).map { TouchInput(contact: $0, .ended()) }, at: Timestamp(milliseconds: 16))
        #expect(window.activeTouches.isEmpty)
        #expect(view.phases.count == GestureDefaults.maximumSimultaneousTouches)
        #expect(view.phases.values.allSatisfy { $0 == [.began, .moved, .ended] })
    }

    @Test func tenThousandTouchIDsEachBeginAndEndExactlyOnce() throws {
        let (window, view) = stage()
        for id in 0..<10_000 {
            let t = Double(id) * 2
            window.handle([TouchInput(contact: id, .began(Point(x: Double(id % 1000), y: 100)))], at: Timestamp(milliseconds: t))
            window.handle([TouchInput(contact: id, .ended())], at: Timestamp(milliseconds: t + 1))
        }
        #expect(view.phases.count == 10_000)
        #expect(view.phases.values.allSatisfy { $0 == [.began, .ended] })
        #expect(window.activeTouches.isEmpty)
    }
}
