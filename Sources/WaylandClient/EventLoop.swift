// The event loop: prepare_read, flush, poll the display and timer fds, read, dispatch; then draw what is due.
import Geometry
import CShims
import CWaylandClient
import Glibc

extension Display {
    /// Runs the event loop until `isDone` returns true; it is asked before every iteration.
    ///
    /// - Throws: ``WaylandError/protocolError(interface:objectID:code:)`` or ``WaylandError/connectionLost(errno:)``
    ///   when the connection ends, after ``onDisconnect`` was called.
    public func run(until isDone: () -> Bool) throws(WaylandError) {
        while !isDone() {
            try dispatch(timeout: nil)
        }
    }

    /// Sends a `wl_display.sync` and dispatches events until the compositor answers it.
    public func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(pointer) < 0 { throw connectionFailure() }
    }

    /// Runs one iteration of the event loop: draws the windows that are due, sends what is queued, waits at most
    /// `timeout` (forever when `nil`) for the compositor or a timer, and dispatches what arrived.
    ///
    /// Windows draw at the end of the iteration, after what is already waiting on the socket has been dispatched
    /// too, so the input events of one read, and any that came while it was handled, are painted in one commit.
    public func dispatch(timeout: Duration?) throws(WaylandError) {
        redrawDueWindows()
        while wl_display_prepare_read(pointer) != 0 {
            if wl_display_dispatch_pending(pointer) < 0 { throw connectionFailure() }
        }
        do {
            try flush()
        } catch {
            wl_display_cancel_read(pointer)
            throw error
        }
        // Work a frame committed above need not wait for (its commit is out): while the compositor takes it. Input
        // it handles waits in the socket, read below.
        forEachLiveWindow { window in window.presenter.queuedRequestsSent() }

        // The descriptors and sources live in the display from pass to pass: a pass allocates nothing.
        preparePoll(displayFD: wl_display_get_fd(pointer))
        // Taken out while the pass uses them, so that no second reference makes emptying them copy the storage.
        var fds = pollDescriptors
        pollDescriptors = []
        var sources = polledSources
        polledSources = []
        defer {
            pollDescriptors = fds
            sources.removeAll(keepingCapacity: true)
            polledSources = sources
        }
        do {
            let wait = pollTimeout(timeout)
            try systemCall("poll") {
                if var wait { CShims_ppoll(&fds, nfds_t(fds.count), &wait) } else { CShims_ppoll(&fds, nfds_t(fds.count), nil) }
            }
        } catch {
            wl_display_cancel_read(pointer)
            throw error
        }
        lastWake = MonotonicClock.now

        let displayEvents = Int32(fds[0].revents)
        if displayEvents & Int32(POLLIN) != 0 {
            if wl_display_read_events(pointer) < 0 { throw connectionFailure() }
        } else {
            wl_display_cancel_read(pointer)
            if displayEvents & Int32(POLLHUP | POLLERR) != 0 { throw connectionFailure() }
        }
        if wl_display_dispatch_pending(pointer) < 0 { throw connectionFailure() }

        // A pipe whose writer closed says so with POLLHUP alone: its source reads the end.
        for (index, source) in sources.enumerated() where fds[index + 1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            source.readable()
        }
        let now = MonotonicClock.now
        forEachLiveWindow { window in window.presenter.checkFrameWatchdog(now: now) }
        if containsLiveWindow(where: \.presenter.isDueToDraw) { try dispatchWaitingEvents() }
        redrawDueWindows()
        try flush()
        forEachLiveWindow { window in window.presenter.queuedRequestsSent() }
    }

    /// Reads and dispatches the events already on the socket, without waiting: input that arrived while this
    /// iteration ran goes into the frame about to be drawn instead of the one after it.
    private func dispatchWaitingEvents() throws(WaylandError) {
        while wl_display_prepare_read(pointer) != 0 {
            if wl_display_dispatch_pending(pointer) < 0 { throw connectionFailure() }
        }
        var pfd = pollfd(fd: wl_display_get_fd(pointer), events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 0) > 0, Int32(pfd.revents) & Int32(POLLIN) != 0 {
            if wl_display_read_events(pointer) < 0 { throw connectionFailure() }
        } else {
            wl_display_cancel_read(pointer)
        }
        if wl_display_dispatch_pending(pointer) < 0 { throw connectionFailure() }
    }

    /// Sends every queued request; waits for the socket when its buffer is full (EAGAIN), as libwayland asks.
    func flush() throws(WaylandError) {
        while wl_display_flush(pointer) < 0 {
            let code = errno
            guard code == EAGAIN else {
                if code == EINTR { continue }
                throw connectionFailure()
            }
            var pfd = pollfd(fd: wl_display_get_fd(pointer), events: Int16(POLLOUT), revents: 0)
            try systemCall("poll") { poll(&pfd, 1, -1) }
            if Int32(pfd.revents) & Int32(POLLHUP | POLLERR) != 0 { throw connectionFailure() }
        }
    }

    private func redrawDueWindows() {
        forEachLiveWindow { window in window.presenter.redrawIfDue() }
    }

    /// How long poll waits: the caller's timeout, shortened to the nearest window watchdog or paced draw; `nil`
    /// waits forever. To the nanosecond, since a paced draw aims at a moment a millisecond or two before a vblank.
    private func pollTimeout(_ timeout: Duration?) -> timespec? {
        let now = MonotonicClock.now
        var earliest = timeout.map { now + $0 }
        func consider(_ deadline: Duration?) {
            guard let deadline else { return }
            earliest = earliest.map { min($0, deadline) } ?? deadline
        }
        forEachLiveWindow { window in
            consider(window.presenter.frameWatchdogDeadline)
            consider(window.presenter.pacedDrawTime(now: now))
        }
        guard let earliest else { return nil }
        let remaining = max(earliest - now, .zero)
        let (seconds, attoseconds) = remaining.components
        return timespec(tv_sec: Int(clamping: seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    }
}

/// CLOCK_MONOTONIC, the clock the compositors stamp input events with (in milliseconds).
public enum MonotonicClock {
    /// The time since an arbitrary point (boot), as a duration.
    public static var now: Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return duration(spec)
    }

    /// The time as a timestamp, on the scale of Wayland input event times (milliseconds that wrap at 2^32).
    public static var timestamp: Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return timestamp(spec)
    }

    /// A clock reading as a duration: its components as they are, where `.seconds(_:) + .nanoseconds(_:)`
    /// multiplied and added in 128 bits with overflow checks, several times a pass of the event loop (issue #22).
    /// The same value.
    static func duration(_ spec: timespec) -> Duration {
        Duration(secondsComponent: Int64(spec.tv_sec), attosecondsComponent: Int64(spec.tv_nsec) * 1_000_000_000)
    }

    /// A clock reading in seconds: `duration(spec).seconds` without its 128-bit division into components, the
    /// same sum to the bit.
    static func timestamp(_ spec: timespec) -> Timestamp {
        Timestamp(seconds: Double(spec.tv_sec) + Double(Int64(spec.tv_nsec) * 1_000_000_000) / 1e18)
    }
}
