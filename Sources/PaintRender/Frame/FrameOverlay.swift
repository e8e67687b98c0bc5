// What a renderer draws over its frame without knowing what it is: rectangles it covers, and a way to draw itself
// there. The app's interface (PaintUI's `Overlay`) is one; the renderer holds it and calls it, nothing more.
import Geometry

/// Something drawn over the frame, never into the tiles: the program's interface (``CanvasRenderer/frameOverlay``).
///
/// - ``frames`` are all it covers, in logical window points: a frame redraws the overlay only in the rectangles it
///   redraws that meet them.
/// - A new overlay that ``isEqual(to:)`` the one shown changes nothing; any other change redraws exactly the frames
///   of the overlay before and after, or, where the overlay can tell (``changedFrames(from:)``), the rectangles
///   that differ.
/// - It draws itself (``draw(within:of:scale:context:storage:)``) after the tiles and the strokes in progress there,
///   and only there: the context is clipped to the rectangle.
/// - What it keeps from frame to frame (drawn images) lives in `storage`, which the renderer holds for it
///   (``CanvasRenderer/overlayStorage``) and never looks into.
public protocol FrameOverlay {
    /// Every rectangle it covers, in logical window points.
    var frames: [Rect] { get }

    /// Whether it draws what `other` draws, so that showing it instead redraws nothing.
    func isEqual(to other: any FrameOverlay) -> Bool

    /// The rectangles, in logical window points, outside which it draws what `other` draws: a change from `other`
    /// redraws only them. `nil` (the default): every frame of both.
    func changedFrames(from other: any FrameOverlay) -> [Rect]?

    /// Draws itself over `frame` within `rect`, in buffer pixels.
    ///
    /// - `context` draws into `frame` in buffer pixels, clipped to `rect`; the renderer saves its state before and
    ///   restores it after.
    /// - `scale` is buffer pixels a logical point.
    /// - It may write `frame`'s pixels directly (within `rect`), after flushing Cairo's drawing.
    /// - `storage` is what it keeps with this renderer; `nil` until it makes it.
    func draw(within rect: PixelRect, of frame: ImageSurface, scale: Int, context: OpaquePointer,
              storage: inout AnyObject?)

    /// Draws itself whole over a reduced frame: `image` shows the window at `scale / reduction` pixels a point
    /// (``CanvasRenderer/renderReducedFrame(into:reduction:)``); `storage` as in
    /// ``draw(within:of:scale:context:storage:)``.
    func drawReduced(into image: ImageSurface, scale: Int, reduction: Int, storage: inout AnyObject?)
}

extension FrameOverlay {
    /// None: a change redraws every frame of both overlays.
    public func changedFrames(from other: any FrameOverlay) -> [Rect]? { nil }
}

extension FrameOverlay where Self: Equatable {
    /// Whether `other` is an overlay of the same type, equal to this one.
    public func isEqual(to other: any FrameOverlay) -> Bool {
        (other as? Self) == self
    }
}
