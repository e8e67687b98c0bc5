// Velocity from recent samples: a least-squares fit over a short horizon, zero once the finger rests.

/// Estimates how fast a position changes, in units per second, from timestamped samples.
///
/// The estimate is the slope, at the newest sample, of a least-squares fit through the samples of the last
/// ``GestureDefaults/velocityHorizon`` (100 ms): a line, or a parabola like Flutter's `VelocityTracker`. It is
/// zero when the finger has rested: when the newest sample is more than ``GestureDefaults/velocityRestTime``
/// (40 ms) older than the time asked about, or when the last two samples are more than that apart (the finger
/// stopped, then moved again once). It is zero with fewer than two samples.
///
/// Positions are points for a pan (points per second); pinch and rotation track their scale or angle in `x`.
/// Differs from UIKit: UIKit does not document how it estimates velocity; this follows Flutter.
public struct VelocityTracker: Sendable {
    /// The curve fitted through the samples.
    public enum Strategy: Hashable, Sendable {
        /// A straight line: steady, the default.
        case linear
        /// A parabola (Flutter's default degree): follows acceleration, noisier; a line with fewer than three
        /// samples.
        case quadratic
    }

    /// One position at one time.
    public struct Sample: Hashable, Sendable {
        /// Where the touch was.
        public var position: Point
        /// When it was there.
        public var time: Timestamp

        /// A sample of `position` at `time`.
        public init(position: Point, time: Timestamp) {
            self.position = position
            self.time = time
        }
    }

    /// The curve fitted through the samples.
    public var strategy: Strategy
    /// The samples within the horizon of the newest one, oldest first.
    public private(set) var samples: [Sample] = []

    /// An empty tracker fitting `strategy`'s curve.
    public init(strategy: Strategy = .linear) {
        self.strategy = strategy
    }

    /// An empty tracker with room for `capacity` samples: one allocation where adding them one by one grew the
    /// storage three or four times (the predictor fits every touch at every frame, issue #22).
    init(strategy: Strategy, capacity: Int) {
        self.strategy = strategy
        samples.reserveCapacity(capacity)
    }

    /// Adds the position at a time. A sample older than the newest one is ignored.
    public mutating func addSample(_ position: Point, at time: Timestamp) {
        guard position.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        samples.append(Sample(position: position, time: time))
        let horizonStart = time.seconds - DefaultSeconds.velocityHorizon
        // The last two samples are kept whatever their age: the rest test needs the gap between them.
        while samples.count > 2, samples[0].time.seconds < horizonStart { samples.removeFirst() }
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples = []
    }

    /// The velocity at `time` (normally now), in units per second; zero when the finger has rested.
    public func velocity(at time: Timestamp) -> Vector {
        guard let newest = samples.last, samples.count >= GestureDefaults.velocityMinimumSamples else { return .zero }
        // A microsecond of slack, as the timers have: times are seconds in a Double.
        let rest = DefaultSeconds.velocityRestTime + 1e-6
        if time.seconds - newest.time.seconds > rest { return .zero }
        if newest.time.seconds - samples[samples.count - 2].time.seconds > rest { return .zero }
        let horizonStart = newest.time.seconds - DefaultSeconds.velocityHorizon
        // The samples within the horizon are the newest ones: a suffix, fitted where it lies (no array is made:
        // a painting program predicts every touch at every frame, issue #22).
        let first = samples.lastIndex { $0.time.seconds < horizonStart }.map { $0 + 1 } ?? 0
        let recent = samples[first...]
        guard recent.count >= GestureDefaults.velocityMinimumSamples else { return .zero }
        // Times relative to the newest sample, so the slope at t = 0 is the velocity now.
        let dx = Self.slope(of: recent, at: newest.time.seconds, along: .x, strategy: strategy)
        let dy = Self.slope(of: recent, at: newest.time.seconds, along: .y, strategy: strategy)
        return Vector(dx: dx, dy: dy)
    }

    /// One coordinate of a position.
    enum Axis {
        case x, y
        func value(of point: Point) -> Double { self == .x ? point.x : point.y }
    }

    /// The slope at t = 0 of the least-squares curve through the samples' times less `origin` and one coordinate
    /// of their positions; zero when the times do not spread.
    static func slope(of samples: ArraySlice<Sample>, at origin: Double, along axis: Axis,
                      strategy: Strategy) -> Double {
        if strategy == .quadratic, samples.count >= 3,
           let slope = quadraticSlope(of: samples, at: origin, along: axis) {
            return slope
        }
        return linearSlope(of: samples, at: origin, along: axis)
    }

    private static func linearSlope(of samples: ArraySlice<Sample>, at origin: Double,
                                    along axis: Axis) -> Double {
        let n = Double(samples.count)
        var sumT = 0.0, sumV = 0.0
        for sample in samples {
            sumT += sample.time.seconds - origin
            sumV += axis.value(of: sample.position)
        }
        let meanT = sumT / n
        let meanV = sumV / n
        var covariance = 0.0, variance = 0.0
        for sample in samples {
            let t = sample.time.seconds - origin, v = axis.value(of: sample.position)
            covariance += (t - meanT) * (v - meanV)
            variance += (t - meanT) * (t - meanT)
        }
        guard variance > 1e-12 else { return 0 }
        return covariance / variance
    }

    /// Fits v = a + b·t + c·t² by the normal equations (Cramer's rule) and returns b; `nil` when they are singular.
    private static func quadraticSlope(of samples: ArraySlice<Sample>, at origin: Double,
                                       along axis: Axis) -> Double? {
        // Σ t^k, k = 0…4, and Σ v·t^k, k = 0…2.
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, r0 = 0.0, r1 = 0.0, r2 = 0.0
        for sample in samples {
            let t = sample.time.seconds - origin, v = axis.value(of: sample.position)
            var power = 1.0
            s0 += power; r0 += v * power; power *= t
            s1 += power; r1 += v * power; power *= t
            s2 += power; r2 += v * power; power *= t
            s3 += power; power *= t
            s4 += power
        }
        // The determinant of [[a0, b0, c0], [a1, b1, c1], [a2, b2, c2]], by its first row.
        func det(_ a0: Double, _ b0: Double, _ c0: Double, _ a1: Double, _ b1: Double, _ c1: Double,
                 _ a2: Double, _ b2: Double, _ c2: Double) -> Double {
            a0 * (b1 * c2 - c1 * b2) - b0 * (a1 * c2 - c1 * a2) + c0 * (a1 * b2 - b1 * a2)
        }
        let d = det(s0, s1, s2, s1, s2, s3, s2, s3, s4)
        // Times are in seconds over at most 0.1 s, so the determinant is tiny; compare it to its scale.
        guard abs(d) > 1e-18 * max(1, s0 * s2 * s4) else { return nil }
        return det(s0, r0, s2, s1, r1, s3, s2, r2, s4) / d
    }
}
