// The usual test set-up: a window with one recording view over it, a log and a script.
import TouchUI

/// A window of 800×600 points with one ``RecordingView`` filling it, a ``GestureLog`` shared by the view and the
/// recognizers a test attaches, and a ``TouchScript`` feeding the window: what most gesture tests start from.
public struct TouchStage {
    /// The window, 800×600 points unless the stage was made with another size.
    public let window: Window
    /// The view that fills the window and logs its touch calls as `"view.began(1)"` and so on.
    public let view: RecordingView
    /// The log the view and the attached recognizers write to.
    public let log: GestureLog
    /// The script that feeds the window.
    public let script: TouchScript

    /// A stage whose window and view are `size`.
    public init(size: Size = Size(width: 800, height: 600)) {
        window = Window(frame: Rect(origin: .zero, size: size))
        log = GestureLog()
        view = RecordingView("view", frame: Rect(origin: .zero, size: size), log: log)
        window.addSubview(view)
        script = TouchScript(window: window)
    }

    /// Attaches a recognizer to the view and logs its reports under `name`.
    public func add(_ recognizer: GestureRecognizer, as name: String) {
        view.addGestureRecognizer(recognizer)
        log.attach(recognizer, as: name)
    }

    /// Attaches a recognizer to the view and logs its reports under `name` with the values `values` gives.
    public func add<Recognizer: GestureRecognizer>(_ recognizer: Recognizer, as name: String,
                                                   values: @escaping (Recognizer) -> String) {
        view.addGestureRecognizer(recognizer)
        log.attach(recognizer, as: name, values: values)
    }
}

/// A delegate whose answers are closures, for tests: each left `nil` gives UIKit's default.
public final class ClosureDelegate: GestureRecognizerDelegate {
    /// The answer to ``/TouchUI/GestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)``.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?
    /// The answer to ``/TouchUI/GestureRecognizerDelegate/gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)``.
    public var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// The answer to ``/TouchUI/GestureRecognizerDelegate/gestureRecognizer(_:shouldRequireFailureOf:)``.
    public var shouldRequireFailure: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// The answer to ``/TouchUI/GestureRecognizerDelegate/gestureRecognizer(_:shouldBeRequiredToFailBy:)``.
    public var shouldBeRequiredToFail: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// The answer to the delegate's `gestureRecognizer(_:shouldReceive:)` for a touch.
    public var shouldReceive: ((GestureRecognizer, Touch) -> Bool)?
    /// The answer to the delegate's `gestureRecognizer(_:shouldReceive:)` for a touchpad gesture.
    public var shouldReceiveTouchpadGesture: ((GestureRecognizer, TouchpadGestureEvent) -> Bool)?

    /// A delegate with every answer left to UIKit's default.
    public init() {}

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBegin?(gestureRecognizer) ?? true
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        shouldRecognizeSimultaneously?(gestureRecognizer, other) ?? false
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        shouldRequireFailure?(gestureRecognizer, other) ?? false
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        shouldBeRequiredToFail?(gestureRecognizer, other) ?? false
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        shouldReceive?(gestureRecognizer, touch) ?? true
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldReceive touchpadGesture: TouchpadGestureEvent) -> Bool {
        shouldReceiveTouchpadGesture?(gestureRecognizer, touchpadGesture) ?? true
    }
}
