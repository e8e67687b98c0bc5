// A band of controls (the bar, the strip) drawn once into an image of its own at a buffer scale, changed around the
// controls that changed, and copied into full or reduced frames. Contract: its pixels are what drawing the band
// afresh at that scale gives.
import CCairo
import Geometry
import PaintRender

/// A band of controls (the bar, the strip) drawn once into an image of its own, at a buffer scale: a frame that redraws it copies it
/// (a few hundred KB) instead of drawing a dozen controls with Cairo again (about 1 ms at 3840 pixels wide).
struct BarImage {
    /// What the image shows: the band's frame, controls and colours at ``scale``.
    var band: Band
    var scale: Int
    /// The bar's buffer pixels.
    var rect: PixelRect
    var image: ImageSurface

    /// Whether the image shows `other` at `scale`.
    func shows(_ other: Band, scale: Int) -> Bool {
        scale == self.scale && other == band
    }

    /// The bar of `overlay` drawn at `scale`; `nil` when its frame does not lie on whole buffer pixels (its edges
    /// would then blend with what lies under it) or is empty.
    init?(_ overlay: Overlay, scale: Int) {
        self.init(overlay.barBand, scale: scale)
    }

    /// `band` drawn at `scale`; `nil` when its frame does not lie on whole buffer pixels or is empty.
    init?(_ band: Band, scale: Int) {
        let frame = band.frame, factor = Double(scale)
        let edges = [frame.minX, frame.minY, frame.maxX, frame.maxY].map { $0 * factor }
        guard frame.width > 0, frame.height > 0, edges.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e6 }) else { return nil }
        rect = PixelRect(x: Int(edges[0]), y: Int(edges[1]), width: Int(edges[2]) - Int(edges[0]),
                         height: Int(edges[3]) - Int(edges[1]))
        self.band = band
        self.scale = scale
        image = ImageSurface(width: rect.width, height: rect.height, fill: nil)
        let context = cairo_create(image.surface)!
        defer { cairo_destroy(context) }
        cairo_translate(context, Double(-rect.x), Double(-rect.y))
        cairo_scale(context, factor, factor)
        drawBand(band, in: context)
        cairo_surface_flush(image.surface)
    }

    /// How far past its frame a control's redrawing reaches, in points: half the space between two controls. What a
    /// control draws lies within its frame and half a point past it (a swatch's outline), so the clip never cuts it.
    static let itemReach = 3.0

    /// The bar of `overlay` drawn at `scale` by changing a copy of `previous` where the two bars differ.
    ///
    /// - The bar is drawn again clipped to the whole buffer pixels within ``itemReach`` of the controls that changed
    ///   (before and after).
    /// - So those pixels are what drawing the bar afresh gives, and the others already are (Cairo skips the controls
    ///   outside the clip). The clip's edges lie in the space between controls, where only the bar's fill is drawn:
    ///   Cairo rasterizes a path the clip cuts a level apart here and there.
    /// - `nil` unless the bars differ only in some of their controls, the same number in both (a bar enabling undo, a
    ///   swatch selected: a few controls drawn instead of all of them).
    init?(_ overlay: Overlay, scale: Int, changing previous: BarImage) {
        self.init(overlay.barBand, scale: scale, changing: previous)
    }

    /// `band` drawn at `scale` by changing a copy of `previous` where the two differ, as for the bar.
    init?(_ band: Band, scale: Int, changing previous: BarImage) {
        let old = previous.band
        guard scale == previous.scale, band.frame == old.frame, band.style == old.style, band.edge == old.edge,
              band.items.count == old.items.count else { return nil }
        var changed: PixelRect?
        for (item, was) in zip(band.items, old.items) where item != was {
            for frame in [item.frame, was.frame] {
                let reach = PixelRect(covering: frame.insetBy(dx: -Self.itemReach, dy: -Self.itemReach), scale: scale)
                changed = changed.map { $0.union(reach) } ?? reach
            }
        }
        guard let changed else { return nil }
        self.band = band
        self.scale = scale
        rect = previous.rect
        // Controls outside the bar changed: the same pixels.
        guard let area = changed.intersection(previous.rect) else {
            image = previous.image
            return
        }
        image = ImageSurface(width: rect.width, height: rect.height, fill: nil)
        image.copyAll(from: previous.image)
        let context = cairo_create(image.surface)!
        defer { cairo_destroy(context) }
        cairo_rectangle(context, Double(area.x - rect.x), Double(area.y - rect.y), Double(area.width), Double(area.height))
        cairo_clip(context)
        cairo_translate(context, Double(-rect.x), Double(-rect.y))
        cairo_scale(context, Double(scale), Double(scale))
        drawBand(band, in: context)
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
