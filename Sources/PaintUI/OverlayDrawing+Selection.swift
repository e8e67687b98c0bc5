// Drawing a selection's outline, or a lasso's loop being drawn: black dashes over white ones, so the line shows over
// any paint, under the bar and the panels.
import CCairo
import Geometry

/// A selection's outline (or a lasso's loop): white underneath, black dashes over it, starting `dashPhase` along.
func drawSelection(_ selection: Overlay.Selection, in context: OpaquePointer) {
    guard let first = selection.outline.first, selection.outline.count > 1 else { return }
    cairo_save(context)
    cairo_new_path(context)
    cairo_move_to(context, first.x, first.y)
    for point in selection.outline.dropFirst() { cairo_line_to(context, point.x, point.y) }
    if selection.isClosed { cairo_close_path(context) }
    cairo_set_line_width(context, 1.5)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_stroke_preserve(context)
    var dashes = [5.0, 4.0]
    cairo_set_dash(context, &dashes, 2, selection.dashPhase)
    cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
    let side = Overlay.Selection.handleSide
    if let handle = selection.rotationHandle, selection.outline.count > 1 {
        let start = selection.outline[0], end = selection.outline[1]
        cairo_move_to(context, (start.x + end.x) / 2, (start.y + end.y) / 2)
        cairo_line_to(context, handle.x, handle.y)
        cairo_set_line_width(context, 1.5)
        cairo_stroke(context)
        cairo_new_sub_path(context)
        cairo_arc(context, handle.x, handle.y, side / 2, 0, 2 * .pi)
        drawHandleFill(in: context)
    }
    for corner in selection.handles {
        cairo_rectangle(context, corner.x - side / 2, corner.y - side / 2, side, side)
        drawHandleFill(in: context)
    }
    cairo_restore(context)
}

/// Fills the current path white and outlines it dark: a handle.
private func drawHandleFill(in context: OpaquePointer) {
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
    cairo_set_line_width(context, 1.5)
    cairo_stroke(context)
}
