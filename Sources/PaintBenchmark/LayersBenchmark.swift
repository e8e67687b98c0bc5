// `paint-benchmark layers`: what painting on a layered drawing costs the Wayland thread against a drawing of one layer
// of the same strokes (issue #36): 10 layers of 5 000 realistic strokes at 3840x2160, one at half opacity and one
// multiply, a finger drawing on the bottom, a middle and the top layer; and how long a layer's change (shown or
// hidden, its opacity, its place) takes to be shown. Figures in docs/performance.md, "Layers".
import Dispatch
import FingerPaintCore
import Geometry
import Glibc
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// The 50 000 strokes as 10 layers of 5 000, bottom first: layer 4 (counting from 1) multiply, layer 7 at 50 %, the
/// rest opaque and normal.
private func layeredDrawing(of strokes: [Stroke]) -> Drawing {
    let layers = (0..<10).map { position in
        let attributes = LayerAttributes(name: "Layer \(position + 1)", opacity: position == 6 ? 0.5 : 1,
                                         blendMode: position == 3 ? .multiply : .normal)
        return Layer(attributes: attributes, strokes: Array(strokes[(position * 5_000)..<((position + 1) * 5_000)]))
    }
    return Drawing(layers: layers)
}

/// A window on `drawing` painting on layer `layer`, every visible tile drawn; its buffers.
@MainActor private func settledApp(_ drawing: Drawing, layer: Int, size: Size) -> (FingerPaintApp, LargeBuffer) {
    let buffer = LargeBuffer(size: size)
    let app = FingerPaintApp(size: size, drawing: drawing)
    app.renderer.drawsTilesInBackground = true
    buffer.show(app, always: true)
    app.perform(.selectLayer(layer))
    app.waitForTiles()
    buffer.show(app, always: true)
    app.waitForTiles()
    buffer.show(app, always: true)
    return (app, buffer)
}

/// The Wayland thread's processor ms of each frame while one finger draws six loops of a second each over the middle
/// of the window, its samples at 123 Hz against frames at 60 Hz (so they fall at every phase of the display clock),
/// each frame taking the samples up to its time; the lifts' frames included.
@MainActor private func fingerFrames(on app: FingerPaintApp, buffer: LargeBuffer) -> [Double] {
    var frames: [Double] = []
    var sampleTime = 0.0, frameTime = 0.0
    let base = 200_000.0
    for loop in 0..<6 {
        var sample = 0
        let samples = 123
        while sample <= samples {
            frameTime += 1000.0 / 60
            let start = threadProcessorMilliseconds()
            while sampleTime <= frameTime, sample <= samples {
                let angle = Double(sample) / Double(samples) * 2 * .pi + Double(loop)
                let location = Point(x: 1900 + 300 * cos(angle) + Double(loop) * 9, y: 1000 + 200 * sin(2 * angle))
                app.handle(SeatEvent(time: .milliseconds(base + sampleTime), sample == 0
                                        ? .touchDown(id: 1, location: location) : .touchMotion(id: 1, location: location)))
                app.handle(SeatEvent(time: .milliseconds(base + sampleTime), .touchFrame))
                sampleTime += 1000.0 / 123
                sample += 1
            }
            if sample > samples {
                app.handle(SeatEvent(time: .milliseconds(base + sampleTime), .touchUp(id: 1)))
                app.handle(SeatEvent(time: .milliseconds(base + sampleTime), .touchFrame))
            }
            buffer.show(app, always: true)
            app.renderer.bakeStrokes()
            frames.append(threadProcessorMilliseconds() - start)
        }
        // The worker's tiles, if any, in before the next loop.
        app.waitForTiles()
        buffer.show(app)
    }
    return frames
}

/// A layer change's timing: the ms and frames at 60 Hz until it is shown whole, and the Wayland thread's processor
/// ms of the change and its first frame.
private struct LayerChangeTiming {
    var milliseconds: Double
    var frames: Int
    var firstFrame: Double
}

/// A layer change on a window, then the edit back (`back`: by default its undo), each timed to the frame that shows
/// all of it: frames at 60 Hz from the change until no tile is left to draw.
@MainActor private func timedLayerChange(_ edit: DrawingEdit, back: DrawingEdit = .undo, on app: FingerPaintApp,
                                         buffer: LargeBuffer) -> (change: LayerChangeTiming, back: LayerChangeTiming)? {
    var drawing = app.drawing
    guard let change = drawing.apply(edit) else { return nil }
    let timing = timedShowing(drawing, change: change, on: app.renderer, buffer: buffer)
    guard let undo = drawing.apply(back) else { return nil }
    let backTiming = timedShowing(drawing, change: undo, on: app.renderer, buffer: buffer)
    app.renderer.waitForTiles()
    app.renderer.renderFrame(liveStrokes: [:], into: buffer.nextTarget())
    return (timing, backTiming)
}

/// Shows `drawing` after `change` on the renderer, and draws frames at 60 Hz until no tile is left to draw.
@MainActor private func timedShowing(_ drawing: Drawing, change: DrawingChange, on renderer: CanvasRenderer,
                                     buffer: LargeBuffer) -> LayerChangeTiming {
    let start = DispatchTime.now().uptimeNanoseconds
    let processorStart = threadProcessorMilliseconds()
    renderer.showLayers(of: drawing)
    renderer.apply(change, of: drawing)
    renderer.renderFrame(liveStrokes: [:], into: buffer.nextTarget())
    let firstFrame = threadProcessorMilliseconds() - processorStart
    var frames = 1
    var shownAt = milliseconds(since: start)
    while renderer.isDrawingTiles || renderer.hasTileWorkForAFrame, frames < 600 {
        let next = start + UInt64(Double(frames) * 1_000_000_000 / 60)
        let now = DispatchTime.now().uptimeNanoseconds
        if next > now { usleep(useconds_t(min((next - now) / 1_000, 100_000))) }
        renderer.renderFrame(liveStrokes: [:], into: buffer.nextTarget())
        frames += 1
        shownAt = milliseconds(since: start)
    }
    return LayerChangeTiming(milliseconds: shownAt, frames: frames, firstFrame: firstFrame)
}

/// Runs `paint-benchmark layers [--runs N]`.
@MainActor func runLayersBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 3)
    let size = Size(width: 3840, height: 2160)
    print("layers: 10 layers of 5 000 realistic strokes (layer 4 multiply, layer 7 at 50 %) at 3840x2160 against one layer "
          + "of the same 50 000; Wayland-thread processor ms a frame while a finger draws (samples at 123 Hz, frames "
          + "at 60 Hz, lifts included); \(runs) runs")
    let strokes = realisticStrokes(50_000, in: size, seed: 11)
    let flat = Drawing(layers: [.first(strokes: strokes)])
    let layered = layeredDrawing(of: strokes)
    var ratios: [String: [Double]] = [:]
    for run in 1...runs {
        let (flatApp, flatBuffer) = settledApp(flat, layer: 0, size: size)
        let flatFrames = fingerFrames(on: flatApp, buffer: flatBuffer)
        let flatMedian = percentile(flatFrames, 0.5), flatP99 = percentile(flatFrames, 0.99)
        print("   run \(run): one layer: p50 \(format(flatMedian))  p99 \(format(flatP99))  max \(format(flatFrames.max() ?? 0))"
              + "; tiles \(format(Double(flatApp.renderer.tileBytes) / 1_048_576)) MiB")
        for (name, layer) in [("bottom", 0), ("middle", 4), ("top", 9)] {
            let (app, buffer) = settledApp(layered, layer: layer, size: size)
            let tileMiB = Double(app.renderer.tileBytes) / 1_048_576
            let frames = fingerFrames(on: app, buffer: buffer)
            let median = percentile(frames, 0.5), p99 = percentile(frames, 0.99)
            ratios[name + " p50", default: []].append(median / flatMedian)
            ratios[name + " p99", default: []].append(p99 / flatP99)
            print("      10 layers, on the \(name) layer (\(layer + 1)): p50 \(format(median))  p99 \(format(p99))"
                  + "  max \(format(frames.max() ?? 0)); ratio p50 \(cFormat("%.2f", median / flatMedian)), p99 "
                  + "\(cFormat("%.2f", p99 / flatP99)); tiles \(format(tileMiB)) MiB")
            guard name == "middle" else { continue }
            let changes: [(String, DrawingEdit, back: DrawingEdit)] = [
                ("layer 7 hidden", .setLayer(at: 6, LayerAttributes(name: "Layer 7", opacity: 0.5, isVisible: false)),
                 .undo),
                ("layer 7 at 80 %", .setLayer(at: 6, LayerAttributes(name: "Layer 7", opacity: 0.8)), .undo),
                ("layer 2 moved up", .moveLayer(from: 1, to: 2), .undo),
                ("a layer added on top", .addLayer(at: 10, LayerAttributes(name: "Layer 11")), .undo),
                ("layer 2 painted on", .selectLayer(1), .selectLayer(4)),
                ("layer 5 (painted on) at 60 %", .setLayer(at: 4, LayerAttributes(name: "Layer 5", opacity: 0.6)), .undo),
                ("layer 5 (painted on) multiply", .setLayer(at: 4, LayerAttributes(name: "Layer 5", blendMode: .multiply)),
                 .undo),
            ]
            for (change, edit, back) in changes {
                guard let timed = timedLayerChange(edit, back: back, on: app, buffer: buffer) else { continue }
                for (what, timing) in [(change, timed.change), ("   and back", timed.back)] {
                    print("      \(what): shown whole after \(format(timing.milliseconds)) ms, \(timing.frames) frames at "
                          + "60 Hz; the change and its first frame \(format(timing.firstFrame)) ms of the Wayland thread")
                }
            }
        }
    }
    print("   median [range] of the runs' ratios, 10 layers / one layer:")
    for name in ["bottom p50", "bottom p99", "middle p50", "middle p99", "top p50", "top p99"] {
        let values = ratios[name] ?? []
        print("      \(name): \(cFormat("%.2f", percentile(values, 0.5))) [\(cFormat("%.2f", values.min() ?? 0))-"
              + "\(cFormat("%.2f", values.max() ?? 0))]")
    }
    print("   peak resident memory \(format(memory().peak)) MiB")
}
