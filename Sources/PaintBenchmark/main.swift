// `paint-benchmark`: what a frame costs against the drawing's size and the canvas's size, memory, and undo.
// Run with `swift run -c release paint-benchmark` (and `paint-benchmark --large` for section 6, the 50 000-stroke
// drawing; `paint-benchmark pen` for what pressure costs); the figures go into docs/performance.md.
import CommandLineSupport
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// A deterministic random number generator (SplitMix64), so that every run draws the same strokes.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Completed strokes scattered over a canvas, like a finger's: `samples` samples (24 unless asked) 16.7 ms apart
/// (rounded to whole milliseconds, and each point to a `Float` as the input path does),
/// moving `speeds` points a sample in a direction that turns gently (up to `turn` radians a sample, plus a little
/// noise), in palette colours and widths from 2 to 16.
func randomStrokes(_ count: Int, in size: Size, seed: UInt64 = 1, samples: ClosedRange<Int> = 24...24,
                   speeds: ClosedRange<Double> = 4...12, turn: Double = 0.25) -> [Stroke] {
    var random = SplitMix(state: seed)
    return (0..<count).map { _ in
        var location = Point(x: .random(in: 0..<size.width, using: &random), y: .random(in: 0..<size.height, using: &random))
        var heading = Double.random(in: 0..<(2 * .pi), using: &random)
        let turn = Double.random(in: -turn...turn, using: &random)
        let speed = Double.random(in: speeds, using: &random)
        // A fixed count draws no number, so the strokes of the first benchmarks stay what they were.
        let sampleCount = samples.count == 1 ? samples.lowerBound : Int.random(in: samples, using: &random)
        var stroke = Stroke(color: Brush.palette.randomElement(using: &random)!,
                            width: Brush.widths[0..<4].randomElement(using: &random)!)
        stroke.reserveCapacity(sampleCount)
        for index in 0..<sampleCount {
            // Rounded as the input path rounds a finger's point at 100 %, at whole milliseconds as Wayland's times
            // are: stored compactly, as a drawing made with the program is (issue #22).
            stroke.append(StrokePoint(location.roundedToFloat(within: 1.0 / 512),
                                      time: Timestamp(milliseconds: (Double(index) * 16.7).rounded())))
            heading += turn + .random(in: -0.1...0.1, using: &random)
            location = Point(x: location.x + speed * cos(heading), y: location.y + speed * sin(heading))
        }
        return stroke
    }
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

/// Render times of the frames while one finger draws: 6 strokes of 60 samples (a second each) around `center`,
/// each a loop of radius 60, one sample and one frame at a time, as at 60 Hz.
func frameTimes(of app: FingerPaintApp, around center: Point) -> [Double] {
    var times: [Double] = []
    var time = 100_000.0
    for loop in 0..<6 {
        for sample in 0...60 {
            let angle = Double(sample) / 60 * 2 * .pi + Double(loop)
            let location = Point(x: center.x + 60 * cos(angle) + Double(loop) * 4, y: center.y + 40 * sin(2 * angle))
            app.handle(SeatEvent(time: .milliseconds(time), sample == 0 ? .touchDown(id: 1, location: location)
                                              : .touchMotion(id: 1, location: location)))
            app.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
            let start = DispatchTime.now().uptimeNanoseconds
            app.renderFrame()
            times.append(milliseconds(since: start))
            time += 1000.0 / 60
        }
        app.handle(SeatEvent(time: .milliseconds(time), .touchUp(id: 1)))
        app.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
        let start = DispatchTime.now().uptimeNanoseconds
        app.renderFrame()
        times.append(milliseconds(since: start))
        time += 1000.0 / 60
    }
    return times
}

/// The process's resident memory now and at its peak, in MiB, from /proc/self/status.
func memory() -> (current: Double, peak: Double) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Double {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

func format(_ value: Double) -> String { cFormat("%.3f", value) }

/// The peak resident memory of each phase of a run, in MiB: the kernel's high-water mark (`VmHWM`) is reset as a
/// phase begins (`/proc/self/clear_refs`), so each phase's figure is the most it held, whatever came before.
struct ResidentPeaks {
    private(set) var phases: [(name: String, peak: Double)] = []

    /// The largest peak of all the phases so far (MiB).
    var peak: Double { phases.map(\.peak).max() ?? 0 }

    /// Ends the phase under way, named `name` (the first phase began with the process), and begins the next.
    mutating func end(_ name: String) {
        phases.append((name, memory().peak))
        _ = try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The phases and their peaks, as one line: `name 12.3, name 45.6, …`.
    var summary: String { phases.map { "\($0.name) \(cFormat("%.1f", $0.peak))" }.joined(separator: ", ") }
}

/// How many runs a benchmark's `--runs N` asks for (1 to 20), `fallback` without one.
func runCount(in arguments: [String], default fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count,
          let count = Int(arguments[index + 1]), count > 0 else { return fallback }
    return min(count, 20)
}

/// What `paint-benchmark --help` prints; each benchmark reads its own arguments after its name.
let helpText = """
    OVERVIEW: What painting costs: frames against the drawing's and the canvas's size, memory, undo, documents, the
    pen, latency and CPU through touch-replay (docs/performance.md). Run the release build: `swift run -c release
    paint-benchmark`.

    USAGE: paint-benchmark [--large [--document PATH | --peak-limit MIB] [--raster cairo|own]]
           paint-benchmark documents | pen | cpu [--client PATH] [--runs N] | latency | raster
           paint-benchmark layers [--runs N] | blend [--runs N] | photo [--file PATH] [--runs N]
           paint-benchmark brushes [--runs N] | mypaint [--brush NAME] [--runs N] [--look DIR]
           paint-benchmark selection [--runs N] | fill [--runs N] | actions [--client PATH] [--runs N] [--logs DIR]
           paint-benchmark soak [--minutes N] | long-trace MEGABYTES PATH

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.
    """
// Every program of the package takes --help and --version; here they win over any benchmark named with them.
if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
    print(helpText)
    exit(0)
}
if CommandLine.arguments.dropFirst().contains("--version") {
    print(ProgramVersion.current)
    exit(0)
}

// The benchmarks named by their first argument, each given the arguments after it (`raster`: the `--large`
// drawing's visible tiles by Cairo and by our own rasterizer, RasterBenchmark.swift).
let namedBenchmarks: [String: @MainActor ([String]) -> Void] = [
    "documents": { _ in runDocumentBenchmark() },
    "pen": { _ in runPenBenchmark() },
    "soak": { runSoak(arguments: $0) },
    "long-trace": { runLongTrace(arguments: $0) },
    "cpu": { runCPUBenchmark(arguments: $0) },
    "layers": { runLayersBenchmark(arguments: $0) },
    "blend": { runBlendBenchmark(arguments: $0) },
    "brushes": { runBrushesBenchmark(arguments: $0) },
    "selection": { runSelectionBenchmark(arguments: $0) },
    "fill": { runFillBenchmark(arguments: $0) },
    "mypaint": { runMyPaintBenchmark(arguments: $0) },
    "photo": { runPhotoBenchmark(arguments: $0) },
    "latency": { runLatencyBenchmark(arguments: $0) },
    "actions": { runActionsBenchmark(arguments: $0) },
    "raster": { runRasterBenchmark(arguments: $0) },
]
if let name = CommandLine.arguments.dropFirst().first, let benchmark = namedBenchmarks[name] {
    benchmark(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

// `--large`: only the 50 000-stroke drawing of section 6, in a process of its own (its memory is its own);
// `--large --document PATH` writes that drawing as a document instead; `--large --peak-limit MIB` ends with status 1
// when the run's peak resident memory (before the reopening) is above MIB (the #22 bound: 160); `--large --raster cairo`
// draws the strokes of one width with Cairo instead of our own rasterizer (`--raster own`, the default;
// docs/performance.md).
if CommandLine.arguments.contains("--large") {
    exit(runLargeDrawing() ? 0 : 1)
}

let canvas = Size(width: 800, height: 600)
// Built first, while the heap is fresh, so that the growth of resident memory is the drawing's.
let residentBefore = memory().current
var history = Drawing()
for stroke in randomStrokes(10_000, in: canvas, seed: 7) { history.add(stroke) }
let pointCount = history.strokes.reduce(0) { $0 + $1.points.count }
let heap = (memory().current - residentBefore) * 1_048_576

print("paint-benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores; times are render time per frame in ms")

// 3. Memory, measured first in a fresh process.
print("\n3. memory (measured first, in a fresh process)")
print("   StrokePoint: \(MemoryLayout<StrokePoint>.stride) bytes in an array; Stroke: \(MemoryLayout<Stroke>.stride) bytes")
print("   a 10 000-stroke drawing with its undo history, \(pointCount) points: resident +\(format(heap / 1_048_576)) MiB = "
      + "\(cFormat("%.1f", heap / Double(pointCount))) bytes per point (strokes and history share storage)")
let app = FingerPaintApp(size: canvas, drawing: history)
app.renderFrame()
_ = frameTimes(of: app, around: Point(x: 400, y: 300))
print("   document of the 10 000 strokes: \(DrawingDocument.encode(history).count / 1024) KiB "
      + "(saving and opening documents: `paint-benchmark documents`)")
print("   resident now \(format(memory().current)) MiB; peak resident after the 10 000-stroke 800x600 drawing, rendered, with a finger drawing on it: "
      + "\(format(memory().peak)) MiB")

// 1. A finger drawing over 10, 100, 1 000 and 10 000 completed strokes.
print("\n1. one finger drawing on 800x600 over N completed strokes (366 frames each)")
var medians: [Int: Double] = [:]
for count in [10, 100, 1_000, 10_000] {
    let app = FingerPaintApp(size: canvas, strokes: randomStrokes(count, in: canvas))
    app.renderFrame()
    _ = frameTimes(of: app, around: Point(x: 300, y: 250))  // warm-up
    let times = frameTimes(of: app, around: Point(x: 400, y: 300))
    medians[count] = percentile(times, 0.5)
    print("   N = \((String(count) + String(repeating: " ", count: max(6 - String(count).count, 0)))) p50 \(format(percentile(times, 0.5)))"
          + "  p99 \(format(percentile(times, 0.99)))  max \(format(times.max()!))")
}
print("   ratio p50 10 000 / 10: \(cFormat("%.2f", medians[10_000]! / medians[10]!))")

// 2. The same small stroke on 800x600 and on 3840x2160.
print("\n2. the same small stroke on an empty canvas")
var sizeMedians: [Double] = []
for size in [canvas, Size(width: 3840, height: 2160)] {
    let app = FingerPaintApp(size: size)
    app.renderFrame()
    _ = frameTimes(of: app, around: Point(x: 300, y: 250))
    let times = frameTimes(of: app, around: Point(x: 400, y: 300))
    sizeMedians.append(percentile(times, 0.5))
    print("   \(Int(size.width))x\(Int(size.height)): p50 \(format(percentile(times, 0.5)))  p99 \(format(percentile(times, 0.99)))"
          + "  max \(format(times.max()!))")
}
print("   ratio p50 3840x2160 / 800x600: \(cFormat("%.2f", sizeMedians[1] / sizeMedians[0]))")

// 4. Undo on a 10 000-stroke drawing.
print("\n4. undo on the 10 000-stroke drawing (800x600): undo and the frame after it, in ms")
@MainActor func timedUndo() -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    app.perform(.undo)
    app.renderFrame()
    return milliseconds(since: start)
}
let strokesBeforeUndos = app.drawing.strokes.count
let first = (0..<20).map { _ in timedUndo() }
print("   the first 20 undos: p50 \(format(percentile(first, 0.5)))  max \(format(first.max()!))")
let deep = (0..<1_000).map { _ in timedUndo() }
print("   the next 1 000 undos: p50 \(format(percentile(deep, 0.5)))  p99 \(format(percentile(deep, 0.99)))  max \(format(deep.max()!))"
      + "; \(strokesBeforeUndos - app.drawing.strokes.count) of the 1 020 took a stroke off (the history keeps "
      + "\(Drawing.undoLimit) edits), \(deep.filter { $0 > 100 }.count) over 100 ms (a tile drawn from scratch)")
var start = DispatchTime.now().uptimeNanoseconds
app.perform(.redo)
app.renderFrame()
print("   redo: \(format(milliseconds(since: start)))")
app.perform(.clear)
app.renderFrame()
start = DispatchTime.now().uptimeNanoseconds
app.perform(.undo)
app.renderFrame()
print("   undo of clear (the canvas kept aside, \(app.drawing.strokes.count) strokes): \(format(milliseconds(since: start)))")
start = DispatchTime.now().uptimeNanoseconds
app.resize(to: canvas, scale: 1)
app.renderFrame()
print("   a resize of the \(app.drawing.strokes.count)-stroke drawing and its frame (tiles: no full redraw): \(format(milliseconds(since: start)))")

// 5. One long stroke: does a frame cost more as the stroke in progress grows?
print("\n5. one finger drawing a 20-second stroke (1 200 samples) on 800x600")
/// Per-frame render times while one finger draws the samples of `path`, one sample a frame.
func longStrokeTimes(_ path: (Int) -> Point) -> [Double] {
    let app = FingerPaintApp(size: canvas)
    app.renderFrame()
    var times: [Double] = []
    for sample in 0..<1_200 {
        let time = Double(sample) * 1000 / 60
        app.handle(SeatEvent(time: .milliseconds(time), sample == 0 ? .touchDown(id: 1, location: path(sample))
                                                     : .touchMotion(id: 1, location: path(sample))))
        app.handle(SeatEvent(time: .milliseconds(time), .touchFrame))
        let start = DispatchTime.now().uptimeNanoseconds
        app.renderFrame()
        times.append(milliseconds(since: start))
    }
    return times
}
let zigzag = longStrokeTimes { sample in
    // Rows 700 points long, 8 points a sample, 16 points apart: the stroke never crosses itself.
    let row = sample / 88, along = Double(sample % 88) * 8
    return Point(x: row % 2 == 0 ? 50 + along : 750 - along, y: 30 + Double(row) * 16)
}
let loops = longStrokeTimes { sample in
    let angle = Double(sample) / 60 * 2 * .pi
    return Point(x: 400 + 200 * cos(angle) + Double(sample % 97) * 0.5, y: 250 + 150 * sin(angle))
}
for (name, times) in [("a zigzag that never crosses itself", zigzag), ("20 loops over the same circle", loops)] {
    print("   \(name): frames 60-120 p50 \(format(percentile(Array(times[60..<120]), 0.5))), "
          + "frames 1 140-1 200 p50 \(format(percentile(Array(times[1_140..<1_200]), 0.5)))")
}
