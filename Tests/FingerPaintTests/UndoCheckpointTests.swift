import Testing
import PaintRender
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

/// Undo on drawings long enough to have canvas checkpoints (every 64 strokes): what is shown always equals a full
/// redraw, also after strokes undone past a checkpoint were drawn again differently.
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

    /// Draws `strokes`, undoes `undone`, draws as many again elsewhere, then undoes `undoneAtTheEnd` one by one,
    /// comparing the canvas with a full redraw after each.
    private func expectUndoMatchesAFullRedraw(strokes: Int, undone: Int, undoneAtTheEnd: Int) {
        let painter = Painter()
        draw(0..<strokes, on: painter)
        for _ in 0..<undone { painter.key("ctrl+z") }
        #expect(painter.app.drawing.strokes.count == strokes - undone)
        draw((strokes - undone)..<strokes, on: painter, shift: 5)
        for _ in 0..<undoneAtTheEnd {
            painter.key("ctrl+z")
            #expect(matchesAFullRedraw(painter), "\(painter.app.drawing.strokes.count) strokes")
        }
    }

    @Test func strokesDrawnAgainPastOneCheckpointAreNotUndoneFromTheOldOne() {
        // Checkpoints at 64 and 128; undoing 10 of 130 leaves the one at 128 stale.
        expectUndoMatchesAFullRedraw(strokes: 130, undone: 10, undoneAtTheEnd: 2)
    }

    @Test func strokesDrawnAgainPastTwoCheckpointsAreNotUndoneFromTheOldOnes() {
        // Checkpoints at 64, 128 and 192; undoing 100 of 200 leaves two stale.
        expectUndoMatchesAFullRedraw(strokes: 200, undone: 100, undoneAtTheEnd: 10)
    }
}
