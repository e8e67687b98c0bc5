import Testing
import PaintRender
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

/// Undo on drawings long enough to have canvas checkpoints: what is shown always equals a full redraw.
@Suite struct UndoCheckpointTests {
    /// A short stroke per index, laid out so that strokes overlap little; `shift` moves the whole set.
    private func draw(_ indices: Range<Int>, on painter: Painter, shift: Double = 0) {
        for index in indices {
            let y = 10 + Double(index % 23) * 10 + shift
            painter.drag([(Int32(index % 5), point(10 + Double(index) + shift, y), point(200 + Double(index), y + 5))], steps: 2)
        }
    }

    private func matchesAFullRedraw(_ painter: Painter) -> Bool {
        let fresh = CanvasRenderer(logicalSize: painter.app.renderer.logicalSize, strokes: painter.app.drawing.strokes)
        return largestDifference(fresh.canvas, painter.app.renderer.canvas) == 0
    }

    @Test func strokesDrawnAfterAnUndoPastACheckpointAreNotUndoneFromTheOldCheckpoint() {
        // 130 strokes: checkpoints at 64 and 128. Undo to 120 drops the one at 128; new strokes up to 130 replace
        // strokes 121–130, so the canvas at 128 is not what it was.
        let painter = Painter()
        draw(0..<130, on: painter)
        for _ in 0..<10 { painter.key("ctrl+z") }
        #expect(painter.app.drawing.strokes.count == 120)
        draw(120..<130, on: painter, shift: 3)
        #expect(painter.app.drawing.strokes.count == 130)
        painter.key("ctrl+z")
        #expect(painter.app.drawing.strokes.count == 129)
        #expect(matchesAFullRedraw(painter))
        painter.key("ctrl+z")
        #expect(matchesAFullRedraw(painter))
    }

    @Test func undoingPastTwoCheckpointsAndDrawingAgainMatchesAFullRedraw() {
        // 200 strokes: checkpoints at 64, 128 and 192. Undo to 100 leaves only the one at 64 true; the strokes
        // drawn again pass 128 and 192 with different strokes.
        let painter = Painter()
        draw(0..<200, on: painter)
        for _ in 0..<100 { painter.key("ctrl+z") }
        #expect(painter.app.drawing.strokes.count == 100)
        draw(100..<200, on: painter, shift: 7)
        for _ in 0..<10 { painter.key("ctrl+z") }
        #expect(painter.app.drawing.strokes.count == 190)
        #expect(matchesAFullRedraw(painter))
    }
}
