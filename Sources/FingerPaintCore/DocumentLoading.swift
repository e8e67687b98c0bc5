// The launch's document read on another thread while the window already shows: what happens to input, a quit and
// the result meanwhile (docs/loading.md).
import PaintModel
import SeatInput

/// Where a launch is in reading its document, as an explicit state: each transition says what to do.
///
/// The window shows its first frame (paper and the palette) as soon as the document's header is checked
/// (``PaintModel/DocumentFile/begin(_:create:now:)``); the records are read on another thread. Input that comes
/// meanwhile is held, in order, and given to the app once the drawing is in, so a stroke or an undo made while
/// loading lands after the loaded strokes, as the journal would have it. A quit while loading with no input held
/// quits at once and writes nothing; with input held it waits for the drawing, takes the input, and saves.
public enum DocumentLoading: Sendable {
    /// No document being read: input goes to the app.
    case idle
    /// The document's records are being read; `held` is the input that came since, oldest first.
    case reading(held: [SeatEvent])
    /// The launch ended without the drawing and without input to keep: reading failed after the window showed
    /// (the file could not be read) before anything was done in it, or the window quit before it ended with no
    /// input held. Nothing is written.
    case abandoned

    /// What the app does after a transition.
    public enum Action: Sendable {
        /// Give the event to the app now.
        case deliver(SeatEvent)
        /// Nothing now: the event is held until the drawing is in.
        case hold
        /// Paint the document read from here on, then give it the input held meanwhile, in order.
        case adopt(OpenedDocument, heldInput: [SeatEvent])
        /// Say why the document could not be read and close the window: nothing was done in it.
        case refuse(DocumentOpenError)
        /// Say why the document could not be read, start a new drawing in its place (the file left as it was), and
        /// give it the input held meanwhile, in order: what was drawn while loading is kept there.
        case startNewDrawing(DocumentOpenError, heldInput: [SeatEvent])
        /// Quit now: nothing was drawn, nothing is written (the file is let go unread).
        case quitNow
        /// Wait for the reading to end, take the result as ``adopt(_:heldInput:)`` says, then quit as usual.
        case finishReadingThenQuit
        /// Nothing to do.
        case none
    }

    /// Whether the document is being read.
    public var isReading: Bool {
        if case .reading = self { return true }
        return false
    }

    /// An input event came.
    public mutating func receive(_ event: SeatEvent) -> Action {
        switch self {
        case .idle: return .deliver(event)
        case var .reading(held):
            // The clock moving (the window's polls come as ticks) changes nothing: not held, nothing to keep.
            if case .tick = event.kind { return .none }
            held.append(event)
            self = .reading(held: held)
            return .hold
        case .abandoned: return .none
        }
    }

    /// The reading ended with `result`.
    public mutating func finish(_ result: Result<OpenedDocument, DocumentOpenError>) -> Action {
        guard case let .reading(held) = self else { return .none }
        switch result {
        case let .success(opened):
            self = .idle
            return .adopt(opened, heldInput: held)
        case let .failure(error):
            // Nothing done in the window: it closes, as a refusal before the window would have. Otherwise what was
            // drawn is not dropped: it goes to a new drawing, never to the file that could not be read.
            if held.isEmpty {
                self = .abandoned
                return .refuse(error)
            }
            self = .idle
            return .startNewDrawing(error, heldInput: held)
        }
    }

    /// The window is closing (the user, the compositor, a signal).
    public mutating func quit() -> Action {
        guard case let .reading(held) = self else { return .none }
        // Only input can change the drawing while it loads: without any, there is nothing to save.
        if held.isEmpty {
            self = .abandoned
            return .quitNow
        }
        return .finishReadingThenQuit
    }
}
