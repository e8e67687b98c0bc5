import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintRender
import ProcessTesting
import SeatInput
import Testing

/// Drag and drop from another program into the real window, through touch-replay's data device: a trace's drag
/// lines offer what a file manager offers (docs/selection.md, "Drop"; docs/trace-format.md), and the document the
/// program saves is read back from FILE.
@Suite struct DropWindowTests {
    typealias Window = FingerPaintWindowTests

    /// A drag offering `data` as `types` entering at `from`, moving to `to` and dropped there, from `start` (ms),
    /// as slowly as a hand: the window's answer to the enter (its accept) must reach touch-replay before the drop, even
    /// when the test pool keeps the window waiting for a processor.
    static func drag(_ types: [String], _ data: String, from: Point, to: Point, at start: Double) -> [SeatEvent] {
        [SeatEvent(time: .milliseconds(start), .drag(.enter(location: from, mimeTypes: types, data: Array(data.utf8)))),
         SeatEvent(time: .milliseconds(start + 400), .drag(.motion(location: Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)))),
         SeatEvent(time: .milliseconds(start + 800), .drag(.motion(location: to))),
         SeatEvent(time: .milliseconds(start + 1200), .drag(.drop))]
    }

    /// The `--stats` line touch-replay printed.
    static func stats(_ result: ProcessResult) throws -> [String: Any] {
        let line = try #require(result.standardOutput.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aPictureFileDroppedFromAFileManagerIsPlacedWhereItWasDroppedAndTheFileIsUnchanged() async throws {
        let scratch = try SelectionWindowTests.scratch(with: SelectionWindowTests.twoStrokes())
        let png = try DrawingPicture(strokes: ExportTests.drawing().strokes).bytes(format: .png)
        let picture = scratch.path("dropped picture.png")
        try Data(png).write(to: URL(fileURLWithPath: picture))
        let before = try Data(contentsOf: URL(fileURLWithPath: picture))
        // What a file manager offers for one file: its URI (a space escaped) and the same as text.
        let uri = try #require(URL(fileURLWithPath: picture).absoluteString as String?)
        let events = Self.drag(["text/uri-list", "text/plain;charset=utf-8"], uri + "\r\n",
                               from: SelectionWindowTests.window(200, 150), to: SelectionWindowTests.window(420, 330), at: 300)
            + [SeatEvent(time: .milliseconds(2500), .tick)]
        let result = try await Window.paint(events, in: scratch, replayOptions: ["--stats"])
        #expect(result.status == 0, "\(result.standardError)")
        let stats = try Self.stats(result)
        #expect(stats["drops"] as? Int == 1 && stats["drops_finished"] as? Int == 1 && stats["drops_refused"] as? Int == 0,
                "the drop taken, and finished once read: \(stats)")
        let saved = try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw"))).drawing
        try #require(saved.layers.count == 2, "a new layer for the picture")
        let image = try #require(saved.layers[1].image)
        #expect(image.bytes == png, "the file's own bytes")
        #expect(abs(image.frame.midX - 420) < 0.5 && abs(image.frame.midY - 330) < 0.5, "centred where it was dropped: \(image.frame)")
        #expect(saved.layers[1].attributes.name == "dropped picture")
        #expect(saved.layers[0].strokes.count == 2, "the strokes as they were")
        #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == before, "the dropped file is only read")
    }

    @Test func aDroppedFolderAndDraggedTextAreRefusedInTheBannerAndTheDrawingIsUnchanged() async throws {
        let scratch = try SelectionWindowTests.scratch(with: SelectionWindowTests.twoStrokes())
        let folder = scratch.path("pictures")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let events = Self.drag(["text/uri-list"], URL(fileURLWithPath: folder).absoluteString + "\r\n",
                               from: SelectionWindowTests.window(200, 150), to: SelectionWindowTests.window(300, 200), at: 300)
            + Self.drag(["text/plain;charset=utf-8", "UTF8_STRING"], "a few words",
                        from: SelectionWindowTests.window(200, 150), to: SelectionWindowTests.window(300, 200), at: 1800)
            + [SeatEvent(time: .milliseconds(3600), .tick)]
        let result = try await Window.paint(events, in: scratch, replayOptions: ["--stats"], programOptions: ["--verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        let stats = try Self.stats(result)
        // The folder's list is taken and read, then refused; the text is refused while it is dragged over.
        #expect(stats["drops"] as? Int == 1 && stats["drops_refused"] as? Int == 1, "\(stats)")
        let banners = Window.banners(in: result.standardError)
        #expect(banners.contains { $0.hasPrefix("Cannot place pictures:") }, "\(banners)")
        #expect(banners.contains("Cannot drop text here: fingerpaint takes picture files, PNG, JPEG or SVG pictures and strokes."),
                "\(banners)")
        let saved = try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw"))).drawing
        #expect(saved == SelectionWindowTests.twoStrokes(), "nothing added")
        #expect(FileManager.default.fileExists(atPath: folder), "the folder is left alone")
    }
}
