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
/// ``LiveSession`` calls these on the event-loop thread only, and ``attach(to:)`` first, once.
public protocol LiveContent: AnyObject {
    /// The session that shows the content, given once as it starts, before any other call: a content that quits,
    /// goes fullscreen or reaches the display keeps it, weakly (the session holds the content). Nothing by default.
    func attach(to session: LiveSession)
    /// Takes one input event. Times are `CLOCK_MONOTONIC` milliseconds, the compositor's event clock; a `.tick`
    /// comes at ``nextDeadline``.
    func handle(_ event: SeatEvent)
    /// When the content next needs a `.tick` (its gesture timers), in `CLOCK_MONOTONIC` milliseconds.
    var nextDeadline: Timestamp? { get }
    /// The content area was configured to a size in logical points, at an integer buffer scale. The content area is
    /// the window less the title bar the session draws where the compositor draws none.
    func resize(to size: Size, scale: Int)
    /// Paints the content area where `damage` says it lacks the picture; returns what else changed on screen
    /// (usually nothing: `[]`). Rectangles are in the content area's pixels (``DrawTarget/pixels``). See
    /// ``WaylandClient/ToplevelWindowDelegate/toplevelWindow(_:draw:damage:)``.
    func draw(into target: DrawTarget, damage: [PixelRect]) -> [PixelRect]
    /// How many times fewer pixels each way the next frame may have, drawn at reduced resolution and scaled up by
    /// the compositor (a zoom step, each frame of a pinch: 2, half; 4 a quarter), or `nil` (the default) for a full
    /// frame: ``drawReduced(into:)`` then draws it, where the compositor offers `wp_viewporter`, and the frames
    /// after it are drawn at full resolution (``DrawTarget/mayDrawInParts``).
    var reductionOfNextFrame: Int? { get }
    /// Paints the whole content area of a reduced frame (``DrawTarget/reduction`` times fewer pixels each way).
    /// Never called unless ``reductionOfNextFrame`` asked for one.
    func drawReduced(into target: DrawTarget)
    /// The trace being replayed as live input has ended: touches (and a held pointer button) it left down are
    /// cancelled, as at the end of a headless replay. Input from the seat goes on as before.
    func replayEnded()
    /// What changed since the last call.
    func takeInvalidation() -> Invalidation
    /// The program is about to end (quit, close, a signal, the compositor gone): keep what the user made. Returns
    /// whether everything was kept where it belongs; `false` makes a session that would end with status 0 end
    /// with 1.
    func prepareToExit() -> Bool
    /// The user asked to close the window (the compositor's close, the title bar's button): whether to go ahead.
    /// A content that would lose what the user made may say no once and tell the user why; signals and a
    /// compositor that goes away end the program regardless. True by default.
    func shouldClose() -> Bool
    /// What the content holds in memory, as one line for the log (SIGUSR1 asks for it; docs/reliability.md, "The
    /// soak run"); `nil` by default, and the session reports only the process's own figures.
    func memoryReport() -> String?
    /// What the last ``draw(into:damage:)`` did, in a few words for the frame log (`FINGERPAINT_FRAME_LOG`,
    /// docs/frame-pacing.md); `nil` by default.
    func describeLastDraw() -> String?
    /// Whether the frame due now will cost more to draw than most (a stroke completed and drawn into the picture
    /// for good), so that the window plans it earlier; asked after each event that changed something. `false` by
    /// default.
    var nextFrameIsCostly: Bool { get }
    /// The frame just drawn is on its way to the compositor: work it need not wait for (a completed stroke drawn
    /// into the picture for good) is done now, and a frame asked for (``takeInvalidation()``) if it changes the
    /// picture. Nothing by default.
    func frameSent()
}

extension LiveContent {
    public func attach(to session: LiveSession) {}
    public func shouldClose() -> Bool { true }
    public func memoryReport() -> String? { nil }
    public func describeLastDraw() -> String? { nil }
    public var nextFrameIsCostly: Bool { false }
    public var reductionOfNextFrame: Int? { nil }
    public func drawReduced(into target: DrawTarget) {}
    public func frameSent() {}
}
