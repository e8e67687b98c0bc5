// 6. The drawing of issue #11: 50 000 realistic finger strokes over a 3840x2160 buffer. Every figure is the main
// thread's time for what the user waits for: the change, the frame that shows it, and the copy of what that frame
// changed into a window buffer. Run alone, in a fresh process: `paint-benchmark --large`.
import CShims
import FingerPaintCore
import Foundation
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// Finger strokes spread over a canvas: 20 to 60 samples 16.7 ms apart, moving 3 to 10 points a sample in a
/// direction that turns gently, in every palette colour and the four thinner widths.
func realisticStrokes(_ count: Int, in size: Size, seed: UInt64) -> [Stroke] {
    randomStrokes(count, in: size, seed: seed, samples: 20...60, speeds: 3...10, turn: 0.2)
}

/// A window's shared-memory buffer stand-in: the frame's changed rectangles are copied into it as into a real one.
final class LargeBuffer {
    let width: Int, height: Int, stride: Int
    let pixels: UnsafeMutableRawPointer

    init(size: Size) {
        width = Int(size.width)
        height = Int(size.height)
        stride = width * 4
        pixels = .allocate(byteCount: stride * height, alignment: 16)
    }

    deinit { pixels.deallocate() }

    /// Renders a frame if one is due and copies what it changed, as the window does for a buffer.
    func show(_ app: FingerPaintApp) {
        let rects = app.needsFrame ? app.renderFrame() : []
        app.composite(into: pixels, stride: stride, width: width, height: height, rects: rects)
    }
}

func runLargeDrawing() {
    // As fingerpaint's window does (FingerPaintLive).
    CShims_keepLargeAllocationsMapped()
    print("6. 50 000 realistic strokes (20-60 samples) on 3840x2160: main-thread ms of a change + its frame + the copy "
          + "into a buffer; tiles drawn in the background as in the window")
    let large = Size(width: 3840, height: 2160)
    let residentBefore = memory().current
    let largeStrokes = realisticStrokes(50_000, in: large, seed: 11)
    var largeHistory = Drawing()
    for stroke in largeStrokes { largeHistory.add(stroke) }
    let strokesResident = memory().current - residentBefore
    if let flag = CommandLine.arguments.firstIndex(of: "--document"), flag + 1 < CommandLine.arguments.count {
        // For timing the program's start-up on touch-replay (docs/performance.md): the same drawing as a document.
        let path = CommandLine.arguments[flag + 1]
        do {
            try DocumentFile.writeNew(largeHistory, to: URL(fileURLWithPath: path))
            let start = DispatchTime.now().uptimeNanoseconds
            let opened = try DocumentFile.open(URL(fileURLWithPath: path), create: false)
            print("   wrote the drawing to \(path); opening it takes \(format(milliseconds(since: start))) ms")
            opened.journal?.close()
        } catch {
            print("   cannot write \(path): \(error)")
        }
        return
    }
    let buffer = LargeBuffer(size: large)
    /// Times `work`, then a frame and the copy of what it changed into the buffer.
    func shown(_ work: () -> Void = {}, on app: FingerPaintApp) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        buffer.show(app)
        return milliseconds(since: start)
    }
    var launch = DispatchTime.now().uptimeNanoseconds
    do {
        let emptyApp = FingerPaintApp(size: large)
        emptyApp.renderer.drawsTilesInBackground = true
        buffer.show(emptyApp)
    }
    let emptyLaunch = milliseconds(since: launch)
    launch = DispatchTime.now().uptimeNanoseconds
    let largeApp = FingerPaintApp(size: large, drawing: largeHistory)
    largeApp.renderer.drawsTilesInBackground = true
    buffer.show(largeApp)
    let largeLaunch = milliseconds(since: launch)
    // The app's drawing is the only one now, as in the program (the first stroke would otherwise copy it).
    largeHistory = Drawing()
    print("   start-up to the first frame copied: empty \(format(emptyLaunch)), 50 000 strokes \(format(largeLaunch)); "
          + "ratio \(String(format: "%.2f", largeLaunch / emptyLaunch))")
    let settle = DispatchTime.now().uptimeNanoseconds
    largeApp.waitForTiles()
    buffer.show(largeApp)
    print("   ... until every visible tile is drawn (off the main thread where it can be): \(format(milliseconds(since: settle)))")
    var drawingFrames: [Double] = []
    var completionFrames: [Double] = []
    do {
        var time = 100_000.0
        for loop in 0..<6 {
            for sample in 0...60 {
                let angle = Double(sample) / 60 * 2 * .pi + Double(loop)
                let location = Point(x: 1900 + 60 * cos(angle) + Double(loop) * 4, y: 1000 + 40 * sin(2 * angle))
                drawingFrames.append(shown({
                    largeApp.handle(SeatEvent(time: .milliseconds(time), sample == 0 ? .touchDown(id: 1, location: location)
                                                                      : .touchMotion(id: 1, location: location)))
                    largeApp.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
                }, on: largeApp))
                time += 1000.0 / 60
            }
            let completion = shown({
                largeApp.handle(SeatEvent(time: .milliseconds(time), .touchUp(id: 1)))
                largeApp.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
            }, on: largeApp)
            drawingFrames.append(completion)
            completionFrames.append(completion)
            time += 1000.0 / 60
        }
    }
    print("   frames while one finger draws, stroke completions included: p50 \(format(percentile(drawingFrames, 0.5)))"
          + "  p99 \(format(percentile(drawingFrames, 0.99)))  max \(format(drawingFrames.max()!)); "
          + "the 6 stroke-completion frames: \(completionFrames.map(format).joined(separator: ", "))")
    var justDrawn: [Double] = []
    for _ in 0..<6 {
        justDrawn.append(shown({ largeApp.perform(.undo) }, on: largeApp))
    }
    let pendingAfterJustDrawn = largeApp.renderer.isDrawingTiles
    print("   undo of the 6 strokes just drawn: \(justDrawn.map(format).joined(separator: ", ")); "
          + (pendingAfterJustDrawn ? "tiles left for the worker" : "shown at once, no tile left for the worker"))
    let undos = (0..<300).map { _ in shown({ largeApp.perform(.undo) }, on: largeApp) }
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
    let redos = (0..<20).map { _ in shown({ largeApp.perform(.redo) }, on: largeApp) }
    print("   20 redos: p50 \(format(percentile(redos, 0.5)))  max \(format(redos.max()!))")
    print("   clear: \(format(shown({ largeApp.perform(.clear) }, on: largeApp)));"
          + " undo of clear: \(format(shown({ largeApp.perform(.undo) }, on: largeApp)))")
    print("   resize to 3000x1700: \(format(shown({ largeApp.resize(to: Size(width: 3000, height: 1700), scale: 1) }, on: largeApp)));"
          + " back to 3840x2160: \(format(shown({ largeApp.resize(to: large, scale: 1) }, on: largeApp)))")
    largeApp.waitForTiles()
    buffer.show(largeApp)
    benchmarkNavigation(largeApp, shown: { work in shown(work, on: largeApp) })
    largeApp.waitForTiles()
    largeApp.waitForTiles()
    buffer.show(largeApp)
    print("   resident memory now \(format(memory().current)) MiB, peak \(format(memory().peak)) MiB "
          + "(the strokes and their history alone: \(format(strokesResident)) MiB)")
}

/// A pan and a zoom step on the drawing: the main thread's time to show each (cached tiles, scaled ones for a
/// zoom), and how long the worker then takes to draw the sharp tiles.
func benchmarkNavigation(_ app: FingerPaintApp, shown: (() -> Void) -> Double) {
    let pans = (0..<20).map { step in
        shown { app.setView(app.view.panned(by: Vector(dx: step % 2 == 0 ? -40 : 40, dy: -25))) }
    }
    app.waitForTiles()
    _ = shown {}
    print("   20 pans by 47 points: p50 \(format(percentile(pans, 0.5)))  max \(format(pans.max()!))")
    for command in [PaintCommand.zoomOut, .zoomIn, .zoomIn, .zoomOut] {
        let step = shown { app.perform(command) }
        let start = DispatchTime.now().uptimeNanoseconds
        app.waitForTiles()
        _ = shown {}
        print("   one zoom step (\(command)): \(format(step)); the sharp tiles drawn by the worker after "
              + "\(format(milliseconds(since: start)))")
    }
}
