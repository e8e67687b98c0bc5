// The canvas: the drawing shown through a view from tiles drawn once, strokes in progress drawn incrementally.
import CCairo
import Dispatch
import FoundationEssentials
import Geometry
import Glibc
import PaintModel

/// Renders a drawing so that a frame costs what changed on screen, not what the drawing holds (docs/rendering.md).
///
/// - The completed strokes are drawn into **tiles** of 256 × 256 buffer pixels of the document at the current
///   zoom × scale, found through a spatial index of the strokes' bounds (``StrokeIndex``), and cached within a
///   memory budget, least recently shown out (``TileCache``). A finished stroke is drawn into the cached tiles it
///   touches; undo of a stroke rebuilds the tiles under its bounds from a copy kept a few strokes back; clear puts
///   the tiles aside for its undo. There are no full-canvas snapshots and no full redraws.
/// - The **frame** is what is shown: the tiles under the ``view``, the strokes in progress on top, then the
///   ``frameOverlay``. Each ``renderFrame(liveStrokes:)`` redraws only the rectangles that changed and returns them.
/// - With ``drawsTilesInBackground`` (the window), missing tiles are drawn on a second thread and copied in as
///   they come, a few jobs at a time, the visible ones only; until then the frame shows cached tiles of another
///   zoom scaled, or paper. Without it (headless replay, tests), they are drawn at once.
///
/// A window draws each frame straight into the shared-memory buffer it is about to show
/// (``renderFrame(liveStrokes:predictedTails:into:)``): the renderer remembers which frame each buffer shows and
/// brings it up to date, moving its pixels for a pan. Headless callers use the renderer's own ``frame``.
public final class CanvasRenderer {
    /// The window's size in logical points.
    public private(set) var logicalSize: Size
    /// Buffer pixels per logical point.
    public private(set) var scale: Int
    /// The paper colour.
    public let background: Color
    /// The renderer's own frame, for headless use (a replay, the tests, ``composite(into:stride:width:height:rects:)``):
    /// what ``renderFrame(liveStrokes:predictedTails:)`` brings up to date. Made at its first use; a window, which
    /// draws into its buffers, never makes one.
    public var frame: ImageSurface {
        if let ownFrame, ownFrame.width == pixelWidth, ownFrame.height == pixelHeight { return ownFrame }
        ownFrame = nil
        let image = ImageSurface(width: pixelWidth, height: pixelHeight, fill: background)
        ownFrame = image
        return image
    }
    private var ownFrame: ImageSurface?
    /// The paper colour as a pixel, as Cairo fills it (``ImageSurface/pixel(of:)``).
    lazy var paperPixel = ImageSurface.pixel(of: background)
    /// Writes a frame's bulk pixels on the second core too (``BulkPixels``).
    let bothCores = BothCores()
    /// The buffer's width in pixels.
    public private(set) var pixelWidth: Int
    /// The buffer's height in pixels.
    public private(set) var pixelHeight: Int
    /// Which part of the document is shown, and how large (``setView(_:)``).
    public private(set) var view = ViewTransform.identity
    /// Whether missing tiles are drawn on a second thread (a window) rather than at once (a headless replay, a
    /// test). Turning it off waits for the tiles under way.
    public var drawsTilesInBackground: Bool {
        get { worker != nil }
        set {
            guard newValue != drawsTilesInBackground else { return }
            if newValue {
                drawTiles(on: TileWorker())
            } else {
                waitForTiles()
                awaitIndex()
                worker = nil
            }
        }
    }
    /// Draws missing tiles on `worker` from now on (``drawsTilesInBackground``; a test hands a worker that draws only
    /// when asked).
    func drawTiles(on worker: TileWorker) {
        guard self.worker == nil else { return }
        self.worker = worker
        // A large drawing opened in a window: its index is built on the worker once the first frame is drawn, and
        // the first frames show paper meanwhile.
        if indexState == .deferred { indexState = .afterNextFrame }
    }

    /// What is drawn over the frame (the program's interface), never into the tiles (``FrameOverlay``); a change to
    /// an overlay not equal to it redraws the frames of both.
    public var frameOverlay: (any FrameOverlay)? {
        didSet {
            switch (frameOverlay, oldValue) {
            case (nil, nil): return
            case let (new?, old?) where new.isEqual(to: old): return
            default: break
            }
            for covered in (oldValue?.frames ?? []) + (frameOverlay?.frames ?? []) {
                pendingScreen.append(PixelRect(covering: covered, scale: scale))
            }
            overlayFrames = frameOverlay?.frames ?? []
        }
    }
    /// The overlay's frames (an overlay may build them anew at each call), for every frame to look at.
    private var overlayFrames: [Rect] = []
    /// What the overlay keeps with this renderer from frame to frame (``FrameOverlay``'s `storage`): the overlay's to
    /// make and read; the renderer only holds it.
    public var overlayStorage: AnyObject?

    /// The most memory the cached tiles may take, whatever the window's size: what a 4K window keeps.
    public static let maximumTileBudget = 40 << 20
    /// The least memory the cached tiles may take, however small the window.
    public static let minimumTileBudget = 4 << 20

    /// The memory the cached tiles may take for a buffer of a pixel size: one and a half times the tiles that can
    /// cover it, wherever the view lies (one row and column more than it needs when aligned), so that tiles beside
    /// the view and bases for undo fit besides the tiles in view, within ``minimumTileBudget`` and
    /// ``maximumTileBudget`` (the tiles that can cover a 4K window: there the half more would be 20 MiB of the peak).
    /// Tiles of other zooms and out of view go first, least recently shown first; tiles in view are kept even
    /// beyond it (docs/rendering.md, docs/performance.md "Memory at 4K").
    public static func tileBudget(pixelWidth: Int, pixelHeight: Int) -> Int {
        // The most tiles a span of pixels reaches, wherever it starts: one more than it needs when aligned.
        func reach(_ pixels: Int) -> Int { (min(max(pixels, 1), 1 << 20) + TileKey.side - 2) / TileKey.side + 1 }
        let columns = reach(pixelWidth), rows = reach(pixelHeight)
        let covering = columns * rows * TileCache.tileBytes
        return min(max(covering + covering / 2, minimumTileBudget), maximumTileBudget)
    }

    /// The memory the cached tiles may take at the window's present size (``tileBudget(pixelWidth:pixelHeight:)``).
    public var tileBudget: Int { cache.budget }

    /// The bytes the cached tiles' images take, those kept for the undo of a clear included: at most
    /// ``tileBudget`` once a frame has evicted, unless the tiles in view alone take more (for memory reports:
    /// `fingerpaint` on SIGUSR1).
    public var tileBytes: Int { cache.bytes + (beforeClear?.cache.bytes ?? 0) }
    /// Jobs handed to the worker at a time: enough to keep both its lanes busy (one drawing, one waiting each), few
    /// enough to withdraw cheaply.
    static let jobsInFlight = 2 * TileWorker.laneCount

    /// The completed strokes, as the last change left them (the renderer's own array: appending to it never
    /// copies the drawing's).
    var strokes: [Stroke] = []
    var cache = TileCache(budget: CanvasRenderer.maximumTileBudget)
    /// Changes of the strokes taken so far: tiles read from the disk cache for an earlier count are not shown.
    var strokeChanges = 0
    /// The tiles kept on disk (``TileStore``): being read at launch, waiting to be shown, or handed out to be written.
    var storedTiles = StoredTiles()
    /// The strokes, index and tiles as they were before the last clear, for its undo.
    private var beforeClear: (strokes: [Stroke], index: StrokeIndex, cache: TileCache)?
    /// The strokes in progress, and the strokes added on top not drawn into their tiles yet
    /// (``defersStrokeBaking``), as frames draw them over the tiles (``LiveInk``).
    private var ink = LiveInk()
    /// Whether the next frame redraws everything (a new size, zoom or angle, a clear).
    private var pendingWhole = true
    /// Areas of the drawing changed since the last frame, in document pixels at ``pixelsPerPoint``: they move
    /// with a pan.
    var pendingDocument: [PixelRect] = []
    /// Areas of the window changed since the last frame (the overlay), in buffer pixels: they stay with a pan.
    private var pendingScreen: [PixelRect] = []
    /// Which frame each buffer shows, and what the frames since changed (``BufferHistory``).
    var history = BufferHistory()
    /// Until when, in the frame under way, a tile few strokes reach is drawn at once rather than by the worker.
    private var syncTileDeadline: UInt64 = 0
    /// The Wayland thread's time a frame may spend drawing tiles few strokes reach, in nanoseconds (a zoom out
    /// exposes dozens at the drawing's edges; the worker draws the rest within a few frames). Tests set it to 0 or
    /// to years, so that whether a tile is drawn at once does not depend on the machine's speed.
    var syncTileBudget: UInt64 = 2_000_000
    var worker: TileWorker?
    /// Tiles waiting to be handed to the worker, in the order they were asked for; `withBase`: keep a base too.
    var requests: [(key: TileKey, withBase: Bool)] = []
    /// Jobs handed to the worker and not answered yet.
    var inFlight: [TileKey: TileJob] = [:]
    private var nextJobID = 0
    /// Whether the zoom changed since the last frame (full or reduced): the next frame may be drawn at reduced
    /// resolution (``prefersReducedFrame``).
    var zoomChanged = false
    /// The zoom of the last frame drawn (full or reduced): a reduced frame at a lower zoom is a zoom out's
    /// (``reduction``).
    var zoomShown = ViewTransform.identity.zoom
    /// How the turned view's tiles are sampled: roughly in a frame that moved it, sharp once it rests.
    private var turnedSampling = TurnedViewSampling.sharp

    /// Whether a stroke added on top is drawn into its tiles only at ``bakeStrokes()`` (a window calls it once the
    /// frame that shows the stroke is on its way to the compositor), rather than at once in ``apply(_:strokes:)``.
    /// Meanwhile frames draw it over the tiles as they draw the strokes in progress, so the frame of a touch-up
    /// does not wait for the stroke's tiles (1.4–2.7 ms a stroke at 3840x2160; docs/frame-pacing.md). Anything
    /// else that reads or changes the strokes bakes them first.
    public var defersStrokeBaking = false

    /// Who draws the strokes of one width into the tiles and the strokes in progress over them: our own rasterizer
    /// (the default; `CapsuleRaster`, within 32 levels of Cairo's at the edges of a finger's strokes,
    /// `CapsuleRaster.edgeTolerance`), or Cairo (`paint-benchmark --large --raster cairo`, to compare;
    /// docs/performance.md). Both places draw alike, so a stroke does not change as it is lifted into the tiles.
    /// Set it before the first frame: tiles drawn already are kept. Strokes with pressure are Cairo's either way.
    public var tileRasterizer: StrokeRasterizer = .own
    /// The raster the Wayland thread draws strokes of one width with (the strokes baked into their tiles, the
    /// strokes in progress): its storage, a tile's, kept from one use to the next.
    private lazy var raster = CapsuleRaster(width: TileKey.side, height: TileKey.side)

    /// Whether strokes added wait to be drawn into their tiles (``defersStrokeBaking``).
    public var hasStrokesToBake: Bool { !ink.unbaked.isEmpty }

    /// How many strokes added wait to be drawn into their tiles.
    public var strokesToBake: Int { ink.unbaked.count }

    /// Draws the strokes added since the last call into their tiles, as ``apply(_:strokes:)`` does when it does not
    /// defer them, and redraws their area from the tiles at the next frame: from then on the frame is what a fresh
    /// render gives.
    public func bakeStrokes() {
        guard !ink.unbaked.isEmpty else { return }
        for (stroke, _) in ink.takeUnbaked() { appendStroke(stroke) }
    }

    /// A renderer for a window of a logical size at a scale, showing `strokes` at 100 % from the origin.
    public init(logicalSize: Size, scale: Int = 1, strokes: [Stroke] = [], background: Color = .white,
                drawsTilesInBackground: Bool = false) {
        self.logicalSize = logicalSize
        self.scale = max(scale, 1)
        self.background = background
        worker = drawsTilesInBackground ? TileWorker() : nil
        (pixelWidth, pixelHeight) = Self.pixelSize(logicalSize, scale: self.scale)
        cache.budget = Self.tileBudget(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        if strokes.count < Self.deferredIndexThreshold {
            self.strokes = Self.ownCopy(of: strokes)
            storedIndex = StrokeIndex(strokes)
        } else {
            // The caller's array, shared: its own copy is made with the index (``awaitIndex()``, the worker).
            self.strokes = strokes
            indexState = worker == nil ? .deferred : .afterNextFrame
        }
    }

    /// Drawings of at least this many strokes have their index (and the renderer's copy of their strokes) built
    /// when first needed, or on the worker once there is one, after the first frame (a window's start-up: the first
    /// frame neither waits for them nor shares the cores with them).
    static let deferredIndexThreshold = 2_000

    /// Where the stroke index is. Until it is built, ``strokes`` is the array the renderer was given, shared with
    /// the caller and never changed: the index is built with the renderer's own copy of it.
    enum IndexState: Equatable {
        /// Built: ``storedIndex``, and ``strokes`` the renderer's own.
        case built
        /// Not built yet: built on this thread when first needed, or on the worker when there comes one.
        case deferred
        /// To be built on the worker once the next frame is drawn (the first frame of a window, or the one after a
        /// drawing replaced another), so that frame does not share the cores with it; built on this thread if
        /// needed before. Frames show paper until it is taken.
        case afterNextFrame
        /// Being built on the worker; frames show paper until it is taken.
        case building

        /// Whether frames show paper for want of the index, rather than build it on the Wayland thread.
        var showsPaper: Bool { self == .afterNextFrame || self == .building }
    }

    private(set) var indexState = IndexState.built
    private var storedIndex = StrokeIndex()
    /// The index of the strokes' bounds, waited for (or built) when it is not there yet.
    private var index: StrokeIndex {
        get {
            awaitIndex()
            return storedIndex
        }
        set {
            awaitIndex()
            storedIndex = newValue
        }
        _modify {
            awaitIndex()
            yield &storedIndex
        }
    }

    /// Makes the index available: takes it from the worker (waiting for it) or builds it here.
    private func awaitIndex() {
        switch indexState {
        case .built:
            return
        case .deferred, .afterNextFrame:
            storedIndex = StrokeIndex(strokes)
            strokes = Self.ownCopy(of: strokes)
        case .building:
            // The index is the worker's first job: no tile is asked for until it is taken.
            worker?.waitUntilIdle()
            if let built = worker?.takeIndex() {
                take(built)
            } else {
                storedIndex = StrokeIndex(strokes)
                strokes = Self.ownCopy(of: strokes)
            }
        }
        indexState = .built
    }

    /// Starts building the index on the worker, if it waits for a frame to be drawn first.
    private func startBuildingIndex() {
        guard indexState == .afterNextFrame, let worker else { return }
        worker.buildIndex(of: strokes)
        indexState = .building
    }

    /// Takes the index if the worker has built it: the next frame draws everything, now with tiles.
    func takeBuiltIndex() {
        guard indexState == .building, let built = worker?.takeIndex() else { return }
        take(built)
        indexState = .built
        pendingWhole = true
    }

    /// The index the worker built, and its copy of the strokes: the same strokes as ``strokes``, which do not
    /// change while the index is built.
    private func take(_ built: TileWorker.BuiltIndex) {
        storedIndex = built.index
        strokes = built.strokes
    }

    /// The strokes in an array of the renderer's own, so that appending to it never copies the caller's.
    static func ownCopy(of strokes: [Stroke]) -> [Stroke] {
        var copy: [Stroke] = []
        copy.reserveCapacity(strokes.count + 1_024)
        copy.append(contentsOf: strokes)
        return copy
    }

    /// The whole buffer.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// Buffer pixels per document point: the zoom times the scale.
    var pixelsPerPoint: Double { view.zoom * Double(scale) }

    /// The completed strokes at 100 % from the document's origin, the window's size at its scale: what
    /// `--replay --output` and the PNG export write, whatever the view. Put together from the tiles of that zoom
    /// (drawn for it when not cached), so it matches the frame at 100 % pixel for pixel.
    public var canvas: ImageSurface {
        bakeStrokes()
        let image = ImageSurface(width: pixelWidth, height: pixelHeight, fill: background)
        let level = Double(scale)
        for key in TileKey.keys(covering: bounds, pixelsPerPoint: level) {
            let part = key.pixelRect.intersection(bounds)!
            let local = part.offsetBy(dx: -key.pixelRect.x, dy: -key.pixelRect.y)
            if let entry = cache[key], inFlight[key] == nil, !requests.contains(where: { $0.key == key }) {
                if let tile = entry.image { image.copy(local, of: tile, to: part.x, part.y) }
                continue
            }
            if let tile = makeJob(key, withBase: false).render().image() {
                image.copy(local, of: tile, to: part.x, part.y)
            }
        }
        return image
    }

    /// The colour of the completed drawing at a window point, as the view shows it (strokes in progress and the
    /// overlay left out): what an eyedropper picks. Read from the tile there, drawn for it when not cached.
    public func drawingColor(at windowPoint: Point) -> Color {
        bakeStrokes()
        let offset = pixelOffset, level = pixelsPerPoint
        let x = Int(saturating: (windowPoint.x * Double(scale)).rounded(.down)) + offset.x
        let y = Int(saturating: (windowPoint.y * Double(scale)).rounded(.down)) + offset.y
        guard let key = TileKey.keys(covering: PixelRect(x: x, y: y, width: 1, height: 1), pixelsPerPoint: level).first
        else { return background }
        let tile: ImageSurface?
        if let entry = cache[key], inFlight[key] == nil, !requests.contains(where: { $0.key == key }) {
            tile = entry.image
        } else {
            tile = makeJob(key, withBase: false).render().image()
        }
        guard let tile else { return background }
        return Color(rgb: tile.pixel(x: x - key.pixelRect.x, y: y - key.pixelRect.y))
    }

    /// The positions of the completed strokes that a path of a given radius touches (document points; an eraser's),
    /// in painting order: the strokes the index finds near the path, hit-tested against their outlines
    /// (``PaintModel/Stroke/isTouched(byPath:radius:)``).
    public func strokes(touchedBy path: [Point], radius: Double) -> [Int] {
        bakeStrokes()
        guard let reach = DirtyRect.bounds(of: path, width: 2 * radius) else { return [] }
        return index.strokes(reaching: reach).filter { strokes[$0].isTouched(byPath: path, radius: radius) }
    }

    /// The union of the strokes' bounds, in document points; `nil` for an empty drawing.
    public var contentBounds: Rect? {
        ink.unbaked.reduce(index.contentBounds) { bounds, entry in
            entry.stroke.bounds.isEmpty ? bounds : bounds.map { $0.union(entry.stroke.bounds) } ?? entry.stroke.bounds
        }
    }

    // MARK: - Changes

    /// A new window size or scale. The document stays where it was under the window's top-left corner (unless the
    /// window grew beyond the coordinate range's edge: the view then moves back within it); the tiles
    /// already drawn are shown at once and only newly exposed ones are drawn. The tiles' budget follows the new size
    /// (``tileBudget(pixelWidth:pixelHeight:)``), and the cache is trimmed to it at once, tiles in view kept.
    public func resize(to logicalSize: Size, scale: Int, strokes: [Stroke]) {
        bakeStrokes()
        self.logicalSize = logicalSize
        self.scale = max(scale, 1)
        (pixelWidth, pixelHeight) = Self.pixelSize(logicalSize, scale: self.scale)
        if strokes.count != self.strokes.count { replaceStrokes(strokes) }
        view = view.keptInRange(showing: logicalSize).snapped(scale: self.scale)
        pendingWhole = true
        cache.budget = Self.tileBudget(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        evictTiles()
    }

    /// Shows another part of the document, or at another zoom, never beyond the coordinate range
    /// (``ViewTransform/keptInRange(showing:)``: the view stops at its edge, to within half a buffer pixel). Cached
    /// tiles of the new zoom show at once; until the others are drawn, tiles of another zoom are shown scaled.
    public func setView(_ newView: ViewTransform) {
        let snapped = newView.keptInRange(showing: logicalSize).snapped(scale: scale)
        guard snapped != view else { return }
        // The strokes waiting to be baked go into the tiles of the view they were drawn in, before it changes.
        bakeStrokes()
        // A pan of an upright view moves the pixels buffers hold (``renderFrame(liveStrokes:predictedTails:into:)``);
        // anything else draws every pixel again.
        if snapped.zoom != view.zoom || snapped.rotation != view.rotation || snapped.rotation != 0 { pendingWhole = true }
        if snapped.zoom != view.zoom { zoomChanged = true }
        view = snapped
        turnedSampling.viewMoved(turned: view.rotation != 0)
    }

    /// Whether the frame shows a turned view sampled roughly while it moved: render one more frame, once the view
    /// rests, to show it sharp.
    public var needsSharperFrame: Bool { turnedSampling.showsRoughTiles }

    /// Takes a change of the drawing's strokes (`strokes`: the drawing's strokes after it). A stroke added is drawn
    /// into the tiles it touches; a stroke taken off has its bounds redrawn from the strokes that reach them; a
    /// clear puts the tiles aside, so that its undo puts them back at once.
    public func apply(_ change: DrawingChange, strokes: [Stroke]) {
        // Every change needs the index; taken first, so that the strokes never change while it is being built.
        awaitIndex()
        strokeChanges += 1
        if defersStrokeBaking, case let .appended(stroke) = change,
           strokes.count == self.strokes.count + ink.unbaked.count + 1 {
            // Drawn over the tiles in the frames until it is baked; the next frame takes it up (drawFrame).
            ink.addUnbaked(stroke)
            return
        }
        bakeStrokes()
        switch change {
        case let .appended(stroke) where strokes.count == self.strokes.count + 1:
            appendStroke(stroke)
        case let .truncated(count) where count <= self.strokes.count && strokes.count == count:
            truncateStrokes(to: count)
        case .cleared:
            // A tile waiting to be drawn again shows what the drawing no longer holds (an undo past its base); the
            // undo of the clear will not ask for it again, so it goes rather than being put aside as it is.
            for key in requests.map(\.key) + inFlight.keys { cache.remove(key) }
            beforeClear = (self.strokes, index, cache)
            self.strokes = []
            index = StrokeIndex()
            cache = TileCache(budget: cache.budget)
            withdrawAll()
            pendingWhole = true
        case .restored where beforeClear?.strokes.count == strokes.count:
            let saved = beforeClear!
            beforeClear = nil
            self.strokes = saved.strokes
            index = saved.index
            withdrawAll()
            cache = saved.cache
            pendingWhole = true
        case let .removed(positions) where strokes.count + positions.count == self.strokes.count:
            let changed = positions.map { index.bounds(at: $0) }
            strokesMoved(strokes, changed: changed)
        case let .inserted(positions) where strokes.count == self.strokes.count + positions.count:
            strokesMoved(strokes, changed: positions.map { strokes[$0].bounds })
        case let .restroked(position) where position == self.strokes.count - 1 && strokes.count == self.strokes.count:
            // The top stroke became another (a held stroke's shape, its undo): taken off, then the new one added.
            truncateStrokes(to: position)
            appendStroke(strokes[position])
        case let .restroked(position) where self.strokes.indices.contains(position) && strokes.count == self.strokes.count:
            strokesMoved(strokes, changed: [index.bounds(at: position), strokes[position].bounds])
        default:
            replaceStrokes(strokes)
        }
    }

    /// A stroke added on top: drawn into the tiles it touches.
    private func appendStroke(_ stroke: Stroke) {
        strokes.append(stroke)
        index.append(stroke)
        strokeChanged(stroke.bounds, added: stroke)
    }

    /// Strokes taken off the top, `count` left: their bounds are redrawn from the strokes that reach them.
    private func truncateStrokes(to count: Int) {
        strokes.removeLast(strokes.count - count)
        for rect in index.truncate(to: count) { strokeChanged(rect, added: nil) }
    }

    /// Strokes taken out from among the others or put back (an erase, its undo): the index is built again, the
    /// tiles under the strokes' bounds (`changed`) are dropped at every zoom and drawn again, and every tile forgets
    /// its bases, which count strokes from the bottom. Tiles elsewhere are kept as they are.
    private func strokesMoved(_ strokes: [Stroke], changed: [Rect]) {
        self.strokes = Self.ownCopy(of: strokes)
        index = StrokeIndex(strokes)
        cache.dropBases()
        // Jobs under way count and place strokes as they were: ask for their tiles again.
        for key in Array(inFlight.keys) {
            withdraw(key)
            request(key)
        }
        for rect in changed where !rect.isEmpty {
            pendingDocument.append(TileKey.pixels(of: rect, pixelsPerPoint: pixelsPerPoint))
            for level in Set(cache.keys.map(\.pixelsPerPoint)).union([pixelsPerPoint]) {
                forEachTile(concernedBy: TileKey.pixels(of: rect, pixelsPerPoint: level), level: level) { key in
                    cache.remove(key)
                    if level == pixelsPerPoint, isVisible(key) { request(key) }
                }
            }
        }
        if worker == nil { drawRequestsNow() }
    }

    /// Asks for the whole frame to be redrawn at the next ``renderFrame(liveStrokes:)``.
    public func setNeedsFullRedraw() {
        pendingWhole = true
    }

    // MARK: - Frames

    /// Whether tiles are being drawn in the background: frames will change as they come (poll with frames).
    public var isDrawingTiles: Bool {
        !requests.isEmpty || !inFlight.isEmpty || indexState.showsPaper || storedTiles.isLoading
    }

    /// Whether a frame would move the background work on: tiles drawn wait to be shown, or tiles wait to be handed
    /// to the worker.
    public var hasTileWorkForAFrame: Bool {
        if storedTiles.hasTilesToShow || indexState == .afterNextFrame { return true }
        guard let worker else { return false }
        return worker.hasFinished || (indexState == .building && worker.hasIndex)
            || (inFlight.count < Self.jobsInFlight && requests.contains { inFlight[$0.key] == nil })
    }

    /// Brings the renderer's own ``frame`` up to date with the strokes in progress (by any key that stays the same
    /// for a stroke's life) and the tiles drawn since the last frame, and returns the rectangles of buffer pixels
    /// that changed, empty when nothing did.
    ///
    /// Only new samples of the strokes in progress are looked at: a stroke's last two segments and its new ones
    /// are redrawn. A key that was drawn before and is gone (completed or cancelled) has its area redrawn.
    ///
    /// `predictedTails` are, by the same keys, where strokes in progress are predicted to go next (document
    /// points): each is drawn in this frame only, from the stroke's last sample, and taken away at the next.
    @discardableResult
    public func renderFrame(liveStrokes: [Int: Stroke], predictedTails: [Int: [Point]] = [:]) -> [PixelRect] {
        let image = frame
        return drawFrame(liveStrokes: liveStrokes, predictedTails: predictedTails, into: image, owner: image).changed
    }

    /// Draws the next frame straight into a window's buffer, as ``renderFrame(liveStrokes:predictedTails:)`` does
    /// into the renderer's own frame: only what the buffer lacks is drawn. The renderer remembers which frame each
    /// buffer (by its ``FrameTarget/owner``) shows; a buffer it has not drawn, or one that missed a change of size,
    /// zoom or angle, is drawn whole; after a pan of an upright view the pixels it holds are moved and only what the
    /// pan exposed is drawn, with what changed since the buffer was shown.
    ///
    /// With ``FrameTarget/mayDrawInParts`` a buffer that lacks more than a quarter of its pixels gets only a band of
    /// rows from the first it lacks, with at most a quarter of them (``PixelDamage/partRows(of:within:)``), drawn
    /// (``FrameDamage/isComplete`` is then `false`): the renderer remembers what it still lacks, and the next frame
    /// into it draws the next band of that with what changed since (the window commits it only once complete).
    @discardableResult
    public func renderFrame(liveStrokes: [Int: Stroke], predictedTails: [Int: [Point]] = [:],
                            into target: FrameTarget) -> FrameDamage {
        let image = ImageSurface(width: target.width, height: target.height, stride: target.stride, pixels: target.pixels)
        return drawFrame(liveStrokes: liveStrokes, predictedTails: predictedTails, into: image, owner: target.owner,
                         mayDrawInParts: target.mayDrawInParts, copyOf: target.copyOf)
    }

    private func drawFrame(liveStrokes: [Int: Stroke], predictedTails: [Int: [Point]], into image: ImageSurface,
                           owner: AnyObject, mayDrawInParts: Bool = false, copyOf: AnyObject? = nil) -> FrameDamage {
        zoomChanged = false
        zoomShown = view.zoom
        takeBuiltIndex()
        takeStoredTiles()
        if turnedSampling.beginFrame(turned: view.rotation != 0) { pendingWhole = true }
        let isWhole = pendingWhole
        var document = pendingDocument, screen = pendingScreen
        pendingWhole = false
        pendingDocument = []
        pendingScreen = []
        document += takeFinishedTiles()
        let level = pixelsPerPoint
        ink.update(liveStrokes: liveStrokes, predictedTails: predictedTails, pixelsPerPoint: level, changed: &document)
        let offset = pixelOffset
        let record = FrameRecord(number: history.nextNumber, pixelsPerPoint: level, rotation: view.rotation,
                                 offsetX: offset.x, offsetY: offset.y, width: pixelWidth, height: pixelHeight,
                                 isWhole: isWhole, document: document.merged(), screen: screen.merged(),
                                 overlay: overlayFrames.map { PixelRect(covering: $0, scale: scale) })
        let changed = changedOnScreen(since: history.record(record), by: record)
        // What this buffer lacks: what changed since the frame it shows, or, when it cannot be brought up to date
        // from there (a new buffer, or a change of size, zoom or angle since), since the frame a buffer that can
        // shows, copied in first.
        let drawable = PixelRect(x: 0, y: 0, width: min(image.width, pixelWidth), height: min(image.height, pixelHeight))
        let caughtUp = history.catchUp(image, owner: owner, copyOf: copyOf, placement: placement, whole: bounds,
                                       drawable: drawable, bothCores: bothCores)
        var rects = caughtUp.lacking
        // In parts: a buffer lacking more than a part's pixels gets the rows from its first lacking one down as far
        // as a part reaches now, the rest in the frames after.
        var missing: [PixelRect] = []
        if mayDrawInParts, let rows = PixelDamage.partRows(of: rects, within: drawable) {
            // Nothing lacking lies above the band.
            let band = PixelRect(x: drawable.x, y: rows.lowerBound, width: drawable.width, height: rows.count)
            let below = PixelRect(x: drawable.x, y: rows.upperBound, width: drawable.width,
                                  height: drawable.maxY - rows.upperBound)
            missing = rects.compactMap { $0.intersection(below) }
            rects = rects.compactMap { $0.intersection(band) }
        }
        // A frame that draws everything (a zoom step, a clear) has the least time to spare: half the budget.
        let (deadline, overflow) = MonotonicNanos.now.addingReportingOverflow(isWhole ? syncTileBudget / 2 : syncTileBudget)
        syncTileDeadline = overflow ? .max : deadline
        var redrawn = rects, changedNow = changed
        var toDraw = rects
        ink.beginDrawing(liveStrokes: liveStrokes)
        var context: OpaquePointer?
        while !toDraw.isEmpty {
            var drawnAtOnce: [PixelRect] = []
            for rect in toDraw {
                // Pixels written straight into memory next: Cairo's drawing so far must be there first.
                if context != nil { cairo_surface_flush(image.surface) }
                drawnAtOnce += recompose(rect, into: image)
                drawStrokesInProgress(within: rect, into: image, context: &context)
            }
            guard !drawnAtOnce.isEmpty else { break }
            // Tiles drawn at once while a worker draws the others: where they were missing, this buffer and the
            // others showed the preview or paper, and the rectangle just drawn covers only part of them. They are
            // drawn whole here, and what this frame changed says so, so that every buffer draws them.
            history.addToLatest(document: drawnAtOnce)
            let drawn = toDraw
            toDraw = PixelDamage.mergedSparingly(drawnAtOnce.map(bufferRect(ofDocumentPixels:))
                .compactMap { $0.intersection(drawable) }.filter { tile in !drawn.contains { $0.contains(tile) } })
            redrawn += toDraw
            if changedNow != [bounds] { changedNow = (changedNow + toDraw).merged() }
        }
        if let context { cairo_destroy(context) }
        ink.endDrawing()
        cairo_surface_flush(image.surface)
        history.noteShown(owner, image: image, missing: missing)
        if worker != nil { submitJobs() }
        evictTiles()
        startBuildingIndex()
        startReadingStoredTiles()
        return FrameDamage(redrawn: redrawn, changed: changedNow, movedX: caughtUp.movedX, movedY: caughtUp.movedY,
                           isCopiedFromAnotherBuffer: caughtUp.isCopiedWhole, copied: caughtUp.copied,
                           isComplete: missing.isEmpty)
    }

    /// What differs on screen between the frame before (`previous`, if remembered) and the frame `record` describes:
    /// everything after a pan, a change of size, zoom or angle, or a frame drawn whole; else what the frame changed,
    /// within the buffer.
    private func changedOnScreen(since previous: FrameRecord?, by record: FrameRecord) -> [PixelRect] {
        guard let previous, !record.isWhole, previous.isContinued(by: record), previous.offsetX == record.offsetX,
              previous.offsetY == record.offsetY
        else { return [bounds] }
        // In one list made once (a map, a concatenation and a compactMap made three a frame, issue #22).
        var within: [PixelRect] = []
        within.reserveCapacity(record.document.count + record.screen.count)
        for rect in record.document {
            if let inside = bufferRect(ofDocumentPixels: rect).intersection(bounds) { within.append(inside) }
        }
        for rect in record.screen {
            if let inside = rect.intersection(bounds) { within.append(inside) }
        }
        return within.merged()
    }

    /// Waits for every tile being drawn in the background and shows them at the next frame (for a replay's last
    /// frame, a benchmark, a test).
    public func waitForTiles() {
        bakeStrokes()
        waitForStoredTiles()
        guard let worker else { return }
        if indexState.showsPaper {
            awaitIndex()
            pendingWhole = true
            for key in TileKey.keys(covering: documentPixels(of: bounds), pixelsPerPoint: pixelsPerPoint)
            where cache[key] == nil {
                request(key)
            }
        }
        while isDrawingTiles {
            submitJobs()
            worker.waitUntilIdle()
            pendingDocument += takeFinishedTiles()
            evictTiles()
        }
    }

    /// Lets go of every tile out of view — the ring kept around the view for panning, the tiles of other zooms,
    /// and those kept for the undo of a clear out of view — whatever the budget: what a window that rests for a
    /// while does, so that its memory comes back to what the view needs (docs/reliability.md, "The soak run").
    /// Tiles in view, with the copies they keep for a cheap undo, stay, so the frame does not change; tiles let go
    /// are drawn again if they come into view.
    public func releaseTilesOutOfView() {
        cache.remove { !isVisible($0) }
        beforeClear?.cache.remove { !isVisible($0) }
    }

    /// Brings the tiles within their budget: those out of view go, least recently shown first, and the tiles kept
    /// for the undo of a clear give way to those shown.
    private func evictTiles() {
        cache.evict(protecting: isVisible)
        if beforeClear != nil { beforeClear!.cache.shrink(to: max(cache.budget - cache.bytes, 0)) }
    }

    /// Copies rectangles of the frame into a buffer of the same pixel size and format (XRGB8888, `stride` bytes
    /// a row). Pass the rectangles changed since that buffer was last shown.
    public func composite(into buffer: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int,
                          rects: [PixelRect]) {
        let limit = PixelRect(x: 0, y: 0, width: min(width, frame.width), height: min(height, frame.height))
        let source = frame.pixels
        for rect in rects {
            guard let rect = rect.intersection(limit) else { continue }
            for row in rect.y..<rect.maxY {
                (buffer + row * stride + rect.x * 4).copyMemory(from: source + row * frame.stride + rect.x * 4,
                                                                 byteCount: rect.width * 4)
            }
        }
    }

    // MARK: - Coordinates

    /// Where the buffer's top-left pixel lies in the document drawn at ``pixelsPerPoint``.
    private var pixelOffset: (x: Int, y: Int) {
        (Int(saturating: (view.origin.x * pixelsPerPoint).rounded()), Int(saturating: (view.origin.y * pixelsPerPoint).rounded()))
    }

    /// The buffer pixels a document rectangle covers.
    private func bufferRect(of rect: Rect) -> PixelRect {
        bufferRect(ofDocumentPixels: TileKey.pixels(of: rect, pixelsPerPoint: pixelsPerPoint))
    }

    /// Where the buffer lies over the document drawn at ``pixelsPerPoint`` (``BufferPlacement``).
    private var placement: BufferPlacement {
        let offset = pixelOffset
        return BufferPlacement(offsetX: offset.x, offsetY: offset.y, rotation: view.rotation)
    }

    /// The buffer pixels that pixels of the document at ``pixelsPerPoint`` are shown in (on a rotated view, the
    /// bounds of where, a pixel wider for the filtering).
    private func bufferRect(ofDocumentPixels pixels: PixelRect) -> PixelRect {
        placement.bufferRect(ofDocumentPixels: pixels)
    }

    /// The pixels of the document at ``pixelsPerPoint`` that a rectangle of the buffer shows (on a rotated view,
    /// their bounds, a pixel wider for the filtering).
    private func documentPixels(of rect: PixelRect) -> PixelRect {
        placement.documentPixels(of: rect)
    }

    func isVisible(_ key: TileKey) -> Bool {
        key.pixelsPerPoint == pixelsPerPoint && key.pixelRect.intersection(documentPixels(of: bounds)) != nil
    }

    // MARK: - Tiles

    /// A stroke added (`added`) or taken off (`nil`) within `rect` (document points): cached tiles of the current
    /// zoom that it touches get it drawn on, or are rebuilt without it; tiles of other zooms there are dropped; a
    /// job under way there is drawn again.
    ///
    /// A tile is always drawn whole, clipped to itself: Cairo's antialiasing depends a little on the clip, and a tile
    /// must come out the same however it was made. To undo cheaply, a tile keeps a copy of itself from a few strokes
    /// back (its base, refreshed every ``baseSpacing`` strokes drawn onto it): taking a stroke off copies the base and
    /// draws the few strokes after it that reach the tile. Only undoing past the base draws the tile from scratch
    /// (with a new base on the way).
    private func strokeChanged(_ rect: Rect, added: Stroke?) {
        guard !rect.isEmpty else { return }
        pendingDocument.append(TileKey.pixels(of: rect, pixelsPerPoint: pixelsPerPoint))
        let levels = Set(cache.keys.map(\.pixelsPerPoint)).union(inFlight.keys.map(\.pixelsPerPoint))
            .union(requests.map(\.key.pixelsPerPoint)).union([pixelsPerPoint])
        for level in levels {
            forEachTile(concernedBy: TileKey.pixels(of: rect, pixelsPerPoint: level), level: level) { key in
                guard level == pixelsPerPoint else {
                    cache.remove(key)
                    withdraw(key)
                    requests.removeAll { $0.key == key }
                    return
                }
                if inFlight[key] != nil {
                    // Its answer lacks this change: ask again.
                    withdraw(key)
                    request(key, withBase: added == nil)
                }
                guard let entry = cache[key] else { return }
                if let added {
                    if entry.baseCount == nil || entry.sinceBase >= Self.baseSpacing {
                        cache.setBase(for: key, count: strokes.count - 1)
                    }
                    guard let image = cache.makeImage(for: key, paper: background) else { return }
                    drawStrokes([added][...], region: key.pixelRect, pixelsPerPoint: level, into: image, at: (0, 0),
                                rasterizer: tileRasterizer, raster: raster)
                    cache.noteDrawnSinceBase(key)
                } else if let baseCount = entry.baseCount, baseCount <= strokes.count {
                    rebuild(key, from: baseCount)
                } else {
                    request(key, withBase: true)
                }
            }
        }
        if worker == nil { drawRequestsNow() }
    }

    /// Calls `body` with each tile of a level holding pixels of `pixels` (the document drawn at `level`) that a
    /// change there concerns: those cached, being drawn or asked for, and at the current zoom those in view (others
    /// may come too, for `body` to pass over). A stroke's bounds reach as many tiles as its extent (a diagonal across
    /// the coordinate range: 6 × 10⁷ at 100 %, 10¹⁰ at 1 600 %), the renderer holds a budget's worth: so the tiles are picked out of
    /// those held and those in view when the rectangle has more, and a change costs what is cached and on screen,
    /// however far the stroke goes. `body` may change the cache, the jobs and the requests.
    private func forEachTile(concernedBy pixels: PixelRect, level: Double, _ body: (TileKey) -> Void) {
        let covering = TileKey.keys(covering: pixels, pixelsPerPoint: level)
        let inView = level == pixelsPerPoint ? documentPixels(of: bounds).intersection(pixels) : nil
        let viewKeys = inView.map { TileKey.keys(covering: $0, pixelsPerPoint: level) } ?? .none
        let held = cache.keys.count + inFlight.count + requests.count
        guard covering.underestimatedCount > held + viewKeys.underestimatedCount else {
            for key in covering { body(key) }
            return
        }
        var concerned = Set(viewKeys)
        func reaches(_ key: TileKey) -> Bool { key.pixelsPerPoint == level && key.pixelRect.intersection(pixels) != nil }
        for key in cache.keys where reaches(key) { concerned.insert(key) }
        for key in inFlight.keys where reaches(key) { concerned.insert(key) }
        for (key, _) in requests where reaches(key) { concerned.insert(key) }
        for key in concerned { body(key) }
    }

    /// Strokes drawn onto a tile between refreshes of its base: the most an undo draws on the Wayland thread.
    static let baseSpacing = 32
    /// How far back a tile drawn for an undo keeps its deep base: undoing past the base then draws at most this many
    /// strokes (on the worker) instead of the tile from scratch.
    static let deepBaseSpacing = 512

    /// Puts a tile back to its base and draws on it the strokes after the base that reach it.
    private func rebuild(_ key: TileKey, from baseCount: Int) {
        let reaching = index.strokes(reaching: key.documentRect).drop { $0 < baseCount }
        cache.restoreBase(for: key, paper: background, drawnSince: reaching.count)
        guard !reaching.isEmpty, let image = cache.makeImage(for: key, paper: background) else { return }
        drawStrokes(reaching.map { strokes[$0] }[...], region: key.pixelRect, pixelsPerPoint: key.pixelsPerPoint,
                    into: image, at: (0, 0), rasterizer: tileRasterizer, raster: raster)
    }

    /// Asks for a tile to be drawn (again); `withBase` also keeps a base a few strokes back, for the undos to come.
    /// Asks for a tile a frame lacks, unless it is being drawn already (asked for twice, it is asked for once).
    func requestUnlessUnderWay(_ key: TileKey) {
        if inFlight[key] == nil { request(key) }
    }

    private func request(_ key: TileKey, withBase: Bool = false) {
        if let existing = requests.firstIndex(where: { $0.key == key }) {
            requests[existing].withBase = requests[existing].withBase || withBase
        } else {
            requests.append((key, withBase))
        }
    }

    /// The job that draws a tile from the strokes that reach it now. For an undo (`withBase`) it keeps a new base
    /// ``baseSpacing`` strokes back on the way, starting from the tile's deep base when that is still good, else
    /// from paper with a new deep base ``deepBaseSpacing`` strokes back.
    private func makeJob(_ key: TileKey, withBase: Bool) -> TileJob {
        nextJobID += 1
        var reaching = index.strokes(reaching: key.documentRect)
        var start: [UInt8]?
        var snapshots: [TileJob.Snapshot] = []
        func snapshot(at count: Int) {
            snapshots.append(TileJob.Snapshot(count: count, index: reaching.firstIndex { $0 >= count } ?? reaching.count))
        }
        if withBase {
            let entry = cache[key]
            if let deepCount = entry?.deepBaseCount, deepCount <= strokes.count {
                start = entry?.deepBase.map(TileJob.bytes(of:))
                reaching.removeAll { $0 < deepCount }
                snapshot(at: max(strokes.count - Self.baseSpacing, deepCount))
            } else {
                let deepCount = max(strokes.count - Self.deepBaseSpacing, 0)
                snapshot(at: deepCount)
                snapshot(at: max(strokes.count - Self.baseSpacing, deepCount))
            }
        }
        return TileJob(id: nextJobID, key: key, region: key.pixelRect, strokes: reaching.map { strokes[$0] },
                       paper: background, start: start, snapshots: snapshots, rasterizer: tileRasterizer)
    }

    /// Draws every request on this thread (no worker).
    func drawRequestsNow() {
        let pending = requests
        requests = []
        for (key, withBase) in pending {
            store(makeJob(key, withBase: withBase).render(raster: raster))
        }
    }

    /// Hands requests to the worker, those on screen first, keeping at most ``jobsInFlight`` under way; drops
    /// requests for tiles not cached that went off screen.
    func submitJobs() {
        guard let worker else { return }
        requests.removeAll { request in cache[request.key] == nil && !isVisible(request.key) }
        while inFlight.count < Self.jobsInFlight, let next = requests.indices.first(where: { inFlight[requests[$0].key] == nil }) {
            let (key, withBase) = requests.remove(at: next)
            let job = makeJob(key, withBase: withBase)
            inFlight[key] = job
            worker.submit(job)
        }
    }

    /// Takes what the worker drew into the cache; returns the document pixels (at ``pixelsPerPoint``) it shows.
    ///
    /// One answer at a time: each answer's bytes are let go once its images are made, and the tiles are brought
    /// within their budget before the next, so that the answers and the tiles they push out are never all held at
    /// once (up to four answers of three tiles each in an undo walk: docs/performance.md, "Memory at 4K").
    private func takeFinishedTiles() -> [PixelRect] {
        guard let worker else { return [] }
        var damage: [PixelRect] = []
        var finished = worker.takeFinished()
        finished.reverse()
        while let pixels = finished.popLast() {
            guard inFlight[pixels.key]?.id == pixels.id else { continue }
            inFlight[pixels.key] = nil
            if let rect = store(consume pixels) { damage.append(rect) }
            evictTiles()
        }
        return damage
    }

    /// Puts a drawn tile (and its base, if drawn) into the cache; returns its document pixels, if of the zoom
    /// shown. Each of the answer's copies is let go as soon as its image is made.
    @discardableResult
    private func store(_ pixels: consuming TilePixels) -> PixelRect? {
        let key = pixels.key
        let deep = cache[key].flatMap { entry in entry.deepBaseCount.map { (entry.deepBase, $0) } }
        cache.insert(key, image: pixels.image())
        pixels.bytes = nil
        // Two copies: a new deep base and a base; one: a base over the deep base the job started from.
        if pixels.snapshots.count == 2 {
            let deepSnapshot = pixels.snapshots[0]
            pixels.snapshots[0].bytes = nil
            cache.setDeepBase(for: key, image: TilePixels.image(of: deepSnapshot.bytes, region: pixels.region),
                              count: deepSnapshot.count)
        } else if let (image, count) = deep, pixels.snapshots.count == 1, count <= strokes.count {
            cache.setDeepBase(for: key, image: image, count: count)
        }
        if let base = pixels.snapshots.last {
            cache.setBase(for: key, image: TilePixels.image(of: base.bytes, region: pixels.region), count: base.count,
                          drawnSince: base.drawnSince)
        }
        guard key.pixelsPerPoint == pixelsPerPoint else { return nil }
        return pixels.region
    }

    func withdraw(_ key: TileKey) {
        guard let job = inFlight.removeValue(forKey: key) else { return }
        worker?.withdraw(job.id)
    }

    private func withdrawAll() {
        for key in Array(inFlight.keys) { withdraw(key) }
        requests = []
    }

    /// New strokes altogether: the index is built again and every tile dropped.
    private func replaceStrokes(_ strokes: [Stroke]) {
        // An index being built is of the strokes replaced: waited for (the worker's lane is serial) and dropped.
        if indexState == .building { awaitIndex() }
        strokeChanges += 1
        if strokes.count >= Self.deferredIndexThreshold, worker != nil {
            // A large drawing opened in place of another (the gallery): as at a window's start, its index and the
            // strokes' own copy are made on the worker after the next frame, which shows paper (or the disk cache's
            // tiles) meanwhile.
            self.strokes = strokes
            indexState = .afterNextFrame
        } else {
            self.strokes = Self.ownCopy(of: strokes)
            storedIndex = StrokeIndex(strokes)
        }
        beforeClear = nil
        withdrawAll()
        cache.removeAll()
        pendingWhole = true
    }

    // MARK: - Drawing

    /// Redraws the tiles of the frame in one rectangle (the strokes in progress and the overlay go on top after,
    /// ``drawStrokesInProgress(_:within:into:)``). Returns the document pixels of the tiles it put into the cache
    /// while a worker draws the others (a tile few strokes reach, drawn at once, or paper): they may show the
    /// preview elsewhere.
    @discardableResult
    private func recompose(_ rect: PixelRect, into frame: ImageSurface) -> [PixelRect] {
        var drawnAtOnce: [PixelRect] = []
        let offset = pixelOffset
        let document = documentPixels(of: rect)
        var missing: [PixelRect] = []
        var paper: [PixelRect] = []
        // Tiles copied in, paper and the preview are written together, on both cores when they are many.
        var writes = BulkPixels(into: frame)
        // While the worker builds the index (a large drawing's start-up), paper: no tile can be asked for yet.
        let keys = indexState.showsPaper ? .none : TileKey.keys(covering: document, pixelsPerPoint: pixelsPerPoint)
        if indexState.showsPaper { paper.append(rect) }
        for key in keys {
            // A tile few strokes reach is drawn here at once (well under a millisecond), so that paper and sparse
            // parts never wait for the worker and a stroke just finished there never disappears for a few frames;
            // within ``syncTileBudget`` a frame, so that a zoom exposing dozens of them still makes its frame.
            if cache[key] == nil, inFlight[key] == nil || worker == nil {
                // Counted exactly only where few strokes can reach: a crowded tile goes to the worker unsorted.
                let candidates = index.candidateCount(reaching: key.documentRect)
                let reaching = worker != nil && candidates > Self.baseSpacing ? candidates
                    : index.strokes(reaching: key.documentRect).count
                if reaching == 0 {
                    // Paper (after a clear, beyond the drawing): nothing to draw, no image kept.
                    requests.removeAll { $0.key == key }
                    cache.insert(key, image: nil)
                    if worker != nil { drawnAtOnce.append(key.pixelRect) }
                } else if worker == nil || (reaching <= Self.baseSpacing && MonotonicNanos.now < syncTileDeadline) {
                    requests.removeAll { $0.key == key }
                    store(makeJob(key, withBase: false).render(raster: raster))
                    if worker != nil { drawnAtOnce.append(key.pixelRect) }
                }
            }
            guard view.rotation == 0 else {
                if cache[key] == nil { requestUnlessUnderWay(key) }
                continue
            }
            let part = key.pixelRect.intersection(document)!
            let target = part.offsetBy(dx: -offset.x, dy: -offset.y)
            guard let entry = cache.shown(key) else {
                missing.append(target)
                requestUnlessUnderWay(key)
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

    /// Draws the strokes in progress (``LiveInk``), their predicted tails and the overlay over the tiles just
    /// redrawn in `rect`, clipped to it: the strokes by the rasterizer that draws the tiles (``tileRasterizer``: ours,
    /// ``LiveInk/drawWithoutCairo(within:area:into:context:placement:pixelsPerPoint:raster:)``, or Cairo's), what Cairo draws in one
    /// context for the whole frame (`context`, made at the first rectangle that needs it). The strokes that reach
    /// the rectangle are drawn in the order they began, each with its tail as one path, then the overlay. Each
    /// rectangle's tiles are drawn just before, so where rectangles overlap the second's tiles cover what the first
    /// drew there, and no edge is blended twice. A stroke crossing two rectangles is drawn in each rather than once
    /// clipped to both: Cairo intersects a path with a clip of several rectangles before filling it, which costs
    /// more (docs/performance.md).
    private func drawStrokesInProgress(within rect: PixelRect, into frame: ImageSurface, context: inout OpaquePointer?) {
        let area = documentPixels(of: rect).logical(pixelsPerPoint: pixelsPerPoint)
        let window = rect.logical(pixelsPerPoint: Double(scale))
        let showsOverlay = overlayFrames.contains { $0.intersection(window) != nil }
        let isReached = ink.reaches(area)
        guard isReached || showsOverlay else { return }
        if isReached, tileRasterizer == .own {
            ink.drawWithoutCairo(within: rect, area: area, into: frame, context: &context, placement: placement,
                                 pixelsPerPoint: pixelsPerPoint, raster: raster)
        }
        // The rest is Cairo's: nothing to do (no context made, no clip set) when the overlay is not here and our
        // own rasterizer drew the strokes.
        guard showsOverlay || (isReached && tileRasterizer == .cairo) else { return }
        if context == nil { context = cairo_create(frame.surface) }
        guard let context else { return }
        cairo_save(context)
        cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(context)
        if isReached, tileRasterizer == .cairo {
            ink.drawWithCairo(within: area, in: context, placement: placement, pixelsPerPoint: pixelsPerPoint)
        }
        if showsOverlay, let frameOverlay {
            frameOverlay.draw(within: rect, of: frame, scale: scale, context: context, storage: &overlayStorage)
        }
        cairo_restore(context)
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
            guard let image = cache[key]?.image else { continue }
            cache.touch(key)
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
        for (key, entry) in cache.entries where key.pixelsPerPoint != pixelsPerPoint && key.pixelsPerPoint != level
            && entry.image != nil && key.documentRect.intersection(area) != nil {
            if let best = level, abs(log(best / pixelsPerPoint)) <= abs(log(key.pixelsPerPoint / pixelsPerPoint)) { continue }
            level = key.pixelsPerPoint
        }
        guard let level else {
            for rect in clip { writes.fill(rect, with: paperPixel) }
            return
        }
        var sources: [NearestScaling.Position: NearestScaling.Source] = [:]
        for (key, entry) in cache.entries where key.pixelsPerPoint == level {
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

    private static func pixelSize(_ size: Size, scale: Int) -> (Int, Int) {
        (max(Int(saturating: (size.width * Double(scale)).rounded(.up)), 1),
         max(Int(saturating: (size.height * Double(scale)).rounded(.up)), 1))
    }
}

/// Memory a frame is drawn into: a window's buffer of XRGB8888 pixels (``CanvasRenderer/renderFrame(liveStrokes:predictedTails:into:)``).
public struct FrameTarget {
    /// The first pixel: native-endian 32-bit XRGB, rows ``stride`` bytes apart.
    public var pixels: UnsafeMutableRawPointer
    /// Bytes from one row to the next: a multiple of 4, at least 4 × ``width``.
    public var stride: Int
    /// The size in pixels.
    public var width: Int
    public var height: Int
    /// The object that owns the memory (the buffer): the renderer remembers what each buffer shows while its owner
    /// lives, and only then, so memory freed and given to another buffer is drawn whole.
    public var owner: AnyObject
    /// Whether a frame that must draw more than a quarter of the buffer may draw only part of it, the rest in the
    /// next frames into the same buffer (a window bringing in the sharp frame after a reduced one, which it commits once
    /// complete: ``FrameDamage/isComplete``).
    public var mayDrawInParts: Bool
    /// The owner of another buffer whose pixels these are a copy of, neither drawn since (a window's spare buffer,
    /// filled from its first frame's on the second core): a buffer the renderer has not drawn then shows what that one
    /// shows, and only what it lacks is drawn, rather than the other's pixels copied in whole first.
    public var copyOf: AnyObject?

    /// Pixels owned by `owner`.
    public init(pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, owner: AnyObject,
                mayDrawInParts: Bool = false, copyOf: AnyObject? = nil) {
        self.pixels = pixels
        self.stride = stride
        self.width = width
        self.height = height
        self.owner = owner
        self.mayDrawInParts = mayDrawInParts
        self.copyOf = copyOf
    }
}

/// What drawing a frame into a buffer did.
public struct FrameDamage: Equatable, Sendable {
    /// The rectangles drawn into the buffer, after its pixels were moved (``movedX``, ``movedY``).
    public var redrawn: [PixelRect]
    /// The rectangles that differ on screen from the frame before: what the compositor repaints. All of it after a
    /// pan.
    public var changed: [PixelRect]
    /// How far the pixels the buffer held were moved before drawing (a pan), in pixels; 0 when they were not.
    public var movedX: Int
    public var movedY: Int
    /// Whether the buffer, which could not be brought up to date from what it showed (new, or shown before a change
    /// of zoom, angle or size), was first given the pixels of a buffer shown more recently.
    public var isCopiedFromAnotherBuffer: Bool
    /// The rectangles given the pixels of another buffer showing a later frame before drawing (what changed up to
    /// that frame, when this buffer showed an earlier one of the same view); empty when none were.
    public var copied: [PixelRect] = []
    /// Whether the buffer now shows the whole frame: `false` when it was drawn in part
    /// (``FrameTarget/mayDrawInParts``) and the next frame into it draws the rest.
    public var isComplete: Bool = true
}

/// `CLOCK_MONOTONIC` in nanoseconds, for budgets within a frame.
enum MonotonicNanos {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}

