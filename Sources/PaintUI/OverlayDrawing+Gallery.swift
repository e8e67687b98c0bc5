// The gallery drawn with Cairo: the window's panel, its header with the title, "Open…" and the close cross, the
// tiles (thumbnails, captions, warning marks, the new-drawing tile), the long press's menu and the rename panel.
// Contract: it draws within the gallery's frame, the tiles clipped below the header.
import CCairo
import Geometry
import Localization
import PaintRender

/// The gallery: the window filled with the surface colour, the header with its title and close button, the tiles
/// (thumbnails on paper with their names and dates, the new-drawing tile with a plus), the scroll bar's thumb and
/// the long press's menu.
func drawGallery(_ gallery: Overlay.Gallery, style: OverlayStyle, thumbnails: [String: ImageSurface],
                         in context: OpaquePointer) {
    let ink = style.ink(isEnabled: true)
    cairo_set_source_rgb(context, style.surface.0, style.surface.1, style.surface.2)
    cairo_rectangle(context, gallery.frame.minX, gallery.frame.minY, gallery.frame.width, gallery.frame.height)
    cairo_fill(context)
    // The tiles scroll under the header: clipped below it.
    cairo_save(context)
    cairo_rectangle(context, gallery.frame.minX, gallery.header.maxY, gallery.frame.width,
                    max(gallery.frame.maxY - gallery.header.maxY, 0))
    cairo_clip(context)
    for tile in gallery.tiles {
        drawTile(tile, style: style, thumbnails: thumbnails, in: context)
    }
    if let thumb = gallery.scrollThumb {
        roundedRectangle(thumb, radius: thumb.width / 2, in: context)
        cairo_set_source_rgba(context, ink, ink, ink, 0.35)
        cairo_fill(context)
    }
    for (button, isUp) in [(gallery.pageUp, true), (gallery.pageDown, false)] {
        if let button { drawPageButton(button, pointsUp: isUp, style: style, ink: ink, in: context) }
    }
    cairo_restore(context)
    // The header over them: the title, a line, the close button (a cross).
    cairo_set_source_rgb(context, style.surface.0, style.surface.1, style.surface.2)
    cairo_rectangle(context, gallery.header.minX, gallery.header.minY, gallery.header.width, gallery.header.height)
    cairo_fill(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_rectangle(context, gallery.header.minX, gallery.header.maxY - 1, gallery.header.width, 1)
    cairo_fill(context)
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    cairo_set_font_size(context, 18)
    let titleWidth = max((gallery.openButton ?? gallery.closeButton).minX - gallery.header.minX - 32, 0)
    cairo_move_to(context, gallery.header.minX + 16, gallery.header.midY + 6)
    cairo_show_text(context, fitted(gallery.title, width: titleWidth, in: context))
    drawCross(at: gallery.closeButton.center, arm: gallery.closeButton.height * 0.2, lineWidth: 2.5, in: context)
    if let button = gallery.openButton {
        // "Open…" in an outlined, rounded button.
        roundedRectangle(button.insetBy(dx: 1, dy: 1), radius: 8, in: context)
        cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
        cairo_set_line_width(context, 1.5)
        cairo_stroke(context)
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, 15)
        // Translators: the gallery's header button that opens the desktop's open dialog.
        let text = fitted(localized("Open…"), width: button.width - 16, in: context)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        cairo_move_to(context, button.midX - extents.x_advance / 2, button.midY + 5)
        cairo_show_text(context, text)
    }
    if let menu = gallery.menu { drawMenu(menu, style: style, in: context) }
    if let panel = gallery.renamePanel { drawRenamePanel(panel, style: style, in: context) }
}

/// One tile: the new-drawing tile (a dashed box with a plus) or a drawing (its thumbnail on paper, outlined, a
/// warning mark when damaged or unreadable), each with its caption.
private func drawTile(_ tile: Overlay.Gallery.Tile, style: OverlayStyle, thumbnails: [String: ImageSurface],
                      in context: OpaquePointer) {
    let ink = style.ink(isEnabled: true), faint = style.ink(isEnabled: false)
    let picture = tile.pictureFrame
    roundedRectangle(picture, radius: 8, in: context)
    switch tile.content {
    case .newDrawing:
        cairo_set_source_rgba(context, ink, ink, ink, tile.isPressed ? 0.16 : 0.07)
        cairo_fill_preserve(context)
        cairo_set_source_rgb(context, faint, faint, faint)
        cairo_set_line_width(context, 1.5)
        let dashes: [Double] = [6, 4]
        cairo_set_dash(context, dashes, 2, 0)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
        let arm = min(picture.width, picture.height) * 0.16
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, 4)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(context, picture.midX - arm, picture.midY)
        cairo_line_to(context, picture.midX + arm, picture.midY)
        cairo_move_to(context, picture.midX, picture.midY - arm)
        cairo_line_to(context, picture.midX, picture.midY + arm)
        cairo_stroke(context)
        cairo_set_source_rgb(context, ink, ink, ink)
        // Translators: the caption of the gallery's first tile, which starts a new drawing.
        drawCaption(localized("New drawing"), detail: nil, below: picture, width: tile.frame.width, in: context)
    case let .drawing(name, detail, key, isDamaged, isUnreadable, isOpen):
        // Paper, the thumbnail fitted in it, and an outline (bold for the drawing open now).
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_fill_preserve(context)
        cairo_save(context)
        cairo_clip(context)
        if let key, let image = thumbnails[key] { drawImage(image, fittedIn: picture, in: context) }
        cairo_restore(context)
        if tile.isPressed {
            roundedRectangle(picture, radius: 8, in: context)
            cairo_set_source_rgba(context, 0, 0, 0, 0.12)
            cairo_fill(context)
        }
        roundedRectangle(picture, radius: 8, in: context)
        cairo_set_source_rgb(context, isOpen ? 0.2 : style.edge.0, isOpen ? 0.45 : style.edge.1, isOpen ? 0.85 : style.edge.2)
        cairo_set_line_width(context, isOpen ? 3 : 1)
        cairo_stroke(context)
        if isDamaged || isUnreadable {
            // A warning mark in the picture's top right corner: an amber disc with "!".
            let center = Point(x: picture.maxX - 16, y: picture.minY + 16)
            cairo_arc(context, center.x, center.y, 11, 0, 2 * .pi)
            cairo_set_source_rgb(context, isUnreadable ? 0.75 : 0.95, isUnreadable ? 0.15 : 0.62, 0.1)
            cairo_fill(context)
            cairo_set_source_rgb(context, 1, 1, 1)
            drawCenteredText("!", in: Rect(x: center.x - 11, y: center.y - 11, width: 22, height: 22), size: 15,
                             isBold: true, in: context)
        }
        cairo_set_source_rgb(context, ink, ink, ink)
        drawCaption(name, detail: detail, below: picture, width: tile.frame.width, in: context)
    }
}

/// A tile's name (bold, on up to two lines: ``captionLines(_:width:maximumLines:measure:)``) and detail (its
/// date) under its picture, in the current source colour.
private func drawCaption(_ name: String, detail: String?, below picture: Rect, width: Double, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    cairo_set_font_size(context, 13)
    let lines = captionLines(name, width: width - 4) { textWidth($0, in: context) }
    for (index, line) in lines.enumerated() {
        cairo_move_to(context, picture.minX + 2, picture.maxY + 18 + Double(index) * Overlay.Gallery.captionLineHeight)
        cairo_show_text(context, line)
    }
    guard let detail else { return }
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 12)
    cairo_move_to(context, picture.minX + 2, picture.maxY + 20 + 2 * Overlay.Gallery.captionLineHeight)
    cairo_show_text(context, fitted(detail, width: width - 4, in: context))
}

/// A raised box for a menu or a panel: a shadow below it, the panel's colour, an edge.
func drawRaisedBox(_ frame: Rect, style: OverlayStyle, in context: OpaquePointer) {
    roundedRectangle(frame.offsetBy(dx: 0, dy: 3), radius: 10, in: context)
    cairo_set_source_rgba(context, 0, 0, 0, 0.25)
    cairo_fill(context)
    roundedRectangle(frame, radius: 10, in: context)
    let panel = style == .light ? (1.0, 1.0, 1.0) : (0.24, 0.25, 0.29)
    cairo_set_source_rgb(context, panel.0, panel.1, panel.2)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}

/// The long press's menu: a raised box of buttons, the destructive one in red.
private func drawMenu(_ menu: Overlay.Gallery.Menu, style: OverlayStyle, in context: OpaquePointer) {
    drawRaisedBox(menu.frame, style: style, in: context)
    let ink = style.ink(isEnabled: true)
    for (index, item) in menu.items.enumerated() {
        if index > 0 {
            cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
            cairo_rectangle(context, item.frame.minX + 12, item.frame.minY, item.frame.width - 24, 1)
            cairo_fill(context)
        }
        if item.isDestructive {
            cairo_set_source_rgb(context, 0.8, 0.15, 0.15)
        } else {
            cairo_set_source_rgb(context, ink, ink, ink)
        }
        drawLeadingText(item.title, in: Rect(x: item.frame.minX + 16, y: item.frame.minY, width: item.frame.width - 20,
                                             height: item.frame.height), size: 14, in: context)
    }
}

/// The rename panel: a raised box with the text field (the name selected, or followed by the caret; its end shown
/// when it is longer than the field) over Cancel (outlined) and Rename (filled in blue).
func drawRenamePanel(_ panel: Overlay.Gallery.RenamePanel, style: OverlayStyle, in context: OpaquePointer) {
    drawRaisedBox(panel.frame, style: style, in: context)
    let ink = style.ink(isEnabled: true)
    roundedRectangle(panel.field.insetBy(dx: 0.75, dy: 0.75), radius: 6, in: context)
    cairo_set_source_rgb(context, 0.2, 0.45, 0.85)
    cairo_set_line_width(context, 1.5)
    cairo_stroke(context)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 15)
    // The end of a long name, where the caret is.
    var text = panel.text
    let room = panel.field.width - 24
    while textWidth(text, in: context) > room, !text.isEmpty { text = "…" + String(text.dropFirst(2)) }
    let (x, baseline) = (panel.field.minX + 10, panel.field.midY + 5)
    let width = textWidth(text, in: context)
    if panel.isTextSelected, !text.isEmpty {
        cairo_set_source_rgba(context, 0.2, 0.45, 0.85, 0.3)
        cairo_rectangle(context, x - 1, panel.field.midY - 11, width + 2, 22)
        cairo_fill(context)
    }
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_move_to(context, x, baseline)
    cairo_show_text(context, text)
    if !panel.isTextSelected {
        cairo_rectangle(context, x + width + 1, panel.field.midY - 10, 1.5, 20)
        cairo_fill(context)
    }
    roundedRectangle(panel.cancelButton.insetBy(dx: 1, dy: 1), radius: 8, in: context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1.5)
    cairo_stroke(context)
    cairo_set_source_rgb(context, ink, ink, ink)
    // Translators: a button of the gallery's rename panel.
    drawCenteredText(localized("Cancel"), in: panel.cancelButton, size: 15, in: context)
    roundedRectangle(panel.renameButton, radius: 8, in: context)
    cairo_set_source_rgb(context, 0.2, 0.45, 0.85)
    cairo_fill(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    // Translators: the rename panel's button that renames the drawing (a verb).
    drawCenteredText(localized("Rename"), in: panel.renameButton, size: 15, isBold: true, in: context)
}

/// A button that scrolls the gallery a page: a round button in the bar's colours with a chevron pointing the way.
func drawPageButton(_ frame: Rect, pointsUp: Bool, style: OverlayStyle, ink: Double, in context: OpaquePointer) {
    let center = frame.center, radius = min(frame.width, frame.height) / 2 - 0.5
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
    cairo_set_source_rgba(context, style.surface.0, style.surface.1, style.surface.2, 0.95)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
    let arm = radius * 0.4, direction = pointsUp ? -1.0 : 1.0
    cairo_move_to(context, center.x - arm, center.y - direction * arm / 2)
    cairo_line_to(context, center.x, center.y + direction * arm / 2)
    cairo_line_to(context, center.x + arm, center.y - direction * arm / 2)
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, 2.5)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_stroke(context)
}
