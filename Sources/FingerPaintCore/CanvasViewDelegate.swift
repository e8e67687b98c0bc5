// What the canvas view asks of its owner: the strokes and erasures it completed, the view its gestures moved, the
// colour under the eyedropper, the commands its taps ask for. One method per event; the app implements them all.
import PaintModel
import PaintRender
import TouchUI

/// The owner of a ``CanvasView``: it keeps the drawing, the view and the brush the canvas only draws with. The canvas
/// holds it weakly (``CanvasView/delegate``); each method is called on the thread that delivers touches.
public protocol CanvasViewDelegate: AnyObject {
    /// A finger, pen or eraser came down to paint or erase: `false` when the drawing takes neither now (the owner
    /// says why); the touch then marks nothing until it lifts.
    func canvasViewShouldBeginMarking(_ canvas: CanvasView) -> Bool
    /// A stroke was completed (its touch lifted): it is to be added to the drawing.
    func canvasView(_ canvas: CanvasView, didComplete stroke: Stroke)
    /// The stroke just completed was held still at its end into `shape`, which is to replace it (one more edit,
    /// whose undo restores the freehand stroke). Called right after ``canvasView(_:didComplete:)``.
    func canvasView(_ canvas: CanvasView, didShapeLastStrokeAs shape: Stroke)
    /// An eraser lifted: the strokes its path (in document points) touches, within `radius` document points, are to
    /// be erased (one edit).
    func canvasView(_ canvas: CanvasView, didEraseAlong path: [Point], radius: Double)
    /// The strokes in progress changed: a frame is needed. Called at every touch event that paints.
    func canvasViewDidChange(_ canvas: CanvasView)
    /// A navigation gesture moved the view to `view`.
    func canvasView(_ canvas: CanvasView, didMoveViewTo view: ViewTransform)
    /// A double tap in navigate mode asks for the drawing to fit the view.
    func canvasViewDidAskToFit(_ canvas: CanvasView)
    /// A pen hovers over the canvas at a window point, or (`nil`) left it, left proximity or touched down: the
    /// brush's preview follows it.
    func canvasView(_ canvas: CanvasView, penHoversAt location: Point?)
    /// The eyedropper's finger is at a window point (`isFinal` false as it moves, true where it lifted), or was
    /// cancelled (`nil`).
    func canvasView(_ canvas: CanvasView, picksColorAt point: Point?, isFinal: Bool)
    /// A two- or three-finger tap asks for a command (undo, redo).
    func canvasView(_ canvas: CanvasView, didAskFor command: PaintCommand)
    /// With the fill tool, one finger (or the pen, or the mouse) tapped at a window point: the region there is to
    /// be filled.
    func canvasView(_ canvas: CanvasView, fillsAt point: Point)
}
