// A pinch and a two-finger tap that waits for it, fed a trace from standard input or the built-in one: prints what
// the recognizers did and the arena's decisions, one line each. Uses the library products alone.
import Foundation
import SeatInput
import TouchUI

let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
let pinch = PinchGestureRecognizer()
pinch.name = "zoom"
let tap = TapGestureRecognizer()
tap.name = "undo"
tap.numberOfTouchesRequired = 2
tap.require(toFail: pinch)
window.addGestureRecognizer(pinch)
window.addGestureRecognizer(tap)
pinch.addTarget { print("pinch \($0.state) scale \(String(format: "%.2f", pinch.scale))") }
tap.addTarget { print("tap \($0.state)") }
window.onArenaDecision = { print($0) }

// Two fingers spreading from 100 to 200 points apart around (400, 300), then a quick two-finger tap.
let builtIn = """
    {"canvas": [800, 600]}
    {"t": 0, "touch": "down", "id": 1, "x": 350, "y": 300}
    {"t": 0, "touch": "down", "id": 2, "x": 450, "y": 300}
    {"t": 0, "touch": "frame"}
    {"t": 50, "touch": "motion", "id": 1, "x": 325, "y": 300}
    {"t": 50, "touch": "motion", "id": 2, "x": 475, "y": 300}
    {"t": 50, "touch": "frame"}
    {"t": 100, "touch": "motion", "id": 1, "x": 300, "y": 300}
    {"t": 100, "touch": "motion", "id": 2, "x": 500, "y": 300}
    {"t": 100, "touch": "frame"}
    {"t": 150, "touch": "up", "id": 1}
    {"t": 150, "touch": "up", "id": 2}
    {"t": 150, "touch": "frame"}
    {"t": 600, "touch": "down", "id": 3, "x": 380, "y": 300}
    {"t": 600, "touch": "down", "id": 4, "x": 420, "y": 300}
    {"t": 600, "touch": "frame"}
    {"t": 680, "touch": "up", "id": 3}
    {"t": 680, "touch": "up", "id": 4}
    {"t": 680, "touch": "frame"}
    """
do {
    let text = CommandLine.arguments.count > 1 ? try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8) : builtIn
    let trace = try Trace(parsing: text, file: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "<built-in>")
    let translator = SeatEventTranslator(window: window)
    translator.handle(trace.events)
    translator.finish()
} catch {
    FileHandle.standardError.write(Data("consumer: \(error)\n".utf8))
    exit(1)
}
