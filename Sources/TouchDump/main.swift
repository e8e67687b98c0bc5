// touchdump: plays a trace through the touch core and prints what a full-window view is told, one line per call;
// `touchdump convert` turns a libinput record or evemu recording into a trace.
import ArgumentParser
import CommandLineSupport
import Foundation
import SeatInput
import TouchUI

/// Prints every key the translator hears.
final class PrintingKeys: SeatEventTranslatorDelegate {
    func seatEventTranslator(_ translator: SeatEventTranslator, didPressKey chord: KeyChord, at time: Timestamp) {
        print(String(format: "%8.1f ms  key %@", time.milliseconds, chord.description))
    }
}

/// A view covering the window that prints every touch call it gets.
final class PrintingView: View {
    private func print(_ phase: String, _ touches: Set<Touch>, _ event: Event?) {
        let time = event.map { String(format: "%8.1f", $0.timestamp.milliseconds) } ?? "       -"
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            let location = touch.location(in: self)
            Swift.print("\(time) ms  touch \(touch.identifier) \(phase) at (\(location.x), \(location.y))"
                + (touch.phase == .began ? " tapCount \(touch.tapCount)" : "") + Self.pen(touch))
        }
    }

    /// A pen touch's kind and force (fingers' lines stay as they were).
    private static func pen(_ touch: Touch) -> String {
        guard let pen = touch.pen else { return "" }
        return " \(touch.kind) force \(String(format: "%.4f", pen.force))"
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { print("began", touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { print("moved", touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { print("ended", touches, event) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { print("cancelled", touches, event) }
}

/// The command line, parsed by swift-argument-parser.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchdump",
        abstract: "Plays a trace through the touch core and prints what a full-window view is told, one line per call.",
        discussion: "Traces: \(FormatPages.traceFormat). `touchdump convert RECORDING` turns a device's recording into a trace (touchdump convert --help).",
        version: ProgramVersion.current
    )

    @Argument(help: ArgumentHelp("The seat-event trace (JSON Lines).", valueName: "TRACE.jsonl"))
    var trace: String
}

/// `touchdump convert`: a kernel device's recording as a trace (docs/recordings.md).
struct ConvertOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchdump convert",
        abstract: "Converts a touchscreen's or a tablet's `libinput record` or `evemu-record` file into a trace.",
        discussion: """
            The device's whole area is mapped onto the canvas, as a compositor maps a touchscreen onto its output; \
            the trace (JSON Lines) is written to standard output. Exit status 2 for a file that cannot be read or \
            converted, with FILE:LINE: what is wrong. Recordings: docs/recordings.md. Traces: \(FormatPages.traceFormat).
            """,
        version: ProgramVersion.current
    )

    @Argument(help: ArgumentHelp("The recording: `libinput record` YAML or `evemu-record` text.", valueName: "RECORDING"))
    var recording: String

    @Option(help: ArgumentHelp("The canvas the device is mapped onto (default: the device's size at 96 dpi, else 800x600).",
                               valueName: "WxH"),
            transform: CanvasSizeArgument.parse)
    var size: Size?

    /// The device's physical size at 96 points an inch, when its resolution is known and the size is believable.
    static func physicalSize(of recording: DeviceRecording) -> Size? {
        let (xAxis, yAxis): (UInt16, UInt16) = recording.kind == .touchscreen ? (0x35, 0x36) : (0, 1)
        guard let x = recording.axes[xAxis], let y = recording.axes[yAxis], x.resolution > 0, y.resolution > 0 else { return nil }
        let width = (Double(x.maximum) - Double(x.minimum) + 1) / Double(x.resolution) / 25.4 * 96
        let height = (Double(y.maximum) - Double(y.minimum) + 1) / Double(y.resolution) / 25.4 * 96
        guard (1...Trace.largestCanvasSide).contains(width), (1...Trace.largestCanvasSide).contains(height) else { return nil }
        return Size(width: width.rounded(), height: height.rounded())
    }

    func run() {
        guard let data = FileManager.default.contents(atPath: recording) else {
            Self.fail("cannot read \(recording)", status: 2)
        }
        do {
            let parsed = try DeviceRecording(parsing: String(decoding: data, as: UTF8.self), file: recording)
            let canvas = size ?? Self.physicalSize(of: parsed) ?? Size(width: 800, height: 600)
            let events = try parsed.seatEvents(canvas: canvas, file: recording)
            FileHandle.standardOutput.write(Data(Trace(canvasSize: canvas, events: events).serialized().utf8))
        } catch {
            Self.fail("\(error)", status: 2)
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "convert" {
    ConvertOptions.parseCommandLine(Array(arguments.dropFirst())).run()
    exit(0)
}
let path = Options.parseCommandLine(arguments).trace
do {
    // Read as a stream: each event is printed as it is read, and a wrong line stops it there.
    let trace = try TraceReader(contentsOf: URL(fileURLWithPath: path))
    let size = trace.canvasSize ?? Size(width: 800, height: 600)
    let window = Window(frame: Rect(origin: .zero, size: size))
    let view = PrintingView(frame: window.bounds)
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    let translator = SeatEventTranslator(window: window)
    let keys = PrintingKeys()
    translator.delegate = keys
    while let event = try trace.nextEvent() { translator.handle(event) }
    translator.finish()
    for (anomaly, count) in translator.anomalies.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        print("note: \(anomaly.rawValue): \(count)")
    }
} catch {
    FileHandle.standardError.write(Data("touchdump: \(error)\n".utf8))
    exit(1)
}
