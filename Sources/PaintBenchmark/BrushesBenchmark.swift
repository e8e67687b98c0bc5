// `paint-benchmark brushes`: what painting with each kind of brush costs, headless on one thread as the window's
// Wayland thread does it: a pen's stroke of a second at 200 Hz, with frames at 60 Hz (its dabs drawn as it goes),
// then its lift, when the brush's dabs are worked out again and drawn into the tiles; and libmypaint's dynamics alone
// for the same samples. Over clear paper, and the smudge again over bands of paint it drags (docs/performance.md,
// "Brushes").
import BrushEngine
import FingerPaintCore
import Geometry
import Glibc
import PaintModel
import SeatInput

/// The brushes measured: the round one, then a preset of each kind the brush picker offers.
private let measuredBrushes = ["round", "classic/pencil", "classic/pen", "classic/marker_fat", "deevad/airbrush",
                               "deevad/watercolor_expressive", "classic/charcoal", "classic/smudge"]

/// A pen's S across the middle of a 1920x1080 window: 200 samples a second for a second, the pressure rising and
/// falling.
private func penSamples() -> [(time: Double, location: Point, pressure: Double)] {
    (0...200).map { index in
        let t = Double(index) / 200
        return (1000 * t, Point(x: 560 + 800 * t, y: 540 + 220 * sin(t * 2 * .pi)), 0.25 + 0.6 * sin(t * .pi))
    }
}

/// A painting for the smudge to drag: twelve wide bands of paint, each its own colour, across the pen's S.
private func paintedBands() -> [Stroke] {
    (0..<12).map { index in
        let y = 250 + 50 * Double(index)
        return Stroke(points: [StrokePoint(Point(x: 480, y: y)), StrokePoint(Point(x: 1440, y: y + 30))],
                      color: Color(hue: Double(index) / 12, saturation: 0.8, value: 0.8), width: 70)
    }
}

/// One run of the stroke with the brush `name` over `strokes`, chosen as the brush panel chooses it (its stroke in
/// progress drawn by its dabs): the thread's processor ms of its events and frames before the lift, a pen event's
/// share of them and the slowest event with its frame, in µs, and the lift's frames (ms).
@MainActor private func paintStroke(with name: String, over strokes: [Stroke] = []) throws
    -> (perEvent: Double, slowest: Double, lift: Double) {
    let app = FingerPaintApp(size: Size(width: 1920, height: 1080), strokes: strokes)
    // As the window does: the lifted stroke drawn into its tiles once its frame is on its way.
    app.renderer.defersStrokeBaking = true
    try app.useBrush(named: name)
    app.renderFrame()
    app.waitForTiles()
    app.renderFrame()
    let samples = penSamples()
    func send(_ time: Double, _ event: TabletEvent) {
        app.handle(SeatEvent(time: .milliseconds(time), .tablet(event, tool: 0)))
    }
    send(0, .proximityIn(.pen, location: samples[0].location))
    send(0, .frame)
    app.renderFrame()
    var frameTime = 0.0, busy = 0.0, slowest = 0.0
    for (index, sample) in samples.enumerated() {
        let start = threadProcessorMilliseconds()
        if index == 0 { send(sample.time, .down) }
        send(sample.time, .motion(location: sample.location, axes: TabletAxes(pressure: sample.pressure)))
        send(sample.time, .frame)
        if sample.time >= frameTime {
            app.renderFrame()
            frameTime += 1000.0 / 60
        }
        let spent = threadProcessorMilliseconds() - start
        busy += spent
        slowest = max(slowest, spent)
    }
    let start = threadProcessorMilliseconds()
    send(1001, .up)
    send(1001, .frame)
    app.renderFrame()
    app.renderer.bakeStrokes()
    app.renderFrame()
    let lift = threadProcessorMilliseconds() - start
    return (busy * 1000 / Double(samples.count), slowest * 1000, lift)
}

/// Runs `paint-benchmark brushes [--runs N]`.
@MainActor func runBrushesBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 3)
    print("brushes: a pen's S of a second at 200 Hz across 1920x1080, frames at 60 Hz, headless on one thread; "
          + "µs of the thread a pen event (its share of the events and frames before the lift, the dabs drawn as it "
          + "goes), the slowest pen event with its frame (µs), ms of the lift's frames (the dabs worked out again "
          + "and drawn into the tiles), µs of libmypaint's dynamics a pen event; median [range] of \(runs) runs; "
          + "over clear paper, and the smudge again over twelve bands of paint")
    let samples = penSamples().map { BrushSample(x: $0.location.x, y: $0.location.y, pressure: $0.pressure,
                                                 time: $0.time / 1000) }
    let measured = measuredBrushes.map { ($0, [Stroke]()) } + [("classic/smudge", paintedBands())]
    for (name, strokes) in measured {
        let brush: StrokeBrush?
        do {
            brush = try BrushCatalog.brush(named: name)
        } catch {
            print("   \(name): \(error)")
            continue
        }
        var perEvent: [Double] = [], slowest: [Double] = [], lifts: [Double] = [], dynamics: [Double] = []
        for _ in 0..<runs {
            guard let run = try? paintStroke(with: name, over: strokes) else { continue }
            perEvent.append(run.perEvent)
            slowest.append(run.slowest)
            lifts.append(run.lift)
            if let brush, let preset = try? BrushPreset(name: brush.name, settings: brush.settings) {
                let start = threadProcessorMilliseconds()
                let dabs = preset.dabs(along: samples, color: BrushColor(hue: 0.6, saturation: 0.8, value: 0.7))
                dynamics.append((threadProcessorMilliseconds() - start) * 1000 / Double(samples.count))
                _ = dabs.count
            }
        }
        func figure(_ values: [Double]) -> String {
            values.isEmpty ? "-" : "\(cFormat("%.1f", percentile(values, 0.5))) [\(cFormat("%.1f", values.min() ?? 0))-"
                + "\(cFormat("%.1f", values.max() ?? 0))]"
        }
        print("   \(name)\(strokes.isEmpty ? "" : " over paint"): a pen event \(figure(perEvent)) µs; "
              + "the slowest \(figure(slowest)) µs; the lift \(figure(lifts)) ms; dynamics \(figure(dynamics)) µs an event")
    }
}
