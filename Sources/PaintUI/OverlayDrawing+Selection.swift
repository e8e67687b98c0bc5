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
    cairo_restore(context)
}
