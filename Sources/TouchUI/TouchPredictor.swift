// Where a touch will be a moment from now: a short straight-line extrapolation that never runs past a stop or a turn.
import FoundationEssentials
import Glibc

extension Touch {
    /// One sample of a touch: where it was, when, and its contact size. ``Event/coalescedTouches(for:)`` and
    /// ``Event/predictedTouches(for:)`` give these.
    ///
    /// Differs from UIKit: UIKit gives coalesced and predicted samples as `UITouch` objects; here they are values.
    public struct Sample: Hashable, Sendable {
        /// Where the touch was (or is predicted to be), in the window's coordinates.
        public var locationInWindow: Point
        /// When.
        public var timestamp: Timestamp
        /// The contact's radius, in points (0 when the source reports none).
        public var majorRadius: Double
        /// A pen's pressure and angles at the sample (angles in the window's coordinates); `nil` for a touch that
        /// is not a pen.
        public var pen: PenAttributes?

        /// A sample at a place in the window's coordinates at a time.
        public init(locationInWindow: Point, timestamp: Timestamp, majorRadius: Double = 0, pen: PenAttributes? = nil) {
            self.locationInWindow = locationInWindow
            self.timestamp = timestamp
            self.majorRadius = majorRadius
            self.pen = pen
        }

        /// The sample's location in a view's coordinates, or in the window's when `view` is `nil`.
        public func location(in view: View?) -> Point {
            view?.convert(locationInWindow, from: nil) ?? locationInWindow
        }

        /// Where a path of samples (oldest first, starting with the touch's newest real sample) is at `time`: the
        /// samples up to it, then the point between the two around it. The whole path when `time` is past its
        /// end; just the first sample when `time` is before the second.
        public static func interpolated(_ path: [Sample], at time: Timestamp) -> [Point] {
            guard let first = path.first else { return [] }
            // Room for the whole path at once: one allocation, where growing from one point took three (issue #22).
            var points: [Point] = []
            points.reserveCapacity(path.count)
            points.append(first.locationInWindow)
            for (previous, next) in zip(path, path.dropFirst()) {
                if next.timestamp <= time {
                    points.append(next.locationInWindow)
                    continue
                }
                let span = (next.timestamp - previous.timestamp).seconds
                guard span > 0, time > previous.timestamp else { break }
                let fraction = (time - previous.timestamp).seconds / span
                let a = previous.locationInWindow, b = next.locationInWindow
                points.append(Point(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction))
                break
            }
            return points
        }
    }
}

/// Predicts where a touch will be within ``GestureDefaults/predictionHorizon`` (at most one frame) of its newest
/// sample, from the samples of the last ``GestureDefaults/predictionFitWindow`` that belong to the touch's current
/// run (``currentRun(of:)``: back to where it last rested or turned).
///
/// The velocity is the slope at the newest sample of a least-squares parabola through those samples
/// (``VelocityTracker`` with the quadratic strategy, which follows a change of speed within the window); the prediction
/// continues along it in a straight line. It predicts nothing:
/// - when the touch is slowing to a stop (slower than ``GestureDefaults/predictionMinimumSpeed``);
/// - when the newest move turns away from the fitted direction by more than ``GestureDefaults/predictionMaximumTurn``
///   (a turn it has not seen the end of);
/// - when the newest move is slower than ``GestureDefaults/predictionStopSpeedRatio`` of the one before (a stop it has
///   seen);
/// - from fewer than three samples of the run, except after a turn seen whole within one interval
///   (``isTurnSeenWhole(in:)``).
///
/// While the touch decelerates, the prediction stops where constant deceleration would stop it. A prediction is
/// recomputed at every delivery and never stored. See `docs/gestures.md`, "Predicted touches".
enum TouchPredictor {
    /// The predicted samples after the newest of `samples` (oldest first, window coordinates), at
    /// ``GestureDefaults/predictionSteps`` even steps up to the horizon; empty when it predicts nothing.
    static func predict(from samples: [VelocityTracker.Sample], majorRadius: Double = 0) -> [Touch.Sample] {
        guard let newest = samples.last else { return [] }
        let windowStart = newest.time.seconds - DefaultSeconds.predictionFitWindow
        let inWindow = samples.filter { $0.time.seconds >= windowStart - 1e-9 }
        let recent = currentRun(of: inWindow)
        if recent.count == 2, isTurnSeenWhole(in: inWindow) {
            // The newest move is the run after a turn that began and ended within the interval before it.
            let span = recent[1].time.seconds - recent[0].time.seconds
            let velocity = Vector(dx: (recent[1].position.x - recent[0].position.x) / span,
                                  dy: (recent[1].position.y - recent[0].position.y) / span)
            return path(from: newest, velocity: velocity, deceleration: 0,
                        horizon: DefaultSeconds.predictionHorizon, majorRadius: majorRadius)
        }
        guard recent.count >= 3 else { return [] }
        // A sudden stop seen: the newest move is less than half as fast as the one before it.
        if speed(ofMoveInto: recent.count - 1, in: recent) < speed(ofMoveInto: recent.count - 2, in: recent)
            * GestureDefaults.predictionStopSpeedRatio {
            return []
        }
        var tracker = VelocityTracker(strategy: .quadratic, capacity: recent.count)
        for sample in recent { tracker.addSample(sample.position, at: sample.time) }
        let velocity = tracker.velocity(at: newest.time)
        let speed = velocity.length
        guard speed >= GestureDefaults.predictionMinimumSpeed else { return [] }

        // A turn under way: the newest move leaves the fitted line.
        let previous = recent[recent.count - 2]
        let lastMove = Vector(dx: newest.position.x - previous.position.x, dy: newest.position.y - previous.position.y)
        if lastMove.length > 0 {
            let cosine = (lastMove.dx * velocity.dx + lastMove.dy * velocity.dy) / (lastMove.length * speed)
            guard cosine >= cos(GestureDefaults.predictionMaximumTurn) else { return [] }
        }

        // Slowing down: the speed over the older half against the newer half gives a deceleration; the
        // prediction ends where it would stop the touch.
        let middle = recent.count / 2
        var horizon = DefaultSeconds.predictionHorizon
        var deceleration = 0.0
        let older = recent[..<max(middle + 1, 2)]
        if older.count >= 2, let first = older.first, let last = older.last, last.time.seconds > first.time.seconds {
            var olderTracker = VelocityTracker(strategy: .quadratic, capacity: older.count)
            for sample in older { olderTracker.addSample(sample.position, at: sample.time) }
            let olderSpeed = olderTracker.velocity(at: last.time).length
            let elapsed = newest.time.seconds - last.time.seconds
            if olderSpeed > speed, elapsed > 0 {
                deceleration = (olderSpeed - speed) / elapsed
                horizon = min(horizon, speed / deceleration)
            }
        }
        return path(from: newest, velocity: velocity, deceleration: deceleration, horizon: horizon,
                    majorRadius: majorRadius)
    }

    /// ``GestureDefaults/predictionSteps`` samples from `newest` along `velocity` (points per second), slowing by
    /// `deceleration` (points per second squared), up to `horizon` seconds ahead.
    private static func path(from newest: VelocityTracker.Sample, velocity: Vector, deceleration: Double,
                             horizon: Double, majorRadius: Double) -> [Touch.Sample] {
        let speed = velocity.length
        guard speed > 0 else { return [] }
        let direction = Vector(dx: velocity.dx / speed, dy: velocity.dy / speed)
        let steps = GestureDefaults.predictionSteps
        return (1...steps).map { step in
            let t = horizon * Double(step) / Double(steps)
            let distance = speed * t - deceleration * t * t / 2
            return Touch.Sample(
                locationInWindow: Point(x: newest.position.x + direction.dx * distance, y: newest.position.y + direction.dy * distance),
                timestamp: Timestamp(seconds: newest.time.seconds + t), majorRadius: majorRadius)
        }
    }

    /// The samples of the touch's current run: the newest ones back to where it last rested or turned, that is,
    /// the sample before the oldest move of the newest run of moves each faster than
    /// ``GestureDefaults/predictionMinimumSpeed`` and within ``GestureDefaults/predictionMaximumTurn`` of the
    /// newest move. A stop or a sharp turn the touch has come out of is not fitted with the run after it: fitting
    /// across it bends the fit and suppresses or misdirects the prediction for a frame or two after it.
    static func currentRun(of samples: [VelocityTracker.Sample]) -> [VelocityTracker.Sample] {
        guard samples.count >= 2 else { return samples }
        func move(into index: Int) -> (vector: Vector, speed: Double) {
            let a = samples[index - 1], b = samples[index]
            let vector = Vector(dx: b.position.x - a.position.x, dy: b.position.y - a.position.y)
            let span = b.time.seconds - a.time.seconds
            return (vector, span > 0 ? vector.length / span : 0)
        }
        let newest = move(into: samples.count - 1)
        guard newest.speed >= GestureDefaults.predictionMinimumSpeed else { return Array(samples.suffix(2)) }
        let minimumCosine = cos(GestureDefaults.predictionMaximumTurn)
        var start = samples.count - 2
        while start > 0 {
            let earlier = move(into: start)
            let cosine = (earlier.vector.dx * newest.vector.dx + earlier.vector.dy * newest.vector.dy)
                / max(earlier.vector.length * newest.vector.length, .leastNonzeroMagnitude)
            guard earlier.speed >= GestureDefaults.predictionMinimumSpeed, cosine >= minimumCosine else { break }
            start -= 1
        }
        return Array(samples[start...])
    }

    /// The speed, in points per second, of the move into `samples[index]` from the sample before it.
    private static func speed(ofMoveInto index: Int, in samples: [VelocityTracker.Sample]) -> Double {
        let a = samples[index - 1], b = samples[index]
        let span = b.time.seconds - a.time.seconds
        return span > 0 ? hypot(b.position.x - a.position.x, b.position.y - a.position.y) / span : 0
    }

    /// Whether a sharp turn began and ended between the third and second newest samples: the move between them
    /// is more than ``GestureDefaults/predictionMaximumTurn`` off both the move before it and the newest move, and
    /// lies between their directions, every move faster than ``GestureDefaults/predictionMinimumSpeed``. The
    /// newest move then shows where the turn led: a turn seen whole. (A turn first seen in the newest move is not:
    /// the move before it still goes the old way.)
    static func isTurnSeenWhole(in samples: [VelocityTracker.Sample]) -> Bool {
        guard samples.count >= 4 else { return false }
        let n = samples.count
        func move(into index: Int) -> Vector {
            Vector(dx: samples[index].position.x - samples[index - 1].position.x,
                   dy: samples[index].position.y - samples[index - 1].position.y)
        }
        let before = move(into: n - 3), turn = move(into: n - 2), after = move(into: n - 1)
        guard (n - 3...n - 1).allSatisfy({ speed(ofMoveInto: $0, in: samples) >= GestureDefaults.predictionMinimumSpeed })
        else { return false }
        func cross(_ u: Vector, _ v: Vector) -> Double { u.dx * v.dy - u.dy * v.dx }
        func cosine(_ u: Vector, _ v: Vector) -> Double { (u.dx * v.dx + u.dy * v.dy) / (u.length * v.length) }
        let limit = cos(GestureDefaults.predictionMaximumTurn)
        guard cosine(before, turn) < limit, cosine(turn, after) < limit else { return false }
        let whole = cross(before, after)
        return whole != 0 && cross(before, turn) * whole > 0 && cross(turn, after) * whole > 0
    }
}
