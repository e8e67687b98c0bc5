// `paint-benchmark actions`: the 50 000-stroke drawing at 3840x2160 in the real window through touch-replay, and
// how soon each action (a zoom step, a pan, a clear, an undo, a redo) reaches the screen, measured from outside as the
// compositor sees it: the input's time against the commit that shows it, both from libwayland's own log of
// touch-replay (WAYLAND_DEBUG=server), against the floor, the first vblank after the input (docs/performance.md).
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import SeatInput

/// What one action's input became in touch-replay's protocol log.
struct LoggedAction: Equatable {
    /// The action's name, from the trace.
    var name: String
    /// When touch-replay sent the input, the first vblank after it (the floor), and the first buffer commit after
    /// it; milliseconds on the log's clock.
    var input: Double, floor: Double, commit: Double?
}

/// Reads libwayland's server log (`WAYLAND_DEBUG=server`): each line `[MS] ...` with the milliseconds of the
/// realtime clock, events sent to the client ` -> interface@id.event(...)`, requests from it `interface@id.request(...)`.
struct ProtocolLog {
    /// The inputs: a key pressed that is no modifier (`wl_keyboard.key` with state 1), a wheel event
    /// (`wl_pointer.axis`); their times, in order.
    private(set) var inputs: [Double] = []
    /// The times of the client's commits that attached a buffer since its surface's last commit.
    private(set) var bufferCommits: [Double] = []
    /// The times touch-replay sent `wp_presentation_feedback.presented`: each at its vblank.
    private(set) var presentations: [Double] = []

    /// Linux codes of the modifier keys (Ctrl, Shift, Alt, Super, left and right): a chord presses them first.
    static let modifierCodes: Set<Int> = [29, 97, 42, 54, 56, 100, 125, 126]

    init(text: String) {
        var attached: Set<Substring> = []
        for line in text.split(separator: "\n") {
            guard line.first == "[", let close = line.firstIndex(of: "]"),
                  let time = Double(line[line.index(after: line.startIndex)..<close].drop { $0 == " " }) else { continue }
            let rest = line[line.index(after: close)...].drop { $0 == " " }
            if rest.hasPrefix("-> ") {
                let event = rest.dropFirst(3)
                if event.hasPrefix("wl_keyboard@"), let arguments = Self.arguments(of: event, named: ".key("),
                   arguments.count == 4, arguments[3] == "1", let code = Int(arguments[2]), !Self.modifierCodes.contains(code) {
                    inputs.append(time)
                } else if event.hasPrefix("wl_pointer@"), event.contains(".axis(") {
                    inputs.append(time)
                } else if event.hasPrefix("wp_presentation_feedback@"), event.contains(".presented(") {
                    presentations.append(time)
                }
            } else if rest.hasPrefix("wl_surface@"), let dot = rest.firstIndex(of: ".") {
                let surface = rest[..<dot]
                if rest[dot...].hasPrefix(".attach(wl_buffer@") {
                    attached.insert(surface)
                } else if rest[dot...].hasPrefix(".commit(") {
                    if attached.remove(surface) != nil { bufferCommits.append(time) }
                }
            }
        }
    }

    /// The comma-separated arguments of an event line's call `name` (".key("), `nil` when it is not that call.
    private static func arguments(of line: Substring, named name: String) -> [Substring]? {
        guard let start = line.range(of: name)?.upperBound, let end = line.lastIndex(of: ")") else { return nil }
        return line[start..<end].split(separator: ",").map { $0.drop { $0 == " " } }
    }

    /// The vblanks' grid: the period, and a vblank time, from the presentations (each sent at its vblank, some a
    /// little after it when touch-replay's loop came late: the earliest phase is the grid's).
    func vblankGrid(period: Double) -> Double? {
        guard let first = presentations.first else { return nil }
        let phases = presentations.map { ($0 - first).truncatingRemainder(dividingBy: period) }
        // Phases near the period are just before a vblank's tick: early, not late.
        let shifted = phases.map { $0 > period * 0.75 ? $0 - period : $0 }
        return first + (shifted.min() ?? 0)
    }

    /// Each input named by `names` (in order; as many as the log has), with its floor and the first buffer commit
    /// after it.
    func actions(named names: [String], period: Double) -> [LoggedAction] {
        guard let anchor = vblankGrid(period: period) else { return [] }
        return zip(names, inputs).map { name, input in
            let floor = anchor + ((input - anchor) / period).rounded(.up) * period
            return LoggedAction(name: name, input: input, floor: floor, commit: bufferCommits.first { $0 >= input })
        }
    }
}

/// The actions the trace asks for, 400 ms apart from 3 s after the window is on the display: zoom steps in and out,
/// pans by the wheel, a clear and its undo, undos and redos.
private let actionScript: [(name: String, kind: SeatEvent.Kind)] =
    Array(repeating: ("zoom in", .key(KeyChord("plus", modifiers: .ctrl))), count: 3)
    + Array(repeating: ("zoom out", .key(KeyChord("minus", modifiers: .ctrl))), count: 3)
    + Array(repeating: ("pan", .pointerAxis(dx: 0, dy: 47)), count: 10)
    + [("clear", .key(KeyChord("Delete"))), ("undo of clear", .key(KeyChord("z", modifiers: .ctrl)))]
    + Array(repeating: ("undo", .key(KeyChord("z", modifiers: .ctrl))), count: 5)
    + Array(repeating: ("redo", .key(KeyChord("z", modifiers: [.ctrl, .shift]))), count: 5)

/// The trace: the pointer over the window, then the actions.
private func actionsTrace(size: Size) -> Trace {
    var events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: size.width / 2, y: size.height / 2)))]
    for (index, action) in actionScript.enumerated() {
        events.append(SeatEvent(time: .milliseconds(3000 + Double(index) * 400), action.kind))
    }
    events.append(SeatEvent(time: .milliseconds(3000 + Double(actionScript.count) * 400 + 600), .tick))
    return Trace(canvasSize: size, events: events)
}

func runActionsBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 3)
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var fingerpaint = folder.appendingPathComponent("fingerpaint").path
    if let index = arguments.firstIndex(of: "--client"), index + 1 < arguments.count { fingerpaint = arguments[index + 1] }
    // `--logs DIR`: each run's protocol log is kept there, to read.
    let logs = arguments.firstIndex(of: "--logs").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    let size = Size(width: 3840, height: 2160)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actions-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    print("paint-benchmark actions: \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print("The 50 000-stroke drawing (paint-benchmark --large's) at 3840x2160 in \(fingerpaint) through touch-replay "
          + "(60 Hz), a cold tile cache; \(actionScript.count) actions 400 ms apart from 3 s after the window is shown. "
          + "From touch-replay's WAYLAND_DEBUG=server log: each input against the first vblank after it (the floor) and "
          + "the first buffer commit after it, ms; the client's peak resident memory (wait4). Median of \(runs) runs [range].")
    var drawing = Drawing()
    for stroke in realisticStrokes(50_000, in: size, seed: 11) { drawing.add(stroke) }
    let document = scratch.appendingPathComponent("large.fpdraw")
    let trace = scratch.appendingPathComponent("actions.jsonl")
    do {
        try DocumentFile.writeNew(drawing, to: document)
        try actionsTrace(size: size).write(to: trace)
    } catch {
        print("   cannot write the drawing or the trace in \(scratch.path): \(error)")
        return
    }
    let period = 1000.0 / 60
    var byName: [String: [[Double]]] = [:]
    var firsts: [Double] = [], medians: [Double] = [], worsts: [Double] = [], peaks: [Double] = [], missing = 0
    for run in 1...runs {
        // A cold tile cache each run: the first action comes while the launch's tiles may still be drawn.
        let cache = scratch.appendingPathComponent("cache-\(run)")
        let log = scratch.appendingPathComponent("protocol-\(run).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
              let (stats, _) = replay(trace.path, size: "3840x2160", client: [fingerpaint, document.path],
                                      environment: ["WAYLAND_DEBUG": "server", "XDG_CACHE_HOME": cache.path],
                                      standardError: log.path),
              let text = try? String(contentsOf: log, encoding: .utf8) else {
            print("   run \(run): touch-replay did not run")
            continue
        }
        if let logs {
            try? FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
            let kept = URL(fileURLWithPath: logs).appendingPathComponent("actions-\(run).log").path
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.copyItem(atPath: log.path, toPath: kept)
        }
        let actions = ProtocolLog(text: text).actions(named: actionScript.map(\.name), period: period)
        let late = actions.compactMap { action in action.commit.map { $0 - action.floor } }
        missing += actions.count - late.count + (actionScript.count - actions.count)
        guard let first = late.first else {
            print("   run \(run): no action found in the log")
            continue
        }
        firsts.append(first)
        medians.append(percentile(late, 0.5))
        worsts.append(late.max() ?? first)
        if let peak = stats["client_peak_rss_mib"] as? Double { peaks.append(peak) }
        for action in actions {
            guard let commit = action.commit else { continue }
            byName[action.name, default: Array(repeating: [], count: runs)][run - 1].append(commit - action.floor)
        }
        let toCommit = actions.compactMap { action in action.commit.map { $0 - action.input } }
        print("   run \(run): commit − floor p50 \(format(percentile(late, 0.5))), max \(format(late.max() ?? 0)), "
              + "first \(format(first)) ms; input to commit p50 \(format(percentile(toCommit, 0.5))) ms")
    }
    func summary(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "-" }
        return "\(format(percentile(values, 0.5))) [\(format(values.min() ?? 0))–\(format(values.max() ?? 0))]"
    }
    print("   commit − floor, ms: p50 \(summary(medians)); worst \(summary(worsts)); the first action \(summary(firsts))"
          + "; peak resident \(summary(peaks)) MiB" + (missing > 0 ? "; \(missing) inputs without a commit after them" : ""))
    for name in ["zoom in", "zoom out", "pan", "clear", "undo of clear", "undo", "redo"] {
        guard let perRun = byName[name] else { continue }
        let runMedians = perRun.filter { !$0.isEmpty }.map { percentile($0, 0.5) }
        let runWorsts = perRun.compactMap { $0.max() }
        print("      \(name): p50 \(summary(runMedians)), worst \(summary(runWorsts))")
    }
}
