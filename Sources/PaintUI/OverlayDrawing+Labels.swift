// The overlay's boxes of text drawn with Cairo: the view indicator, a held button's label and the banner.
// Contract: each draws within its frame; text that does not fit is cut short with an ellipsis.
import CCairo
import Geometry

/// A dark rounded box with the text in white, centred.
func drawIndicator(_ indicator: Overlay.Label, in context: OpaquePointer) {
    let frame = indicator.frame
    roundedRectangle(frame, radius: frame.height / 2, in: context)
    cairo_set_source_rgba(context, 0.15, 0.15, 0.17, 0.85)
    cairo_fill(context)
    cairo_save(context)
    cairo_rectangle(context, frame.minX, frame.minY, frame.width, frame.height)
    cairo_clip(context)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    cairo_set_font_size(context, 13)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, indicator.text, &extents)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_move_to(context, frame.midX - extents.x_advance / 2, frame.midY + 4.5)
    cairo_show_text(context, indicator.text)
    cairo_restore(context)
}

/// A held button's label: its text, centred, on a dark rounded tip (on two lines where a window too narrow for it
/// holds it so).
func drawLabel(_ label: Overlay.Label, in context: OpaquePointer, fontSize: Double = 13) {
    roundedRectangle(label.frame, radius: min(8, label.frame.height / 2), in: context)
    cairo_set_source_rgba(context, 0.12, 0.13, 0.16, 0.94)
    cairo_fill(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    drawCenteredText(label.text, in: label.frame, size: fontSize, in: context)
}

/// A dark red box (dark slate for a notice) with the text in white — on two lines a size smaller when one is too
/// short, cut short with an ellipsis where those do not hold it — and a close mark.
func drawBanner(_ banner: Overlay.Banner, in context: OpaquePointer) {
    let frame = banner.frame
    roundedRectangle(frame, radius: 6, in: context)
    if banner.isNotice {
        cairo_set_source_rgba(context, 0.16, 0.22, 0.30, 0.95)
    } else {
        cairo_set_source_rgba(context, 0.62, 0.11, 0.11, 0.95)
    }
    cairo_fill(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    let close = banner.closeFrame
    drawCross(at: close.center, arm: min(close.width, close.height) * 0.15, lineWidth: 2, in: context)
    if let action = banner.action, let button = banner.actionFrame {
        // The action as a button in a lighter box, its title in bold.
        roundedRectangle(button.insetBy(dx: 4, dy: 4), radius: 4, in: context)
        cairo_set_source_rgba(context, 1, 1, 1, 0.2)
        cairo_fill(context)
        cairo_set_source_rgb(context, 1, 1, 1)
        drawCenteredText(action, in: button, size: 13, isBold: true, in: context)
    }
    cairo_save(context)
    let textArea = banner.textFrame
    cairo_rectangle(context, textArea.minX, textArea.minY, textArea.width, textArea.height)
    cairo_clip(context)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 13)
    if textWidth(banner.text, in: context) <= textArea.width {
        cairo_move_to(context, textArea.minX, textArea.midY + 4.5)
        cairo_show_text(context, banner.text)
    } else {
        // Two lines of a size smaller, broken between words; what does not fit the second ends in an ellipsis.
        cairo_set_font_size(context, 12)
        let (first, rest) = firstLine(of: banner.text, width: textArea.width, in: context)
        cairo_move_to(context, textArea.minX, textArea.midY - 2.5)
        cairo_show_text(context, first)
        cairo_move_to(context, textArea.minX, textArea.midY + 11.5)
        cairo_show_text(context, fitted(rest, width: textArea.width, in: context))
    }
    cairo_restore(context)
}

/// The words of `text` that fit a line `width` wide (at least the first word, cut short when it alone is too
/// wide), and the rest after the space that ends them.
private func firstLine(of text: String, width: Double, in context: OpaquePointer) -> (line: String, rest: String) {
    var end = text.startIndex
    for space in text.indices where text[space] == " " {
        guard textWidth(String(text[..<space]), in: context) <= width else { break }
        end = space
    }
    guard end > text.startIndex else { return (fitted(text, width: width, in: context), "") }
    return (String(text[..<end]), String(text[text.index(after: end)...]))
}
