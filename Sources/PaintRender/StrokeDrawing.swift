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

/// Draws a whole stroke as one path: one Cairo stroke call however many segments it has, or, for a stroke with
/// pressure, one fill of its tapered outline.
func drawStroke(_ stroke: Stroke, in context: OpaquePointer) {
    if stroke.hasPressure {
        let path = TaperedPath(stroke)
        var start: TaperedPath.Node?
        for piece in path.pieces {
            appendOutline(of: piece, from: start ?? piece.end, to: context)
            start = piece.end
        }
        fillOutline(of: stroke, in: context)
        return
    }
    let segments = StrokeSmoother.path(through: stroke.points.lazy.map(\.location))
    guard !segments.isEmpty else { return }
    var start = segments[0].end
    for segment in segments {
        appendSegment(segment, from: start, to: context)
        start = segment.end
    }
    finishStroke(stroke, in: context)
}

/// Strokes the context's path in the stroke's colour, at the stroke's width or at `width` (a pressure stroke's
/// predicted tail goes on at the width of its last sample).
func finishStroke(_ stroke: Stroke, in context: OpaquePointer, width: Double? = nil) {
    cairo_set_source_rgba(context, stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha)
    cairo_set_line_width(context, width ?? stroke.width)
    cairo_stroke(context)
}

/// Adds the outline of one piece of a tapered path to the context's path: a disc at each of its flattened nodes
/// and the hull of each pair of neighbouring discs (the two lines tangent to both, and the discs between), all
/// turning the same way so that the nonzero rule fills their union, however they overlap.
func appendOutline(of piece: TaperedPath.Piece, from start: TaperedPath.Node, to context: OpaquePointer) {
    var previous = start
    for node in TaperedPath.nodes(of: piece, from: start) {
        appendHull(from: previous, to: node, in: context)
        cairo_new_sub_path(context)
        cairo_arc(context, node.center.x, node.center.y, node.radius, 0, 2 * .pi)
        previous = node
    }
}

/// The quadrilateral between two discs' outer tangent points: with the discs, the area a disc sweeps going from
/// one to the other while its radius changes evenly. Nothing when one disc holds the other.
private func appendHull(from a: TaperedPath.Node, to b: TaperedPath.Node, in context: OpaquePointer) {
    let dx = b.center.x - a.center.x, dy = b.center.y - a.center.y
    let distance = (dx * dx + dy * dy).squareRoot()
    guard distance > abs(a.radius - b.radius) else { return }
    let ux = dx / distance, uy = dy / distance
    // The tangent points' normals lean back by the angle whose sine is how fast the radius shrinks.
    let sine = (a.radius - b.radius) / distance, cosine = (1 - sine * sine).squareRoot()
    let left = (x: ux * sine - uy * cosine, y: uy * sine + ux * cosine)
    let right = (x: ux * sine + uy * cosine, y: uy * sine - ux * cosine)
    // Clockwise on screen (y down), as cairo_arc turns.
    cairo_move_to(context, a.center.x + a.radius * right.x, a.center.y + a.radius * right.y)
    cairo_line_to(context, b.center.x + b.radius * right.x, b.center.y + b.radius * right.y)
    cairo_line_to(context, b.center.x + b.radius * left.x, b.center.y + b.radius * left.y)
    cairo_line_to(context, a.center.x + a.radius * left.x, a.center.y + a.radius * left.y)
    cairo_close_path(context)
}

/// Fills the outline added to the context's path in the stroke's colour.
func fillOutline(of stroke: Stroke, in context: OpaquePointer) {
    cairo_set_source_rgba(context, stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_fill(context)
}
