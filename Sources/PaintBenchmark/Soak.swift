// `paint-benchmark soak`: simulated use through touch-replay --fast into fingerpaint's window, watching its memory
// and open files, then the document reopened and compared with what the window drew (docs/reliability.md).
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import SeatInput
import TouchUI

/// The soak's canvas: an 800×600 window with fingerpaint's 32-point title bar above the canvas.
private let soakCanvas = Size(width: 800, height: 568)
private let soakOrigin = Point(x: 0, y: 32)

/// A process's resident memory in KiB and its open file descriptors, from /proc; `nil` once it has gone.
private func sample(_ pid: Int32) -> (residentKiB: Int, descriptors: Int)? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kib = Int(line.split(separator: " ").dropFirst().first ?? ""),
          let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
    else { return nil }
    return (kib, descriptors.count)
}

/// How long the window is left resting before it is sampled: longer than fingerpaint's rest before it lets go of
/// the tiles out of view and hands freed memory back (ten seconds), with room for a loaded machine.
private let restBeforeSample: useconds_t = 12_500_000

/// Samples fingerpaint as a painter who stops would find it: touch-replay is stopped (SIGSTOP), so no input and no
/// frame callback reaches the window for ``restBeforeSample``; then its resident memory and descriptors are read,
/// its memory report asked for (SIGUSR1), and touch-replay continued. Both samples are taken alike, so that what
/// the window holds while a frame is under way (and what it gives back when it rests) does not count as growth.
private func sampleAtRest(_ painter: Int32, compositor: Int32) -> (residentKiB: Int, descriptors: Int)? {
    kill(compositor, SIGSTOP)
    defer { kill(compositor, SIGCONT) }
    usleep(restBeforeSample)
    let result = sample(painter)
    kill(painter, SIGUSR1)
    // The report is written by the window's own loop, which does not need the compositor.
    usleep(300_000)
    return result
}

/// The first child of `pid`, if it has one.
private func child(of pid: Int32) -> Int32? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return nil }
    return text.split(separator: " ").first.flatMap { Int32($0) }
}

/// How far `pid` has read the file at `path`, from /proc/PID/fdinfo; `nil` when it does not have it open.
private func readOffset(of pid: Int32, in path: String) -> Int? {
    guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return nil }
    for descriptor in descriptors {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")) == path,
              let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") })
        else { continue }
        return Int(trimming(String(line.dropFirst(4)), \.isFoundationWhitespace))
    }
    return nil
}

/// What one window session gave: its exit status, and fingerpaint's memory and descriptors after the first
/// simulated minute and at the end of the trace.
private struct Session {
    var status: Int32 = -1
    var afterFirstMinute: (residentKiB: Int, descriptors: Int)?
    var atEnd: (residentKiB: Int, descriptors: Int)?
    var seconds = 0.0
    /// fingerpaint's own memory reports (SIGUSR1) at those two moments: heap, tiles, strokes.
    var reports: [String] = []
}

/// Plays `trace` with touch-replay into fingerpaint on `document`, saving the window as `png`. It plays with `--fast`
/// (the hour compressed), or at the trace's own timing, so that its last seconds of rest are real seconds in which the
/// window finishes its tiles. (With `--fast`, touch-replay takes its picture once the window has sent nothing for 20
/// ms, which a loaded machine's tile worker can outlast.) When `minuteOffset` is given, fingerpaint is sampled once
/// touch-replay has read past that byte of the trace (the first simulated minute), and again when touch-replay has read
/// all of it.
private func playSession(trace: String, document: String, png: String, folder: String, minuteOffset: Int?,
                         fast: Bool = true) -> Session {
    let programs = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let arguments = (fast ? ["--fast"] : []) + ["--trace", trace, "--output", png, "--overwrite", "--",
                                                    programs.appendingPathComponent("fingerpaint").path, document]
    var environment = ProcessInfo.processInfo.environment
    for name in ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"] { environment[name] = folder + "/" + name.lowercased() }
    environment["DBUS_SESSION_BUS_ADDRESS"] = ""
    // A painter who has seen the guide to the gestures: its card is not in the session's frames.
    _ = DocumentLibrary(environment: environment).takeFirstGuide()
    // The programs' standard error, where fingerpaint's memory reports go.
    let log = png + ".log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    var session = Session()
    let start = Date()
    guard let process = Subprocess(programs.appendingPathComponent("touch-replay").path, arguments, environment: environment,
                                   capturesOutput: false, standardError: log) else {
        print("   cannot start touch-replay beside this program (build fingerpaint and touch-replay first)")
        return session
    }
    var painter: Int32?
    var sawTraceOpen = false
    while process.isRunning {
        if painter == nil { painter = child(of: process.processIdentifier) }
        // The client starts after touch-replay has checked the whole trace: from then on, the open trace is the one
        // being played, and its offset says how far playing has come (within one 64 KiB read).
        if let painter, let minuteOffset {
            if let offset = readOffset(of: process.processIdentifier, in: trace) {
                sawTraceOpen = true
                if session.afterFirstMinute == nil, offset >= minuteOffset + TraceReader.chunkSize {
                    session.afterFirstMinute = sampleAtRest(painter, compositor: process.processIdentifier)
                }
            } else if sawTraceOpen, session.atEnd == nil {
                // The reader closes the trace at its end: every event has been read.
                session.atEnd = sampleAtRest(painter, compositor: process.processIdentifier)
            }
        }
        usleep(20_000)
    }
    session.status = process.terminationStatus
    session.seconds = Date().timeIntervalSince(start)
    let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    session.reports = said.split(separator: "\n").filter { $0.contains("memory: resident") }.map(String.init)
    return session
}

/// Writes `minutes` of simulated use; returns the byte offset where the first simulated minute ends.
private func writeUse(minutes: Double, seed: UInt64, to path: String) throws -> Int {
    var trace = try TraceFileWriter(path: path, canvas: soakCanvas, origin: soakOrigin)
    var painter = SimulatedPainter(random: SplitMix(state: seed), size: soakCanvas)
    var minuteOffset = 0
    while trace.time < minutes * 60_000 {
        painter.act(into: &trace)
        if minuteOffset == 0, trace.time >= 60_000 { minuteOffset = trace.bytes }
    }
    endWithTheViewReset(&trace, painter)
    trace.close()
    return minuteOffset == 0 ? trace.bytes : minuteOffset
}

/// The view upright and fitted to the drawing, as a reopened window shows it, and five seconds for the last
/// frames: the tiles redrawn at the new zoom and the zoom indicator gone, so that two windows can be compared.
private func endWithTheViewReset(_ trace: inout TraceFileWriter, _ painter: SimulatedPainter) {
    if painter.isFullscreen {
        trace.time += 500
        painter.key("F11", into: &trace)
    }
    trace.time += 500
    painter.key("r", .ctrl, into: &trace)
    trace.time += 500
    painter.key("0", .ctrl, into: &trace)
    for _ in 0..<300 {
        trace.time += SimulatedPainter.frame
        trace.add(.tick)
    }
}

/// `paint-benchmark soak [--minutes N]` (5 unless asked; 60 for the hour).
func runSoak(arguments: [String]) {
    var minutes = 5.0
    if let index = arguments.firstIndex(of: "--minutes"), index + 1 < arguments.count, let value = Double(arguments[index + 1]),
       value >= 1 {
        minutes = value
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paint-soak-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let document = folder + "/soak.fpdraw"
    print("paint-benchmark soak: \(Int(minutes)) simulated minutes through touch-replay --fast into fingerpaint \(document)")

    // 1. The long session: memory and descriptors after its first minute and at its end.
    let use = folder + "/use.jsonl"
    let reuse = folder + "/reopen-and-paint.jsonl"
    let look = folder + "/reopen.jsonl"
    let minuteOffset: Int
    do {
        minuteOffset = try writeUse(minutes: minutes, seed: 11, to: use)
        _ = try writeUse(minutes: 1, seed: 12, to: reuse)
        var trace = try TraceFileWriter(path: look, canvas: soakCanvas, origin: soakOrigin)
        endWithTheViewReset(&trace, SimulatedPainter(random: SplitMix(state: 13), size: soakCanvas))
        trace.close()
    } catch {
        print("   cannot write the traces in \(folder)")
        exit(1)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: use)[.size] as? Int) ?? 0
    print("1. the session: \(size / 1024) KiB of trace")
    let first = playSession(trace: use, document: document, png: folder + "/session.png", folder: folder,
                            minuteOffset: minuteOffset)
    print("   touch-replay exited \(first.status) after \(Int(first.seconds)) s")
    guard let early = first.afterFirstMinute, let late = first.atEnd else {
        print("   fingerpaint was not sampled (did it start?)")
        exit(1)
    }
    func mib(_ kib: Int) -> String { cFormat("%.1f MiB", Double(kib) / 1024) }
    let growth = Double(late.residentKiB - early.residentKiB) / Double(early.residentKiB) * 100
    print("   resident memory after the first minute \(mib(early.residentKiB)), at the end \(mib(late.residentKiB)) "
          + "(\(cFormat("%+.1f", growth)) %)")
    print("   open file descriptors after the first minute \(early.descriptors), at the end \(late.descriptors)")
    for (moment, report) in zip(["after the first minute", "at the end"], first.reports) {
        print("   \(moment), fingerpaint's own report: \(report)")
    }

    // 2. Reopened: a minute more of painting, then reopened once more without input; both windows must show the same.
    // Both at the traces' own timing: each ends with five real seconds to settle before its picture is taken.
    let second = playSession(trace: reuse, document: document, png: folder + "/painted.png", folder: folder,
                             minuteOffset: nil, fast: false)
    let third = playSession(trace: look, document: document, png: folder + "/reopened.png", folder: folder,
                            minuteOffset: nil, fast: false)
    let strokes = (try? DocumentFile.read(URL(fileURLWithPath: document)).drawing.strokes.count) ?? -1
    let painted = FileManager.default.contents(atPath: folder + "/painted.png")
    let reopened = FileManager.default.contents(atPath: folder + "/reopened.png")
    let same = painted != nil && painted == reopened
    print("2. reopened: touch-replay exited \(second.status) and \(third.status); the document holds \(strokes) strokes; "
          + "the reopened window shows \(same ? "exactly" : "NOT") what the last one drew")
    let withinBounds = abs(growth) <= 5 && abs(late.descriptors - early.descriptors) * 20 <= early.descriptors
    if ProcessInfo.processInfo.environment["SOAK_KEEP"] != nil {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("paint-soak-kept").path
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: folder, toPath: kept)
        print("   kept in \(kept)")
    }
    let passed = withinBounds && same && [first.status, second.status, third.status].allSatisfy { $0 == 0 }
    print(passed ? "soak passed" : "soak FAILED")
    if !passed {
        try? FileManager.default.removeItem(atPath: folder)
        exit(1)
    }
}
