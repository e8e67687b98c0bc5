// A TouchUI window as a live session's content, ready-made: the seat's events go to the window through the core's
// translator, keys and drawing to a delegate. What an app writes instead of its own LiveContent.
import SeatInput
import TouchUI

/// What a ``TouchContent`` asks of the app: one method per event.
///
/// Called on the event-loop thread only.
public protocol TouchContentDelegate: AnyObject {
    /// Paints the whole content area (``DrawTarget/cairoSurface`` draws in logical points).
    ///
    /// Called for a frame after ``TouchContent/setNeedsDisplay()`` or a resize, and for a new buffer.
    func touchContent(_ content: TouchContent, draw target: DrawTarget)
    /// The content area took a new size: ``TouchContent/window``'s frame is already set to it, and the content is
    /// redrawn after this. Lay out the window's views here; nothing by default.
    func touchContent(_ content: TouchContent, didResizeTo size: Size)
    /// A key was pressed (keys go to no recognizer); nothing by default.
    func touchContent(_ content: TouchContent, didPress chord: KeyChord)
}

extension TouchContentDelegate {
    /// Does nothing.
    public func touchContent(_ content: TouchContent, didResizeTo size: Size) {}
    /// Does nothing.
    public func touchContent(_ content: TouchContent, didPress chord: KeyChord) {}
}

/// A TouchUI ``/TouchUI/Window`` shown by a ``LiveSession``: touches, pointer, pens and timers reach its views and
/// recognizers, and its delegate draws it.
///
/// - Input: every seat event but keys goes through a ``/SeatInput/SeatEventTranslator`` to ``window``; a `.tick`
///   comes at the window's next timer (``/TouchUI/Window/timers``). Keys go to the delegate.
/// - Drawing: ``setNeedsDisplay()`` (or a resize) asks for a frame; the delegate paints all of it.
/// - Ending: nothing to keep, so ``LiveContent/prepareToExit()`` says `true` and the window closes when asked.
public final class TouchContent: LiveContent {
    /// The window the seat's input goes to, as big as the content area.
    public let window: Window
    /// The translator that feeds ``window``, for its observers (pens, anomalies): the content hands it every event.
    public let translator: SeatEventTranslator
    /// Who draws the window and takes its keys; held weakly.
    public weak var delegate: (any TouchContentDelegate)?
    /// The session that shows the content, once it has started: for ``LiveSession/quit(status:)``,
    /// ``LiveSession/title`` and fullscreen. Held weakly (the session holds the content).
    public private(set) weak var session: LiveSession?
    /// Whether a frame was asked for and not yet handed to the session.
    private var needsDisplay = true

    /// A window of `size` logical points, empty: add views to ``window``.
    public init(size: Size) {
        window = Window(frame: Rect(origin: .zero, size: size))
        translator = SeatEventTranslator(window: window)
    }

    /// Asks for the whole content area to be drawn at the next frame.
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Keeps the session, weakly.
    public func attach(to session: LiveSession) {
        self.session = session
    }

    /// A key goes to the delegate; everything else to the translator.
    public func handle(_ event: SeatEvent) {
        if case let .key(chord) = event.kind {
            delegate?.touchContent(self, didPress: chord)
            return
        }
        translator.handle(event)
    }

    /// The window's next timer.
    public var nextDeadline: Timestamp? { window.timers.nextDeadline }

    /// Sets the window's frame, tells the delegate and asks for a frame.
    public func resize(to size: Size, scale: Int) {
        window.frame = Rect(origin: .zero, size: size)
        delegate?.touchContent(self, didResizeTo: size)
        needsDisplay = true
    }

    /// The delegate paints the whole content area; nothing else changed.
    public func draw(into target: DrawTarget, damage: [PixelRect]) -> [PixelRect] {
        delegate?.touchContent(self, draw: target)
        return []
    }

    /// Everything after ``setNeedsDisplay()`` or a resize, then nothing until the next.
    public func takeInvalidation() -> Invalidation {
        defer { needsDisplay = false }
        return needsDisplay ? .everything : .nothing
    }

    /// Nothing to keep: `true`.
    public func prepareToExit() -> Bool { true }
}

extension TouchContent: LiveContentHooks {
    /// Touches a replayed trace left down are cancelled.
    package func replayEnded() { translator.finish() }
}
