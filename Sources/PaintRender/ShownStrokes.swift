// The strokes a drawing shows after a change, as the change hands them to the renderer: their count at once, one of
// them by its place, and all of them in one array only when the change needs it. A drawing of several layers holds
// no such array: gathering 50 000 strokes costs 50 000 retains, and as many releases after, which a stroke added
// to a layer does not need (docs/performance.md, "Layers").
import PaintModel

/// The strokes shown after a change (``CanvasRenderer/apply(_:of:)``): those of a drawing's visible layers, bottom
/// first, or an array of them.
struct ShownStrokes {
    private enum Source {
        case strokes([Stroke])
        case drawing(Drawing)
    }

    private let source: Source
    /// How many strokes are shown.
    let count: Int

    /// The strokes of an array.
    init(_ strokes: [Stroke]) {
        source = .strokes(strokes)
        count = strokes.count
    }

    /// The strokes `drawing` shows (``Drawing/strokes``), gathered only when asked for whole.
    init(of drawing: Drawing) {
        source = .drawing(drawing)
        count = drawing.shownStrokeCount
    }

    /// The positions of the strokes.
    var indices: Range<Int> { 0..<count }

    /// The stroke at `position` (within ``indices``).
    subscript(position: Int) -> Stroke {
        switch source {
        case let .strokes(strokes):
            return strokes[position]
        case let .drawing(drawing):
            var first = 0
            for layer in drawing.layers where layer.attributes.isVisible {
                if position < first + layer.strokes.count { return layer.strokes[position - first] }
                first += layer.strokes.count
            }
            preconditionFailure("stroke \(position) of \(count) shown")
        }
    }

    /// Every stroke, in one array.
    var all: [Stroke] {
        switch source {
        case let .strokes(strokes): strokes
        case let .drawing(drawing): drawing.strokes
        }
    }
}
