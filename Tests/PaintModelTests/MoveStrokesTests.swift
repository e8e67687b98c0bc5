import Geometry
import PaintModel
import Testing

/// Strokes moved to another layer (a selection's Up a layer and Down a layer): one edit, undone in one step, kept in
/// the document, refused where a layer is locked or there is none (docs/selection.md).
@Suite struct MoveStrokesTests {
    static func line(_ y: Double, _ color: Color) -> Stroke {
        Stroke(points: [StrokePoint(Point(x: 0, y: y)), StrokePoint(Point(x: 50, y: y))], color: color, width: 4)
    }

    /// Three strokes on the bottom layer, one on the layer above it.
    static func twoLayers() throws -> Drawing {
        var drawing = Drawing(strokes: [line(0, .black), line(10, Color(rgb: 0xD01818)), line(20, Color(rgb: 0x1830D0))])
        try #require(drawing.addLayer(at: 1, LayerAttributes(name: "Ink")) != nil)
        drawing.selectLayer(at: 1)
        try #require(drawing.add(line(30, .white)) != nil)
        drawing.selectLayer(at: 0)
        return drawing
    }

    @Test func strokesMovedUpALayerGoOnItsTopInOrderAndOneUndoPutsThemBack() throws {
        var drawing = try Self.twoLayers()
        let before = drawing.layers
        #expect(drawing.moveStrokes([0, 2], toLayer: 1) == .replaced)
        #expect(drawing.layers[0].strokes == [Self.line(10, Color(rgb: 0xD01818))])
        #expect(drawing.layers[1].strokes == [Self.line(30, .white), Self.line(0, .black), Self.line(20, Color(rgb: 0x1830D0))])
        #expect(drawing.currentLayerIndex == 0, "the current layer stays current")
        // Kept in the document with its history: read back, the same layers; undone there too.
        let read = try DrawingDocument.read(DrawingDocument.encode(drawing))
        #expect(read.drawing.layers == drawing.layers && !read.hasUnreadBytes)
        drawing.undo()
        #expect(drawing.layers == before)
        drawing.redo()
        #expect(drawing.layers[1].strokes.count == 3)
        var reopened = read.drawing
        reopened.undo()
        #expect(reopened.layers == before)
    }

    @Test func aMoveOntoTheSameLayerALockedOneOrNoneIsRefused() throws {
        var drawing = try Self.twoLayers()
        #expect(drawing.moveStrokes([0], toLayer: 0) == nil)
        #expect(drawing.moveStrokes([0], toLayer: 2) == nil && drawing.moveStrokes([0], toLayer: -1) == nil)
        #expect(drawing.moveStrokes([3], toLayer: 1) == nil && drawing.moveStrokes([2, 1], toLayer: 1) == nil)
        #expect(drawing.moveStrokes([], toLayer: 1) == nil)
        drawing.setLayer(at: 1, LayerAttributes(name: "Ink", isLocked: true))
        #expect(drawing.moveStrokes([0], toLayer: 1) == nil)
        #expect(drawing.layers[0].strokes.count == 3)
        // A version-8 document cannot hold the record: it is damage there.
        let bytes = DrawingDocument.header(version: 8) + DrawingDocument.record(.moveStrokes([0], toLayer: 1))
        #expect(try DrawingDocument.read(bytes).hasUnreadBytes)
    }
}
