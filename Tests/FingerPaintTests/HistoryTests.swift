import Testing
import PaintRender
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

@Suite struct HistoryTests {
    /// Two horizontal strokes, at y = 50 and y = 150.
    private func twoStrokes() -> Painter {
        let painter = Painter()
        painter.drag([(1, point(50, 50), point(350, 50))])
        painter.drag([(2, point(50, 150), point(350, 150))])
        return painter
    }

    @Test func undoAndRedoWithTheKeys() {
        let painter = twoStrokes()
        painter.key("ctrl+z")
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.isPainted(200, 50) && !painter.isPainted(200, 150))
        painter.key("ctrl+shift+z")
        #expect(painter.isPainted(200, 50) && painter.isPainted(200, 150))
        painter.key("ctrl+z")
        painter.key("ctrl+z")
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        painter.key("ctrl+y")
        #expect(painter.isPainted(200, 50) && !painter.isPainted(200, 150))
    }

    @Test func deleteClearsAndUndoBringsItBack() {
        let painter = twoStrokes()
        let before = Painter.paintedPixels(of: painter.app.renderer.frame)
        painter.key("Delete")
        #expect(painter.app.drawing.isEmpty)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        painter.key("ctrl+z")
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == before)
        let fresh = CanvasRenderer(logicalSize: painter.app.renderer.logicalSize, strokes: painter.app.drawing.strokes)
        #expect(largestDifference(fresh.canvas, painter.app.renderer.canvas) == 0)
        painter.key("ctrl+y")
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        painter.key("ctrl+z")
        painter.key("ctrl+z")
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.isPainted(200, 50) && !painter.isPainted(200, 150))
    }

    @Test func undoWhileAFingerIsDownKeepsItsStroke() {
        let painter = twoStrokes()
        painter.drag([(3, point(50, 100), point(350, 100))], lift: false)
        painter.key("ctrl+z")
        #expect(painter.isPainted(200, 100) && !painter.isPainted(200, 150))
        painter.send(.touchUp(id: 3), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(painter.isPainted(200, 100))
    }

    @Test func undoOnAManyStrokeDrawingMatchesAFullRedraw() {
        // More strokes than a checkpoint interval, so undo starts from a checkpoint.
        let painter = Painter()
        for index in 0..<150 {
            let y = 10 + Double(index % 23) * 10
            painter.drag([(Int32(index % 5), point(10 + Double(index), y), point(200 + Double(index), y + 5))], steps: 2)
        }
        for _ in 0..<30 { painter.key("ctrl+z") }
        #expect(painter.app.drawing.strokes.count == 120)
        let fresh = PaintRender.CanvasRenderer(logicalSize: painter.app.renderer.logicalSize,
                                               strokes: painter.app.drawing.strokes)
        #expect(largestDifference(fresh.canvas, painter.app.renderer.canvas) == 0)
    }
}
