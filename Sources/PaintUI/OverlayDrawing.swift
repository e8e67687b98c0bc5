// Drawing the overlay with Cairo: the order its parts are drawn in, and the shapes and text they share. The parts
// are in files of their own (OverlayDrawing+Bar, +Icons, +Panels, +Labels, +Gallery, +Guide).
// Contract: the context is scaled to logical points and clipped to the area to redraw; the parts are drawn in one
// fixed order, the banner last.
import CCairo
import Geometry
import PaintRender

/// Draws an overlay into a context already scaled to logical points and clipped to the area to redraw;
/// `thumbnails` are the gallery's pictures by key.
///
/// `drawsBar`, `drawsStrip`: whether the bar and the strip are drawn; `false` when their pixels are already in
/// place (``BarImage``).
func drawOverlay(_ overlay: Overlay, thumbnails: [String: ImageSurface] = [:], drawsBar: Bool = true,
                 drawsStrip: Bool = true, in context: OpaquePointer) {
    let style = overlay.style
    if let selection = overlay.selection { drawSelection(selection, in: context) }
    if drawsBar { drawBar(overlay, in: context) }
    if drawsStrip, let strip = overlay.stripBand { drawBand(strip, in: context) }
    for panel in overlay.panels { drawPanel(panel, style: style, thumbnails: thumbnails, in: context) }
    if let menu = overlay.layerMenu { drawLayerMenu(menu, style: style, in: context) }
    if let chooser = overlay.colorChooser { drawColorChooser(chooser, style: style, in: context) }
    if let preview = overlay.brushPreview { drawBrushPreview(preview, in: context) }
    if let loupe = overlay.loupe { drawLoupe(loupe, in: context) }
    if let guide = overlay.guide, overlay.gallery == nil { drawGuide(guide, style: style, in: context) }
    if let label = overlay.label { drawLabel(label, in: context) }
    if let banner = overlay.banner, overlay.gallery == nil { drawBanner(banner, in: context) }
    if let indicator = overlay.indicator { drawIndicator(indicator, in: context) }
    if let gallery = overlay.gallery { drawGallery(gallery, style: style, thumbnails: thumbnails, in: context) }
    if let banner = overlay.banner, overlay.gallery != nil { drawBanner(banner, in: context) }
}

/// The width of a line of text in the context's font, in points.
func textWidth(_ text: String, in context: OpaquePointer) -> Double {
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    return extents.x_advance
}

/// Text centred in a rectangle, cut short with an ellipsis where it does not fit, in the current source colour.
func drawCenteredText(_ text: String, in rect: Rect, size: Double, isBold: Bool = false, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, size)
    let text = fitted(text, width: rect.width - 8, in: context)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    cairo_move_to(context, rect.midX - extents.x_advance / 2, rect.midY + size * 0.35)
    cairo_show_text(context, text)
}

/// Text from the left of a rectangle, centred up and down, cut short with an ellipsis where it does not fit, in the
/// current source colour.
func drawLeadingText(_ text: String, in rect: Rect, size: Double, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, size)
    cairo_move_to(context, rect.minX, rect.midY + size * 0.35)
    cairo_show_text(context, fitted(text, width: rect.width - 4, in: context))
}

/// Text cut short with an ellipsis to fit a width in the context's current font.
func fitted(_ text: String, width: Double, in context: OpaquePointer) -> String {
    var text = text
    while textWidth(text, in: context) > width, text.count > 1 {
        text = String(text.dropLast(2)) + "…"
    }
    return text
}

/// An × of round-capped lines, `arm` from its centre along each diagonal, in the current source colour.
func drawCross(at center: Point, arm: Double, lineWidth: Double, in context: OpaquePointer) {
    cairo_set_line_width(context, lineWidth)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_move_to(context, center.x - arm, center.y - arm)
    cairo_line_to(context, center.x + arm, center.y + arm)
    cairo_move_to(context, center.x + arm, center.y - arm)
    cairo_line_to(context, center.x - arm, center.y + arm)
    cairo_stroke(context)
}

/// Adds a rectangle with corners rounded by `radius` (at most half its sides) to the path, as a sub-path of its own.
func roundedRectangle(_ rect: Rect, radius: Double, in context: OpaquePointer) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(context)
    cairo_arc(context, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
    cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
    cairo_arc(context, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
    cairo_arc(context, rect.minX + r, rect.minY + r, r, .pi, 1.5 * .pi)
    cairo_close_path(context)
}

/// Paints `image` scaled to fit `room` whole and centred, by Cairo's good filter; `clips`: clipped to where it lies.
/// Returns where it lies (`room` itself for an image without pixels, which paints nothing).
@discardableResult
func drawImage(_ image: ImageSurface, fittedIn room: Rect, clips: Bool = false, in context: OpaquePointer) -> Rect {
    guard image.width > 0, image.height > 0 else { return room }
    let fit = min(room.width / Double(image.width), room.height / Double(image.height))
    let (width, height) = (Double(image.width) * fit, Double(image.height) * fit)
    let picture = Rect(x: room.midX - width / 2, y: room.midY - height / 2, width: width, height: height)
    cairo_save(context)
    if clips {
        cairo_rectangle(context, picture.minX, picture.minY, picture.width, picture.height)
        cairo_clip(context)
    }
    cairo_translate(context, picture.minX, picture.minY)
    cairo_scale(context, fit, fit)
    cairo_set_source_surface(context, image.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_paint(context)
    cairo_restore(context)
    return picture
}
