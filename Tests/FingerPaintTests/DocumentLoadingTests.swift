import Dispatch
import Foundation
import Testing
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

/// A launch's document read on another thread after the first frame (docs/loading.md): the reading held by a
/// queue the test suspends and resumes, never by time.
@Suite struct DocumentLoadingTests {
    /// A document of `count` horizontal strokes across the top of the canvas, closed.
    private func document(strokes count: Int, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("large.fpdraw")
        let painter = try Painter(opening: url)
        for index in 0..<count {
            let y = 20 + Double(index % 20) * 5
            painter.drag([(1, point(20, y), point(380, y))], steps: 2)
        }
        painter.app.finishDocument()
        return url
    }

    /// A painter launched as the window is: the header checked, the first frame drawn, the records read on
    /// `queue`.
    private func launch(_ url: URL, on queue: DispatchQueue) throws -> Painter {
        guard case let .reading(opening) = try DocumentFile.begin(url, create: false) else {
            throw CocoaError(.fileReadUnknown)
        }
        let library = DocumentLibrary(environment: ["HOME": url.deletingLastPathComponent().path])
        let painter = Painter()
        // As the window has it: tiles drawn on the worker, a completed stroke baked after its frame is sent.
        painter.app.renderer.drawsTilesInBackground = true
        painter.app.renderer.defersStrokeBaking = true
        painter.app.load(opening, library: library, on: queue)
        return painter
    }

    /// A launch of a document of `count` strokes whose records are held from being read until the test resumes
    /// `gate`.
    private func heldLaunch(strokes count: Int) throws -> (painter: Painter, url: URL, folder: URL, gate: DispatchQueue) {
        let folder = temporaryFolder()
        let url = try document(strokes: count, in: folder)
        let gate = DispatchQueue(label: "gate")
        gate.suspend()
        return (try launch(url, on: gate), url, folder, gate)
    }

    @Test func theFirstFrameComesBeforeTheDocumentIsReadAndItsDrawingAfter() throws {
        let (painter, url, _, gate) = try heldLaunch(strokes: 40)
        // The reading is held: the frame shows paper and the palette, the app has no document yet.
        painter.app.renderFrame()
        #expect(painter.app.isLoadingDocument && painter.app.document == nil)
        #expect(!painter.isPainted(200, 20))
        gate.resume()
        painter.app.waitForLoadedDocument()
        painter.app.renderFrame()
        painter.app.waitForTiles()
        painter.app.renderFrame()
        #expect(!painter.app.isLoadingDocument && painter.app.drawing.strokes.count == 40)
        #expect(painter.app.document?.url == url && painter.isPainted(200, 20))
        painter.app.finishDocument()
    }

    @Test func touchesMadeWhileLoadingLandAfterTheLoadedStrokesAndSurviveAReopen() throws {
        let folder = temporaryFolder()
        let url = try document(strokes: 30, in: folder)
        let loaded = try DocumentFile.read(url).drawing.strokes
        let gate = DispatchQueue(label: "gate")
        gate.suspend()
        let painter = try launch(url, on: gate)
        painter.app.renderFrame()
        // A stroke and an undo of one of the loaded strokes' neighbours... then another stroke, all while reading.
        painter.drag([(1, point(50, 200), point(350, 200))], steps: 3)
        painter.key("ctrl+z")
        painter.drag([(2, point(50, 180), point(350, 180))], steps: 3)
        #expect(painter.app.isLoadingDocument && painter.app.drawing.strokes.isEmpty)
        gate.resume()
        painter.app.waitForLoadedDocument()
        // The held input replayed on the loaded drawing: the first stroke added then undone, the second kept.
        let strokes = painter.app.drawing.strokes
        #expect(strokes.count == 31 && Array(strokes.prefix(30)) == loaded)
        #expect(strokes.last?.points.first?.location.y == 180)
        // And shown: the stroke made while loading is drawn with the loaded ones, once the tiles are in.
        for _ in 0..<3 {
            painter.app.renderFrame()
            painter.app.bakeStrokes()
            painter.app.waitForTiles()
        }
        painter.app.renderFrame()
        #expect(painter.isPainted(200, 180) && painter.isPainted(200, 20))
        painter.app.finishDocument()
        let reopened = try DocumentFile.read(url).drawing
        #expect(reopened == painter.app.drawing)
        // The undo is in the history too: redo brings the first stroke back.
        var redone = reopened
        #expect(redone.apply(.redo) == nil)  // the second stroke cleared the redo, as in any session
        #expect(reopened.strokes.count == 31)
    }

    @Test func quittingWhileLoadingWithNoInputWritesNothing() throws {
        let folder = temporaryFolder()
        let url = try document(strokes: 10, in: folder)
        let before = try Data(contentsOf: url)
        let gate = DispatchQueue(label: "gate")
        gate.suspend()
        let painter = try launch(url, on: gate)
        painter.app.renderFrame()
        // The clock moving is not input: a quit after it still has nothing to wait for.
        painter.send(.tick)
        // Quit while the reading is still held: nothing saved, nothing waited for.
        #expect(painter.app.finishDocument())
        #expect(painter.app.document == nil && !painter.app.isLoadingDocument)
        gate.resume()
        gate.sync {}
        // The result that came after is never taken; the file is byte for byte as it was, nothing beside it.
        #expect(!painter.app.takeLoadedDocument())
        #expect(try Data(contentsOf: url) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(files == ["large.fpdraw"])
    }

    @Test func quittingWhileLoadingWithInputHeldSavesItAfterTheLoadedStrokes() throws {
        let (painter, url, _, gate) = try heldLaunch(strokes: 10)
        painter.app.renderFrame()
        painter.drag([(1, point(50, 200), point(350, 200))], steps: 3)
        // The quit waits for the reading, which the test lets go from another thread once the quit is waiting.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { gate.resume() }
        #expect(painter.app.finishDocument())
        let saved = try DocumentFile.read(url).drawing.strokes
        #expect(saved.count == 11 && saved.last?.points.first?.location.y == 200)
    }

    /// Makes `url`'s records unreadable in place (the same file, as another program ignoring the lock would), after
    /// its header was checked: what reading it then finds. Returns the bytes it holds now.
    private func spoilInPlace(_ url: URL) throws -> Data {
        let garbage = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x42, count: 300))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: garbage)
        try handle.truncate(atOffset: UInt64(garbage.count))
        try handle.close()
        return garbage
    }

    @Test func aFileThatCannotBeReadAfterItsHeaderKeepsWhatWasDrawnMeanwhileInANewDrawing() throws {
        let (painter, url, folder, gate) = try heldLaunch(strokes: 10)
        painter.app.renderFrame()
        painter.drag([(1, point(50, 200), point(350, 200))], steps: 3)
        let spoiled = try spoilInPlace(url)
        gate.resume()
        painter.app.waitForLoadedDocument()
        // The window stays, with a new drawing holding the stroke made while loading; the banner says why.
        let document = try #require(painter.app.document)
        #expect(painter.loadFailures == 0 && document.url != url && !painter.app.isLoadingDocument)
        #expect(painter.app.drawing.strokes.count == 1 && painter.app.drawing.strokes.first?.points.first?.location.y == 200)
        #expect(painter.app.banner?.hasPrefix("Cannot read large.fpdraw:") == true)
        #expect(painter.app.banner?.contains(document.title) == true)
        painter.app.finishDocument()
        // Saved there; the file that could not be read is as it was left, nothing written to it or beside it.
        #expect(try DocumentFile.read(document.url).drawing.strokes == painter.app.drawing.strokes)
        #expect(try Data(contentsOf: url) == spoiled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") } == ["large.fpdraw"])
    }

    @Test func aFileThatCannotBeReadAfterItsHeaderWithNothingDoneClosesTheWindowWritingNothing() throws {
        let (painter, url, folder, gate) = try heldLaunch(strokes: 10)
        painter.app.renderFrame()
        let spoiled = try spoilInPlace(url)
        gate.resume()
        painter.app.waitForLoadedDocument()
        #expect(painter.loadFailures == 1 && painter.app.document == nil)
        #expect(try Data(contentsOf: url) == spoiled)
        let everything = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fpdraw") }
        #expect(everything == ["large.fpdraw"])
    }

    @Test(arguments: ["a PNG", "a damaged header", "a newer version"])
    func aFileThatIsNotADrawingIsRefusedAtTheHeaderAsBeforeAndLeftAsItWas(kind: String) throws {
        let folder = temporaryFolder()
        let url = folder.appendingPathComponent("drawing.fpdraw")
        var bytes: [UInt8]
        switch kind {
        case "a PNG": bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x42, count: 64)
        case "a damaged header":
            bytes = DrawingDocument.header() + Array(repeating: 7, count: 40)
            bytes[13] ^= 0xFF
        default: bytes = DrawingDocument.header(version: DrawingDocument.version + 1) + Array(repeating: 7, count: 40)
        }
        try Data(bytes).write(to: url)
        // begin refuses what open refuses, with the same words, before any window: nothing is read later.
        var openError: DocumentOpenError?
        do { _ = try DocumentFile.open(url, create: false) } catch { openError = error }
        var beginError: DocumentOpenError?
        do { _ = try DocumentFile.begin(url, create: false) } catch { beginError = error }
        #expect(openError != nil && beginError == openError)
        #expect(try Data(contentsOf: url) == Data(bytes))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["drawing.fpdraw"])
    }
}
