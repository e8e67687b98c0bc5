// What a program shows in a live window: the seam between a program's core and the Wayland session.
import SeatInput
import TouchUI
import WaylandClient

/// What changed in a program's picture since the window last asked.
public enum Invalidation: Equatable, Sendable {
    /// Nothing to draw.
    case nothing
    /// These rectangles, in the content's logical points.
    case rects([Rect])
    /// The whole window.
    case everything
    /// A frame is due, and what it changes is found while drawing it (``LiveContent/draw(into:damage:)`` returns
    /// the rectangles): for content that renders what its input did once per frame.
    case frameNeeded
}

/// A program's side of a live window: it takes input, keeps its own timers, and paints buffers.
///
/// ``LiveSession`` calls these on the event-loop thread only, and ``attach(to:)`` first, once. For a TouchUI
/// window with its translator ready-made, use ``TouchContent``.
public protocol LiveContent: AnyObject {
    /// The session that shows the content, given once as it starts, before any other call.
    ///
    /// A content that quits, goes fullscreen or retitles the window keeps it, weakly: the session holds the
    /// content. Nothing by default.
    func attach(to session: LiveSession)
    /// Takes one input event.
    ///
    /// Times are `CLOCK_MONOTONIC` milliseconds, the compositor's event clock. A `.tick` comes at ``nextDeadline``.
    func handle(_ event: SeatEvent)
    /// When the content next needs a `.tick` (its gesture timers), in `CLOCK_MONOTONIC` milliseconds.
    var nextDeadline: Timestamp? { get }
    /// The content area was configured to a size in logical points, at an integer buffer scale.
    ///
    /// The content area is the window less the title bar the session draws where the compositor draws none.
    func resize(to size: Size, scale: Int)
    /// Paints the content area where `damage` says it lacks the picture; returns what else changed on screen.
    ///
    /// - `damage` is what the buffer lacks: what ``takeInvalidation()`` asked for, and whatever changed since the
    ///   buffer was last shown (all of it for a new buffer, after a resize or a scale change). Painting it is enough.
    /// - The result is the rectangles that changed beyond those asked for: usually none, `[]`.
    /// - Rectangles are in the content area's pixels (``DrawTarget/pixels``), from its top-left corner.
    func draw(into target: DrawTarget, damage: [PixelRect]) -> [PixelRect]
    /// What changed since the last call.
    func takeInvalidation() -> Invalidation
    /// The program is about to end (quit, close, a signal, the compositor gone): keep what the user made.
    ///
    /// Returns whether everything was kept where it belongs; `false` makes a session that would end with status 0
    /// end with 1.
    func prepareToExit() -> Bool
    /// The user asked to close the window (the compositor's close, the title bar's button): whether to go ahead.
    ///
    /// A content that would lose what the user made may say no once and tell the user why. Signals and a
    /// compositor that goes away end the program regardless. True by default.
    func shouldClose() -> Bool
    /// Another program's drag came over the content at `location` (its logical points), offering its content as
    /// `mimeTypes`: the one to take if it is dropped, or `nil` to refuse it (the default).
    func dragEntered(offering mimeTypes: [String], at location: Point) -> String?
    /// The drag the content took was dropped at `location`: its content as `mimeType`, or why it could not be read.
    /// Nothing by default.
    func dropped(_ content: Result<[UInt8], ClipboardFailure>, as mimeType: String, at location: Point)
}

extension LiveContent {
    /// Keeps nothing.
    public func attach(to session: LiveSession) {}
    /// Goes ahead.
    public func shouldClose() -> Bool { true }
    /// Refuses it.
    public func dragEntered(offering mimeTypes: [String], at location: Point) -> String? { nil }
    /// Nothing.
    public func dropped(_ content: Result<[UInt8], ClipboardFailure>, as mimeType: String, at location: Point) {}
}
