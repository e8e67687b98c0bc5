// What a delegate can say about a gesture recognizer: start or not, together or not, wait or not, see or not.

/// Answers a gesture recognizer's questions, as UIKit's `UIGestureRecognizerDelegate` does. Every method is
/// optional: the defaults are UIKit's.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible` (begin or recognize). False makes it fail. Default: true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time. Either delegate saying yes is enough. Default: false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `other` to fail. Default: false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `gestureRecognizer` to fail. Default: false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
    /// Whether the recognizer sees a touch at all; asked once, when the touch comes down. Default: true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether the recognizer follows a touchpad gesture it allows (``GestureRecognizer/allowedTouchpadGestures``);
    /// asked once, when the gesture begins. Default: true. As UIKit's `gestureRecognizer(_:shouldReceive:)` for
    /// an event.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldReceive touchpadGesture: TouchpadGestureEvent) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldReceive touchpadGesture: TouchpadGestureEvent) -> Bool { true }
}
