// 6. The drawing of issue #11: 50 000 realistic finger strokes over a 3840x2160 buffer. Every figure is the main
// thread's time for what the user waits for: the change and the frame that shows it, drawn straight into one of two
// window buffers in turn, as the window does. Run alone, in a fresh process: `paint-benchmark --large`.
import CShims
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import TouchUI

/// Finger strokes spread over a canvas: 20 to 60 samples 16.7 ms apart, moving 3 to 10 points a sample in a
/// direction that turns gently, in every palette colour and the four thinner widths.
func realisticStrokes(_ count: Int, in size: Size, seed: UInt64) -> [Stroke] {
    randomStrokes(count, in: size, seed: seed, samples: 20...60, speeds: 3...10, turn: 0.2)
}

/// A window's two shared-memory buffers stand-in: frames are drawn straight into them in turn, as the window does
/// (each buffer is then a frame behind when it is drawn into again).
final class LargeBuffer {
    /// One buffer's memory.
    final class Memory {
        let pixels: UnsafeMutableRawPointer
        init(byteCount: Int) { pixels = .allocate(byteCount: byteCount, alignment: 16) }
        deinit { pixels.deallocate() }
    }

    let width: Int, height: Int, stride: Int
    private let buffers: [Memory]
    private var next = 0

    init(size: Size) {
        width = Int(size.width)
        height = Int(size.height)
        stride = width * 4
        buffers = [Memory(byteCount: stride * height), Memory(byteCount: stride * height)]
        // The window's buffers are faulted in before they are drawn (BufferPool makes the second one's pages on the
        // second core): so are these, so that no timed frame pays for first touching 33 MB.
        for memory in buffers { memory.pixels.initializeMemory(as: UInt8.self, repeating: 0xFF, count: stride * height) }
    }

    /// Draws a frame, if one is due (`always`: even when not), into the next buffer, as the window does.
    func show(_ app: FingerPaintApp, always: Bool = false) {
        guard always || app.needsFrame || app.renderer.hasTileWorkForAFrame else { return }
        let memory = buffers[next % buffers.count]
        next += 1
        _ = app.renderFrame(into: FrameTarget(pixels: memory.pixels, stride: stride, width: width, height: height,
                                              owner: memory))
    }

    /// The next buffer as a frame target, for frames drawn by the renderer alone.
    func nextTarget() -> FrameTarget {
        let memory = buffers[next % buffers.count]
        next += 1
        return FrameTarget(pixels: memory.pixels, stride: stride, width: width, height: height, owner: memory)
    }

    /// Times `work`, then the frame that shows it (`always`: drawn even when none is due).
    func shown(_ work: () -> Void = {}, on app: FingerPaintApp, always: Bool = false) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        show(app, always: always)
        return milliseconds(since: start)
    }

    /// Draws the zoom step's frame at reduced resolution (half, a quarter zooming out) into the top-left part of the
    /// next buffer, as the window does where the compositor offers wp_viewporter (which crops and scales it up).
    func showReduced(_ app: FingerPaintApp) {
        let memory = buffers[next % buffers.count]
        next += 1
        let (width, height) = app.renderer.reducedPixelSize
        app.renderReducedFrame(into: FrameTarget(pixels: memory.pixels, stride: stride, width: width, height: height,
                                                 owner: memory))
    }

    /// Brings the full frame into the next buffer in parts, as the window does after a reduced frame, until it is
    /// complete (at most eight frames; four when nothing changes meanwhile): the main thread's time of each part.
    func showInParts(_ app: FingerPaintApp) -> (wall: [Double], processor: [Double]) {
        let memory = buffers[next % buffers.count]
        next += 1
        var parts: [Double] = [], processor: [Double] = []
        while parts.count < 8 {
            let start = DispatchTime.now().uptimeNanoseconds, processorStart = threadProcessorMilliseconds()
            let frame = app.renderFrame(into: FrameTarget(pixels: memory.pixels, stride: stride, width: width, height: height,
                                                          owner: memory, mayDrawInParts: true))
            parts.append(milliseconds(since: start))
            processor.append(threadProcessorMilliseconds() - processorStart)
            if frame.isComplete { break }
        }
        return (parts, processor)
    }
}

/// The calling thread's processor time so far (`CLOCK_THREAD_CPUTIME_ID`), in milliseconds: what a frame cost the
/// Wayland thread itself, whatever else the loaded machine ran meanwhile.
func threadProcessorMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
}

/// The value after `flag` on the command line, when there is one.
private func commandLineValue(after flag: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + 1 < CommandLine.arguments.count else {
        return nil
    }
    return CommandLine.arguments[index + 1]
}

/// Runs section 6; `false` when `--peak-limit MiB` was given and the peak resident memory of the run up to the
/// reopening went over it.
func runLargeDrawing() -> Bool {
    // `--raster cairo` draws the strokes of one width with Cairo, to compare; our own rasterizer (`own`) is the
    // default (docs/performance.md).
    var rasterizer = StrokeRasterizer.own
    if let name = commandLineValue(after: "--raster") {
        guard let chosen = StrokeRasterizer(rawValue: name) else {
            print("paint-benchmark: --raster takes own or cairo")
            return false
        }
        rasterizer = chosen
    }
    // As fingerpaint's window does (FingerPaintLive).
    CShims_keepLargeAllocationsMapped()
    print("6. 50 000 realistic strokes (20-60 samples) on 3840x2160: main-thread ms of a change + its frame "
          + "drawn into one of two buffers in turn; tiles drawn in the background as in the window, "
          + "strokes rasterized by \(rasterizer.rawValue)")
    let large = Size(width: 3840, height: 2160)
    var peaks = ResidentPeaks()
    peaks.end("start")
    let residentBefore = memory().current
    // The generated array is let go once the drawing holds its strokes: a window has no such second list, so the
    // figures stand for the app (docs/performance.md, "Memory at 4K").
    var largeHistory = Drawing()
    do {
        let largeStrokes = realisticStrokes(50_000, in: large, seed: 11)
        for stroke in largeStrokes { largeHistory.add(stroke) }
    }
    let strokesResident = memory().current - residentBefore
    peaks.end("making the strokes")
    if let path = commandLineValue(after: "--document") {
        writeLargeDocument(largeHistory, to: path)
        return true
    }
    // The drawing saved as a document, and a tile cache, in a temporary folder of their own (removed at the end):
    // the launches below read and write the cache as the window does (docs/tile-cache.md).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("paint-benchmark-\(getpid())")
    let documentURL = scratch.appendingPathComponent("large.fpdraw")
    let tileStore = TileStore(environment: ["XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path])
    let tileWriter = TileStoreWriter(store: tileStore)
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try DocumentFile.writeNew(largeHistory, to: documentURL)
    } catch {
        print("   cannot write the drawing to \(documentURL.path): \(error)")
    }
    peaks.end("saving the document")
    let buffer = LargeBuffer(size: large)
    let emptyLaunch = launchEmptyWindows(size: large, buffer: buffer)
    peaks.end("the empty window")
    let (largeApp, largeLaunch) = launchLargeWindow(largeHistory, size: large, rasterizer: rasterizer,
                                                    tileStore: tileStore, document: documentURL, buffer: buffer)
    peaks.end("the first frame")
    // The app's drawing is the only one now, as in the program (the first stroke would otherwise copy it).
    largeHistory = Drawing()
    print("   start-up to the first frame copied: empty \(format(emptyLaunch)), 50 000 strokes \(format(largeLaunch)); "
          + "ratio \(cFormat("%.2f", largeLaunch / emptyLaunch))")
    let coldSharp = settleAndStoreTiles(of: largeApp, buffer: buffer, writer: tileWriter, document: documentURL,
                                        peaks: &peaks)
    benchmarkLargeEditing(largeApp, size: large, buffer: buffer, peaks: &peaks)
    benchmarkNavigation(largeApp, shown: { work in buffer.shown(work, on: largeApp) },
                        next: { buffer.shown({}, on: largeApp, always: true) })
    benchmarkReducedZoomSteps(largeApp, buffer: buffer, next: { buffer.shown({}, on: largeApp, always: true) })
    largeApp.waitForTiles()
    largeApp.waitForTiles()
    buffer.show(largeApp)
    peaks.end("pan and zoom")
    let withinLimit = reportLargeMemory(of: largeApp, buffer: buffer, peaks: peaks, strokesResident: strokesResident)
    benchmarkReopening(documentURL, in: scratch, size: large, tileStore: tileStore, buffer: buffer,
                       emptyLaunch: emptyLaunch, cold: (largeLaunch, coldSharp))
    return withinLimit
}

/// `--large --document PATH`, for timing the program's start-up on touch-replay (docs/performance.md): the drawing
/// written as a document, and the time to open it.
private func writeLargeDocument(_ drawing: Drawing, to path: String) {
    do {
        try DocumentFile.writeNew(drawing, to: URL(fileURLWithPath: path))
        let start = DispatchTime.now().uptimeNanoseconds
        let opened = try DocumentFile.open(URL(fileURLWithPath: path), create: false)
        print("   wrote the drawing to \(path); opening it takes \(format(milliseconds(since: start))) ms")
        opened.journal?.close()
    } catch {
        print("   cannot write \(path): \(error)")
    }
}

/// Launches an empty window of `size` into `buffer` and returns the milliseconds to its first frame, after the
/// untimed first uses every launch pays.
private func launchEmptyWindows(size large: Size, buffer: LargeBuffer) -> Double {
    // A window loads its overlay's font after its first frame (textWarmUp), once a process: here both launches share
    // one process, so it is loaded before them, and neither first frame shares the cores with the other's.
    loadOverlayFont()
    // Each real launch is a process of its own and pays the first use of everything (threads, the palette's
    // drawing, pages) alike; here the first launch would pay it alone: an untimed one pays it for both.
    do {
        let warmUp = FingerPaintApp(size: large)
        warmUp.renderer.drawsTilesInBackground = true
        buffer.show(warmUp, always: true)
    }
    let launch = DispatchTime.now().uptimeNanoseconds
    do {
        let emptyApp = FingerPaintApp(size: large)
        emptyApp.renderer.drawsTilesInBackground = true
        buffer.show(emptyApp)
    }
    return milliseconds(since: launch)
}

/// Launches a window of `size` on `drawing` (the document at `documentURL`, never shown before: the cache has nothing
/// for it) into `buffer`; returns the app and the milliseconds to its first frame.
private func launchLargeWindow(_ drawing: Drawing, size large: Size, rasterizer: StrokeRasterizer, tileStore: TileStore,
                               document documentURL: URL, buffer: LargeBuffer) -> (FingerPaintApp, Double) {
    let launch = DispatchTime.now().uptimeNanoseconds
    let largeApp = FingerPaintApp(size: large, drawing: drawing)
    largeApp.renderer.drawsTilesInBackground = true
    largeApp.renderer.tileRasterizer = rasterizer
    // A document never shown on this machine: the cache has nothing for it.
    largeApp.renderer.loadStoredTiles(from: tileStore, document: documentURL)
    buffer.show(largeApp)
    return (largeApp, milliseconds(since: launch))
}

/// Waits for every visible tile of the first frame, then writes the tiles in view to the disk cache as the window
/// at rest does; returns the milliseconds until the tiles were drawn.
private func settleAndStoreTiles(of largeApp: FingerPaintApp, buffer: LargeBuffer, writer tileWriter: TileStoreWriter,
                                 document documentURL: URL, peaks: inout ResidentPeaks) -> Double {
    let settle = DispatchTime.now().uptimeNanoseconds
    largeApp.waitForTiles()
    buffer.show(largeApp)
    let coldSharp = milliseconds(since: settle)
    peaks.end("the tiles drawn")
    print("   ... until every visible tile is drawn (off the main thread where it can be): \(format(coldSharp))")
    // The window at rest writes the tiles in view to the disk cache: handing them over on the main thread, the rest not.
    let handOut = DispatchTime.now().uptimeNanoseconds
    if let snapshot = largeApp.renderer.tilesForStore(), let document = TileStore.Document(documentURL) {
        tileWriter.write(snapshot, of: document)
        let copied = milliseconds(since: handOut)
        tileWriter.waitUntilIdle()
        if let report = tileWriter.lastReport, report.isWritten {
            print("   the tile cache written as at a rest: \(snapshot.tiles.count) tiles, "
                  + "\(format(Double(report.bytes) / 1_048_576)) MiB, \(format(report.milliseconds)) ms off the main thread "
                  + "(\(format(copied)) ms on it to hand the tiles over)")
        } else {
            print("   the tile cache could not be written in \(tileWriter.store.folder.path)")
        }
    }
    peaks.end("the tile cache written")
    return coldSharp
}

/// The edits on the drawing (its window of `size`): a finger drawing, undo, redo, clear and resize, each shown.
private func benchmarkLargeEditing(_ largeApp: FingerPaintApp, size large: Size, buffer: LargeBuffer,
                                   peaks: inout ResidentPeaks) {
    benchmarkLargeStrokes(largeApp, buffer: buffer, peaks: &peaks)
    benchmarkLargeUndo(largeApp, buffer: buffer)
    peaks.end("undo")
    let redos = (0..<20).map { _ in buffer.shown({ largeApp.perform(.redo) }, on: largeApp) }
    print("   20 redos: p50 \(format(percentile(redos, 0.5)))  max \(format(redos.max()!))")
    peaks.end("redo")
    for _ in 0..<3 {
        let clear = buffer.shown({ largeApp.perform(.clear) }, on: largeApp)
        let clearNext = buffer.shown({}, on: largeApp, always: true)
        let undo = buffer.shown({ largeApp.perform(.undo) }, on: largeApp)
        let undoNext = buffer.shown({}, on: largeApp, always: true)
        print("   clear: \(format(clear)) (the other buffer's frame after it: \(format(clearNext)));"
              + " undo of clear: \(format(undo)) (the other buffer's: \(format(undoNext)))")
    }
    peaks.end("clear")
    print("   resize to 3000x1700: \(format(buffer.shown({ largeApp.resize(to: Size(width: 3000, height: 1700), scale: 1) }, on: largeApp)));"
          + " back to 3840x2160: \(format(buffer.shown({ largeApp.resize(to: large, scale: 1) }, on: largeApp)))")
    largeApp.waitForTiles()
    buffer.show(largeApp)
    peaks.end("resize")
}

/// Six strokes drawn by one finger, a sample and a frame at a time as at 60 Hz (the phase "drawing" of `peaks`).
private func benchmarkLargeStrokes(_ largeApp: FingerPaintApp, buffer: LargeBuffer, peaks: inout ResidentPeaks) {
    var drawingFrames: [Double] = []
    var completionFrames: [Double] = []
    var time = 100_000.0
    for loop in 0..<6 {
        for sample in 0...60 {
            let angle = Double(sample) / 60 * 2 * .pi + Double(loop)
            let location = Point(x: 1900 + 60 * cos(angle) + Double(loop) * 4, y: 1000 + 40 * sin(2 * angle))
            drawingFrames.append(buffer.shown({
                largeApp.handle(SeatEvent(time: .milliseconds(time), sample == 0 ? .touchDown(id: 1, location: location)
                                                                  : .touchMotion(id: 1, location: location)))
                largeApp.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
            }, on: largeApp))
            time += 1000.0 / 60
        }
        let completion = buffer.shown({
            largeApp.handle(SeatEvent(time: .milliseconds(time), .touchUp(id: 1)))
            largeApp.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
        }, on: largeApp)
        drawingFrames.append(completion)
        completionFrames.append(completion)
        time += 1000.0 / 60
    }
    peaks.end("drawing")
    print("   frames while one finger draws, stroke completions included: p50 \(format(percentile(drawingFrames, 0.5)))"
          + "  p99 \(format(percentile(drawingFrames, 0.99)))  max \(format(drawingFrames.max()!)); "
          + "the 6 stroke-completion frames: \(completionFrames.map(format).joined(separator: ", "))")
}

/// Undo: of the strokes just drawn, walking back from the newest, and waiting for the worker's sharp tiles.
private func benchmarkLargeUndo(_ largeApp: FingerPaintApp, buffer: LargeBuffer) {
    var justDrawn: [Double] = []
    for _ in 0..<6 {
        justDrawn.append(buffer.shown({ largeApp.perform(.undo) }, on: largeApp))
    }
    let pendingAfterJustDrawn = largeApp.renderer.isDrawingTiles
    print("   undo of the 6 strokes just drawn: \(justDrawn.map(format).joined(separator: ", ")); "
          + (pendingAfterJustDrawn ? "tiles left for the worker" : "shown at once, no tile left for the worker"))
    let undos = (0..<300).map { _ in buffer.shown({ largeApp.perform(.undo) }, on: largeApp) }
    print("   300 undos walking back from the newest: p50 \(format(percentile(undos, 0.5)))  p99 \(format(percentile(undos, 0.99)))"
          + "  max \(format(undos.max()!))")
    var sharp: [Double] = []
    for _ in 0..<20 {
        largeApp.perform(.undo)
        buffer.show(largeApp)
        let start = DispatchTime.now().uptimeNanoseconds
        largeApp.waitForTiles()
        buffer.show(largeApp)
        sharp.append(milliseconds(since: start))
    }
    print("   ... then 20 more, each waiting for the worker to redraw the tiles under the stroke: p50 "
          + "\(format(percentile(sharp, 0.5)))  max \(format(sharp.max()!)) (not main-thread time: when the undo shows)")
}

/// Prints the peaks by phase, the heap and resident memory; `false` when `--peak-limit MiB` was given and the peak
/// went over it.
private func reportLargeMemory(of largeApp: FingerPaintApp, buffer: LargeBuffer, peaks: ResidentPeaks,
                               strokesResident: Double) -> Bool {
    print("   peak resident memory by phase (MiB): \(peaks.summary)")
    var inUse = 0, mapped = 0, free = 0
    CShims_heapStatistics(&inUse, &mapped, &free)
    print("   heap in use now \(format(Double(inUse) / 1_048_576)) MiB (the tiles \(format(Double(largeApp.renderer.tileBytes) / 1_048_576)), "
          + "the two buffers \(format(Double(2 * buffer.stride * buffer.height) / 1_048_576)), free in malloc's arenas "
          + "\(format(Double(free) / 1_048_576))); resident beside the heap (runtime, libraries, stacks, fonts): "
          + "\(format(memory().current - Double(inUse) / 1_048_576)) MiB")
    var withinLimit = true
    if let value = commandLineValue(after: "--peak-limit"), let limit = Double(value) {
        withinLimit = peaks.peak <= limit
        print("   peak resident memory \(format(peaks.peak)) MiB: " + (withinLimit ? "within" : "OVER") + " the limit of \(format(limit)) MiB")
    }
    print("   resident memory now \(format(memory().current)) MiB, peak \(format(peaks.peak)) MiB "
          + "(the strokes and their history alone: \(format(strokesResident)) MiB)")
    return withinLimit
}

/// Launches `url` as the window does: the header checked (DocumentFile.begin), the app made, the first frame shown,
/// the records read on another thread meanwhile. Returns the app and the milliseconds to its first frame.
private func launchAsTheWindowDoes(_ url: URL, size large: Size, library: DocumentLibrary, tileStore: TileStore,
                                   buffer: LargeBuffer) -> (app: FingerPaintApp, firstFrame: Double)? {
    let start = DispatchTime.now().uptimeNanoseconds
    guard let beginning = try? DocumentFile.begin(url, create: false) else { return nil }
    let app: FingerPaintApp
    switch beginning {
    case let .opened(opened):
        app = FingerPaintApp(size: large, drawing: opened.drawing, document: PaintDocument(opened, library: library))
    case let .reading(opening):
        app = FingerPaintApp(size: large)
        app.load(opening, library: library)
    }
    app.renderer.drawsTilesInBackground = true
    app.readStoredTiles(from: tileStore)
    buffer.show(app)
    return (app, milliseconds(since: start))
}

/// The launches that open the document at `documentURL` (in `scratch`): reopened with the tile cache warm, and as
/// the window launches; `emptyLaunch` and `cold` (the first launch and its sharp tiles) are the figures to compare.
private func benchmarkReopening(_ documentURL: URL, in scratch: URL, size large: Size, tileStore: TileStore,
                                buffer: LargeBuffer, emptyLaunch: Double, cold: (launch: Double, sharp: Double)) {
    // The launches above start from the drawing in memory; a window first opens its document, which the user waits
    // for too. As the window does since docs/loading.md: the header checked (DocumentFile.begin), the app made, the
    // first frame shown, the records read on another thread meanwhile. An empty document first, for the ratio.
    let library = DocumentLibrary(environment: ["HOME": scratch.path])
    let emptyURL = scratch.appendingPathComponent("empty.fpdraw")
    var emptyOpenLaunch = Double.nan
    if (try? DocumentFile.writeNew(Drawing(), to: emptyURL)) != nil,
       let (emptyApp, firstFrame) = launchAsTheWindowDoes(emptyURL, size: large, library: library, tileStore: tileStore,
                                                          buffer: buffer) {
        emptyOpenLaunch = firstFrame
        emptyApp.waitForLoadedDocument()
        emptyApp.finishDocument()
    }
    // A user reopening the same document: its tiles read from the cache written above.
    let reopen = DispatchTime.now().uptimeNanoseconds
    guard let opened = try? DocumentFile.open(documentURL, create: false) else {
        print("   cannot open \(documentURL.path) again")
        return
    }
    defer { opened.journal?.close() }
    let openMilliseconds = milliseconds(since: reopen)
    let launch = DispatchTime.now().uptimeNanoseconds
    let warmApp = FingerPaintApp(size: large, drawing: opened.drawing)
    warmApp.renderer.drawsTilesInBackground = true
    warmApp.renderer.loadStoredTiles(from: tileStore, document: documentURL)
    buffer.show(warmApp)
    let warmLaunch = milliseconds(since: launch)
    let warmSettle = DispatchTime.now().uptimeNanoseconds
    warmApp.waitForTiles()
    buffer.show(warmApp)
    let warmSharp = milliseconds(since: warmSettle)
    print("   reopened with the tile cache warm: opening the document \(format(openMilliseconds)); start-up to the first "
          + "frame \(format(warmLaunch)), ratio \(cFormat("%.2f", warmLaunch / emptyLaunch)) to the empty one's; "
          + "every visible tile sharp after \(format(warmSharp)) (\(warmApp.renderer.tilesShownFromStore) tiles from the "
          + "cache); from launch: cold \(format(cold.launch + cold.sharp)), warm \(format(warmLaunch + warmSharp))")
    // The window's launch (the drawing read after its first frame), the tile cache warm as for a reopening.
    opened.journal?.close()
    let launchStart = DispatchTime.now().uptimeNanoseconds
    guard let (launchedApp, openedLaunch) = launchAsTheWindowDoes(documentURL, size: large, library: library,
                                                                  tileStore: tileStore, buffer: buffer) else {
        print("   cannot launch \(documentURL.path) as the window does")
        return
    }
    defer { launchedApp.finishDocument() }
    launchedApp.waitForLoadedDocument()
    buffer.show(launchedApp)
    let drawingIn = milliseconds(since: launchStart)
    launchedApp.waitForTiles()
    buffer.show(launchedApp)
    let launchedSharp = milliseconds(since: launchStart)
    print("   start-up to the first frame with the document's opening (as a window launches, less connecting: the "
          + "header checked, the first frame, the records read meanwhile): empty \(format(emptyOpenLaunch)), 50 000 "
          + "strokes \(format(openedLaunch)); ratio " + cFormat("%.2f", openedLaunch / emptyOpenLaunch)
          + "; the drawing in after \(format(drawingIn)), every visible tile sharp after \(format(launchedSharp)) "
          + "(\(launchedApp.renderer.tilesShownFromStore) tiles from the cache)")
}

/// A pan and a zoom step on the drawing: the main thread's time to show each (cached tiles, scaled ones for a
/// zoom), and how long the worker then takes to draw the sharp tiles.
func benchmarkNavigation(_ app: FingerPaintApp, shown: (() -> Void) -> Double, next: () -> Double) {
    let pans = (0..<20).map { step in
        shown { app.setView(app.view.panned(by: Vector(dx: step % 2 == 0 ? -40 : 40, dy: -25))) }
    }
    app.waitForTiles()
    _ = shown {}
    _ = shown {}
    print("   20 pans by 47 points: p50 \(format(percentile(pans, 0.5)))  max \(format(pans.max()!))")
    for command in [PaintCommand.zoomOut, .zoomIn, .zoomIn, .zoomOut] {
        let step = shown { app.perform(command) }
        // The window's next frame goes into the other buffer, which still shows the old zoom.
        let following = next()
        let start = DispatchTime.now().uptimeNanoseconds
        app.waitForTiles()
        _ = shown {}
        _ = shown {}
        print("   one zoom step (\(command)): \(format(step)), the next frame (the other buffer) \(format(following)); "
              + "the sharp tiles drawn by the worker after \(format(milliseconds(since: start)))")
    }
}

/// The zoom steps of ``benchmarkNavigation(_:shown:next:)`` again, as the window draws them where the compositor
/// offers wp_viewporter (docs/rendering.md, "The zoom step at reduced resolution"): the step's frame at half
/// resolution (a quarter zooming out) in the top-left part of the next buffer, then the full frame brought into a buffer in parts, each part one frame; then the other buffer's
/// frame. The tiles out of view (the other zooms' included) are let go first, so each step finds the cache as the
/// first round did.
func benchmarkReducedZoomSteps(_ app: FingerPaintApp, buffer: LargeBuffer, next: () -> Double) {
    app.renderer.releaseTilesOutOfView()
    for command in [PaintCommand.zoomOut, .zoomIn, .zoomIn, .zoomOut] {
        let start = DispatchTime.now().uptimeNanoseconds, processorStart = threadProcessorMilliseconds()
        app.perform(command)
        let reduction = app.renderer.reduction
        buffer.showReduced(app)
        let step = milliseconds(since: start), stepProcessor = threadProcessorMilliseconds() - processorStart
        let (parts, partsProcessor) = buffer.showInParts(app)
        let following = next()
        app.waitForTiles()
        _ = next()
        _ = next()
        print("   one zoom step at \(reduction == 2 ? "half" : "a quarter") resolution (\(command)): the reduced frame \(format(step)), then the full frame in "
              + "\(parts.count) part\(parts.count == 1 ? "" : "s"): \(parts.map(format).joined(separator: ", ")); "
              + "the other buffer's frame \(format(following)); the thread's processor time: the reduced frame "
              + "\(format(stepProcessor)), the parts \(partsProcessor.map(format).joined(separator: ", "))")
    }
}
