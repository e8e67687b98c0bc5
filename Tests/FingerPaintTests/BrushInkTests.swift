import BrushEngine
@testable import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintRender
import Testing

/// A stroke in progress painted with a brush shows its brush's dabs while the finger moves, as the stroke will be
/// once lifted and drawn into the tiles, not a round line corrected at the lift.
@Suite struct BrushInkTests {
    /// The shown frame's pixels over the canvas above the bar.
    static func canvasPixels(_ painter: Painter) -> [UInt32] {
        (0..<paletteTop).flatMap { y in (0..<400).map { x in painter.shown(Double(x), Double(y)) } }
    }

    /// How far apart two pixels are, in levels of their farthest channel.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        [0, 8, 16].map { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) }.max() ?? 0
    }

    @Test(arguments: ["classic/charcoal", "classic/marker_fat", "classic/pencil", "deevad/watercolor_expressive"])
    func aBrushStrokeInProgressShowsTheDabsItWillHave(name: String) throws {
        let painter = Painter()
        // As the window does: the lifted stroke drawn into its tiles once its frame is on its way, where the pixels
        // drawn in progress stand in for its dabs.
        painter.app.renderer.defersStrokeBaking = true
        try painter.app.useBrush(named: name)
        painter.app.perform(.selectColor(6))
        let path = (Point(x: 60, y: 70), Point(x: 330, y: 190))
        painter.drag([(1, path.0, path.1)], steps: 24, lift: false)
        let live = Self.canvasPixels(painter)
        let inked = live.filter { $0 != paper }.count
        #expect(inked > 300, "\(name): \(inked) pixels inked in progress")
        // Lifted and drawn into the tiles: the same pixels, but where the lift's last sample adds its dabs.
        painter.send(.touchUp(id: 1), .touchFrame)
        painter.app.renderer.bakeStrokes()
        painter.app.renderer.waitForTiles()
        painter.send(.touchFrame)
        painter.app.renderFrame()
        let stroke = try #require(painter.app.drawing.strokes.last)
        #expect(stroke.brush?.name == name)
        let baked = Self.canvasPixels(painter)
        // A window opened on the drawing draws the stroke afresh from its dabs.
        let fresh = Painter(drawing: painter.app.drawing)
        fresh.app.renderer.waitForTiles()
        fresh.app.renderFrame()
        let drawn = Self.canvasPixels(fresh)
        let end = path.1, reach = stroke.width / 2 + 4
        var differing = 0, compared = 0, bakedDiffering = 0
        for index in drawn.indices {
            if Self.distance(baked[index], drawn[index]) > 3 { bakedDiffering += 1 }
            let x = Double(index % 400), y = Double(index / 400)
            guard (x - end.x) * (x - end.x) + (y - end.y) * (y - end.y) > reach * reach else { continue }
            compared += 1
            if Self.distance(drawn[index], live[index]) > 3 { differing += 1 }
        }
        #expect(differing * 200 <= inked, "\(name): \(differing) of \(compared) pixels differ from the stroke drawn afresh")
        #expect(bakedDiffering == 0, "\(name): \(bakedDiffering) pixels of the lifted stroke differ from it drawn afresh")
    }

    /// An eraser brush across paint, in progress and once lifted, takes away what a window drawing the drawing afresh
    /// takes away: its pixels drawn in progress (what each keeps of what lies below, and the paint laid) stand in
    /// for its dabs in the tiles.
    @Test(arguments: ["classic/pen", "classic/charcoal"])
    func anEraserBrushAcrossPaintTakesAwayWhatItWillHaveTakenAway(name: String) throws {
        let painter = Painter()
        painter.app.renderer.defersStrokeBaking = true
        painter.drag([(1, Point(x: 40, y: 120), Point(x: 360, y: 120))], steps: 16)
        painter.app.perform(.selectWidth(5))
        painter.drag([(2, Point(x: 40, y: 170), Point(x: 360, y: 170))], steps: 16)
        painter.app.renderer.bakeStrokes()
        try painter.app.useEraser(named: name)
        painter.app.perform(.toggleEraser)
        painter.drag([(3, Point(x: 200, y: 60), Point(x: 210, y: 220))], steps: 20, lift: false)
        let live = Self.canvasPixels(painter)
        painter.send(.touchUp(id: 3), .touchFrame)
        painter.app.renderer.bakeStrokes()
        painter.send(.touchFrame)
        painter.app.renderFrame()
        let baked = Self.canvasPixels(painter)
        let stroke = try #require(painter.app.drawing.strokes.last)
        #expect(stroke.brush?.isErasing == true)
        let fresh = Painter(drawing: painter.app.drawing)
        fresh.app.renderer.waitForTiles()
        fresh.app.renderFrame()
        let drawn = Self.canvasPixels(fresh)
        let bakedDiffering = drawn.indices.filter { Self.distance(baked[$0], drawn[$0]) > 3 }.count
        // In progress, the same but where the lift's last sample adds its dabs.
        let end = Point(x: 210, y: 220), reach = stroke.width / 2 + 4
        let liveDiffering = drawn.indices.filter { index in
            let x = Double(index % 400), y = Double(index / 400)
            return (x - end.x) * (x - end.x) + (y - end.y) * (y - end.y) > reach * reach
                && Self.distance(live[index], drawn[index]) > 3
        }.count
        #expect(bakedDiffering == 0 && liveDiffering == 0, "\(name): \(bakedDiffering) baked, \(liveDiffering) in progress")
        // It took paint away where it crossed the wide line: lighter there than along the line elsewhere.
        let crossing = (195...219).map { Int(painter.shown(Double($0), 170) & 0xFF) }.max() ?? 0
        let line = Int(painter.shown(100, 170) & 0xFF)
        #expect(crossing > line + 40, "\(name): \(crossing) where it crossed, \(line) on the line")
    }

    /// On a turned view the dabs of a stroke in progress are drawn straight over the frame, where the finger went.
    @Test func aBrushStrokeInProgressOnATurnedViewShowsItsDabs() throws {
        let painter = Painter()
        try painter.app.useBrush(named: "classic/marker_fat")
        painter.key("r")
        #expect(painter.app.view.rotation != 0)
        painter.drag([(1, Point(x: 80, y: 80), Point(x: 320, y: 180))], steps: 24, lift: false)
        let live = Self.canvasPixels(painter)
        #expect(live.filter { $0 != paper }.count > 2_000)
        // Along the finger's path, ink; far from it, paper.
        #expect(painter.isPainted(200, 130) && !painter.isPainted(320, 60))
    }

    /// A brush that takes paint away (an eraser's dabs, a watercolour's smudge of clear paper) shows the paper where it
    /// does, as through a layer, in a drawing of one layer drawn straight onto paper as in one of several.
    @Test func aBrushThatTakesPaintAwayShowsThePaperUnderIt() throws {
        let black = Stroke(points: [StrokePoint(Point(x: 40, y: 120)), StrokePoint(Point(x: 360, y: 120))],
                           color: Color(rgb: 0x1A1A1A), width: 40)
        let preset = try BrushPreset(named: "classic/pen")
        let brush = try #require(StrokeBrush(name: preset.name, settings: preset.resized(toRadius: 8).settings,
                                             isErasing: true))
        let across = Stroke(points: (0...40).map { StrokePoint(Point(x: 200, y: 60 + 3 * Double($0)), time: .milliseconds(Double($0) * 10)) },
                            color: Color(rgb: 0x1A1A1A), width: 2).painted(with: brush)
        for layered in [false, true] {
            var drawing = Drawing(strokes: [black])
            if layered {
                drawing.addLayer(at: 1, LayerAttributes(name: "Layer 2"))
                _ = drawing.selectLayer(at: 0)
            }
            _ = drawing.add(across)
            let painter = Painter(drawing: drawing)
            painter.app.renderer.waitForTiles()
            painter.app.renderFrame()
            // Where the eraser crossed the black line, paper shows: lighter than the line by far.
            let crossing = painter.committed(200, 120), line = painter.committed(100, 120)
            #expect(Self.distance(line, 0x1A1A1A) <= 3, "layered \(layered): the line \(String(line, radix: 16))")
            #expect(crossing & 0xFF > 0xC0, "layered \(layered): \(String(crossing, radix: 16)) where it was erased")
        }
    }
}
