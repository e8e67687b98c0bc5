// `paint-benchmark brushes`: what painting with each kind of brush costs, headless on one thread as the window's
// Wayland thread does it: a pen's stroke of a second at 200 Hz, with frames at 60 Hz (its dabs drawn as it goes),
// then its lift, when the brush's dabs are worked out again and drawn into the tiles; and libmypaint's dynamics alone for the same samples
// (docs/performance.md, "Brushes").
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

/// One run of the stroke with the brush `name`, chosen as the brush panel chooses it (its stroke in progress drawn by
/// its dabs): the thread's processor ms of its events and frames before the lift, a pen event's share of them in µs,
/// and the lift's frame (ms).
@MainActor private func paintStroke(with name: String) throws -> (perEvent: Double, lift: Double) {
    let app = FingerPaintApp(size: Size(width: 1920, height: 1080), strokes: [])
    // As the window does: the lifted stroke drawn into its tiles once its frame is on its way.
    app.renderer.defersStrokeBaking = true
    try app.useBrush(named: name)
    app.renderFrame()
    let samples = penSamples()
    func send(_ time: Double, _ event: TabletEvent) {
        app.handle(SeatEvent(time: .milliseconds(time), .tablet(event, tool: 0)))
    }
    send(0, .proximityIn(.pen, location: samples[0].location))
    send(0, .frame)
    app.renderFrame()
    var frameTime = 0.0, busy = 0.0
    for (index, sample) in samples.enumerated() {
        let start = threadProcessorMilliseconds()
        if index == 0 { send(sample.time, .down) }
        send(sample.time, .motion(location: sample.location, axes: TabletAxes(pressure: sample.pressure)))
        send(sample.time, .frame)
        if sample.time >= frameTime {
            app.renderFrame()
            frameTime += 1000.0 / 60
        }
        busy += threadProcessorMilliseconds() - start
    }
    let start = threadProcessorMilliseconds()
    send(1001, .up)
    send(1001, .frame)
    app.renderFrame()
    app.renderer.bakeStrokes()
    app.renderFrame()
    let lift = threadProcessorMilliseconds() - start
    return (busy * 1000 / Double(samples.count), lift)
}

/// Runs `paint-benchmark brushes [--runs N]`.
@MainActor func runBrushesBenchmark(arguments: [String]) {
    var runs = 3
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let count = Int(arguments[index + 1]),
       count > 0 {
        runs = min(count, 20)
    }
    print("brushes: a pen's S of a second at 200 Hz across 1920x1080, frames at 60 Hz, headless on one thread; "
          + "µs of the thread a pen event (its share of the events and frames before the lift, the dabs drawn as it "
          + "goes), ms of the lift's frames (the dabs worked out again and drawn into the tiles), µs of libmypaint's dynamics a pen event; "
          + "median [range] of \(runs) runs")
    let samples = penSamples().map { BrushSample(x: $0.location.x, y: $0.location.y, pressure: $0.pressure,
                                                 time: $0.time / 1000) }
    for name in measuredBrushes {
        let brush: StrokeBrush?
        do {
            brush = try BrushCatalog.brush(named: name)
        } catch {
            print("   \(name): \(error)")
            continue
        }
        var perEvent: [Double] = [], lifts: [Double] = [], dynamics: [Double] = []
        for _ in 0..<runs {
            guard let run = try? paintStroke(with: name) else { continue }
            perEvent.append(run.perEvent)
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
        print("   \(name): a pen event \(figure(perEvent)) µs; the lift \(figure(lifts)) ms; dynamics \(figure(dynamics)) µs an event")
    }
}
