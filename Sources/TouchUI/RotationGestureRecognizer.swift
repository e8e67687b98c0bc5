// The rotation recognizer: two touches turning around each other, as a cumulative angle.

/// Recognizes two touches turning, as UIKit's `UIRotationGestureRecognizer` does. Continuous: `began` once the line
/// through the two touches has turned ``GestureDefaults/rotationStartAngle`` (5°) from where it was when both came
/// down, `changed` on each move, `ended` when either of the two lifts. Lifting before it begins fails it.
///
/// ``rotation`` is cumulative since both touches came down, in radians, positive clockwise on screen (as UIKit's,
/// with y pointing down), and unwrapped: turning one and a half times reads 3π, not -π/2. A third touch is ignored.
///
/// A touchpad pinch's turn (``TouchpadGestureEvent``) is followed too, as UIKit follows a trackpad's transform
/// events: `began` on the first update that turns, `changed` on each update, `ended` when the fingers lift,
/// `cancelled` when the system cancels it; lifting before any turn fails it. ``rotation`` is then the touchpad's
/// cumulative turn, and no touches are reported. Set ``GestureRecognizer/allowedTouchpadGestures`` to `[]` to
/// leave touchpad pinches to someone else.
open class RotationGestureRecognizer: GestureRecognizer {
    private var gesture = TwoTouchGesture(
        measure: \.rotation,
        hasStarted: { abs($0.rotation) >= GestureDefaults.rotationStartAngle }
    )
    private var touchpad = TouchpadTransform(measure: \.rotation, hasStarted: { $0.rotation != 0 })
    /// What ``rotation`` was set to, less the turn at that moment: 0 until the app sets ``rotation``.
    private var offset = 0.0

    /// A recognizer with no targets yet, following touchpad pinches.
    public override init() {
        super.init()
        allowedTouchpadGestures = [.pinch]
    }

    /// The turn of the touches, or of the touchpad pinch followed.
    private var turn: Double { touchpad.value ?? gesture.pair?.rotation ?? 0 }

    /// The turn since both touches came down, in radians, positive clockwise on screen, unwrapped. Setting it (to
    /// 0, say, after applying it, to get each change as a fresh angle) rebases later values.
    public var rotation: Double {
        get { turn + offset }
        set { offset = newValue - turn }
    }

    /// How fast ``rotation`` changes, in radians per second; zero once the touches have rested for 40 ms.
    public var velocity: Double {
        touchpad.value == nil ? gesture.velocity(at: currentTime) : touchpad.velocity(at: currentTime)
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

    open override func touchpadGestureBegan(_ gesture: TouchpadGestureEvent) {
        touchpad.began(gesture)
    }

    open override func touchpadGestureChanged(_ gesture: TouchpadGestureEvent) {
        perform(touchpad.changed(gesture))
    }

    open override func touchpadGestureEnded(_ gesture: TouchpadGestureEvent) {
        perform(touchpad.ended())
    }

    open override func touchpadGestureCancelled(_ gesture: TouchpadGestureEvent) {
        touchpad.cancelled()
    }

    open override func reset() {
        super.reset()
        gesture.reset()
        touchpad.reset()
        offset = 0
    }
}
