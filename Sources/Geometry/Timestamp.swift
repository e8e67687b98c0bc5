// Time: timestamps from the input source and durations between them, for every module.

/// A moment on the input source's clock, in seconds since an arbitrary origin.
///
/// Wayland event times and trace times are milliseconds; they become timestamps once, where they are read, with
/// ``milliseconds(_:)``. The core never reads a wall clock: time moves only when input or the owner of a
/// ``TimerQueue`` says so.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since the clock's origin.
    public var seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }

    public init(milliseconds: Double) {
        self.seconds = milliseconds / 1000
    }

    public static let zero = Timestamp(seconds: 0)

    /// The moment `milliseconds` after the clock's origin: how Wayland event times and trace times are written.
    public static func milliseconds(_ milliseconds: Double) -> Timestamp { Timestamp(milliseconds: milliseconds) }

    /// Milliseconds since the clock's origin.
    public var milliseconds: Double { seconds * 1000 }

    public var description: String { "\(milliseconds) ms" }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.seconds < rhs.seconds }

    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp { Timestamp(seconds: lhs.seconds + rhs.seconds) }

    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration { .seconds(lhs.seconds - rhs.seconds) }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (whole, attoseconds) = components
        // Dividing by 1e18 (exact in a Double) rounds correctly; multiplying by 1e-18 (inexact) made 0.3 s read
        // 0.30000000000000004 s.
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
