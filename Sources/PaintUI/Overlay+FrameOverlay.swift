// The overlay as a renderer draws it (PaintRender's `FrameOverlay`): the bar copied from its image, the rest drawn
// over it with Cairo; and what it keeps with each renderer, the bar's images and the gallery's thumbnails.
import CCairo
import Geometry
import PaintRender

extension Overlay: FrameOverlay {
    /// The controls and panel sliders that differ from `other`'s, each with the ring of ``BarImage/itemReach`` around
    /// it, when nothing else differs (a redo enabled, a width chosen, a slider moved: a few controls redrawn, not the
    /// bar and the strip); `nil` otherwise.
    public func changedFrames(from other: any FrameOverlay) -> [Rect]? {
        guard let old = other as? Overlay, old.frame == frame, old.items.count == items.count,
              old.strip?.frame == strip?.frame, old.strip?.items.count == strip?.items.count,
              old.panels.map(\.frame) == panels.map(\.frame), old.panels.map(\.items.count) == panels.map(\.items.count),
              old.panels.map(\.sliders.count) == panels.map(\.sliders.count),
              // A lifted row's raised box reaches past its controls: redrawn whole.
              old.panels.map(\.liftedRow) == panels.map(\.liftedRow)
        else { return nil }
        var rest = self
        rest.items = old.items
        rest.strip?.items = old.strip?.items ?? []
        rest.panels = old.panels
        guard rest == old else { return nil }
        let controls = { (overlay: Overlay) in overlay.items + (overlay.strip?.items ?? []) + overlay.panels.flatMap(\.items) }
        let pairs = zip(controls(self), controls(old))
        let reach = BarImage.itemReach
        // A panel's slider moved or says another value: its row (words, track and knob) redrawn.
        let sliders = zip(panels.flatMap(\.sliders), old.panels.flatMap(\.sliders)).filter { $0 != $1 }
        return (pairs.filter { $0 != $1 }.flatMap { [$0.frame, $1.frame] } + sliders.flatMap { [$0.frame, $1.frame] })
            .map { $0.insetBy(dx: -reach, dy: -reach) }
    }

    /// Draws the overlay within `rect` of `frame`: the bar and the strip copied from their images (drawn once,
    /// ``BarImageCache``), the rest drawn over them with Cairo in logical points.
    public func draw(within rect: PixelRect, of frame: ImageSurface, scale: Int, context: OpaquePointer,
                     storage: inout AnyObject?) {
        let kept = OverlayStorage.kept(in: &storage)
        let bar = kept.bars.image(for: barBand, scale: scale)
        let strip = stripBand.flatMap { kept.strips.image(for: $0, scale: scale) }
        for band in [bar, strip].compactMap({ $0 }) {
            guard let part = band.rect.intersection(rect) else { continue }
            cairo_surface_flush(frame.surface)
            frame.copy(part.offsetBy(dx: -band.rect.x, dy: -band.rect.y), of: band.image, to: part.x, part.y)
        }
        cairo_scale(context, Double(scale), Double(scale))
        drawOverlay(self, thumbnails: kept.thumbnails, drawsBar: bar == nil, drawsStrip: strip == nil, in: context)
    }

    /// Draws the overlay over a reduced frame: the bar from its image, every `reduction`-th pixel; the rest drawn by
    /// Cairo at the reduced scale.
    public func drawReduced(into image: ImageSurface, scale: Int, reduction: Int, storage: inout AnyObject?) {
        let kept = OverlayStorage.kept(in: &storage)
        let bar = kept.bars.image(for: barBand, scale: scale)
        let strip = stripBand.flatMap { kept.strips.image(for: $0, scale: scale) }
        for band in [bar, strip].compactMap({ $0 }) { band.copyReduced(by: reduction, into: image) }
        let context = cairo_create(image.surface)!
        cairo_scale(context, Double(scale) / Double(reduction), Double(scale) / Double(reduction))
        drawOverlay(self, thumbnails: kept.thumbnails, drawsBar: bar == nil, drawsStrip: strip == nil, in: context)
        cairo_destroy(context)
        cairo_surface_flush(image.surface)
    }
}

/// What an overlay keeps with one renderer (``PaintRender/CanvasRenderer/overlayStorage``).
///
/// - It is made at the first use and kept for the renderer's life, whatever overlay it shows after.
/// - Each renderer has its own: two renderers showing one overlay draw its bar each.
/// - Its thumbnails never make a frame redraw: a tile shows its thumbnail once the overlay names its key.
final class OverlayStorage {
    /// The bars last shown, drawn once each.
    var bars = BarImageCache()
    /// The strips last shown, drawn once each.
    var strips = BarImageCache()
    /// The gallery's thumbnails, by the keys its tiles name.
    var thumbnails: [String: ImageSurface] = [:]

    /// The storage kept in a renderer's slot, made and put there when it holds none.
    static func kept(in storage: inout AnyObject?) -> OverlayStorage {
        if let kept = storage as? OverlayStorage { return kept }
        let made = OverlayStorage()
        storage = made
        return made
    }
}

extension CanvasRenderer {
    /// Controls drawn over the frame (the palette bar, the panels, the gallery), never into the tiles: the
    /// renderer's ``PaintRender/CanvasRenderer/frameOverlay`` when it is an ``Overlay``. A change redraws their area.
    public var overlay: Overlay? {
        get { frameOverlay as? Overlay }
        set { frameOverlay = newValue }
    }

    /// The gallery's thumbnails, by the keys its tiles name
    /// (``Overlay/Gallery/Tile/Content/drawing(name:detail:thumbnail:isDamaged:isUnreadable:isOpen:)``).
    /// A tile shows its thumbnail once the overlay names the key; changing the image under a key the overlay
    /// already names redraws nothing until the overlay changes.
    public var galleryThumbnails: [String: ImageSurface] {
        get { OverlayStorage.kept(in: &overlayStorage).thumbnails }
        set { OverlayStorage.kept(in: &overlayStorage).thumbnails = newValue }
    }

    /// How many bar images were drawn (for tests: a bar shown again is copied, not drawn).
    var barImagesDrawn: Int { OverlayStorage.kept(in: &overlayStorage).bars.drawn }
    /// How many bar images were made by drawing only the controls that changed (``BarImage/init(_:scale:changing:)``).
    var barImagesChanged: Int { OverlayStorage.kept(in: &overlayStorage).bars.changed }
    /// How many strip images were made, whole or from a kept one.
    var stripImagesMade: Int {
        let strips = OverlayStorage.kept(in: &overlayStorage).strips
        return strips.drawn + strips.changed
    }
}
