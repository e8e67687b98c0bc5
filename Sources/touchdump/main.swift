// touchdump: plays a trace through the touch core and prints what a full-window view is told, one line per call.
import ArgumentParser
import CommandLineSupport
import Foundation
import SeatInput
import TouchUI

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
        discussion: "Traces: \(FormatPages.traceFormat).",
        version: ProgramVersion.current
    )

    @Argument(help: ArgumentHelp("The seat-event trace (JSON Lines).", valueName: "TRACE.jsonl"))
    var trace: String
}

let path = Options.parseCommandLine(Array(CommandLine.arguments.dropFirst())).trace
do {
    // Read as a stream: each event is printed as it is read, and a wrong line stops it there.
    let trace = try TraceReader(contentsOf: URL(fileURLWithPath: path))
    let size = trace.canvasSize ?? Size(width: 800, height: 600)
    let window = Window(frame: Rect(origin: .zero, size: size))
    let view = PrintingView(frame: window.bounds)
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    let translator = SeatEventTranslator(window: window)
    translator.onKey = { chord, time in print(String(format: "%8.1f ms  key %@", time.milliseconds, chord.description)) }
    while let event = try trace.nextEvent() { translator.handle(event) }
    translator.finish()
    for (anomaly, count) in translator.anomalies.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        print("note: \(anomaly.rawValue): \(count)")
    }
} catch {
    FileHandle.standardError.write(Data("touchdump: \(error)\n".utf8))
    exit(1)
}
