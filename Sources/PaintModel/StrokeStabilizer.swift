// Stabilizing ("streamline"): the line drawn trails the hand, pulled toward it, so that a shaky hand draws a steady
// line. Plain values in, points out; no input system, no drawing (docs/brushes.md, "Stabilizer").
import Geometry
import Glibc

/// Where a stroke's line goes for each sample of the hand: toward the sample by a part that grows with the time
/// since the one before, so that jitter faster than the time constant averages out while the line follows a slow
/// hand closely. Off (strength 0) it is the samples themselves.
///
/// The first sample is drawn where it is, so the ink starts under the finger at once, and every point lies within
/// the bounds of the samples so far. The pull is by time rather than by sample, so a hand sampled at 60 Hz or at
/// 240 Hz draws nearly the same line. At the lift the stroke ends at the last sample, as any stroke does
/// (the canvas view appends it).
public struct StrokeStabilizer: Sendable {
    /// The strongest setting: the line trails the hand by up to ``longestTimeConstant``.
    public static let strongest = 1.0
    /// The time constant at full strength, in seconds: how long the line takes to cover 63 % of a jump.
    public static let longestTimeConstant = 0.25
    /// The time taken for a sample without one, or with one before the last's: a 120 Hz sample.
    static let nominalInterval = 1.0 / 120

    /// From 0 (off) to ``strongest``.
    public let strength: Double
    /// Where the line is, the sample it was pulled toward last, and when.
    private var last: (point: Point, sample: Point, time: Double?)?

    /// A stabilizer of `strength`, kept within 0…``strongest`` (a value that is not a number is off).
    public init(strength: Double) {
        self.strength = strength.isNaN ? 0 : min(max(strength, 0), Self.strongest)
    }

    /// Whether it changes nothing: the line is the samples.
    public var isOff: Bool { strength == 0 }

    /// The point the line goes to for a sample at `location` (at `time`, when known). A sample whose place is not
    /// finite leaves the line where it is.
    ///
    /// The line follows the hand as a weight on a spring would, the hand taken to move straight and steadily from
    /// one sample to the next: over the interval `h` since the last sample, with the time constant `τ`, the gap
    /// between the line and the hand shrinks by `e^(-h/τ)`, less what the hand moved on meanwhile.
    public mutating func point(for location: Point, at time: Timestamp? = nil) -> Point {
        let seconds = time.map(\.seconds).flatMap { $0.isFinite ? $0 : nil }
        guard location.x.isFinite, location.y.isFinite else { return last?.point ?? location }
        guard let previous = last, !isOff else {
            last = (location, location, seconds)
            return location
        }
        var interval = Self.nominalInterval
        if let seconds, let before = previous.time, seconds >= before { interval = min(seconds - before, 1) }
        let constant = strength * Self.longestTimeConstant
        guard interval >= 1e-4 else {
            // No time to move: the line stays, pulled toward this sample from now on.
            last = (previous.point, location, seconds ?? previous.time)
            return previous.point
        }
        let decay = exp(-interval / constant)
        func pulled(_ line: Double, from sample: Double, to next: Double) -> Double {
            let lead = (next - sample) / interval * constant
            return next + (line - sample + lead) * decay - lead
        }
        let point = Point(x: pulled(previous.point.x, from: previous.sample.x, to: location.x),
                          y: pulled(previous.point.y, from: previous.sample.y, to: location.y))
        // Places so far apart that the arithmetic leaves the numbers: the line starts again at the sample.
        guard point.x.isFinite, point.y.isFinite else {
            last = (location, location, seconds ?? previous.time)
            return location
        }
        last = (point, location, seconds ?? previous.time)
        return point
    }
}
