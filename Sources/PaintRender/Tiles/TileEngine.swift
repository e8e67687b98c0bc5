// The tile engine: the completed strokes drawn once into tiles, kept within a memory budget, drawn again only where a
// change reaches (docs/rendering.md). It owns the renderer's array of the strokes and their index (built here, or on
// the worker for a large drawing), the cache and the tiles put aside for a clear's undo, the tiles asked for and the
// worker's jobs, and the tiles of the disk cache (TileEngine+StoredTiles.swift). It knows the view only as the zoom
// shown and the document pixels in view (``TileEngine/Viewport``, which the renderer sets), and keeps what its changes
// did to the picture, in document pixels, for the next frame to take (``TileEngine/takeChanges()``).
import Dispatch
import Geometry
import PaintModel

/// The completed strokes as tiles: what a change of the strokes redraws, which tiles are drawn now or by the worker,
/// and which are kept.
final class TileEngine {
    /// What of the document the frames show: the tiles of this zoom are drawn, those in view are kept.
    struct Viewport: Equatable {
        /// Buffer pixels per document point: the zoom times the buffer's scale.
        var pixelsPerPoint: Double
        /// The document pixels (at ``pixelsPerPoint``) the buffer shows.
        var visible: PixelRect
    }

    /// What the changes since the last frame did to the picture.
    struct Changes {
        /// Every pixel may differ (a clear, its undo, new strokes altogether, an index just built).
        var isWhole = false
        /// Areas of the drawing that changed, in document pixels at the viewport's zoom: they move with a pan.
        var document: [PixelRect] = []
    }

    /// The view the tiles are drawn and kept for (the renderer's, set whenever it changes).
    var viewport = Viewport(pixelsPerPoint: 1, visible: PixelRect(x: 0, y: 0, width: 1, height: 1))
    /// The paper colour, and as a pixel, as Cairo fills it.
    let paper: Color
    let paperPixel: UInt32
    /// Who draws the strokes of one width into the tiles (``CanvasRenderer/tileRasterizer``).
    var rasterizer: StrokeRasterizer = .own
    /// The raster the Wayland thread draws strokes of one width with (into tiles here, and the strokes in progress
    /// over them): its storage, a tile's, kept from one use to the next.
    private(set) lazy var raster = CapsuleRaster(width: TileKey.side, height: TileKey.side)
    /// A tile's ink layer's pixels before a stroke is drawn onto them, where it goes (``insertOnInkLayer``): what
    /// tells where the stroke changed them. Kept from one use to the next.
    private(set) lazy var earlierInk = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)

    /// The completed strokes, as the last change left them (the engine's own array, once the index is built:
    /// appending to it never copies the drawing's).
    var strokes: [Stroke] = []
    /// How the strokes' layers are composited; `nil` when each is drawn straight onto the ones below
    /// (``CanvasRenderer/composition``).
    var composition: [LayerBlend]? { didSet { split = composition.flatMap { LayerSplit(composition: $0, ink: inkLayer) } } }
    /// The position in ``composition`` of the layer strokes go to (the ink layer), `nil` for none shown: composited
    /// tiles keep their parts around it (``split``).
    var inkLayer: Int? { didSet { split = composition.flatMap { LayerSplit(composition: $0, ink: inkLayer) } } }
    /// How composited tiles are kept in parts around the ink layer; `nil`: whole only (not composited, no ink
    /// layer shown, or too many groups above it). Made when either changes, as frames ask for it at every piece.
    private(set) var split: LayerSplit?
    var cache: TileCache
    /// Changes of the strokes taken so far: tiles read from the disk cache for an earlier count are not shown.
    var strokeChanges = 0
    /// The tiles kept on disk (``TileStore``): being read at launch, waiting to be shown, or handed out to be written.
    var storedTiles = StoredTiles()
    /// The strokes, index and tiles as they were before the last clear, for its undo.
    var beforeClear: (strokes: [Stroke], index: StrokeIndex, cache: TileCache)?
    /// The cache as ``evictTiles()`` last left it.
    private var evictionLooked: EvictionState?
    /// What changed since the last frame took it.
    var changes = Changes()
    /// How many strokes the layers just restacked show (``restack(_:ink:_:counts:)``): the next change of strokes, if it
    /// replaces them by as many, keeps the tiles.
    var restackedStrokeCount: Int?
    /// Tiles of the zoom shown whose parts are put together for an earlier split of the same picture (another layer
    /// made current): put together for the split shown a few a frame (``endFrame()``), or when strokes go onto them
    /// (``putPartsTogether(_:)``).
    var partsToPutTogether = Set<TileKey>()
    /// The Wayland thread's time a frame may spend putting tiles' parts together for the split shown, in
    /// nanoseconds.
    static let partsBudget: UInt64 = 3_000_000

    /// Draws tiles on a second thread (a window); `nil`: at once (a headless replay, a test).
    private(set) var worker: TileWorker?
    /// Tiles waiting to be handed to the worker, in the order they were asked for; `withBase`: keep a base too.
    var requests: [(key: TileKey, withBase: Bool)] = []
    /// Jobs handed to the worker and not answered yet.
    var inFlight: [TileKey: TileJob] = [:]
    var nextJobID = 0
    /// Until when, in the frame under way, a tile few strokes reach is drawn at once rather than by the worker.
    private var syncTileDeadline: UInt64 = 0
    /// The Wayland thread's time a frame may spend drawing tiles few strokes reach, in nanoseconds (a zoom out
    /// exposes dozens at the drawing's edges; the worker draws the rest within a few frames). Tests set it to 0 or
    /// to years, so that whether a tile is drawn at once does not depend on the machine's speed.
    var syncTileBudget: UInt64 = 2_000_000

    /// Jobs handed to the worker at a time: enough to keep both its lanes busy (one drawing, one waiting each), few
    /// enough to withdraw cheaply.
    static let jobsInFlight = 2 * TileWorker.laneCount
    /// Strokes drawn onto a tile between refreshes of its base: the most an undo draws on the Wayland thread.
    static let baseSpacing = 32
    /// How far back a tile drawn for an undo keeps its deep base: undoing past the base then draws at most this many
    /// strokes (on the worker) instead of the tile from scratch.
    static let deepBaseSpacing = 512
    /// Drawings of at least this many strokes have their index (and the engine's copy of their strokes) built
    /// when first needed, or on the worker once there is one, after the first frame (a window's start-up: the first
    /// frame neither waits for them nor shares the cores with them).
    static let deferredIndexThreshold = 2_000

    /// An engine for `strokes` on `paper`, its cache within `budget` bytes, drawing on `worker` if there is one.
    init(strokes: [Stroke], paper: Color, budget: Int, worker: TileWorker?) {
        self.paper = paper
        paperPixel = ImageSurface.pixel(of: paper)
        cache = TileCache(budget: budget)
        self.worker = worker
        if strokes.count < Self.deferredIndexThreshold {
            self.strokes = Self.ownCopy(of: strokes)
            storedIndex = StrokeIndex(strokes)
        } else {
            // The caller's array, shared: its own copy is made with the index (``awaitIndex()``, the worker).
            self.strokes = strokes
            indexState = worker == nil ? .deferred : .afterNextFrame
        }
    }

    // MARK: - The index

    /// Where the stroke index is. Until it is built, ``strokes`` is the array the engine was given, shared with
    /// the caller and never changed: the index is built with the engine's own copy of it.
    enum IndexState: Equatable {
        /// Built: ``storedIndex``, and ``strokes`` the engine's own.
        case built
        /// Not built yet: built on this thread when first needed, or on the worker when there comes one.
        case deferred
        /// To be built on the worker once the next frame is drawn (the first frame of a window, or the one after a
        /// drawing replaced another), so that frame does not share the cores with it; built on this thread if
        /// needed before. Frames show paper until it is taken.
        case afterNextFrame
        /// Being built on the worker; frames show paper until it is taken.
        case building
        /// Being built on the worker for strokes the tiles already show (the layers restacked): frames show the
        /// tiles meanwhile.
        case buildingBehindTiles

        /// Whether frames show paper for want of the index, rather than build it on the Wayland thread.
        var showsPaper: Bool { self == .afterNextFrame || self == .building }
        /// Whether the worker is building it: it is waited for before the strokes change, and taken when done.
        var isBuilding: Bool { self == .building || self == .buildingBehindTiles }
    }

    var indexState = IndexState.built
    var storedIndex = StrokeIndex()
    /// The index of the strokes' bounds, waited for (or built) when it is not there yet.
    var index: StrokeIndex {
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
    func awaitIndex() {
        switch indexState {
        case .built:
            return
        case .deferred, .afterNextFrame:
            storedIndex = StrokeIndex(strokes)
            strokes = Self.ownCopy(of: strokes)
        case .building, .buildingBehindTiles:
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

    /// Takes the index if the worker has built it: the next frame draws everything, now with tiles (it showed them
    /// already if they were built behind them).
    func takeBuiltIndex() {
        guard indexState.isBuilding, let built = worker?.takeIndex() else { return }
        take(built)
        if indexState.showsPaper { changes.isWhole = true }
        indexState = .built
    }

    /// Takes strokes the tiles already show, in another order (the layers restacked): their index is built on the
    /// worker, the tiles shown meanwhile, or here without one.
    func takeStrokesShown(_ strokes: [Stroke]) {
        if indexState.isBuilding { awaitIndex() }
        guard let worker else {
            self.strokes = Self.ownCopy(of: strokes)
            storedIndex = StrokeIndex(strokes)
            indexState = .built
            return
        }
        // The caller's array, shared until the worker's copy comes with the index.
        self.strokes = strokes
        worker.buildIndex(of: strokes)
        indexState = .buildingBehindTiles
    }

    /// The index the worker built, and its copy of the strokes: the same strokes as ``strokes``, which do not
    /// change while the index is built.
    private func take(_ built: TileWorker.BuiltIndex) {
        storedIndex = built.index
        strokes = built.strokes
    }

    /// The strokes in an array of the engine's own, so that appending to it never copies the caller's.
    static func ownCopy(of strokes: [Stroke]) -> [Stroke] {
        var copy: [Stroke] = []
        copy.reserveCapacity(strokes.count + 1_024)
        copy.append(contentsOf: strokes)
        return copy
    }

    // MARK: - The worker

    /// Draws missing tiles on `worker` from now on (a test hands a worker that draws only when asked).
    func drawTiles(on worker: TileWorker) {
        guard self.worker == nil else { return }
        self.worker = worker
        // A large drawing opened in a window: its index is built on the worker once the first frame is drawn, and
        // the first frames show paper meanwhile.
        if indexState == .deferred { indexState = .afterNextFrame }
    }

    /// Draws tiles at once from now on, once the tiles under way are in.
    func stopDrawingInBackground() {
        waitForTiles()
        awaitIndex()
        worker = nil
    }

    /// Whether tiles are being drawn in the background: frames will change as they come.
    var isDrawingTiles: Bool { isDrawingFromStrokes || !partsToPutTogether.isEmpty }

    /// Whether tiles are being drawn from their strokes (asked for, on the worker, waiting for the index or the disk
    /// cache); not the parts put together a few a frame for another layer made current, which change no pixel.
    var isDrawingFromStrokes: Bool {
        !requests.isEmpty || !inFlight.isEmpty || indexState.showsPaper || storedTiles.isLoading
    }

    /// Whether a frame would move the background work on: tiles drawn wait to be shown, or tiles wait to be handed
    /// to the worker.
    var hasWorkForAFrame: Bool {
        if storedTiles.hasTilesToShow || indexState == .afterNextFrame || !partsToPutTogether.isEmpty { return true }
        guard let worker else { return false }
        return worker.hasFinished || (indexState.isBuilding && worker.hasIndex)
            || (inFlight.count < Self.jobsInFlight && requests.contains { inFlight[$0.key] == nil })
    }

    /// Waits for every tile being drawn in the background (and read from disk); the next frame shows them.
    func waitForTiles() {
        waitForStoredTiles()
        guard let worker else { return }
        if indexState.showsPaper {
            awaitIndex()
            changes.isWhole = true
            for key in TileKey.keys(covering: viewport.visible, pixelsPerPoint: viewport.pixelsPerPoint)
            where cache[key] == nil {
                request(key)
            }
        }
        putPartsTogether(within: .max)
        while isDrawingTiles {
            submitJobs()
            worker.waitUntilIdle()
            changes.document += takeFinishedTiles()
            evictTiles()
        }
    }

    // MARK: - Frames

    /// Takes what changed since the last frame, with the tiles the worker and the disk cache brought meanwhile (at
    /// the start of each frame).
    func takeChanges() -> Changes {
        takeBuiltIndex()
        takeStoredTiles()
        let finished = takeFinishedTiles()
        var taken = changes
        changes = Changes()
        taken.document += finished
        return taken
    }

    /// Starts the time the frame under way may spend drawing tiles few strokes reach at once: half the budget in a
    /// frame drawn whole, which has the least time to spare.
    func startFrameBudget(isWhole: Bool) {
        let (deadline, overflow) = MonotonicNanos.now.addingReportingOverflow(isWhole ? syncTileBudget / 2 : syncTileBudget)
        syncTileDeadline = overflow ? .max : deadline
    }

    /// The background work a frame moves on, once drawn: tiles' parts put together for the split shown, jobs handed
    /// out, tiles over the budget let go, the index and the disk cache's tiles started after the first frame.
    func endFrame() {
        putPartsTogether(within: Self.partsBudget)
        if worker != nil { submitJobs() }
        evictTiles()
        startBuildingIndex()
        startReadingStoredTiles()
    }

    /// Whether a layer's picture reaches a document area: its tiles are not paper even where no stroke is.
    func picturesReach(_ rect: Rect) -> Bool {
        composition?.contains { $0.picture.map { $0.frame.intersection(rect) != nil } ?? false } ?? false
    }

    /// After a frame at reduced resolution: the tiles it lacked are asked for, or drawn at once without a worker.
    func endReducedFrame() {
        if worker != nil { submitJobs() } else { drawRequestsNow() }
    }

    /// Gets a tile a frame shows ready when it is not cached:
    /// - paper (nothing reaches it) is noted at once;
    /// - a tile few strokes reach is drawn here (well under a millisecond), within ``syncTileBudget`` a frame, so that
    ///   a zoom exposing dozens of them still makes its frame.
    ///
    /// So paper and sparse parts never wait for the worker, and a stroke just finished there never disappears for a few
    /// frames. Without a worker every tile is drawn. Returns whether it was drawn while a worker draws the others (it
    /// may show the preview in other buffers).
    func drawAtOnceIfFew(_ key: TileKey) -> Bool {
        guard cache[key] == nil, inFlight[key] == nil || worker == nil else { return false }
        // Counted exactly only where few strokes can reach: a crowded tile goes to the worker unsorted.
        let candidates = index.candidateCount(reaching: key.documentRect)
        let reaching = worker != nil && candidates > Self.baseSpacing ? candidates
            : index.strokes(reaching: key.documentRect).count
        if reaching == 0, !picturesReach(key.documentRect) {
            // Paper (after a clear, beyond the drawing): nothing to draw, no image kept.
            requests.removeAll { $0.key == key }
            cache.insert(key, image: nil)
        } else if worker == nil || (reaching <= Self.baseSpacing && MonotonicNanos.now < syncTileDeadline) {
            requests.removeAll { $0.key == key }
            store(makeJob(key, withBase: false).render(raster: raster))
        } else {
            return false
        }
        return worker != nil
    }

    /// A tile's picture of the strokes as they are now: the cached one when it is current (not waiting to be drawn
    /// again), else drawn for the caller and not kept; `nil` for paper.
    func currentImage(of key: TileKey) -> ImageSurface? {
        if let entry = cache[key], inFlight[key] == nil, !requests.contains(where: { $0.key == key }) {
            return entry.image
        }
        return makeJob(key, withBase: false).render().image()
    }

    /// Whether a tile is of the zoom shown and in view: such tiles are kept whatever the budget.
    func isVisible(_ key: TileKey) -> Bool {
        key.pixelsPerPoint == viewport.pixelsPerPoint && key.pixelRect.intersection(viewport.visible) != nil
    }

    // MARK: - Memory

    /// The bytes the cached tiles' images take, those kept for the undo of a clear included.
    var bytes: Int { cache.bytes + (beforeClear?.cache.bytes ?? 0) }

    /// Brings the tiles within their budget: those out of view go, least recently shown first, and the tiles kept
    /// for the undo of a clear give way to those shown.
    ///
    /// A frame calls it whether anything changed or not; the cache is looked through only when its bytes, its tiles'
    /// count, its budget or the view changed since it was last (a tile let go for another of the same bytes waits for
    /// the next change): layered tiles in view can be over the budget at every frame, with nothing to let go.
    func evictTiles() {
        if evictionLooked != EvictionState(of: self) {
            cache.evict(protecting: isVisible)
            evictionLooked = EvictionState(of: self)
        }
        if beforeClear != nil { beforeClear!.cache.shrink(to: max(cache.budget - cache.bytes, 0)) }
    }

    /// What the cache's eviction depends on but the tiles' last use: nothing to let go while it stays the same.
    struct EvictionState: Equatable {
        var bytes: Int
        var count: Int
        var budget: Int
        var viewport: Viewport

        init(of engine: TileEngine) {
            bytes = engine.cache.bytes
            count = engine.cache.entries.count
            budget = engine.cache.budget
            viewport = engine.viewport
        }
    }

    /// Lets go of every tile out of view, whatever the budget (``CanvasRenderer/releaseTilesOutOfView()``).
    func releaseTilesOutOfView() {
        cache.remove { !isVisible($0) }
        beforeClear?.cache.remove { !isVisible($0) }
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds, for budgets within a frame.
enum MonotonicNanos {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}
