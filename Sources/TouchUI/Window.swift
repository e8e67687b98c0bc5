// The root of a view tree: takes one group of input at a time and dispatches it to recognizers and views.

/// One change of one contact, as an input source reports it to a ``Window``.
public struct TouchInput: Hashable, Sendable {
    /// What happened to the contact.
    public enum Change: Hashable, Sendable {
        /// The contact came down at a location in the window's coordinates; `pen` carries a pen's pressure and
        /// angles (``Touch/Kind/pencil`` and ``Touch/Kind/eraser``).
        case began(Point, majorRadius: Double = 0, kind: Touch.Kind = .direct, pen: PenAttributes? = nil)
        /// The contact moved to a location; `majorRadius` and `pen` are `nil` when the source did not report new
        /// ones.
        case moved(Point, majorRadius: Double? = nil, pen: PenAttributes? = nil)
        /// The contact was lifted, at a final location when the source reports one.
        case ended(Point? = nil)
        /// The system stopped tracking the contact.
        case cancelled
    }

    /// The source's number for the contact, unique among the contacts that are down at once.
    public var contact: Int
    /// What happened to the contact.
    public var change: Change

    /// A `change` of the contact numbered `contact`.
    public init(contact: Int, _ change: Change) {
        self.contact = contact
        self.change = change
    }
}

/// The root view: it takes input from its source one group at a time, turns it into touches and delivers them —
/// to the gesture recognizers first, then to the views — as UIKit's `UIWindow.sendEvent` does.
///
/// A touch is hit-tested when it comes down and stays with that view until it ends. The window keeps the clock
/// (``timers``) that gesture recognizers' timers run on; its owner moves it with ``advanceTime(to:)`` and with the
/// time of each input.
open class Window: View {
    /// The clock and timers that gesture recognizers use.
    public let timers: TimerQueue
    /// The touches that are down, in the order they came down.
    public var activeTouches: [Touch] { activeTouchSet.sorted { $0.identifier < $1.identifier } }

    let event = Event()
    private var touchesByContact: [Int: Touch] = [:]
    /// The touches that are down (and those that finish in the delivery under way). Each event's `allTouches`.
    private(set) var activeTouchSet: Set<Touch> = []
    /// The touches that changed in the latest delivery: the next delivery shows them stationary unless they change
    /// again, so a delivery costs what changed, not what is down.
    private var latestChanged: [Touch] = []
    /// The views whose touches are down (touches they hear of), with how many each: what exclusive-touch and
    /// single-touch views are judged by when a touch comes down.
    private var viewsWithTouches: [ObjectIdentifier: (view: View, count: Int)] = [:]
    private var nextTouchIdentifier = 1
    /// The pens near the screen, touching it or hovering over it (a tablet tool in proximity), by the source's
    /// number for them. While one is, a painting program may keep fingers from painting, as iPadOS does.
    public private(set) var pensInProximity: Set<Int> = []
    /// How many touch-downs were ignored because ``GestureDefaults/maximumSimultaneousTouches`` were down.
    package private(set) var ignoredTouchDowns = 0
    /// The quick taps so far, each near the one before: what a touch coming down counts on from.
    private var taps = TapRun(anchor: .latestTap)
    /// Every recognizer that has seen touches since its last reset, and what it decided.
    var arena = GestureArena(explainsDecisions: ArenaDecision.isRequestedByEnvironment)
    /// Called with every decision of the window's gesture arena — which recognizer began, recognized, waits,
    /// failed or was cancelled, for which touches, and why — to debug recognizers that fight over touches. `nil` by
    /// default; with `TOUCHUI_DEBUG=arena` in the environment every window starts with one that prints each
    /// decision to standard error. Setting it costs nothing while it is `nil`.
    public var onArenaDecision: ((ArenaDecision) -> Void)? = ArenaDecision.standardErrorPrinterIfRequested {
        didSet { arena.explainsDecisions = onArenaDecision != nil }
    }
    /// The touchpad gesture under way, with the recognizers following it.
    var touchpadGesture: TouchpadGestureSequence?
    /// The hovering pens with recognizers following them, by the source's number for each pen.
    var penHovers: [Int: PenHoverSequence] = [:]
    /// The identifier of the next touchpad gesture's arena token: negative, so that touches keep their numbers.
    var nextTouchpadTokenIdentifier = -1
    /// Recognizers that have seen touches since their last reset, in the order they first did.
    var engagedRecognizers: [GestureRecognizer] { arena.recognizers }

    /// A window covering `frame` whose recognizers' timers run on `timers`, the clock a test or an event loop advances.
    public init(frame: Rect, timers: TimerQueue = TimerQueue()) {
        self.timers = timers
        super.init(frame: frame)
    }

    /// The window is the last responder.
    open override var next: Responder? { nil }

    // MARK: - Input

    /// Moves the clock to `time`, firing gesture recognizers' timers that are due.
    public func advanceTime(to time: Timestamp) {
        timers.advance(to: time)
        settleGestures()
    }

    /// Takes one group of changes that happened together (a Wayland touch frame) and delivers it.
    ///
    /// Timers due before `time` fire first. The input is not trusted: a change for a contact that is not down is
    /// ignored, a `began` for a contact that is down cancels the old touch first, and two changes of one contact in
    /// a group are delivered as two events so that no sample is lost.
    public func handle(_ inputs: [TouchInput], at time: Timestamp) {
        advanceTime(to: time)
        let time = max(time, timers.now)
        var batch: [TouchInput] = []
        for input in inputs {
            let repeatsContact = batch.contains { $0.contact == input.contact }
            if repeatsContact {
                dispatch(batch, at: time)
                batch = []
            }
            if case .began = input.change, touchesByContact[input.contact] != nil {
                dispatch(batch, at: time)
                batch = []
                dispatch([TouchInput(contact: input.contact, .cancelled)], at: time)
            }
            batch.append(input)
        }
        dispatch(batch, at: time)
    }

    /// A pen came near the screen (`isNear`) or went away from it (tablet proximity in and out). A pen is a touch
    /// only while it touches the screen; near it, it hovers.
    public func setPen(_ pen: Int, isNear: Bool) {
        if isNear { pensInProximity.insert(pen) } else { pensInProximity.remove(pen) }
    }

    /// Cancels every touch that is down (the input source went away, or a compositor's cancel).
    public func cancelAllTouches(at time: Timestamp) {
        let contacts = touchesByContact.sorted { $0.value.identifier < $1.value.identifier }.map(\.key)
        handle(contacts.map { TouchInput(contact: $0, .cancelled) }, at: time)
    }

    private func dispatch(_ inputs: [TouchInput], at time: Timestamp) {
        guard !inputs.isEmpty else { return }
        var changed: [Touch] = []
        for input in inputs {
            if let touch = apply(input, at: time) { changed.append(touch) }
        }
        guard !changed.isEmpty else { return }
        let changedSet = Set(changed)
        for touch in latestChanged where activeTouchSet.contains(touch) && !changedSet.contains(touch) {
            touch.currentPhase = .stationary
        }
        latestChanged = changed
        event.timestamp = time
        event.allTouches = activeTouchSet
        deliver(changed, with: event)
        finishDelivery(of: changed)
    }

    /// Updates (or creates) the touch for one input; `nil` when the input is ignored.
    private func apply(_ input: TouchInput, at time: Timestamp) -> Touch? {
        switch input.change {
        case let .began(location, majorRadius, kind, pen):
            guard touchesByContact.count < GestureDefaults.maximumSimultaneousTouches else {
                // Its moves and lift find no touch and are ignored too.
                ignoredTouchDowns += 1
                return nil
            }
            let touch = Touch(identifier: nextTouchIdentifier, kind: kind, location: location, timestamp: time,
                              tapCount: taps.number(ofPressAt: location, at: time), majorRadius: majorRadius)
            nextTouchIdentifier += 1
            touch.apply(pen)
            touch.window = self
            touchesByContact[input.contact] = touch
            activeTouchSet.insert(touch)
            attach(touch)
            touch.recordSample()
            return touch
        case let .moved(location, majorRadius, pen):
            guard let touch = touchesByContact[input.contact] else { return nil }
            touch.apply(pen)
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            if let majorRadius { touch.majorRadius = majorRadius }
            touch.timestamp = time
            touch.currentPhase = .moved
            if location.distance(to: touch.initialLocationInWindow) > GestureDefaults.tapSlop {
                touch.hasLeftTapSlop = true
            }
            touch.recordSample()
            return touch
        case let .ended(location):
            guard let touch = touchesByContact.removeValue(forKey: input.contact) else { return nil }
            if let location, location != touch.locationInWindow {
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = location
                if location.distance(to: touch.initialLocationInWindow) > GestureDefaults.tapSlop {
                    touch.hasLeftTapSlop = true
                }
            }
            touch.timestamp = time
            touch.currentPhase = .ended
            touch.recordSample()
            return touch
        case .cancelled:
            guard let touch = touchesByContact.removeValue(forKey: input.contact) else { return nil }
            touch.timestamp = time
            touch.currentPhase = .cancelled
            touch.recordSample()
            return touch
        }
    }

    /// Binds a new touch to its view and recognizers.
    private func attach(_ touch: Touch) {
        guard let view = hitTest(touch.locationInWindow, with: event) else {
            touch.viewDelivery = .excluded
            return
        }
        touch.view = view
        let others = viewsWithTouches.values.map(\.view)
        if others.contains(where: { ($0.isExclusiveTouch || view.isExclusiveTouch) && $0 !== view }) {
            // An exclusive-touch view holds the window (or wants it alone): the touch goes nowhere.
            touch.viewDelivery = .excluded
            return
        }
        if !view.isMultipleTouchEnabled, others.contains(where: { $0 === view }) {
            // The view takes one touch at a time; its recognizers still see this one.
            touch.viewDelivery = .excluded
        } else {
            viewsWithTouches[ObjectIdentifier(view), default: (view, 0)].count += 1
        }
        touch.gestureRecognizers = gestureRecognizers(for: touch, on: view)
    }

    /// The enabled recognizers of the view and its ancestors, innermost first, that accept the touch. Hover
    /// recognizers follow hovering pens, never touches.
    private func gestureRecognizers(for touch: Touch, on view: View) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current: View? = view
        while let candidate = current {
            for recognizer in candidate.gestureRecognizers where recognizer.isEnabled && !(recognizer is HoverGestureRecognizer) {
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false { continue }
                result.append(recognizer)
            }
            current = candidate.superview
        }
        return result
    }

    private func finishDelivery(of changed: [Touch]) {
        for touch in changed { touch.samplesSinceDelivery.removeAll(keepingCapacity: true) }
        for touch in changed where touch.currentPhase.isFinished {
            activeTouchSet.remove(touch)
            if touch.viewDelivery != .excluded, let view = touch.view, let held = viewsWithTouches[ObjectIdentifier(view)] {
                viewsWithTouches[ObjectIdentifier(view)] = held.count > 1 ? (view, held.count - 1) : nil
            }
            if touch.currentPhase == .ended && !touch.hasLeftTapSlop {
                taps.tapEnded(number: touch.tapCount, at: touch.locationInWindow, time: touch.timestamp)
            } else {
                taps.end()
            }
        }
        for recognizer in arena.recognizers {
            if let centroid = recognizer.centroidInWindow { recognizer.lastLocationInWindow = centroid }
            recognizer.trackedTouches.removeAll { $0.currentPhase.isFinished }
        }
        settleGestures()
    }
}
