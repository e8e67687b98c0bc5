// A custom recognizer written the UIKit way: a one-finger checkmark stroke. The example for writing your own.

/// Recognizes a checkmark drawn with one finger: a stroke down and to the right, then up and to the right.
/// Discrete: `ended` when the finger lifts after a long enough up leg; `failed` otherwise.
///
/// This is the documentation example for custom recognizers, after Apple's "Implementing a custom gesture
/// recognizer". Writing one takes four steps:
///
/// 1. Subclass ``GestureRecognizer`` and keep your progress in a private enum (here `Phase`), with the data each
///    step needs. Start it in its first case.
/// 2. Override ``GestureRecognizer/touchesBegan(_:with:)``, `touchesMoved`, `touchesEnded` and `touchesCancelled`.
///    Switch over the phase in each, with no `default:` case, and move the phase on.
/// 3. Set ``GestureRecognizer/state`` as the gesture unfolds: `.failed` as soon as the touches cannot be this
///    gesture (the window then lets the recognizers that wait for this one go on), `.ended` when a discrete gesture
///    is recognized; a continuous one sets `.began`, `.changed` and `.ended`. The window coordinates the rest:
///    a recognition may be deferred (``GestureRecognizer/require(toFail:)``), refused (another recognizer holds
///    the touches) or vetoed (the delegate). Illegal changes are ignored, so once decided, stop setting `state`.
/// 4. Override ``GestureRecognizer/reset()``, call `super.reset()`, and put the phase back. The window calls it
///    when the touch sequence is over, whatever happened.
///
/// Take every threshold from ``GestureDefaults`` (here ``GestureDefaults/checkmarkMinimumLegLength`` and
/// ``GestureDefaults/checkmarkWobbleTolerance``), and use ``GestureRecognizer/scheduleTimer(after:_:)`` for
/// deadlines: it runs on the window's injected clock, so tests never sleep.
open class CheckmarkGestureRecognizer: GestureRecognizer {
    /// Where the stroke is.
    private enum Phase {
        /// No touch yet.
        case idle
        /// Going down and to the right from `start`; `turn` is the lowest point so far, where the up leg will
        /// start; `rightmost` the largest x so far.
        case downLeg(start: Point, turn: Point, rightmost: Double)
        /// Going up and to the right from `turn`; `highest` is the smallest y so far.
        case upLeg(start: Point, turn: Point, rightmost: Double, highest: Double)
        /// Recognized or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.idle

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .idle:
            guard touches.count == 1, let touch = touches.first else { return fail() }
            let point = touch.locationInWindow
            phase = .downLeg(start: point, turn: point, rightmost: point.x)
        case .downLeg, .upLeg:
            // A second finger: a checkmark is drawn with one.
            fail()
        case .decided:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let point = touches.first?.locationInWindow else { return }
        let tolerance = GestureDefaults.checkmarkWobbleTolerance
        switch phase {
        case let .downLeg(start, turn, rightmost):
            if point.x < rightmost - tolerance { return fail() }
            if point.y >= turn.y {
                phase = .downLeg(start: start, turn: point, rightmost: max(rightmost, point.x))
            } else if turn.y - point.y > tolerance {
                // The stroke turned upward: the down leg must have gone down and right, far enough.
                let down = turn - start
                guard down.dy > 0, down.dx >= 0, down.length >= GestureDefaults.checkmarkMinimumLegLength else {
                    return fail()
                }
                phase = .upLeg(start: start, turn: turn, rightmost: max(rightmost, point.x), highest: point.y)
            } else {
                phase = .downLeg(start: start, turn: turn, rightmost: max(rightmost, point.x))
            }
        case let .upLeg(start, turn, rightmost, highest):
            if point.x < rightmost - tolerance || point.y > highest + tolerance { return fail() }
            phase = .upLeg(start: start, turn: turn, rightmost: max(rightmost, point.x), highest: min(highest, point.y))
        case .idle, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case let .upLeg(_, turn, _, _):
            guard let end = touches.first?.locationInWindow else { return fail() }
            let up = end - turn
            if up.dx > 0, up.dy < 0, up.length >= GestureDefaults.checkmarkMinimumLegLength {
                phase = .decided
                state = .ended
            } else {
                fail()
            }
        case .downLeg:
            fail()
        case .idle, .decided:
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

    private func fail() {
        // Once decided, say nothing more: a timer still pending must not fail it twice.
        if case .decided = phase { return }
        phase = .decided
        state = .failed
    }
}
