// The palette bar drawn with Cairo: its fill and top edge, each control (its selection ring, then a swatch, a width
// dot or an icon) in order, and the scroll hints at its ends. Contract: what drawBar draws lies within the bar's
// frame; controls are drawn in the order given, each in the Cairo state the one before left.
import CCairo
import Geometry
import Glibc
import PaintModel

/// The bar: its fill, its top edge, its controls and its scroll hints, all within ``Overlay/frame``.
func drawBar(_ overlay: Overlay, in context: OpaquePointer) {
    let style = overlay.style
    cairo_set_source_rgb(context, style.surface.0, style.surface.1, style.surface.2)
    cairo_rectangle(context, overlay.frame.minX, overlay.frame.minY, overlay.frame.width, overlay.frame.height)
    cairo_fill(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_rectangle(context, overlay.frame.minX, overlay.frame.minY, overlay.frame.width, 1)
    cairo_fill(context)
    for item in overlay.items {
        drawItem(item, style: style, in: context)
    }
    if overlay.hasMoreBefore { drawScrollHint(in: overlay.frame, atRightEdge: false, style: style, in: context) }
    if overlay.hasMoreAfter { drawScrollHint(in: overlay.frame, atRightEdge: true, style: style, in: context) }
}

/// One control: the selection ring around it when selected, then what it shows.
func drawItem(_ item: Overlay.Item, style: OverlayStyle, in context: OpaquePointer) {
    let frame = item.frame
    let center = frame.center
    let side = min(frame.width, frame.height)
    if item.isSelected {
        roundedRectangle(frame.insetBy(dx: -3, dy: -3), radius: 6, in: context)
        cairo_set_source_rgb(context, 0.2, 0.45, 0.9)
        cairo_set_line_width(context, 2)
        cairo_stroke(context)
    }
    let ink = style.ink(isEnabled: item.isEnabled)
    let paper = style.surface
    switch item.content {
    case let .swatch(color): drawSwatch(color, frame: frame, outline: style.outline, in: context)
    case let .width(width, color):
        drawWidthDot(width: width, color: color, isEnabled: item.isEnabled, at: center, side: side,
                     outline: style.outline, in: context)
    case .undo, .redo: drawUndoRedoIcon(toLeft: item.content == .undo, at: center, side: side, ink: ink, in: context)
    case .clear: drawClearIcon(at: center, side: side, ink: ink, in: context)
    case .fullscreen: drawFullscreenIcon(at: center, side: side, ink: ink, in: context)
    case .hand: drawHandIcon(at: center, side: side, ink: ink, in: context)
    case .eraser: drawEraserIcon(at: center, side: side, ink: ink, in: context)
    case .save: drawSaveIcon(at: center, side: side, ink: ink, in: context)
    case .colorChooser: drawColorChooserIcon(at: center, side: side, paper: paper, in: context)
    case .eyedropper: drawEyedropperIcon(at: center, side: side, ink: ink, in: context)
    case .gallery: drawGalleryIcon(at: center, side: side, ink: ink, in: context)
    case .copy: drawCopyIcon(at: center, side: side, ink: ink, paper: paper, in: context)
    }
}

/// A colour swatch: the colour in a rounded box, ringed inside its edge in the style's `outline` colour, so that a
/// colour like the bar's shows on it.
func drawSwatch(_ color: Color, frame: Rect, outline: (Double, Double, Double), in context: OpaquePointer) {
    roundedRectangle(frame, radius: 5, in: context)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    cairo_fill(context)
    roundedRectangle(frame.insetBy(dx: 0.5, dy: 0.5), radius: 4.5, in: context)
    cairo_set_source_rgb(context, outline.0, outline.1, outline.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}

/// A width step's dot in the brush's colour (faded when disabled), ringed just outside in the style's `outline`
/// colour, so that a dot like the bar's shows on it. Widths double from step to step: the dot grows by the same
/// amount from each to the next, from 3 points to most of the button, so that every step looks different.
func drawWidthDot(width: Double, color: Color, isEnabled: Bool, at center: Point, side: Double,
                  outline: (Double, Double, Double), in context: OpaquePointer) {
    let steps = log2(max(width, 1) / 2) / log2(32)
    let diameter = 3 + (side * 0.82 - 3) * min(max(steps, 0), 1)
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, diameter / 2, 0, 2 * .pi)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, isEnabled ? color.alpha : 0.4)
    cairo_fill(context)
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, diameter / 2 + 0.5, 0, 2 * .pi)
    cairo_set_source_rgba(context, outline.0, outline.1, outline.2, isEnabled ? 1 : 0.5)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}

/// The hint that a scrolling bar has more buttons beyond an edge: the buttons fade into the bar's colour towards
/// that edge, and a chevron pointing out of it sits in the outer ``Overlay/chevronWidth`` points.
func drawScrollHint(in frame: Rect, atRightEdge: Bool, style: OverlayStyle, in context: OpaquePointer) {
    let (r, g, b) = style.surface
    let edge = atRightEdge ? frame.maxX : frame.minX
    let inner = atRightEdge ? edge - Overlay.fadeWidth : edge + Overlay.fadeWidth
    let fade = cairo_pattern_create_linear(inner, 0, edge, 0)!
    defer { cairo_pattern_destroy(fade) }
    cairo_pattern_add_color_stop_rgba(fade, 0, r, g, b, 0)
    cairo_pattern_add_color_stop_rgba(fade, 1 - Overlay.chevronWidth / Overlay.fadeWidth, r, g, b, 1)
    cairo_pattern_add_color_stop_rgba(fade, 1, r, g, b, 1)
    let hint = BarImage.hintFrame(in: frame, atRightEdge: atRightEdge)
    cairo_rectangle(context, hint.minX, hint.minY, hint.width, hint.height)
    cairo_set_source(context, fade)
    cairo_fill(context)
    let center = Point(x: atRightEdge ? edge - Overlay.chevronWidth / 2 : edge + Overlay.chevronWidth / 2, y: frame.midY)
    let arm = 7.0, direction = atRightEdge ? 1.0 : -1.0
    cairo_move_to(context, center.x - direction * arm / 2, center.y - arm)
    cairo_line_to(context, center.x + direction * arm / 2, center.y)
    cairo_line_to(context, center.x - direction * arm / 2, center.y + arm)
    cairo_set_source_rgb(context, style.chevron, style.chevron, style.chevron + 0.03)
    cairo_set_line_width(context, 2.5)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_stroke(context)
}
