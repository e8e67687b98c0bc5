// What a seat event translator tells its program besides the touches it gives the window: one method per kind of
// event, each doing nothing unless the program implements it.
import TouchUI

/// Hears what a ``SeatEventTranslator`` does not turn into touches: keys, scrolling, pointer buttons and positions,
/// touchpad gestures, pens hovering and their barrel buttons, and the oddities it survived.
///
/// Every method has a default that does nothing, so a conformer implements only what it needs. The translator holds
/// its ``SeatEventTranslator/delegate`` weakly: a program that owns its translator is usually its delegate. Each
/// method is called on the thread that called ``SeatEventTranslator/handle(_:)-(SeatEvent)``, with the translator that heard
/// the event and the event's time on the translator's clock (never earlier than the event before).
///
/// ```swift
/// final class Keys: SeatEventTranslatorDelegate {
///     func seatEventTranslator(_ translator: SeatEventTranslator, didPressKey chord: KeyChord, at time: Timestamp) {
///         print("key \(chord)")
///     }
/// }
/// ```
public protocol SeatEventTranslatorDelegate: AnyObject {
    /// The translator survived an oddity in the input: `event` showed it (also counted in
    /// ``SeatEventTranslator/anomalies``). A program logs it at debug level.
    func seatEventTranslator(_ translator: SeatEventTranslator, didSurvive anomaly: SeatEventTranslator.Anomaly,
                             in event: SeatEvent)
    /// A key was pressed, with the modifiers held: those of the chord and those held by
    /// ``/SeatStream/SeatEvent/Kind-swift.enum/keyState(_:isPressed:)`` events.
    func seatEventTranslator(_ translator: SeatEventTranslator, didPressKey chord: KeyChord, at time: Timestamp)
    /// A key was pressed or released on its own (`.keyState`), after ``SeatEventTranslator/heldModifiers`` was
    /// updated.
    func seatEventTranslator(_ translator: SeatEventTranslator, didChangeKey chord: KeyChord, isPressed: Bool,
                             at time: Timestamp)
    /// A touchpad gesture event, before the window gets it. A program that handles touchpad gestures itself sets its
    /// recognizers' ``/TouchUI/GestureRecognizer/allowedTouchpadGestures`` to `[]`.
    func seatEventTranslator(_ translator: SeatEventTranslator, didReceive gesture: TouchpadGesture, at time: Timestamp)
    /// A pointer button other than the left one (the left one is a touch) was pressed or released.
    func seatEventTranslator(_ translator: SeatEventTranslator, didChange button: PointerButton, isPressed: Bool,
                             at time: Timestamp)
    /// The pointer is over the surface at `location`, in the window's coordinates, or left it (`nil`): for a
    /// cursor or hover feedback. Called for every position.
    func seatEventTranslator(_ translator: SeatEventTranslator, pointerMovedTo location: Point?)
    /// The wheel or the touchpad scrolled, in points (positive `dy` scrolls down).
    func seatEventTranslator(_ translator: SeatEventTranslator, didScroll delta: Vector, at time: Timestamp)
    /// A pen hovers: each motion while near and not down, after the window's hover recognizers heard of it, and
    /// once with a `nil` location when it comes down or leaves proximity.
    func seatEventTranslator(_ translator: SeatEventTranslator, penDidHover hover: SeatEventTranslator.PenHover,
                             at time: Timestamp)
    /// A barrel button of pen number `pen` was pressed or released; buttons held when the pen leaves proximity are
    /// released then.
    func seatEventTranslator(_ translator: SeatEventTranslator, pen: Int, didChange button: PenButton,
                             isPressed: Bool, at time: Timestamp)
}

extension SeatEventTranslatorDelegate {
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didSurvive anomaly: SeatEventTranslator.Anomaly,
                                    in event: SeatEvent) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didPressKey chord: KeyChord, at time: Timestamp) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didChangeKey chord: KeyChord, isPressed: Bool,
                                    at time: Timestamp) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didReceive gesture: TouchpadGesture,
                                    at time: Timestamp) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didChange button: PointerButton, isPressed: Bool,
                                    at time: Timestamp) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, pointerMovedTo location: Point?) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didScroll delta: Vector, at time: Timestamp) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, penDidHover hover: SeatEventTranslator.PenHover,
                                    at time: Timestamp) {}
    /// Does nothing.
    public func seatEventTranslator(_ translator: SeatEventTranslator, pen: Int, didChange button: PenButton,
                                    isPressed: Bool, at time: Timestamp) {}
}
