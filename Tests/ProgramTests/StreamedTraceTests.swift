import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The programs that play a trace read it as a stream, twice: checked whole first, then played as it is read
/// (docs/trace-format.md, "Reading").
@Suite struct StreamedTraceTests {
    /// A trace of `strokes` short one-finger strokes down the left of an 800×600 canvas (about 1 KiB each, so the file
    /// spans many of the reader's chunks), then one long stroke across y = 500 from x = 100 to 700.
    static func lines(strokes: Int) -> [String] {
        var lines = ["{\"canvas\": [800, 600]}"]
        var time = 0.0
        func touch(_ kind: SeatEvent.Kind) {
            lines.append(Trace.line(for: SeatEvent(time: .milliseconds(time), kind)))
            lines.append(Trace.line(for: SeatEvent(time: .milliseconds(time), .touchFrame)))
            time += 16
        }
        for stroke in 0..<strokes {
            let y = Double(20 + stroke % 400)
            touch(.touchDown(id: 1, location: Point(x: 20, y: y)))
            for step in 1...6 { touch(.touchMotion(id: 1, location: Point(x: 20 + Double(step) * 5, y: y))) }
            touch(.touchUp(id: 1))
            time += 200
        }
        touch(.touchDown(id: 2, location: Point(x: 100, y: 500)))
        for step in 1...30 { touch(.touchMotion(id: 2, location: Point(x: 100 + Double(step) * 20, y: 500))) }
        touch(.touchUp(id: 2))
        return lines
    }

    @Test func aLongTracePlaysToItsLastStroke() async throws {
        let scratch = try TemporaryDirectory()
        let lines = Self.lines(strokes: 400)
        let trace = try scratch.write("long.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(lines.joined().utf8.count > 4 * TraceReader.chunkSize)
        let result = try await ChildProcess.run(ChildProcess.product("fingerpaint"),
                                                ["--replay", trace, "--output", scratch.path("out.png")])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: scratch.path("out.png"), at: [(400, 500), (650, 500), (400, 450)])
        #expect(image.pixels[0].red < 100 && image.pixels[1].red < 100, "\(image.pixels)")
        #expect(image.pixels[2].red > 200, "\(image.pixels)")
    }

    @Test func aWrongLineDeepInATraceRefusesItBeforeAnythingIsDrawnOrWritten() async throws {
        let scratch = try TemporaryDirectory()
        var lines = Self.lines(strokes: 400)
        let wrong = lines.count - 20
        lines[wrong] = "{\"t\": 1, \"touch\": \"motion\", \"id\": 2, \"x\": 300, \"y\": 500}"
        let trace = try scratch.write("deep.jsonl", lines.joined(separator: "\n") + "\n")
        let message = "\(trace):\(wrong + 1): \"t\" goes backwards"

        let replayed = try await ChildProcess.run(ChildProcess.product("fingerpaint"),
                                                  ["--replay", trace, "--output", scratch.path("out.png")])
        #expect(replayed.status == 1)
        #expect(replayed.standardError.hasPrefix("fingerpaint: \(message)"), "\(replayed.standardError)")
        #expect(replayed.standardError.split(separator: "\n").count == 1, "\(replayed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.png")))

        // touch-replay refuses it before starting the client: the client would leave a file behind.
        let marker = scratch.path("client-ran")
        let played = try await ChildProcess.run(ChildProcess.product("touch-replay"),
                                                ["--trace", trace, "--output", scratch.path("o.png"), "--fast", "--",
                                                 "/bin/sh", "-c", "touch \(marker)"])
        #expect(played.status == 1)
        #expect(played.standardError.hasPrefix("touch-replay: \(message)"), "\(played.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("o.png")))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
