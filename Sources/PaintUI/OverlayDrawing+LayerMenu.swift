// The layers panel's pictures and its long press's menu, drawn with Cairo: a layer's thumbnail in its row (and a
// brush's preview in the brush panel's), and the menu of a layer's actions, its opacity slider (the sliders of every
// panel), its blend modes and its rename panel. Contract: each draws within
// its frame (the menu's raised box within ``Overlay/frames``).
import CCairo
import Geometry
import PaintRender

/// A layer's thumbnail in the square at its row's left end: the picture on paper, fitted whole and centred, with a
/// thin edge; paper alone while it is being made.
func drawLayerThumbnail(_ image: ImageSurface?, in square: Rect, style: OverlayStyle, in context: OpaquePointer) {
    let room = square.insetBy(dx: 3, dy: 3)
    var picture = room
    if let image, image.width > 0, image.height > 0 {
        picture = drawImage(image, fittedIn: room, clips: true, in: context)
    } else {
        cairo_rectangle(context, picture.minX, picture.minY, picture.width, picture.height)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_fill(context)
    }
    cairo_rectangle(context, picture.minX + 0.5, picture.minY + 0.5, max(picture.width - 1, 0),
                    max(picture.height - 1, 0))
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}

/// A brush's preview in the box at its row's left end: the stroke fitted whole and centred, on the panel itself.
func drawBrushPreviewImage(_ image: ImageSurface, in box: Rect, in context: OpaquePointer) {
    let room = box.insetBy(dx: 3, dy: 3)
    guard room.width > 0, room.height > 0 else { return }
    drawImage(image, fittedIn: room, in: context)
}

/// A layer's menu: a raised box with its heading, then its slider, its rows (the chosen one ticked, a destructive
/// one in red), or its rename panel in place of them.
func drawLayerMenu(_ menu: Overlay.LayerMenu, style: OverlayStyle, in context: OpaquePointer) {
    if let panel = menu.renamePanel { return drawRenamePanel(panel, style: style, in: context) }
    drawRaisedBox(menu.frame, style: style, in: context)
    let ink = style.ink(isEnabled: true)
    cairo_set_source_rgb(context, ink, ink, ink)
    let heading = Rect(x: menu.frame.minX + 16, y: menu.frame.minY + 4, width: menu.frame.width - 28, height: 32)
    drawLeadingText(menu.title, in: heading, size: 13, isBold: true, in: context)
    if let slider = menu.slider { drawSlider(slider, style: style, in: context) }
    for row in menu.rows {
        if row.isSelected {
            roundedRectangle(row.frame.insetBy(dx: 2, dy: 2), radius: 6, in: context)
            cairo_set_source_rgba(context, 0.2, 0.45, 0.9, 0.18)
            cairo_fill(context)
            // A tick at the row's right end.
            cairo_set_source_rgb(context, 0.2, 0.45, 0.9)
            cairo_set_line_width(context, 2.5)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(context, row.frame.maxX - 26, row.frame.midY)
            cairo_line_to(context, row.frame.maxX - 20, row.frame.midY + 6)
            cairo_line_to(context, row.frame.maxX - 11, row.frame.midY - 6)
            cairo_stroke(context)
        }
        if !row.isEnabled {
            let faint = style.ink(isEnabled: false)
            cairo_set_source_rgb(context, faint, faint, faint)
        } else if row.isDestructive {
            // Red, lighter on the dark style's box.
            let (red, rest) = style == .light ? (0.8, 0.15) : (0.95, 0.4)
            cairo_set_source_rgb(context, red, rest, rest)
        } else {
            cairo_set_source_rgb(context, ink, ink, ink)
        }
        drawLeadingText(row.title, in: Rect(x: row.frame.minX + 12, y: row.frame.minY,
                                            width: row.frame.width - (row.isSelected ? 40 : 16), height: row.frame.height),
                        size: 14, in: context)
    }
}

/// A slider: its words, then a track filled in blue up to the value, and a round knob there.
func drawSlider(_ slider: Overlay.Slider, style: OverlayStyle, in context: OpaquePointer) {
    let ink = style.ink(isEnabled: true)
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 14)
    cairo_move_to(context, slider.frame.minX + 12, slider.frame.minY + 18)
    cairo_show_text(context, fitted(slider.title, width: slider.frame.width - 24, in: context))
    let track = slider.track, value = min(max(slider.value.isFinite ? slider.value : 1, 0), 1)
    let knobX = track.minX + value * track.width
    roundedRectangle(Rect(x: track.minX, y: track.midY - 2, width: track.width, height: 4), radius: 2, in: context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_fill(context)
    roundedRectangle(Rect(x: track.minX, y: track.midY - 2, width: knobX - track.minX, height: 4), radius: 2, in: context)
    cairo_set_source_rgb(context, 0.2, 0.45, 0.9)
    cairo_fill(context)
    cairo_new_sub_path(context)
    cairo_arc(context, knobX, track.midY, 10, 0, 2 * .pi)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.outline.0, style.outline.1, style.outline.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}
