import Foundation
import PaintModel
import ProcessTesting
import Testing
import TouchUI

/// Values no painter makes but a file someone sends can hold, with valid checksums: an enormous width, a pen stroke
/// with a coordinate that is not a number. They used to trap ("Double value cannot be converted to Int"); now such a
/// stroke is dropped as damage and the rest of the drawing is shown.
@Suite struct ImpossibleValueTests {
    /// The export test's drawing, with a stroke 1e308 points wide and a pen stroke through NaN between them.
    static func drawingWithImpossibleStrokes() throws -> Drawing {
        var drawing = ExportTests.drawing()
        _ = drawing.add(Stroke(points: [StrokePoint(Point(x: 50, y: 50)), StrokePoint(Point(x: 60, y: 60))], color: .black, width: 1e308))
        let pen = try #require(Stroke(points: [StrokePoint(Point(x: 10, y: 10)), StrokePoint(Point(x: .nan, y: 20))],
                                      pen: [StrokePen(pressure: 0.5), StrokePen(pressure: 0.5)], color: .black, width: 4))
        _ = drawing.add(pen)
        _ = drawing.add(Stroke(points: [StrokePoint(Point(x: 2e7, y: 0))], color: .black, width: 4))
        return drawing
    }

    @Test func theDocumentOpensWithTheImpossibleStrokesDroppedAsDamage() throws {
        let bytes = DrawingDocument.encode(try Self.drawingWithImpossibleStrokes())
        let contents = try DrawingDocument.read(bytes)
        #expect(contents.drawing.strokes.count == 2)
        #expect(contents.isDamaged)
    }

    @Test func exportingAndReplayingOverItDrawWhatIsThereWithoutACrash() async throws {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.path("d.fpdraw"),
                                               contents: Data(DrawingDocument.encode(try Self.drawingWithImpossibleStrokes()))))
        let exported = try await ChildProcess.run(ChildProcess.product("fingerpaint"),
                                                  ["--export", scratch.path("out.png"), scratch.path("d.fpdraw")])
        #expect(exported.status == 0, "\(exported.standardError)")
        try await ExportTests.expectStrokes(in: scratch.path("out.png"))
        // A replay drawn over the document renders its tiles: the path that trapped.
        let trace = try scratch.write("t.jsonl", "{\"canvas\": [400, 300]}\n{\"t\": 0, \"tick\": true}\n")
        let replayed = try await ChildProcess.run(ChildProcess.product("fingerpaint"),
                                                  ["--replay", trace, "--output", scratch.path("replay.png"), "--open", scratch.path("d.fpdraw")])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        let image = try await PNGReader.pixels(in: scratch.path("replay.png"), at: [(200, 100), (200, 250), (30, 30)])
        #expect(image.pixels[0].red < 60 && image.pixels[1].red > 200 && image.pixels[2].green > 240, "\(image.pixels)")
    }
}
