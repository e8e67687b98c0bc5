// A frame's rectangles put together from the tiles: the cached tiles of the zoom shown copied in, paper where nothing
// is drawn, the preview (another zoom's tiles scaled) where a tile is still being drawn, and on a turned view the
// tiles drawn turned. The strokes in progress and the overlay go on top after (CanvasRenderer.swift).
import CCairo
import Glibc
import Geometry

extension CanvasRenderer {
    /// Redraws the tiles of the frame in one rectangle (the strokes in progress and the overlay go on top after,
    /// ``drawStrokesInProgress(_:within:into:)``). Returns the document pixels of the tiles it put into the cache
    /// while a worker draws the others (a tile few strokes reach, drawn at once, or paper): they may show the
    /// preview elsewhere.
    @discardableResult
    func recompose(_ rect: PixelRect, into frame: ImageSurface) -> [PixelRect] {
        var drawnAtOnce: [PixelRect] = []
        let offset = pixelOffset
        let document = documentPixels(of: rect)
        var missing: [PixelRect] = []
        var paper: [PixelRect] = []
        // Tiles copied in, paper and the preview are written together, on both cores when they are many.
        var writes = BulkPixels(into: frame)
        // While the worker builds the index (a large drawing's start-up), paper: no tile can be asked for yet.
        let keys = tiles.indexState.showsPaper ? .none : TileKey.keys(covering: document, pixelsPerPoint: pixelsPerPoint)
        if tiles.indexState.showsPaper { paper.append(rect) }
        for key in keys {
            if tiles.drawAtOnceIfFew(key) { drawnAtOnce.append(key.pixelRect) }
            guard view.rotation == 0 else {
                if tiles.cache[key] == nil { tiles.requestUnlessUnderWay(key) }
                continue
            }
            let part = key.pixelRect.intersection(document)!
            let target = part.offsetBy(dx: -offset.x, dy: -offset.y)
            guard let entry = tiles.cache.shown(key) else {
                missing.append(target)
                tiles.requestUnlessUnderWay(key)
                continue
            }
            if let image = entry.image {
                writes.copy(part.offsetBy(dx: -key.pixelRect.x, dy: -key.pixelRect.y), of: image, to: target.x, target.y)
            } else {
                paper.append(target)
            }
        }
        // Paper and the preview in as few rectangles as the tiles allow (after a clear, one: the whole buffer), so
        // that they are written in long rows rather than a tile's 1 KB at a time.
        for rect in PixelDamage.joined(paper) { writes.fill(rect, with: paperPixel) }
        if !missing.isEmpty { drawPreview(PixelDamage.joined(missing), into: &writes) }
        writes.write(using: bothCores)
        frame.markDirty()
        if view.rotation != 0 { drawTurnedTiles(covering: document, into: rect, of: frame) }
        return drawnAtOnce
    }

    /// On a rotated view, fills a buffer rectangle with the tiles of the current zoom that cover `document` (its
    /// bounds in document pixels), turned: each tile a box with its edges unantialiased, so that tiles meet without
    /// seams, its pixels sampled bilinearly (at quarter turns pixel for pixel); paper where a tile is not drawn yet.
    /// Tiles are opaque, so they are drawn `OVER`, which Cairo does a quarter faster than `SOURCE` with a turned
    /// source. In a frame that moved the view they are sampled nearest-neighbour, twice as fast again; the next
    /// frame after the view rests draws them bilinearly (``needsSharperFrame``).
    private func drawTurnedTiles(covering document: PixelRect, into rect: PixelRect, of frame: ImageSurface) {
        frame.fill(rect, with: background)
        let offset = pixelOffset
        let context = cairo_create(frame.surface)!
        defer { cairo_destroy(context) }
        cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(context)
        cairo_rotate(context, view.rotation)
        cairo_translate(context, Double(-offset.x), Double(-offset.y))
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
        for key in TileKey.keys(covering: document, pixelsPerPoint: pixelsPerPoint) {
            guard let image = tiles.cache[key]?.image else { continue }
            tiles.cache.touch(key)
            cairo_set_source_surface(context, image.surface, Double(key.pixelRect.x), Double(key.pixelRect.y))
            cairo_pattern_set_filter(cairo_get_source(context),
                                     turnedSampling.showsRoughTiles ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
            cairo_rectangle(context, Double(key.pixelRect.x), Double(key.pixelRect.y), Double(TileKey.side),
                            Double(TileKey.side))
            cairo_fill(context)
        }
    }

    /// Fills buffer rectangles whose tiles are not drawn yet: with cached tiles of the zoom nearest the current
    /// one, scaled nearest-neighbour (``NearestScaling``), paper where that zoom has no tile; paper alone when no
    /// other zoom has tiles there.
    /// `shownAt`: the pixels per point of the image written (``pixelsPerPoint``, or half of it in a reduced frame),
    /// whose top-left pixel lies at `offset` in the document drawn at that density (``pixelOffset`` by default).
    func drawPreview(_ rects: [PixelRect], into writes: inout BulkPixels, shownAt density: Double? = nil,
                     offset: (x: Int, y: Int)? = nil) {
        let density = density ?? pixelsPerPoint, offset = offset ?? pixelOffset
        let covered = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        // After a zoom change nothing is cached at the new zoom: the rectangles tile their union, which is then
        // scaled as one rectangle.
        let isWhole = rects.reduce(0) { $0 + $1.area } == covered.area
        let clip = isWhole ? [covered] : rects
        let area = covered.offsetBy(dx: offset.x, dy: offset.y).logical(pixelsPerPoint: density)
        // The zoom nearest the current one (by ratio) with a cached tile image there.
        var level: Double?
        for (key, entry) in tiles.cache.entries where key.pixelsPerPoint != pixelsPerPoint && key.pixelsPerPoint != level
            && entry.image != nil && key.documentRect.intersection(area) != nil {
            if let best = level, abs(log(best / pixelsPerPoint)) <= abs(log(key.pixelsPerPoint / pixelsPerPoint)) { continue }
            level = key.pixelsPerPoint
        }
        guard let level else {
            for rect in clip { writes.fill(rect, with: paperPixel) }
            return
        }
        var sources: [NearestScaling.Position: NearestScaling.Source] = [:]
        for (key, entry) in tiles.cache.entries where key.pixelsPerPoint == level {
            guard let image = entry.image, image.width >= TileKey.side, image.height >= TileKey.side,
                  key.documentRect.intersection(area) != nil
            else { continue }
            sources[NearestScaling.Position(column: key.column, row: key.row)] = NearestScaling.Source(
                pixels: UnsafeRawPointer(image.pixels).assumingMemoryBound(to: UInt32.self), rowPixels: image.stride / 4)
        }
        for rect in clip {
            writes.scale(NearestScaling(rect: rect, offset: offset, ratio: density / level, sources: sources,
                                        paper: paperPixel))
        }
    }
}
