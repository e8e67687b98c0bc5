// The rotation recognizer: two touches turning around each other, as a cumulative angle.

/// Recognizes two touches turning, as UIKit's `UIRotationGestureRecognizer` does. Continuous: `began` once the line
/// through the two touches has turned ``GestureDefaults/rotationStartAngle`` (5°) from where it was when both came
/// down, `changed` on each move, `ended` when either of the two lifts. Lifting before it begins fails it.
///
/// ``rotation`` is cumulative since both touches came down, in radians, positive clockwise on screen (as UIKit's,
/// with y pointing down), and unwrapped: turning one and a half times reads 3π, not -π/2. A third touch is ignored.
open class RotationGestureRecognizer: GestureRecognizer {
    private enum Phase {
        /// Fewer than two touches down.
        case waiting
        /// Both touches down; they have not turned enough.
        case tracking
        /// The rotation began.
        case active
        /// Ended or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.waiting
    /// The first touch, while the second has not come down.
    private var firstTouch: Touch?
    private var pair: TouchPair?
    /// What ``rotation`` was set to, less the turn at that moment: 0 until the app sets ``rotation``.
    private var offset = 0.0
    private var velocityTracker = VelocityTracker()

    /// The turn since both touches came down, in radians, positive clockwise on screen, unwrapped. Setting it (to
    /// 0, say, after applying it, to get each change as a fresh angle) rebases later values.
    public var rotation: Double {
        get { (pair?.rotation ?? 0) + offset }
        set { offset = newValue - (pair?.rotation ?? 0) }
    }

    /// How fast ``rotation`` changes, in radians per second; zero once the touches have rested for 40 ms.
    public var velocity: Double {
        velocityTracker.velocity(at: currentTime).dx
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard case .waiting = phase else { return }
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) where pair == nil {
            if let first = firstTouch {
                pair = TouchPair(first, touch)
                velocityTracker.addSample(.zero, at: event.timestamp)
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
            velocityTracker.addSample(Point(x: pair.rotation, y: 0), at: event.timestamp)
            if abs(pair.rotation) >= GestureDefaults.rotationStartAngle {
                phase = .active
                state = .began
            }
        case .active:
            velocityTracker.addSample(Point(x: pair.rotation, y: 0), at: event.timestamp)
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
        offset = 0
        velocityTracker.reset()
    }

    private func fail() {
        // Once decided, say nothing more: a timer still pending must not fail it twice.
        if case .decided = phase { return }
        phase = .decided
        state = .failed
    }
}
