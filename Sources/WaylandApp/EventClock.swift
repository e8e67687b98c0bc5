// Puts the compositor's event times on the session's clock.

/// Maps the times a compositor stamps its input events with onto `CLOCK_MONOTONIC` milliseconds, never going
/// backwards.
///
/// Wayland times are milliseconds "with an undefined base": weston and wlroots use the monotonic clock cut to 32
/// bits, a headless compositor may play virtual time, and events without a time of their own (`wl_pointer.enter`)
/// carry whatever the client last saw. The clock keeps the compositor's spacing between events — what velocities
/// need — by an offset learned from the first event, and learns it again when the mapped time strays more than
/// ``tolerance`` from the real clock (a wrap of the 32 bits, a compositor restarting its count, virtual time running
/// ahead). Mapped times never decrease, so the core sees time only move forward.
struct EventClock {
    /// How far a mapped time may stray from the real clock before the offset is learned again.
    static let tolerance = 1000.0

    private var offset: Double?
    private var latest = -Double.infinity

    /// The session time of an event the compositor stamped `time`, received at `now`.
    mutating func time(of time: Double, receivedAt now: Double) -> Double {
        var mapped = offset.map { time + $0 } ?? .nan
        if !(abs(mapped - now) <= Self.tolerance) {
            offset = now - time
            mapped = now
        }
        return advance(to: mapped)
    }

    /// The session time of something that happens at `now` (a timer firing).
    mutating func time(at now: Double) -> Double {
        advance(to: now)
    }

    private mutating func advance(to time: Double) -> Double {
        latest = max(latest, time)
        return latest
    }
}
