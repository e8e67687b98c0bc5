// Drawing a stroke with Cairo: one path of smoothed segments, round caps and joins, antialiased; a brush stroke as an
// image of its dabs.
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
/// pressure, one fill of its tapered outline, or, for a fill, one fill of its outlines by the even-odd rule.
func drawStroke(_ stroke: Stroke, in context: OpaquePointer) {
    if stroke.isFill {
        for outline in stroke.outlines {
            guard let first = outline.first else { continue }
            cairo_move_to(context, first.x, first.y)
            for point in outline.dropFirst() { cairo_line_to(context, point.x, point.y) }
            cairo_close_path(context)
        }
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(context, stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha)
        cairo_fill(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        return
    }
    if stroke.hasPressure {
        let pieces = TaperedPath(stroke).pieces
        let area = clipArea(of: context)
        for (index, piece) in pieces.enumerated() {
            appendOutline(of: piece, from: index > 0 ? pieces[index - 1].end : piece.end,
                          next: firstNode(after: index, in: pieces, last: nil), isFirst: index == 0, within: area,
                          to: context)
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

/// The context's clip in its user coordinates (document points, for strokes): the area it can paint.
func clipArea(of context: OpaquePointer) -> Rect {
    var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
    cairo_clip_extents(context, &x0, &y0, &x1, &y1)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// Adds the outline of one piece of a tapered path to the context's path: the hull of each pair of neighbouring
/// flattened nodes (the quadrilateral between the two lines tangent to both discs), and the discs that show beyond the
/// hulls (``TaperedPath/needsDisc(_:after:before:)``: at the ends and where the outline turns). All turn the same way,
/// so that the nonzero rule fills their union however they overlap. `next` is the first node of the piece after this
/// one, `nil` for the last.
///
/// Hulls, discs and joins that cannot reach `area` (the context's ``clipArea(of:)``) are left out, which paints the
/// same pixels inside it: so Cairo never sees a point far beyond the area. Its coordinates are 24.8 fixed-point
/// device pixels, within ±8 388 607: a stroke across the coordinate range reaches 3.2 × 10⁷ pixels from a tile at
/// 1 600 %, and a piece's nodes are at most 1/256 of the piece apart (``TaperedPath/nodes(of:from:)``).
func appendOutline(of piece: TaperedPath.Piece, from start: TaperedPath.Node, next: TaperedPath.Node?,
                   isFirst: Bool, within area: Rect, to context: OpaquePointer) {
    let nodes = TaperedPath.nodes(of: piece, from: start)
    var previous: TaperedPath.Node? = isFirst ? nil : start
    func reaches(_ a: TaperedPath.Node, _ b: TaperedPath.Node) -> Bool {
        let grow = max(a.radius, b.radius)
        let minX = min(a.center.x, b.center.x) - grow, maxX = max(a.center.x, b.center.x) + grow
        let minY = min(a.center.y, b.center.y) - grow, maxY = max(a.center.y, b.center.y) + grow
        return maxX >= area.minX && minX <= area.maxX && maxY >= area.minY && minY <= area.maxY
    }
    for (index, node) in nodes.enumerated() {
        if let previous, reaches(previous, node) { appendHull(from: previous, to: node, in: context) }
        let following = index + 1 < nodes.count ? nodes[index + 1] : next
        if !reaches(node, node) {
            // A disc and a join lie within the node's disc: nothing here reaches the area.
        } else if TaperedPath.needsDisc(node, after: previous, before: following) {
            cairo_new_sub_path(context)
            cairo_arc(context, node.center.x, node.center.y, node.radius, 0, 2 * .pi)
        } else if let previous, let following {
            appendJoin(at: node, after: previous, before: following, in: context)
        }
        previous = node
    }
}

/// The quadrilateral between two discs' outer tangent points: with the discs, the area a disc sweeps going from
/// one to the other while its radius changes evenly. Nothing when one disc holds the other.
private func appendHull(from a: TaperedPath.Node, to b: TaperedPath.Node, in context: OpaquePointer) {
    guard let (left, right) = TaperedPath.tangentNormals(from: a, to: b) else { return }
    // Clockwise on screen (y down), as cairo_arc turns.
    cairo_move_to(context, a.center.x + a.radius * right.dx, a.center.y + a.radius * right.dy)
    cairo_line_to(context, b.center.x + b.radius * right.dx, b.center.y + b.radius * right.dy)
    cairo_line_to(context, b.center.x + b.radius * left.dx, b.center.y + b.radius * left.dy)
    cairo_line_to(context, a.center.x + a.radius * left.dx, a.center.y + a.radius * left.dy)
    cairo_close_path(context)
}

/// Where two hulls meet at a node and the outline turns a little: what lies between their end edges there.
/// Each hull ends on the chord between its two tangent points on the node's disc, and the chords of the hull
/// before and the hull after differ when the outline turns or its width changes at another rate; the four
/// triangles from the node's centre to the pairs of tangent points cover the space between them. The disc's arcs
/// beyond the triangles stand out less than ``TaperedPath/flatness``, so they draw what the disc would.
private func appendJoin(at node: TaperedPath.Node, after previous: TaperedPath.Node, before next: TaperedPath.Node,
                        in context: OpaquePointer) {
    guard let before = TaperedPath.tangentNormals(from: previous, to: node),
          let after = TaperedPath.tangentNormals(from: node, to: next) else { return }
    let c = node.center, r = node.radius
    let pairs = [(before.left, after.left), (before.right, after.right), (before.left, before.right), (after.left, after.right)]
    for (first, second) in pairs {
        // Clockwise on screen, as the hulls and the discs: the sign of the cross product picks the order.
        let (a, b) = first.dx * second.dy - first.dy * second.dx >= 0 ? (first, second) : (second, first)
        cairo_move_to(context, c.x, c.y)
        cairo_line_to(context, c.x + r * a.dx, c.y + r * a.dy)
        cairo_line_to(context, c.x + r * b.dx, c.y + r * b.dy)
        cairo_close_path(context)
    }
}

/// The first flattened node of the piece after `index` in `pieces` (then `last`), `nil` when none follows.
func firstNode(after index: Int, in pieces: [TaperedPath.Piece], last: TaperedPath.Piece?) -> TaperedPath.Node? {
    let following = index + 1 < pieces.count ? pieces[index + 1] : (index + 1 == pieces.count ? last : nil)
    guard let following else { return nil }
    return TaperedPath.nodes(of: following, from: pieces[index].end).first
}

/// Fills the outline added to the context's path in the stroke's colour.
func fillOutline(of stroke: Stroke, in context: OpaquePointer) {
    cairo_set_source_rgba(context, stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_fill(context)
}

/// The most pixels a brush stroke's image in a Cairo context holds: a larger stroke's image is drawn at fewer pixels a
/// point.
let largestBrushImagePixels = 1 << 24

/// Draws a stroke painted with a brush into a Cairo context whose unit is a document point (an SVG's, a PDF's, a
/// picture drawn by Cairo): its dabs (``BrushStrokes``) drawn into a clear image of its own over the part of its
/// bounds the context can paint, at `pixelsPerPoint` (fewer past ``largestBrushImagePixels``), the image placed
/// there. So an SVG or a PDF holds it as an image of itself; its dabs take paint away only from that image.
func drawBrushStroke(_ stroke: Stroke, in context: OpaquePointer, pixelsPerPoint: Double) {
    guard let area = stroke.bounds.intersection(clipArea(of: context)), area.width > 0, area.height > 0,
          pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
    let scale = min(pixelsPerPoint, (Double(largestBrushImagePixels) / (area.width * area.height)).squareRoot())
    // The image's corner on a whole pixel at that scale.
    let x0 = (area.minX * scale).rounded(.down), y0 = (area.minY * scale).rounded(.down)
    let width = Int((area.maxX * scale).rounded(.up) - x0), height = Int((area.maxY * scale).rounded(.up) - y0)
    guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { return }
    let image = ImageSurface(clearWidth: width, height: height)
    BrushStrokes.draw(stroke, placement: CapsuleRaster.Placement(pixelsPerPoint: scale, offsetX: -x0, offsetY: -y0),
                      into: UnsafeMutableRawPointer(image.pixels), stride: image.stride, width: width, height: height)
    image.markDirty()
    cairo_save(context)
    cairo_translate(context, x0 / scale, y0 / scale)
    cairo_scale(context, 1 / scale, 1 / scale)
    cairo_set_source_surface(context, image.surface, 0, 0)
    cairo_paint(context)
    cairo_restore(context)
}
