// A finger (or the pointer with its button held) on the screen, from touch-down to lift-off or cancel.
import FoundationEssentials
import Glibc

/// One contact with the screen, tracked from the moment it comes down until it is lifted or cancelled.
///
/// The same object stands for the contact throughout: touches are compared by identity, as UIKit's `UITouch` is.
/// The window updates it before each delivery; its ``view`` is the view it was hit-tested to at touch-down, which
/// keeps receiving it wherever it moves, even outside its bounds.
public final class Touch: Hashable, CustomStringConvertible {
    /// The phase of a touch within one event.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The touch came down in this event.
        case began
        /// The touch moved in this event.
        case moved
        /// The touch is down but did not change in this event.
        case stationary
        /// The touch was lifted in this event.
        case ended
        /// The system stopped tracking the touch (a compositor's cancel, or its source went away).
        case cancelled

        /// The phase's name: `began`, `moved`, `stationary`, `ended`, `cancelled`.
        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }

        /// Whether the touch is over: ended or cancelled.
        public var isFinished: Bool { self == .ended || self == .cancelled }
    }

    /// What kind of contact produced the touch.
    public enum Kind: Hashable, Sendable {
        /// A finger on a touchscreen.
        case direct
        /// The pointer (mouse or touchpad) with its primary button held.
        case indirectPointer
        /// A pen's tip on a tablet or a pen-enabled screen (UIKit's `.pencil`); it has ``Touch/force`` and angles.
        case pencil
        /// A pen's eraser end. UIKit has no such type; Android's `TOOL_TYPE_ERASER` is the model.
        case eraser
    }

    /// A number unique among all touches this process creates; stable for the touch's life.
    public let identifier: Int
    /// What kind of contact produced the touch.
    public let kind: Kind
    /// The phase in the event being delivered. A late delivery to the view — a `touchesBegan` or `touchesEnded` a
    /// gesture recognizer held back, a cancel when one recognizes — shows the phase it delivers.
    public var phase: Phase { deliveredPhase ?? currentPhase }
    /// When the touch last changed.
    public internal(set) var timestamp: Timestamp
    /// The number of quick successive taps at this place that this touch completes: 1 for a first tap, 2 for the
    /// second of a double tap, and so on. See ``GestureDefaults/doubleTapInterval`` and
    /// ``GestureDefaults/doubleTapSlop``.
    public internal(set) var tapCount: Int
    /// The view the touch was hit-tested to when it came down; `nil` when it came down outside every view that
    /// takes touches.
    public internal(set) var view: View?
    /// The window the touch belongs to.
    public internal(set) weak var window: Window?
    /// The radius of the contact, in points: half the major axis of the contact ellipse when the source reports
    /// one, otherwise 0.
    public internal(set) var majorRadius: Double
    /// The uncertainty of ``majorRadius``, in points: the radius lies within `majorRadius ± majorRadiusTolerance`.
    public internal(set) var majorRadiusTolerance: Double = 0
    /// How hard the touch presses, from 0 up to ``maximumPossibleForce``: a pen's pressure, 0 for a source that
    /// reports none.
    public internal(set) var force: Double = 0
    /// The highest ``force`` the source can report: 1 for a pen (its pressure as a fraction of its maximum), 0 for a
    /// source that reports no force.
    public internal(set) var maximumPossibleForce: Double = 0
    /// A pen's angle to the screen, in radians: π/2 perpendicular (and for every touch that is not a pen), 0 flat.
    public internal(set) var altitudeAngle: Double = .pi / 2
    /// The direction a pen's barrel points, in the window's coordinates (see ``PenAttributes/azimuthAngle``).
    var azimuthAngleInWindow: Double = 0
    /// The gesture recognizers that receive this touch: those of its view and of the view's ancestors, as they
    /// were when the touch came down, less those whose delegate declined it.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Where the touch is, in the window's coordinates.
    var locationInWindow: Point
    /// Where the touch was before its last move, in the window's coordinates.
    var previousLocationInWindow: Point
    /// Where the touch came down, in the window's coordinates.
    let initialLocationInWindow: Point
    /// Whether the touch has moved farther than the tap slop from where it came down.
    var hasLeftTapSlop = false
    /// The phase the touch is in now, in the event being delivered.
    var currentPhase: Phase
    /// The phase a late delivery to the view is delivering, while it does.
    var deliveredPhase: Phase?
    /// How the touch's view has been told about it.
    var viewDelivery = ViewDelivery.undelivered
    /// The samples since the touch was last delivered, oldest first: what ``Event/coalescedTouches(for:)`` gives.
    var samplesSinceDelivery: [Sample] = []
    /// The recent samples a prediction is made from.
    var recentMotion = VelocityTracker(strategy: .linear)

    /// Where the touch is predicted to be a short time ahead of its newest sample (docs/gestures.md), from its
    /// samples so far: what ``Event/predictedTouches(for:)`` gives for it in its latest delivery, and the same until
    /// the next one. Empty when nothing is predicted (the touch is stopping, turning, or over).
    ///
    /// Differs from UIKit: UIKit predicts only through the event. A program that draws the prediction once a frame
    /// asks here at its frame, rather than at every event (several a frame), and keeps the touch instead.
    public func predictedSamples() -> [Sample] {
        guard !currentPhase.isFinished else { return [] }
        var predicted = TouchPredictor.predict(from: recentMotion.samples, majorRadius: majorRadius)
        if let pen {
            for index in predicted.indices { predicted[index].pen = pen }
        }
        return predicted
    }

    /// Takes the touch's current place and time as a sample.
    func recordSample() {
        let sample = Sample(locationInWindow: locationInWindow, timestamp: timestamp, majorRadius: majorRadius,
                            pen: pen)
        samplesSinceDelivery.append(sample)
        recentMotion.addSample(locationInWindow, at: timestamp)
    }

    init(identifier: Int, kind: Kind, location: Point, timestamp: Timestamp, tapCount: Int, majorRadius: Double) {
        self.identifier = identifier
        self.kind = kind
        self.currentPhase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.majorRadius = majorRadius
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.initialLocationInWindow = location
    }

    /// The pen's pressure and angles now, or `nil` for a touch that is not a pen (``maximumPossibleForce`` 0).
    public var pen: PenAttributes? {
        guard maximumPossibleForce > 0 else { return nil }
        return PenAttributes(force: force, altitudeAngle: altitudeAngle, azimuthAngle: azimuthAngleInWindow)
    }

    /// Takes a pen's pressure and angles; `nil` keeps what the touch had.
    func apply(_ pen: PenAttributes?) {
        guard let pen else { return }
        force = pen.force
        maximumPossibleForce = 1
        altitudeAngle = pen.altitudeAngle
        azimuthAngleInWindow = pen.azimuthAngle
    }

    /// The direction a pen's barrel points, in radians in a view's coordinates (the window's when `view` is `nil`),
    /// from its +x axis towards its +y axis; 0 for a touch that is not a pen. As UIKit's `azimuthAngle(in:)`.
    public func azimuthAngle(in view: View?) -> Double {
        guard let view, maximumPossibleForce > 0 else { return azimuthAngleInWindow }
        return Touch.azimuth(azimuthAngleInWindow, at: locationInWindow, in: view)
    }

    /// A direction at a place in the window, as seen in a view's coordinates.
    static func azimuth(_ angle: Double, at location: Point, in view: View) -> Double {
        let ahead = Point(x: location.x + cos(angle), y: location.y + sin(angle))
        let from = view.convert(location, from: nil), to = view.convert(ahead, from: nil)
        let turned = atan2(to.y - from.y, to.x - from.x)
        return turned < 0 ? turned + 2 * .pi : turned
    }

    /// The touch's location in a view's coordinates, or in the window's when `view` is `nil`.
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The touch's location before its last move, in a view's coordinates, or in the window's when `view` is `nil`.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// Whether the two are the same touch object: touches compare by identity, as `UITouch` does.
    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }

    /// Hashes the touch's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// For debugging: the identifier, phase, location in the window and tap count.
    public var description: String {
        "Touch(\(identifier), \(phase), \(locationInWindow), tapCount: \(tapCount))"
    }
}

/// What a touch's view has been told, and what is held back from it while gesture recognizers decide.
enum ViewDelivery: Equatable {
    /// The touch is new: its `touchesBegan` is being decided.
    case undelivered
    /// The view never hears of this touch: another touch already holds a view that takes one touch at a time, or
    /// an exclusive-touch view holds the window, or the touch hit no view.
    case excluded
    /// `touchesBegan` is held back by a recognizer with `delaysTouchesBegan`; `endedToo` when the touch has ended
    /// meanwhile, so its end waits too.
    case beganHeld(endedToo: Bool)
    /// The view heard `touchesBegan`, and hears moves.
    case began
    /// The view heard `touchesBegan`; `touchesEnded` is held back by a recognizer with `delaysTouchesEnded`.
    case endedHeld
    /// The view was told the touch ended or was cancelled, or a recognizer took the touch before the view heard of
    /// it: nothing more about this touch goes to the view.
    case finished

    /// Whether the view may still hear about the touch.
    var isOpen: Bool { self != .excluded && self != .finished }

    /// Whether the view heard `touchesBegan` (and so must hear how the touch ends).
    var viewHeardBegan: Bool { self == .began || self == .endedHeld }

    /// What the touch's recognizers say about the view hearing of it now.
    struct Holds: Hashable {
        /// A recognizer that cancels touches in views already holds the gesture the touch joins.
        var isTaken = false
        /// A recognizer that may still recognize delays `touchesBegan`.
        var holdsBegan = false
        /// A recognizer that may still recognize delays `touchesEnded`.
        var holdsEnded = false
    }

    /// The touch is in `phase` in the event being delivered: moves on, and returns the phase the view hears now,
    /// `nil` for nothing (held back, or the view never hears of the touch).
    mutating func deliver(_ phase: Touch.Phase, _ holds: Holds) -> Touch.Phase? {
        guard isOpen else { return nil }
        switch (phase, self) {
        case (.began, _):
            if holds.isTaken {
                self = .finished
            } else if holds.holdsBegan {
                self = .beganHeld(endedToo: false)
            } else {
                self = .began
                return .began
            }
        case (.moved, .began):
            return .moved
        case (.moved, _), (.stationary, _):
            break
        case (.ended, .beganHeld):
            self = .beganHeld(endedToo: true)
        case (.ended, _):
            if holds.holdsEnded {
                self = .endedHeld
            } else {
                self = .finished
                return .ended
            }
        case (.cancelled, let delivery):
            self = .finished
            if delivery.viewHeardBegan { return .cancelled }
        }
        return nil
    }

    /// A recognizer took the touch: nothing more goes to the view. Returns whether the view must hear a cancel
    /// (it heard the began).
    mutating func take() -> Bool {
        guard isOpen else { return false }
        let heardBegan = viewHeardBegan
        self = .finished
        return heardBegan
    }

    /// The held `touchesBegan` may go now (`holdsBegan` false): returns whether to deliver it late.
    mutating func releaseBegan(holdsBegan: Bool) -> Bool {
        guard case let .beganHeld(endedToo) = self, !holdsBegan else { return false }
        self = endedToo ? .endedHeld : .began
        return true
    }

    /// The held `touchesEnded` may go now (`holdsEnded` false): returns whether to deliver it late.
    mutating func releaseEnded(holdsEnded: Bool) -> Bool {
        guard self == .endedHeld, !holdsEnded else { return false }
        self = .finished
        return true
    }
}
