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

/// Text centred in a rectangle, in the current source colour, fitted as ``fittedLines(_:width:height:size:in:)``
/// fits it.
func drawCenteredText(_ text: String, in rect: Rect, size: Double, isBold: Bool = false, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    let fit = fittedLines(text, width: rect.width - 8, height: rect.height, size: size, in: context)
    for (index, line) in fit.lines.enumerated() {
        cairo_move_to(context, rect.midX - textWidth(line, in: context) / 2, fit.baseline(index, in: rect))
        cairo_show_text(context, line)
    }
}

/// Text from the left of a rectangle, centred up and down, in the current source colour, fitted as
/// ``fittedLines(_:width:height:size:in:)`` fits it.
func drawLeadingText(_ text: String, in rect: Rect, size: Double, isBold: Bool = false, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    let fit = fittedLines(text, width: rect.width - 4, height: rect.height, size: size, in: context)
    for (index, line) in fit.lines.enumerated() {
        cairo_move_to(context, rect.minX, fit.baseline(index, in: rect))
        cairo_show_text(context, line)
    }
}

/// How a text is set in a place: its lines and their font size.
struct FittedLines {
    var lines: [String]
    var size: Double

    /// The baseline of line `index` of the lines centred up and down in `rect`.
    func baseline(_ index: Int, in rect: Rect) -> Double {
        let leading = size * 1.15
        return rect.midY - Double(lines.count - 1) * leading / 2 + Double(index) * leading + size * 0.35
    }
}

/// `text` set to fit `width` (and `height`) in the context's current face, the font size left set: on one line at
/// `size`; else, where two lines of a size a seventh smaller fit the height, on two broken between words; else on
/// one line a fifth smaller; cut short with an ellipsis (noted in ``CutShortText``) only where none of those holds
/// it — so that a longer translation of a label still reads whole.
func fittedLines(_ text: String, width: Double, height: Double, size: Double, in context: OpaquePointer) -> FittedLines {
    cairo_set_font_size(context, size)
    if textWidth(text, in: context) <= width { return FittedLines(lines: [text], size: size) }
    let smaller = size * 6 / 7
    if height >= 2 * smaller * 1.15 + 2 {
        cairo_set_font_size(context, smaller)
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        for count in stride(from: words.count - 1, through: 1, by: -1) {
            let first = words[..<count].joined(separator: " ")
            guard textWidth(first, in: context) <= width else { continue }
            let second = words[count...].joined(separator: " ")
            return FittedLines(lines: [first, textWidth(second, in: context) <= width ? second
                                       : fitted(second, width: width, in: context, whole: text)], size: smaller)
        }
    }
    let smallest = size * 4 / 5
    cairo_set_font_size(context, smallest)
    return FittedLines(lines: [fitted(text, width: width, in: context)], size: smallest)
}

/// Text cut short with an ellipsis to fit a width in the context's current font, noted in ``CutShortText`` (as
/// `whole`, the text it is part of, when given).
func fitted(_ text: String, width: Double, in context: OpaquePointer, whole: String? = nil) -> String {
    var fitting = text
    while textWidth(fitting, in: context) > width, fitting.count > 1 {
        fitting = String(fitting.dropLast(2)) + "…"
    }
    if fitting != text { CutShortText.record(whole ?? text) }
    return fitting
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
