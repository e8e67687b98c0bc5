import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import Geometry

/// Painting, erasing and shapes go to the current layer, and a layer that does not take them says why.
@Suite struct LayerPaintingTests {
    /// A drawing of two layers: a green line across y = 150 on the bottom one, a red line across y = 160 on the top
    /// one, which is current.
    static func twoLayers(top: LayerAttributes = LayerAttributes(name: "Ink")) -> Drawing {
        let green = Stroke(points: [StrokePoint(point(50, 150)), StrokePoint(point(350, 150))], color: Brush.palette[4], width: 8)
        let red = Stroke(points: [StrokePoint(point(50, 160)), StrokePoint(point(350, 160))], color: Brush.palette[1], width: 8)
        var drawing = Drawing(layers: [.first(strokes: [green]), Layer(attributes: top, strokes: [red])])
        drawing.apply(.selectLayer(1))
        return drawing
    }

    @Test func aStrokeGoesOnTheCurrentLayer() throws {
        let painter = Painter(drawing: Self.twoLayers())
        painter.drag([(1, point(100, 60), point(300, 60))])
        #expect(painter.app.drawing.layers[1].strokes.count == 2)
        #expect(painter.app.drawing.layers[0].strokes.count == 1)
        #expect(painter.isPainted(200, 60))
        // Undo takes it back off that layer.
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers[1].strokes.count == 1)
    }

    @Test func theEraserErasesOnlyTheCurrentLayersStrokes() throws {
        let painter = Painter(drawing: Self.twoLayers())
        painter.app.perform(.toggleEraser)
        // Across both lines.
        painter.drag([(1, point(200, 120), point(200, 190))])
        #expect(painter.app.drawing.layers[1].strokes.isEmpty)
        #expect(painter.app.drawing.layers[0].strokes.count == 1)
        #expect(painter.isPainted(100, 150) && !painter.isPainted(100, 162))
        // On the bottom layer, current now, the same path erases its line.
        painter.app.perform(.undo)
        let selected = painter.app.drawing
        #expect(selected.layers[1].strokes.count == 1)
        painter.app.perform(.selectLayer(0))
        painter.drag([(2, point(200, 120), point(200, 190))])
        #expect(painter.app.drawing.layers[0].strokes.isEmpty && painter.app.drawing.layers[1].strokes.count == 1)
    }

    @Test(arguments: ["locked", "hidden"])
    func aLayerThatIsLockedOrHiddenTakesNoPaintAndSaysWhy(state: String) throws {
        let top = LayerAttributes(name: "Ink", isVisible: state != "hidden", isLocked: state == "locked")
        let painter = Painter(drawing: Self.twoLayers(top: top))
        let before = painter.app.drawing
        // Refused as the finger comes down: no ink shows while it moves, to vanish at the lift.
        painter.drag([(1, point(100, 60), point(300, 60))], lift: false)
        #expect(!painter.isPainted(200, 60), "ink shown while the refused finger moves")
        let refusedAtOnce = try #require(painter.app.banner)
        painter.send(.touchUp(id: 1), .touchFrame)
        #expect(painter.app.drawing == before)
        #expect(!painter.isPainted(200, 60), "the refused stroke is still shown")
        let banner = try #require(painter.app.banner)
        #expect(banner == refusedAtOnce)
        #expect(banner == "“Ink” is \(state): \(state == "locked" ? "unlock" : "show") it to paint on it.")
        painter.app.perform(.toggleEraser)
        painter.drag([(2, point(200, 120), point(200, 190))])
        #expect(painter.app.drawing == before)
    }
}

extension LayerPaintingTests {
    @Test func aNewLayerGoesAboveTheCurrentOneAndIsPaintedOnAndItsUndoTakesItAway() throws {
        let painter = Painter()
        painter.drag([(1, point(100, 100), point(300, 100))])
        painter.key("Insert")
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 1", "Layer 2"])
        #expect(painter.app.drawing.currentLayerIndex == 1)
        #expect(painter.app.banner == "Painting on “Layer 2”, layer 2 of 2.")
        painter.drag([(2, point(100, 140), point(300, 140))])
        #expect(painter.app.drawing.layers.map(\.strokes.count) == [1, 1])
        // Page Down paints on the layer below; Ctrl+Shift+N puts a new one above it, between the two.
        painter.key("Next")
        #expect(painter.app.drawing.currentLayerIndex == 0)
        painter.key("Ctrl+Shift+N")
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 1", "Layer 3", "Layer 2"])
        #expect(painter.app.drawing.currentLayerIndex == 1)
        // Undo: the layer goes, then the stroke on Layer 2, then Layer 2.
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 1", "Layer 2"])
        painter.app.perform(.undo)
        painter.app.perform(.undo)
        painter.app.renderFrame()
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 1"])
        #expect(painter.app.drawing.strokes.count == 1 && painter.isPainted(200, 100) && !painter.isPainted(200, 140))
    }
}

/// The window composites layers that are not opaque and normal, as exports do.
@Suite struct LayerCompositingTests {
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// Paper with a black bar across y = 100 on the bottom layer, and a current 50 % multiply layer holding a wide
    /// blue stroke across x = 200.
    static func drawing() -> Drawing {
        let black = Stroke(points: [StrokePoint(point(40, 100)), StrokePoint(point(360, 100))], color: .black, width: 20)
        let blue = Stroke(points: [StrokePoint(point(200, 40)), StrokePoint(point(200, 220))], color: Self.blue, width: 40)
        var drawing = Drawing(layers: [
            .first(strokes: [black]),
            Layer(attributes: LayerAttributes(name: "Wash", opacity: 0.5, blendMode: .multiply), strokes: [blue]),
        ])
        drawing.apply(.selectLayer(1))
        return drawing
    }

    static func rgb(_ pixel: UInt32) -> [Int] { [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)] }

    static func isHalfBlueOverPaper(_ pixel: UInt32) -> Bool {
        let rgb = rgb(pixel)
        return (127...128).contains(rgb[0]) && (127...128).contains(rgb[1]) && rgb[2] == 255
    }

    @Test func aHalfOpaqueMultiplyLayerShowsInTheWindowAsInKrita() throws {
        let painter = Painter(drawing: Self.drawing())
        painter.app.renderFrame()
        #expect(Self.isHalfBlueOverPaper(painter.shown(200, 180)), "\(Self.rgb(painter.shown(200, 180)))")
        // Multiplied over black, black.
        #expect(Self.rgb(painter.shown(200, 100)) == [0, 0, 0])
        // A stroke painted on the layer is blended too, once lifted; its undo takes it away.
        painter.drag([(1, point(60, 200), point(120, 200))])
        painter.app.renderFrame()
        #expect(Self.isHalfBlueOverPaper(painter.shown(90, 200)) == false)
        #expect(painter.app.drawing.layers[1].strokes.count == 2)
        let fresh = CanvasRenderer(logicalSize: painter.app.window.bounds.size, strokes: painter.app.drawing.strokes)
        fresh.composition = LayerBlend.composition(of: painter.app.drawing)
        fresh.renderFrame(liveStrokes: [:])
        #expect(largestDifference(painter.app.renderer.frame, fresh.frame) == 0)
        let black = Painter(drawing: Self.drawing())
        black.app.perform(.selectLayer(0))
        black.drag([(1, point(60, 200), point(120, 200))])
        black.app.renderFrame()
        // The same stroke on the plain layer below is black; on the multiply layer at half opacity, lighter.
        let onWash = Self.rgb(painter.shown(90, 200)), onPaper = Self.rgb(black.shown(90, 200))
        #expect(onPaper == [26, 26, 26] && onWash[0] > 100, "on the wash \(onWash), below it \(onPaper)")
        painter.app.perform(.undo)
        painter.app.renderFrame()
        #expect(Self.rgb(painter.shown(90, 200)) == [255, 255, 255])
    }

    @Test func makingTheLayerOpaqueAndNormalDrawsItStraight() throws {
        var drawing = Self.drawing()
        drawing.setLayer(at: 1, LayerAttributes(name: "Wash"))
        let painter = Painter(drawing: drawing)
        #expect(painter.app.renderer.composition == nil)
        #expect(Self.rgb(painter.shown(200, 180)) == [0, 0, 255])
    }
}

extension LayerPaintingTests {
    /// A stroke painted on the lower layer goes under the upper layer's strokes once lifted, and shows
    /// when the upper layer is hidden; the window is always what a fresh render of the drawing is.
    @Test func aStrokeOnTheLowerLayerIsHiddenUnderTheUpperOnesAndShowsWhenItIsHidden() throws {
        let painter = Painter(drawing: Self.twoLayers())
        painter.app.perform(.selectLayer(0))
        painter.app.chooseColor(Brush.palette[6])
        // Across the red line of the layer above, at x = 200.
        painter.drag([(1, point(200, 120), point(200, 200))])
        painter.app.renderFrame()
        func rgb(_ x: Double, _ y: Double) -> UInt32 { painter.shown(x, y) & 0xFF_FFFF }
        let red = UInt32(Brush.palette[1].rgb), blue = UInt32(Brush.palette[6].rgb)
        #expect(rgb(200, 160) == red, "the red line above is drawn over the blue stroke below it")
        #expect(rgb(200, 185) == blue)
        func expectFresh() {
            let fresh = CanvasRenderer(logicalSize: painter.app.window.bounds.size, strokes: painter.app.drawing.strokes)
            fresh.renderFrame(liveStrokes: [:])
            // The canvas, under the palette and the banner saying which layer is painted on.
            #expect(largestDifference(painter.app.renderer.canvas, fresh.frame) == 0)
        }
        expectFresh()
        painter.app.perform(.toggleLayerVisibility(1))
        painter.app.renderFrame()
        #expect(rgb(200, 160) == blue)
        expectFresh()
        // Undo shows the layer again; another undo takes the blue stroke off.
        painter.app.perform(.undo)
        painter.app.perform(.undo)
        painter.app.renderFrame()
        #expect(rgb(200, 185) == 0xFF_FFFF)
        expectFresh()
    }
}

extension LayerPaintingTests {
    /// A stroke in progress on the lower layer is drawn in its layer's place while the finger moves: under the red
    /// line of the layer above, over paper elsewhere; on the top layer, over everything.
    @Test func aStrokeInProgressIsDrawnInItsLayersPlace() throws {
        let painter = Painter(drawing: Self.twoLayers())
        painter.app.perform(.selectLayer(0))
        painter.app.chooseColor(Brush.palette[6])
        painter.drag([(1, point(200, 120), point(200, 200))], lift: false)
        func rgb(_ x: Double, _ y: Double) -> UInt32 { painter.shown(x, y) & 0xFF_FFFF }
        let red = UInt32(Brush.palette[1].rgb), blue = UInt32(Brush.palette[6].rgb)
        #expect(!painter.app.canvasView.liveStrokes.isEmpty)
        #expect(rgb(200, 160) == red, "the stroke in progress is drawn over the layer above")
        #expect(rgb(200, 185) == blue)
        painter.send(.touchUp(id: 1), .touchFrame)
        #expect(rgb(200, 160) == red && rgb(200, 185) == blue)
        // On the top layer, a stroke in progress covers the line.
        painter.app.perform(.selectLayer(1))
        painter.drag([(2, point(250, 120), point(250, 200))], lift: false)
        #expect(rgb(250, 160) == blue)
    }
}
