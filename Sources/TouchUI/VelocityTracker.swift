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

    /// Adds the position at a time. A sample older than the newest one is ignored.
    public mutating func addSample(_ position: Point, at time: Timestamp) {
        guard position.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        samples.append(Sample(position: position, time: time))
        let horizonStart = time.seconds - GestureDefaults.velocityHorizon.seconds
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
        let rest = GestureDefaults.velocityRestTime.seconds + 1e-6
        if time.seconds - newest.time.seconds > rest { return .zero }
        if newest.time.seconds - samples[samples.count - 2].time.seconds > rest { return .zero }
        let horizonStart = newest.time.seconds - GestureDefaults.velocityHorizon.seconds
        let recent = samples.filter { $0.time.seconds >= horizonStart }
        guard recent.count >= GestureDefaults.velocityMinimumSamples else { return .zero }
        // Times relative to the newest sample, so the slope at t = 0 is the velocity now.
        let times = recent.map { $0.time.seconds - newest.time.seconds }
        let dx = Self.slope(times: times, values: recent.map(\.position.x), strategy: strategy)
        let dy = Self.slope(times: times, values: recent.map(\.position.y), strategy: strategy)
        return Vector(dx: dx, dy: dy)
    }

    /// The slope at t = 0 of the least-squares curve through (times, values); zero when the times do not spread.
    static func slope(times: [Double], values: [Double], strategy: Strategy) -> Double {
        if strategy == .quadratic, times.count >= 3, let slope = quadraticSlope(times: times, values: values) {
            return slope
        }
        return linearSlope(times: times, values: values)
    }

    private static func linearSlope(times: [Double], values: [Double]) -> Double {
        let n = Double(times.count)
        let meanT = times.reduce(0, +) / n
        let meanV = values.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (t, v) in zip(times, values) {
            covariance += (t - meanT) * (v - meanV)
            variance += (t - meanT) * (t - meanT)
        }
        guard variance > 1e-12 else { return 0 }
        return covariance / variance
    }

    /// Fits v = a + b·t + c·t² by the normal equations (Cramer's rule) and returns b; `nil` when they are singular.
    private static func quadraticSlope(times: [Double], values: [Double]) -> Double? {
        var s = [Double](repeating: 0, count: 5)  // Σ t^k, k = 0…4
        var r = [Double](repeating: 0, count: 3)  // Σ v·t^k, k = 0…2
        for (t, v) in zip(times, values) {
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += v * power }
                power *= t
            }
        }
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = det(matrix)
        // Times are in seconds over at most 0.1 s, so the determinant is tiny; compare it to its scale.
        guard abs(d) > 1e-18 * max(1, s[0] * s[2] * s[4]) else { return nil }
        var withB = matrix
        for row in 0..<3 { withB[row][1] = r[row] }
        return det(withB) / d
    }
}
