// gesture-demo: every recognizer of the core, live in a window or logged from a trace.
import Foundation
import GestureDemoKit
import SeatInput
import TouchUI
import WaylandApp

let usage = """
    usage: gesture-demo [--replay TRACE] [--size WxH]          (a window on the compositor)
           gesture-demo --replay TRACE --headless --log FILE|- [--output OUT.png] [--size WxH]
    """

/// Prints a one-line error and exits.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("gesture-demo: \(message)\n".utf8))
    exit(status)
}

struct Options {
    var replay: String?
    var headless = false
    var log: String?
    var output: String?
    var size: Size?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        func value(for option: String) -> String {
            guard let value = rest.popFirst() else { fail("\(option) needs a value\n\(usage)", status: 2) }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--replay": replay = value(for: argument)
            case "--headless": headless = true
            case "--log": log = value(for: argument)
            case "--output": output = value(for: argument)
            case "--size":
                let text = value(for: argument)
                let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= Trace.largestCanvasSide }) else {
                    fail("--size takes WIDTHxHEIGHT, like 800x600, not \(text)", status: 2)
                }
                size = Size(width: parts[0].rounded(), height: parts[1].rounded())
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument \(argument)\n\(usage)", status: 2)
            }
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

if options.headless {
    guard let tracePath = options.replay else { fail("--headless needs --replay TRACE\n\(usage)", status: 2) }
    guard let logPath = options.log else { fail("--headless needs --log FILE (- for standard output)\n\(usage)", status: 2) }
    let trace: Trace
    do {
        trace = try Trace(contentsOf: URL(fileURLWithPath: tracePath))
    } catch {
        fail("\(error)")
    }
    let sink: FileHandle
    if logPath == "-" {
        sink = .standardOutput
    } else {
        guard FileManager.default.createFile(atPath: logPath, contents: nil), let handle = FileHandle(forWritingAtPath: logPath) else {
            fail("cannot write the log to \(logPath)")
        }
        sink = handle
    }
    let scene = GestureDemoScene.replay(trace, size: options.size) { record in
        sink.write(Data((record.jsonLine + "\n").utf8))
    }
    try? sink.synchronize()
    if let output = options.output {
        do {
            try GestureDemoRenderer.writePNG(scene, size: scene.window.bounds.size, to: output)
        } catch {
            fail("\(error)")
        }
    }
    exit(0)
}

// The window, on the user's compositor.
LiveSession.blockExitSignals()
var replay: Trace?
if let tracePath = options.replay {
    do {
        replay = try Trace(contentsOf: URL(fileURLWithPath: tracePath))
    } catch {
        fail("\(error)")
    }
}
let size = options.size ?? replay?.canvasSize ?? Size(width: 1024, height: 700)
let content = GestureDemoLive(size: size)
do {
    let session = try LiveSession(
        content: content,
        configuration: .init(title: "Gesture demo", appID: "gesture-demo", size: size, replay: replay),
        log: { message in FileHandle.standardError.write(Data("gesture-demo: \(message)\n".utf8)) }
    )
    exit(try session.run())
} catch {
    fail("\(error)")
}
