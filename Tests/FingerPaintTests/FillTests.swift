@testable import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintRender
import SeatInput
import Testing

/// The fill tool in the window: a tap inside a drawn circle fills the circle and not the outside, a small gap in its
/// line closed, as one edit of a stroke that is a fill; a tap where nothing encloses the region, or on the line,
/// fills nothing and says so (docs/selection.md, "Fill").
@Suite struct FillTests {
    /// A circle of radius 60 about (150, 120), 6 points wide, with an opening of `gap` points in it at the right.
    static func circle(gap: Double = 0) -> Drawing {
        let points = (0..<240).compactMap { index -> StrokePoint? in
            let angle = Double(index) / 240 * 2 * .pi
            let point = Point(x: 150 + 60 * cos(angle), y: 120 + 60 * sin(angle))
            return gap > 0 && point.x > 150 && abs(point.y - 120) < gap / 2 + 3 ? nil : StrokePoint(point)
        }
        // Begun just past the opening, so that the line does not cross it.
        let start = points.firstIndex { $0.location.y > 120 } ?? 0
        return Drawing(strokes: [Stroke(points: Array(points[start...] + points[..<start]), color: .black, width: 6)])
    }

    static func banner(_ painter: Painter) -> String? {
        painter.app.renderFrame()
        return painter.app.renderer.overlay?.banner?.text
    }

    @Test func aTapInsideACircleFillsItAndNotTheOutsideAsOneEdit() throws {
        let painter = Painter(drawing: Self.circle())
        painter.key("2")
        painter.key("f")
        #expect(painter.app.isFilling)
        painter.tap(1, at: Point(x: 150, y: 120))
        let strokes = painter.app.drawing.currentLayer.strokes
        try #require(strokes.count == 2)
        let fill = strokes[1]
        #expect(fill.isFill && fill.color == painter.app.brush.color)
        // Drawn as a PNG to look at, in the temporary folder's fingerpaint-fill.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-fill")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try painter.app.renderer.frame.writePNG(to: folder.appendingPathComponent("filled-circle.png").path)
        let red = painter.shown(150, 120)
        #expect(red >> 16 > 0xC0 && red & 0xFFFF < 0x4040, "\(String(red, radix: 16))")
        #expect(painter.shown(150, 70) == red, "the whole inside, up to the line")
        #expect(painter.shown(300, 120) == paper && painter.shown(150, 10) == paper, "not the outside")
        // The line keeps its black: the fill reaches only under its soft edge.
        #expect(painter.shown(210, 120) & 0xFF0000 < 0x400000, "\(String(painter.shown(210, 120), radix: 16))")
        // Saved and read back as the fill it is; exported as a path filled by the even-odd rule.
        let read = try DrawingDocument.read(DrawingDocument.encode(painter.app.drawing))
        #expect(read.drawing.currentLayer.strokes == strokes && !read.hasUnreadBytes)
        let svg = String(decoding: try DrawingPicture(drawing: painter.app.drawing).bytes(format: .svg), as: UTF8.self)
        #expect(svg.contains("evenodd"), "\(svg.prefix(600))")
        // One undo takes it away.
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.currentLayer.strokes.count == 1 && painter.shown(150, 120) == paper)
    }

    @Test func aGapOfAFewPointsInTheLineIsClosed() throws {
        let painter = Painter(drawing: Self.circle(gap: 4))
        painter.key("f")
        painter.tap(1, at: Point(x: 150, y: 120))
        let fill = try #require(painter.app.drawing.currentLayer.strokes.last)
        #expect(fill.isFill)
        #expect(painter.isPainted(150, 120) && !painter.isPainted(300, 120) && !painter.isPainted(150, 10))
        #expect(!painter.isPainted(222, 120), "not beyond the opening")
    }

    @Test func aTapWhereNothingEnclosesOrOnTheLineFillsNothingAndSaysSo() throws {
        let painter = Painter(drawing: Self.circle())
        painter.key("f")
        painter.tap(1, at: Point(x: 350, y: 30))
        #expect(Self.banner(painter) == "Nothing encloses the place you tapped: the fill fills a region that lines close all round.")
        painter.tap(2, at: Point(x: 210, y: 120))
        #expect(Self.banner(painter) == "Tap inside a shape, not on its line, to fill it.")
        #expect(painter.app.drawing.currentLayer.strokes.count == 1 && !painter.app.drawing.canUndo)
        // A drag is no tap; two fingers are an undo, not two fills.
        painter.drag([(3, Point(x: 130, y: 120), Point(x: 170, y: 120))])
        #expect(painter.app.drawing.currentLayer.strokes.count == 1)
        // A locked layer refuses.
        painter.app.perform(.toggleLayerLock(0))
        painter.tap(4, at: Point(x: 150, y: 120))
        #expect(Self.banner(painter) == "“Layer 1” is locked: unlock it to paint on it.")
        #expect(painter.app.drawing.currentLayer.strokes.count == 1)
        // The brush puts the fill tool away.
        painter.key("b")
        #expect(!painter.app.isFilling)
    }

    @Test func whileFillingTheWidthStepsChooseTheGapAndTheSettingsKeepIt() throws {
        // An opening of 10 points: wider than the default gap closes (under 6).
        let painter = Painter(drawing: Self.circle(gap: 10))
        painter.key("f")
        painter.tap(1, at: Point(x: 150, y: 120))
        #expect(painter.app.drawing.currentLayer.strokes.count == 1)
        #expect(Self.banner(painter) == FingerPaintApp.nothingEncloses)
        // `]` while filling: the next gap, 6 points, closing openings up to 12; the brush keeps its width.
        let width = painter.app.brush.width
        painter.key("bracketright")
        #expect(Self.banner(painter) == "The fill closes gaps in lines up to 12 points wide.")
        #expect(painter.app.brush.width == width, "the brush's width is not the fill's gap")
        painter.tap(2, at: Point(x: 150, y: 120))
        let fill = try #require(painter.app.drawing.currentLayer.strokes.last)
        #expect(fill.isFill && painter.isPainted(150, 120))
        #expect(!painter.isPainted(240, 120) && !painter.isPainted(40, 200), "not beyond the opening")
        // The smallest step (its dot tapped): openings of 1.5 points; kept in the settings, read back.
        painter.app.perform(.selectWidth(0))
        #expect(Self.banner(painter) == "The fill closes gaps in lines up to 1.5 points wide.")
        #expect(painter.app.brush.width == width)
        let text = painter.app.brushSettings.text
        #expect(text.contains("fill gap = 0.75\n"), "\(text)")
        #expect(BrushSettings(parsing: text).fillGap == 0.75)
        #expect(BrushSettings(parsing: "fill gap = 5").fillGap == FingerPaintApp.defaultFillGap, "a gap no step has")
        // With the brush again, the width steps are the brush's.
        painter.key("b")
        painter.app.perform(.selectWidth(4))
        #expect(painter.app.brush.width == Brush.widths[4] && painter.app.fillGap == 0.75)
    }

    /// The eraser rubbing inside a fill, far from its edge, takes the fill away whole, and leaves the line.
    @Test func theEraserInsideAFillErasesIt() throws {
        let painter = Painter(drawing: Self.circle())
        painter.key("f")
        painter.tap(1, at: Point(x: 150, y: 120))
        try #require(painter.app.drawing.currentLayer.strokes.count == 2)
        painter.key("e")
        painter.drag([(2, Point(x: 140, y: 120), Point(x: 160, y: 125))])
        #expect(painter.app.drawing.currentLayer.strokes.map(\.isFill) == [false])
    }

    /// A fill moves with the selection as any stroke does, its outlines with it.
    @Test func aFillMovesAsAStrokeDoes() throws {
        let fill = try #require(Stroke(filling: [[Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 10)],
                                                 [Point(x: 2, y: 2), Point(x: 4, y: 2), Point(x: 2, y: 4)]], color: .black))
        let moved = try #require(fill.transformed(by: AffineTransform(translationBy: Vector(dx: 5, dy: 7))))
        #expect(moved.outlineCounts == [3, 3] && moved.outlines[1][0] == Point(x: 7, y: 9))
        #expect(Stroke(filling: [[Point(x: 0, y: 0), Point(x: 1, y: 1)]], color: .black) == nil, "two points enclose nothing")
        // A version-8 document cannot hold a fill: its record is damage there.
        let bytes = DrawingDocument.header(version: 8) + DrawingDocument.record(.add(fill))
        let read = try DrawingDocument.read(bytes)
        #expect(read.drawing.strokes.isEmpty && read.hasUnreadBytes)
    }
}
