// touch-replay: a headless Wayland compositor that plays a recorded trace into a client and saves its window as PNG.
import CommandLineSupport
import Foundation
import Glibc
import Localization
import PaintModel
import SeatInput

@main
struct TouchReplayCommand {
    static func main() {
        // Whatever started us may have blocked signals (Swift Testing's worker threads do); start clean.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        sigprocmask(SIG_SETMASK, &noSignals, nil)
        signal(SIGPIPE, SIG_IGN)

        // The user's language for every message, --help included (docs/translations.md).
        Localization.start()
        let options = ReplayOptions.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
        do {
            exit(try run(options))
        } catch {
            printError("touch-replay: \(error)")
            exit(1)
        }
    }

    /// Runs the compositor, the client and the trace; returns the exit status.
    static func run(_ options: ReplayOptions) throws(ReplayError) -> Int32 {
        // Said before anything runs: a drawing, or a file without --overwrite, is never written over.
        if let refusal = OutputFile.refusal(toWrite: options.outputPath, overwrite: options.overwrites) {
            // Translators: %1$s is a file's name, %2$s why it may not be written.
            printError("touch-replay: " + localized("cannot write %1$s: %2$s; nothing was run", options.outputPath, refusal))
            return 2
        }
        let (summary, events) = try readTrace(options.tracePath)

        let runtime = try RuntimeDirectory()
        defer { runtime.remove() }
        // Single-threaded here: libwayland names the socket inside the process's XDG_RUNTIME_DIR.
        setenv("XDG_RUNTIME_DIR", runtime.path, 1)
        let compositor = try makeCompositor(options, summary: summary)
        defer { compositor.shutDown() }
        let keys = try Player.resolveKeys(of: summary.keyEvents, in: compositor.seat.keymap)

        let launched = monotonicNow()
        let client = try ClientProcess(
            arguments: options.client,
            environment: ["WAYLAND_DISPLAY": compositor.socketName, "XDG_RUNTIME_DIR": runtime.path]
        )
        let player = Player(events: events, summary: summary, compositor: compositor, client: client, isRealtime: options.isRealtime, keys: keys,
                            quirks: options.quirks)
        player.latency.isOn = options.printsStats
        player.ink.isOn = options.printsStats
        // Stopped from outside: the client goes too, and the loops below end because it ended.
        compositor.onSignal = { client.kill() }
        func stoppedBySignal() -> Int32? {
            guard let signal = compositor.receivedSignal else { return nil }
            printError("touch-replay: " + localized("stopped by signal %d", signal))
            return 128 + signal
        }
        do {
            _ = try player.waitForMap(timeout: options.mapTimeout)
            compositor.counters.mapMilliseconds = (monotonicNow() - launched) * 1000
            player.waitUntilShown()
        } catch {
            client.kill()
            if let status = stoppedBySignal() { return status }
            throw error
        }
        player.play()
        if let status = stoppedBySignal() { return status }
        let endedByItself = client.hasEnded()
        if endedByItself, let termination = client.termination {
            printError("touch-replay: " + termination.duringPlayback)
        }
        player.finish()
        if let failure = events.failure {
            // Translators: %s is where and why the trace could not be read ("FILE:LINE: why").
            throw ReplayError(description: localized("%s (the file changed while it was played); nothing was written", failure))
        }

        try save(compositor.lastPicture, options)
        if options.printsStats { printStatistics(compositor: compositor, client: client, player: player) }
        guard !client.wasKilled, let termination = client.termination else { return 0 }
        return termination.status
    }

    /// The trace checked whole as a stream, and a reader that reads it again as it is played: its events are never
    /// all in memory, and a wrong line anywhere stops everything before the client starts (docs/trace-format.md).
    private static func readTrace(_ path: String) throws(ReplayError) -> (TraceSummary, TraceReader) {
        let traceURL = URL(fileURLWithPath: path)
        do {
            return (try TraceSummary(validating: traceURL), try TraceReader(contentsOf: traceURL, requiresRegularFile: true))
        } catch {
            throw ReplayError(description: error.description)
        }
    }

    /// The compositor the options ask for, its window the trace's size unless `--size` says otherwise.
    private static func makeCompositor(_ options: ReplayOptions, summary: TraceSummary) throws(ReplayError) -> Compositor {
        // A recorded window's canvas sits below what the window drew itself: the window is that much larger.
        let origin = summary.canvasOrigin ?? .zero
        let size = options.size ?? summary.canvasSize.map {
            (Int32(clamping: Int64(($0.width + origin.x).rounded())), Int32(clamping: Int64(($0.height + origin.y).rounded())))
        } ?? (800, 600)
        let compositor = try Compositor(
            configuredSize: size, outputScale: options.scale, fractionalScale: options.fractionalScale,
            refreshRate: options.refreshRate, latch: options.latchMilliseconds / 1000,
            offersPresentation: !options.withoutPresentation && options.isRealtime,
            offersViewporter: !options.withoutViewporter, offersClipboard: !options.withoutClipboard,
            heldBufferCount: options.heldBufferCount
        )
        if let folder = options.commitFolder { compositor.commitLog = CommitLog(folder: folder) }
        return compositor
    }

    /// Writes the window's last picture where `--output` says.
    private static func save(_ picture: ShmImage?, _ options: ReplayOptions) throws(ReplayError) {
        guard let image = picture else {
            throw ReplayError(description: localized("the client's window has no picture to save"))
        }
        do {
            try OutputFile.write(options.outputPath, overwrite: options.overwrites) { try image.writePNG(to: $0) }
        } catch {
            throw ReplayError(description: error.description)
        }
    }

    /// `--stats`: the statistics line, and the frame log where `TOUCH_REPLAY_INK_LOG` names one.
    private static func printStatistics(compositor: Compositor, client: ClientProcess, player: Player) {
        var counters = compositor.counters
        counters.clientCPUMilliseconds = client.cpuSeconds.map { $0 * 1000 }
        counters.clientPeakResidentMiB = client.peakResidentKiB.map { Double($0) / 1024 }
        counters.refreshRate = compositor.refreshRate
        counters.latchMilliseconds = compositor.latch.seconds * 1000
        print(ReplayStatistics.line(counters: counters, latency: player.latency, ink: player.ink))
        // A debugging aid (docs/frame-pacing.md, "The frame log"): every inked point's send, ink and present
        // times, in milliseconds on CLOCK_MONOTONIC.
        if let path = ProcessInfo.processInfo.environment["TOUCH_REPLAY_INK_LOG"] {
            let lines = player.ink.presentedPoints.map { point in
                [point.sent, point.inked, point.presented].map { String(format: "%.3f", $0 * 1000) }.joined(separator: " ")
            }
            // Replaced at every run, as a debugging aid's file is; a drawing never (OutputFile).
            try? OutputFile.write(path, overwrite: true) {
                try ("# sent_ms inked_ms presented_ms\n" + lines.joined(separator: "\n") + "\n")
                    .write(toFile: $0, atomically: false, encoding: .utf8)
            }
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
