import Foundation
import Geometry
import PropertyBased
@testable import SeatStream
import Testing

/// A folder of its own for one test's files, removed at the end.
private final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}

/// Everything a stream reader gives for a file: its canvas and events, or its first error.
private func streamed(_ url: URL, chunkSize: Int) -> Result<Trace, TraceError> {
    do throws(TraceError) {
        let reader = try TraceReader(contentsOf: url, chunkSize: chunkSize)
        var trace = Trace(canvasSize: reader.canvasSize, canvasOrigin: reader.canvasOrigin)
        while let event = try reader.nextEvent() { trace.events.append(event) }
        return .success(trace)
    } catch {
        return .failure(error)
    }
}

/// What the whole-text parser gives for the same file.
private func parsedWhole(_ url: URL) throws -> Result<Trace, TraceError> {
    let text = try String(contentsOf: url, encoding: .utf8)
    do throws(TraceError) {
        return .success(try Trace(parsing: text, file: url.path))
    } catch {
        return .failure(error)
    }
}

/// One random number as one line of a trace at `time` (which it may move on): an event of any kind, a blank or
/// padded line, a line with an event from a later version, a line ending in CR, or — when `wrong` — a wrong line.
private func line(_ number: Int, time: inout Double, wrong: Bool) -> String {
    time += Double((number >> 8) % 40) / 2
    let x = Double((number >> 12) % 2000) - 500, y = Double((number >> 24) % 1500) / 4
    let id = Int32((number >> 36) % 5)
    let kinds: [SeatEvent.Kind] = [
        .touchDown(id: id, location: Point(x: x, y: y)),
        .touchMotion(id: id, location: Point(x: x, y: y), shape: TouchShape(major: 12, minor: 8)),
        .touchUp(id: id), .touchFrame, .touchCancel,
        .pointerMotion(location: Point(x: x, y: y)), .pointerButton(.left, isPressed: true), .pointerAxis(dx: 0, dy: -10),
        .key(KeyChord("z", modifiers: [.ctrl])), .keyState(KeyChord("ctrl"), isPressed: true),
        .touchpadGesture(.update(.pinch, dx: 1, dy: 2, scale: 1.25, rotation: 3)),
        .tablet(.motion(location: Point(x: x, y: y), axes: TabletAxes(pressure: 0.5, tiltX: 10, tiltY: -3)), tool: 1),
        .tick,
    ]
    let event = Trace.line(for: SeatEvent(time: .milliseconds(time), kinds[(number >> 40) % kinds.count]))
    switch number % 16 {
    case 0: return ""
    case 1: return "  \t" + event + "  "
    case 2: return "{\"t\": \(time), \"future\": 1}"
    case 3: return event + "\r"
    case 4 where wrong: return ["{\"t\": 0, \"touch\": \"wiggle\"}", "not json", "{\"t\": -5, \"tick\": true}", "[1, 2]",
                                "{\"t\": 1, \"touch\": \"down\", \"id\": 1}", "{\"canvas\": [10, 10]}"][(number >> 4) % 6]
    default: return event
    }
}

@Suite struct TraceReaderTests {
    /// The traces the fuzzers start from, written by the programs.
    static let fixtures = ["keys-and-wheel.jsonl", "pen.jsonl", "two-fingers.jsonl"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus/trace/\($0)").standardized
    }

    @Test(arguments: fixtures, [1, 7, 4096, TraceReader.chunkSize])
    func theStreamGivesWhatTheWholeFileGives(fixture: URL, chunkSize: Int) throws {
        let whole = try parsedWhole(fixture)
        let trace = try whole.get()
        #expect(!trace.events.isEmpty)
        #expect(streamed(fixture, chunkSize: chunkSize) == whole)
        #expect(try Trace(contentsOf: fixture) == trace)
    }

    static let lines = Gen.int(in: 0...Int.max).array(of: 0...120)

    @Test func randomTracesReadTheSameAsAStreamAndWhole() async throws {
        let scratch = try Scratch()
        await propertyCheck(count: 60, input: Self.lines) { numbers in
            var time = 0.0
            var text = (numbers.first ?? 0) % 3 == 0 ? "" : "{\"canvas\": [800, 600], \"origin\": [0, 32]}\n"
            // Half the traces have a wrong line somewhere: both readers stop at it with the same words.
            let wrong = (numbers.last ?? 0) % 2 == 0
            text += numbers.map { line($0, time: &time, wrong: wrong) }.joined(separator: "\n")
            if (numbers.first ?? 0) % 5 == 0 { text += "\n" }
            let file = try #require(try? scratch.write("random.jsonl", text))
            let whole = try #require(try? parsedWhole(file))
            for chunkSize in [3, 64, 4096] {
                #expect(streamed(file, chunkSize: chunkSize) == whole, "chunks of \(chunkSize)")
            }
        }
    }

    @Test func theReaderHoldsOneChunkAndOneLineNotTheFile() throws {
        let scratch = try Scratch()
        var time = 0.0
        let lines = (0..<20_000).map { line($0 &* 2_654_435_761 &+ 5, time: &time, wrong: false) }
        let file = try scratch.write("long.jsonl", lines.joined(separator: "\n"))
        let longest = lines.map(\.utf8.count).max() ?? 0
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        let reader = try TraceReader(contentsOf: file, chunkSize: 4096)
        var count = 0
        while try reader.nextEvent() != nil { count += 1 }
        #expect(count > 15_000)
        #expect(reader.mostBytesHeld <= 4096 + longest, "held \(reader.mostBytesHeld) of a \(size)-byte file")
        #expect(size > 20 * (4096 + longest))
    }

    @Test func aLineLongerThanOneMebibyteIsRefusedWithItsFileAndLine() throws {
        let scratch = try Scratch()
        let long = "{\"t\": 5, \"tick\": true, \"note\": \"" + String(repeating: "a", count: 3 * Trace.longestLine) + "\"}"
        let file = try scratch.write("long-line.jsonl", "{\"canvas\": [800, 600]}\n{\"t\": 0, \"tick\": true}\n\(long)\n{\"t\": 9, \"tick\": true}\n")
        let reader = try TraceReader(contentsOf: file, chunkSize: 4096)
        #expect(try reader.nextEvent() != nil)
        #expect(throws: TraceError(file: file.path, line: 3,
                                   message: "the line is longer than 1 MiB (1048576 bytes); a trace's lines are one event each")) {
            try reader.nextEvent()
        }
        // Refused once it is too long, not read to its end first.
        #expect(reader.mostBytesHeld <= Trace.longestLine + 2 * 4096)
        // The whole-text parser says the same.
        #expect(try parsedWhole(file) == .failure(TraceError(file: file.path, line: 3, message:
            "the line is longer than 1 MiB (1048576 bytes); a trace's lines are one event each")))
        // A file with no newline at all is refused the same way, without reading it all.
        let endless = try scratch.write("endless.jsonl", String(repeating: " ", count: 3 * Trace.longestLine))
        #expect(throws: TraceError(file: endless.path, line: 1,
                                   message: "the line is longer than 1 MiB (1048576 bytes); a trace's lines are one event each")) {
            try TraceSummary(validating: endless)
        }
    }

    @Test func aWrongLineDeepInAFileIsFoundByTheCheckWithItsLine() throws {
        let scratch = try Scratch()
        var lines = ["{\"canvas\": [800, 600]}"]
        lines += (0..<30_000).map { "{\"t\": \($0), \"touch\": \"frame\"}" }
        lines[25_000] = "{\"t\": 25000, \"touch\": \"motion\", \"id\": 1}"
        let file = try scratch.write("deep.jsonl", lines.joined(separator: "\n"))
        #expect(throws: TraceError(file: file.path, line: 25_001, message: "\"x\" and \"y\" must be numbers")) {
            try TraceSummary(validating: file)
        }
        lines[25_000] = "{\"t\": 25000, \"key\": \"ctrl+z\"}"
        let good = try scratch.write("good.jsonl", lines.joined(separator: "\n"))
        let summary = try TraceSummary(validating: good)
        #expect(summary.eventCount == 30_000)
        #expect(summary.canvasSize == Size(width: 800, height: 600))
        #expect(summary.firstMilliseconds == 0 && summary.lastMilliseconds == 29_999)
        #expect(summary.keyEvents == [SeatEvent(time: .milliseconds(25_000), .key(KeyChord("z", modifiers: [.ctrl])))])
    }

    @Test func aFileThatCannotBeReadIsSaidInPlainWords() throws {
        let scratch = try Scratch()
        let missing = scratch.url.appendingPathComponent("absent.jsonl")
        #expect(throws: TraceError(file: missing.path, line: 0, message: "cannot read the file: there is no such file")) {
            try TraceReader(contentsOf: missing)
        }
        #expect(throws: TraceError(file: scratch.url.path, line: 0, message: "cannot read the file: it is a folder")) {
            try Trace(contentsOf: scratch.url)
        }
        let latin1 = scratch.url.appendingPathComponent("latin1.jsonl")
        try Data("{\"t\": 0, \"tick\": true}\n{\"t\": 1, \"key\": \"\u{E9}\"}\n".utf8.map { $0 == 0xC3 ? 0x20 : $0 }).write(to: latin1)
        #expect(throws: TraceError(file: latin1.path, line: 2, message: "not UTF-8 text")) {
            try Trace(contentsOf: latin1)
        }
        // A pipe cannot be read twice: refused, not played empty.
        let pipe = scratch.url.appendingPathComponent("pipe.jsonl")
        try #require(mkfifo(pipe.path, 0o600) == 0)
        let writer = open(pipe.path, O_RDWR)
        try #require(writer >= 0)
        defer { close(writer) }
        let line = "{\"t\": 0, \"tick\": true}\n"
        try #require(write(writer, line, line.utf8.count) == line.utf8.count)
        #expect(throws: TraceError(file: pipe.path, line: 0, message: "not a regular file (a trace is read twice: checked, then played)")) {
            try TraceSummary(validating: pipe)
        }
    }
}
