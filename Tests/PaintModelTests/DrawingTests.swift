import Testing
import PaintModel
import Geometry

/// A short stroke in a palette colour, told apart by its start.
func stroke(_ x: Double, color: Int = 0, width: Double = 8) -> Stroke {
    Stroke(points: [StrokePoint(Point(x: x, y: 10)), StrokePoint(Point(x: x + 20, y: 30))],
           color: Brush.palette[color], width: width)
}

@Suite struct DrawingTests {
    @Test func undoRemovesTheLastStrokeAndRedoPutsItBack() {
        var drawing = Drawing()
        drawing.add(stroke(0))
        #expect(drawing.add(stroke(50)) == .appended(stroke(50)))
        #expect(drawing.undo() == .truncated(to: 1))
        #expect(drawing.strokes == [stroke(0)])
        #expect(drawing.redo() == .appended(stroke(50)))
        #expect(drawing.strokes == [stroke(0), stroke(50)])
        #expect(drawing.redo() == nil)
    }

    @Test func clearIsUndoable() {
        var drawing = Drawing()
        drawing.add(stroke(0))
        drawing.add(stroke(50))
        #expect(drawing.clear() == .cleared)
        #expect(drawing.isEmpty)
        #expect(drawing.undo() == .restored)
        #expect(drawing.strokes == [stroke(0), stroke(50)])
        #expect(drawing.redo() == .cleared)
        #expect(drawing.isEmpty)
        #expect(drawing.undo() == .restored)
        #expect(drawing.undo() == .truncated(to: 1))
    }

    @Test func clearingNothingIsNoEdit() {
        var drawing = Drawing()
        #expect(drawing.clear() == nil)
        #expect(!drawing.canUndo)
    }

    @Test func aNewStrokeForgetsWhatCouldBeRedone() {
        var drawing = Drawing()
        drawing.add(stroke(0))
        drawing.undo()
        #expect(drawing.canRedo)
        drawing.add(stroke(50))
        #expect(!drawing.canRedo)
        #expect(drawing.strokes == [stroke(50)])
    }

    @Test func undoWithNothingToUndoDoesNothing() {
        var drawing = Drawing(strokes: [stroke(0)])
        #expect(drawing.undo() == nil)
        #expect(drawing.strokes == [stroke(0)])
    }
}

@Suite struct BrushTests {
    @Test func paletteHasNineColoursAndWidthsStep() {
        var brush = Brush()
        #expect(Brush.palette.count == 9)
        #expect(brush.width == 8)
        brush.widen()
        #expect(brush.width == 16)
        for _ in 0..<10 { brush.widen() }
        #expect(brush.width == Brush.widths.last)
        for _ in 0..<10 { brush.narrow() }
        #expect(brush.width == Brush.widths.first)
    }

    @Test func selectingAColourOutsideThePaletteIsIgnored() {
        var brush = Brush()
        brush.selectColor(at: 3)
        brush.selectColor(at: 9)
        #expect(brush.color == Brush.palette[3])
        #expect(brush.makeStroke().color == Brush.palette[3])
    }
}
