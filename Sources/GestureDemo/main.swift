// gesture-demo: every recognizer of the core, live in a window or logged from a trace.
import ArgumentParser
import CommandLineSupport
import Foundation
import GestureDemoKit
import Localization
import PaintModel
import SeatInput
import TouchUI
import WaylandApp


/// The command line, parsed by swift-argument-parser.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-demo",
        abstract: localized("Every recognizer of the touch core, live in a window or logged from a trace."),
        usage: """
            gesture-demo [--replay TRACE] [--log FILE|-] [--overwrite] [--arena] [--size WxH] [--verbose]   (a window on the compositor)
            gesture-demo --replay TRACE --headless --log FILE|- [--arena] [--output OUT.png] [--overwrite] [--size WxH]
            """,
        // Translators: the keys (Escape, q, Ctrl+Q, F11, f) are those to press; %s is where the trace format is
        // described (a file name).
        discussion: localized("""
            In the window: Escape, q or Ctrl+Q quit; F11 or f toggle full screen. The log is JSON Lines \
            (docs/gesture-demo.md). Traces: %s.
            """, FormatPages.traceFormat),
        version: ProgramVersion.current
    )

    @Option(help: ArgumentHelp(localized("A seat-event trace to play (JSON Lines)."), valueName: "TRACE"))
    var replay: String?

    @Flag(help: ArgumentHelp(localized("Play the trace with no compositor (needs --replay and --log).")))
    var headless = false

    @Option(help: ArgumentHelp(localized("Where the recognizers' decisions are logged as JSON lines (headless or in the window); - for standard output."), valueName: "FILE|-"))
    var log: String?

    // Translators: {"t", "arena"} are the JSON line's keys, kept as they are.
    @Flag(help: ArgumentHelp(localized("Also log each decision of the gesture arena (who began, recognized, waits, failed or was cancelled, and why) as a JSON line {\"t\", \"arena\"}, and show the last five in the window.")))
    var arena = false

    @Flag(help: ArgumentHelp(localized("In the window, print debug lines about the compositor (as FINGERPAINT_DEBUG=1 does).")))
    var verbose = false

    @Option(help: ArgumentHelp(localized("Where the headless replay writes its last frame."), valueName: "OUT.png"))
    var output: String?

    @Flag(help: ArgumentHelp(localized("Let --log or --output replace an existing file (a fingerpaint drawing is never replaced).")))
    var overwrite = false

    @Option(help: ArgumentHelp(localized("The canvas size (default: the trace's canvas line, else 1024x700)."), valueName: "WxH"),
            transform: CanvasSizeArgument.parse)
    var size: Size?

    func validate() throws {
        if headless, replay == nil { throw ValidationError(localized("--headless needs --replay TRACE")) }
        if headless, log == nil { throw ValidationError(localized("--headless needs --log FILE (- for standard output)")) }
    }
}

// The user's language for every message, --help included (docs/translations.md).
Localization.start()
let options = Options.parseCommandLine(Array(CommandLine.arguments.dropFirst()))

/// Says why a file may not be written and exits: 2 when the rule refused it (nothing was written), else 1.
func fail(_ error: OutputFileError) -> Never {
    Options.fail("\(error)", status: error.wasRefused ? 2 : 1)
}

/// The log's file (`-`: standard output), opened as every option's file is (PaintModel's `OutputFile`), or exits
/// with a message.
func openLog(_ logPath: String) -> FileHandle {
    if logPath == "-" { return .standardOutput }
    do {
        return FileHandle(fileDescriptor: try OutputFile.create(logPath, overwrite: options.overwrite), closeOnDealloc: true)
    } catch {
        fail(error)
    }
}

// Said before anything is read or shown: a drawing, or a file without --overwrite, is never written over.
for path in [options.log, options.headless ? options.output : nil].compactMap({ $0 }) where path != "-" {
    do { try OutputFile.check(path, overwrite: options.overwrite) } catch { fail(error) }
}

if options.headless {
    // Both are there: Options.validate() checked.
    let tracePath = options.replay ?? "", logPath = options.log ?? "-"
    // Checked whole first, then played as it is read (docs/trace-format.md).
    let events: TraceReader
    do {
        _ = try TraceSummary(validating: URL(fileURLWithPath: tracePath))
        events = try TraceReader(contentsOf: URL(fileURLWithPath: tracePath), requiresRegularFile: true)
    } catch {
        Options.fail("\(error)")
    }
    let sink = openLog(logPath)
    let scene = GestureDemoScene.replay(events, size: options.size ?? events.canvasSize, showsArenaDecisions: options.arena) { record in
        sink.write(Data((record.jsonLine + "\n").utf8))
    }
    try? sink.synchronize()
    // Translators: %s is where and why the trace could not be read ("FILE:LINE: why").
    if let failure = events.failure { Options.fail(localized("%s (the file changed while it was played)", failure)) }
    if let output = options.output {
        do {
            try OutputFile.write(output, overwrite: options.overwrite) {
                try GestureDemoRenderer.writePNG(scene, size: scene.window.bounds.size, to: $0)
            }
        } catch {
            fail(error)
        }
    }
    exit(0)
}

// The window, on the user's compositor.
LiveSession.blockExitSignals()
var replay: TraceReader?
if let tracePath = options.replay {
    do {
        _ = try TraceSummary(validating: URL(fileURLWithPath: tracePath))
        replay = try TraceReader(contentsOf: URL(fileURLWithPath: tracePath), requiresRegularFile: true)
    } catch {
        Options.fail("\(error)")
    }
}
let size = options.size ?? replay?.canvasSize ?? Size(width: 1024, height: 700)
var configuration = LiveSession.Configuration(title: localized("Gesture demo"), appID: "io.github.fingerpaint.GestureDemo", size: size)
if let replay {
    configuration.replayEvents = AnyIterator {
        guard let event = replay.next() else {
            if let failure = replay.failure {
                FileHandle.standardError.write(Data(("gesture-demo: " + localized("%s (the file changed while it was played)", failure) + "\n").utf8))
            }
            return nil
        }
        return event
    }
}
// Each record is written as it happens, so the log is complete however the window ends.
let sink = options.log.map(openLog)
let content = GestureDemoLive(size: size, showsArenaDecisions: options.arena, onRecord: sink.map { sink in { record in sink.write(Data((record.jsonLine + "\n").utf8)) } })
do {
    let session = try LiveSession(
        content: content,
        configuration: configuration,
        log: { message in FileHandle.standardError.write(Data("gesture-demo: \(message)\n".utf8)) },
        debug: DebugLevel.isOn(verbose: options.verbose)
            ? { message in FileHandle.standardError.write(Data("gesture-demo: debug: \(message)\n".utf8)) } : { _ in }
    )
    exit(try session.run())
} catch {
    Options.fail("\(error)")
}
