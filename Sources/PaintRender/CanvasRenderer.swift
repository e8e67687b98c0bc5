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
    /// A tile's worth of premultiplied pixels the ink is drawn into in its layer's place (``drawInkInItsLayer``),
    /// kept from frame to frame.
    private lazy var inkScratch = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
    /// The paper colour as a pixel, as Cairo fills it (``ImageSurface/pixel(of:)``).
    var paperPixel: UInt32 { tiles.paperPixel }
    /// Writes a frame's bulk pixels on the second core too (``BulkPixels``).
    let bothCores = BothCores()
    /// The buffer's width in pixels.
    public private(set) var pixelWidth: Int
    /// The buffer's height in pixels.
    public private(set) var pixelHeight: Int
    /// Which part of the document is shown, and how large (``setView(_:)``).
    public private(set) var view = ViewTransform.identity {
        didSet { tiles.viewport = tileViewport }
    }
    /// The completed strokes as tiles, drawn for the zoom shown and kept for the view (``TileEngine``).
    let tiles: TileEngine
    /// Whether missing tiles are drawn on a second thread (a window) rather than at once (a headless replay, a
    /// test). Turning it off waits for the tiles under way.
    public var drawsTilesInBackground: Bool {
        get { tiles.worker != nil }
        set {
            guard newValue != drawsTilesInBackground else { return }
            if newValue {
                drawTiles(on: TileWorker())
            } else {
                bakeStrokes()
                tiles.stopDrawingInBackground()
            }
        }
    }
    /// Draws missing tiles on `worker` from now on (``drawsTilesInBackground``; a test hands a worker that draws only
    /// when asked).
    func drawTiles(on worker: TileWorker) {
        tiles.drawTiles(on: worker)
    }

    /// What is drawn over the frame (the program's interface), never into the tiles (``FrameOverlay``); a change to
    /// an overlay not equal to it redraws the frames of both, or only what changed where the overlay says.
    public var frameOverlay: (any FrameOverlay)? {
        didSet {
            switch (frameOverlay, oldValue) {
            case (nil, nil): return
            case let (new?, old?) where new.isEqual(to: old): return
            default: break
            }
            let changed = oldValue.flatMap { frameOverlay?.changedFrames(from: $0) }
            for covered in changed ?? (oldValue?.frames ?? []) + (frameOverlay?.frames ?? []) {
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

    /// The completed strokes, as the last change left them (the tile engine's).
    var strokes: [Stroke] { tiles.strokes }
    /// The strokes in progress, and the strokes added on top not drawn into their tiles yet
    /// (``defersStrokeBaking``), as frames draw them over the tiles (``LiveInk``).
    var ink = LiveInk()
    /// Whether the next frame redraws everything (a new size, zoom or angle, a clear).
    private var pendingWhole = true
    /// Areas of the window changed since the last frame (the overlay), in buffer pixels: they stay with a pan.
    private var pendingScreen: [PixelRect] = []
    /// Strokes lifted off the tiles while they are moved (``float(_:)``); `nil` while none are.
    var floating: FloatingStrokes?

    /// Marks buffer pixels to be drawn again at the next frame, though no tile changed there.
    func markScreenChanged(_ rect: PixelRect) {
        pendingScreen.append(rect)
    }
    /// Which frame each buffer shows, and what the frames since changed (``BufferHistory``).
    var history = BufferHistory()
    /// The Wayland thread's time a frame may spend drawing tiles few strokes reach at once, in nanoseconds
    /// (``TileEngine/syncTileBudget``).
    var syncTileBudget: UInt64 {
        get { tiles.syncTileBudget }
        set { tiles.syncTileBudget = newValue }
    }
    /// Whether the zoom changed since the last frame (full or reduced): the next frame may be drawn at reduced
    /// resolution (``prefersReducedFrame``).
    var zoomChanged = false
    /// The zoom of the last frame drawn (full or reduced): a reduced frame at a lower zoom is a zoom out's
    /// (``reduction``).
    var zoomShown = ViewTransform.identity.zoom
    /// How the turned view's tiles are sampled: roughly in a frame that moved it, sharp once it rests.
    var turnedSampling = TurnedViewSampling.sharp

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
    public var tileRasterizer: StrokeRasterizer {
        get { tiles.rasterizer }
        set { tiles.rasterizer = newValue }
    }

    /// Whether strokes added wait to be drawn into their tiles (``defersStrokeBaking``).
    public var hasStrokesToBake: Bool { !ink.unbaked.isEmpty }

    /// How many strokes added wait to be drawn into their tiles.
    public var strokesToBake: Int { ink.unbaked.count }

    /// Draws the strokes added since the last call into their tiles, as ``apply(_:strokes:)`` does when it does not
    /// defer them, and redraws their area from the tiles at the next frame: from then on the frame is what a fresh
    /// render gives.
    public func bakeStrokes() {
        guard !ink.unbaked.isEmpty else { return }
        // A brush stroke's pixels drawn in progress stand in for its dabs where they can (LiveBrushInk).
        for (stroke, state) in ink.takeUnbaked() { tiles.append(stroke, drawnAs: state?.brushInk) }
    }

    /// A renderer for a window of a logical size at a scale, showing `strokes` at 100 % from the origin.
    public init(logicalSize: Size, scale: Int = 1, strokes: [Stroke] = [], background: Color = .white,
                drawsTilesInBackground: Bool = false) {
        self.logicalSize = logicalSize
        self.scale = max(scale, 1)
        self.background = background
        let (width, height) = Self.pixelSize(logicalSize, scale: self.scale)
        (pixelWidth, pixelHeight) = (width, height)
        tiles = TileEngine(strokes: strokes, paper: background,
                           budget: Self.tileBudget(pixelWidth: width, pixelHeight: height),
                           worker: drawsTilesInBackground ? TileWorker() : nil)
        tiles.viewport = tileViewport
    }

    /// Drawings of at least this many strokes have their index built when first needed, or on the worker after the
    /// first frame (``TileEngine/deferredIndexThreshold``).
    static var deferredIndexThreshold: Int { TileEngine.deferredIndexThreshold }
    /// Where the stroke index is (``TileEngine/IndexState``).
    var indexState: TileEngine.IndexState { tiles.indexState }

    /// The tile engine's view of the frame: the zoom shown and the document pixels in view.
    private var tileViewport: TileEngine.Viewport {
        TileEngine.Viewport(pixelsPerPoint: pixelsPerPoint, visible: documentPixels(of: bounds))
    }

    /// The whole buffer.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// Buffer pixels per document point: the zoom times the scale.
    var pixelsPerPoint: Double { view.zoom * Double(scale) }

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
        if strokes.count != self.strokes.count { tiles.replaceStrokes(strokes) }
        view = view.shown(in: logicalSize, scale: self.scale)
        pendingWhole = true
        tiles.cache.budget = Self.tileBudget(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        tiles.evictTiles()
    }

    /// Shows another part of the document, or at another zoom, as the window shows it
    /// (``ViewTransform/shown(in:scale:)``: never beyond the coordinate range, to within half a buffer pixel). The
    /// program that owns the view tells the renderer each change. Cached tiles of the new zoom show at once; until
    /// the others are drawn, tiles of another zoom are shown scaled.
    public func setView(_ newView: ViewTransform) {
        let snapped = newView.shown(in: logicalSize, scale: scale)
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
        apply(change, shown: ShownStrokes(strokes))
    }

    /// Takes a change of `drawing` (as it is after it), as ``apply(_:strokes:)`` does with the strokes it shows,
    /// which are gathered into one array only when the change needs them (a stroke added to a layer does not).
    public func apply(_ change: DrawingChange, of drawing: Drawing) {
        apply(change, shown: ShownStrokes(of: drawing))
    }

    private func apply(_ change: DrawingChange, shown strokes: ShownStrokes) {
        // Strokes changed with no layers shown first: what the layers hold is no longer known.
        if !layersShownSinceChange { (shownLayers, inkLayerContents) = (nil, nil) }
        layersShownSinceChange = false
        guard change != .unchanged else { return }
        tiles.beginChange()
        if defersStrokeBaking, tiles.composition == nil, case let .appended(stroke) = change,
           strokes.count == self.strokes.count + ink.unbaked.count + 1 {
            // Drawn over the tiles in the frames until it is baked; the next frame takes it up (drawFrame).
            ink.addUnbaked(stroke)
            return
        }
        bakeStrokes()
        tiles.apply(change, strokes: strokes)
    }

    /// How the visible layers are put together (``LayerBlend/composition(of:)``): `nil`, the default, when each is
    /// drawn straight onto the ones below; otherwise each tile draws every layer apart and composites it with its
    /// opacity and blend mode, keeping its parts around the ``inkLayer`` (docs/layers.md). A new composition whose
    /// layers look as before (only their strokes' counts differ) draws nothing again: the change of strokes it goes
    /// with does. Another opacity or blend mode of any layer puts the tiles in view together again from their
    /// layers' own pixels at once. Other layers (one shown or hidden, moved, added) draw every tile again.
    /// Set it before the change of strokes it goes with (``apply(_:strokes:)``).
    public var composition: [LayerBlend]? {
        get { tiles.composition }
        set {
            shownLayers = nil
            guard newValue != tiles.composition else { return }
            if let newValue, let old = tiles.composition, newValue.map(\.look) == old.map(\.look) {
                tiles.composition = newValue
                return
            }
            bakeStrokes()
            if let newValue, tiles.takeLooks(newValue) { return }
            tiles.composition = newValue
            tiles.redrawAllTiles()
        }
    }

    /// The position in ``composition`` of the layer strokes in progress go to (`nil`: none shown). Composited tiles
    /// keep the layers below it, its own pixels and the layers above it apart, so that a stroke on it is drawn in
    /// its place while the finger moves and once lifted; a change puts the tiles' parts together again at once.
    public var inkLayer: Int? {
        get { tiles.inkLayer }
        set {
            guard newValue != tiles.inkLayer else { return }
            tiles.inkLayer = newValue
            if tiles.composition != nil { tiles.inkLayerChanged() }
        }
    }

    /// Takes how a drawing's layers are shown: their ``composition``, and where strokes in progress go among them
    /// (``strokesAboveInk``: above the current layer's strokes; ``inkLayer``). Set before the change of strokes it
    /// goes with.
    ///
    /// The same layers restacked (one hidden, moved, taken out or added empty, or one of the last two hidden or
    /// taken out shown again: ``ShownLayers/restack(to:)``) put the tiles in view together again from the layers'
    /// own pixels at once, and the change of strokes that comes with it keeps them.
    public func showLayers(of drawing: Drawing) {
        layersShownSinceChange = true
        let visible = drawing.layers.indices.filter { drawing.layers[$0].attributes.isVisible }
        let newComposition = LayerBlend.composition(
            of: drawing, inkMayTakePaintAway: inkBrushes.contains(where: BrushStrokes.mayTakePaintAway))
        let ink = visible.firstIndex(of: drawing.currentLayerIndex)
        let contents = newComposition.map { _ in visible.map { LayerContent(drawing.layers[$0]) } }
        if let contents, let before = shownLayers, let newComposition, tiles.composition != nil,
           let restack = before.restack(to: contents) {
            bakeStrokes()
            if tiles.restack(newComposition, ink: ink, restack, counts: (before.shown.count, before.aside.count)) {
                shownLayers = before.restacked(restack, to: contents)
                return showStrokesAboveInk(of: drawing)
            }
        }
        // The tiles keep the layers aside (or know they do not: those drawn since).
        let aside = shownLayers?.aside ?? []
        composition = newComposition
        inkLayer = ink
        shownLayers = contents.map { ShownLayers(shown: $0, aside: aside) }
        showStrokesAboveInk(of: drawing)
    }

    /// Takes how many of the drawing's strokes shown lie above the current layer (``strokesAboveInk``), and where
    /// its own lie among them, with its picture (``inkLayerContents``).
    private func showStrokesAboveInk(of drawing: Drawing) {
        let shown = drawing.shownStrokeCount
        strokesAboveInk = shown - min(drawing.currentLayerRange?.upperBound ?? shown, shown)
        inkLayerContents = (drawing.currentLayerRange ?? 0..<0, drawing.currentLayer.image)
    }

    /// The brushes strokes begun now may be painted with (the brush's, the eraser's). Where one may take paint away
    /// (an eraser's brush, a smudge) and the current layer is above the bottom one, the layers are composited apart
    /// (``LayerBlend/composition(of:inkMayTakePaintAway:)``), so that a stroke takes nothing from the layers below
    /// while the finger moves either. Taken up by the next ``showLayers(of:)``.
    public var inkBrushes: [StrokeBrush] = []

    /// The positions among the strokes shown of the layer strokes in progress go to, and its picture, as
    /// ``showLayers(of:)`` last showed them; `nil` since a change of strokes without it: then every stroke shown.
    private var inkLayerContents: (strokes: Range<Int>, image: LayerImage?)?

    /// The layer strokes in progress go to, as it is now, with `added`, the strokes waiting to be baked (on top of
    /// it): what a brush that picks colour up reads (``LayerColorSource``).
    private func inkLayer(adding added: [Stroke]) -> InkLayerPixels {
        InkLayerPixels(strokes: tiles.strokes, index: tiles.index, range: inkLayerContents?.strokes ?? 0..<Int.max,
                       added: added, picture: inkLayerContents?.image.map(PicturePixels.of))
    }

    /// `brush`, which paints `stroke` (a stroke completed, to be added to the layer strokes in progress go to), with
    /// the colours it reads from that layer painting it, where it picks colour up (a smudge;
    /// ``PaintModel/StrokeBrush/pickedColors``): those the stroke in progress it was read while it was painted, or,
    /// for a stroke no stroke in progress showed (a replay's), read now over the layer as it is. Where it picks up
    /// none, or holds its colours already, `brush` as it is.
    public func brush(_ brush: StrokeBrush, pickingUpAlong stroke: Stroke) -> StrokeBrush {
        guard brush.pickedColors.isEmpty, BrushStrokes.picksUpColor(brush) else { return brush }
        var painted = stroke
        painted.brush = brush
        let colors = ink.pickedColors(completing: painted, pixelsPerPoint: pixelsPerPoint)
            ?? BrushStrokes.pickedColors(of: painted, over: inkLayer(adding: ink.unbaked.map(\.stroke)))
        return brush.picking(colors)
    }

    /// How many of the strokes shown (the last ones) lie on layers above the one strokes in progress go to: each
    /// frame draws the ink under them, in its layer's place, rather than over the tiles (0, the default: on top).
    /// Layers composited (``composition``) put the ink in its place through the tiles' parts (``inkLayer``); a turned
    /// view still draws the ink over the tiles until it is lifted.
    public var strokesAboveInk = 0

    /// What each layer of ``composition`` holds, and the layers put aside, as ``showLayers(of:)`` last showed them
    /// (`nil`: not known, the composition set otherwise): a restack of them keeps the tiles.
    private var shownLayers: ShownLayers?
    /// Whether ``showLayers(of:)`` was called since the last change of strokes.
    private var layersShownSinceChange = false

    /// Asks for the whole frame to be redrawn at the next ``renderFrame(liveStrokes:)``.
    public func setNeedsFullRedraw() {
        pendingWhole = true
    }

    // MARK: - Frames

    /// Whether tiles are being drawn in the background: frames will change as they come (poll with frames).
    public var isDrawingTiles: Bool { tiles.isDrawingTiles }

    /// Whether a frame would move the background work on: tiles drawn wait to be shown, or tiles wait to be handed
    /// to the worker.
    public var hasTileWorkForAFrame: Bool { tiles.hasWorkForAFrame }

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
    /// With ``FrameTarget/mayDrawInParts``, a buffer that lacks more than a quarter of its pixels gets only a band of
    /// rows drawn (``FrameDamage/isComplete`` is then `false`): from the first row it lacks, at most a quarter of its
    /// rows (``PixelDamage/partRows(of:within:)``). The renderer remembers what it still lacks, and the next frame into
    /// it draws the next band of that with what changed since (the window commits it only once complete).
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
        settleFloating()
        let tileChanges = tiles.takeChanges()
        if turnedSampling.beginFrame(turned: view.rotation != 0) { pendingWhole = true }
        let isWhole = pendingWhole || tileChanges.isWhole
        var document = tileChanges.document, screen = pendingScreen
        pendingWhole = false
        pendingScreen = []
        let level = pixelsPerPoint
        // The ink's strokes waiting to be baked, read before the ink changes (a brush that picks colour up reads them).
        let unbaked = ink.unbaked
        ink.update(liveStrokes: liveStrokes, predictedTails: predictedTails, pixelsPerPoint: level,
                   layer: { inkLayer(adding: unbaked.map(\.stroke)) }, changed: &document)
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
        tiles.startFrameBudget(isWhole: isWhole)
        let (redrawn, changedNow) = draw(rects, into: image, drawable: drawable, changed: changed,
                                         liveStrokes: liveStrokes)
        history.noteShown(owner, image: image, missing: missing)
        tiles.endFrame()
        return FrameDamage(redrawn: redrawn, changed: changedNow, movedX: caughtUp.movedX, movedY: caughtUp.movedY,
                           isCopiedFromAnotherBuffer: caughtUp.isCopiedWhole, copied: caughtUp.copied,
                           isComplete: missing.isEmpty)
    }

    /// Draws the rectangles a buffer lacks (`rects`, within `drawable`), one at a time: its tiles, then the strokes in
    /// progress and the overlay over them. Where a tile was drawn at once while the worker draws the others, it is
    /// drawn whole in a further pass. Returns the rectangles drawn, and `changed` with what those passes added.
    private func draw(_ rects: [PixelRect], into image: ImageSurface, drawable: PixelRect, changed: [PixelRect],
                      liveStrokes: [Int: Stroke]) -> (redrawn: [PixelRect], changed: [PixelRect]) {
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
                if let floating { floating.draw(within: rect, into: image, context: &context, view: view, scale: scale) }
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
        return (redrawn, changedNow)
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
        tiles.waitForTiles()
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
    var pixelOffset: (x: Int, y: Int) {
        (Int(saturating: (view.origin.x * pixelsPerPoint).rounded()), Int(saturating: (view.origin.y * pixelsPerPoint).rounded()))
    }

    /// Where the buffer lies over the document drawn at ``pixelsPerPoint`` (``BufferPlacement``).
    var placement: BufferPlacement {
        let offset = pixelOffset
        return BufferPlacement(offsetX: offset.x, offsetY: offset.y, rotation: view.rotation)
    }

    /// The buffer pixels that pixels of the document at ``pixelsPerPoint`` are shown in (on a rotated view, the
    /// bounds of where, a pixel wider for the filtering).
    func bufferRect(ofDocumentPixels pixels: PixelRect) -> PixelRect {
        placement.bufferRect(ofDocumentPixels: pixels)
    }

    /// The pixels of the document at ``pixelsPerPoint`` that a rectangle of the buffer shows (on a rotated view,
    /// their bounds, a pixel wider for the filtering).
    func documentPixels(of rect: PixelRect) -> PixelRect {
        placement.documentPixels(of: rect)
    }

    // MARK: - Drawing

    /// Draws the strokes in progress (``LiveInk``), their predicted tails and the overlay over the tiles just
    /// redrawn in `rect`, clipped to it: the strokes by the rasterizer that draws the tiles (``tileRasterizer``: ours,
    /// ``LiveInk/drawWithoutCairo(within:area:into:context:placement:pixelsPerPoint:raster:paper:)``, or Cairo's), what Cairo draws in one
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
        if isReached, tileRasterizer == .own, !drawInkInItsLayer(within: rect, into: frame) {
            let under = strokesAboveInk > 0 ? inkPlaceDrawable(area: area) : nil
            if let under { drawBaked(under.below, ontoPaper: true, within: rect, into: frame) }
            ink.drawWithoutCairo(within: rect, area: area, into: frame, context: &context, placement: placement,
                                 pixelsPerPoint: pixelsPerPoint, raster: tiles.raster, paper: tiles.paper)
            if let under { drawBaked(under.above, ontoPaper: false, within: rect, into: frame) }
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

    /// The strokes shown that reach `area` (document points), split at the layer strokes in progress go to: those
    /// below it and its own, and those of the layers above (``strokesAboveInk``). `nil` where the ink cannot be put in
    /// its place: layers composited (``composition``), or a turned view, whose frame is not the document's pixels.
    private func inkPlaceDrawable(area: Rect) -> (below: [Stroke], above: [Stroke])? {
        guard tiles.composition == nil, placement.rotation == 0 else { return nil }
        let strokes = tiles.strokes, split = max(strokes.count - strokesAboveInk, 0)
        var below: [Stroke] = [], above: [Stroke] = []
        for position in tiles.index.strokes(reaching: area) where strokes.indices.contains(position) {
            if position < split { below.append(strokes[position]) } else { above.append(strokes[position]) }
        }
        return (below, above)
    }

    /// Where layers are composited, draws the ink over `rect` of the frame in its layer's place, from the parts of
    /// the tiles there (``TileLayers``): the layers below, the ink layer's pixels with the ink drawn onto a copy of
    /// them, put over with its opacity and blend mode, then the layers above. `false`, drawing nothing, where a tile
    /// there has no parts for the split shown (not drawn yet, or being drawn again), or on a turned view.
    private func drawInkInItsLayer(within rect: PixelRect, into frame: ImageSurface) -> Bool {
        guard let split = tiles.split, placement.rotation == 0 else { return false }
        let document = documentPixels(of: rect), offset = pixelOffset
        let keys = TileKey.keys(covering: document, pixelsPerPoint: pixelsPerPoint)
        // The tiles put together just now: their image in the frame is the one before.
        var putTogether: Set<TileKey> = []
        for key in keys {
            if tiles.putPartsTogether(key) { putTogether.insert(key) }
            guard let layers = tiles.cache[key]?.layers, layers.split == split, tiles.inFlight[key] == nil else {
                return false
            }
        }
        let scratch = inkScratch
        var context: OpaquePointer?
        for key in keys {
            guard let layers = tiles.cache[key]?.layers, let part = key.pixelRect.intersection(document) else { continue }
            let inTile = part.offsetBy(dx: -key.pixelRect.x, dy: -key.pixelRect.y)
            let piece = PixelRect(x: 0, y: 0, width: part.width, height: part.height)
            if let own = layers.ink { scratch.copy(inTile, of: own, to: 0, 0) } else { scratch.clear(piece) }
            ink.drawWithoutCairo(within: piece, area: part.logical(pixelsPerPoint: pixelsPerPoint), into: scratch,
                                 context: &context, placement: BufferPlacement(offsetX: part.x, offsetY: part.y, rotation: 0),
                                 pixelsPerPoint: pixelsPerPoint, raster: tiles.raster, paper: tiles.paper)
            if let made = context {
                cairo_destroy(made)
                context = nil
            }
            // The frame holds the tile's image there (``recompose(_:into:)``): the parts are put together again only
            // where the ink changed its layer's pixels, but over a tile whose image was not there to copy.
            let at = (x: part.x - offset.x, y: part.y - offset.y), inkOrigin = (x: inTile.x, y: inTile.y)
            let isCopied = tiles.cache[key]?.image != nil && !putTogether.contains(key)
            if !isCopied || !layers.composite(changesOf: scratch, inkOrigin: inkOrigin, within: inTile, into: frame, at: at,
                                              paper: tiles.paper) {
                layers.composite(inTile, into: frame, at: at, paper: tiles.paper, ink: scratch, inkOrigin: inkOrigin)
            }
        }
        return true
    }

    /// Draws strokes over `rect` of the frame as the tiles draw them; `ontoPaper` first fills it with paper, in
    /// place of the tiles copied there (which hold the layers above the ink too).
    private func drawBaked(_ strokes: [Stroke], ontoPaper: Bool, within rect: PixelRect, into frame: ImageSurface) {
        if ontoPaper { frame.fill(rect, with: tiles.paper) }
        drawStrokes(strokes[...], region: documentPixels(of: rect), pixelsPerPoint: pixelsPerPoint, into: frame,
                    at: (rect.x, rect.y), raster: tiles.raster, paper: tiles.paper)
        frame.markDirty()
    }

    private static func pixelSize(_ size: Size, scale: Int) -> (Int, Int) {
        (max(Int(saturating: (size.width * Double(scale)).rounded(.up)), 1),
         max(Int(saturating: (size.height * Double(scale)).rounded(.up)), 1))
    }
}
