// The responder chain: touch phases a responder does not handle go to the next one.

/// An object that can handle touches, and passes those it does not handle up the responder chain.
///
/// Each method's default passes the call to ``next``; override the phases you handle. For a view, ``next`` is its
/// superview; the window is the last responder.
open class Responder {
    /// A responder with no next responder of its own.
    public init() {}

    /// The responder that gets the calls this one does not handle.
    open var next: Responder? { nil }

    /// Touches came down in this responder's view.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches of this responder's view moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches of this responder's view were lifted.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches of this responder's view were cancelled: by the system, or by a gesture recognizer that took them
    /// (see ``GestureRecognizer/cancelsTouchesInView``). Undo what they started.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }
}
