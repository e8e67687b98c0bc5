// Composited layers kept in parts per tile: strokes in progress in their layer's place while the finger moves, and
// tiles put together incrementally that equal a picture drawn from scratch.
import BrushEngine
import Geometry
import ImageDecoding
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

@Suite struct LayerPartsTests {
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let red = Color(red: 1, green: 0, blue: 0)

    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ color: Color, width: Double) -> Stroke {
        Stroke(points: [StrokePoint(Point(x: x0, y: y0)), StrokePoint(Point(x: x1, y: y1))], color: color, width: width)
    }

    /// A 400x300 renderer showing `drawing` as the window does: its composition and ink layer, its strokes, one frame.
    static func renderer(showing drawing: Drawing) -> CanvasRenderer {
        let renderer = CanvasRenderer(logicalSize: Size(width: 400, height: 300))
        renderer.showLayers(of: drawing)
        renderer.apply(.replaced, strokes: drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        return renderer
    }

    /// Brushes a stroke may be painted with: installed presets, opaque and translucent, hard and soft.
    static let brushes = ["classic/pencil", "classic/charcoal", "deevad/airbrush"].map { name in
        (try? BrushPreset(named: name)).flatMap { StrokeBrush(name: $0.name, settings: $0.settings) }
    }

    static func rgb(_ pixel: UInt32) -> [Int] { [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)] }

    /// A stroke in progress on the bottom layer is drawn under the opaque red line of the layer above while it
    /// moves; a third layer at half opacity, elsewhere, has the layers composited.
    @Test func aStrokeInProgressOnALowerLayerIsHiddenUnderAnOpaqueStrokeAboveWhileItMoves() throws {
        var drawing = Drawing(layers: [
            .first(),
            Layer(attributes: LayerAttributes(name: "Lines"), strokes: [Self.line(50, 150, 350, 150, Self.red, width: 12)]),
            Layer(attributes: LayerAttributes(name: "Wash", opacity: 0.5),
                  strokes: [Self.line(30, 30, 80, 30, .black, width: 10)]),
        ])
        _ = drawing.apply(.selectLayer(0))
        let renderer = Self.renderer(showing: drawing)
        #expect(renderer.composition != nil)
        var live = Self.line(200, 100, 200, 140, Self.blue, width: 8)
        renderer.renderFrame(liveStrokes: [1: live])
        live.append(StrokePoint(Point(x: 200, y: 200)))
        renderer.renderFrame(liveStrokes: [1: live])
        #expect(Self.rgb(renderer.frame.pixel(x: 200, y: 150)) == [255, 0, 0], "the red line above covers the ink")
        #expect(Self.rgb(renderer.frame.pixel(x: 200, y: 180)) == [0, 0, 255], "the ink shows where nothing is above")
    }

    /// A stroke in progress on a current 50 % multiply layer shows as the layer will: blue multiplied at half over
    /// white paper, (128, 128, 255) as Krita shows it, while the finger moves.
    @Test func aStrokeInProgressOnAHalfOpaqueMultiplyLayerShowsTheMultipliedPixelWhileItMoves() throws {
        var drawing = Drawing(layers: [
            .first(strokes: [Self.line(40, 60, 360, 60, .black, width: 20)]),
            Layer(attributes: LayerAttributes(name: "Wash", opacity: 0.5, blendMode: .multiply)),
        ])
        _ = drawing.apply(.selectLayer(1))
        let renderer = Self.renderer(showing: drawing)
        var live = Self.line(200, 20, 200, 100, Self.blue, width: 40)
        renderer.renderFrame(liveStrokes: [1: live])
        live.append(StrokePoint(Point(x: 200, y: 200)))
        renderer.renderFrame(liveStrokes: [1: live])
        let shown = Self.rgb(renderer.frame.pixel(x: 200, y: 150))
        #expect((127...128).contains(shown[0]) && (127...128).contains(shown[1]) && shown[2] == 255, "\(shown)")
        // Multiplied over the black bar of the layer below, black.
        #expect(Self.rgb(renderer.frame.pixel(x: 200, y: 60)) == [0, 0, 0])
    }

    /// The layers' attributes a script picks from.
    static let looks: [(Double, BlendMode)] = [(1, .normal), (0.5, .normal), (0.5, .multiply), (1, .screen),
                                               (0.7, .difference), (1, .multiply)]

    /// Above the layer painted on, a multiply layer and a half-opaque normal one over it: each is put over the
    /// ones below with its own mode (a multiply layer taken as normal would paint its red over the blue).
    @Test func layersAboveTheOnePaintedOnKeepTheirOwnModes() throws {
        var drawing = Drawing(layers: [
            .first(strokes: [Self.line(40, 150, 360, 150, Self.blue, width: 60)]),
            Layer(attributes: LayerAttributes(name: "Shade", blendMode: .multiply),
                  strokes: [Self.line(200, 40, 200, 260, Self.red, width: 60)]),
            Layer(attributes: LayerAttributes(name: "Wash", opacity: 0.5),
                  strokes: [Self.line(40, 60, 360, 60, .black, width: 20)]),
        ])
        _ = drawing.apply(.selectLayer(0))
        let renderer = Self.renderer(showing: drawing)
        let added = drawing.apply(.add(Self.line(40, 240, 360, 240, Self.blue, width: 20)))
        let change = try #require(added)
        renderer.showLayers(of: drawing)
        renderer.apply(change, strokes: drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        #expect(Self.rgb(renderer.frame.pixel(x: 200, y: 150)) == [0, 0, 0], "red multiplied over blue is black")
        #expect(Self.rgb(renderer.frame.pixel(x: 200, y: 240)) == [0, 0, 0])
        let fresh = DrawingPicture(drawing: drawing, area: Rect(x: 0, y: 0, width: 400, height: 300)).image()
        #expect(Self.largestDifference(renderer.frame, fresh) <= 1)
    }

    /// Any layered drawing and any edits (strokes added on any layer, another layer made current, a layer's
    /// opacity, blend mode or visibility changed, a layer moved, added or taken out, a picture placed on a new
    /// layer, the eraser's cut across the current layer's picture, undo): after each, the tiles shown are those a
    /// renderer made then draws from scratch, to the level, and the drawing's picture made from scratch within two
    /// levels. (The tiles put consecutive normal layers above the one painted on together first, and draw an opaque
    /// normal layer straight onto the ones below where they keep no parts; the sums round apart by a level where
    /// strokes overlap, and a multiply layer over them can make that two.)
    // Without shrinking: one case takes a second or two (four to eight under the sanitizers), and a failure reports
    // its own step and edit.
    @Test(.shrinking(false)) func afterEveryEditTheTilesEqualAPictureDrawnFromScratch() async throws {
        var pictures: [(bytes: [UInt8], pixels: RasterImage)] = []
        for (red, green, blue) in [(230, 200, 20), (20, 40, 230)] as [(UInt8, UInt8, UInt8)] {
            let pixels = try #require(RasterImage(width: 30, height: 20,
                                                  filledWith: RasterImage.Pixel(red: red, green: green, blue: blue)))
            pictures.append((try pixels.pngData(), pixels))
        }
        let script = Gen.int(in: 0...Int.max).array(of: 25...75)
        await propertyCheck(count: 60, input: Gen.int(in: 2...4), script) { layerCount, numbers in
            var numbers = numbers.makeIterator()
            func next(_ limit: Int) -> Int { (numbers.next() ?? 0) % max(limit, 1) }
            let colors = [Self.red, Self.blue, .black, Color(red: 0.2, green: 0.8, blue: 0.3)]
            func stroke() -> Stroke {
                var stroke = Self.line(Double(next(400)), Double(next(300)), Double(next(400)), Double(next(300)),
                                       colors[next(colors.count)], width: Double(4 + next(60)))
                // Now and then a brush's: its dabs, not a round line; its width holds them, as a window makes it.
                if next(5) == 0, let brush = Self.brushes[next(Self.brushes.count)] {
                    stroke.brush = brush
                    stroke.width = 2 * BrushStrokes.reach(of: stroke)
                }
                return stroke
            }
            // Each layer with two strokes of its own, so that layers overlap and their blend modes show.
            var drawing = Drawing(layers: (0..<layerCount).map { position in
                let (opacity, mode) = Self.looks[next(Self.looks.count)]
                return Layer(attributes: LayerAttributes(name: "L\(position)", opacity: opacity, blendMode: mode),
                             strokes: [stroke(), stroke()])
            })
            let renderer = Self.renderer(showing: drawing)
            var step = 0
            // The drawing as first shown, then after each edit.
            func isFresh(after edit: DrawingEdit?) -> Bool {
                let redrawn = Self.largestDifference(renderer.frame, Self.renderer(showing: drawing).frame)
                #expect(redrawn == 0, "step \(step), \(String(describing: edit)): \(redrawn) levels off the tiles redrawn")
                let fresh = DrawingPicture(drawing: drawing, area: Rect(x: 0, y: 0, width: 400, height: 300)).image()
                let difference = Self.largestDifference(renderer.frame, fresh)
                #expect(difference <= 2, "step \(step), \(String(describing: edit)): \(difference) levels off")
                return redrawn == 0 && difference <= 2
            }
            guard isFresh(after: nil) else { return }
            while let chosen = numbers.next() {
                step += 1
                let edit: DrawingEdit
                switch chosen % 10 {
                case 0: edit = .selectLayer(next(drawing.layers.count))
                case 1:
                    let position = next(drawing.layers.count), (opacity, mode) = Self.looks[next(Self.looks.count)]
                    edit = .setLayer(at: position, LayerAttributes(name: "L\(position)", opacity: opacity,
                                                                  isVisible: next(4) != 0, blendMode: mode))
                case 2: edit = .undo
                case 3:
                    let (opacity, mode) = Self.looks[next(Self.looks.count)], chosen = pictures[next(pictures.count)]
                    let frame = Rect(x: Double(next(400)) - 50, y: Double(next(300)) - 50, width: Double(20 + next(200)),
                                     height: Double(20 + next(150)))
                    guard drawing.layers.count < 6,
                          let picture = try? LayerImage(bytes: chosen.bytes, pixels: chosen.pixels, frame: frame) else {
                        continue
                    }
                    edit = .addImageLayer(at: next(drawing.layers.count + 1),
                                          LayerAttributes(name: "P", opacity: opacity, blendMode: mode), picture)
                case 4:
                    let points = [Point(x: Double(next(400)), y: Double(next(300))),
                                  Point(x: Double(next(400)), y: Double(next(300)))]
                    guard drawing.currentLayer.image != nil, let cut = ImageCut(points: points, radius: Double(4 + next(30)))
                    else { continue }
                    edit = .erase([], cut: cut)
                case 5: edit = .moveLayer(from: next(drawing.layers.count), to: next(drawing.layers.count))
                case 6:
                    guard drawing.layers.count < 6 else { continue }
                    edit = .addLayer(at: next(drawing.layers.count + 1), LayerAttributes(name: "New"))
                case 7: edit = .removeLayer(at: next(drawing.layers.count))
                default: edit = .add(stroke())
                }
                guard let change = drawing.apply(edit) else { continue }
                renderer.showLayers(of: drawing)
                renderer.apply(change, of: drawing)
                renderer.renderFrame(liveStrokes: [:])
                guard isFresh(after: edit) else { return }
            }
        }
    }

    /// With tiles drawn on a second thread, as in a window: another opacity or blend mode of any layer (the one
    /// painted on, a normal one above it, held with others in its group's pixels, one below it), and a layer hidden,
    /// moved, added or taken out, each shows whole at the next frame, no tile being drawn, as a picture drawn from
    /// scratch shows it; so does a stroke added after each, and the hidden layer shown again. A stroke on another
    /// layer made current, at once or after a frame, shows in its place. A layer shown again after its tiles were
    /// drawn anew has them drawn.
    @Test func anyLayersLookOrPlaceOrAnotherLayerPaintedOnShowsWholeAtTheNextFrame() throws {
        var drawing = Drawing(layers: [
            .first(strokes: [Self.line(40, 60, 360, 60, .black, width: 20)]),
            Layer(attributes: LayerAttributes(name: "Ink"), strokes: [Self.line(200, 20, 200, 280, Self.blue, width: 40)]),
            Layer(attributes: LayerAttributes(name: "Wash", opacity: 0.5),
                  strokes: [Self.line(40, 200, 360, 200, Self.red, width: 30)]),
            Layer(attributes: LayerAttributes(name: "Top"), strokes: [Self.line(100, 20, 300, 280, .black, width: 10)]),
        ])
        _ = drawing.apply(.selectLayer(1))
        let renderer = CanvasRenderer(logicalSize: Size(width: 400, height: 300), drawsTilesInBackground: true)
        renderer.showLayers(of: drawing)
        renderer.apply(.replaced, of: drawing)
        renderer.renderFrame(liveStrokes: [:])
        renderer.waitForTiles()
        renderer.renderFrame(liveStrokes: [:])
        let area = Rect(x: 0, y: 0, width: 400, height: 300)
        func show(_ edit: DrawingEdit) throws {
            let applied = drawing.apply(edit)
            let change = try #require(applied)
            renderer.showLayers(of: drawing)
            renderer.apply(change, of: drawing)
            renderer.renderFrame(liveStrokes: [:])
            // (The strokes' index may still be on its way from the worker, behind the tiles; another layer painted
            // on has its tiles' parts put together over the next frames, the tiles shown as they are, and a stroke
            // there puts together those it goes onto at once: how many are left depends on the machine's speed.)
            #expect(!renderer.tiles.isDrawingFromStrokes, "\(edit)")
            let fresh = DrawingPicture(drawing: drawing, area: area).image()
            #expect(Self.largestDifference(renderer.frame, fresh) <= 2, "\(edit)")
        }
        try show(.setLayer(at: 1, LayerAttributes(name: "Ink", opacity: 0.4)))
        try show(.setLayer(at: 1, LayerAttributes(name: "Ink", opacity: 0.4, blendMode: .multiply)))
        try show(.setLayer(at: 2, LayerAttributes(name: "Wash", opacity: 0.9)))
        try show(.setLayer(at: 0, LayerAttributes(name: "Layer 1", opacity: 0.7)))
        try show(.selectLayer(3))
        try show(.add(Self.line(40, 120, 360, 120, Self.red, width: 16)))
        try show(.selectLayer(0))
        try show(.add(Self.line(40, 250, 360, 40, Self.blue, width: 16)))
        // Another layer chosen and painted on before a frame puts its tiles together for it.
        _ = drawing.apply(.selectLayer(2))
        renderer.showLayers(of: drawing)
        try show(.add(Self.line(40, 270, 360, 270, Self.red, width: 16)))
        _ = drawing.apply(.selectLayer(0))
        renderer.showLayers(of: drawing)
        try show(.setLayer(at: 2, LayerAttributes(name: "Wash", opacity: 0.9, isVisible: false)))
        try show(.add(Self.line(60, 30, 60, 270, Self.red, width: 12)))
        try show(.moveLayer(from: 3, to: 0))
        try show(.add(Self.line(20, 150, 380, 150, .black, width: 8)))
        try show(.addLayer(at: 2, LayerAttributes(name: "New")))
        try show(.removeLayer(at: 1))
        try show(.add(Self.line(300, 30, 300, 270, Self.blue, width: 24)))
        let wash = try #require(drawing.layers.firstIndex { $0.attributes.name == "Wash" })
        try show(.setLayer(at: wash, LayerAttributes(name: "Wash", opacity: 0.9)))
        try show(.add(Self.line(20, 100, 380, 100, Self.blue, width: 10)))
        // Shown again once the tiles were drawn again (at another zoom and back), the layer has them drawn.
        try show(.setLayer(at: wash, LayerAttributes(name: "Wash", opacity: 0.9, isVisible: false)))
        renderer.setView(ViewTransform(zoom: 2))
        renderer.renderFrame(liveStrokes: [:])
        renderer.waitForTiles()
        renderer.setView(.identity)
        renderer.renderFrame(liveStrokes: [:])
        renderer.waitForTiles()
        let shown = drawing.apply(.setLayer(at: wash, LayerAttributes(name: "Wash", opacity: 0.9)))
        renderer.showLayers(of: drawing)
        renderer.apply(try #require(shown), of: drawing)
        renderer.renderFrame(liveStrokes: [:])
        #expect(renderer.isDrawingTiles)
        renderer.waitForTiles()
        renderer.renderFrame(liveStrokes: [:])
        #expect(Self.largestDifference(renderer.frame, DrawingPicture(drawing: drawing, area: area).image()) <= 2)
    }

    /// The largest difference of any channel of any pixel of two images of the same size.
    static func largestDifference(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        var largest = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for shift in [0, 8, 16] {
                    largest = max(largest, abs(Int(p >> UInt32(shift) & 0xFF) - Int(q >> UInt32(shift) & 0xFF)))
                }
            }
        }
        return largest
    }
}
