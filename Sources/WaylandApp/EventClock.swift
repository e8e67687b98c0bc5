// Puts the compositor's event times on the session's clock.
import Geometry
import SeatInput

/// Maps the times a compositor stamps its input events with onto `CLOCK_MONOTONIC`, never going backwards.
///
/// Wayland times are milliseconds "with an undefined base": weston and wlroots use the monotonic clock cut to 32
/// bits, a headless compositor may play virtual time, and events without a time of their own (`wl_pointer.enter`)
/// carry whatever the client last saw. The clock keeps the compositor's spacing between events — what velocities
/// need — by an offset learned from the first event, and learns it again when the mapped time strays more than
/// ``tolerance`` before the real clock (a wrap of the 32 bits, a compositor restarting its count) or lies after it
/// at all: an event cannot have happened after it arrived, so an offset learned from an event read late (the program
/// busy starting) is lowered by the first event read in time, and never puts later events — and the timers set from
/// them — ahead of the real clock. Mapped times never decrease, so the core sees time only move forward.
struct EventClock {
    /// How far a mapped time may lie before the real clock before the offset is learned again.
    static let tolerance = Duration.seconds(1)
    /// ``tolerance`` in seconds, converted once (a `Duration`'s seconds cost a 128-bit division).
    static let toleranceSeconds = tolerance.seconds

    private var offset: Duration?
    private var latest = Timestamp(seconds: -.infinity)

    /// The session time of an event the compositor stamped `time`, received at `now`.
    mutating func time(of time: Timestamp, receivedAt now: Timestamp) -> Timestamp {
        if let offset {
            let mapped = time + offset
            let lateness = (now - mapped).seconds
            if lateness >= 0, lateness <= Self.toleranceSeconds { return advance(to: mapped) }
        }
        offset = now - time
        return advance(to: now)
    }

    /// The session time of a seat event received at `now`.
    ///
    /// `wl_touch.cancel`, `wl_pointer.enter` and `wl_pointer.leave` carry no time of their own (the client gives
    /// them the latest event's): each happened when it came, so that timers due by then fire before it — a finger
    /// held 700 ms before the compositor took it began a long press, even when the program was too busy to see its
    /// timer and the cancel apart.
    mutating func time(of event: SeatEvent, receivedAt now: Timestamp) -> Timestamp {
        switch event.kind {
        case .touchCancel, .pointerEnter, .pointerLeave: time(at: now)
        default: time(of: event.time, receivedAt: now)
        }
    }

    /// The session time of something that happens at `now` (a timer firing).
    mutating func time(at now: Timestamp) -> Timestamp {
        advance(to: now)
    }

    private mutating func advance(to time: Timestamp) -> Timestamp {
        latest = max(latest, time)
        return latest
    }
}
