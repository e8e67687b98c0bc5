// The pinch recognizer: two touches moving apart or together, as a cumulative scale.

/// Recognizes two touches pinching, as UIKit's `UIPinchGestureRecognizer` does. Continuous: `began` once the span
/// (the distance between the two touches) has changed by ``GestureDefaults/pinchStartDistance`` (8 pt) from what it
/// was when both came down, `changed` on each move, `ended` when either of the two lifts. Lifting before it begins
/// fails it.
///
/// ``scale`` is cumulative: the current span divided by the span when both touches came down, so it is already a
/// little away from 1 when the gesture begins, and it is never a per-frame ratio. A third touch is ignored.
///
/// Differs from UIKit: UIKit does not document its scale's reference span; here it is the span when both touches
/// came down, so a pinch that ends where it started reads exactly 1.
open class PinchGestureRecognizer: GestureRecognizer {
    private enum Phase {
        /// Fewer than two touches down.
        case waiting
        /// Both touches down; the span has not changed enough.
        case tracking
        /// The pinch began.
        case active
        /// Ended or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.waiting
    /// The first touch, while the second has not come down.
    private var firstTouch: Touch?
    private var pair: TouchPair?
    /// What ``scale`` was set to, relative to the span ratio: 1 until the app sets ``scale``.
    private var factor = 1.0
    private var velocityTracker = VelocityTracker()

    /// The scale factor since both touches came down: the current span over the span then (2 is twice as far
    /// apart). Setting it (to 1, say, after applying it, to get each change as a fresh factor) rebases later values.
    public var scale: Double {
        get { factor * (pair?.spanRatio ?? 1) }
        set { factor = newValue / max(pair?.spanRatio ?? 1, 1e-9) }
    }

    /// How fast ``scale`` changes, in scale factor per second; zero once the touches have rested for 40 ms.
    public var velocity: Double {
        velocityTracker.velocity(at: currentTime).dx * factor
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard case .waiting = phase else { return }
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) where pair == nil {
            if let first = firstTouch {
                pair = TouchPair(first, touch)
                velocityTracker.addSample(Point(x: 1, y: 0), at: event.timestamp)
                phase = .tracking
            } else {
                firstTouch = touch
            }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard var pair, touches.contains(where: pair.contains) else { return }
        pair.update()
        self.pair = pair
        switch phase {
        case .tracking:
            velocityTracker.addSample(Point(x: pair.spanRatio, y: 0), at: event.timestamp)
            if abs(pair.span - pair.initialSpan) >= GestureDefaults.pinchStartDistance {
                phase = .active
                state = .began
            }
        case .active:
            velocityTracker.addSample(Point(x: pair.spanRatio, y: 0), at: event.timestamp)
            state = .changed
        case .waiting, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .waiting:
            if touches.contains(where: { $0 === firstTouch }) { fail() }
        case .tracking:
            if let pair, touches.contains(where: pair.contains) { fail() }
        case .active:
            if let pair, touches.contains(where: pair.contains) {
                phase = .decided
                state = .ended
            }
        case .decided:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        phase = .decided
    }

    open override func reset() {
        super.reset()
        phase = .waiting
        firstTouch = nil
        pair = nil
        factor = 1
        velocityTracker.reset()
    }

    private func fail() {
        // Once decided, say nothing more: a timer still pending must not fail it twice.
        if case .decided = phase { return }
        phase = .decided
        state = .failed
    }
}
