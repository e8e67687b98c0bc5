// A timer polled by the event loop: a timerfd on CLOCK_MONOTONIC.
import Geometry
import CShims
import Glibc

/// A one-shot or repeating timer that fires on the display's event-loop thread.
///
/// Backed by a `timerfd` on `CLOCK_MONOTONIC`, the clock of Wayland input event times, so a program can fire its
/// gesture deadlines (an event's time plus a delay) with ``schedule(at:)``. The timer stops when it is
/// released. It does not keep the display alive.
public final class EventTimer: EventSource {
    /// Weak: the display's own objects (key repeat) have timers too, and must not keep it alive.
    private weak var display: Display?
    private let fd: Int32
    private let handler: () -> Void
    /// What the timer is armed for. Asking for the same time again, or stopping a stopped timer, costs no system
    /// call: the painting program asks after every input event.
    private enum Armed: Equatable {
        case stopped
        /// Once, at this time in nanoseconds on CLOCK_MONOTONIC.
        case at(Int64)
        /// After a delay, and again at intervals when `repeats`.
        case relative(repeats: Bool)
    }
    private var armed = Armed.stopped

    /// A stopped timer on `display` that calls `handler` each time it fires.
    public init(display: Display, handler: @escaping () -> Void) throws(WaylandError) {
        self.display = display
        self.handler = handler
        fd = try checkedSystemCall("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        }
        display.register(self, fd: fd)
    }

    deinit {
        display?.unregister(fd: fd)
        close(fd)
    }

    /// Fires after `delay`, then every `interval` when one is given. Replaces any earlier schedule.
    public func schedule(after delay: Duration, repeating interval: Duration? = nil) {
        // A zero it_value would disarm the timer.
        let first = max(delay, .nanoseconds(1))
        var spec = itimerspec(it_interval: Self.timespec(interval ?? .zero), it_value: Self.timespec(first))
        timerfd_settime(fd, 0, &spec, nil)
        armed = .relative(repeats: interval.map { $0 > .zero } ?? false)
    }

    /// Fires once at a CLOCK_MONOTONIC time in milliseconds (the scale of ``SeatEvent`` times from Wayland).
    /// A time that is not finite fires at once; one past the clock's range, never before then.
    public func schedule(at time: Timestamp) {
        let nanoseconds = Self.nanoseconds(time)
        guard armed != .at(nanoseconds) else { return }
        arm(at: nanoseconds)
    }

    /// Fires once at `time` or earlier: a timer armed for an earlier time that has not fired yet stays armed for
    /// it, and costs no system call. For a handler that asks again for its next time when it fires, as a program's
    /// deadlines do: the painting program's rest deadline moves on at every frame (issue #22: a `timerfd_settime`
    /// a frame), and it is enough to wake for it once, early, and be armed again then.
    public func schedule(atOrBefore time: Timestamp) {
        let nanoseconds = Self.nanoseconds(time)
        if case .at(let armedAt) = armed, armedAt <= nanoseconds { return }
        arm(at: nanoseconds)
    }

    /// A time in nanoseconds on CLOCK_MONOTONIC: one not finite fires at once, one past the clock's range never.
    private static func nanoseconds(_ time: Timestamp) -> Int64 {
        let exact = time.seconds * 1_000_000_000
        return exact.isNaN ? 1 : max(Int64(exactly: exact.rounded(.down)) ?? (exact > 0 ? Int64.max : 1), 1)
    }

    private func arm(at nanoseconds: Int64) {
        let value = Glibc.timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var spec = itimerspec(it_interval: Glibc.timespec(), it_value: value)
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
        armed = .at(nanoseconds)
    }

    /// Stops the timer.
    public func cancel() {
        guard armed != .stopped else { return }
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
        armed = .stopped
    }

    func readable() {
        var count: UInt64 = 0
        // Nothing to read means a cancel raced the poll: the timer did not fire.
        guard read(fd, &count, 8) == 8 else { return }
        if armed != .relative(repeats: true) { armed = .stopped }
        handler()
    }

    private static func timespec(_ duration: Duration) -> Glibc.timespec {
        let (seconds, attoseconds) = duration.components
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    }
}
