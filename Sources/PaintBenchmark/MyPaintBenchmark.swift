// `paint-benchmark mypaint`: fingerpaint beside MyPaint, the painting program built on the same brush engine, each
// painting the same pen trace with the same preset through touch-replay: input to presentation and the client's own
// CPU a pen event (docs/performance.md, "Brushes"). MyPaint is Debian's `mypaint`, in a home of its own for each run;
// it paints with the brush it keeps for the pen (touch-replay's), which the run gives it there.
import BrushEngine
import FingerPaintCore
import Foundation
import Geometry
import Glibc
import PaintModel
import SeatInput

/// The pen trace both programs paint: six seconds of nothing (MyPaint's first map takes 1–4 s, and events before a
/// window are lost), then four S strokes of a second each at 200 Hz across a 1280x800 window, 0.3 s apart, the
/// pressure rising and falling; `idle`: the same length with no stroke, for the CPU a program spends meanwhile.
private func penTrace(idle: Bool) -> (path: String, events: Int) {
    let size = Size(width: 1280, height: 800)
    var events: [SeatEvent] = [SeatEvent(time: .milliseconds(0), .tick)]
    var penEvents = 0
    let start = 6000.0
    func send(_ time: Double, _ event: TabletEvent) {
        events.append(SeatEvent(time: .milliseconds(time), .tablet(event, tool: 0)))
        events.append(SeatEvent(time: .milliseconds(time), .tablet(.frame, tool: 0)))
    }
    for stroke in 0..<4 where !idle {
        let begin = start + Double(stroke) * 1300, top = 240 + Double(stroke) * 110
        func point(_ t: Double) -> Point { Point(x: 240 + 800 * t, y: top + 60 * sin(2 * .pi * t)) }
        send(begin, .proximityIn(.pen, location: point(0)))
        for index in 0...200 {
            let t = Double(index) / 200
            if index == 0 { send(begin, .down) }
            send(begin + 1000 * t, .motion(location: point(t), axes: TabletAxes(pressure: 0.25 + 0.6 * sin(t * .pi))))
            penEvents += 1
        }
        send(begin + 1001, .up)
        send(begin + 1005, .proximityOut)
    }
    events.append(SeatEvent(time: .milliseconds(start + 4 * 1300 + 500), .tick))
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("mypaint-bench-\(getpid())-\(idle ? "idle" : "pen").jsonl").path
    try? Trace(canvasSize: size, events: events).serialized().write(toFile: path, atomically: true, encoding: .utf8)
    return (path, penEvents)
}

/// Runs `paint-benchmark mypaint [--brush NAME] [--runs N] [--look DIR]`: each program's runs alternated.
func runMyPaintBenchmark(arguments: [String]) {
    var brush = "classic/pencil", runs = 3
    var look: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        let value = remaining.popFirst()
        switch (argument, value) {
        case let ("--brush", name?): brush = name
        case let ("--runs", count?) where Int(count).map({ (1...20).contains($0) }) == true: runs = Int(count) ?? 3
        case let ("--look", folder?): look = folder
        default:
            print("paint-benchmark mypaint [--brush NAME] [--runs N] [--look DIR]: \(argument) is not understood")
            return
        }
    }
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let fingerpaint = folder.appendingPathComponent("fingerpaint").path
    guard FileManager.default.isExecutableFile(atPath: fingerpaint),
          FileManager.default.isExecutableFile(atPath: "/usr/bin/mypaint") else {
        print("paint-benchmark mypaint: needs fingerpaint and touch-replay beside it and /usr/bin/mypaint (apt-get install -y mypaint)")
        return
    }
    let pen = penTrace(idle: false), idle = penTrace(idle: true)
    defer { unlink(pen.path); unlink(idle.path) }
    print("mypaint: fingerpaint and MyPaint painting the same pen trace (4 strokes of a second at 200 Hz, \(pen.events) "
          + "pen events, 1280x800) with \(brush) through touch-replay; input to the vblank presenting it, ms, p50 and "
          + "p99; the client's own CPU a pen event, µs, less a run of the same length with no stroke; median [range] "
          + "of \(runs) runs, the programs alternated")
    let programs: [(name: String, command: [String])] = [
        ("fingerpaint", [fingerpaint, "--new", "--brush", brush]), ("MyPaint", ["/usr/bin/mypaint"]),
    ]
    var figures: [String: [String: [Double]]] = [:]
    for run in 0...runs {
        for program in programs {
            // A home of its own, where MyPaint finds the brush it keeps for the pen: the preset, as its device brush.
            // MyPaint names that file by uuid5 of the device's name ("touch-replay tablet") in a namespace of its
            // own (gui/brushmanager.py, _device_name_uuid).
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("mypaint-bench-\(getpid())-home")
            try? FileManager.default.removeItem(at: home)
            let brushes = home.appendingPathComponent(".local/share/mypaint/brushes")
            try? FileManager.default.createDirectory(at: brushes, withIntermediateDirectories: true)
            try? FileManager.default.copyItem(
                atPath: BrushPreset.installedFolder + "/" + brush + ".myb",
                toPath: brushes.appendingPathComponent("devbrush_4d3d95d6-dc2f-5467-b29a-ced0232464c0.myb").path)
            let runtime = home.appendingPathComponent("run")
            try? FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
                               "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
                               "XDG_RUNTIME_DIR": runtime.path]
            // The first pass, the idle one, gives the CPU either program spends without a stroke.
            let trace = run == 0 ? idle.path : pen.path
            guard let (stats, _) = replay(trace, size: "1280x800", client: program.command, environment: environment,
                                          keepingLast: look.map { "\($0)/\(program.name)-\(brush.replacing("/", with: "-")).png" })
            else { continue }
            var taken = figures[program.name, default: [:]]
            if let cpu = stats["client_cpu_ms"] as? Double { taken[run == 0 ? "idle" : "cpu", default: []].append(cpu) }
            if run > 0, let present = stats["input_to_present_ms"] as? [String: Any] {
                for quantile in ["p50", "p99"] {
                    if let value = present[quantile] as? Double { taken["present \(quantile)", default: []].append(value) }
                }
            }
            figures[program.name] = taken
        }
    }
    func summary(_ values: [Double]?) -> String {
        guard let values, !values.isEmpty else { return "-" }
        let sorted = values.sorted()
        return "\(cFormat("%.1f", sorted[sorted.count / 2])) [\(cFormat("%.1f", sorted[0]))-\(cFormat("%.1f", sorted[sorted.count - 1]))]"
    }
    var cpuMedians: [String: Double] = [:]
    for program in programs {
        let taken = figures[program.name] ?? [:]
        let idleCPU = taken["idle"]?.first ?? 0
        let perEvent = (taken["cpu"] ?? []).map { ($0 - idleCPU) / Double(pen.events) * 1000 }
        cpuMedians[program.name] = perEvent.sorted().dropFirst(perEvent.count / 2).first
        print("   \(program.name): present p50 \(summary(taken["present p50"])) p99 \(summary(taken["present p99"])); "
              + "CPU \(summary(perEvent)) µs a pen event (idle run \(cFormat("%.0f", idleCPU)) ms)")
    }
    if let ours = cpuMedians["fingerpaint"], let theirs = cpuMedians["MyPaint"], ours > 0 {
        print("   MyPaint's CPU a pen event is \(cFormat("%.1f", theirs / ours)) x fingerpaint's")
    }
}
