// The pinch recognizer: two touches moving apart or together, as a cumulative scale.

/// Recognizes two touches pinching, as UIKit's `UIPinchGestureRecognizer` does. Continuous: `began` once the span
/// (the distance between the two touches) has changed by ``GestureDefaults/pinchStartDistance`` (8 pt) from what it
/// was when both came down, `changed` on each move, `ended` when either of the two lifts. Lifting before it begins
/// fails it.
///
/// ``scale`` is cumulative: the current span divided by the span when both touches came down, so it is already a
/// little away from 1 when the gesture begins, and it is never a per-frame ratio. A third touch is ignored.
///
/// A touchpad pinch (``TouchpadGestureEvent``) is followed too, as UIKit follows a trackpad's transform events:
/// `began` on the first update whose scale is not 1, `changed` on each update, `ended` when the fingers lift,
/// `cancelled` when the system cancels it; lifting before the scale changed fails it. ``scale`` is then the
/// touchpad's cumulative scale, and no touches are reported. Set ``GestureRecognizer/allowedTouchpadGestures`` to
/// `[]` to leave touchpad pinches to someone else.
///
/// Differs from UIKit: UIKit does not document its scale's reference span; here it is the span when both touches
/// came down, so a pinch that ends where it started reads exactly 1.
open class PinchGestureRecognizer: GestureRecognizer {
    private var gesture = TwoTouchGesture(
        measure: \.spanRatio,
        hasStarted: { abs($0.span - $0.initialSpan) >= GestureDefaults.pinchStartDistance }
    )
    private var touchpad = TouchpadTransform(measure: \.scale, hasStarted: { $0.scale != 1 })
    /// What ``scale`` was set to, relative to the span ratio: 1 until the app sets ``scale``.
    private var factor = 1.0

    /// A recognizer with no targets yet, following touchpad pinches.
    public override init() {
        super.init()
        allowedTouchpadGestures = [.pinch]
    }

    /// The span ratio of the touches, or the scale of the touchpad pinch followed.
    private var ratio: Double { touchpad.value ?? gesture.pair?.spanRatio ?? 1 }

    /// The scale factor since both touches came down: the current span over the span then (2 is twice as far
    /// apart). Setting it (to 1, say, after applying it, to get each change as a fresh factor) rebases later values.
    public var scale: Double {
        get { factor * ratio }
        set { factor = newValue / max(ratio, 1e-9) }
    }

    /// How fast ``scale`` changes, in scale factor per second; zero once the touches have rested for 40 ms.
    public var velocity: Double {
        (touchpad.value == nil ? gesture.velocity(at: currentTime) : touchpad.velocity(at: currentTime)) * factor
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
        factor = 1
    }
}
