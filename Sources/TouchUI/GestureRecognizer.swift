// The base gesture recognizer: UIKit's state machine, targets, delegate and the subclassing surface.

/// Decides what a touch sequence means — a tap, a pan, a pinch — before the view under the touches acts on it.
///
/// Attach a recognizer to a view with ``View/addGestureRecognizer(_:)``; it then sees the touches of that view and
/// of its subviews before they do. A recognizer starts in ``State-swift.enum/possible``. A discrete one (tap,
/// swipe) goes to ``State-swift.enum/ended`` when it recognizes or to ``State-swift.enum/failed``; a continuous one
/// (pan, pinch, rotation, long press) goes to `began`, `changed`… and `ended` or `cancelled`, or fails before it
/// begins. Its targets are called on every change but `failed`. Once its touch sequence is over — every touch it
/// saw has ended — it is reset to `possible`.
///
/// The window coordinates recognizers as UIKit does: one that recognizes makes the others that share its touches
/// fail unless a delegate allows both (``GestureRecognizerDelegate/gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)``);
/// ``require(toFail:)`` makes one wait for another; ``cancelsTouchesInView``, ``delaysTouchesBegan`` and
/// ``delaysTouchesEnded`` decide what the view hears.
///
/// To write your own, subclass and override ``touchesBegan(_:with:)`` and its siblings, set ``state`` as the
/// gesture unfolds, and override ``reset()`` to clear your own state.
open class GestureRecognizer {
    /// The state of a recognizer.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// Not recognized yet: the starting state, and the state after a reset.
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended: a continuous one finished, a discrete one was recognized.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized; the same state as ``ended``.
        public static let recognized = State.ended

        /// The state's name, as UIKit spells it: `possible`, `began`, `changed`, `ended`, `cancelled`, `failed`.
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// Whether the recognizer is done with this touch sequence and waits for it to end to be reset.
        public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

        /// Whether a continuous gesture is in progress.
        public var isActive: Bool { self == .began || self == .changed }

        /// Whether UIKit allows going from this state to `next`. The nine legal changes are possible → began,
        /// ended or failed; began → changed, ended or cancelled; changed → changed, ended or cancelled.
        public func canTransition(to next: State) -> Bool {
            switch (self, next) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed): true
            case (.began, .changed), (.began, .ended), (.began, .cancelled): true
            case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
            default: false
            }
        }
    }

    /// A registered action; pass it to ``removeTarget(_:)``.
    public struct TargetToken: Hashable, Sendable {
        fileprivate let value: Int
    }

    // MARK: - Public state

    /// The recognizer's state. Subclasses set it to move the gesture on; only UIKit's legal changes are taken
    /// (see ``State-swift.enum/canTransition(to:)``), others are ignored and counted in ``illegalTransitionCount``.
    ///
    /// A change out of `possible` may not take effect at once: while a recognizer this one must wait for (see
    /// ``require(toFail:)``) has not decided, the state stays `possible` and the change is applied when the other
    /// fails; a delegate may turn it into `failed`.
    public var state: State {
        get { storedState }
        set { requestState(newValue) }
    }

    /// Whether the recognizer takes touches. Disabling it in the middle of a gesture cancels the gesture.
    public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled { abandonSequence() }
        }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?

    /// The delegate that can veto the recognizer's start, allow simultaneous recognition and require failures.
    public weak var delegate: (any GestureRecognizerDelegate)?

    /// A name for debugging: the arena's decisions (``ArenaDecision``) name the recognizer by its type and this.
    /// As UIKit's `name`.
    public var name: String?

    /// Whether the touches of a recognized gesture are cancelled in the view (`touchesCancelled`): true by default.
    /// When false, the view keeps getting them as if there were no recognizer.
    public var cancelsTouchesInView = true

    /// Whether `touchesBegan` is held back from the view while this recognizer may still recognize: false by
    /// default. If the recognizer recognizes, the view never hears of the touches; if it fails, they are delivered.
    public var delaysTouchesBegan = false

    /// Whether `touchesEnded` is held back from the view while this recognizer may still recognize: true by
    /// default. If the recognizer recognizes, the view gets `touchesCancelled` instead; if it fails, `touchesEnded`.
    public var delaysTouchesEnded = true

    /// Called after every change of ``state`` — `failed`, each `changed` and the return to `possible` at reset
    /// included — with the recognizer. Differs from UIKit, which offers key-value observing of `state` instead.
    public var onStateChange: ((GestureRecognizer) -> Void)?

    /// How many state changes a subclass asked for that UIKit does not allow; they were ignored.
    public private(set) var illegalTransitionCount = 0

    // MARK: - Internal state; what the recognizer decided, the window's `GestureArena` holds

    /// The state reported: set by the window as it carries out the arena's decisions, or directly outside a window.
    var storedState: State = .possible {
        didSet {
            if oldValue != .possible || storedState != .possible { onStateChange?(self) }
        }
    }
    /// The touches of the current sequence that are down (and those that finished in the event being delivered).
    var trackedTouches: [Touch] = []
    /// Where the touches last were, for `location(in:)` once they are gone.
    var lastLocationInWindow: Point?
    /// Timers scheduled by the recognizer and not yet fired.
    var timerTokens: Set<TimerQueue.Token> = []
    /// Recognizers that must fail before this one may recognize.
    var failureRequirements: [Weak] = []

    private var targets: [(token: TargetToken, action: (GestureRecognizer) -> Void)] = []
    private var nextTargetValue = 0

    /// A recognizer with no targets yet.
    public init() {}

    /// A recognizer that calls `action` on each state change it reports.
    public convenience init(action: @escaping (GestureRecognizer) -> Void) {
        self.init()
        addTarget(action)
    }

    // MARK: - Targets

    /// Adds an action, called with the recognizer on each change of a continuous gesture (began, changed, ended,
    /// cancelled) and on recognition of a discrete one.
    @discardableResult
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) -> TargetToken {
        nextTargetValue += 1
        let token = TargetToken(value: nextTargetValue)
        targets.append((token, action))
        return token
    }

    /// Adds a target-action pair, UIKit style: `recognizer.addTarget(self, action: Controller.handlePan)`. The
    /// target is held weakly; once it is gone the action is no longer called.
    @discardableResult
    public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) -> TargetToken {
        addTarget { [weak target] recognizer in
            guard let target, let recognizer = recognizer as? Recognizer else { return }
            action(target)(recognizer)
        }
    }

    /// Removes an action added with ``addTarget(_:)``.
    public func removeTarget(_ token: TargetToken) {
        targets.removeAll { $0.token == token }
    }

    func sendActions() {
        for target in targets { target.action(self) }
    }

    // MARK: - Relations

    /// Makes this recognizer wait for `other` to fail before it recognizes: it recognizes late, when `other`
    /// fails, and fails if `other` recognizes. A single tap that requires a double tap to fail is the classic use.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(Weak(other))
    }

    /// Overridden by subclasses to say this recognizer must wait for `other` to fail. False by default.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// Overridden by subclasses to make `other` wait for this recognizer to fail. False by default.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Overridden by subclasses to say whether this recognizer, recognizing, may make `other` fail. True by default.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Overridden by subclasses to say whether `other`, recognizing, may make this recognizer fail. True by default.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    // MARK: - Touches

    /// How many touches the recognizer holds in the event being delivered.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the recognizer's touches in a view's coordinates (the window's when `view` is `nil`); once
    /// the touches are gone, where they last were.
    open func location(in view: View?) -> Point {
        let inWindow = centroidInWindow ?? lastLocationInWindow ?? .zero
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// The location of one of the recognizer's touches, by index in ``numberOfTouches``.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(trackedTouches.indices.contains(index), "touch index \(index) out of range")
        return trackedTouches[index].location(in: view)
    }

    var centroidInWindow: Point? {
        guard !trackedTouches.isEmpty else { return nil }
        let count = Double(trackedTouches.count)
        let sum = trackedTouches.reduce(Vector.zero) { $0 + ($1.locationInWindow - .zero) }
        return Point(x: sum.dx / count, y: sum.dy / count)
    }

    // MARK: - Subclassing

    /// Touches came down. The default does nothing.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Touches moved. The default does nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Touches were lifted. The default does nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Touches were cancelled by the system. The default does nothing; afterwards the window cancels a gesture in
    /// progress and fails one that had not begun.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    // MARK: - Touchpad gestures

    /// The touchpad gestures the recognizer follows (``touchpadGestureBegan(_:)`` and its siblings): none by
    /// default; ``PinchGestureRecognizer`` and ``RotationGestureRecognizer`` follow pinches, as UIKit's follow a
    /// trackpad's transform events. Set it to `[]` to leave touchpad gestures to someone else, or widen it in a
    /// subclass that follows swipes or holds. As UIKit's `allowedTouchTypes`, for touchpad gestures.
    public var allowedTouchpadGestures: Set<TouchpadGestureEvent.Kind> = []

    /// A touchpad gesture the recognizer allows began over its view (or a subview). The default does nothing.
    open func touchpadGestureBegan(_ gesture: TouchpadGestureEvent) {}
    /// The touchpad gesture moved, pinched or turned. The default does nothing.
    open func touchpadGestureChanged(_ gesture: TouchpadGestureEvent) {}
    /// The fingers left the touchpad. The default does nothing; afterwards, a recognizer that has not decided fails.
    open func touchpadGestureEnded(_ gesture: TouchpadGestureEvent) {}
    /// The system took the touchpad gesture away. The default does nothing; afterwards the window cancels a gesture
    /// in progress and fails one that had not begun, as for cancelled touches.
    open func touchpadGestureCancelled(_ gesture: TouchpadGestureEvent) {}

    /// Clears the recognizer's own state for the next touch sequence. Called when the state goes back to
    /// `possible`; subclasses call `super.reset()`.
    open func reset() {}

    /// The current time on the window's clock, or the latest touch's time when the recognizer is in no window.
    public var currentTime: Timestamp {
        view?.window?.timers.now ?? trackedTouches.map(\.timestamp).max() ?? .zero
    }

    /// Schedules an action on the window's clock. Timers are cancelled when the recognizer is reset.
    @discardableResult
    public func scheduleTimer(after delay: Duration, _ action: @escaping () -> Void) -> TimerQueue.Token? {
        guard let window = view?.window else { return nil }
        var token: TimerQueue.Token?
        token = window.timers.schedule(after: delay) { [weak self, weak window] in
            guard let self else { return }
            if let token { self.timerTokens.remove(token) }
            action()
            window?.settleGestures()
        }
        timerTokens.insert(token!)
        return token
    }

    /// Cancels a timer scheduled with ``scheduleTimer(after:_:)``.
    public func cancelTimer(_ token: TimerQueue.Token?) {
        guard let token else { return }
        timerTokens.remove(token)
        view?.window?.timers.cancel(token)
    }

    // MARK: - State changes

    private func requestState(_ next: State) {
        let window = view?.window
        let pending = window?.arena.decision(of: self).pending ?? []
        let current = pending.last ?? storedState
        guard current.canTransition(to: next) else {
            // Asking again for the change it already waits to make is not an error.
            if pending.last != next { illegalTransitionCount += 1 }
            return
        }
        if let window {
            window.gestureRecognizer(self, requests: next)
        } else {
            applyState(next)
        }
    }

    /// Sets the state and sends the actions, for a recognizer in no window.
    private func applyState(_ next: State) {
        storedState = next
        if next != .failed && next != .possible { sendActions() }
    }

    /// Ends the current sequence at once: cancels a gesture in progress, fails an undecided one, and resets.
    func abandonSequence() {
        if let window = view?.window {
            window.abandon(self)
        } else {
            if storedState.isActive { applyState(.cancelled) } else if storedState == .possible { storedState = .failed }
            resetForNextSequence()
        }
    }

    /// Cancels every timer the recognizer scheduled.
    func cancelTimers() {
        for token in timerTokens { view?.window?.timers.cancel(token) }
        timerTokens = []
    }

    /// Puts the recognizer back in `possible` with no touches and no timers.
    func resetForNextSequence() {
        cancelTimers()
        trackedTouches = []
        storedState = .possible
        reset()
    }

    /// Whether the recognizer has not decided yet: possible, with or without a deferred recognition.
    var isUndecided: Bool { storedState == .possible }

    /// Whether this recognizer must wait for `other` to fail, by ``require(toFail:)``, an override, or a delegate.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.value === other }
            || shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// Whether the two may recognize at once: either delegate says so.
    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }
}

/// A weak reference, for relations that must not keep a recognizer alive.
struct Weak {
    weak var value: GestureRecognizer?
    init(_ value: GestureRecognizer) { self.value = value }
}
