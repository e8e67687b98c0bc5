// Playing a trace into the client's toplevel: at its own timing by default, in virtual time with --fast.
import Foundation
import CWaylandServer
import Geometry
import Localization
import SeatInput

/// The current time on a monotonic clock, in seconds.
func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Plays trace events into the compositor's toplevel as real `wl_touch`, `wl_pointer` and `wl_keyboard` events.
final class Player {
    /// Timeouts and rates, in seconds.
    enum Timing {
        /// How long the client may take to show its first buffer, unless `--map-timeout` says otherwise.
        static let mapTimeout = 10.0
        /// The longest wait for a commit after input or a frame callback.
        static let commitTimeout = 2.0
        /// A client that sends nothing for this long is idle.
        static let idleTime = 0.02
        /// How long the client may take to exit after `xdg_toplevel.close`.
        static let closeTimeout = 2.0
        /// At most this many frames are answered after the last event, while the client keeps asking.
        static let settlingFrames = 30
    }

    let compositor: Compositor
    let client: ClientProcess
    let latency = LatencyRecorder()
    let ink = InkRecorder()
    /// The trace's events not yet played, read as they are played; `upcoming` is the next one.
    private let events: TraceReader
    private var upcoming: SeatEvent?
    /// The time of the last group sent, in trace milliseconds.
    private var lastGroupTime: Double?
    private let keys: [KeyChord: (key: Keymap.Key, modifiers: [Keymap.Key])]
    private let isRealtime: Bool
    private let usesKeyboard: Bool
    /// The frame clock's period in milliseconds: the simulated display's refresh (`--refresh`, 60 Hz by default).
    private var frameInterval: Double { 1000 * compositor.refreshInterval }
    /// The virtual time of the next frame on the frame clock, in trace milliseconds.
    private var nextFrameTime: Double
    /// Where the trace's canvas starts on the surface: added to every position sent (the canvas line's `origin`).
    private let origin: Vector
    /// The touch points sent down and not yet up or cancelled.
    private var touchesDown: Set<Int32> = []
    /// How the touches are sent: as the named compositor would (`--quirks`).
    private var quirks: TouchQuirkFilter

    /// A player for a trace's events, read from `events` as they are played and sent in groups of one time;
    /// `summary` is the same trace checked whole, and `keys` are its keys from ``resolveKeys(of:in:)``.
    init(events: TraceReader, summary: TraceSummary, compositor: Compositor, client: ClientProcess, isRealtime: Bool,
         keys: [KeyChord: (key: Keymap.Key, modifiers: [Keymap.Key])], quirks: CompositorQuirks = .kwin) {
        self.compositor = compositor
        self.quirks = TouchQuirkFilter(quirks)
        self.client = client
        self.isRealtime = isRealtime
        self.keys = keys
        self.events = events
        upcoming = events.next()
        usesKeyboard = !summary.keyEvents.isEmpty
        nextFrameTime = summary.firstMilliseconds ?? 0
        origin = summary.canvasOrigin.map { Vector(dx: $0.x, dy: $0.y) } ?? .zero
        ink.latch = compositor.latch
        compositor.onToplevelBufferCommit = { [latency, ink] damage in
            latency.bufferCommitted()
            ink.bufferCommitted(damage: damage)
        }
        compositor.onVblank = { [ink] time in ink.vblank(at: time) }
    }

    /// The keys a trace types, looked up in the keymap; throws for a key the "us" layout cannot type.
    static func resolveKeys(of events: some Sequence<SeatEvent>, in keymap: Keymap) throws(ReplayError) -> [KeyChord: (key: Keymap.Key, modifiers: [Keymap.Key])] {
        var keys: [KeyChord: (key: Keymap.Key, modifiers: [Keymap.Key])] = [:]
        for event in events {
            if case .keyState(let chord, _) = event.kind, keys[chord] == nil {
                // A key held on its own: a modifier by its trace name ("ctrl"), or any key by its keysym name.
                guard let key = KeyModifiers(keyName: chord.keysym).flatMap({ keymap.key(for: $0) })
                    ?? keymap.key(forKeysymNamed: chord.keysym)
                else {
                    // Translators: %1$s is a key as the trace names it, %2$s where in the trace ("FILE:LINE"); "us" is the
                    // keyboard layout's name.
                    throw ReplayError(description: localized("the trace's key \"%1$s\" at %2$s is not on the \"us\" keyboard", chord, Trace.line(for: event)))
                }
                keys[chord] = (key, [])
                continue
            }
            guard case .key(let chord) = event.kind, keys[chord] == nil else { continue }
            guard let key = keymap.key(forKeysymNamed: chord.keysym) else {
                // Translators: %1$s is a key as the trace names it, %2$s where in the trace ("FILE:LINE"); "us" is the
                // keyboard layout's name.
                throw ReplayError(description: localized("the trace's key \"%1$s\" at %2$s is not on the \"us\" keyboard", chord, Trace.line(for: event)))
            }
            var modifiers: [Keymap.Key] = []
            var needed = chord.modifiers
            if key.needsShift { needed.insert(.shift) }
            for (_, modifier) in KeyModifiers.named where needed.contains(modifier) {
                if let modifierKey = keymap.key(for: modifier) { modifiers.append(modifierKey) }
            }
            keys[chord] = (key, modifiers)
        }
        return keys
    }

    // MARK: - The display clock

    /// The next simulated vblank in real time (``monotonicNow()``): one grid of the display's ticks from start to end, as a
    /// display's, so that a client pacing its frames by the presentation feedback sees one clock from its first
    /// frame on.
    private var nextVblank = monotonicNow()

    /// The last tick of the grid at or before `now`, once ``nextVblank`` has come: the vblank this loop handles,
    /// stamped with its own time however late the loop came to it. A display's vblank timestamps lie on its grid.
    /// Before, they were the moment this loop got there, up to several milliseconds later on a loaded machine, and a
    /// client pacing itself by them saw a grid that was not one.
    private func vblankDue(at now: Double) -> Double {
        let interval = frameInterval / 1000
        return nextVblank + (max(0, now - nextVblank) / interval).rounded(.down) * interval
    }

    /// The vblank whose latch has been handled (`--latch-ms`), once it has.
    private var latchedVblank: Double?

    /// Keeps the display's clock at `now`: at the latch before the next vblank (`--latch-ms`), the frame callbacks
    /// of the frames it takes are answered with `time`; at the vblank, what it took is presented (with no latch,
    /// both at the vblank). Returns when the loop must wake next for the clock, and whether a vblank passed.
    private func keepDisplayClock(now: Double, time: UInt32) -> (wake: Double, vblankPassed: Bool) {
        let latch = compositor.latch.seconds
        guard latch > 0 else {
            guard now >= nextVblank else { return (nextVblank, false) }
            compositor.answerFrameCallbacks(time: time, vblank: vblankDue(at: now))
            advanceVblank(past: now)
            return (nextVblank, true)
        }
        if latchedVblank != nextVblank, now >= nextVblank - latch {
            // The latch takes what the client committed by it: requests already waiting on the socket first.
            compositor.dispatch(timeout: 0)
            compositor.answerFrameCallbacks(time: time, takenBy: nextVblank)
            latchedVblank = nextVblank
        }
        var passed = false
        if now >= nextVblank {
            compositor.present(at: vblankDue(at: now))
            advanceVblank(past: now)
            passed = true
        }
        return (latchedVblank == nextVblank ? nextVblank : nextVblank - latch, passed)
    }

    /// Moves ``nextVblank`` to the first tick of its grid after `now` (skipping ticks this loop was kept from).
    private func advanceVblank(past now: Double) {
        let interval = frameInterval / 1000
        nextVblank += (max(0, now - nextVblank) / interval).rounded(.down) * interval + interval
    }

    // MARK: - Waiting for the client

    /// Runs the loop until the client shows its toplevel's first buffer.
    func waitForMap(timeout: Double = Timing.mapTimeout) throws(ReplayError) -> Surface {
        let deadline = monotonicNow() + timeout
        while true {
            if let surface = compositor.toplevel, surface.isMapped { return surface }
            if client.hasEnded() {
                throw ReplayError(description: client.termination!.beforeWindow)
            }
            let now = monotonicNow()
            guard now < deadline else {
                // Translators: %s is a number of seconds.
                throw ReplayError(description: localized("the client showed no window within %s s", ReplayOptions.format(seconds: timeout)))
            }
            // Some clients draw their first buffer from a frame callback.
            let wake = keepDisplayClock(now: now, time: UInt32(clamping: Int64(nextFrameTime))).wake
            compositor.dispatch(timeout: min(deadline, wake) - now)
        }
    }

    /// At the trace's timing, runs the loop until the vblank that presents the window's first buffer: the trace starts
    /// when the window is on the display, as a person's first touch can come no sooner. Before, it started at the
    /// mapping commit, so the first touches always came while that frame waited for its vblank. A client that keeps one
    /// frame in the compositor's hands could then draw them only a vblank later: up to two frames late at the start of
    /// every run, by how the client's start-up fell against the display's grid. (At 3840x2160 the mapping commit's copy
    /// here often hid it, so 800x600 fared worse.) In virtual time (`--fast`) there is no display: nothing to wait for.
    func waitUntilShown() {
        guard isRealtime else { return }
        while !client.hasEnded() {
            let now = monotonicNow()
            if now >= nextVblank { compositor.dispatch(timeout: 0) }
            let clock = keepDisplayClock(now: now, time: UInt32(clamping: Int64(nextFrameTime)))
            if clock.vblankPassed { return }
            compositor.dispatch(timeout: clock.wake - now)
        }
    }

    /// Handles requests until the client commits (when `untilCommit`: the commit count passes `commits`) or has
    /// answered (when `untilCommit`: its pong to a ping sent now, after what it was given), goes idle (has read
    /// every event and sent nothing for ``Timing/idleTime``: a client that answers no ping), ends, or the timeout
    /// passes.
    ///
    /// The answer is what makes virtual time fast: a client with a pending frame callback handles input without
    /// committing, and before, every such group waited the whole idle time (docs/touch-replay.md, "How fast `--fast`
    /// is"). A client that draws in the loop iteration that read the events (fingerpaint, wayland-hello,
    /// weston-simple-touch) flushes its commit with the pong or before it, so nothing it draws for a group is left
    /// for the next one; a client that draws later (on a timer, on another thread) is not waited for, as one slower
    /// than the timeout never was.
    private func waitForClient(untilCommit: Bool, since commits: Int? = nil) {
        let commits = commits ?? compositor.counters.commits
        let ping = untilCommit ? compositor.toplevel.flatMap { compositor.shell.ping(clientOf: $0) } : nil
        let deadline = monotonicNow() + Timing.commitTimeout
        var lastActivity = monotonicNow()
        while !client.hasEnded() {
            if untilCommit, compositor.counters.commits > commits { return }
            if let ping, compositor.shell.lastPong == ping { return }
            var now = monotonicNow()
            // A client still reading its events, or still working on them (runnable: a loaded machine may keep it
            // waiting for a processor far longer than the idle time), is busy, not idle.
            if compositor.unreadEventBytes() > 0 || client.isBusy() { lastActivity = now }
            let idleEnd = lastActivity + Timing.idleTime
            guard now < deadline, now < idleEnd else { return }
            if compositor.dispatch(timeout: min(deadline, idleEnd, now + Timing.idleTime / 4) - now) {
                now = monotonicNow()
                lastActivity = now
            }
        }
    }

    // MARK: - Playing

    /// Plays every event, then lets the client finish drawing. Stops early when the client ends or its window goes.
    func play() {
        if isRealtime { playInRealTime() } else { playInVirtualTime() }
    }

    /// Touches the trace left down are taken away, as a seat does when its source goes: a `wl_touch.cancel`.
    /// Returns `false` when there is nobody to send to.
    private func cancelTouchesLeftDown(at time: Double) -> Bool {
        guard !touchesDown.isEmpty else { return true }
        return deliver([SeatEvent(time: .milliseconds(time), .touchCancel)])
    }

    /// The next group of events of one time, read from the trace; `nil` at its end (or at a line that became
    /// wrong after the check, kept in the reader's `failure`).
    private func nextGroup() -> [SeatEvent]? {
        guard let first = upcoming else { return nil }
        var group = [first]
        upcoming = events.next()
        while let event = upcoming, event.time == first.time {
            group.append(event)
            upcoming = events.next()
        }
        lastGroupTime = first.time.milliseconds
        return group
    }

    private func playInVirtualTime() {
        while let group = nextGroup() {
            answerFrames(through: group[0].time.milliseconds)
            let commits = compositor.counters.commits
            guard deliver(group) else { return }
            waitForClient(untilCommit: true, since: commits)
        }
        let commits = compositor.counters.commits
        let hadTouchesDown = !touchesDown.isEmpty
        guard cancelTouchesLeftDown(at: lastGroupTime ?? 0) else { return }
        if hadTouchesDown { waitForClient(untilCommit: true, since: commits) }
        // Let the client finish: frames on the display's clock while it keeps asking for them.
        for _ in 0..<Timing.settlingFrames where compositor.hasReadyFrameCallbacks && !client.hasEnded() {
            let commits = compositor.counters.commits
            compositor.answerFrameCallbacks(time: UInt32(clamping: Int64(nextFrameTime)))
            nextFrameTime += frameInterval
            waitForClient(untilCommit: true, since: commits)
        }
        waitForClient(untilCommit: false)
    }

    /// Answers frame callbacks at every tick of the virtual frame clock up to `time`, waiting for the client's commit
    /// after each.
    private func answerFrames(through time: Double) {
        while nextFrameTime <= time {
            if !compositor.hasReadyFrameCallbacks {
                // Nobody waits: skip to the first tick after `time`.
                let ticks = ((time - nextFrameTime) / frameInterval).rounded(.down) + 1
                nextFrameTime += ticks * frameInterval
                return
            }
            let commits = compositor.counters.commits
            compositor.answerFrameCallbacks(time: UInt32(clamping: Int64(nextFrameTime)))
            nextFrameTime += frameInterval
            waitForClient(untilCommit: true, since: commits)
        }
    }

    private func playInRealTime() {
        guard let first = upcoming?.time.milliseconds else { return }
        let start = monotonicNow()
        func pump(until deadline: Double) {
            while !client.hasEnded() {
                let now = monotonicNow()
                // The frame takes what the client committed before it: requests already waiting on the socket
                // (sent while this loop was kept from running on a loaded machine) are read first.
                if now >= nextVblank { compositor.dispatch(timeout: 0) }
                let traceTime = first + (now - start) * 1000
                let wake = keepDisplayClock(now: now, time: UInt32(clamping: Int64(traceTime))).wake
                guard now < deadline else { return }
                compositor.dispatch(timeout: min(deadline, wake) - now)
            }
        }
        while let group = nextGroup() {
            let due = start + (group[0].time.milliseconds - first) / 1000
            pump(until: due)
            // A loaded machine may keep this loop from running when a group is due: how late it went out.
            compositor.counters.latestSendMilliseconds = max(compositor.counters.latestSendMilliseconds,
                                                             (monotonicNow() - due) * 1000)
            guard deliver(group) else { return }
        }
        guard cancelTouchesLeftDown(at: lastGroupTime ?? first) else { return }
        // A little real time for the last drawing, and more while the client is still at work on it (reading its
        // events, or runnable: a loaded machine may keep it waiting for a processor), up to the commit timeout.
        pump(until: monotonicNow() + 0.2)
        let deadline = monotonicNow() + Timing.commitTimeout
        while !client.hasEnded(), monotonicNow() < deadline, compositor.unreadEventBytes() > 0 || client.isBusy() {
            pump(until: monotonicNow() + Timing.idleTime)
        }
    }

    /// Sends one group of events (one trace time) to the toplevel. Returns `false` when there is nobody to send to.
    private func deliver(_ group: [SeatEvent]) -> Bool {
        guard !client.hasEnded(), let surface = compositor.toplevel else { return false }
        let seat = compositor.seat!
        let sentAt = monotonicNow()
        let eventsBefore = compositor.counters.eventsSent
        if usesKeyboard, seat.keyboardFocus !== surface { seat.keyboardEnter(surface) }
        for event in group {
            let time = UInt32(truncatingIfNeeded: Int64(event.time.milliseconds.rounded()))
            let output = quirks.output(for: event.kind)
            if output == .drop {
                if case let .touchUp(id) = event.kind { touchesDown.remove(id) }
                continue
            }
            defer {
                if output == .sendThenCancel {
                    seat.touchCancel(on: surface)
                    touchesDown.removeAll()
                }
            }
            send(event, to: surface, through: seat, time: time, sentAt: sentAt)
        }
        if let last = group.last {
            let time = UInt32(truncatingIfNeeded: Int64(last.time.milliseconds.rounded()))
            compositor.counters.eventsSent += compositor.tablets.closeFrame(time: time)
        }
        wl_display_flush_clients(compositor.display)
        // Only groups that reached the client count for latency (a client without a seat gets nothing).
        if compositor.counters.eventsSent > eventsBefore { latency.inputSent(at: sentAt) }
        return true
    }

    /// Sends one event to `surface` at wire time `time`, its position moved by the canvas's origin; `sentAt` is the
    /// group's send time, for the ink.
    private func send(_ event: SeatEvent, to surface: Surface, through seat: Seat, time: UInt32, sentAt: Double) {
        switch event.kind {
        case let .touchDown(id, location, shape):
            let location = location + origin
            seat.touchDown(on: surface, time: time, id: id, x: location.x, y: location.y, shape: shape)
            ink.touchSent(at: location, time: sentAt)
            touchesDown.insert(id)
        case let .touchMotion(id, location, shape):
            let location = location + origin
            seat.touchMotion(on: surface, time: time, id: id, x: location.x, y: location.y, shape: shape)
            ink.touchSent(at: location, time: sentAt)
        case let .touchUp(id):
            seat.touchUp(on: surface, time: time, id: id)
            touchesDown.remove(id)
        case .touchFrame:
            seat.touchFrame(on: surface)
        case .touchCancel:
            seat.touchCancel(on: surface)
            touchesDown.removeAll()
        case let .pointerEnter(location):
            let location = location + origin
            seat.pointerEnter(surface, x: location.x, y: location.y)
        case .pointerLeave:
            seat.pointerLeave()
        case let .pointerMotion(location):
            let location = location + origin
            seat.pointerMotion(on: surface, time: time, x: location.x, y: location.y)
        case let .pointerButton(button, isPressed):
            seat.pointerButton(on: surface, time: time, button: button.code, isPressed: isPressed)
        case let .pointerAxis(dx, dy):
            seat.pointerAxis(on: surface, time: time, dx: dx, dy: dy)
        case let .key(chord):
            if let key = keys[chord] { seat.type(key.key, modifiers: key.modifiers, on: surface, time: time) }
        case let .keyState(chord, isPressed):
            if let key = keys[chord] {
                seat.setKey(key.key, isPressed: isPressed, isModifier: KeyModifiers(keyName: chord.keysym) != nil,
                            on: surface, time: time)
            }
        case let .touchpadGesture(gesture):
            seat.touchpadGesture(gesture, on: surface, time: time)
        case let .tablet(tabletEvent, _):
            if case let .proximityIn(tool, location) = tabletEvent {
                ink.touchSent(at: location + origin, time: sentAt)
                compositor.counters.eventsSent += compositor.tablets.send(
                    .proximityIn(tool, location: location + origin), on: surface, time: time)
            } else if case let .motion(location, axes) = tabletEvent {
                ink.touchSent(at: location + origin, time: sentAt)
                compositor.counters.eventsSent += compositor.tablets.send(
                    .motion(location: location + origin, axes: axes), on: surface, time: time)
            } else {
                compositor.counters.eventsSent += compositor.tablets.send(tabletEvent, on: surface, time: time)
            }
        case let .drag(dragEvent):
            let moved: DragEvent = switch dragEvent {
            case let .enter(location, mimeTypes, data): .enter(location: location + origin, mimeTypes: mimeTypes, data: data)
            case let .motion(location): .motion(location: location + origin)
            case .leave, .drop: dragEvent
            }
            compositor.counters.eventsSent += compositor.dataDevices?.send(moved, on: surface, time: time) ?? 0
        case .tick:
            break
        }
    }

    // MARK: - Ending

    /// Asks the client to close its window, waits for it to exit, and kills it when it does not.
    func finish() {
        if !client.hasEnded(), let surface = compositor.toplevel {
            compositor.shell.close(surface)
        }
        let deadline = monotonicNow() + Timing.closeTimeout
        while !client.hasEnded(), monotonicNow() < deadline {
            compositor.dispatch(timeout: 0.02)
        }
        client.kill()
    }
}
