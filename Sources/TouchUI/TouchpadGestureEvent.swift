// A touchpad gesture as recognizers see it: UIKit's indirect "transform" events, not touches.

/// One moment of a touchpad gesture (a pinch, a swipe or a hold of fingers on a touchpad), as the window delivers
/// it to the gesture recognizers that accept it (``GestureRecognizer/allowedTouchpadGestures``).
///
/// UIKit delivers a trackpad's pinch and rotation to `UIPinchGestureRecognizer` and `UIRotationGestureRecognizer`
/// as indirect transform events rather than touches; GTK4's `GtkGestureZoom` and `GtkGestureRotate` take the
/// touchpad's pinch events the same way. No touch exists for the fingers on a touchpad: views never hear of
/// these events, and a recognizer following one reports no touches (``GestureRecognizer/numberOfTouches`` is 0).
///
/// Every value is cumulative since the gesture began.
public struct TouchpadGestureEvent: Hashable, Sendable {
    /// The gestures a touchpad reports (`zwp_pointer_gestures_v1`).
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// Several fingers moving together.
        case swipe
        /// Two or more fingers pinching and turning.
        case pinch
        /// Fingers resting on the touchpad; it has no updates.
        case hold
    }

    /// Where the gesture is in its life.
    public enum Phase: Hashable, Sendable {
        /// The fingers came down on the touchpad.
        case began
        /// The fingers moved, pinched or turned.
        case changed
        /// The fingers were lifted.
        case ended
        /// The system took the gesture away (the compositor cancelled it).
        case cancelled
    }

    /// Which gesture this is.
    public var kind: Kind
    /// Where the gesture is in its life.
    public var phase: Phase
    /// How many fingers are on the touchpad.
    public var fingerCount: Int
    /// Where the pointer was when the gesture began, in the window's coordinates: what it was hit-tested at.
    public var location: Point
    /// How far the fingers have moved together since the gesture began, in points.
    public var translation: Vector
    /// The fingers' span now over their span when the gesture began (a pinch; 1 for the others).
    public var scale: Double
    /// How far the fingers have turned since the gesture began, in radians, positive clockwise on screen (a pinch;
    /// 0 for the others), unwrapped.
    public var rotation: Double
    /// When this moment happened.
    public var timestamp: Timestamp

    /// A gesture's moment; ``Window/handleTouchpadGesture(_:at:)`` builds these from the source's changes.
    public init(kind: Kind, phase: Phase, fingerCount: Int, location: Point, translation: Vector = .zero,
                scale: Double = 1, rotation: Double = 0, timestamp: Timestamp) {
        self.kind = kind
        self.phase = phase
        self.fingerCount = fingerCount
        self.location = location
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
        self.timestamp = timestamp
    }
}

/// One change of a touchpad gesture, as an input source (`zwp_pointer_gestures_v1`) reports it to a ``Window``.
public enum TouchpadGestureInput: Hashable, Sendable {
    /// The gesture began with `fingers` fingers while the pointer was at `location` (the window's coordinates).
    case begin(TouchpadGestureEvent.Kind, fingers: Int, at: Point)
    /// The fingers moved by `delta` points since the last update; for a pinch, `scale` is relative to the begin
    /// and `rotationDelta` is in degrees clockwise since the last update (the protocol's units).
    case update(TouchpadGestureEvent.Kind, delta: Vector, scale: Double, rotationDelta: Double)
    /// The gesture ended, or was cancelled.
    case end(TouchpadGestureEvent.Kind, cancelled: Bool)
}
