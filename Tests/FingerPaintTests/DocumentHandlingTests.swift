import Foundation
import Testing
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

@Suite struct DocumentHandlingTests {
    @Test func completedStrokesAreAutosavedTogetherAfterADelay() throws {
        let store = DocumentStore(url: temporaryFolder().appendingPathComponent("fingerpaint/drawing.fpdraw"))
        let painter = Painter(autosave: store)
        painter.drag([(1, point(50, 50), point(150, 50))], steps: 2)
        painter.drag([(1, point(50, 80), point(150, 80))], steps: 2)
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
        #expect(painter.app.hasUnsavedChanges)
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time + 1000))
        painter.app.waitForAutosave()
        guard case let .opened(strokes) = store.open() else { Issue.record("not saved"); return }
        #expect(strokes == painter.app.drawing.strokes)
        #expect(strokes.count == 2)
        #expect(!painter.app.hasUnsavedChanges)
    }

    @Test func aFailedAutosaveIsReported() {
        // A document path under a file cannot be created.
        let blocker = temporaryFolder().appendingPathComponent("file")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
        let painter = Painter(autosave: DocumentStore(url: blocker.appendingPathComponent("drawing.fpdraw")))
        painter.drag([(1, point(50, 50), point(150, 50))], steps: 2)
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time + 1000))
        painter.app.waitForAutosave()
        #expect(painter.messages.count == 1)
        #expect(painter.messages.first?.hasPrefix("fingerpaint: cannot save") == true)
        #expect(painter.app.hasUnsavedChanges)
    }

    @Test func saveNowWritesAtOnceAndReopensIdentical() throws {
        let store = DocumentStore(url: temporaryFolder().appendingPathComponent("drawing.fpdraw"))
        let painter = Painter(autosave: store)
        painter.drag([(1, point(50, 50), point(150, 120)), (2, point(300, 50), point(200, 200))], steps: 7)
        painter.tap(3, at: point(100, 200))
        painter.app.saveNow()
        guard case let .opened(strokes) = store.open() else { Issue.record("not saved"); return }
        #expect(strokes == painter.app.drawing.strokes)
        let reopened = FingerPaintApp(size: Size(width: 400, height: 300), strokes: strokes)
        reopened.renderFrame()
        #expect(largestDifference(reopened.renderer.frame, painter.app.renderer.frame) == 0)
    }

    @Test func ctrlSExportsAPNGAndSaysWhere() throws {
        let folder = temporaryFolder()
        let store = DocumentStore(url: folder.appendingPathComponent("drawing.fpdraw"))
        let painter = Painter(autosave: store, exportFolder: folder)
        painter.drag([(1, point(50, 50), point(150, 50))], steps: 2)
        painter.key("ctrl+s")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 1)
        let data = try Data(contentsOf: folder.appendingPathComponent(pngs[0]))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(painter.messages.contains { $0.contains(folder.appendingPathComponent(pngs[0]).path) })
        #expect(FileManager.default.fileExists(atPath: store.url.path))
    }
}

@Suite struct ReplayTests {
    private static var demoTrace: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/demo-trace.jsonl")
    }

    @Test func demoTraceReplaysToAColourfulCanvas() throws {
        let trace = try Trace(contentsOf: Self.demoTrace)
        let (app, statistics) = Replay(trace: trace).run()
        #expect(app.renderer.pixelWidth == 800 && app.renderer.pixelHeight == 600)
        #expect(app.drawing.strokes.count >= 8)
        #expect(app.autosave == nil && app.exportFolder == nil)
        #expect(statistics.frames > 60)
        #expect(Painter.paintedPixels(of: app.renderer.canvas, rows: .max) > 20_000)
        // The palette is not in the picture: the bottom bar is paper.
        #expect(app.renderer.canvas.pixel(x: 20, y: 580) == paper)
        let line = statistics.jsonLine
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["frames"] as? Int == statistics.frames)
        #expect(!line.contains("\n"))
    }

    @Test func replayRunsTheSameInputPathAsTheWindow() throws {
        let trace = try Trace(parsing: """
            {"canvas": [200, 200]}
            {"t": 0, "touch": "down", "id": 1, "x": 20, "y": 50}
            {"t": 0, "touch": "frame"}
            {"t": 16, "touch": "motion", "id": 1, "x": 100, "y": 50}
            {"t": 16, "touch": "frame"}
            {"t": 33, "touch": "up", "id": 1}
            {"t": 40, "touch": "down", "id": 2, "x": 150, "y": 20}
            {"t": 56, "touch": "motion", "id": 2, "x": 150, "y": 40}
            {"t": 60, "touch": "cancel"}
            """)
        let (app, statistics) = Replay(trace: trace, size: nil).run()
        #expect(app.renderer.pixelWidth == 200)
        #expect(app.drawing.strokes.count == 1)
        #expect(app.renderer.canvas.pixel(x: 60, y: 50) != paper)
        #expect(app.renderer.canvas.pixel(x: 150, y: 30) == paper)
        #expect(statistics.frames >= 3)
        let sized = Replay(trace: trace, size: Size(width: 320, height: 240)).run().app
        #expect(sized.renderer.pixelWidth == 320)
    }

    @Test func replayStartsFromAnOpenedDrawing() throws {
        let trace = Trace(canvasSize: Size(width: 100, height: 100), events: [])
        let stroke = Stroke(points: [StrokePoint(Point(x: 50, y: 50))], color: .black, width: 20)
        let app = Replay(trace: trace).run(from: [stroke]).app
        #expect(app.renderer.canvas.pixel(x: 50, y: 50) != paper)
    }
}

@Suite struct LaunchOptionsTests {
    @Test func replayOptionsParse() throws {
        let options = try LaunchOptions.parse(["--replay", "t.jsonl", "--output", "o.png", "--size", "640x480", "--stats",
                                              "--open", "d.fpdraw"])
        #expect(options.replay == "t.jsonl" && options.output == "o.png" && options.open == "d.fpdraw")
        #expect(options.size == Size(width: 640, height: 480))
        #expect(options.printsStatistics)
    }

    @Test func aReplayWithoutOutputPlaysIntoTheWindowAndMayBeRecorded() throws {
        let options = try LaunchOptions.parse(["--replay", "t.jsonl", "--record", "r.jsonl", "--new"])
        #expect(options.replay == "t.jsonl" && options.output == nil && options.record == "r.jsonl" && options.startsBlank)
    }

    @Test(arguments: [["--output", "o.png"], ["--size", "big"], ["--bogus"], ["--new", "--open", "x"],
                      ["--open"], ["--record"], ["--replay", "t", "--output", "o.png", "--record", "r"]])
    func badCommandLinesAreRefused(arguments: [String]) {
        #expect(throws: LaunchOptions.ParseError.self) { try LaunchOptions.parse(arguments) }
    }
}
