// Drawing the palette bar with Cairo: swatches, width dots and simple icons.
import CCairo
import Dispatch
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import PaintRender

/// Draws an overlay into a context already scaled to logical points and clipped to the area to redraw;
/// `thumbnails` are the gallery's pictures by key.
///
/// `drawsBar`: whether the bar (its fill, its controls and its scroll hints) is drawn; `false` when its pixels are
/// already in place (``Overlay/Bar``).
func drawOverlay(_ overlay: Overlay, thumbnails: [String: ImageSurface] = [:], drawsBar: Bool = true,
                 in context: OpaquePointer) {
    let style = overlay.style
    if drawsBar { drawBar(overlay, in: context) }
    if let chooser = overlay.colorChooser { drawColorChooser(chooser, style: style, in: context) }
    if let preview = overlay.brushPreview { drawBrushPreview(preview, in: context) }
    if let loupe = overlay.loupe { drawLoupe(loupe, in: context) }
    if let label = overlay.label { drawLabel(label, in: context) }
    if let banner = overlay.banner, overlay.gallery == nil { drawBanner(banner, in: context) }
    if let indicator = overlay.indicator { drawIndicator(indicator, in: context) }
    if let gallery = overlay.gallery { drawGallery(gallery, style: style, thumbnails: thumbnails, in: context) }
    if let banner = overlay.banner, overlay.gallery != nil { drawBanner(banner, in: context) }
}

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

/// The overlay's bar drawn once into an image of its own, at a buffer scale: a frame that redraws the bar copies it
/// (a few hundred KB) instead of drawing a dozen controls with Cairo again (about 1 ms at 3840 pixels wide).
struct BarImage {
    /// What the image shows: the bar's frame, controls, hints and colours at ``scale``.
    var overlay: Overlay
    var scale: Int
    /// The bar's buffer pixels.
    var rect: PixelRect
    var image: ImageSurface

    /// Whether the image shows the bar of `other` at `scale`.
    func shows(_ other: Overlay, scale: Int) -> Bool {
        scale == self.scale && other.frame == overlay.frame && other.items == overlay.items && other.style == overlay.style
            && other.hasMoreBefore == overlay.hasMoreBefore && other.hasMoreAfter == overlay.hasMoreAfter
    }

    /// The bar of `overlay` drawn at `scale`; `nil` when its frame does not lie on whole buffer pixels (its edges
    /// would then blend with what lies under it) or is empty.
    init?(_ overlay: Overlay, scale: Int) {
        let frame = overlay.frame, factor = Double(scale)
        let edges = [frame.minX, frame.minY, frame.maxX, frame.maxY].map { $0 * factor }
        guard frame.width > 0, frame.height > 0, edges.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e6 }) else { return nil }
        rect = PixelRect(x: Int(edges[0]), y: Int(edges[1]), width: Int(edges[2]) - Int(edges[0]),
                         height: Int(edges[3]) - Int(edges[1]))
        self.overlay = overlay
        self.scale = scale
        image = ImageSurface(width: rect.width, height: rect.height, fill: nil)
        let context = cairo_create(image.surface)!
        defer { cairo_destroy(context) }
        cairo_translate(context, Double(-rect.x), Double(-rect.y))
        cairo_scale(context, factor, factor)
        drawBar(overlay, in: context)
        cairo_surface_flush(image.surface)
    }

    /// Where a bar in `frame` fades out under its scroll hint at one edge.
    static func hintFrame(in frame: Rect, atRightEdge: Bool) -> Rect {
        let top = frame.minY + 1
        return Rect(x: atRightEdge ? frame.maxX - Overlay.fadeWidth : frame.minX, y: top, width: Overlay.fadeWidth,
                    height: frame.maxY - top)
    }

    /// How far past its frame a control's drawing reaches, in points: the selection ring lies 3 points out with a
    /// line 2 points wide; the rest is room for antialiasing.
    static let itemReach = 8.0

    /// The bar of `overlay` drawn at `scale` by changing a copy of `previous` where the two bars differ: the bar is
    /// drawn again clipped to the whole buffer pixels within ``itemReach`` of the controls that changed (before and
    /// after) and to any scroll hint they touch, so that those pixels are what drawing the bar afresh gives and the
    /// others already are (Cairo skips the controls outside the clip). `nil`
    /// unless the bars differ only in some of their controls, the same number in both (a bar enabling undo, a
    /// swatch selected: a few controls drawn instead of all of them).
    init?(_ overlay: Overlay, scale: Int, changing previous: BarImage) {
        let old = previous.overlay
        guard scale == previous.scale, overlay.frame == old.frame, overlay.style == old.style,
              overlay.hasMoreBefore == old.hasMoreBefore, overlay.hasMoreAfter == old.hasMoreAfter,
              overlay.items.count == old.items.count else { return nil }
        var changed: PixelRect?
        for (item, was) in zip(overlay.items, old.items) where item != was {
            for frame in [item.frame, was.frame] {
                let reach = PixelRect(covering: frame.insetBy(dx: -Self.itemReach, dy: -Self.itemReach), scale: scale)
                changed = changed.map { $0.union(reach) } ?? reach
            }
        }
        guard let changed else { return nil }
        self.overlay = overlay
        self.scale = scale
        rect = previous.rect
        // Controls scrolled out of the bar changed (undo enabled off its end): the same pixels.
        guard var area = changed.intersection(previous.rect) else {
            image = previous.image
            return
        }
        // A scroll hint is drawn whole or not at all: Cairo blends a few pixels of a fade clipped part way one step
        // differently.
        for (hasHint, atRightEdge) in [(overlay.hasMoreBefore, false), (overlay.hasMoreAfter, true)] where hasHint {
            let hint = PixelRect(covering: Self.hintFrame(in: overlay.frame, atRightEdge: atRightEdge), scale: scale)
            if area.intersection(hint) != nil { area = area.union(hint).intersection(previous.rect) ?? area }
        }
        image = ImageSurface(width: rect.width, height: rect.height, fill: nil)
        image.copyAll(from: previous.image)
        let context = cairo_create(image.surface)!
        defer { cairo_destroy(context) }
        cairo_rectangle(context, Double(area.x - rect.x), Double(area.y - rect.y), Double(area.width), Double(area.height))
        cairo_clip(context)
        cairo_translate(context, Double(-rect.x), Double(-rect.y))
        cairo_scale(context, Double(scale), Double(scale))
        drawBar(overlay, in: context)
        cairo_surface_flush(image.surface)
    }

    /// Copies the bar's image into a reduced frame: each pixel takes the bar's pixel at `reduction` times its place,
    /// as the drawing under it does (PaintRender's `NearestScaling` at ratio 1 / `reduction`).
    func copyReduced(by reduction: Int, into frame: ImageSurface) {
        // The frame's pixels whose place times `reduction` lies within the bar (what lies left of or above the
        // frame is clamped away, so division rounding towards zero there does not matter).
        let top = max((rect.y + reduction - 1) / reduction, 0), bottom = min((rect.maxY + reduction - 1) / reduction, frame.height)
        let left = max((rect.x + reduction - 1) / reduction, 0), right = min((rect.maxX + reduction - 1) / reduction, frame.width)
        guard top < bottom, left < right else { return }
        let rows = top..<bottom, columns = left..<right
        cairo_surface_flush(frame.surface)
        for row in rows {
            let from = UnsafeRawPointer(image.pixels + (reduction * row - rect.y) * image.stride)
                .assumingMemoryBound(to: UInt32.self)
            let to = UnsafeMutableRawPointer(frame.pixels + row * frame.stride).assumingMemoryBound(to: UInt32.self)
            for column in columns { to[column] = from[reduction * column - rect.x] }
        }
        frame.markDirty()
    }
}

/// Has a background thread load the overlay's font (fontconfig reads its configuration and font list the first
/// time, 10 ms or more) once a process, so that the first text a frame draws (the zoom indicator) does not. Asked for
/// once a window's first frame is drawn.
let textWarmUp: Void = {
    DispatchQueue.global(qos: .utility).async { loadOverlayFont() }
}()

/// Has a background thread load the overlay's font once a process (``textWarmUp``): a window asks for it once its
/// first frame is drawn, so that the font's loading does not share the cores with that frame.
public func warmUpOverlayFont() {
    _ = textWarmUp
}

/// Loads the overlay's font on the calling thread (fontconfig's configuration and font list, once a process):
/// ``textWarmUp`` does it in the background; `paint-benchmark --large` does it before the two launches it compares,
/// which share one process, so that neither first frame meets the other's warm-up. The font list, read whole to
/// find the font, is then let go from resident memory (``FontCachePages``).
public func loadOverlayFont() {
    defer { FontCachePages.release() }
    let image = ImageSurface(width: 64, height: 32, fill: .white)
    let context = cairo_create(image.surface)!
    for weight in [CAIRO_FONT_WEIGHT_NORMAL, CAIRO_FONT_WEIGHT_BOLD] {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight)
        cairo_set_font_size(context, 13)
        cairo_move_to(context, 2, 20)
        cairo_show_text(context, "100 %  0°")
    }
    cairo_destroy(context)
    withExtendedLifetime(image) {}
}

/// A dark rounded box with the text in white, centred.
private func drawIndicator(_ indicator: Overlay.Label, in context: OpaquePointer) {
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

/// A held button's label: its text, centred, on a dark rounded tip.
private func drawLabel(_ label: Overlay.Label, in context: OpaquePointer, fontSize: Double = 13) {
    roundedRectangle(label.frame, radius: min(8, label.frame.height / 2), in: context)
    cairo_set_source_rgba(context, 0.12, 0.13, 0.16, 0.94)
    cairo_fill(context)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, fontSize)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, label.text, &extents)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_move_to(context, label.frame.midX - extents.x_advance / 2, label.frame.midY + fontSize * 0.35)
    cairo_show_text(context, label.text)
}

/// The chooser's panel: the saturation-value square at its hue (white to the hue across, black downwards), the hue
/// bar, a ring and a bar marking the choice, and the chosen colour's swatch.
private func drawColorChooser(_ chooser: Overlay.ColorChooser, style: OverlayStyle, in context: OpaquePointer) {
    roundedRectangle(chooser.frame, radius: 12, in: context)
    cairo_set_source_rgba(context, style.surface.0, style.surface.1, style.surface.2, 0.98)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
    let square = chooser.square, bar = chooser.hueBar
    let pure = Color(hue: chooser.hue, saturation: 1, value: 1)
    cairo_rectangle(context, square.minX, square.minY, square.width, square.height)
    cairo_set_source_rgb(context, pure.red, pure.green, pure.blue)
    cairo_fill_preserve(context)
    let across = cairo_pattern_create_linear(square.minX, 0, square.maxX, 0)!
    cairo_pattern_add_color_stop_rgba(across, 0, 1, 1, 1, 1)
    cairo_pattern_add_color_stop_rgba(across, 1, 1, 1, 1, 0)
    cairo_set_source(context, across)
    cairo_fill_preserve(context)
    cairo_pattern_destroy(across)
    let down = cairo_pattern_create_linear(0, square.minY, 0, square.maxY)!
    cairo_pattern_add_color_stop_rgba(down, 0, 0, 0, 0, 0)
    cairo_pattern_add_color_stop_rgba(down, 1, 0, 0, 0, 1)
    cairo_set_source(context, down)
    cairo_fill(context)
    cairo_pattern_destroy(down)
    let hues = cairo_pattern_create_linear(0, bar.minY, 0, bar.maxY)!
    for step in 0...6 {
        let color = Color(hue: Double(step) / 6, saturation: 1, value: 1)
        cairo_pattern_add_color_stop_rgb(hues, Double(step) / 6, color.red, color.green, color.blue)
    }
    cairo_rectangle(context, bar.minX, bar.minY, bar.width, bar.height)
    cairo_set_source(context, hues)
    cairo_fill(context)
    cairo_pattern_destroy(hues)
    // The marks: a ring on the square, a bar across the hues, each dark around light.
    let ring = Point(x: square.minX + chooser.saturation * square.width, y: square.maxY - chooser.value * square.height)
    let markY = bar.minY + chooser.hue * bar.height
    for (shade, width) in [(0.1, 4.0), (1.0, 2.0)] {
        cairo_set_source_rgb(context, shade, shade, shade)
        cairo_set_line_width(context, width)
        cairo_new_sub_path(context)
        cairo_arc(context, ring.x, ring.y, 9, 0, 2 * .pi)
        cairo_stroke(context)
        cairo_rectangle(context, bar.minX - 3, markY - 4, bar.width + 6, 8)
        cairo_stroke(context)
    }
    let chosen = Color(hue: chooser.hue, saturation: chooser.saturation, value: chooser.value)
    roundedRectangle(chooser.swatch, radius: 8, in: context)
    cairo_set_source_rgb(context, chosen.red, chosen.green, chosen.blue)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, 0.5, 0.5, 0.53)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}

/// The brush's preview: a disc in the brush's colour inside a thin grey ring (an empty ring for the eraser).
private func drawBrushPreview(_ preview: Overlay.BrushPreview, in context: OpaquePointer) {
    let center = preview.center
    cairo_new_path(context)
    cairo_arc(context, center.x, center.y, preview.radius, 0, 2 * .pi)
    if let color = preview.color {
        cairo_set_source_rgb(context, color.red, color.green, color.blue)
        cairo_fill_preserve(context)
    }
    cairo_set_source_rgba(context, 0.45, 0.45, 0.5, 0.9)
    cairo_set_line_width(context, 1.5)
    cairo_stroke(context)
}

/// The loupe: the drawing around the finger magnified in a disc, ringed in the colour under the finger, with a
/// mark at the picked pixel.
private func drawLoupe(_ loupe: Overlay.Loupe, in context: OpaquePointer) {
    let center = loupe.center, radius = Overlay.Loupe.radius
    // The pixels around the target, copied out of the frame before the disc covers anything.
    var x = loupe.target.x, y = loupe.target.y
    cairo_user_to_device(context, &x, &y)
    var unit = 1.0, zero = 0.0
    cairo_user_to_device_distance(context, &unit, &zero)
    let samplePixels = Int32(max(2 * radius / Overlay.Loupe.magnification * unit, 1).rounded(.up))
    let sample = cairo_image_surface_create(CAIRO_FORMAT_RGB24, samplePixels, samplePixels)!
    defer { cairo_surface_destroy(sample) }
    let copy = cairo_create(sample)!
    cairo_set_source_rgb(copy, 1, 1, 1)
    cairo_paint(copy)
    cairo_set_source_surface(copy, cairo_get_target(context), -(x - Double(samplePixels) / 2), -(y - Double(samplePixels) / 2))
    cairo_paint(copy)
    cairo_destroy(copy)
    cairo_save(context)
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
    cairo_clip(context)
    let scale = 2 * radius / Double(samplePixels)
    cairo_translate(context, center.x - radius, center.y - radius)
    cairo_scale(context, scale, scale)
    cairo_set_source_surface(context, sample, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_NEAREST)
    cairo_paint(context)
    cairo_restore(context)
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
    cairo_set_source_rgb(context, loupe.color.red, loupe.color.green, loupe.color.blue)
    cairo_set_line_width(context, Overlay.Loupe.ringWidth)
    cairo_stroke(context)
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, Overlay.Loupe.outlineRadius, 0, 2 * .pi)
    cairo_set_source_rgb(context, 0.2, 0.2, 0.22)
    cairo_set_line_width(context, Overlay.Loupe.outlineWidth)
    cairo_stroke(context)
    let mark = Overlay.Loupe.magnification * 1.5
    cairo_rectangle(context, center.x - mark / 2, center.y - mark / 2, mark, mark)
    cairo_set_line_width(context, 1.5)
    cairo_stroke(context)
}

/// The hint that a scrolling bar has more buttons beyond an edge: the buttons fade into the bar's colour towards
/// that edge, and a chevron pointing out of it sits in the outer ``Overlay/chevronWidth`` points.
private func drawScrollHint(in frame: Rect, atRightEdge: Bool, style: OverlayStyle, in context: OpaquePointer) {
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

/// A dark red box (dark slate for a notice) with the text in white — on two lines a size smaller when one is too
/// short, cut short with an ellipsis where those do not hold it — and a close mark.
private func drawBanner(_ banner: Overlay.Banner, in context: OpaquePointer) {
    let frame = banner.frame
    roundedRectangle(frame, radius: 6, in: context)
    if banner.isNotice {
        cairo_set_source_rgba(context, 0.16, 0.22, 0.30, 0.95)
    } else {
        cairo_set_source_rgba(context, 0.62, 0.11, 0.11, 0.95)
    }
    cairo_fill(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    drawCross(at: Point(x: frame.maxX - frame.height / 2, y: frame.midY), arm: frame.height * 0.18, lineWidth: 2, in: context)
    if let action = banner.action, let button = banner.actionFrame {
        // The action as a button in a lighter box, its title in bold.
        roundedRectangle(button.insetBy(dx: 4, dy: 5), radius: 4, in: context)
        cairo_set_source_rgba(context, 1, 1, 1, 0.2)
        cairo_fill(context)
        cairo_set_source_rgb(context, 1, 1, 1)
        drawCenteredText(action, in: button, size: 13, isBold: true, in: context)
    }
    cairo_save(context)
    let reserved = frame.height + (banner.actionFrame?.width ?? 0)
    let textArea = Rect(x: frame.minX + 12, y: frame.minY, width: max(frame.width - 12 - reserved, 0), height: frame.height)
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

/// The width of a line of text in the context's font, in points.
private func textWidth(_ text: String, in context: OpaquePointer) -> Double {
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    return extents.x_advance
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

private func drawItem(_ item: Overlay.Item, style: OverlayStyle, in context: OpaquePointer) {
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
    let (paperR, paperG, paperB) = style.surface
    switch item.content {
    case let .swatch(color):
        roundedRectangle(frame, radius: 5, in: context)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_fill_preserve(context)
        cairo_set_source_rgb(context, 0.6, 0.6, 0.6)
        cairo_set_line_width(context, 1)
        cairo_stroke(context)
    case let .width(width, color):
        // Widths double from step to step: the dot grows by the same amount from each to the next, from 3 points to
        // most of the button, so that every step looks different.
        let steps = log2(max(width, 1) / 2) / log2(32)
        let diameter = 3 + (side * 0.82 - 3) * min(max(steps, 0), 1)
        cairo_arc(context, center.x, center.y, diameter / 2, 0, 2 * .pi)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, item.isEnabled ? color.alpha : 0.4)
        cairo_fill_preserve(context)
        // A light colour stays visible on the light bar.
        cairo_set_source_rgba(context, 0.5, 0.5, 0.5, 0.6)
        cairo_set_line_width(context, 1)
        cairo_stroke(context)
    case .undo, .redo:
        // An arc over the top, with an arrow head pointing down at the end it goes to: left for undo.
        let toLeft = item.content == .undo
        let radius = side * 0.24
        let arcCenter = Point(x: center.x, y: center.y + radius * 0.3)
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, max(side * 0.08, 1.5))
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_new_path(context)
        cairo_arc(context, arcCenter.x, arcCenter.y, radius, .pi, 2 * .pi)
        cairo_stroke(context)
        let tip = Point(x: arcCenter.x + (toLeft ? -radius : radius), y: arcCenter.y + radius * 0.55)
        let half = radius * 0.5
        cairo_move_to(context, tip.x - half, tip.y - half * 1.1)
        cairo_line_to(context, tip.x + half, tip.y - half * 1.1)
        cairo_line_to(context, tip.x, tip.y)
        cairo_close_path(context)
        cairo_fill(context)
    case .clear:
        // A bin with a lid, unlike the window's close (an ×).
        let arm = side * 0.2
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, max(side * 0.07, 1.5))
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(context, center.x - arm * 1.1, center.y - arm * 0.8)
        cairo_line_to(context, center.x + arm * 1.1, center.y - arm * 0.8)
        cairo_move_to(context, center.x - arm * 0.35, center.y - arm * 0.8)
        cairo_line_to(context, center.x - arm * 0.35, center.y - arm * 1.15)
        cairo_line_to(context, center.x + arm * 0.35, center.y - arm * 1.15)
        cairo_line_to(context, center.x + arm * 0.35, center.y - arm * 0.8)
        cairo_move_to(context, center.x - arm * 0.8, center.y - arm * 0.55)
        cairo_line_to(context, center.x - arm * 0.65, center.y + arm * 1.1)
        cairo_line_to(context, center.x + arm * 0.65, center.y + arm * 1.1)
        cairo_line_to(context, center.x + arm * 0.8, center.y - arm * 0.55)
        for dx in [-0.3, 0.3] {
            cairo_move_to(context, center.x + arm * dx, center.y - arm * 0.25)
            cairo_line_to(context, center.x + arm * dx, center.y + arm * 0.75)
        }
        cairo_stroke(context)
    case .fullscreen:
        // Four corners pointing out.
        let arm = side * 0.22, tick = side * 0.12
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, max(side * 0.07, 1.5))
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            cairo_move_to(context, center.x + sx * arm - sx * tick, center.y + sy * arm)
            cairo_line_to(context, center.x + sx * arm, center.y + sy * arm)
            cairo_line_to(context, center.x + sx * arm, center.y + sy * arm - sy * tick)
        }
        cairo_stroke(context)
    case .hand:
        // A palm and four fingers, drawn as thick rounded lines.
        let unit = side * 0.06
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(context, unit * 1.6)
        for (index, length) in [2.6, 3.4, 3.2, 2.6].enumerated() {
            let x = center.x + (Double(index) - 1.5) * unit * 1.9
            cairo_move_to(context, x, center.y + unit)
            cairo_line_to(context, x, center.y + unit - length * unit * 1.3)
        }
        cairo_move_to(context, center.x - unit * 3.6, center.y + unit * 0.4)
        cairo_line_to(context, center.x - unit * 2.2, center.y + unit * 2.0)
        cairo_stroke(context)
        roundedRectangle(Rect(x: center.x - unit * 3.3, y: center.y, width: unit * 6.6, height: unit * 4.2), radius: unit * 2,
                         in: context)
        cairo_fill(context)
    case .eraser:
        // A block tilted up to the right: its lower (rubber) third filled, the rest outlined.
        let unit = side * 0.06
        cairo_save(context)
        cairo_translate(context, center.x, center.y)
        cairo_rotate(context, -.pi / 4)
        let block = Rect(x: -unit * 5, y: -unit * 2.4, width: unit * 10, height: unit * 4.8)
        cairo_set_source_rgb(context, ink, ink, ink)
        roundedRectangle(Rect(x: block.minX, y: block.minY, width: block.width * 0.38, height: block.height),
                         radius: unit, in: context)
        cairo_fill(context)
        roundedRectangle(block, radius: unit, in: context)
        cairo_set_line_width(context, max(unit * 1.2, 1.5))
        cairo_stroke(context)
        cairo_restore(context)
    case .save:
        let arm = side * 0.22
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, max(side * 0.08, 1.5))
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        // An arrow down into a tray.
        cairo_move_to(context, center.x, center.y - arm * 1.2)
        cairo_line_to(context, center.x, center.y + arm * 0.4)
        cairo_move_to(context, center.x - arm * 0.6, center.y - arm * 0.2)
        cairo_line_to(context, center.x, center.y + arm * 0.4)
        cairo_line_to(context, center.x + arm * 0.6, center.y - arm * 0.2)
        cairo_move_to(context, center.x - arm, center.y + arm * 0.5)
        cairo_line_to(context, center.x - arm, center.y + arm)
        cairo_line_to(context, center.x + arm, center.y + arm)
        cairo_line_to(context, center.x + arm, center.y + arm * 0.5)
        cairo_stroke(context)
    case .colorChooser:
        // A ring of hues around a white centre.
        let radius = side * 0.26
        for step in 0..<12 {
            let color = Color(hue: Double(step) / 12, saturation: 0.9, value: 0.95)
            cairo_move_to(context, center.x, center.y)
            cairo_arc(context, center.x, center.y, radius, Double(step) / 12 * 2 * .pi, Double(step + 1) / 12 * 2 * .pi)
            cairo_close_path(context)
            cairo_set_source_rgb(context, color.red, color.green, color.blue)
            cairo_fill(context)
        }
        cairo_arc(context, center.x, center.y, radius * 0.45, 0, 2 * .pi)
        cairo_set_source_rgb(context, paperR, paperG, paperB)
        cairo_fill(context)
    case .eyedropper:
        // A pipette: a bulb at the top right, a glass tube down to a tip at the bottom left.
        let arm = side * 0.22
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(context, max(side * 0.12, 2))
        cairo_move_to(context, center.x + arm * 0.5, center.y - arm * 0.5)
        cairo_line_to(context, center.x + arm * 1.0, center.y - arm * 1.0)
        cairo_stroke(context)
        cairo_set_line_width(context, max(side * 0.07, 1.5))
        cairo_move_to(context, center.x + arm * 0.5, center.y - arm * 0.5)
        cairo_line_to(context, center.x - arm * 0.9, center.y + arm * 0.9)
        cairo_stroke(context)
        cairo_move_to(context, center.x + arm * 0.1, center.y - arm * 0.9)
        cairo_line_to(context, center.x + arm * 0.9, center.y - arm * 0.1)
        cairo_stroke(context)
    case .gallery:
        // Four small tiles in a square.
        let arm = side * 0.2, gap = side * 0.05
        cairo_set_source_rgb(context, ink, ink, ink)
        for (dx, dy) in [(-1.0, -1.0), (0, -1), (-1, 0), (0, 0)] {
            roundedRectangle(Rect(x: center.x + dx * arm + (dx < 0 ? -gap : gap), y: center.y + dy * arm + (dy < 0 ? -gap : gap),
                                  width: arm, height: arm), radius: arm * 0.2, in: context)
            cairo_fill(context)
        }
    case .copy:
        // Two sheets, the front one over the back one's lower right.
        let arm = side * 0.2
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_set_line_width(context, max(side * 0.07, 1.5))
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        roundedRectangle(Rect(x: center.x - arm * 1.1, y: center.y - arm * 1.1, width: arm * 1.5, height: arm * 1.5),
                         radius: arm * 0.2, in: context)
        cairo_stroke(context)
        roundedRectangle(Rect(x: center.x - arm * 0.4, y: center.y - arm * 0.4, width: arm * 1.5, height: arm * 1.5),
                         radius: arm * 0.2, in: context)
        cairo_set_source_rgb(context, paperR, paperG, paperB)
        cairo_fill_preserve(context)
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_stroke(context)
    }
}

/// Text centred in a rectangle, cut short with an ellipsis where it does not fit, in the current source colour.
private func drawCenteredText(_ text: String, in rect: Rect, size: Double, isBold: Bool = false, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, size)
    let text = fitted(text, width: rect.width - 8, in: context)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    cairo_move_to(context, rect.midX - extents.x_advance / 2, rect.midY + size * 0.35)
    cairo_show_text(context, text)
}

/// Text cut short with an ellipsis to fit a width in the context's current font.
private func fitted(_ text: String, width: Double, in context: OpaquePointer) -> String {
    var text = text
    while textWidth(text, in: context) > width, text.count > 1 {
        text = String(text.dropLast(2)) + "…"
    }
    return text
}

/// The gallery: the window filled with the surface colour, the header with its title and close button, the tiles
/// (thumbnails on paper with their names and dates, the new-drawing tile with a plus), the scroll bar's thumb and
/// the long press's menu.
private func drawGallery(_ gallery: Overlay.Gallery, style: OverlayStyle, thumbnails: [String: ImageSurface],
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
        let text = fitted("Open…", width: button.width - 16, in: context)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        cairo_move_to(context, button.midX - extents.x_advance / 2, button.midY + 5)
        cairo_show_text(context, text)
    }
    if let menu = gallery.menu { drawMenu(menu, style: style, in: context) }
}

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
        drawCaption("New drawing", detail: nil, below: picture, width: tile.frame.width, in: context)
    case let .drawing(name, detail, key, isDamaged, isUnreadable, isOpen):
        // Paper, the thumbnail fitted in it, and an outline (bold for the drawing open now).
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_fill_preserve(context)
        cairo_save(context)
        cairo_clip(context)
        if let key, let image = thumbnails[key] {
            let fit = min(picture.width / Double(image.width), picture.height / Double(image.height))
            let (width, height) = (Double(image.width) * fit, Double(image.height) * fit)
            cairo_translate(context, picture.midX - width / 2, picture.midY - height / 2)
            cairo_scale(context, fit, fit)
            cairo_set_source_surface(context, image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
        }
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

/// A tile's name (bold) and detail (its date) under its picture, in the current source colour.
private func drawCaption(_ name: String, detail: String?, below picture: Rect, width: Double, in context: OpaquePointer) {
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    cairo_set_font_size(context, 13)
    cairo_move_to(context, picture.minX + 2, picture.maxY + 18)
    cairo_show_text(context, fitted(name, width: width - 4, in: context))
    guard let detail else { return }
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, 12)
    cairo_move_to(context, picture.minX + 2, picture.maxY + 36)
    cairo_show_text(context, fitted(detail, width: width - 4, in: context))
}

/// The long press's menu: a raised box of buttons, the destructive one in red.
private func drawMenu(_ menu: Overlay.Gallery.Menu, style: OverlayStyle, in context: OpaquePointer) {
    roundedRectangle(menu.frame.offsetBy(dx: 0, dy: 3), radius: 10, in: context)
    cairo_set_source_rgba(context, 0, 0, 0, 0.25)
    cairo_fill(context)
    roundedRectangle(menu.frame, radius: 10, in: context)
    let panel = style == .light ? (1.0, 1.0, 1.0) : (0.24, 0.25, 0.29)
    cairo_set_source_rgb(context, panel.0, panel.1, panel.2)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
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
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, 14)
        cairo_move_to(context, item.frame.minX + 16, item.frame.midY + 5)
        cairo_show_text(context, fitted(item.title, width: item.frame.width - 24, in: context))
    }
}

/// An × of round-capped lines, `arm` from its centre along each diagonal, in the current source colour.
private func drawCross(at center: Point, arm: Double, lineWidth: Double, in context: OpaquePointer) {
    cairo_set_line_width(context, lineWidth)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_move_to(context, center.x - arm, center.y - arm)
    cairo_line_to(context, center.x + arm, center.y + arm)
    cairo_move_to(context, center.x + arm, center.y - arm)
    cairo_line_to(context, center.x - arm, center.y + arm)
    cairo_stroke(context)
}

private func roundedRectangle(_ rect: Rect, radius: Double, in context: OpaquePointer) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(context)
    cairo_arc(context, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
    cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
    cairo_arc(context, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
    cairo_arc(context, rect.minX + r, rect.minY + r, r, .pi, 1.5 * .pi)
    cairo_close_path(context)
}
