// `paint-benchmark fill`: what finding the fill tool's region costs (PaintModel's RegionFill), on one thread as the
// Wayland thread would: a window of 1920x1080 pixels framed by a line of paint 6 pixels wide, 200 dots of paint inside
// (holes in the region), a tap in the middle with a gap of 4 pixels closed; the region found and traced (docs/
// performance.md, "Fill"). The raster of the visible paint is made here, not timed.
import Geometry
import Glibc
import PaintModel

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

/// Runs `paint-benchmark fill [--runs N]`.
func runFillBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 5)
    guard let barrier = framedDots(width: 1920, height: 1080) else { return }
    print("fill: the region around a tap in a 1920x1080 window framed by paint, 200 dots of paint in it, a 4-pixel gap "
          + "closed, found and traced on one thread; wall-clock ms, median [range] of \(runs) runs")
    var times: [Double] = [], outlines = 0, points = 0
    for _ in 0..<runs {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let outcome = RegionFill.region(in: barrier, x: 960, y: 540, gap: 4, under: 1)
        clock_gettime(CLOCK_MONOTONIC, &end)
        times.append(Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6)
        if case let .region(found) = outcome {
            outlines = found.count
            points = found.reduce(0) { $0 + $1.count }
        }
    }
    print("   \(outlines) outlines of \(points) points: \(cFormat("%.1f", percentile(times, 0.5))) ms "
          + "[\(cFormat("%.1f", times.min() ?? 0))-\(cFormat("%.1f", times.max() ?? 0))]")
}
