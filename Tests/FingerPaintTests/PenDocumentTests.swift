import Foundation
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import TouchUI

/// Pressure, tilt and erasing as the window saves them, and documents older than pressure as it opens them.
@Suite struct PenDocumentTests {
    @Test func aDocumentWithPressureReopensIdenticalAndLooksTheSame() throws {
        let folder = temporaryFolder()
        let url = folder.appendingPathComponent("pen.fpdraw")
        let painter = try Painter(opening: url, exportFolder: folder)
        risingPenStroke(painter)
        painter.stroke(2, through: line(from: point(40, 200), to: point(360, 160), count: 9), kind: .pencil,
                       pen: { t in PenAttributes(force: 1 - 0.8 * t, tiltX: 30 * t, tiltY: -20) })
        painter.stroke(3, through: line(from: point(60, 40), to: point(360, 40), count: 5))
        painter.stroke(4, through: line(from: point(200, 20), to: point(200, 60), count: 3), kind: .eraser,
                       pen: { _ in PenAttributes(force: 0.3) })
        #expect(painter.app.drawing.strokes.count == 2 && painter.app.drawing.strokes.allSatisfy(\.hasPressure))
        let before = painter.app.drawing
        let picture = painter.app.renderer.canvas
        let exported = try #require(painter.app.exportPNG())
        #expect(painter.app.finishDocument())

        let reopened = try Painter(opening: url)
        #expect(reopened.app.drawing == before)
        #expect(reopened.app.drawing.strokes[1].pen.last?.altitude ?? 0 < .pi / 2)
        #expect(largestDifference(reopened.app.renderer.canvas, picture) == 0)
        // The export shows the pressure too: thin at the start of the rising stroke, wide at its end.
        let png = try ImageSurface(contentsOfPNG: exported.path)
        #expect(paintedHeight(of: png, x: 350, rows: 60..<140) > 2 * paintedHeight(of: png, x: 45, rows: 60..<140))
        // Undo brings back the erased stroke, as it was; redo erases it again.
        reopened.key("ctrl+z")
        #expect(reopened.app.drawing.strokes.count == 3 && reopened.isPainted(100, 40))
        reopened.key("ctrl+shift+z")
        #expect(reopened.app.drawing == before)
        reopened.app.finishDocument()
    }

    @Test(arguments: [1, 2])
    func aDocumentOfAnOlderVersionOpensUnchangedAndBecomesVersionThreeAtTheFirstEdit(version: Int) throws {
        let url = temporaryFolder().appendingPathComponent("old.fpdraw")
        let strokes = [
            Stroke(points: line(from: point(40, 60), to: point(360, 60), count: 5).map { StrokePoint($0) }, color: .black, width: 8),
            Stroke(points: [StrokePoint(point(200, 150))], color: Brush.palette[1], width: 32),
        ]
        var history = Drawing()
        for stroke in strokes { history.add(stroke) }
        let old = try #require(version == 1 ? DrawingDocument.encodeVersion1(strokes) : DrawingDocument.encodeVersion2(history))
        try Data(old).write(to: url)
        let painter = try Painter(opening: url)
        #expect(painter.app.drawing.strokes == strokes && painter.app.drawing.canUndo == (version == 2))
        #expect(painter.isPainted(100, 60) && painter.isPainted(200, 150))
        #expect(try Data(contentsOf: url) == Data(old))
        painter.stroke(1, through: line(from: point(40, 200), to: point(360, 200), count: 5), kind: .pencil,
                       pen: risingPressure)
        painter.app.waitForSaves()
        let contents = try DocumentFile.read(url)
        #expect(contents.version == DrawingDocument.version && contents.drawing == painter.app.drawing)
        #expect(contents.drawing.strokes.prefix(2) == strokes[...] && contents.drawing.strokes.last?.hasPressure == true)
        painter.app.finishDocument()
    }
}

