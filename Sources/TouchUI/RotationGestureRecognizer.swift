// The rotation recognizer: two touches turning around each other, as a cumulative angle.

/// Recognizes two touches turning, as UIKit's `UIRotationGestureRecognizer` does. Continuous: `began` once the line
/// through the two touches has turned ``GestureDefaults/rotationStartAngle`` (5°) from where it was when both came
/// down, `changed` on each move, `ended` when either of the two lifts. Lifting before it begins fails it.
///
/// ``rotation`` is cumulative since both touches came down, in radians, positive clockwise on screen (as UIKit's,
/// with y pointing down), and unwrapped: turning one and a half times reads 3π, not -π/2. A third touch is ignored.
open class RotationGestureRecognizer: GestureRecognizer {
    private var gesture = TwoTouchGesture(
        measure: \.rotation,
        hasStarted: { abs($0.rotation) >= GestureDefaults.rotationStartAngle }
    )
    /// What ``rotation`` was set to, less the turn at that moment: 0 until the app sets ``rotation``.
    private var offset = 0.0

    /// The turn since both touches came down, in radians, positive clockwise on screen, unwrapped. Setting it (to
    /// 0, say, after applying it, to get each change as a fresh angle) rebases later values.
    public var rotation: Double {
        get { (gesture.pair?.rotation ?? 0) + offset }
        set { offset = newValue - (gesture.pair?.rotation ?? 0) }
    }

    /// How fast ``rotation`` changes, in radians per second; zero once the touches have rested for 40 ms.
    public var velocity: Double {
        gesture.velocity(at: currentTime)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        gesture.touchesBegan(touches, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        perform(gesture.touchesMoved(touches, at: event.timestamp))
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        perform(gesture.touchesEnded(touches))
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        gesture.touchesCancelled()
    }

    open override func reset() {
        super.reset()
        gesture.reset()
        offset = 0
    }
}
