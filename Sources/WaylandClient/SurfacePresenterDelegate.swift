// What a surface presenter asks of and tells its owner (a toplevel window; a popup could be one): each frame's
// drawing (whole, in parts after a reduced one, or reduced), sending and presentation. One method per event.
import Geometry

/// The owner of a ``SurfacePresenter`` (``SurfacePresenter/delegate``, held weakly: the owner holds the presenter).
/// Called on the event loop's thread. ``ToplevelWindow`` is one, and hands each call on to its own delegate.
protocol SurfacePresenterDelegate: AnyObject {
    /// How many times fewer pixels each way the next frame may have, or `nil` for a full frame.
    func presenterReductionOfNextFrame(_ presenter: SurfacePresenter) -> Int?
    /// Paints `buffer` where it lacks the current picture (`damage`) and returns what else changed on screen.
    func presenter(_ presenter: SurfacePresenter, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect]
    /// Draws the next part of the full frame after a reduced one; `isComplete`: the buffer may be committed.
    func presenter(_ presenter: SurfacePresenter, drawPart buffer: Buffer,
                   damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool)
    /// Draws a frame at reduced resolution into `image`.
    func presenter(_ presenter: SurfacePresenter, drawReduced image: ReducedImage)
    /// A committed buffer has been sent to the compositor.
    func presenterDidSendFrame(_ presenter: SurfacePresenter)
    /// The compositor said what became of frame number `frame`.
    func presenter(_ presenter: SurfacePresenter, frame: Int, was presentation: FramePresentation)
    /// What the last drawing did, in a few words for the frame log.
    func presenterDescribeLastDraw(_ presenter: SurfacePresenter) -> String?
}
