// `paint-benchmark latency`: how far the ink trails the finger, with and without prediction, and input to ink
// through touch-replay.
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import SeatInput
import TouchUI

/// A finger's path: where it is at a time in seconds.
private struct Curve: Sendable {
    var name: String
    var position: @Sendable (Double) -> Point
}

/// A distance travelled back and forth over `span`: 0 to span, then back, and so on.
private func fold(_ distance: Double, _ span: Double) -> Double {
    let m = distance.truncatingRemainder(dividingBy: 2 * span)
    return m < span ? m : 2 * span - m
}

/// The held-out curves, continuous (a finger does not jump): a circle, a zigzag of straight runs with sharp turns,
/// the zigzag with turns that slow down as a hand's do, and runs with sudden stops between.
private let curves: [Curve] = [
    Curve(name: "circle (r 150, 1 turn/s)") { t in
        Point(x: 400 + 150 * cos(2 * .pi * t), y: 300 + 150 * sin(2 * .pi * t))
    },
    Curve(name: "zigzag (800 pt/s, a turn every 0.25 s)") { t in
        // 480 pt/s across, 640 pt/s up and down, turning every 0.25 s.
        Point(x: 100 + fold(480 * t, 600), y: 220 + fold(640 * t, 160))
    },
    Curve(name: "zigzag with a finger's turns (480 pt/s across, 80 pt up and down, 4 turns/s, slowing into each)") { t in
        // A hand reverses by slowing down, not in an instant: the same zigzag as above with the vertical strokes
        // following a cosine, so each turn takes its time.
        Point(x: 100 + fold(480 * t, 600), y: 300 - 80 * cos(4 * .pi * t))
    },
    Curve(name: "runs and stops (0.3 s at 600 pt/s, 0.3 s still)") { t in
        let period = (t / 0.6).rounded(.down), phase = t - period * 0.6
        return Point(x: 100 + fold(period * 180 + min(phase, 0.3) * 600, 600), y: 300)
    },
]

/// How many shifts of a curve against the sample clock the off-the-clock figures pool.
private let phaseCount = 16

/// Records, for each delivery of one touch, its newest sample and its predicted path, as fingerpaint's canvas does.
private final class InkView: View {
    var latest: Point?
    var predictedPath: [Touch.Sample] = []

    private func take(_ touches: Set<Touch>, _ event: Event?) {
        guard let touch = touches.first else { return }
        latest = touch.location(in: nil)
        let newest = Touch.Sample(locationInWindow: touch.location(in: nil), timestamp: touch.timestamp)
        predictedPath = [newest] + (event?.predictedTouches(for: touch) ?? [])
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
}

/// The distances, at each 60 Hz commit, between where the finger is and where its ink ends, without and with the
/// predicted tail (drawn up to the commit's time). The samples come at `rate` Hz for 3 s, the commits at 60 Hz at a
/// phase of their own (3.7 ms after a sample; at 120 Hz that is where a commit falls on average, half of 8.3 ms).
///
/// `phase` (seconds, less than a sample interval) shifts the curve against the sample clock: with 0 every turn and
/// stop of the curves falls exactly on a sample, 3.7 ms before a commit, as no finger's would.
private func inkDistances(_ curve: Curve, rate: Double, phase: Double = 0) -> (plain: [Double], predicted: [Double]) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let view = InkView(frame: window.bounds)
    window.addSubview(view)
    var plain: [Double] = [], predicted: [Double] = []
    var nextSample = 0.0, nextFrame = 0.0037
    var isDown = false
    while nextFrame < 3 {
        if nextSample <= nextFrame {
            let point = curve.position(nextSample + phase)
            window.handle([TouchInput(contact: 1, isDown ? .moved(point) : .began(point))],
                          at: Timestamp(seconds: nextSample))
            isDown = true
            nextSample += 1 / rate
            continue
        }
        if let latest = view.latest, nextFrame > 0.1 {
            let finger = curve.position(nextFrame + phase)
            plain.append(finger.distance(to: latest))
            // The tail is drawn up to the commit's time, as fingerpaint draws it.
            let end = Touch.Sample.interpolated(view.predictedPath, at: Timestamp(seconds: nextFrame)).last ?? latest
            predicted.append(finger.distance(to: end))
        }
        nextFrame += 1 / 60
    }
    return (plain, predicted)
}

/// Runs touch-replay (next to this program) with a client on a trace; returns the `--stats` line as JSON and the
/// CPU seconds touch-replay and the client used together.
/// `keepingLast`: where to keep touch-replay's picture of the last frame, to look at.
/// `display`: touch-replay's options for the simulated display (`--refresh`, `--latch-ms`).
/// `standardError`: where touch-replay's standard error goes (an existing file; its protocol log with `WAYLAND_DEBUG=server`).
func replay(_ trace: String, size: String, client: [String], environment extra: [String: String] = [:],
            display: [String] = [], keepingLast picture: String? = nil,
            standardError: String = "/dev/null") -> (stats: [String: Any], cpu: Double)? {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("latency-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let arguments = ["--trace", trace, "--output", scratch.appendingPathComponent("last.png").path, "--overwrite",
                         "--size", size, "--stats"] + display + ["--"] + client
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = scratch.path
    environment["XDG_STATE_HOME"] = scratch.path
    environment.merge(extra) { $1 }
    // Measured as a painter who has seen the guide to the gestures: its card is not in the first run's frames.
    _ = DocumentLibrary(environment: environment).takeFirstGuide()
    var before = rusage(), after = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &before)
    guard let process = Subprocess(folder.appendingPathComponent("touch-replay").path, arguments, environment: environment,
                                   capturesOutput: true, standardError: standardError) else { return nil }
    let data = process.readOutput()
    process.waitUntilExit()
    getrusage(RUSAGE_CHILDREN.rawValue, &after)
    func seconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    if let picture {
        try? FileManager.default.removeItem(atPath: picture)
        try? FileManager.default.copyItem(atPath: scratch.appendingPathComponent("last.png").path, toPath: picture)
    }
    try? FileManager.default.removeItem(at: scratch)
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("{") }
    guard let line, let stats = TraceJSON.object(line) else { return nil }
    return (stats, seconds(after) - seconds(before))
}

/// A trace of `fingers` fingers drawing circles for 2 s at `rate` Hz, written to a temporary file.
func circlesTrace(fingers: Int, rate: Double, size: Size) -> String {
    var events: [SeatEvent] = []
    let samples = Int(2 * rate)
    for sample in 0...samples {
        let t = Double(sample) / rate
        for finger in 0..<fingers {
            let center = Point(x: size.width * Double(finger + 1) / Double(fingers + 1), y: size.height / 2)
            let angle = 2 * .pi * t + Double(finger)
            let point = Point(x: center.x + 100 * cos(angle), y: center.y + 100 * sin(angle))
            events.append(SeatEvent(time: .milliseconds(t * 1000), sample == 0 ? .touchDown(id: Int32(finger), location: point)
                                                               : .touchMotion(id: Int32(finger), location: point)))
        }
        events.append(SeatEvent(time: .milliseconds(t * 1000), .touchFrame))
    }
    for finger in 0..<fingers { events.append(SeatEvent(time: .milliseconds(2001), .touchUp(id: Int32(finger)))) }
    events.append(SeatEvent(time: .milliseconds(2001), .touchFrame))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("latency-\(getpid())-\(fingers)-\(Int(rate)).jsonl").path
    try? Trace(canvasSize: size, events: events).serialized().write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// A trace of a pen drawing a circle for 2 s at `rate` Hz (the pressure rising and falling), written to a temporary
/// file.
func penCircleTrace(rate: Double, size: Size) -> String {
    var events: [SeatEvent] = []
    let samples = Int(2 * rate)
    let center = Point(x: size.width / 2, y: size.height / 2)
    for sample in 0...samples {
        let t = Double(sample) / rate
        let angle = 2 * .pi * t
        let point = Point(x: center.x + 100 * cos(angle), y: center.y + 100 * sin(angle))
        if sample == 0 {
            events.append(SeatEvent(time: .milliseconds(0), .tablet(.proximityIn(.pen, location: point))))
            events.append(SeatEvent(time: .milliseconds(0), .tablet(.down)))
        }
        let axes = TabletAxes(pressure: 0.3 + 0.5 * sin(.pi * t / 2))
        events.append(SeatEvent(time: .milliseconds(t * 1000), .tablet(.motion(location: point, axes: axes))))
        events.append(SeatEvent(time: .milliseconds(t * 1000), .tablet(.frame)))
    }
    for event in [TabletEvent.up, .frame, .proximityOut, .frame] { events.append(SeatEvent(time: .milliseconds(2001), .tablet(event))) }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("latency-\(getpid())-pen-\(Int(rate)).jsonl").path
    try? Trace(canvasSize: size, events: events).serialized().write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// What `paint-benchmark latency` measures: all of it by default; the options choose rows of section 2.
struct LatencyOptions {
    /// Whether section 1 (headless, the predictor) runs: not when section 2's rows are chosen.
    var runsSection1 = true
    /// Section 2's window sizes, input rates and clients (by name: `fingerpaint`, `callback`, `weston`).
    var sizes: [(width: Int, height: Int)] = [(800, 600), (3840, 2160)]
    var rates: [Double] = [118, 123]
    var clients: Set<String> = ["fingerpaint", "callback", "weston"]
    /// Another fingerpaint binary to measure (an older build, for a before and after under one touch-replay).
    var fingerpaint: String?
    /// Runs per client and row.
    var runs = 3
    /// A folder for each fingerpaint run's frame log and touch-replay's ink log, and a line per run sorting the
    /// inputs presented a frame or more late by cause (``LateInputs``).
    var logs: String?

    /// The brush fingerpaint paints with (`--brush`), `nil` for the round one.
    var brush: String?
    /// Whether a pen draws (`--pen`: at 200 Hz unless `--rate` says otherwise) instead of three fingers.
    var pen = false
    /// The simulated display's refresh rate (`--refresh`, touch-replay's) and latch (`--latch-ms`).
    var refresh = 60.0, latch = 0.0

    /// touch-replay's options for the display, none for its default (60 Hz, no latch).
    var displayOptions: [String] {
        (refresh == 60 ? [] : ["--refresh", "\(refresh)"]) + (latch == 0 ? [] : ["--latch-ms", "\(latch)"])
    }

    static let usage = "paint-benchmark latency [--size WxH]... [--rate HZ]... [--clients fingerpaint,callback,weston] "
        + "[--client PATH] [--brush NAME] [--pen] [--runs N] [--logs DIR] [--refresh HZ] [--latch-ms MS]"

    /// Reads the options; `nil` (after saying why) for one it does not know.
    init?(arguments: [String]) {
        var remaining = arguments[...]
        var sizes: [(width: Int, height: Int)] = [], rates: [Double] = []
        while let argument = remaining.popFirst() {
            if argument == "--pen" {
                pen = true
                runsSection1 = false
                continue
            }
            let value = remaining.popFirst()
            switch argument {
            case "--size":
                let parts = value?.split(separator: "x").compactMap { Int($0) } ?? []
                guard parts.count == 2, (1...16384).contains(parts[0]), (1...16384).contains(parts[1]) else {
                    print("paint-benchmark latency: --size takes WxH, as 800x600")
                    return nil
                }
                sizes.append((parts[0], parts[1]))
            case "--rate":
                guard let rate = value.flatMap(Double.init), (1...1000).contains(rate) else {
                    print("paint-benchmark latency: --rate takes a rate in Hz, 1 to 1000")
                    return nil
                }
                rates.append(rate)
            case "--clients":
                let names = Set((value ?? "").split(separator: ",").map(String.init))
                guard !names.isEmpty, names.isSubset(of: ["fingerpaint", "callback", "weston"]) else {
                    print("paint-benchmark latency: --clients takes names among fingerpaint, callback, weston")
                    return nil
                }
                clients = names
            case "--client":
                guard let value else { print("paint-benchmark latency: --client takes a path"); return nil }
                fingerpaint = value
            case "--brush":
                guard let value else { print("paint-benchmark latency: --brush takes a name fingerpaint --list-brushes prints"); return nil }
                brush = value
            case "--runs":
                guard let runs = value.flatMap(Int.init), (1...100).contains(runs) else {
                    print("paint-benchmark latency: --runs takes 1 to 100")
                    return nil
                }
                self.runs = runs
            case "--logs":
                guard let value else { print("paint-benchmark latency: --logs takes a folder"); return nil }
                logs = value
            case "--refresh":
                guard let hertz = value.flatMap(Double.init), (30...240).contains(hertz) else {
                    print("paint-benchmark latency: --refresh takes a rate in Hz, 30 to 240")
                    return nil
                }
                refresh = hertz
            case "--latch-ms":
                guard let milliseconds = value.flatMap(Double.init), milliseconds >= 0, milliseconds < 30 else {
                    print("paint-benchmark latency: --latch-ms takes milliseconds, 0 to less than a refresh")
                    return nil
                }
                latch = milliseconds
            default:
                print("paint-benchmark latency: unknown argument \(argument) (\(Self.usage))")
                return nil
            }
            runsSection1 = false
        }
        if !sizes.isEmpty { self.sizes = sizes }
        if !rates.isEmpty { self.rates = rates } else if pen { self.rates = [200] }
    }
}

func runLatencyBenchmark(arguments: [String] = []) {
    guard let options = LatencyOptions(arguments: arguments) else { return }
    print("paint-benchmark latency: \(ProcessInfo.processInfo.activeProcessorCount) cores")
    if options.runsSection1 { runPredictionSection() }
    runTouchReplaySection(options)
}

/// Section 1: where the ink ends against the finger, headless, with and without the core's predictor.
private func runPredictionSection() {
    print("1. where the ink ends against where the finger is at each 60 Hz commit (points; headless, the core's "
          + "predictor): mean / p95 without prediction -> with")
    for rate in [120.0, 240.0] {
        for curve in curves {
            let (plain, predicted) = inkDistances(curve, rate: rate)
            let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
            print("   \(Int(rate)) Hz, \(curve.name): \(format(mean(plain))) / \(format(percentile(plain, 0.95))) -> "
                  + "\(format(mean(predicted))) / \(format(percentile(predicted, 0.95)))  "
                  + "(mean x\(cFormat("%.2f", mean(predicted) / max(mean(plain), 1e-9))))")
        }
    }
    print("   the same curves off the sample clock (shifted by 16 phases of a sample interval, frames pooled):")
    for rate in [120.0, 240.0] {
        for curve in curves {
            var plain: [Double] = [], predicted: [Double] = []
            for step in 0..<phaseCount {
                let distances = inkDistances(curve, rate: rate, phase: Double(step) / Double(phaseCount) / rate)
                plain += distances.plain
                predicted += distances.predicted
            }
            let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
            let p95 = (plain: percentile(plain, 0.95), predicted: percentile(predicted, 0.95))
            print("   \(Int(rate)) Hz, \(curve.name), off the clock: \(format(mean(plain))) / \(format(p95.plain)) -> "
                  + "\(format(mean(predicted))) / \(format(p95.predicted))  "
                  + "(mean x\(cFormat("%.2f", mean(predicted) / max(mean(plain), 1e-9))), "
                  + "p95 x\(cFormat("%.2f", p95.predicted / max(p95.plain, 1e-9))))")
        }
    }
}

/// Section 2: input to ink and to presentation through touch-replay, the rows `options` chooses.
private func runTouchReplaySection(_ options: LatencyOptions) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let fingerpaint = options.fingerpaint ?? folder.appendingPathComponent("fingerpaint").path
    let brush = options.brush.map { ["--brush", $0] } ?? []
    if let logs = options.logs { try? FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true) }
    guard FileManager.default.isExecutableFile(atPath: fingerpaint) else {
        print("2. (build fingerpaint and touch-replay beside this program for the touch-replay figures)")
        return
    }
    print("2. through touch-replay at the trace's timing, \(options.pen ? "a pen" : "3 fingers") at \(options.rates.map { cFormat("%g", $0) }.joined(separator: " and ")) Hz "
          + "against its \(cFormat("%g", options.refresh)) Hz clock (latch \(cFormat("%g", options.latch)) ms), so input lands at every phase of it. Input to the commit that shows the ink (ink) and to the vblank that "
          + "presents that commit (present), ms: the median of \(options.runs) runs' p50 and p99 [their range]. "
          + "Client CPU per input event, µs: the client's own user and system time (wait4), less an idle run of the "
          + "same length, over the events; median of the runs [range].")
    let clients: [(name: String, command: [String], environment: [String: String])] = [
        ("fingerpaint", [fingerpaint, "--new"] + brush, [:]),
        ("fingerpaint drawing at the frame callback", [fingerpaint, "--new"] + brush, ["FINGERPAINT_PACING": "callback"]),
        ("weston-simple-touch", ["/usr/bin/weston-simple-touch"], [:]),
    ].filter { client in
        options.clients.contains(client.name == "fingerpaint" ? "fingerpaint"
                                     : client.name.hasPrefix("fingerpaint") ? "callback" : "weston")
    }
    for (width, height) in options.sizes {
        let size = Size(width: Double(width), height: Double(height))
        let idle = idleTrace(size: size)
        defer { unlink(idle) }
        for rate in options.rates {
            let fingers = options.pen ? 1 : 3
            let trace = options.pen ? penCircleTrace(rate: rate, size: size) : circlesTrace(fingers: fingers, rate: rate, size: size)
            defer { unlink(trace) }
            let events = Double(fingers) * (2 * rate + 2)
            for client in clients where FileManager.default.isExecutableFile(atPath: client.command[0]) {
                let idleCPU = replay(idle, size: "\(width)x\(height)", client: client.command, environment: client.environment,
                                     display: options.displayOptions)
                    .flatMap { $0.stats["client_cpu_ms"] as? Double } ?? 0
                var figures: [String: [Double]] = [:]
                var lateLines: [String] = []
                for run in 1...options.runs {
                    var environment = client.environment
                    let logs = options.logs.map { folder in
                        let name = "\(folder)/\(width)x\(height)-\(Int(rate))-\(client.name.replacing(" ", with: "-"))-\(run)"
                        return (frames: name + ".frames.txt", ink: name + ".ink.txt")
                    }
                    if let logs {
                        environment["FINGERPAINT_FRAME_LOG"] = logs.frames
                        environment["TOUCH_REPLAY_INK_LOG"] = logs.ink
                    }
                    guard let (stats, _) = replay(trace, size: "\(width)x\(height)", client: client.command,
                                                  environment: environment, display: options.displayOptions) else { continue }
                    if let logs, let late = LateInputs(frameLog: logs.frames, inkLog: logs.ink) {
                        lateLines.append("      run \(run): present p99 \(format((stats["input_to_present_ms"] as? [String: Any])?["p99"] as? Double ?? .nan)); \(late.summary)")
                    }
                    for key in ["input_to_ink_ms", "input_to_present_ms", "input_to_next_vblank_ms"] {
                        let values = stats[key] as? [String: Any] ?? [:]
                        for quantile in ["p50", "p99"] {
                            if let value = values[quantile] as? Double { figures["\(key) \(quantile)", default: []].append(value) }
                        }
                    }
                    if let cpu = stats["client_cpu_ms"] as? Double {
                        figures["cpu", default: []].append((cpu - idleCPU) / events * 1000)
                    }
                }
                func summary(_ key: String) -> String {
                    guard let values = figures[key], !values.isEmpty else { return "-" }
                    let sorted = values.sorted()
                    return "\(format(sorted[sorted.count / 2])) [\(format(sorted[0]))-\(format(sorted[sorted.count - 1]))]"
                }
                print("   \(width)x\(height), \(Int(rate)) Hz, \(client.name): ink p50 \(summary("input_to_ink_ms p50")) "
                      + "p99 \(summary("input_to_ink_ms p99")); present p50 \(summary("input_to_present_ms p50")) "
                      + "p99 \(summary("input_to_present_ms p99")) (floor p50 \(summary("input_to_next_vblank_ms p50")) "
                      + "p99 \(summary("input_to_next_vblank_ms p99"))); CPU \(summary("cpu")) µs per event")
                for line in lateLines { print(line) }
            }
        }
    }
}

/// A trace as long as ``circlesTrace(fingers:rate:size:)``'s with no input: for the client's CPU at rest.
func idleTrace(size: Size) -> String {
    let events = [SeatEvent(time: .milliseconds(0), .tick), SeatEvent(time: .milliseconds(2001), .tick)]
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("latency-\(getpid())-idle.jsonl").path
    try? Trace(canvasSize: size, events: events).serialized().write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
