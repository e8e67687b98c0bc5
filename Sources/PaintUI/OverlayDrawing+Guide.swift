// The guide's card drawn with Cairo: a panel in the style's colours, each gesture's picture and line, the keys in a
// grid, a close mark. Contract: everything is drawn within the card's frame.
import CCairo
import Geometry

/// The guide's card (``Overlay/Guide``).
func drawGuide(_ guide: Overlay.Guide, style: OverlayStyle, in context: OpaquePointer) {
    let frame = guide.frame
    cairo_save(context)
    roundedRectangle(frame.insetBy(dx: 0.5, dy: 0.5), radius: 10, in: context)
    cairo_set_source_rgba(context, style.surface.0, style.surface.1, style.surface.2, 0.97)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke_preserve(context)
    cairo_clip(context)
    let ink = style.ink(isEnabled: true)
    for (row, rowFrame) in zip(guide.rows, guide.rowFrames) {
        let side = rowFrame.height
        let picture = Point(x: rowFrame.minX + side / 2, y: rowFrame.midY)
        drawGuidePicture(row.picture, at: picture, side: side, ink: ink, in: context)
        cairo_set_source_rgb(context, ink, ink, ink + 0.02)
        drawLeadingText(row.text, in: Rect(x: rowFrame.minX + side + 8, y: rowFrame.minY,
                                           width: rowFrame.width - side - 12, height: rowFrame.height),
                        size: 14 * guide.factor, in: context)
    }
    cairo_set_source_rgb(context, ink, ink, ink + 0.02)
    for (key, keyFrame) in zip(guide.keys, guide.keyFrames) {
        drawLeadingText(key, in: keyFrame, size: 12 * guide.factor, in: context)
    }
    // The close mark: a tap anywhere on the card closes it, and the mark says so.
    let arm = 4.5 * guide.factor
    cairo_set_source_rgba(context, ink, ink, ink, 0.7)
    drawCross(at: Point(x: frame.maxX - 14, y: frame.minY + 14), arm: arm, lineWidth: 1.5, in: context)
    cairo_restore(context)
}

/// A gesture's picture, fitted in a square of `side` around `center`.
private func drawGuidePicture(_ picture: Overlay.Guide.Picture, at center: Point, side: Double, ink: Double,
                              in context: OpaquePointer) {
    let unit = side / 12
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    switch picture {
    case .fingers:
        // Three lines, red, green and blue, each ending under a fingertip.
        let colours: [(Double, Double, Double)] = [(0.85, 0.2, 0.2), (0.2, 0.6, 0.25), (0.2, 0.4, 0.85)]
        for (index, colour) in colours.enumerated() {
            let x = center.x + (Double(index) - 1) * unit * 3.4
            cairo_set_source_rgb(context, colour.0, colour.1, colour.2)
            cairo_set_line_width(context, unit * 1.1)
            cairo_move_to(context, x - unit * 1.5, center.y + unit * 4.5)
            cairo_curve_to(context, x + unit * 1.5, center.y + unit * 2, x - unit * 1.5, center.y, x, center.y - unit * 1.5)
            cairo_stroke(context)
            fingertip(at: Point(x: x, y: center.y - unit * 2.5), radius: unit * 1.4, ink: ink, in: context)
        }
    case .twoFingerTap:
        for dx in [-1.0, 1.0] {
            let tip = Point(x: center.x + dx * unit * 2.4, y: center.y)
            fingertip(at: tip, radius: unit * 1.6, ink: ink, in: context)
            cairo_set_source_rgba(context, ink, ink, ink, 0.5)
            cairo_set_line_width(context, unit * 0.7)
            cairo_arc(context, tip.x, tip.y, unit * 3, 0, 2 * .pi)
            cairo_stroke(context)
        }
    case .hand:
        drawHandIcon(at: center, side: side, ink: ink, in: context)
    case .pinch:
        // Two fingertips moving apart on a turn, with arrows.
        for sign in [-1.0, 1.0] {
            let tip = Point(x: center.x + sign * unit * 2.2, y: center.y + sign * unit * 2.2)
            fingertip(at: tip, radius: unit * 1.3, ink: ink, in: context)
            cairo_set_source_rgb(context, ink, ink, ink)
            cairo_set_line_width(context, unit * 0.8)
            let end = Point(x: center.x + sign * unit * 5, y: center.y + sign * unit * 4.6)
            cairo_move_to(context, tip.x + sign * unit * 1.4, tip.y + sign * unit * 1.4)
            cairo_line_to(context, end.x, end.y)
            cairo_move_to(context, end.x - sign * unit * 2, end.y)
            cairo_line_to(context, end.x, end.y)
            cairo_line_to(context, end.x, end.y - sign * unit * 2)
            cairo_stroke(context)
        }
    case .shape:
        // A wobbly line on the left, a clean circle on the right.
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, unit * 0.9)
        cairo_move_to(context, center.x - unit * 5.5, center.y + unit * 2)
        cairo_curve_to(context, center.x - unit * 4.5, center.y - unit * 3, center.x - unit * 3, center.y + unit * 3,
                       center.x - unit * 1.8, center.y - unit * 1)
        cairo_stroke(context)
        cairo_set_source_rgb(context, 0.2, 0.45, 0.9)
        cairo_arc(context, center.x + unit * 2.6, center.y, unit * 3, 0, 2 * .pi)
        cairo_stroke(context)
    case .gallery:
        drawGalleryIcon(at: center, side: side, ink: ink, in: context)
    }
}

/// A fingertip seen from above: a filled round in the ink's colour.
private func fingertip(at point: Point, radius: Double, ink: Double, in context: OpaquePointer) {
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_arc(context, point.x, point.y, radius, 0, 2 * .pi)
    cairo_fill(context)
}

/// The guide's button: a question mark in a ring.
func drawHelpIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(side * 0.05, 1.5))
    cairo_arc(context, center.x, center.y, side * 0.3, 0, 2 * .pi)
    cairo_stroke(context)
    drawCenteredText("?", in: Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side),
                     size: side * 0.4, isBold: true, in: context)
}
