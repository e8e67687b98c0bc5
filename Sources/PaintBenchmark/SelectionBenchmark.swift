// `paint-benchmark selection`: what moving a big selection costs, headless on one thread as the Wayland thread does
// it: 5 000 finger strokes across 1920x1080, those within a lasso along the window's edges selected, then dragged by one
// finger for a second at 60 Hz; each drag step's event and frame timed, and the lift that makes the move an edit
// (docs/performance.md, "Selection").
import FingerPaintCore
import Dispatch
import Geometry
import PaintModel
import SeatInput

/// One run: the wall-clock ms of each drag step's event and frame, and of the lift's, and how many strokes were moved.
@MainActor private func dragSelection(of strokes: [Stroke], size: Size) -> (steps: [Double], lift: Double, moved: Int) {
    let app = FingerPaintApp(size: size, strokes: strokes)
    app.renderFrame()
    app.waitForTiles()
    app.renderFrame()
    app.perform(.useSelection)
    var time = 0.0
    func send(_ kinds: SeatEvent.Kind...) {
        for kind in kinds { app.handle(SeatEvent(time: .milliseconds(time), kind)) }
        time += 1000.0 / 60
    }
    // A loop along the window's edges, 4 points in, as a finger would go round it.
    let corners = [Point(x: 4, y: 4), Point(x: size.width - 4, y: 4), Point(x: size.width - 4, y: size.height - 4),
                   Point(x: 4, y: size.height - 4), Point(x: 4, y: 4)]
    let loop = zip(corners, corners.dropFirst()).flatMap { start, end in
        (0..<12).map { step in
            let t = Double(step) / 12
            return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        }
    } + [corners[0]]
    send(.touchDown(id: 1, location: loop[0]), .touchFrame)
    for point in loop.dropFirst() { send(.touchMotion(id: 1, location: point), .touchFrame) }
    send(.touchUp(id: 1), .touchFrame)
    app.renderFrame()
    let start = Point(x: size.width / 2, y: size.height / 2)
    // Onto a stroke: the selection's outline holds the middle of the window.
    send(.touchDown(id: 2, location: start), .touchFrame)
    app.renderFrame()
    var steps: [Double] = []
    for step in 1...60 {
        let begin = DispatchTime.now().uptimeNanoseconds
        send(.touchMotion(id: 2, location: Point(x: start.x + 5 * Double(step), y: start.y + 2 * Double(step))), .touchFrame)
        app.renderFrame()
        steps.append(milliseconds(since: begin))
    }
    let begin = DispatchTime.now().uptimeNanoseconds
    send(.touchUp(id: 2), .touchFrame)
    app.renderFrame()
    let lift = milliseconds(since: begin)
    return (steps, lift, app.drawing.canUndo ? app.selection?.indices.count ?? 0 : 0)
}

/// Runs `paint-benchmark selection [--runs N]`.
@MainActor func runSelectionBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 3)
    let size = Size(width: 1920, height: 1080)
    let strokes = realisticStrokes(5000, in: size, seed: 38)
    print("selection: 5 000 finger strokes across 1920x1080, those a lasso along the window's edges holds selected, "
          + "dragged by one finger for 60 "
          + "frames, headless on one thread; wall-clock ms of a drag step (its event and its frame), p50 and p99 of the "
          + "steps, and of the lift's frame (the move made an edit); median [range] of \(runs) runs")
    var p50: [Double] = [], p99: [Double] = [], lifts: [Double] = [], moved = 0
    for _ in 0..<runs {
        let run = dragSelection(of: strokes, size: size)
        moved = run.moved
        p50.append(percentile(run.steps, 0.5))
        p99.append(percentile(run.steps, 0.99))
        lifts.append(run.lift)
    }
    func figure(_ values: [Double]) -> String {
        "\(cFormat("%.1f", percentile(values, 0.5))) [\(cFormat("%.1f", values.min() ?? 0))-\(cFormat("%.1f", values.max() ?? 0))]"
    }
    print("   \(moved) strokes selected and moved: a drag step p50 \(figure(p50)) ms, p99 \(figure(p99)) ms; "
          + "the lift \(figure(lifts)) ms")
}
