import Foundation
import PaintUI
import Testing
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

@Suite struct DocumentHandlingTests {
    @Test func everyEditIsSavedWithItsHistoryAndAClearIsUndoneAfterReopening() throws {
        let url = temporaryFolder().appendingPathComponent("picture.fpdraw")
        let painter = try Painter(opening: url)
        painter.drag([(1, point(50, 50), point(150, 50))], steps: 2)
        painter.drag([(1, point(50, 80), point(150, 80))], steps: 2)
        painter.key("Delete")
        // No delay and no quit: what the window did is in the file once the background queue has written it.
        painter.app.waitForSaves()
        let saved = try DocumentFile.read(url).drawing
        #expect(saved == painter.app.drawing && saved.strokes.isEmpty && saved.canUndo)
        // Quit, reopen, undo: the clear is undone and the strokes are back, drawn as before.
        let before = painter.app.drawing
        painter.app.finishDocument()
        let reopened = try Painter(opening: url)
        #expect(reopened.app.drawing == before)
        reopened.key("ctrl+z")
        #expect(reopened.app.drawing.strokes.count == 2)
        #expect(reopened.isPainted(100, 50) && reopened.isPainted(100, 80))
        reopened.app.finishDocument()
    }

    @Test func aFailedSaveShowsABannerKeepsTheStrokesAndSavesThemWhenItCan() async throws {
        let folder = temporaryFolder().appendingPathComponent("drawings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let url = folder.appendingPathComponent("picture.fpdraw")
        let painter = try Painter(opening: url)
        try FileManager.default.removeItem(at: folder)
        painter.drag([(1, point(50, 100), point(350, 100))], steps: 2)
        painter.app.waitForSaves()
        painter.app.renderFrame()
        let banner = try #require(painter.app.banner)
        #expect(banner == "Cannot save picture: its folder does not exist. Your drawing is kept, and saving is tried again.")
        #expect(painter.messages.contains { $0.hasPrefix("fingerpaint: cannot save \(url.path)") })
        // The banner is drawn over the top of the canvas, and a touch on it dismisses it without painting.
        #expect(painter.shown(100, 20) != paper)
        painter.tap(4, at: point(100, 20))
        #expect(painter.app.banner == nil && painter.shown(100, 20) == paper)
        #expect(painter.app.drawing.strokes.count == 1)
        // The folder comes back: the journal's next try saves everything.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        var saved: Drawing?
        for _ in 0..<500 where saved != painter.app.drawing {
            try await Task.sleep(for: .milliseconds(10))
            saved = try? DocumentFile.read(url).drawing
        }
        #expect(saved == painter.app.drawing)
        #expect(painter.app.finishDocument())
    }

    @Test func quittingWhileSavingFailsWritesARecoveryDocumentAndSaysWhere() throws {
        let home = temporaryFolder()
        let folder = home.appendingPathComponent("drawings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let painter = try Painter(opening: folder.appendingPathComponent("picture.fpdraw"), home: home)
        try FileManager.default.removeItem(at: folder)
        painter.drag([(1, point(50, 100), point(350, 100))], steps: 2)
        #expect(!painter.app.finishDocument())
        let line = try #require(painter.messages.last)
        let recovered = try FileManager.default.contentsOfDirectory(atPath: home.path + "/.local/state/fingerpaint")
            .filter { $0.hasSuffix(".fpdraw") }
        #expect(recovered.count == 1)
        let recovery = home.appendingPathComponent(".local/state/fingerpaint/\(try #require(recovered.first))")
        #expect(line.contains(recovery.path))
        #expect(try DocumentFile.read(recovery).drawing.strokes == painter.app.drawing.strokes)
    }

    @Test func aDocumentOpenInAnotherWindowIsShownAndWhatIsPaintedGoesToACopy() throws {
        let home = temporaryFolder()
        let url = home.appendingPathComponent("shared.fpdraw")
        let first = try Painter(opening: url, home: home)
        first.drag([(1, point(50, 50), point(150, 50))], steps: 2)
        first.app.waitForSaves()
        let second = try Painter(opening: url, home: home)
        let document = try #require(second.app.document)
        #expect(document.readOnlyReason == .openInAnotherWindow && document.title == "shared (read-only)")
        #expect(second.isPainted(100, 50))
        second.titles = []
        second.drag([(1, point(50, 150), point(150, 150))], steps: 2)
        first.drag([(1, point(50, 200), point(150, 200))], steps: 2)
        second.app.waitForSaves()
        first.app.waitForSaves()
        // The first window's document has its strokes; the copy has what the second window showed and drew.
        #expect(try DocumentFile.read(url).drawing.strokes == first.app.drawing.strokes)
        let copy = document.url
        #expect(copy != url && DocumentLibrary(environment: ["HOME": home.path]).isUntitled(copy))
        #expect(try DocumentFile.read(copy).drawing.strokes == second.app.drawing.strokes)
        #expect(second.app.drawing.strokes.count == 2 && second.titles == [document.title] && document.readOnlyReason == nil)
        #expect(second.messages.contains { $0.contains(copy.path) && $0.contains("another fingerpaint window") })
        #expect(first.app.finishDocument() && second.app.finishDocument())
    }

    @Test func anUntitledDocumentThatWasNeverDrawnInIsRemovedOnQuit() throws {
        let home = temporaryFolder()
        let library = DocumentLibrary(environment: ["HOME": home.path])
        let empty = try Painter(opening: try library.newUntitledDocument(), home: home)
        let emptyURL = try #require(empty.app.document?.url)
        #expect(FileManager.default.fileExists(atPath: emptyURL.path))
        empty.app.finishDocument()
        #expect(!FileManager.default.fileExists(atPath: emptyURL.path))
        let drawn = try Painter(opening: try library.newUntitledDocument(), home: home)
        drawn.tap(1, at: point(100, 100))
        drawn.app.finishDocument()
        #expect(try DocumentFile.read(try #require(drawn.app.document?.url)).drawing.strokes.count == 1)
    }

    @Test func ctrlSExportsTheDrawingOnlyUnderANewNameEachTime() throws {
        let folder = temporaryFolder()
        let painter = try Painter(opening: folder.appendingPathComponent("drawing.fpdraw"), exportFolder: folder)
        painter.drag([(1, point(50, 50), point(150, 50))], steps: 2)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try #require(painter.app.exportPNG(now: now))
        let second = try #require(painter.app.exportPNG(now: now))
        #expect(first != second)
        painter.key("ctrl+s")
        // Named after the drawing, never over an earlier export; the window says where each went.
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(pngs.sorted() == ["drawing-2.png", "drawing-3.png", "drawing.png"])
        #expect(painter.app.banner == "Exported the drawing to drawing-3.png in \(folder.path).")
        // A notice, not a failure: drawn calmly and gone after a few seconds.
        #expect(painter.app.renderer.overlay?.banner?.isNotice == true)
        for _ in 0..<260 { painter.send(.tick) }
        #expect(painter.app.banner == nil)
        let data = try Data(contentsOf: first)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(painter.messages.contains { $0.contains(first.path) })
        // The picture is the drawing above the palette: 400 wide, 300 less the palette's height.
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }, width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 400 && height == 300 - Int(PaletteView.height))
    }

    @Test func anExportToAFolderThatIsGoneSaysSo() {
        let folder = temporaryFolder().appendingPathComponent("Pictures")
        let painter = Painter(exportFolder: folder)
        painter.tap(1, at: point(100, 100))
        #expect(painter.app.exportPNG() == nil)
        #expect(painter.messages.last == "fingerpaint: cannot export: the folder \(folder.path) does not exist")
        #expect(painter.app.banner == "Cannot export the drawing: the folder \(folder.path) does not exist.")
        #expect(painter.app.renderer.overlay?.banner?.isNotice == false)
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
        #expect(app.document == nil && app.exportFolder == nil)
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
        #expect(options.replay == "t.jsonl" && options.output == "o.png" && options.document == "d.fpdraw")
        #expect(options.size == Size(width: 640, height: 480))
        #expect(options.printsStatistics)
    }

    @Test func aReplayWithoutOutputPlaysIntoTheWindowAndMayBeRecorded() throws {
        let options = try LaunchOptions.parse(["--replay", "t.jsonl", "--record", "r.jsonl", "--new"])
        #expect(options.replay == "t.jsonl" && options.output == nil && options.record == "r.jsonl" && options.startsBlank)
    }

    @Test func aFileToPaintIsGivenByNameOrWithOpen() throws {
        #expect(try LaunchOptions.parse(["my drawing.fpdraw"]).document == "my drawing.fpdraw")
        #expect(try LaunchOptions.parse(["--open", "a.fpdraw"]).document == "a.fpdraw")
        #expect(try LaunchOptions.parse([]).document == nil)
        #expect(try LaunchOptions.parse(["--new"]).startsBlank)
    }

    @Test(arguments: [["--output", "o.png"], ["--size", "big"], ["--bogus"], ["--new", "--open", "x"], ["--new", "x.fpdraw"],
                      ["a.fpdraw", "b.fpdraw"], ["--open"], ["--record"], ["--replay", "t", "--output", "o.jpg"],
                      ["--replay", "t", "--output", "o.png", "--record", "r"]])
    func badCommandLinesAreRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try LaunchOptions.parse(arguments) }
    }
}

/// A file put at the open document's path by someone else while the window paints it (`mv other.txt drawing.fpdraw`)
/// is left as it is: the drawing goes on in a new document beside it, and the window says so.
@Suite struct ReplacedDocumentTests {
    @Test func aFileMovedOverTheOpenDocumentSurvivesAndTheStrokesGoToANewDocumentBesideIt() throws {
        let folder = temporaryFolder()
        let url = folder.appendingPathComponent("drawing.fpdraw")
        let painter = try Painter(opening: url)
        painter.drag([(1, point(40, 60), point(300, 60))])
        painter.app.waitForSaves()
        // Someone moves a text file over the document's path.
        let other = folder.appendingPathComponent("other.txt")
        try Data("my notes\n".utf8).write(to: other)
        #expect(rename(other.path, url.path) == 0)
        painter.drag([(2, point(40, 120), point(300, 120))])
        painter.app.waitForSaves()
        painter.app.waitForSaves()
        #expect(try String(contentsOf: url, encoding: .utf8) == "my notes\n")
        let beside = folder.appendingPathComponent("drawing 2.fpdraw")
        let saved = try DocumentFile.read(beside)
        #expect(saved.drawing.strokes.count == 2)
        #expect(painter.app.document?.url.standardizedFileURL == beside.standardizedFileURL)
        #expect(painter.app.banner?.contains("Another file took the place of drawing.fpdraw") == true, "\(painter.app.banner ?? "")")
        #expect(painter.app.banner?.contains("drawing 2.fpdraw") == true)
        #expect(painter.messages.contains { $0.contains("is now saved in \(beside.path)") }, "\(painter.messages)")
        _ = painter.app.finishDocument()
    }
}
