// `fingerpaint`: the finger-painting program, in a window on the compositor or replaying a trace into a PNG.
import FingerPaintCore
import Foundation
import PaintModel
import SeatInput
import TouchUI
import WaylandApp

/// Prints a line to standard error.
func complain(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The strokes to start from: an opened document's, or blank; a document that cannot be read is set aside.
func startingStrokes(open path: String?, autosave: DocumentStore?) -> [Stroke]? {
    guard let store = path.map({ DocumentStore(url: URL(fileURLWithPath: $0)) }) ?? autosave else { return [] }
    switch store.open() {
    case let .opened(strokes): return strokes
    case .missing:
        if path != nil {
            complain("fingerpaint: \(store.url.path): no such file")
            return nil
        }
        return []
    case let .unreadable(message, _):
        complain(message)
        return []
    }
}

func runReplay(_ options: LaunchOptions) -> Int32 {
    let trace: Trace
    do {
        trace = try Trace(contentsOf: URL(fileURLWithPath: options.replay!))
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
    guard let strokes = startingStrokes(open: options.open, autosave: nil) else { return 1 }
    let (app, statistics) = Replay(trace: trace, size: options.size).run(from: strokes)
    do {
        try app.renderer.canvas.writePNG(to: options.output!)
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
    if options.printsStatistics { print(statistics.jsonLine) }
    return 0
}

func runWindow(_ options: LaunchOptions) -> Int32 {
    LiveSession.blockExitSignals()
    var replay: Trace?
    if let path = options.replay {
        do {
            replay = try Trace(contentsOf: URL(fileURLWithPath: path))
        } catch {
            complain("fingerpaint: \(error)")
            return 1
        }
    }
    let autosave = DocumentStore.autosave()
    guard let strokes = options.startsBlank ? [] : startingStrokes(open: options.open, autosave: autosave) else {
        return 1
    }
    let size = options.size ?? replay?.canvasSize ?? Size(width: 1024, height: 700)
    let app = FingerPaintApp(size: size, strokes: strokes, autosave: autosave, exportFolder: picturesFolder())
    app.onMessage = { complain($0) }
    do {
        let session = try LiveSession(
            content: FingerPaintLive(app: app),
            configuration: .init(title: "Finger paint", appID: "fingerpaint", size: size,
                                 recordPath: options.record, replay: replay),
            log: { complain("fingerpaint: \($0)") }
        )
        return try session.run()
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    complain("fingerpaint: \(error)\n\(LaunchOptions.usage)")
    exit(2)
}
if options.showsHelp {
    print(LaunchOptions.usage)
    exit(0)
}
exit(options.output != nil ? runReplay(options) : runWindow(options))
