import Testing
import PaintModel
import Geometry
import PropertyBased

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

/// The history's bound (``Drawing/undoLimit``), against a model that keeps every state the drawing went through
/// and a history without bound.
@Suite struct UndoLimitTests {
    static let edits = Gen.int(in: 0...Int.max).array(of: 1...700)

    /// The drawing without a bound on its history: every state, those undo and redo reach.
    struct Unbounded {
        var past: [[Stroke]] = []
        var current: [Stroke] = []
        var future: [[Stroke]] = []
        /// The undos the bounded history allows: one more with each new edit, up to the limit.
        var undoable = 0

        mutating func change(to strokes: [Stroke]) {
            past.append(current)
            current = strokes
            future = []
            undoable = min(undoable + 1, Drawing.undoLimit)
        }
    }

    /// Decodes one number into an edit, applies it to the drawing and the model, and checks they agree.
    static func apply(_ number: Int, to drawing: inout Drawing, _ model: inout Unbounded) {
        let strokes = drawing.strokes
        switch number % 16 {
        case 0...8:
            let added = stroke(Double(number % 1_000), color: (number >> 10) % 9)
            drawing.add(added)
            model.change(to: strokes + [added])
        case 9:
            let canUndo = model.undoable > 0
            #expect((drawing.undo() != nil) == canUndo)
            if canUndo {
                model.future.append(model.current)
                model.current = model.past.removeLast()
                model.undoable -= 1
            }
        case 10:
            #expect((drawing.redo() != nil) == !model.future.isEmpty)
            if let next = model.future.popLast() {
                model.past.append(model.current)
                model.current = next
                model.undoable += 1
            }
        case 11:
            if drawing.clear() != nil { model.change(to: []) }
        case 12, 13:
            // Erase one stroke in two, from a place the number picks.
            let start = strokes.isEmpty ? 0 : (number >> 12) % strokes.count
            let positions = Array(stride(from: start, to: strokes.count, by: 2).prefix(3))
            if drawing.erase(positions) != nil {
                model.change(to: strokes.indices.filter { !positions.contains($0) }.map { strokes[$0] })
            }
        default:
            guard !strokes.isEmpty else { return }
            let position = (number >> 12) % strokes.count
            let shape = stroke(Double(number % 1_000), color: (number >> 10) % 9, width: 3)
            drawing.replace(at: position, with: shape)
            var replaced = strokes
            replaced[position] = shape
            model.change(to: replaced)
        }
    }

    @Test func atMostTheLimitOfUndosAreKeptAndTheStrokesAreThoseOfAnUnboundedHistory() async {
        await propertyCheck(count: 40, input: Self.edits) { numbers in
            var drawing = Drawing(), model = Unbounded()
            for number in numbers {
                Self.apply(number, to: &drawing, &model)
                // The strokes shown are those an unbounded history would show.
                guard drawing.strokes == model.current else {
                    Issue.record("the strokes differ after \(number)")
                    return
                }
            }
            // A document of the drawing reads back as the same drawing, history and all.
            #expect(Drawing(baseStrokes: drawing.baseLayers.flatMap(\.strokes), edits: drawing.compactEdits) == drawing)
            var undos = 0
            while drawing.undo() != nil { undos += 1 }
            #expect(undos == model.undoable)
            #expect(undos <= Drawing.undoLimit)
            // Undoing them all gives the drawing as it was that many edits ago, which is what no undo removes.
            #expect(drawing.strokes == (model.past + [model.current])[model.past.count - undos])
            #expect(drawing.strokes == drawing.baseLayers.flatMap(\.strokes))
            // Redoing everything gives the newest state redo reaches.
            while drawing.redo() != nil {}
            #expect(drawing.strokes == model.future.first ?? model.current)
        }
    }

    @Test func theOldestEditBeyondTheLimitIsFoldedIntoTheBaseStrokes() {
        var drawing = Drawing()
        drawing.add(stroke(0))
        drawing.add(stroke(1))
        drawing.clear()
        for index in 0..<Drawing.undoLimit - 3 { drawing.add(stroke(Double(10 + index))) }
        // As many edits as the limit: nothing is folded, the clear keeps the two strokes it removed.
        #expect(drawing.baseLayers.flatMap(\.strokes).isEmpty)
        drawing.add(stroke(5_000))
        drawing.add(stroke(5_001))
        // The two oldest edits, the two strokes, are base strokes now.
        #expect(drawing.baseLayers.flatMap(\.strokes) == [stroke(0), stroke(1)])
        drawing.add(stroke(5_002))
        // Then the clear: it removed them for good.
        #expect(drawing.baseLayers.flatMap(\.strokes).isEmpty)
        #expect(drawing.compactEdits.count == Drawing.undoLimit)
        #expect(!drawing.compactEdits.contains(.clear))
        drawing.add(stroke(5_003))
        #expect(drawing.baseLayers.flatMap(\.strokes) == [stroke(10)])
        // The undos reach as far as the base strokes, no further.
        for _ in 0..<Drawing.undoLimit { drawing.undo() }
        #expect(drawing.strokes == [stroke(10)])
        #expect(!drawing.canUndo)
    }
}
