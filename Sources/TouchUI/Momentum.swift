// A flick's glide after the fingers lift: UIScrollView's deceleration, as a value computed from time.
import FoundationEssentials
import Glibc

/// How quickly a glide slows down: the share of its velocity kept after each millisecond, as UIScrollView's
/// `decelerationRate`.
public struct DecelerationRate: Hashable, Sendable {
    /// The velocity kept after one millisecond, from 0 (stops at once) to below 1.
    public var perMillisecond: Double

    /// A rate; values outside 0...0.9999 are clamped, and a non-finite one is ``normal``.
    public init(perMillisecond: Double) {
        self.perMillisecond = perMillisecond.isFinite ? min(max(perMillisecond, 0), 0.9999) : 0.998
    }

    /// UIScrollView's normal rate, 0.998: a flick at 1 000 pt/s glides about 500 pt.
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// UIScrollView's fast rate, 0.99: a flick at 1 000 pt/s glides about 100 pt.
    public static let fast = DecelerationRate(perMillisecond: 0.99)
}

/// The glide of a content that was flicked: starts at a velocity and slows down exponentially at a
/// ``DecelerationRate`` until it is slower than ``stoppingSpeed``, as UIScrollView's deceleration does. A value:
/// ask it where the content is at a time (``offset(at:)``); a touch that comes down simply stops asking.
///
/// The velocity after `t` ms is `v₀ · rateᵗ`, so the offset is `v₀ · (rateᵗ − 1) / ln(rate)` (per millisecond) and
/// the whole glide `v₀ · rate / (1 − rate)` when rounded as Apple's `project(initialVelocity:decelerationRate:)`.
///
///     let glide = Momentum(velocity: pan.velocity(in: view), at: now)
///     // each frame, until glide.isFinished(at: time):
///     content.offset = start + glide.offset(at: time)
public struct Momentum: Hashable, Sendable {
    /// The speed, in points per second, below which a glide stops: a twentieth of a point per frame at 60 Hz.
    public static let stoppingSpeed = 3.0
    /// A flick slower than this (points per second) does not glide at all, as a finger that stops before lifting.
    public static let minimumSpeed = 50.0
    /// Velocities are clamped to this speed (points per second): a sample glitch must not throw the content away.
    public static let maximumSpeed = 12_000.0

    /// The velocity when the glide started, in points per second.
    public let velocity: Vector
    /// How quickly it slows down.
    public let rate: DecelerationRate
    /// When it started.
    public let start: Timestamp
    /// How long it lasts until its speed falls below ``stoppingSpeed``.
    public let duration: Duration

    /// A glide from a velocity (points per second; a flick slower than ``minimumSpeed`` does not glide, a
    /// non-finite one neither) starting at `start`.
    public init(velocity: Vector, rate: DecelerationRate = .normal, at start: Timestamp) {
        // The length without overflow: 1e300 pt/s is a (broken) finite speed, clamped below like any other.
        let largest = max(abs(velocity.dx), abs(velocity.dy))
        let speed = largest > 0 && largest.isFinite
            ? largest * ((velocity.dx / largest) * (velocity.dx / largest) + (velocity.dy / largest) * (velocity.dy / largest)).squareRoot()
            : largest
        let isGlide = speed.isFinite && speed >= Self.minimumSpeed && rate.perMillisecond > 0
        let scale = isGlide ? min(1, Self.maximumSpeed / speed) : 0
        self.velocity = Vector(dx: velocity.dx * scale, dy: velocity.dy * scale)
        self.rate = rate
        self.start = start
        if isGlide {
            // speed · rateᵗ = stoppingSpeed  ⇒  t = ln(stoppingSpeed / speed) / ln(rate)
            let milliseconds = log(Self.stoppingSpeed / (speed * scale)) / log(rate.perMillisecond)
            duration = .milliseconds(max(milliseconds, 0).rounded(.up))
        } else {
            duration = .zero
        }
    }

    /// Whether the glide moves at all.
    public var isGliding: Bool { duration > .zero }

    /// When the glide stops.
    public var end: Timestamp { start + duration }

    /// Whether the glide has stopped by `time`.
    public func isFinished(at time: Timestamp) -> Bool { time >= end }

    /// How far the content has glided from where it was at ``start``, in points, at `time` (clamped to the glide).
    public func offset(at time: Timestamp) -> Vector {
        let milliseconds = Self.milliseconds(from: start, to: min(max(time, start), end))
        let k = rate.perMillisecond
        guard isGliding, milliseconds > 0 else { return .zero }
        // ∫₀ᵗ v₀·kˢ ds with v₀ in points per millisecond.
        let factor = (pow(k, milliseconds) - 1) / log(k) / 1000
        return Vector(dx: velocity.dx * factor, dy: velocity.dy * factor)
    }

    /// The whole distance the glide covers, in points.
    public var distance: Vector { offset(at: end) }

    /// The velocity at `time`, in points per second: zero once the glide has stopped.
    public func velocity(at time: Timestamp) -> Vector {
        guard isGliding, !isFinished(at: time) else { return .zero }
        let factor = pow(rate.perMillisecond, Self.milliseconds(from: start, to: max(time, start)))
        return Vector(dx: velocity.dx * factor, dy: velocity.dy * factor)
    }

    private static func milliseconds(from start: Timestamp, to time: Timestamp) -> Double {
        time.milliseconds - start.milliseconds
    }
}
