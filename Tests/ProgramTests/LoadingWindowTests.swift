import Foundation
import Glibc
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The launch's document read after the window's first frame (docs/loading.md), through the real program on
/// touch-replay: the reading held by a lock the test holds (`FINGERPAINT_LOAD_GATE`), never by time.
@Suite struct LoadingWindowTests {
    typealias Window = FingerPaintWindowTests

    @Test func aWindowClosedWhileItsDocumentIsReadShowedItsFirstFrameAndWroteNothing() async throws {
        let scratch = try TemporaryDirectory()
        let painted = try await Window.paint(Window.twoFingerStrokes, in: scratch)
        #expect(painted.status == 0, "\(painted.standardError)")
        let document = scratch.path("drawing.fpdraw")
        let before = try Data(contentsOf: URL(fileURLWithPath: document))
        #expect(Window.savedStrokes(in: scratch)?.count == 2)
        // The test holds the gate for the whole run: the records are never read while the window is open.
        let gate = scratch.path("gate")
        #expect(FileManager.default.createFile(atPath: gate, contents: nil))
        let held = open(gate, O_RDONLY | O_CLOEXEC)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        defer { close(held) }
        let trace = try scratch.write("wait.jsonl", Trace(canvasSize: Size(width: 800, height: 600),
                                                          events: [SeatEvent(time: .milliseconds(300), .tick)]).serialized())
        var environment = Window.environment(in: scratch)
        environment["FINGERPAINT_LOAD_GATE"] = gate
        let closed = try await ChildProcess.run(
            Window.touchReplay, ["--trace", trace, "--output", scratch.path("loading.png"), "--", Window.fingerpaint, document,
                                 "--verbose"], environment: environment, timeout: 60)
        #expect(closed.status == 0, "\(closed.standardError)")
        // Its first frame came with the document still being read, and showed paper where the strokes are.
        #expect(closed.standardError.contains("the document still being read"), "\(closed.standardError)")
        let shown = try await PNGReader.pixels(in: scratch.path("loading.png"), at: [(150, 100), (250, 200)])
        #expect(shown.pixels.allSatisfy { $0.red > 240 && $0.green > 240 && $0.blue > 240 })
        // The document is byte for byte as it was, nothing beside it, and the next launch shows its strokes.
        #expect(try Data(contentsOf: URL(fileURLWithPath: document)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("drawing") } == ["drawing.fpdraw"])
        flock(held, LOCK_UN)
        let reopened = try await Window.paint([SeatEvent(time: .milliseconds(300), .tick)], in: scratch, png: "reopened.png")
        #expect(reopened.status == 0, "\(reopened.standardError)")
        let strokes = try await PNGReader.pixels(in: scratch.path("reopened.png"), at: [(150, 100), (250, 200)])
        #expect(strokes.pixels.allSatisfy { $0.red < 100 && $0.green < 100 && $0.blue < 100 })
    }
}
