import Testing
import FingerPaintCore
import PaintModel
import PaintUI
import Geometry

/// The layers panel, by touch: it opens beside the bar's layers button, inside the window, with targets of 40
/// points at least, and its taps change the layers as the commands do.
@Suite struct LayersPanelTests {
    /// The panel's controls in window points, in its order: each shown layer's eye, lock and name, top first, then
    /// new, up, down and delete.
    static func panel(_ painter: Painter) throws -> Overlay.Panel {
        try #require(painter.app.layersPanelView.overlayPanel)
    }

    static func open(_ painter: Painter) {
        painter.tap(1, at: painter.paletteCenter(of: .openLayers))
    }

    @Test(arguments: [Size(width: 420, height: 700), Size(width: 1024, height: 700), Size(width: 1024, height: 768),
                      Size(width: 420, height: 320)])
    func thePanelOpensBesideItsButtonInsideTheWindowWithTargetsOfFortyPoints(size: Size) throws {
        var drawing = Drawing()
        for number in 2...12 { drawing.addLayer(at: drawing.layers.count, LayerAttributes(name: "Layer \(number)")) }
        let painter = Painter(size: size, drawing: drawing)
        Self.open(painter)
        let panel = try Self.panel(painter)
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        #expect(window.intersection(panel.frame) == panel.frame, "\(panel.frame) in \(size)")
        #expect(panel.items.allSatisfy { $0.frame.width >= 40 && $0.frame.height >= 40 })
        #expect(panel.items.allSatisfy { panel.frame.intersection($0.frame) == $0.frame })
        // The rows and buttons never overlap each other, nor the button that opened the panel.
        for (index, item) in panel.items.enumerated() {
            for other in panel.items[(index + 1)...] { #expect(item.frame.intersection(other.frame) == nil) }
        }
        if let button = painter.app.paletteView.layout.frame(of: .openLayers) {
            #expect(panel.frame.intersection(button) == nil)
        }
        // Where the window is too short for all twelve, the rows shown hold the current layer (the bottom one).
        let names = panel.items.compactMap(\.title)
        #expect(names.contains("Layer 1") && names.count >= 1)
        #expect(size.height < 768 || names.count == 12, "\(names.count) rows at \(size)")
    }

    @Test func tapsOnThePanelAddChooseHideLockMoveAndDeleteLayers() throws {
        let painter = Painter(size: Size(width: 1024, height: 700))
        Self.open(painter)
        func tap(_ index: Int) throws {
            let items = try Self.panel(painter).items
            try #require(items.indices.contains(index))
            painter.tap(2, at: items[index].frame.center)
        }
        func buttons() throws -> [Overlay.Item] { Array(try Self.panel(painter).items.suffix(4)) }
        let new = 0, up = 1, down = 2, delete = 3
        // New: a layer above, painted on.
        painter.tap(2, at: try buttons()[new].frame.center)
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 1", "Layer 2"])
        #expect(painter.app.drawing.currentLayerIndex == 1)
        #expect(try Self.panel(painter).items.compactMap(\.title) == ["Layer 2", "Layer 1"])
        // Row 1 is Layer 1: its eye hides it, its name paints on it; row 0's lock locks Layer 2.
        try tap(3)
        #expect(painter.app.drawing.layers[0].attributes.isVisible == false)
        try tap(1)
        #expect(painter.app.drawing.layers[1].attributes.isLocked)
        try tap(5)
        #expect(painter.app.drawing.currentLayerIndex == 0)
        // Down is greyed for the bottom layer and does nothing; up moves it over Layer 2.
        #expect(try buttons()[down].isEnabled == false)
        painter.tap(2, at: try buttons()[down].frame.center)
        #expect(painter.app.drawing.currentLayerIndex == 0)
        painter.tap(2, at: try buttons()[up].frame.center)
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 2", "Layer 1"])
        #expect(painter.app.drawing.currentLayerIndex == 1)
        // Delete takes the current layer away and offers its undo.
        painter.tap(2, at: try buttons()[delete].frame.center)
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 2"])
        #expect(painter.app.banner == "Deleted “Layer 1”.")
        #expect(try buttons()[delete].isEnabled == false, "the last layer cannot be deleted")
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 2", "Layer 1"])
        // Nothing of it painted, and Escape closes the panel.
        #expect(painter.app.drawing.strokes.isEmpty)
        painter.key("Escape")
        #expect(painter.app.layersPanelView.overlayPanel == nil)
    }
}
