import Foundation
import Testing
import SeatInput
import TouchUI

@Suite struct TraceTests {
    static let example = """
        {"canvas": [800, 600]}
        {"t": 0, "touch": "down", "id": 5, "x": 400, "y": 300, "major": 12, "minor": 8}
        {"t": 0, "touch": "frame"}
        {"t": 16.5, "touch": "motion", "id": 5, "x": 410.25, "y": 302}
        {"t": 16.5, "touch": "frame"}
        {"t": 40, "touch": "up", "id": 5}
        {"t": 40, "touch": "frame"}
        {"t": 41, "touch": "cancel"}
        {"t": 50, "pointer": "enter", "x": 1, "y": 2}
        {"t": 51, "pointer": "motion", "x": 100, "y": 500}
        {"t": 52, "pointer": "button", "button": "left", "state": "pressed"}
        {"t": 53, "pointer": "button", "button": "middle", "state": "released"}
        {"t": 54, "pointer": "axis", "dx": 0, "dy": -10}
        {"t": 55, "pointer": "leave"}
        {"t": 400, "key": "ctrl+shift+z"}
        {"t": 401, "key": "bracketright"}
        {"t": 1500, "tick": true}

        """

    @Test(arguments: [
        ("{\"canvas\": [100000, 100000]}", "\"canvas\" is 100000x100000; the largest is 16384x16384"),
        ("{\"t\": 1e12, \"tick\": true}", "a trace may last at most 86400000 ms"),
        ("{\"t\": 0, \"touch\": \"up\", \"id\": 99999999999}", "\"id\" must be a whole number from -2147483648 to 2147483647"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1, \"y\": 1, \"major\": 1e9}", "must be from 0 to 16384"),
    ])
    func absurdSizesTimesAndIDsAreErrorsNamingTheFileTheLineAndTheLimit(line: String, expected: String) {
        // The canvas line comes first; any other line follows a first event, on line 2.
        let isCanvas = line.hasPrefix("{\"canvas\"")
        let text = isCanvas ? line : "{\"t\": 0, \"tick\": true}\n" + line
        #expect {
            _ = try Trace(parsing: text, file: "big.jsonl")
        } throws: { error in
            "\(error)".hasPrefix("big.jsonl:\(isCanvas ? 1 : 2): ") && "\(error)".contains(expected)
        }
    }

    @Test func readsEveryKindOfLine() throws {
        let trace = try Trace(parsing: Self.example)
        #expect(trace.canvasSize == Size(width: 800, height: 600))
        #expect(trace.events.count == 16)
        #expect(trace.events[0] == at(0, .touchDown(id: 5, location: point(400, 300), shape: TouchShape(major: 12, minor: 8))))
        #expect(trace.events[2] == at(16.5, .touchMotion(id: 5, location: point(410.25, 302))))
        #expect(trace.events[9] == at(52, .pointerButton(.left, isPressed: true)))
        #expect(trace.events[13] == at(400, .key(KeyChord("z", modifiers: [.ctrl, .shift]))))
        #expect(trace.events[15] == at(1500, .tick))
    }

    @Test func aTraceWrittenAndReadBackIsTheSameStream() throws {
        let trace = try Trace(parsing: Self.example)
        #expect(trace.serialized() == Self.example.replacingOccurrences(of: "\n\n", with: "\n"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try trace.write(to: url)
        #expect(try Trace(contentsOf: url) == trace)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let trace = try Trace(parsing: #"{"t": 3, "touch": "up", "id": 1, "pressure": 0.5}"# + "\n" + #"{"t": 4, "future": "thing"}"#)
        #expect(trace.events == [at(3, .touchUp(id: 1))])
    }

    @Test(arguments: [
        ("{\"t\": 0, \"touch\": \"frame\"}\nnot json", 2, "not valid JSON"),
        ("{\"touch\": \"frame\"}", 1, "no \"t\""),
        ("{\"t\": 5, \"touch\": \"frame\"}\n{\"t\": 4, \"touch\": \"frame\"}", 2, "goes backwards"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 5}", 1, "\"x\" and \"y\""),
        ("{\"t\": 0, \"touch\": \"wiggle\"}", 1, "unknown \"touch\" event"),
        ("{\"t\": \"soon\", \"tick\": true}", 1, "\"t\" must be a number"),
        ("{\"t\": 0, \"key\": \"hyper+q\"}", 1, "\"key\""),
        ("{\"t\": 0, \"tick\": true}\n{\"canvas\": [1, 1]}", 2, "canvas line must come first"),
        ("[1, 2]", 1, "not a JSON object"),
        ("{\"t\": 0, \"key\": \"ctrl\", \"state\": \"held\"}", 1, "\"state\""),
        ("{\"t\": 0, \"gesture\": \"twirl\", \"phase\": \"begin\", \"fingers\": 2}", 1, "unknown \"gesture\""),
        ("{\"t\": 0, \"gesture\": \"pinch\", \"phase\": \"begin\"}", 1, "\"fingers\""),
        ("{\"t\": 0, \"gesture\": \"pinch\", \"phase\": \"middle\"}", 1, "\"phase\""),
        ("{\"t\": 0, \"gesture\": \"pinch\", \"phase\": \"update\", \"scale\": 0}", 1, "\"scale\""),
        ("{\"t\": 0, \"gesture\": \"hold\", \"phase\": \"update\"}", 1, "no \"update\""),
        ("{\"t\": 0, \"gesture\": \"pinch\", \"phase\": \"end\", \"cancelled\": 1}", 1, "\"cancelled\""),
        // Out of the documented ranges, or too large for a Double (Foundation refuses 1e999 as JSON): refused, never clamped in silence.
        ("{\"t\": 0, \"tick\": true}\n{\"t\": 90, \"pointer\": \"axis\", \"dx\": 0, \"dy\": 1e19}", 2, "\"dy\" must be from -10000 to 10000"),
        ("{\"t\": 0, \"pointer\": \"axis\", \"dx\": 1e999}", 1, "not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1e12, \"y\": 5}", 1, "\"x\" and \"y\" must be from -1000000 to 1000000"),
        ("{\"t\": 0, \"gesture\": \"pinch\", \"phase\": \"update\", \"scale\": 1e300}", 1, "\"scale\" must be a positive number up to 1000"),
        ("{\"t\": 0, \"gesture\": \"pinch\", \"phase\": \"update\", \"rotation\": -1e9}", 1, "\"rotation\" must be from -3600 to 3600"),
        ("{\"t\": 0, \"drag\": \"fling\"}", 1, "unknown \"drag\" event \"fling\""),
        ("{\"t\": 0, \"drag\": \"enter\", \"x\": 1, \"y\": 2, \"data\": \"\"}", 1, "\"types\" must be a list of 1 to 64 MIME types"),
        ("{\"t\": 0, \"drag\": \"enter\", \"x\": 1, \"y\": 2, \"types\": [], \"data\": \"\"}", 1, "\"types\" must be a list"),
        ("{\"t\": 0, \"drag\": \"enter\", \"x\": 1, \"y\": 2, \"types\": [\"text/plain\", 3], \"data\": \"\"}", 1, "\"types\" must be a list"),
        ("{\"t\": 0, \"drag\": \"enter\", \"x\": 1, \"y\": 2, \"types\": [\"a\\u0000b\"], \"data\": \"\"}", 1, "\"types\" must be a list"),
        ("{\"t\": 0, \"drag\": \"enter\", \"x\": 1, \"y\": 2, \"types\": [\"text/plain\"]}", 1, "\"data\" must be a string of at most 65536 bytes"),
        ("{\"t\": 0, \"drag\": \"enter\", \"types\": [\"text/plain\"], \"data\": \"\"}", 1, "\"x\" and \"y\""),
        ("{\"t\": 0, \"drag\": \"motion\", \"x\": 1e12, \"y\": 0}", 1, "\"x\" and \"y\" must be from"),
    ])
    func aBadLineIsAnErrorNamingTheFileAndLine(text: String, line: Int, message: String) {
        #expect {
            try Trace(parsing: text, file: "bad.jsonl")
        } throws: { error in
            guard let error = error as? TraceError else { return false }
            return error.line == line && error.file == "bad.jsonl" && error.message.contains(message)
                && error.description.hasPrefix("bad.jsonl:\(line): ")
        }
    }

    /// Held keys and touchpad gestures, as issue #11 names them.
    static let heldKeysAndGestures = """
        {"t": 0, "key": "ctrl", "state": "pressed"}
        {"t": 10, "pointer": "axis", "dx": 0, "dy": -10}
        {"t": 900, "key": "ctrl", "state": "released"}
        {"t": 1000, "gesture": "pinch", "phase": "begin", "fingers": 2}
        {"t": 1008, "gesture": "pinch", "phase": "update", "dx": 0, "dy": 0, "scale": 1.25, "rotation": 0}
        {"t": 1400, "gesture": "pinch", "phase": "end", "cancelled": false}
        {"t": 1500, "gesture": "swipe", "phase": "begin", "fingers": 3}
        {"t": 1510, "gesture": "swipe", "phase": "update", "dx": 4.5, "dy": -2}
        {"t": 1520, "gesture": "swipe", "phase": "end", "cancelled": true}
        {"t": 1600, "gesture": "hold", "phase": "begin", "fingers": 2}
        {"t": 1700, "gesture": "hold", "phase": "end", "cancelled": false}

        """

    @Test func readsHeldKeysAndTouchpadGestures() throws {
        let trace = try Trace(parsing: Self.heldKeysAndGestures)
        #expect(trace.events == [
            at(0, .keyState(KeyChord("ctrl"), isPressed: true)),
            at(10, .pointerAxis(dx: 0, dy: -10)),
            at(900, .keyState(KeyChord("ctrl"), isPressed: false)),
            at(1000, .touchpadGesture(.begin(.pinch, fingers: 2))),
            at(1008, .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 1.25, rotation: 0))),
            at(1400, .touchpadGesture(.end(.pinch, cancelled: false))),
            at(1500, .touchpadGesture(.begin(.swipe, fingers: 3))),
            at(1510, .touchpadGesture(.update(.swipe, dx: 4.5, dy: -2, scale: 1, rotation: 0))),
            at(1520, .touchpadGesture(.end(.swipe, cancelled: true))),
            at(1600, .touchpadGesture(.begin(.hold, fingers: 2))),
            at(1700, .touchpadGesture(.end(.hold, cancelled: false))),
        ])
        #expect(trace.serialized() == Self.heldKeysAndGestures.replacingOccurrences(of: "\n\n", with: "\n"))
    }

    /// A file dragged from a file manager over the window, moved and dropped; then text dragged over and away.
    static let drags = """
        {"t": 0, "drag": "enter", "x": 10, "y": 20.5, "types": ["text/uri-list", "text/plain;charset=utf-8"], "data": "file:///tmp/a%20b.png\\u000d\\u000a"}
        {"t": 16, "drag": "motion", "x": 300, "y": 200}
        {"t": 32, "drag": "drop"}
        {"t": 100, "drag": "enter", "x": 0, "y": 0, "types": ["text/plain"], "data": "a \\"word\\""}
        {"t": 116, "drag": "leave"}

        """

    @Test func readsDrags() throws {
        let trace = try Trace(parsing: Self.drags)
        #expect(trace.events == [
            at(0, .drag(.enter(location: Point(x: 10, y: 20.5), mimeTypes: ["text/uri-list", "text/plain;charset=utf-8"],
                               data: Array("file:///tmp/a%20b.png\r\n".utf8)))),
            at(16, .drag(.motion(location: Point(x: 300, y: 200)))),
            at(32, .drag(.drop)),
            at(100, .drag(.enter(location: .zero, mimeTypes: ["text/plain"], data: Array("a \"word\"".utf8)))),
            at(116, .drag(.leave)),
        ])
        #expect(trace.serialized() == Self.drags.replacingOccurrences(of: "\n\n", with: "\n"))
    }

    @Test func aMissingFileIsAClearError() {
        #expect(throws: TraceError.self) { try Trace(contentsOf: URL(fileURLWithPath: "/nonexistent/trace.jsonl")) }
    }
}

@Suite struct BundledTraceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theDocumentedExampleIsAValidTrace() throws {
        let trace = try Trace(contentsOf: Self.root.appendingPathComponent("assets/two-fingers.jsonl"))
        #expect(trace.canvasSize == Size(width: 800, height: 600))
        #expect(trace.events.count == 13)
        let recorder = RecordingWindow()
        recorder.feed(trace.events)
        #expect(recorder.entries == ["began(1,2)", "moved(1,2)", "moved(1,2)", "ended(1,2)"])
    }
}
