// How named compositors send touch input where they differ from the protocol's letter: `--quirks NAME`.
import ArgumentParser
import SeatInput

/// The compositor whose way of sending touches touch-replay imitates (docs/touch-replay.md, "Quirks").
enum CompositorQuirks: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// KWin 5.27: every change in the frame it belongs to, a frame after an up too. As touch-replay always did.
    case kwin
    /// sway 1.7 (wlroots 0.15): as KWin for what a client can tell apart.
    case sway
    /// weston 10 and older: no `wl_touch.frame` after the up of the last touch point (weston issue 44, worked
    /// around in Smithay's client-toolkit #444 and in slint #4551).
    case weston
    /// mutter 43 (GNOME): no `wl_touch.frame` after an up (Smithay #1625, mpv #17611), and when a third finger comes
    /// down, GNOME Shell's three-finger gesture takes every touch: the client gets `wl_touch.cancel` and hears
    /// nothing more of those fingers (waydroid #49).
    case mutter

    /// How long before each vblank the compositor takes the newest committed frame, in milliseconds, with a light
    /// scene (docs/touch-replay.md, "Quirks", gives the sources):
    /// - weston: its repaint window, `DEFAULT_REPAINT_WINDOW` 7 ms (libweston/compositor.c);
    /// - mutter: clutter's frame clock dispatches its update the longest update time before the presentation:
    ///   the update (about 0.5 ms), the KMS deadline evasion (`DEADLINE_EVASION_CONSTANT_US` 0.8 ms and what was
    ///   measured), the vblank (about 0.7 ms at 1080p60) and `clutter_max_render_time_constant_us` 1 ms: 3 ms;
    /// - KWin 6: its render loop composites the render journal's estimate (about 0.5 ms), 1 ms, and the DRM commit
    ///   thread's safety margin (the vblank, about 0.7 ms, and `s_safetyMarginMinimum` 1.5 ms) before the flip: 4 ms;
    /// - sway: without `max_render_time` it composites when a commit comes and no page flip is pending, else just
    ///   after the flip: no fixed latch (at times a whole refresh early, which a latch within it cannot express); none.
    var latchMilliseconds: Double {
        switch self {
        case .weston: 7
        case .mutter: 3
        case .kwin: 4
        case .sway: 0
        }
    }
}

/// Turns the trace's touch events into what a compositor with ``CompositorQuirks`` would send: an explicit state
/// machine fed one event at a time, answering what to send for it.
struct TouchQuirkFilter {
    /// What to send for one trace event.
    enum Output: Equatable {
        /// Send the event as it is.
        case send
        /// Send nothing: the compositor leaves it out, or its system gesture holds the touch.
        case drop
        /// Send the event (a frame), then `wl_touch.cancel`: the system gesture took the touches.
        case sendThenCancel
    }

    let quirks: CompositorQuirks
    /// The touch points the client knows to be down.
    private var down: Set<Int32> = []
    /// The touch points the system gesture took: their events go nowhere until each is up.
    private var taken: Set<Int32> = []
    /// Whether the events sent since the last frame were ups only (and there was at least one).
    private var onlyUpsSinceFrame = false
    /// Whether touch events since the last frame were sent, and whether some were dropped.
    private var sentSinceFrame = false, droppedSinceFrame = false
    /// Whether the system gesture takes the touches at the next frame.
    private var takesAtFrame = false

    /// The number of fingers mutter's system gesture (GNOME Shell's workspace and overview swipes) takes.
    static let systemGestureFingers = 3

    init(_ quirks: CompositorQuirks) {
        self.quirks = quirks
    }

    /// What to send for a trace event (every event the trace plays; only touch events are ever changed).
    mutating func output(for kind: SeatEvent.Kind) -> Output {
        let output = decide(kind)
        switch kind {
        case .touchDown, .touchMotion, .touchUp:
            if output == .drop { droppedSinceFrame = true } else { sentSinceFrame = true }
        case .touchFrame, .touchCancel:
            sentSinceFrame = false
            droppedSinceFrame = false
        default:
            break
        }
        return output
    }

    private mutating func decide(_ kind: SeatEvent.Kind) -> Output {
        switch kind {
        case let .touchDown(id, _, _):
            if !taken.isEmpty {
                taken.insert(id)
                return .drop
            }
            down.insert(id)
            onlyUpsSinceFrame = false
            if quirks == .mutter, down.count >= Self.systemGestureFingers { takesAtFrame = true }
            return .send
        case let .touchMotion(id, _, _):
            if taken.contains(id) { return .drop }
            onlyUpsSinceFrame = false
            return .send
        case let .touchUp(id):
            if taken.remove(id) != nil { return .drop }
            down.remove(id)
            onlyUpsSinceFrame = true
            return .send
        case .touchFrame:
            defer { onlyUpsSinceFrame = false }
            if takesAtFrame {
                takesAtFrame = false
                taken = down
                down = []
                return .sendThenCancel
            }
            // A frame for nothing but what the system gesture holds.
            if droppedSinceFrame && !sentSinceFrame { return .drop }
            switch quirks {
            case .mutter where onlyUpsSinceFrame: return .drop
            case .weston where onlyUpsSinceFrame && down.isEmpty: return .drop
            default: return .send
            }
        case .touchCancel:
            down = []
            taken = []
            takesAtFrame = false
            return .send
        default:
            return .send
        }
    }
}
