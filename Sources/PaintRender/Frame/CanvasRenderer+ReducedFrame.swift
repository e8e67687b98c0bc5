// Reduced frames: a zoom step's frame drawn at a half or a quarter of the buffer's pixels each way, for the
// compositor to scale up (docs/rendering.md, "The zoom step at reduced resolution"). The cached tiles scaled down, the
// preview where they are missing, the overlay over them (it draws itself); nothing of the strokes in progress. What it reads and asks
// for belongs to the renderer: the tiles, the requests, the buffer history (it forgets the target's buffer).
import Geometry
import PaintModel

extension CanvasRenderer {
    /// Whether the next frame is a zoom step's (the zoom changed since the last frame, on an upright view; never the
    /// first frame): a window that can have the compositor scale its buffer may draw it at reduced resolution
    /// (``reduction``) with ``renderReducedFrame(into:reduction:)`` when no stroke is in progress (docs/rendering.md,
    /// "The zoom step at reduced resolution"). A stroke completed since the last frame is baked into the tiles first,
    /// and the full frame after the reduced one redraws everything.
    public var prefersReducedFrame: Bool {
        zoomChanged && history.frameNumber > 0 && view.rotation == 0
    }

    /// How many times fewer pixels each way the next reduced frame has than a full one (``reducedPixelSize``): 2,
    /// or 4 when the zoom went down by a step since the last frame. A zoom out finds every tile of the new zoom
    /// missing, so its reduced frame is the other zoom's tiles scaled, read sparsely: at a quarter each way it
    /// writes 2 MB at 3840x2160 instead of 8.3, and the sharp frame follows within four frames (docs/rendering.md,
    /// "The zoom step at reduced resolution"). A pinch's frames, which move the zoom by a few percent each while the
    /// user watches the fingers' picture, keep half.
    public var reduction: Int { view.zoom <= zoomShown * Self.quarterZoomRatio ? 4 : 2 }

    /// A zoom out to this share of the last frame's zoom or less is drawn at a quarter each way (``reduction``):
    /// a zoom step (1 / 1.25 = 0.8), not a pinch's frame.
    static let quarterZoomRatio = 0.85

    /// The size of a reduced frame's image: the buffer's pixels each way divided by ``reduction``, rounded up.
    public var reducedPixelSize: (width: Int, height: Int) {
        let reduction = reduction
        return ((pixelWidth + reduction - 1) / reduction, (pixelHeight + reduction - 1) / reduction)
    }

    /// Draws the view at reduced resolution (``reduction``) into `target` (``reducedPixelSize``, for the compositor
    /// to scale up to the window): the cached tiles of the current zoom scaled down, where they are missing those of
    /// the zoom nearest it scaled (``NearestScaling``, on both cores), paper, and the overlay over them at the
    /// reduced scale (``FrameOverlay/drawReduced(into:scale:reduction:storage:)``). Strokes in progress are not drawn (call it only when there are none). The missing tiles are
    /// asked for, and nothing else changes but that the target's owner is taken to show nothing any more (its
    /// pixels are a full-size buffer's, which the reduced frame overwrote): the next frame
    /// (``renderFrame(liveStrokes:predictedTails:into:)``) draws everything at full resolution, as it would have
    /// without this one.
    /// `reduction`: how many times fewer pixels each way the target has (2 or more), ``reduction`` by default.
    public func renderReducedFrame(into target: FrameTarget, reduction: Int? = nil) {
        // It draws no stroke over the tiles: a stroke completed since the zoom step goes into them first.
        bakeStrokes()
        let reduction = min(max(reduction ?? self.reduction, 2), 8)
        zoomChanged = false
        zoomShown = view.zoom
        history.forget(target.owner)
        tiles.takeBuiltIndex()
        let image = ImageSurface(width: target.width, height: target.height, stride: target.stride, pixels: target.pixels)
        let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        let density = pixelsPerPoint / Double(reduction)
        let offset = (x: Int(saturating: (view.origin.x * density).rounded()), y: Int(saturating: (view.origin.y * density).rounded()))
        var writes = BulkPixels(into: image)
        if tiles.indexState == .building {
            writes.fill(whole, with: paperPixel)
        } else {
            // The document pixels at the current zoom the image shows: each image pixel shows the one at `reduction`
            // times its place (``NearestScaling`` at ratio 1 / `reduction`), so a tile of 256 pixels fills 128 of the
            // image (64 at a quarter), from 128 (64) × its column.
            let shown = PixelRect(x: reduction * offset.x, y: reduction * offset.y, width: reduction * whole.width,
                                  height: reduction * whole.height)
            var cached: [PixelRect] = [], missing: [PixelRect] = []
            var sources: [NearestScaling.Position: NearestScaling.Source] = [:]
            for key in TileKey.keys(covering: shown, pixelsPerPoint: pixelsPerPoint) {
                let side = TileKey.side / reduction
                guard let rect = PixelRect(x: key.column * side - offset.x, y: key.row * side - offset.y, width: side,
                                           height: side).intersection(whole) else { continue }
                if let entry = tiles.cache[key] {
                    tiles.cache.touch(key)
                    cached.append(rect)
                    if let tile = entry.image, tile.width >= TileKey.side, tile.height >= TileKey.side {
                        sources[NearestScaling.Position(column: key.column, row: key.row)] = NearestScaling.Source(
                            pixels: UnsafeRawPointer(tile.pixels).assumingMemoryBound(to: UInt32.self),
                            rowPixels: tile.stride / 4)
                    }
                } else {
                    missing.append(rect)
                    tiles.requestUnlessUnderWay(key)
                }
            }
            for rect in PixelDamage.joined(cached) {
                writes.scale(NearestScaling(rect: rect, offset: offset, ratio: 1 / Double(reduction), sources: sources,
                                            paper: paperPixel))
            }
            if !missing.isEmpty { drawPreview(PixelDamage.joined(missing), into: &writes, shownAt: density, offset: offset) }
        }
        writes.write(using: bothCores)
        image.markDirty()
        frameOverlay?.drawReduced(into: image, scale: scale, reduction: reduction, storage: &overlayStorage)
        tiles.endReducedFrame()
    }
}
