import BrushEngine
@testable import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintRender
import SeatInput
import Testing

/// A smudge brush in the window drags the paint of the current layer along the finger's path, as a finger in wet
/// paint does, and the stroke keeps the colours it picked up: the lift, a window opened afresh, another zoom and the
/// document read back show the same smear.
@Suite struct SmudgeStrokeTests {
    static let red = Color(rgb: 0xD01818), blue = Color(rgb: 0x1830D0)

    /// A wide red band on the left and a blue one on the right, across the canvas's middle.
    static func bands() -> [Stroke] {
        func band(_ color: Color, from x0: Double, to x1: Double) -> Stroke {
            Stroke(points: [StrokePoint(Point(x: x0, y: 120)), StrokePoint(Point(x: x1, y: 120))],
                   color: color, width: 80)
        }
        return [band(red, from: 20, to: 190), band(blue, from: 210, to: 380)]
    }

    /// How much redder than blue a pixel is, from -255 to 255.
    static func redness(_ pixel: UInt32) -> Int { Int(pixel >> 16 & 0xFF) - Int(pixel & 0xFF) }

    /// The smudge dragged from the red band into the blue one along y = 120, its finger still down, then lifted.
    static func smudged(on drawing: Drawing, lift: Bool = true) throws -> Painter {
        let painter = Painter(drawing: drawing)
        painter.app.renderer.defersStrokeBaking = true
        try painter.app.useBrush(named: "classic/smudge")
        painter.app.perform(.selectWidth(4))
        painter.drag([(1, Point(x: 120, y: 120), Point(x: 320, y: 120))], steps: 40, lift: lift)
        if lift {
            painter.app.renderer.bakeStrokes()
            painter.app.renderer.waitForTiles()
            painter.send(.touchFrame)
        }
        return painter
    }

    /// How much redder each pixel along the path is than before, where the blue band meets the red (x 172 to 214),
    /// and the most any pixel of the blue band off the path (y = 152) got redder.
    static func reddening(_ painter: Painter, from before: Painter) -> (along: [Int], off: Int) {
        let xs = Array(stride(from: 172.0, through: 214, by: 2))
        return (xs.map { redness(painter.shown($0, 120)) - redness(before.shown($0, 120)) },
                xs.map { redness(painter.shown($0, 152)) - redness(before.shown($0, 152)) }.max() ?? 0)
    }

    @Test func aSmudgeDragsTheRedIntoTheBlueWhileTheFingerMovesAndOnceLifted() throws {
        let drawing = Drawing(strokes: Self.bands())
        let before = Painter(drawing: drawing)
        let painter = try Self.smudged(on: drawing, lift: false)
        // Into the blue band along the path, red dragged there: the pixels redder by far, those off the path not.
        let live = Self.reddening(painter, from: before)
        #expect((live.along.first ?? 0) > 100 && live.along.filter { $0 > 20 }.count >= 10 && live.off == 0, "in progress: \(live)")
        let inProgress = BrushInkTests.canvasPixels(painter)
        painter.send(.touchUp(id: 1), .touchFrame)
        painter.app.renderer.bakeStrokes()
        painter.app.renderer.waitForTiles()
        painter.send(.touchFrame)
        let stroke = try #require(painter.app.drawing.strokes.last)
        #expect(stroke.brush?.name == "classic/smudge")
        #expect(stroke.brush?.pickedColors.isEmpty == false)
        // Lifted, the pixels are the ones in progress (the lift's last sample adds its dabs near the end) and those a
        // window opened on the drawing draws.
        let baked = BrushInkTests.canvasPixels(painter)
        let fresh = Painter(drawing: painter.app.drawing)
        fresh.app.renderer.waitForTiles()
        fresh.app.renderFrame()
        let drawn = BrushInkTests.canvasPixels(fresh)
        let bakedDiffering = drawn.indices.filter { BrushInkTests.distance(baked[$0], drawn[$0]) > 3 }.count
        let liveDiffering = drawn.indices.filter { index in
            index % 400 < 290 && BrushInkTests.distance(inProgress[index], drawn[index]) > 3
        }.count
        #expect(bakedDiffering == 0, "\(bakedDiffering) pixels of the lifted smudge differ from it drawn afresh")
        #expect(liveDiffering == 0, "\(liveDiffering) pixels in progress differ from the smudge drawn afresh")
        let lifted = Self.reddening(fresh, from: before)
        #expect((lifted.along.first ?? 0) > 100 && lifted.along.filter { $0 > 20 }.count >= 10 && lifted.off == 0, "lifted: \(lifted)")
    }

    /// The document read back, and the drawing shown at twice the zoom, keep the smear: its colours are the stroke's
    /// own, not read again from the layer (which, without them, would show a smudge of clear paper, an eraser's).
    @Test func theSmearComesBackFromTheDocumentAndAtTwiceTheZoom() throws {
        let painter = try Self.smudged(on: Drawing(strokes: Self.bands()))
        let drawing = painter.app.drawing
        let read = try DrawingDocument.read(DrawingDocument.encode(drawing)).drawing
        #expect(read == drawing)
        let reopened = Painter(drawing: read)
        reopened.app.renderer.waitForTiles()
        reopened.app.renderFrame()
        let reopenedPixels = BrushInkTests.canvasPixels(reopened), shownPixels = BrushInkTests.canvasPixels(painter)
        #expect(reopenedPixels.indices.filter { reopenedPixels[$0] != shownPixels[$0] }.count == 0)
        // At twice the zoom, document point (x, y) is the window's (2(x − 150), 2(y − 70)): the same smear, the red
        // dragged into the blue as far, on a path twice as wide.
        let zoomed = Painter(drawing: read)
        zoomed.app.setView(ViewTransform(zoom: 2, origin: Point(x: 150, y: 70)))
        zoomed.app.renderer.waitForTiles()
        zoomed.app.renderFrame()
        let xs = Array(stride(from: 172.0, through: 214, by: 2))
        let atOne = xs.map { Self.redness(painter.shown($0, 120)) }
        let atTwo = xs.map { Self.redness(zoomed.shown(2 * ($0 - 150) + 0.5, 100.5)) }
        let apart = zip(atOne, atTwo).map { abs($0 - $1) }
        #expect(apart.reduce(0, +) / apart.count <= 12, "redness at 1: \(atOne), at 2: \(atTwo)")
        let before = Painter(drawing: Drawing(strokes: Self.bands()))
        #expect(Self.reddening(painter, from: before).along.filter { $0 > 20 }.count >= 10)
        // Without its colours the stroke would read clear paper: a smudge of nothing, which takes paint away.
        var unpickedStrokes = drawing.strokes
        unpickedStrokes[unpickedStrokes.count - 1].brush = drawing.strokes.last?.brush.map { StrokeBrush($0.preset, seed: $0.seed) }
        let unpicked = Painter(drawing: Drawing(strokes: unpickedStrokes))
        unpicked.app.renderer.waitForTiles()
        unpicked.app.renderFrame()
        let smeared = BrushInkTests.canvasPixels(painter), unsmeared = BrushInkTests.canvasPixels(unpicked)
        #expect(smeared.indices.filter { BrushInkTests.distance(smeared[$0], unsmeared[$0]) > 30 }.count > 100)
    }

    /// A stroke no stroke in progress showed (events handled with no frame between them, as a replay's may be) reads
    /// its colours at the lift over the layer as it is: the very colours the same stroke read while shown.
    @Test func aSmudgeNoFrameShowedReadsTheColoursItWouldHaveReadShown() throws {
        let shown = try Self.smudged(on: Drawing(strokes: Self.bands()))
        let unshown = Painter(drawing: Drawing(strokes: Self.bands()))
        try unshown.app.useBrush(named: "classic/smudge")
        unshown.app.perform(.selectWidth(4))
        var time = 0.0
        func handle(_ kind: SeatEvent.Kind) {
            unshown.app.handle(SeatEvent(time: .milliseconds(time), kind))
        }
        handle(.touchDown(id: 1, location: Point(x: 120, y: 120)))
        handle(.touchFrame)
        for step in 1...40 {
            time += 1000.0 / 60
            handle(.touchMotion(id: 1, location: Point(x: 120 + 5 * Double(step), y: 120)))
            handle(.touchFrame)
        }
        time += 1000.0 / 60
        handle(.touchUp(id: 1))
        handle(.touchFrame)
        let read = try #require(unshown.app.drawing.strokes.last?.brush?.pickedColors)
        let readShown = try #require(shown.app.drawing.strokes.last?.brush?.pickedColors)
        #expect(!read.isEmpty && read == readShown, "\(read.count) colours read unshown, \(readShown.count) shown")
    }

    /// A smudge reads its own layer only: on an empty layer over the bands it drags nothing (its colours are clear),
    /// and the bands below stay as they were.
    @Test func aSmudgeOnAnEmptyLayerAboveDragsNothingFromTheLayersBelow() throws {
        var drawing = Drawing(strokes: Self.bands())
        drawing.addLayer(at: 1, LayerAttributes(name: "Layer 2"))
        _ = drawing.selectLayer(at: 1)
        let before = Painter(drawing: drawing)
        let painter = try Self.smudged(on: drawing)
        #expect(painter.app.drawing.layers[0].strokes.count == 2)
        let stroke = try #require(painter.app.drawing.layers[1].strokes.last)
        let colors = try #require(stroke.brush?.pickedColors)
        #expect(!colors.isEmpty && colors.allSatisfy { $0.w == 0 })
        let reddening = Self.reddening(painter, from: before)
        #expect(reddening.along.allSatisfy { $0 == 0 }, "\(reddening)")
    }

    /// A stroke that takes paint away (a smudge, an eraser's brush) on a layer above takes nothing from the layers
    /// below while the finger moves either, as once lifted: the drawing's layers are composited apart as soon as
    /// such a brush is chosen there.
    @Test func aStrokeThatTakesPaintAwayOnAnUpperLayerLeavesTheLayersBelowWhileTheFingerMoves() throws {
        var drawing = Drawing(strokes: Self.bands())
        drawing.addLayer(at: 1, LayerAttributes(name: "Layer 2"))
        _ = drawing.selectLayer(at: 1)
        let before = Painter(drawing: drawing)
        let path = stride(from: 120.0, through: 320, by: 10)
        let smudging = try Self.smudged(on: drawing, lift: false)
        #expect(smudging.app.renderer.composition != nil)
        #expect(path.filter { smudging.shown($0, 120) != before.shown($0, 120) }.isEmpty, "the smudge in progress")
        let erasing = Painter(drawing: drawing)
        try erasing.app.useEraser(named: "classic/pen")
        erasing.app.perform(.toggleEraser)
        erasing.drag([(1, Point(x: 120, y: 120), Point(x: 320, y: 120))], steps: 40, lift: false)
        #expect(erasing.app.canvasView.tool == .eraser && erasing.app.canvasView.shownLiveStrokes.count == 1)
        #expect(path.filter { erasing.shown($0, 120) != before.shown($0, 120) }.isEmpty, "the eraser in progress")
        // On the bottom layer the eraser takes the band's paint away, in flat tiles.
        _ = drawing.selectLayer(at: 0)
        let below = Painter(drawing: drawing)
        try below.app.useEraser(named: "classic/pen")
        below.app.perform(.toggleEraser)
        below.drag([(1, Point(x: 120, y: 120), Point(x: 320, y: 120))], steps: 40, lift: false)
        #expect(below.app.renderer.composition == nil && !below.isPainted(200, 120))
    }
}
