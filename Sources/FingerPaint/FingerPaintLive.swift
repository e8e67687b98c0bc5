// The painting app in a live window: seat events in, one rendered frame per display frame out.
import CShims
import FingerPaintCore
import FoundationEssentials
import Geometry
import PaintRender
import PaintUI
import SeatInput
import TouchUI
import WaylandApp
import WaylandClient

/// Shows a ``FingerPaintApp`` in a ``LiveSession``.
///
/// Input only updates the app's strokes; the strokes' new segments are rendered once per display frame, when the
/// window draws, and only the rectangles they touched (plus what the buffer lacks from earlier frames) are copied
/// into the buffer and damaged.
final class FingerPaintLive: LiveContentHooks {
    let app: FingerPaintApp
    private weak var session: LiveSession?
    private var scale = 1

    /// How soon to look again for tiles drawn in the background, in milliseconds.
    static let tilePollInterval = Duration.milliseconds(8)

    /// How long the window rests, no frame drawn, before it lets go of the tiles out of view
    /// (`CanvasRenderer.releaseTilesOutOfView()`) and hands the allocator's free memory back to the system
    /// (`malloc_trim`): what those tiles, the history folded and the strokes let go leave free in the heap
    /// (docs/reliability.md, "The soak run"). Long enough that a painter's pause between strokes, then a pan, finds
    /// the ring of tiles around the view still there.
    static let restBeforeTrim = Duration.seconds(10)
    /// When the window hands free memory back, if it rests until then: pushed back by every frame drawn.
    private var trimDeadline: Timestamp?
    /// The document file as it was when its tiles were last written or read: a close writes them again when it changed.
    private var lastStoredDocument: TileStore.Document?
    /// Writes the tiles in view to the disk cache (docs/tile-cache.md) when the window rests and when it closes.
    private let tileWriter = TileStoreWriter(store: TileStore(environment: ProcessInfo.processInfo.environment))
    /// How long closing waits for the tiles to be written: a slow disk does not hold the window open longer.
    static let tileWriteAtClose = Duration.seconds(1)

    /// Says, with `--verbose`, when every visible tile is first sharp (drawn or read from the disk cache), counted
    /// from `launchedAt`: the start-up criterion of issue #22, seen from inside the window.
    var debug: (String) -> Void = { _ in }
    /// Where the brush, tool and recent colours are remembered as they change (docs/settings.md); `nil`: nowhere.
    var settingsFile: URL?
    var launchedAt: Timestamp?
    private var saidSharp = false
    private var saidFirstFrame = false
    /// Whether the launch's document was being read at the last look: says when it is in, with `--verbose`.
    private var isShowingLoad = false

    init(app: FingerPaintApp) {
        self.app = app
        // Tiles are drawn on the second core; the Wayland thread only copies them in.
        app.renderer.drawsTilesInBackground = true
        // A completed stroke is drawn into its tiles once the frame that shows it is sent (frameSent()).
        app.renderer.defersStrokeBaking = true
        // The tiles this drawing, and each one the gallery opens, showed last time, read on another thread: shown
        // instead of drawn when still right.
        app.readStoredTiles(from: tileWriter.store)
        // Frames and tiles are large blocks made and freed often: keep them mapped, so freed ones go back.
        CShims_keepLargeAllocationsMapped()
        app.delegate = self
    }

    func attach(to session: LiveSession) {
        self.session = session
    }

    /// A drag from another program: the app says what it takes (docs/selection.md, "Drop").
    func dragEntered(offering mimeTypes: [String], at location: Point) -> String? {
        app.dragEntered(offering: mimeTypes)
    }

    /// What was dropped goes on the drawing where it was dropped, or the banner says why not.
    func dropped(_ content: Result<[UInt8], ClipboardFailure>, as mimeType: String, at location: Point) {
        switch content {
        case let .success(bytes): app.drop(bytes, as: mimeType, at: location)
        case let .failure(failure): app.dropFailed(reason: "\(failure)")
        }
    }

    func handle(_ event: SeatEvent) {
        if let trimDeadline, MonotonicClock.timestamp >= trimDeadline {
            self.trimDeadline = nil
            // Rested: the tiles in view are written to the disk cache, the tiles out of view go, and what the
            // allocator holds free in its heap goes back to the system.
            storeTiles()
            app.renderer.releaseTilesOutOfView()
            malloc_trim(0)
            // fontconfig's font list, should a face new to Cairo have read it back since the font was loaded.
            FontCachePages.release()
        }
        app.handle(event)
    }

    /// The app's timers, and, while tiles or the gallery's thumbnails are made in the background, a look for them
    /// soon.
    var nextDeadline: Timestamp? {
        // Asked at every pass of the loop: the earliest of two or three optionals, without an array.
        func earlier(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        let deadline = earlier(app.nextDeadline, trimDeadline)
        guard app.renderer.isDrawingTiles || app.isMakingThumbnails || app.isLoadingDocument else { return deadline }
        return earlier(deadline, MonotonicClock.timestamp + Self.tilePollInterval)
    }

    /// Whether a frame would change something: input since the last one, or tiles drawn since.
    private var isFrameDue: Bool { app.needsFrame || app.renderer.hasTileWorkForAFrame || app.isMakingThumbnails }

    func resize(to size: Size, scale: Int) {
        self.scale = scale
        app.resize(to: size, scale: scale)
        // Configured in or out of fullscreen (F11, the title bar's button, the palette's): the palette's button shows it.
        if let session { app.isFullscreen = session.isShownFullscreen }
    }

    /// Draws the frame straight into the buffer: the renderer knows what frame each buffer shows and draws only
    /// what it lacks (moving its pixels for a pan), so `damage`, the session's view of the same, is not needed.
    func draw(into buffer: DrawTarget, damage: [PixelRect]) -> [PixelRect] {
        // The session's clock is CLOCK_MONOTONIC (EventClock puts every event on it): the frame is committed now.
        let target = FrameTarget(pixels: buffer.pixels, stride: buffer.stride, width: buffer.pixelWidth,
                                 height: buffer.pixelHeight, owner: buffer.buffer, mayDrawInParts: buffer.mayDrawInParts,
                                 copyOf: buffer.copyOf)
        // Drawn even when no frame is due (the session draws for its title bar, or a buffer shown a while ago):
        // the buffer may lack what earlier frames drew into the other one.
        let now = MonotonicClock.timestamp
        let frame = app.renderFrame(at: now, into: target)
        for text in CutShortText.take() { debug("cut short: \(text)") }
        if session?.window.frameLog != nil {
            lastDrawDescription = "strokes+\(app.drawing.shownStrokeCount - strokesDrawn) unbaked\(app.renderer.strokesToBake) "
                + "live\(app.canvasView.shownLiveStrokes.count) "
                + "changed\(frame.changed.count) redrawn\(frame.redrawn.count)"
                + (app.renderer.isDrawingTiles ? " tiles-drawing" : "")
        }
        strokesDrawn = app.drawing.shownStrokeCount
        trimDeadline = now + Self.restBeforeTrim
        if !frame.isComplete { buffer.isIncomplete = true }
        if !saidFirstFrame, let launchedAt {
            saidFirstFrame = true
            debug(cFormat("first frame %.0f ms after launch", (now - launchedAt).seconds * 1_000)
                  + (app.isLoadingDocument ? ", the document still being read" : ""))
        }
        if !saidSharp, !app.renderer.isDrawingTiles, !app.isLoadingDocument, let launchedAt {
            saidSharp = true
            debug(cFormat("every visible tile sharp %.0f ms after launch (%d from the tile cache)",
                         (now - launchedAt).seconds * 1_000, app.renderer.tilesShownFromStore))
        }
        // What was drawn is returned too: the session makes it opaque in a translucent buffer.
        return frame.changed + frame.redrawn
    }

    /// A zoom step's frame, and each frame while a pinch changes the zoom, may be drawn at reduced resolution: half,
    /// a quarter zooming out (``PaintRender/CanvasRenderer/reduction``).
    var reductionOfNextFrame: Int? { app.prefersReducedFrame ? app.renderer.reduction : nil }

    /// The zoom step's frame at reduced resolution (docs/rendering.md, "The zoom step at reduced resolution").
    func drawReduced(into buffer: DrawTarget) {
        let target = FrameTarget(pixels: buffer.pixels, stride: buffer.stride, width: buffer.pixelWidth,
                                 height: buffer.pixelHeight, owner: buffer.buffer)
        let now = MonotonicClock.timestamp
        app.renderReducedFrame(at: now, into: target, reduction: buffer.reduction)
        if session?.window.frameLog != nil { lastDrawDescription = "reduced" }
        trimDeadline = now + Self.restBeforeTrim
    }

    /// The frame log's words for the last frame drawn (`FINGERPAINT_FRAME_LOG`).
    private var lastDrawDescription: String?
    /// How many strokes the drawing had when the last frame was drawn: one more since (a stroke completed), or any
    /// other count (undo, clear), and the next frame draws strokes into the picture for good.
    private var strokesDrawn = 0

    /// A stroke completed since is not: it is drawn as the strokes in progress are, and into its tiles once the frame
    /// is sent (``frameSent()``).
    var nextFrameIsCostly: Bool { app.drawing.shownStrokeCount != strokesDrawn + app.renderer.strokesToBake }

    func frameSent() {
        app.bakeStrokes()
    }

    func describeLastDraw() -> String? { lastDrawDescription }

    func replayEnded() {
        app.finishInput()
    }

    func takeInvalidation() -> Invalidation {
        // The launch's document, read on another thread, painted as soon as it is in (docs/loading.md).
        if app.isLoadingDocument {
            isShowingLoad = true
            app.takeLoadedDocument()
        }
        // Taken here or by the event just handled.
        if isShowingLoad, !app.isLoadingDocument, let launchedAt {
            isShowingLoad = false
            debug(cFormat("the document read and shown %.0f ms after launch", (MonotonicClock.timestamp - launchedAt).seconds * 1_000))
        }
        return isFrameDue ? .frameNeeded : .nothing
    }

    func prepareToExit() -> Bool {
        let keptEverything = app.finishDocument()
        // The document is written and closed: its tiles as it is now, unless the last rest wrote the same.
        storeTiles(evenIfHandedOut: true)
        // Past that the process ends: the half-written temporary file is never renamed, and the next write removes it.
        tileWriter.waitUntilIdle(timeout: Self.tileWriteAtClose)
        return keptEverything
    }

    /// Hands the sharp tiles of the launch view to the writer, with the document as it is now on disk, when they
    /// or the document changed since they were last handed over.
    private func storeTiles(evenIfHandedOut: Bool = false) {
        guard let url = app.document?.url, let document = TileStore.Document(url) else { return }
        // The file the tiles were read from at launch is the one kept, until something is written.
        if lastStoredDocument == nil { lastStoredDocument = app.renderer.storedTilesDocument }
        // At close, written again only when the file changed since (the journal's last flush, a compaction).
        let fileChanged = evenIfHandedOut && document != lastStoredDocument
        guard let snapshot = app.renderer.tilesForStore(evenIfHandedOut: fileChanged) else { return }
        lastStoredDocument = document
        tileWriter.write(snapshot, of: document)
    }

    func shouldClose() -> Bool {
        app.requestClose()
    }

    func memoryReport() -> String? {
        var inUse = 0, mapped = 0, free = 0
        CShims_heapStatistics(&inUse, &mapped, &free)
        func mib(_ bytes: Int) -> String { cFormat("%.1f MiB", Double(bytes) / 1_048_576) }
        return "heap in use \(mib(inUse)) (\(mib(mapped)) of it mapped), heap free \(mib(free)), "
            + "tiles \(mib(app.renderer.tileBytes)) of \(mib(app.renderer.tileBudget)), "
            + "\(app.drawing.shownStrokeCount) strokes shown, \(app.drawing.compactEdits.count) edits in the history"
    }
}

/// The app's host: its lines go to standard error, its banner's words to the debug lines, its title to the window's,
/// its brush to the settings file; its requests to quit and go fullscreen, and a launch's document that could not be
/// read, to the session.
extension FingerPaintLive: FingerPaintAppDelegate {
    func fingerPaintApp(_ app: FingerPaintApp, report line: String) {
        complain(line)
    }

    func fingerPaintApp(_ app: FingerPaintApp, didShowBanner text: String) {
        debug("banner: \(text)")
    }

    func fingerPaintApp(_ app: FingerPaintApp, didShowLabel text: String) {
        debug("label: \(text)")
    }

    func fingerPaintApp(_ app: FingerPaintApp, didChangeTitle title: String) {
        if let document = app.document { session?.title = windowTitle(document.title) }
    }

    func fingerPaintAppDidAskForFullscreen(_ app: FingerPaintApp) {
        session?.toggleFullscreen()
    }

    func fingerPaintAppDidAskToQuit(_ app: FingerPaintApp) {
        session?.quit()
    }

    /// A drawing left for another: its tiles written as at a close (the next drawing's are compared with their own).
    func fingerPaintAppWillLeaveDocument(_ app: FingerPaintApp) {
        storeTiles(evenIfHandedOut: true)
        lastStoredDocument = nil
    }

    /// The launch's file could not be read after all: the window closes with status 2.
    func fingerPaintAppCouldNotLoadDocument(_ app: FingerPaintApp) {
        session?.quit(status: 2)
    }

    func fingerPaintApp(_ app: FingerPaintApp, didChangeBrush settings: BrushSettings) {
        if let settingsFile, let failure = settings.save(to: settingsFile) { complain("fingerpaint: \(failure)") }
    }
}
