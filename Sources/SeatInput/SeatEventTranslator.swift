// Turns the seat-event stream into a window's touches: frames grouped, bad sequences survived.
@_exported import SeatStream
import TouchUI

/// Feeds a ``/TouchUI/Window`` from a stream of ``/SeatStream/SeatEvent``s: the one path from a Wayland seat, a replayed trace or a
/// test to the core's touches.
///
/// - Touch events are grouped by `frame`: everything between two frames is one delivery. A group that never gets
///   its frame (weston 10 and older leave out the frame after the last up) is still delivered: when the last
///   touch goes up, when an event with a later time arrives, on a tick, or at ``finish()``. This is the only
///   place frames are assembled: the Wayland client passes `wl_touch` events through one to one.
/// - A motion to where the touch point's change in this frame already is, carrying a shape, is `wl_touch.shape`:
///   it gives that change its contact size instead of adding a change.
/// - `cancel` carries no ID and cancels every active touch point. A seat ID may be reused after its up or a
///   cancel: that is a new touch.
/// - The pointer with its left button held is one more finger: a touch of its own from press to release.
/// - A pen (tablet tool) is a touch from its down to its up: kind ``/TouchUI/Touch/Kind/pencil``
///   (``/TouchUI/Touch/Kind/eraser`` for an eraser), with its pressure and tilt as ``/TouchUI/PenAttributes`` at every
///   motion. Its proximity in and out set ``/TouchUI/Window/setPen(_:isNear:)``; while near and not down it hovers:
///   the window's hover recognizers follow it (``/TouchUI/Window/handlePenHover(_:at:)``), then the ``delegate`` hears
///   of it. A proximity-out while down ends the touch where the pen was (the compositor owes an up first; the stroke
///   is kept, as for the pointer's leave). Barrel buttons go to the delegate. Tablet frames group changes as touch
///   frames do.
/// - A touchpad gesture goes to the ``delegate`` and to the window
///   (``/TouchUI/Window/handleTouchpadGesture(_:at:)``), placed at the pointer; one that begins with the pointer off
///   the surface reaches only the delegate.
/// - Bad sequences are survived, never trusted: motion or up for an unknown ID is ignored; a second down for an
///   ID that is down cancels the old touch and begins a new one; non-finite or absurd coordinates are dropped;
///   time going backwards is held at the latest time. Each oddity is counted in ``anomalies`` and reported to
///   the ``delegate`` (a program logs it at debug level).
public final class SeatEventTranslator {
    /// Something wrong with the input that the translator survived.
    public enum Anomaly: String, Hashable, Sendable, CaseIterable {
        /// Motion or up for a touch ID that is not down: ignored.
        case unknownTouchID = "unknown touch id"
        /// Down for a touch ID that is already down: the old touch is cancelled.
        case duplicateDown = "down for an id already down"
        /// Non-finite or absurdly large coordinates: the event is dropped.
        case invalidCoordinates = "invalid coordinates"
        /// An event time earlier than the one before it: held at the latest time.
        case timeWentBackwards = "time went backwards"
        /// A pointer button released that was not pressed, or pressed twice: ignored.
        case unmatchedButton = "unmatched pointer button"
        /// A pen's down, motion, up, button or proximity-out while it is not in proximity: ignored.
        case penNotInProximity = "pen event out of proximity"
        /// A pen's down while it is down: ignored (the stroke goes on).
        case duplicatePenDown = "pen down while down"
        /// A pen's up while it is not down: ignored.
        case unmatchedPenUp = "pen up while not down"
        /// A pen left proximity while down, with no up first: its touch ends where the pen was.
        case penLeftWhileDown = "pen left proximity while down"
    }

    /// A pen near the screen and not touching it (UIKit's hover), or gone.
    public struct PenHover: Hashable, Sendable {
        /// The source's number for the pen (the `tool` of its tablet events).
        public var pen: Int
        /// The pen's tool type.
        public var type: TabletToolType
        /// Where the pen is, in the window's coordinates; `nil` when it left proximity or came down.
        public var location: Point?
        /// The pen's tilt (and the pressure it last reported), as a touch would carry them.
        public var attributes: PenAttributes
        /// How far the pen is above the screen, 0…1 of its range, when it says.
        public var distance: Double?
    }

    /// Coordinates beyond this many points from the origin are not believed: no surface is that large (`wl_fixed_t`
    /// tops out at 8 388 607). The range every layer shares (`CoordinateRange.largest`): what it believes,
    /// a trace may hold.
    public static let coordinateLimit = CoordinateRange.largest

    /// The window the touches go to.
    public let window: Window
    /// How often each oddity was seen.
    public private(set) var anomalies: [Anomaly: Int] = [:]
    /// Hears what does not become a touch: keys, scrolling, pointer buttons and positions, touchpad gestures, pens
    /// hovering and their buttons, anomalies (``SeatEventTranslatorDelegate``). Held weakly.
    public weak var delegate: (any SeatEventTranslatorDelegate)?
    /// The modifier keys held now (from `.keyState` events).
    public private(set) var heldModifiers: KeyModifiers = []

    private var nextContact = 0
    /// The window's contact for each touch ID that is down (pending downs included).
    private var contacts: [Int32: Int] = [:]
    /// The changes waiting for their frame.
    private var pending: [TouchInput] = []
    private var pendingTime: Timestamp?
    private var latestTime = Timestamp(seconds: -.infinity)
    private var pointerLocation: Point?
    private var pointerContact: Int?
    /// The pens in proximity, by their number.
    private var pens: [Int: PenState] = [:]
    /// The contacts of pen touches, until their end is delivered: a touch `cancel` leaves them alone.
    private var penContacts: Set<Int> = []
    /// The left button went out of the window held: its release, if it ever comes, belongs to the stroke that ended.
    private var isButtonHeldOutside = false

    /// A translator that feeds `window`.
    public init(window: Window) {
        self.window = window
    }

    /// Whether any touch point or the pointer's button is down.
    public var hasActiveTouches: Bool {
        !contacts.isEmpty || pointerContact != nil || pens.values.contains { $0.contact != nil }
    }

    /// The barrel buttons a pen in proximity holds.
    public func heldButtons(ofPen pen: Int) -> Set<PenButton> { pens[pen]?.buttons ?? [] }

    /// Takes one seat event.
    public func handle(_ event: SeatEvent) {
        var time = event.time.seconds.isFinite ? event.time : latestTime
        if time < latestTime {
            note(.timeWentBackwards, event)
            time = latestTime
        }
        if let pendingTime, time > pendingTime { flush() }
        latestTime = time
        window.advanceTime(to: time)

        switch event.kind {
        case let .touchDown(id, location, shape):
            guard isBelievable(location) else { return note(.invalidCoordinates, event) }
            if let old = contacts[id] {
                note(.duplicateDown, event)
                flush()
                window.handle([TouchInput(contact: old, .cancelled)], at: time)
            }
            let contact = newContact()
            contacts[id] = contact
            enqueue(TouchInput(contact: contact, .began(location, majorRadius: radius(shape))), at: time)
        case let .touchMotion(id, location, shape):
            guard let contact = contacts[id] else { return note(.unknownTouchID, event) }
            guard isBelievable(location) else { return note(.invalidCoordinates, event) }
            // A shape alone (wl_touch.shape after the down or motion it describes) amends that change.
            if let shape, amendShape(of: contact, at: location, radius: radius(shape)) { return }
            enqueue(TouchInput(contact: contact, .moved(location, majorRadius: shape.map(radius))), at: time)
        case let .touchUp(id):
            guard let contact = contacts.removeValue(forKey: id) else { return note(.unknownTouchID, event) }
            enqueue(TouchInput(contact: contact, .ended()), at: time)
            // weston 10 sends no frame after the last up (weston issue 44): do not wait for one.
            if contacts.isEmpty { flush() }
        case .touchFrame:
            flush()
        case .touchCancel:
            cancelTouchPoints(at: time)
        case let .pointerEnter(location), let .pointerMotion(location):
            guard isBelievable(location) else { return note(.invalidCoordinates, event) }
            pointerLocation = location
            delegate?.seatEventTranslator(self, pointerMovedTo: location)
            if let pointerContact {
                flush()
                window.handle([TouchInput(contact: pointerContact, .moved(location))], at: time)
            }
        case .pointerLeave:
            pointerLocation = nil
            delegate?.seatEventTranslator(self, pointerMovedTo: nil)
            if let contact = pointerContact {
                // The pointer left with the button held (the compositor ended the implicit grab, or moved the
                // focus): the stroke ends where it left, as if the button were released there. Never discarded.
                pointerContact = nil
                isButtonHeldOutside = true
                flush()
                window.handle([TouchInput(contact: contact, .ended())], at: time)
            }
        case let .pointerButton(button, isPressed):
            pointerButton(button, isPressed: isPressed, event: event, at: time)
        case let .pointerAxis(dx, dy):
            delegate?.seatEventTranslator(self, didScroll: Vector(dx: dx, dy: dy), at: time)
        case var .key(chord):
            flush()
            chord.modifiers.formUnion(heldModifiers)
            delegate?.seatEventTranslator(self, didPressKey: chord, at: time)
        case let .keyState(chord, isPressed):
            keyState(chord, isPressed: isPressed, at: time)
        case let .touchpadGesture(gesture):
            flush()
            delegate?.seatEventTranslator(self, didReceive: gesture, at: time)
            if let input = touchpadInput(gesture) { window.handleTouchpadGesture(input, at: time) }
        case let .tablet(tabletEvent, tool):
            handle(tabletEvent, tool: tool, event: event, at: time)
        case .tick, .drag:
            // A drag over the window is the data device's (the window's drop), not a touch: the clock moves.
            flush()
        }
    }

    /// A pointer button: the left one is a finger of its own from press to release, the others go to the delegate.
    private func pointerButton(_ button: PointerButton, isPressed: Bool, event: SeatEvent, at time: Timestamp) {
        guard button == .left else {
            flush()
            delegate?.seatEventTranslator(self, didChange: button, isPressed: isPressed, at: time)
            return
        }
        if isPressed {
            isButtonHeldOutside = false
            guard pointerContact == nil, let location = pointerLocation else { return note(.unmatchedButton, event) }
            let contact = newContact()
            pointerContact = contact
            flush()
            window.handle([TouchInput(contact: contact, .began(location, kind: .indirectPointer))],
                          at: time)
        } else {
            if isButtonHeldOutside, pointerContact == nil {
                isButtonHeldOutside = false
                return
            }
            guard let contact = pointerContact else { return note(.unmatchedButton, event) }
            pointerContact = nil
            flush()
            window.handle([TouchInput(contact: contact, .ended())], at: time)
        }
    }

    /// A key pressed or released on its own: a modifier is held or let go, another key pressed is a chord with the
    /// modifiers held; the delegate hears both.
    private func keyState(_ chord: KeyChord, isPressed: Bool, at time: Timestamp) {
        flush()
        if let modifier = KeyModifiers(keyName: chord.keysym), chord.modifiers.isEmpty {
            if isPressed { heldModifiers.insert(modifier) } else { heldModifiers.remove(modifier) }
        } else if isPressed {
            var held = chord
            held.modifiers.formUnion(heldModifiers)
            delegate?.seatEventTranslator(self, didPressKey: held, at: time)
        }
        delegate?.seatEventTranslator(self, didChangeKey: chord, isPressed: isPressed, at: time)
    }

    // MARK: - Touchpad gestures

    /// The window's form of a touchpad gesture event: a begin is placed at the pointer, and dropped (with what
    /// follows it) when the pointer is not over the surface.
    private func touchpadInput(_ gesture: TouchpadGesture) -> TouchpadGestureInput? {
        switch gesture {
        case let .begin(kind, fingers):
            guard let pointerLocation else { return nil }
            return .begin(TouchpadGestureEvent.Kind(kind), fingers: fingers, at: pointerLocation)
        case let .update(kind, dx, dy, scale, rotation):
            return .update(TouchpadGestureEvent.Kind(kind), delta: Vector(dx: dx, dy: dy), scale: scale,
                           rotationDelta: rotation)
        case let .end(kind, cancelled):
            return .end(TouchpadGestureEvent.Kind(kind), cancelled: cancelled)
        }
    }

    // MARK: - Pens

    /// A pen in proximity.
    private struct PenState {
        var type: TabletToolType
        var location: Point
        var axes = TabletAxes()
        /// The window's contact while the pen is down.
        var contact: Int?
        var buttons: Set<PenButton> = []

        var attributes: PenAttributes {
            PenAttributes(force: axes.pressure ?? 0, tiltX: axes.tiltX ?? 0, tiltY: axes.tiltY ?? 0)
        }

        var kind: Touch.Kind { type == .eraser ? .eraser : .pencil }
    }

    private func handle(_ tabletEvent: TabletEvent, tool: Int, event: SeatEvent, at time: Timestamp) {
        if case let .proximityIn(type, location) = tabletEvent {
            guard isBelievable(location) else { return note(.invalidCoordinates, event) }
            if var pen = pens[tool] {
                // Another surface's proximity-in, or a tool flipped without its proximity-out: a different tool ends
                // the old one's stroke.
                if pen.type != type {
                    if let contact = pen.contact {
                        pen.contact = nil
                        enqueue(TouchInput(contact: contact, .ended(pen.location)), at: time)
                    }
                    pen.axes = TabletAxes()
                }
                pen.type = type
                pen.location = location
                pens[tool] = pen
            } else {
                pens[tool] = PenState(type: type, location: location)
                window.setPen(tool, isNear: true)
            }
            if let pen = pens[tool], pen.contact == nil { hover(pen, tool: tool, at: time) }
            return
        }
        if case .frame = tabletEvent { return flush() }
        guard var pen = pens[tool] else { return note(.penNotInProximity, event) }
        switch tabletEvent {
        case .proximityIn, .frame:
            return
        case .down:
            guard pen.contact == nil else { return note(.duplicatePenDown, event) }
            let contact = newContact()
            pen.contact = contact
            penContacts.insert(contact)
            enqueue(TouchInput(contact: contact, .began(pen.location, kind: pen.kind, pen: pen.attributes)), at: time)
            pens[tool] = pen
            endHover(pen, tool: tool, at: time)
        case let .motion(location, axes):
            guard isBelievable(location) else { return note(.invalidCoordinates, event) }
            pen.location = location
            pen.axes = pen.axes.updated(with: axes)
            pens[tool] = pen
            if let contact = pen.contact {
                // The axes that come with the down, in its frame (tablet-v2 sends down, then motion and pressure),
                // are the down's own.
                if amendPen(of: contact, at: location, pen.attributes) { return }
                enqueue(TouchInput(contact: contact, .moved(location, pen: pen.attributes)), at: time)
            } else {
                hover(pen, tool: tool, at: time)
            }
        case .up:
            guard let contact = pen.contact else { return note(.unmatchedPenUp, event) }
            pen.contact = nil
            pens[tool] = pen
            enqueue(TouchInput(contact: contact, .ended(pen.location)), at: time)
            // The lift reaches the window before the hover that follows it.
            flush()
            hover(pen, tool: tool, at: time)
        case let .button(button, isPressed):
            if isPressed { pen.buttons.insert(button) } else { pen.buttons.remove(button) }
            pens[tool] = pen
            flush()
            delegate?.seatEventTranslator(self, pen: tool, didChange: button, isPressed: isPressed, at: time)
        case .proximityOut:
            pens[tool] = nil
            if let contact = pen.contact {
                note(.penLeftWhileDown, event)
                enqueue(TouchInput(contact: contact, .ended(pen.location)), at: time)
            }
            flush()
            for button in pen.buttons.sorted(by: { $0.code < $1.code }) {
                delegate?.seatEventTranslator(self, pen: tool, didChange: button, isPressed: false, at: time)
            }
            window.setPen(tool, isNear: false)
            endHover(pen, tool: tool, at: time)
        }
    }

    /// The pen hovers where it is: the window's hover recognizers hear of it, then the delegate.
    private func hover(_ pen: PenState, tool: Int, at time: Timestamp) {
        window.handlePenHover(Window.PenHoverInput(pen: tool, location: pen.location, distance: pen.axes.distance),
                              at: time)
        let hover = PenHover(pen: tool, type: pen.type, location: pen.location, attributes: pen.attributes,
                             distance: pen.axes.distance)
        delegate?.seatEventTranslator(self, penDidHover: hover, at: time)
    }

    /// The pen no longer hovers (it touched the screen or left): the window's hover recognizers end, then
    /// the delegate hears a `nil` location. The window hears it before the touch of a pen coming down.
    private func endHover(_ pen: PenState, tool: Int, at time: Timestamp) {
        window.handlePenHover(Window.PenHoverInput(pen: tool, location: nil), at: time)
        let hover = PenHover(pen: tool, type: pen.type, location: nil, attributes: pen.attributes)
        delegate?.seatEventTranslator(self, penDidHover: hover, at: time)
    }

    /// Takes a sequence of seat events in order.
    public func handle<Events: Sequence>(_ events: Events) where Events.Element == SeatEvent {
        for event in events { handle(event) }
    }

    /// The end of the input: delivers what waits for a frame, then cancels every touch still down and a touchpad
    /// gesture under way (its source is gone, so no up or end will come).
    public func finish() {
        flush()
        let time = max(latestTime, .zero)
        cancelTouchPoints(at: time)
        // A touchpad gesture left open ends with its source too.
        window.cancelTouchpadGesture(at: time)
        if let contact = pointerContact {
            pointerContact = nil
            window.handle([TouchInput(contact: contact, .cancelled)], at: time)
        }
        // Pens are gone with their source: a pen down is cancelled, as a finger is.
        for (tool, pen) in pens.sorted(by: { $0.key < $1.key }) {
            pens[tool] = nil
            if let contact = pen.contact {
                penContacts.remove(contact)
                window.handle([TouchInput(contact: contact, .cancelled)], at: time)
            }
            window.setPen(tool, isNear: false)
            window.handlePenHover(Window.PenHoverInput(pen: tool, location: nil), at: time)
        }
    }

    /// Delivers the changes waiting for their frame.
    public func flush() {
        guard let time = pendingTime else { return }
        // The group's storage comes back empty for the next one: a touch frame allocates nothing.
        var group: [TouchInput] = []
        swap(&group, &pending)
        defer {
            if pending.isEmpty {
                group.removeAll(keepingCapacity: true)
                swap(&group, &pending)
            }
        }
        pendingTime = nil
        for input in group where penContacts.contains(input.contact) {
            switch input.change {
            case .ended, .cancelled: penContacts.remove(input.contact)
            case .began, .moved: break
            }
        }
        window.handle(group, at: time)
    }

    private func cancelTouchPoints(at time: Timestamp) {
        // Every contact the window may know: those down, and those whose up still waits for its frame. Downs still
        // waiting never reached the window, which ignores a cancel for a contact it does not know.
        let known = Set(contacts.values).union(pending.map(\.contact)).subtracting(penContacts)
        pending.removeAll { !penContacts.contains($0.contact) }
        if pending.isEmpty { pendingTime = nil }
        contacts = [:]
        window.handle(known.sorted().map { TouchInput(contact: $0, .cancelled) }, at: time)
    }

    /// Gives the contact's change waiting in this frame the contact radius, when that change is at `location`;
    /// false when there is no such change.
    private func amendShape(of contact: Int, at location: Point, radius: Double) -> Bool {
        guard let index = pending.lastIndex(where: { $0.contact == contact }) else { return false }
        switch pending[index].change {
        case let .began(at, _, kind, pen) where at == location:
            pending[index].change = .began(at, majorRadius: radius, kind: kind, pen: pen)
        case let .moved(at, _, pen) where at == location:
            pending[index].change = .moved(at, majorRadius: radius, pen: pen)
        default:
            return false
        }
        return true
    }

    /// Gives the contact's began waiting in this frame a pen's attributes, when it is at `location`; false when
    /// there is no such change.
    private func amendPen(of contact: Int, at location: Point, _ attributes: PenAttributes) -> Bool {
        guard let index = pending.lastIndex(where: { $0.contact == contact }),
              case let .began(at, radius, kind, _) = pending[index].change, at == location
        else { return false }
        pending[index].change = .began(at, majorRadius: radius, kind: kind, pen: attributes)
        return true
    }

    private func enqueue(_ input: TouchInput, at time: Timestamp) {
        pending.append(input)
        pendingTime = time
    }

    private func newContact() -> Int {
        nextContact += 1
        return nextContact
    }

    private func isBelievable(_ location: Point) -> Bool {
        CoordinateRange.contains(location)
    }

    private func radius(_ shape: TouchShape?) -> Double {
        guard let shape, shape.major.isFinite, shape.major > 0 else { return 0 }
        return shape.major / 2
    }

    private func note(_ anomaly: Anomaly, _ event: SeatEvent) {
        anomalies[anomaly, default: 0] += 1
        delegate?.seatEventTranslator(self, didSurvive: anomaly, in: event)
    }
}

extension TouchpadGestureEvent.Kind {
    /// The core's name for a protocol gesture.
    init(_ kind: TouchpadGesture.Kind) {
        switch kind {
        case .swipe: self = .swipe
        case .pinch: self = .pinch
        case .hold: self = .hold
        }
    }
}
