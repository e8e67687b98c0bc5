// Drawing a stroke with Cairo: one path of smoothed segments, round caps and joins, antialiased.
import CCairo
import PaintModel
import Geometry

/// Sets up a context for strokes in document points drawn at `pixelsPerPoint`: round caps (a tap is a disc) and
/// round joins, antialiased.
func prepareForStrokes(_ context: OpaquePointer, pixelsPerPoint: Double) {
    cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_GOOD)
}

/// Adds path segments to the context's path. A quadratic segment becomes the cubic that traces the same curve.
func appendSegment(_ segment: PathSegment, from start: Point, to context: OpaquePointer) {
    switch segment {
    case let .move(to):
        cairo_move_to(context, to.x, to.y)
    case let .line(to):
        cairo_line_to(context, to.x, to.y)
    case let .quad(control, to):
        cairo_curve_to(context,
                       start.x + 2 / 3 * (control.x - start.x), start.y + 2 / 3 * (control.y - start.y),
                       to.x + 2 / 3 * (control.x - to.x), to.y + 2 / 3 * (control.y - to.y),
                       to.x, to.y)
    }
}

/// Strokes a whole stroke as one path: one Cairo stroke call however many segments it has.
func drawStroke(_ stroke: Stroke, in context: OpaquePointer) {
    let segments = StrokeSmoother.path(through: stroke.points.lazy.map(\.location))
    guard !segments.isEmpty else { return }
    var start = segments[0].end
    for segment in segments {
        appendSegment(segment, from: start, to: context)
        start = segment.end
    }
    finishStroke(stroke, in: context)
}

func finishStroke(_ stroke: Stroke, in context: OpaquePointer) {
    cairo_set_source_rgba(context, stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha)
    cairo_set_line_width(context, stroke.width)
    cairo_stroke(context)
}
