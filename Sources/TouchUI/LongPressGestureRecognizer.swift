// The long-press recognizer: touches held still long enough, then followed wherever they go.

/// Recognizes touches held down without moving for a while, as UIKit's `UILongPressGestureRecognizer` does.
/// Continuous: `began` when the press has lasted ``minimumPressDuration``, `changed` as the touches then move,
/// `ended` when they lift.
///
/// Before it begins the press fails if a touch moves more than ``allowableMovement`` from where it came down, if
/// a touch lifts, or if more touches than ``numberOfTouchesRequired`` come down. Once it has begun, movement of any
/// distance is `changed` (not a cancel) and extra touches are ignored; it ends when fewer than
/// ``numberOfTouchesRequired`` touches remain. With ``numberOfTapsRequired`` above 0, that many quick taps (as a
/// ``TapGestureRecognizer`` counts them) must come first and the press is the next touch-down.
///
/// Differs from UIKit: the press duration is counted from the moment the required number of touches is down, not
/// from the first touch.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the touches must be held before the gesture begins: 0.5 s by default
    /// (``GestureDefaults/longPressDuration``).
    public var minimumPressDuration: Duration = GestureDefaults.longPressDuration
    /// How far, in points, a touch may move before the gesture begins without failing it: 10 by default
    /// (``GestureDefaults/longPressAllowableMovement``).
    public var allowableMovement: Double = GestureDefaults.longPressAllowableMovement
    /// How many taps come before the press: 0 by default.
    public var numberOfTapsRequired = 0
    /// How many fingers press: 1 by default.
    public var numberOfTouchesRequired = 1

    private enum Phase {
        /// No touch of this sequence yet.
        case idle
        /// Touches of the tap after those of `run` are down; `down` came down, `lifted` are up again.
        case tapping(run: TapRun, down: Int, lifted: Int)
        /// The taps of `run` are done; the next touch-down must come before the timer fires.
        case betweenTaps(run: TapRun, timer: TimerQueue.Token?)
        /// The press: `down` touches came down; the timer runs once all required touches are down.
        case pressing(down: Int, timer: TimerQueue.Token?)
        /// The gesture began.
        case active
        /// Ended or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.idle

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .idle:
            if numberOfTapsRequired > 0 {
                tap(run: TapRun(anchor: .anywhere), down: touches.count, lifted: 0)
            } else {
                press(down: touches.count, timer: nil)
            }
        case let .tapping(run, down, lifted):
            tap(run: run, down: down + touches.count, lifted: lifted)
        case let .betweenTaps(run, timer):
            cancelTimer(timer)
            if run.count >= numberOfTapsRequired {
                press(down: touches.count, timer: nil)
            } else {
                tap(run: run, down: touches.count, lifted: 0)
            }
        case let .pressing(down, timer):
            press(down: down + touches.count, timer: timer)
        case .active, .decided:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .tapping, .pressing:
            if touches.contains(where: hasStrayed) { fail() }
        case .active:
            state = .changed
        case .idle, .betweenTaps, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .tapping(var run, let down, let lifted):
            if touches.contains(where: hasStrayed) { return fail() }
            let lifted = lifted + touches.count
            guard lifted >= down else {
                phase = .tapping(run: run, down: down, lifted: lifted)
                return
            }
            guard down == numberOfTouchesRequired else { return fail() }
            run.tapEnded(number: run.count + 1, at: centroidInWindow ?? .zero, time: event.timestamp)
            let timer = scheduleTimer(after: GestureDefaults.doubleTapInterval) { [weak self] in self?.fail() }
            phase = .betweenTaps(run: run, timer: timer)
        case .pressing:
            fail()
        case .active:
            let remaining = trackedTouches.filter { !$0.phase.isFinished }.count
            if remaining < numberOfTouchesRequired {
                phase = .decided
                state = .ended
            }
        case .idle, .betweenTaps, .decided:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        phase = .decided
    }

    open override func reset() {
        super.reset()
        phase = .idle
    }

    private func tap(run: TapRun, down: Int, lifted: Int) {
        guard down <= numberOfTouchesRequired else { return fail() }
        phase = .tapping(run: run, down: down, lifted: lifted)
    }

    private func press(down: Int, timer: TimerQueue.Token?) {
        guard down <= numberOfTouchesRequired else { return fail() }
        var timer = timer
        if timer == nil, down == numberOfTouchesRequired {
            timer = scheduleTimer(after: minimumPressDuration) { [weak self] in self?.pressHeld() }
        }
        phase = .pressing(down: down, timer: timer)
    }

    private func pressHeld() {
        guard case .pressing = phase else { return }
        phase = .active
        state = .began
    }

    private func fail() {
        // Once decided, say nothing more: a timer still pending must not fail it twice.
        if case .decided = phase { return }
        phase = .decided
        state = .failed
    }

    private func hasStrayed(_ touch: Touch) -> Bool {
        touch.locationInWindow.distance(to: touch.initialLocationInWindow) > allowableMovement
    }
}
