// The palette's bands drawn with Cairo (the bar and the strip: a fill and edge lines, then each control, its tint, a
// swatch, a width dot or an icon, its ring, in order), and the panels of controls (the More menu). Contract: what
// drawBand draws lies within the band's frame, what drawPanel draws within the panel's; controls are drawn in the
// order given, each in the Cairo state the one before left.
import CCairo
import Geometry
import Glibc
import PaintModel
import PaintRender

/// A band of controls against one of the window's edges, drawn once into an image (``BarImage``): the bar along the
/// bottom, or the strip at a side. Its drawing lies within its frame, and is opaque there.
struct Band: Hashable {
    /// The window's edge a band stands against: its edge lines are drawn on its other sides.
    enum Edge: Hashable { case bottom, left, right }
    var frame: Rect
    var items: [Overlay.Item]
    var style: OverlayStyle
    var edge: Edge
}

extension Overlay {
    /// The bar, as the band its image shows.
    var barBand: Band { Band(frame: frame, items: items, style: style, edge: .bottom) }
    /// The strip, as the band its image shows; `nil` without one.
    var stripBand: Band? {
        strip.map { Band(frame: $0.frame, items: $0.items, style: style, edge: $0.isAtRightEdge ? .right : .left) }
    }
}

/// The bar: its fill, its top edge and its controls, all within ``Overlay/frame``.
func drawBar(_ overlay: Overlay, in context: OpaquePointer) {
    drawBand(overlay.barBand, in: context)
}

/// A band: its fill, a line along each side that does not meet the window's edge, and its controls.
func drawBand(_ band: Band, in context: OpaquePointer) {
    let style = band.style, frame = band.frame
    // Cairo's defaults, as in the band's own image, whatever was drawn before it.
    cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    cairo_set_source_rgb(context, style.surface.0, style.surface.1, style.surface.2)
    cairo_rectangle(context, frame.minX, frame.minY, frame.width, frame.height)
    cairo_fill(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_rectangle(context, frame.minX, frame.minY, frame.width, 1)
    if band.edge != .bottom {
        cairo_rectangle(context, frame.minX, frame.maxY - 1, frame.width, 1)
        cairo_rectangle(context, band.edge == .left ? frame.maxX - 1 : frame.minX, frame.minY, 1, frame.height)
    }
    cairo_fill(context)
    for item in band.items {
        drawItem(item, style: style, in: context)
    }
}

/// A panel of controls: a rounded box in the bar's colours, then its controls (a layer's row with its thumbnail
/// from `thumbnails`).
func drawPanel(_ panel: Overlay.Panel, style: OverlayStyle, thumbnails: [String: ImageSurface] = [:],
               in context: OpaquePointer) {
    // Corners round enough to see, small enough that a control's redrawn ring (``BarImage/itemReach``) never meets them.
    roundedRectangle(panel.frame.insetBy(dx: 0.5, dy: 0.5), radius: 6, in: context)
    cairo_set_source_rgb(context, style.surface.0, style.surface.1, style.surface.2)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, style.edge.0, style.edge.1, style.edge.2)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
    func isLifted(_ item: Overlay.Item) -> Bool {
        guard let lifted = panel.liftedRow else { return false }
        return lifted.insetBy(dx: -1, dy: -1).intersection(item.frame) == item.frame
    }
    for item in panel.items where !isLifted(item) {
        drawItem(item, style: style, thumbnails: thumbnails, in: context)
    }
    for slider in panel.sliders { drawSlider(slider, style: style, in: context) }
    guard let lifted = panel.liftedRow else { return }
    drawRaisedBox(lifted.insetBy(dx: -4, dy: -2), style: style, in: context)
    for item in panel.items where isLifted(item) {
        drawItem(item, style: style, thumbnails: thumbnails, in: context)
    }
}

/// One control: the selection ring around it when selected, then what it shows (a layer's thumbnail from
/// `thumbnails`).
func drawItem(_ item: Overlay.Item, style: OverlayStyle, thumbnails: [String: ImageSurface] = [:],
              in context: OpaquePointer) {
    let side = min(item.frame.width, item.frame.height)
    // A menu's row: its icon in the square at its left end, its words after it.
    // A layer's thumbnail takes a wider box, for a landscape canvas.
    let iconWidth: Double
    switch item.content {
    case .layerThumbnail: iconWidth = min(side * 1.35, item.frame.width)
    case .brushPreview: iconWidth = min(side * Overlay.Item.brushPreviewAspect, item.frame.width)
    default: iconWidth = side
    }
    let frame = item.title == nil ? item.frame : Rect(x: item.frame.minX, y: item.frame.minY, width: iconWidth, height: side)
    let center = frame.center
    // The choice shown: a blue tint behind the control and a blue ring over its edge, both inside its frame (what a
    // control draws stays within it: BarImage redraws controls by their frames). A switch shows it by itself.
    let isMarked = item.isSelected && item.content != .toggle
    if isMarked {
        roundedRectangle(frame.insetBy(dx: 1, dy: 1), radius: 6, in: context)
        cairo_set_source_rgba(context, 0.2, 0.45, 0.9, 0.18)
        cairo_fill(context)
    }
    let ink = style.ink(isEnabled: item.isEnabled)
    let paper = style.surface
    if let title = item.title {
        cairo_set_source_rgb(context, ink, ink, ink + 0.02)
        drawLeadingText(title, in: Rect(x: frame.maxX + 6, y: frame.minY, width: item.frame.maxX - frame.maxX - 6,
                                        height: frame.height), size: 14, in: context)
    }
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
    case .lasso: drawLassoIcon(at: center, side: side, ink: ink, in: context)
    case .bucket: drawBucketIcon(at: center, side: side, ink: ink, in: context)
    case .save: drawSaveIcon(at: center, side: side, ink: ink, in: context)
    case let .colorWell(color): drawColorWell(color, at: center, side: side, paper: paper, in: context)
    case .brush: drawBrushIcon(at: center, side: side, ink: ink, in: context)
    case .more: drawMoreIcon(at: center, side: side, ink: ink, in: context)
    case .toggle: drawSwitch(isOn: item.isSelected, at: center, side: side, ink: ink, in: context)
    case .eyedropper: drawEyedropperIcon(at: center, side: side, ink: ink, in: context)
    case .gallery: drawGalleryIcon(at: center, side: side, ink: ink, in: context)
    case .help: drawHelpIcon(at: center, side: side, ink: ink, in: context)
    case .copy: drawCopyIcon(at: center, side: side, ink: ink, paper: paper, in: context)
    case .paste: drawPasteIcon(at: center, side: side, ink: ink, paper: paper, in: context)
    case .layers: drawLayersIcon(at: center, side: side, ink: ink, paper: paper, in: context)
    case .eye: drawEyeIcon(at: center, side: side, ink: ink, in: context)
    case .lock: drawLockIcon(isClosed: item.isSelected, at: center, side: side, ink: ink, in: context)
    case .plus: drawPlusIcon(at: center, side: side, ink: ink, in: context)
    case let .arrow(up): drawArrowIcon(up: up, at: center, side: side, ink: ink, in: context)
    case let .layerThumbnail(key):
        drawLayerThumbnail(key.flatMap { thumbnails[$0] }, in: frame, style: style, in: context)
    case let .brushPreview(key):
        if let image = key.flatMap({ thumbnails[$0] }) { drawBrushPreviewImage(image, in: frame, in: context) }
    }
    if isMarked {
        roundedRectangle(frame.insetBy(dx: 1, dy: 1), radius: 6, in: context)
        cairo_set_source_rgb(context, 0.2, 0.45, 0.9)
        cairo_set_line_width(context, 2)
        cairo_stroke(context)
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
