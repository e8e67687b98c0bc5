// Drawing tiles off the Wayland thread: Sendable jobs in, pixels out, on a queue of its own (the second core).
import CCairo
import Dispatch
import PaintModel
import Threading
import Geometry

/// What to draw: the strokes (in painting order) that reach one tile of the document drawn at a number of pixels
/// per point, from paper or from earlier pixels of the tile. A plain value, so it can go to another thread.
struct TileJob: Sendable {
    /// A copy of the tile to keep on the way: after `strokes[..<index]` it holds the drawing's first `count` strokes.
    struct Snapshot: Sendable {
        var count: Int
        var index: Int
    }

    /// Tells this job's answer from that of a job it replaced.
    var id: Int
    var key: TileKey
    /// The tile's pixels, of the document at `key.pixelsPerPoint`.
    var region: PixelRect
    var strokes: [Stroke]
    var paper: Color
    /// The tile's pixels to draw the strokes onto (rows of `region.width × 4` bytes); `nil`: paper.
    var start: [UInt8]?
    /// Copies to keep on the way, in order.
    var snapshots: [Snapshot] = []
    /// Who draws the strokes of one width (``CanvasRenderer/tileRasterizer``).
    var rasterizer: StrokeRasterizer = .own
    /// The strokes' layers, when they are composited (``CanvasRenderer/composition``): each drawn apart and put over
    /// the paper and the layers below. Such a job starts from paper and keeps no copy on the way.
    var layers: [LayerRun]?
    /// How the composited tile is kept in parts around the ink layer (``TileLayers``); `nil`: whole only.
    var split: LayerSplit?

    /// Draws the job; with `raster` (a lane's, kept from job to job) for the strokes of one width, or one made for it.
    func render(raster: CapsuleRaster? = nil) -> TilePixels {
        if let layers { return renderComposited(layers, raster: raster) }
        let image = ImageSurface(width: region.width, height: region.height, fill: start == nil ? paper : nil)
        if let start { TilePixels.copy(start, into: image) }
        var isPaper = start == nil
        var drawn = 0
        var kept: [TilePixels.Snapshot] = []
        func draw(upTo end: Int) {
            guard end > drawn else { return }
            drawStrokes(strokes[drawn..<end], region: region, pixelsPerPoint: key.pixelsPerPoint, into: image, at: (0, 0),
                        rasterizer: rasterizer, raster: raster, paper: paper)
            drawn = end
            isPaper = false
        }
        for snapshot in snapshots {
            draw(upTo: snapshot.index)
            kept.append(TilePixels.Snapshot(count: snapshot.count, drawnSince: strokes.count - snapshot.index,
                                            bytes: isPaper ? nil : Self.bytes(of: image)))
        }
        draw(upTo: strokes.count)
        return TilePixels(job: self, bytes: isPaper ? nil : Self.bytes(of: image), snapshots: kept)
    }

    /// Draws a composited job: each layer's strokes into a clear image of their own, put over the paper and the
    /// layers below with its opacity and blend mode (a plain layer straight onto them), as exports do. With a
    /// ``split``, each layer is drawn apart and the parts around the ink layer put together from them, kept with the
    /// tile (``TileLayers``), then put together.
    private func renderComposited(_ layers: [LayerRun], raster: CapsuleRaster?) -> TilePixels {
        let image = ImageSurface(width: region.width, height: region.height, fill: paper)
        guard let split, split.looks.count == layers.count, region.width == TileKey.side, region.height == TileKey.side
        else {
            for run in layers { composite(run, onto: image, raster: raster) }
            return TilePixels(job: self, bytes: Self.bytes(of: image), snapshots: [])
        }
        let own = layers.map { run -> ImageSurface? in
            guard reaches(run) else { return nil }
            let drawn = ImageSurface(clearWidth: region.width, height: region.height)
            drawLayer(run, into: drawn, raster: raster)
            return drawn
        }
        let parts = TileLayers(split: split, own: own, paper: paper)
        parts.composite(PixelRect(x: 0, y: 0, width: region.width, height: region.height), into: image, at: (0, 0),
                        paper: paper)
        var pixels = TilePixels(job: self, bytes: Self.bytes(of: image), snapshots: [])
        pixels.layers = TileLayerPixels(parts)
        return pixels
    }

    /// Puts one layer of the tile over `image` (the paper and the layers below, or a clear group): a plain layer
    /// drawn straight onto it, any other drawn apart and put over it with its opacity and blend mode.
    private func composite(_ run: LayerRun, onto image: ImageSurface, raster: CapsuleRaster?) {
        guard reaches(run) else { return }
        guard !run.blend.isPlain else { return drawLayer(run, into: image, raster: raster) }
        let drawn = ImageSurface(clearWidth: region.width, height: region.height)
        drawLayer(run, into: drawn, raster: raster)
        guard let context = cairo_create(image.surface) else { return }
        cairo_surface_mark_dirty(image.surface)
        cairo_set_source_surface(context, drawn.surface, 0, 0)
        cairo_set_operator(context, run.blend.blendMode.cairoOperator)
        cairo_paint_with_alpha(context, run.blend.opacity)
        cairo_destroy(context)
        cairo_surface_flush(image.surface)
    }

    /// The picture of a layer, where it reaches the tile.
    private func picture(of run: LayerRun) -> PicturePixels? {
        run.blend.picture.flatMap { $0.frame.intersection(key.documentRect) == nil ? nil : $0 }
    }

    /// Whether any of a layer's content (its strokes listed for the tile, its picture) reaches the tile.
    private func reaches(_ run: LayerRun) -> Bool { !run.range.isEmpty || picture(of: run) != nil }

    /// Draws one layer's content that reaches the tile into `image`, over what it holds: the one place a layer of a
    /// composited tile is drawn (its picture, then its strokes in order).
    func drawLayer(_ run: LayerRun, into image: ImageSurface, raster: CapsuleRaster?) {
        if let picture = picture(of: run), let context = cairo_create(image.surface) {
            cairo_surface_mark_dirty(image.surface)
            cairo_translate(context, -Double(region.x), -Double(region.y))
            cairo_scale(context, key.pixelsPerPoint, key.pixelsPerPoint)
            picture.draw(in: context)
            cairo_destroy(context)
            cairo_surface_flush(image.surface)
        }
        if !run.range.isEmpty {
            drawStrokes(strokes[run.range], region: region, pixelsPerPoint: key.pixelsPerPoint, into: image, at: (0, 0),
                        rasterizer: rasterizer, raster: raster)
        }
        cairo_surface_mark_dirty(image.surface)
    }

    /// An image's pixels as rows of `width × 4` bytes.
    static func bytes(of image: ImageSurface) -> [UInt8] {
        let rowBytes = image.width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * image.height)
        let source = image.pixels
        bytes.withUnsafeMutableBytes { target in
            for row in 0..<image.height {
                (target.baseAddress! + row * rowBytes).copyMemory(from: source + row * image.stride, byteCount: rowBytes)
            }
        }
        return bytes
    }
}

/// A drawn job: the tile's pixels, rows of `region.width × 4` bytes, `nil` for paper only; and the copies asked for.
struct TilePixels: Sendable {
    /// The tile as it was with the drawing's first `count` strokes, `drawnSince` of the later ones reaching it.
    struct Snapshot: Sendable {
        var count: Int
        var drawnSince: Int
        var bytes: [UInt8]?
    }

    var id: Int
    var key: TileKey
    var region: PixelRect
    var bytes: [UInt8]?
    var snapshots: [Snapshot]
    /// A composited tile's parts around the ink layer, when its job has a split.
    var layers: TileLayerPixels?

    init(job: TileJob, bytes: [UInt8]?, snapshots: [Snapshot]) {
        id = job.id
        key = job.key
        region = job.region
        self.bytes = bytes
        self.snapshots = snapshots
    }

    /// The pixels as an image; `nil` for paper only.
    func image() -> ImageSurface? {
        Self.image(of: bytes, region: region)
    }

    /// Some pixels of this tile's size as an image; `nil` for paper only.
    static func image(of bytes: [UInt8]?, region: PixelRect) -> ImageSurface? {
        guard let bytes else { return nil }
        let image = ImageSurface(width: region.width, height: region.height, fill: nil)
        copy(bytes, into: image)
        return image
    }

    /// Copies rows of `image.width × 4` bytes into an image.
    static func copy(_ bytes: [UInt8], into image: ImageSurface) {
        let target = image.pixels
        let rowBytes = image.width * 4
        bytes.withUnsafeBytes { source in
            for row in 0..<image.height {
                (target + row * image.stride).update(
                    from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * rowBytes, count: rowBytes)
            }
        }
        image.markDirty()
    }
}

/// Draws strokes, in order, over a region of the document drawn at `pixelsPerPoint`, into `image` with the
/// region's top-left corner at `origin`. Everything outside the region is left alone; inside, paper is
/// expected to be there already. With `rasterizer` ``StrokeRasterizer/own``, the strokes of one width are drawn by
/// a ``CapsuleRaster`` and those with pressure by Cairo, in order; unless `skippingHidden` is `false`, each run of
/// strokes of one width is drawn without the pixels its later opaque strokes cover fully (the same picture).
/// `raster`, when given, is used (its region set to the one drawn) instead of a raster made for the call.
func drawStrokes(_ strokes: ArraySlice<Stroke>, region: PixelRect, pixelsPerPoint: Double, into image: ImageSurface,
                 at origin: (x: Int, y: Int), rasterizer: StrokeRasterizer = .own, skippingHidden: Bool = true,
                 raster: CapsuleRaster? = nil, paper: Color = .white) {
    guard !strokes.isEmpty else { return }
    if rasterizer == .own {
        drawStrokesWithoutCairo(strokes, region: region, pixelsPerPoint: pixelsPerPoint, into: image, at: origin,
                                skippingHidden: skippingHidden, raster: raster, paper: paper)
        return
    }
    let context = cairoContext(region: region, into: image, at: origin, pixelsPerPoint: pixelsPerPoint)
    defer { cairo_destroy(context) }
    for stroke in strokes {
        guard stroke.brush != nil else {
            drawStroke(stroke, in: context)
            continue
        }
        // A brush's dabs are drawn into the pixels, as with our own rasterizer.
        cairo_surface_flush(image.surface)
        if let (target, placement) = rasterTarget(region: region, pixelsPerPoint: pixelsPerPoint, in: image, at: origin) {
            BrushStrokes.draw(stroke, placement: placement, into: pixels(of: image, at: target), stride: image.stride,
                              width: target.width, height: target.height, paper: image.isOpaque ? paper : nil)
        }
        image.markDirty()
    }
}

/// The pixels of `image` that a region placed at `origin` covers, and the placement of the document's points there
/// (the target's corner its pixel (0, 0)); `nil` when the region misses the image.
private func rasterTarget(region: PixelRect, pixelsPerPoint: Double, in image: ImageSurface,
                          at origin: (x: Int, y: Int)) -> (PixelRect, CapsuleRaster.Placement)? {
    guard let target = PixelRect(x: origin.x, y: origin.y, width: region.width, height: region.height)
        .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height)) else { return nil }
    return (target, CapsuleRaster.Placement(pixelsPerPoint: pixelsPerPoint, offsetX: Double(origin.x - region.x - target.x),
                                            offsetY: Double(origin.y - region.y - target.y)))
}

/// The address of the pixel at `target`'s corner.
private func pixels(of image: ImageSurface, at target: PixelRect) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(image.pixels) + target.y * image.stride + target.x * 4
}

/// A Cairo context that draws the document at `pixelsPerPoint` into `image`, clipped to `region` placed at `origin`.
private func cairoContext(region: PixelRect, into image: ImageSurface, at origin: (x: Int, y: Int),
                          pixelsPerPoint: Double) -> OpaquePointer {
    let context = cairo_create(image.surface)!
    cairo_rectangle(context, Double(origin.x), Double(origin.y), Double(region.width), Double(region.height))
    cairo_clip(context)
    cairo_translate(context, Double(origin.x - region.x), Double(origin.y - region.y))
    prepareForStrokes(context, pixelsPerPoint: pixelsPerPoint)
    return context
}

/// ``drawStrokes(_:region:pixelsPerPoint:into:at:rasterizer:skippingHidden:)`` with our own rasterizer: one
/// ``CapsuleRaster`` of the region's size for all the strokes (`raster`, or one made for the call), each run of
/// strokes of one width drawn top first without its hidden pixels (or one by one), Cairo (one context, made at the
/// first) for those with pressure.
private func drawStrokesWithoutCairo(_ strokes: ArraySlice<Stroke>, region: PixelRect, pixelsPerPoint: Double,
                                     into image: ImageSurface, at origin: (x: Int, y: Int), skippingHidden: Bool,
                                     raster given: CapsuleRaster?, paper: Color) {
    // The document's point (0, 0) in the raster's pixels (the raster starts at the target's corner).
    guard let (target, placement) = rasterTarget(region: region, pixelsPerPoint: pixelsPerPoint, in: image,
                                                 at: origin) else { return }
    let raster = given ?? CapsuleRaster(width: target.width, height: target.height)
    drawStrokes(strokes, with: raster, in: target, placement: placement, into: image, skippingHidden: skippingHidden,
                paper: paper) {
        cairoContext(region: region, into: image, at: origin, pixelsPerPoint: pixelsPerPoint)
    }
}

/// Draws strokes, in order, into the pixels `target` of `image`:
/// - the strokes of one width with `raster` (its region made the target's size), placed by `placement` (the target's
///   corner its pixel (0, 0)), each run of them drawn top first without its hidden pixels (or one by one);
/// - those painted with a brush by their dabs (``BrushStrokes``), placed alike (into an opaque image, as a layer over
///   `paper`: where a dab takes paint away, the paper shows);
/// - those with pressure by Cairo, in the context `makeContext` makes at the first (clipped to the target, drawing
///   document points there), destroyed at the end.
func drawStrokes(_ strokes: ArraySlice<Stroke>, with raster: CapsuleRaster, in target: PixelRect,
                 placement: CapsuleRaster.Placement, into image: ImageSurface, skippingHidden: Bool = true,
                 paper: Color = .white, makeContext: () -> OpaquePointer) {
    raster.setRegion(width: target.width, height: target.height)
    var context: OpaquePointer?
    defer { if let context { cairo_destroy(context) } }
    var runStart = strokes.startIndex
    while runStart < strokes.endIndex {
        let runEnd = strokes[runStart...].firstIndex { !CapsuleRaster.draws($0) } ?? strokes.endIndex
        if runStart < runEnd {
            // Cairo may have drawn before: the pixels' address is taken again after it.
            let pixels = pixels(of: image, at: target)
            if skippingHidden {
                raster.drawSkippingHidden(strokes[runStart..<runEnd], placement: placement, into: pixels,
                                          stride: image.stride)
            } else {
                for stroke in strokes[runStart..<runEnd] {
                    raster.draw(stroke, placement: placement, into: pixels, stride: image.stride)
                }
            }
        }
        guard runEnd < strokes.endIndex else { break }
        image.markDirty()
        if strokes[runEnd].brush != nil {
            if let context { cairo_surface_flush(cairo_get_target(context)) }
            BrushStrokes.draw(strokes[runEnd], placement: placement, into: pixels(of: image, at: target),
                              stride: image.stride, width: target.width, height: target.height,
                              paper: image.isOpaque ? paper : nil)
        } else {
            if context == nil { context = makeContext() }
            if let context { drawStroke(strokes[runEnd], in: context) }
        }
        runStart = runEnd + 1
    }
    image.markDirty()
}

/// A lane's ``CapsuleRaster``, made at its first tile: touched only on the lane's thread.
final class LaneRaster: @unchecked Sendable {
    lazy var raster = CapsuleRaster(width: TileKey.side, height: TileKey.side)
}

/// Draws tile jobs on two lanes at once (threads of their own: both cores, below the Wayland thread), and keeps what it drew until the
/// main thread takes it. Jobs wait in one list, in the order they were submitted; each submission lets one lane
/// take the first job still waiting, so no job is drawn twice and none waits while a lane is free. Jobs can be
/// withdrawn before they start.
final class TileWorker: Sendable {
    /// The lanes tiles are drawn on: one per core of the machines this is made for.
    static let laneCount = 2

    /// When jobs are drawn.
    enum Pace: Sendable {
        /// On the lanes, as soon as one is free (a window).
        case onLanes
        /// Only when ``drawWaiting(upTo:)`` (or ``waitUntilIdle()``) is called, on the calling thread: a test decides
        /// when each tile comes back, so that answers can arrive between any two changes of the drawing.
        case whenAsked
    }

    private let pace: Pace

    init(pace: Pace = .onLanes) {
        self.pace = pace
    }

    deinit {
        for lane in lanes { lane.stop() }
    }

    /// Threads of their own at a lower priority than the Wayland thread (``BackgroundLane``), made with the worker
    /// and ended with it.
    private let lanes = (0..<TileWorker.laneCount).map { lane in BackgroundLane(name: "fp-tiles-\(lane)") }
    /// Each lane's raster, used only on that lane's thread (its work runs in order), kept from tile to tile.
    private let laneRasters = (0..<TileWorker.laneCount).map { _ in LaneRaster() }
    /// Jobs submitted and not taken by a lane yet, oldest first, and the lane the next submission wakes.
    private let waiting = Locked<(jobs: [TileJob], nextLane: Int)>(([], 0))
    private let finished = Locked<[TilePixels]>([])
    private let wanted = Locked<Set<Int>>([])
    private let builtIndex = Locked<BuiltIndex?>(nil)
    /// The index asked for of a worker that draws only when asked, until it is.
    private let indexWaiting = Locked<[Stroke]?>(nil)

    /// A drawing's stroke index built on the worker, and its strokes in an array of their own, with room to grow
    /// (``CanvasRenderer``'s, so that appending to it never copies the drawing's): both O(strokes), neither on the
    /// Wayland thread.
    struct BuiltIndex: Sendable {
        var index: StrokeIndex
        var strokes: [Stroke]

        /// The index of `strokes`, and their own copy.
        init(of strokes: [Stroke]) {
            index = StrokeIndex(strokes)
            self.strokes = TileEngine.ownCopy(of: strokes)
        }
    }

    /// Builds the index of strokes' bounds, and the strokes' own copy, on the first lane, ahead of any tile asked
    /// for later (a worker that draws only when asked: when it is asked).
    func buildIndex(of strokes: [Stroke]) {
        guard pace == .onLanes else {
            indexWaiting.withLock { $0 = strokes }
            return
        }
        lanes[0].async { [self] in
            let built = BuiltIndex(of: strokes)
            builtIndex.withLock { $0 = built }
        }
    }

    /// The index built by ``buildIndex(of:)``, once (`nil` before it is done).
    func takeIndex() -> BuiltIndex? {
        builtIndex.withLock { built in
            let index = built
            built = nil
            return index
        }
    }

    /// Whether an index was asked for and has not been built yet (a worker that draws only when asked: the tests
    /// see when it was asked for).
    var isIndexWaiting: Bool { indexWaiting.withLock { $0 != nil } }

    /// Builds the index asked for of a worker that draws only when asked, on the calling thread.
    private func buildWaitingIndex() {
        guard let strokes = indexWaiting.withLock({ waiting in defer { waiting = nil }; return waiting }) else { return }
        let built = BuiltIndex(of: strokes)
        builtIndex.withLock { $0 = built }
    }

    /// Whether an index is built and waits to be taken.
    var hasIndex: Bool { builtIndex.withLock { $0 != nil } }

    /// Queues a job: the next lane in turn takes the oldest job waiting, which is this one or an earlier one.
    func submit(_ job: TileJob) {
        wanted.withLock { _ = $0.insert(job.id) }
        guard pace == .onLanes else {
            waiting.withLock { $0.jobs.append(job) }
            return
        }
        let lane = waiting.withLock { waiting in
            waiting.jobs.append(job)
            defer { waiting.nextLane = (waiting.nextLane + 1) % lanes.count }
            return waiting.nextLane
        }
        lanes[lane].async { [self] in
            guard let job = nextWantedJob() else { return }
            let pixels = job.render(raster: laneRasters[lane].raster)
            finished.withLock { $0.append(pixels) }
        }
    }

    /// Draws, on the calling thread, up to `count` of the jobs waiting that are still wanted, oldest first (a worker
    /// that draws ``TileWorker/Pace/whenAsked``); returns how many it drew.
    @discardableResult
    func drawWaiting(upTo count: Int) -> Int {
        // The index first, as the first lane builds it ahead of any tile.
        buildWaitingIndex()
        var drawn = 0
        while drawn < count, let job = nextWantedJob() {
            let pixels = job.render()
            finished.withLock { $0.append(pixels) }
            drawn += 1
        }
        return drawn
    }

    /// Takes the oldest job waiting that is still wanted, dropping withdrawn ones on the way.
    private func nextWantedJob() -> TileJob? {
        while let job = waiting.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
            if wanted.withLock({ $0.contains(job.id) }) { return job }
        }
        return nil
    }

    /// Withdraws a job: it is not drawn if it has not started; its answer, if any, is for the caller to ignore.
    func withdraw(_ id: Int) {
        wanted.withLock { _ = $0.remove(id) }
    }

    /// The jobs drawn since the last call, in the order they were drawn.
    func takeFinished() -> [TilePixels] {
        let taken = finished.withLock { finished in
            let taken = finished
            finished = []
            return taken
        }
        wanted.withLock { wanted in for pixels in taken { wanted.remove(pixels.id) } }
        return taken
    }

    /// Whether jobs have been drawn that nobody took yet.
    var hasFinished: Bool { finished.withLock { !$0.isEmpty } }

    /// Waits until every queued job is drawn or withdrawn.
    func waitUntilIdle() {
        for lane in lanes { lane.waitUntilIdle() }
        if pace == .whenAsked { drawWaiting(upTo: .max) }
    }
}
