// `paint-benchmark cpu`: the CPU a touch event costs fingerpaint against weston-simple-touch, side by side in one run
// (issue #22, "Lean").
import CAllocationCounter
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import SeatInput
import TouchUI

/// Runs, `runs` times, fingerpaint and weston-simple-touch one after the other through touch-replay on a trace of three
/// fingers drawing circles at 120 Hz for 2 s (800x600). For each run it prints:
/// - the CPU per input event of the client alone (`client_cpu_ms`, its user and system time from `wait4`, less an idle
///   run of the same length);
/// - that of the client and touch-replay together (the children's `getrusage`, less the same idle run);
/// - the ratio of fingerpaint's to weston-simple-touch's.
///
/// Then it prints the median of the runs and their range.
///
/// `--client PATH` measures another fingerpaint binary (an older build, for a before and after); `--runs N` sets
/// the runs (3).
func runCPUBenchmark(arguments: [String]) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var fingerpaint = folder.appendingPathComponent("fingerpaint").path
    var runs = 3
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--client": if let path = remaining.popFirst() { fingerpaint = path }
        case "--runs": if let text = remaining.popFirst(), let count = Int(text), count > 0 { runs = min(count, 100) }
        default:
            print("paint-benchmark cpu: unknown argument \(argument) (--client PATH, --runs N)")
            return
        }
    }
    let weston = "/usr/bin/weston-simple-touch"
    guard FileManager.default.isExecutableFile(atPath: fingerpaint),
          FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("touch-replay").path) else {
        print("paint-benchmark cpu: build fingerpaint and touch-replay beside this program (or give --client)")
        return
    }
    let clients: [(name: String, command: [String])] = [("fingerpaint", [fingerpaint, "--new"])]
        + (FileManager.default.isExecutableFile(atPath: weston) ? [("weston-simple-touch", [weston])] : [])
    let size = Size(width: 800, height: 600), fingers = 3, rate = 120.0
    let trace = circlesTrace(fingers: fingers, rate: rate, size: size)
    let idle = idleTrace(size: size)
    defer { unlink(trace); unlink(idle) }
    let events = Double(fingers) * (2 * rate + 2)
    print("paint-benchmark cpu: \(ProcessInfo.processInfo.activeProcessorCount) cores; \(fingers) fingers at "
          + "\(Int(rate)) Hz for 2 s (\(Int(events)) touch events), 800x600, through touch-replay; µs of CPU per "
          + "event less an idle run of the same length: the client alone / the client and touch-replay together")
    var figures: [String: [Double]] = [:]
    for run in 1...runs {
        var line = "   run \(run):"
        var clientOnly: [String: Double] = [:]
        for client in clients {
            guard let rest = replay(idle, size: "800x600", client: client.command),
                  let busy = replay(trace, size: "800x600", client: client.command),
                  let busyClient = busy.stats["client_cpu_ms"] as? Double,
                  let restClient = rest.stats["client_cpu_ms"] as? Double
            else {
                line += " \(client.name) failed;"
                continue
            }
            let alone = (busyClient - restClient) / events * 1000
            let together = (busy.cpu - rest.cpu) / events * 1e6
            clientOnly[client.name] = alone
            figures["\(client.name) alone", default: []].append(alone)
            figures["\(client.name) with touch-replay", default: []].append(together)
            line += " \(client.name) \(format(alone)) / \(format(together));"
        }
        if let ours = clientOnly["fingerpaint"], let theirs = clientOnly["weston-simple-touch"], theirs > 0 {
            figures["ratio", default: []].append(ours / theirs)
            line += " ratio (client alone) x\(cFormat("%.2f", ours / theirs))"
        }
        print(line)
    }
    func summary(_ key: String) -> String {
        guard let values = figures[key]?.sorted(), !values.isEmpty else { return "-" }
        return "\(format(values[values.count / 2])) [\(format(values[0]))-\(format(values[values.count - 1]))]"
    }
    for client in clients {
        print("   \(client.name): client alone \(summary("\(client.name) alone")) µs per event, with touch-replay "
              + "\(summary("\(client.name) with touch-replay")) µs (median [range] of \(runs) runs)")
    }
    print("   ratio fingerpaint / weston-simple-touch, client alone, per run: median \(summary("ratio"))")
    let (perEvent, perFrame) = allocationsInProcess()
    print("   heap allocations in this (release) build, the same three fingers fed to the app in-process after a "
          + "warm-up: \(cFormat("%.2f", perEvent)) per touch event (translator, window, recognizers, canvas view), "
          + "\(cFormat("%.1f", perFrame)) per frame drawn")
}

/// The heap allocations (CAllocationCounter) per touch event and per frame when three fingers draw circles at 120 Hz
/// on an 800x600 app in this process, frames at 60 Hz, after 130 samples of warm-up, over the next 100.
private func allocationsInProcess() -> (perEvent: Double, perFrame: Double) {
    let app = FingerPaintApp(size: Size(width: 800, height: 600), drawing: Drawing())
    app.renderFrame()
    var eventAllocations = 0, frameAllocations = 0, events = 0, frames = 0
    for sample in 0..<230 {
        let time = Double(sample) * 1000 / 120
        var batch: [SeatEvent] = []
        for finger in 0..<3 {
            let angle = 2 * Double.pi * time / 1000 + Double(finger)
            let location = Point(x: 200 + 200 * Double(finger) + 80 * cos(angle), y: 300 + 80 * sin(angle))
            batch.append(SeatEvent(time: .milliseconds(time), sample == 0
                ? .touchDown(id: Int32(finger), location: location) : .touchMotion(id: Int32(finger), location: location)))
        }
        batch.append(SeatEvent(time: .milliseconds(time), .touchFrame))
        let counted = sample >= 130
        CAllocationCounter_start()
        for event in batch { app.handle(event) }
        let handling = CAllocationCounter_stop()
        if counted { eventAllocations += handling; events += batch.count }
        if sample % 2 == 1 {
            CAllocationCounter_start()
            app.renderFrame(at: Timestamp(seconds: time / 1000))
            let drawing = CAllocationCounter_stop()
            if counted { frameAllocations += drawing; frames += 1 }
        }
    }
    return (Double(eventAllocations) / Double(max(events, 1)), Double(frameAllocations) / Double(max(frames, 1)))
}
