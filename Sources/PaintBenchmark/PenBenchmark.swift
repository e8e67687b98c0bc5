// `paint-benchmark pen`: what pressure costs: drawing variable-width strokes against the same strokes at one width,
// in tiles and while a pen draws, and their memory.
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import PaintRender
import TouchUI

/// The same strokes with a pressure that swells and fades along each (as a pen's does).
func withPressure(_ strokes: [Stroke]) -> [Stroke] {
    strokes.map { stroke in
        let last = Double(max(stroke.points.count - 1, 1))
        let pen = stroke.points.indices.map { StrokePen(pressure: 0.2 + 0.8 * sin(Double($0) / last * .pi)) }
        return Stroke(points: stroke.points, pen: pen, color: stroke.color, width: stroke.width)!
    }
}

/// Per-frame render times while a pen (or, with `pen` false, a finger) draws 6 loops, one sample a frame.
func penFrameTimes(pen: Bool) -> [Double] {
    let app = FingerPaintApp(size: Size(width: 800, height: 600), strokes: randomStrokes(1_000, in: Size(width: 800, height: 600)))
    app.renderFrame()
    var times: [Double] = []
    var time = 0.0
    for loop in 0..<6 {
        for sample in 0...60 {
            let angle = Double(sample) / 60 * 2 * .pi + Double(loop)
            let location = Point(x: 400 + 60 * cos(angle) + Double(loop) * 4, y: 300 + 40 * sin(2 * angle))
            let force = pen ? PenAttributes(force: 0.5 + 0.5 * sin(Double(sample) / 10)) : nil
            let change: TouchInput.Change = sample == 0
                ? .began(location, kind: pen ? .pencil : .direct, pen: force) : .moved(location, pen: force)
            app.window.handle([TouchInput(contact: 1, change)], at: Timestamp(milliseconds: time))
            let start = DispatchTime.now().uptimeNanoseconds
            app.renderFrame()
            times.append(milliseconds(since: start))
            time += 1000.0 / 60
        }
        app.window.handle([TouchInput(contact: 1, .ended())], at: Timestamp(milliseconds: time))
        let start = DispatchTime.now().uptimeNanoseconds
        app.renderFrame()
        times.append(milliseconds(since: start))
        time += 1000.0 / 60
    }
    return times
}

func runPenBenchmark() {
    let canvas = Size(width: 800, height: 600)
    let before = memory().current
    var drawing = Drawing()
    for stroke in withPressure(randomStrokes(10_000, in: canvas, seed: 7)) { drawing.add(stroke) }
    let points = drawing.strokes.reduce(0) { $0 + $1.points.count }
    let grown = (memory().current - before) * 1_048_576
    print("paint-benchmark pen: \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print("\n1. memory: StrokePoint \(MemoryLayout<StrokePoint>.stride) bytes, StrokePen \(MemoryLayout<StrokePen>.stride) bytes, "
          + "Stroke \(MemoryLayout<Stroke>.stride) bytes")
    print("   10 000 pressure strokes with their undo history, \(points) points: resident +\(format(grown / 1_048_576)) MiB = "
          + "\(cFormat("%.1f", grown / Double(points))) bytes per point")
    print("   their document: \(DrawingDocument.encode(drawing).count / 1024) KiB")

    print("\n2. drawing 2 000 strokes into the 800x600 canvas's tiles from nothing, ms (5 runs, the best)")
    let plain = randomStrokes(2_000, in: canvas, seed: 3), pressed = withPressure(plain)
    var best: [Double] = []
    for strokes in [plain, pressed] {
        let runs = (0..<5).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            _ = CanvasRenderer(logicalSize: canvas, strokes: strokes).canvas
            return milliseconds(since: start)
        }
        best.append(runs.min()!)
    }
    print("   one width \(format(best[0])), with pressure \(format(best[1])): ratio \(cFormat("%.2f", best[1] / best[0]))")

    print("\n3. a finger and a pen drawing loops over 1 000 strokes (366 frames each), render ms per frame")
    _ = penFrameTimes(pen: true)  // warm-up
    var medians: [Double] = []
    for pen in [false, true] {
        let times = penFrameTimes(pen: pen)
        medians.append(percentile(times, 0.5))
        print("   \(pen ? "pen   " : "finger") p50 \(format(percentile(times, 0.5)))  p99 \(format(percentile(times, 0.99)))  max \(format(times.max()!))")
    }
    print("   ratio p50 pen / finger: \(cFormat("%.2f", medians[1] / medians[0]))")

    print("\n4. the eraser on 800x600 drawings: an erase and the frame after it, then its undo and its frame, ms")
    for count in [1_000, 10_000] {
        let app = FingerPaintApp(size: canvas, strokes: randomStrokes(count, in: canvas, seed: 7))
        app.renderFrame()
        let before = app.drawing.strokes.count
        var start = DispatchTime.now().uptimeNanoseconds
        app.canvasView(app.canvasView, didEraseAlong: [Point(x: 400, y: 300), Point(x: 410, y: 305)], radius: 4)
        app.renderFrame()
        let erase = milliseconds(since: start)
        let erased = before - app.drawing.strokes.count
        start = DispatchTime.now().uptimeNanoseconds
        app.perform(.undo)
        app.renderFrame()
        print("   \(count) strokes, a short touch of the eraser (\(erased) erased): erase \(format(erase)), "
              + "undo \(format(milliseconds(since: start)))")
    }
}
