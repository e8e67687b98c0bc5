// The panels over the canvas drawn with Cairo: the colour chooser, the pen's brush preview and the eyedropper's
// loupe. Contract: each draws within its frame (``Overlay/frames``); the loupe reads the pixels under it first.
import CCairo
import Geometry
import PaintModel

/// The chooser's panel: the saturation-value square at its hue (white to the hue across, black downwards), the hue
/// bar, a ring and a bar marking the choice, and the chosen colour's swatch.
func drawColorChooser(_ chooser: Overlay.ColorChooser, style: OverlayStyle, in context: OpaquePointer) {
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
    drawChooserSwatches(chooser, style: style, in: context)
    let chosen = Color(hue: chooser.hue, saturation: chooser.saturation, value: chooser.value)
    roundedRectangle(chooser.swatch, radius: 8, in: context)
    cairo_set_source_rgb(context, chosen.red, chosen.green, chosen.blue)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, 0.5, 0.5, 0.53)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
}

/// The chooser's swatches: the palette's colours, the recent ones, an empty outline for each recent place not yet
/// taken, and a ring around the one the brush paints with.
func drawChooserSwatches(_ chooser: Overlay.ColorChooser, style: OverlayStyle, in context: OpaquePointer) {
    let colors = chooser.palette + chooser.recent
    let recentStart = chooser.palette.count
    for (index, frame) in chooser.swatches.enumerated() {
        if index < recentStart || index - recentStart < chooser.recent.count {
            let color = index < recentStart ? colors[index] : chooser.recent[index - recentStart]
            drawItem(Overlay.Item(content: .swatch(color), frame: frame, isSelected: index == chooser.selectedSwatch),
                     style: style, in: context)
        } else {
            roundedRectangle(frame.insetBy(dx: 0.5, dy: 0.5), radius: 5, in: context)
            cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
            cairo_set_line_width(context, 1)
            let dashes = [4.0, 3.0]
            cairo_set_dash(context, dashes, 2, 0)
            cairo_stroke(context)
            cairo_set_dash(context, nil, 0, 0)
        }
    }
}

/// The brush's preview: a disc in the brush's colour inside a thin grey ring (an empty ring for the eraser).
func drawBrushPreview(_ preview: Overlay.BrushPreview, in context: OpaquePointer) {
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
func drawLoupe(_ loupe: Overlay.Loupe, in context: OpaquePointer) {
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
