// `paint-benchmark fill`: what the fill tool costs, on one thread as the Wayland thread does it (docs/performance.md,
// "Fill"): first the region alone (PaintModel's RegionFill) in a raster of 1920x1080 pixels framed by paint, 200 dots
// of paint inside (holes in the region), a tap in the middle with a gap of 4 pixels closed, the raster made here and
// not timed; then the window's whole tap: a 1920x1080 window framed by a stroke along its edges with 200 dots and
// 300 finger strokes inside, the fill tool's tap in the middle, timed from the tap's event to the end of the frame
// that shows the fill.
import FingerPaintCore
import Dispatch
import Geometry
import PaintModel
import SeatInput

/// The barrier: the frame and the dots, soft-edged as antialiased paint is.
private func framedDots(width: Int, height: Int) -> FillBarrier? {
    var coverage = [UInt8](repeating: 0, count: width * height)
    var seed: UInt64 = 39
    func random(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    for row in 0..<height {
        for column in 0..<width where row < 16 || column < 16 || row >= height - 16 || column >= width - 16 {
            let edge = min(row, column, height - 1 - row, width - 1 - column)
            coverage[row * width + column] = edge >= 10 ? 255 : 0
        }
    }
    for _ in 0..<200 {
        let x = 60 + random(width - 120), y = 60 + random(height - 120), radius = 3 + random(12)
        for row in (y - radius - 1)...(y + radius + 1) {
            for column in (x - radius - 1)...(x + radius + 1) {
                let distance = (Double((column - x) * (column - x) + (row - y) * (row - y))).squareRoot()
                let amount = min(max(Double(radius) + 0.5 - distance, 0), 1)
                coverage[row * width + column] = max(coverage[row * width + column], UInt8((amount * 255).rounded()))
            }
        }
    }
    return FillBarrier(width: width, height: height, coverage: coverage)
}

/// A window's drawing for the tap: a frame of paint along the window's edges (the canvas above the bar), 200 dots
/// and 300 short finger strokes inside it.
private func framedDrawing(in size: Size) -> [Stroke] {
    let top = 20.0, bottom = size.height - 80, left = 20.0, right = size.width - 20
    let corners = [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom),
                   Point(x: left, y: top)]
    let frame = zip(corners, corners.dropFirst()).flatMap { start, end in
        (0..<40).map { step in
            let t = Double(step) / 40
            return StrokePoint(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
    } + [StrokePoint(corners[0])]
    var seed: UInt64 = 39
    func random(_ bound: Double) -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) / Double(1 << 53) * bound
    }
    let dots = (0..<200).map { _ in
        Stroke(points: [StrokePoint(Point(x: 80 + random(size.width - 160), y: 80 + random(bottom - 160)))], color: .black,
               width: 4 + random(12))
    }
    let inside = realisticStrokes(300, in: Size(width: size.width - 200, height: bottom - 200), seed: 40).compactMap {
        $0.transformed(by: AffineTransform(translationBy: Vector(dx: 100, dy: 100)))
    }
    return [Stroke(points: frame, color: .black, width: 6)] + dots + inside
}

/// One run of the window's tap: the ms from the tap's event to the end of the frame that shows the fill, and whether
/// it filled.
@MainActor private func tapToFill(_ strokes: [Stroke], size: Size) -> (milliseconds: Double, filled: Bool) {
    let app = FingerPaintApp(size: size, strokes: strokes)
    app.renderFrame()
    app.waitForTiles()
    app.renderFrame()
    app.perform(.useFill)
    // Between the strokes: the frame's inside, where no stroke is (a dot or a stroke under the tap fills nothing).
    let spot = Point(x: 60, y: 60)
    let begin = DispatchTime.now().uptimeNanoseconds
    app.handle(SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: spot)))
    app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
    app.handle(SeatEvent(time: .milliseconds(60), .touchUp(id: 1)))
    app.handle(SeatEvent(time: .milliseconds(60), .touchFrame))
    app.renderFrame()
    app.waitForTiles()
    app.renderFrame()
    return (milliseconds(since: begin), app.drawing.strokes.last?.isFill == true)
}

/// Runs `paint-benchmark fill [--runs N]`.
@MainActor func runFillBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 5)
    guard let barrier = framedDots(width: 1920, height: 1080) else { return }
    print("fill: the region around a tap in a 1920x1080 window framed by paint, 200 dots of paint in it, a 4-pixel gap "
          + "closed, found and traced on one thread; wall-clock ms, median [range] of \(runs) runs")
    var times: [Double] = [], outlines = 0, points = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = RegionFill.region(in: barrier, x: 960, y: 540, gap: 4, under: 1)
        times.append(milliseconds(since: start))
        if case let .region(found) = outcome {
            outlines = found.count
            points = found.reduce(0) { $0 + $1.count }
        }
    }
    print("   \(outlines) outlines of \(points) points: \(cFormat("%.1f", percentile(times, 0.5))) ms "
          + "[\(cFormat("%.1f", times.min() ?? 0))-\(cFormat("%.1f", times.max() ?? 0))]")
    let size = Size(width: 1920, height: 1080)
    let strokes = framedDrawing(in: size)
    var taps: [Double] = [], filled = true
    for _ in 0..<runs {
        let run = tapToFill(strokes, size: size)
        taps.append(run.milliseconds)
        filled = filled && run.filled
    }
    print("   the window's tap (1920x1080, a frame of paint, 200 dots and 300 strokes in it), to the end of the frame "
          + "that shows the fill: \(cFormat("%.1f", percentile(taps, 0.5))) ms [\(cFormat("%.1f", taps.min() ?? 0))-"
          + "\(cFormat("%.1f", taps.max() ?? 0))]\(filled ? "" : " (NOT FILLED)")")
}
