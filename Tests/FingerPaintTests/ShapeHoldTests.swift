import Foundation
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import Testing
import TouchUI

/// Shapes by holding: a brush stroke that rests still at its end shows as the shape it looks like, becomes it when
/// the finger lifts, and an undo right after restores the freehand stroke (docs/shapes.md).
@Suite struct ShapeHoldTests {
    /// A finger drawn through `points` (one frame each) with id `id`, left down at the last point.
    static func draw(_ painter: Painter, through points: [Point], id: Int32 = 1) {
        painter.send(.touchDown(id: id, location: points[0]), .touchFrame)
        for location in points.dropFirst() { painter.send(.touchMotion(id: id, location: location), .touchFrame) }
    }

    /// Lets `milliseconds` pass with the fingers resting, then renders a frame.
    static func rest(_ painter: Painter, for milliseconds: Double) {
        painter.time += milliseconds
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.app.renderFrame()
    }

    /// A hand-drawn rectangle from (60, 40) to (340, 200), 4 pt a sample, each side wobbling 4 pt in then out (in
    /// most a quarter along it: at (130, 44) on the top side).
    static let wobblyRectangle: [Point] = {
        let corners = [Point(x: 60, y: 40), Point(x: 340, y: 40), Point(x: 340, y: 200), Point(x: 60, y: 200)]
        var points: [Point] = []
        for (start, end) in zip(corners, corners.dropFirst() + [corners[0]]) {
            let count = Int(start.distance(to: end) / 4)
            for step in 0..<count {
                let t = Double(step) / Double(count), bow = 4 * sin(2 * Double.pi * t)
                let normal = Point(x: -(end.y - start.y) / start.distance(to: end), y: (end.x - start.x) / start.distance(to: end))
                points.append(Point(x: start.x + (end.x - start.x) * t + bow * normal.x,
                                    y: start.y + (end.y - start.y) * t + bow * normal.y))
            }
        }
        return points + [corners[0]]
    }()

    @Test func aHeldRectangleShowsAsARectangleAndBecomesOneWhenLiftedAndUndoRestoresTheFreehandStroke() throws {
        let painter = Painter()
        Self.draw(painter, through: Self.wobblyRectangle)
        // A quarter along the top side the 8 pt stroke wobbles in to y 44: painted from 40 to 48.
        #expect(painter.isPainted(130, 46) && !painter.isPainted(130, 38))
        Self.rest(painter, for: 600)
        // Held: the window shows the rectangle in its place, its top side straight along y 40 (36 to 44).
        #expect(painter.isPainted(130, 38) && !painter.isPainted(130, 46))
        #expect(painter.isPainted(60, 120) && painter.isPainted(340, 120))
        #expect(painter.app.drawing.strokes.isEmpty)
        painter.send(.touchUp(id: 1), .touchFrame)
        let shape = try #require(painter.app.drawing.strokes.first)
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(Shape.fitting(shape.points.map(\.location))?.kind == .rectangle)
        #expect(painter.isPainted(130, 38) && !painter.isPainted(130, 46))
        // One undo: the freehand stroke, as drawn.
        painter.key("Ctrl+Z")
        let freehand = try #require(painter.app.drawing.strokes.first)
        #expect(freehand.points.count >= Self.wobblyRectangle.count)
        #expect(painter.isPainted(130, 46) && !painter.isPainted(130, 38))
        // Another undo: nothing; redo twice: the shape again.
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.strokes.isEmpty && !painter.isPainted(130, 46))
        painter.key("Ctrl+Shift+Z")
        painter.key("Ctrl+Shift+Z")
        #expect(painter.app.drawing.strokes == [shape])
    }

    @Test func aStrokeLiftedWithoutRestingStaysAsDrawnAndOneUndoTakesIt() throws {
        let painter = Painter()
        Self.draw(painter, through: Self.wobblyRectangle)
        painter.send(.touchUp(id: 1), .touchFrame)
        Self.rest(painter, for: 1000)
        let stroke = try #require(painter.app.drawing.strokes.first)
        #expect(stroke.points.count > 100 && painter.isPainted(130, 46))
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.strokes.isEmpty && !painter.app.drawing.canUndo)
    }

    @Test func aStrokeThatMovesOnAfterTheHoldStaysAsDrawn() throws {
        let painter = Painter()
        Self.draw(painter, through: Self.wobblyRectangle)
        Self.rest(painter, for: 600)
        #expect(painter.isPainted(130, 38) && !painter.isPainted(130, 46))
        // On past the corner: the shape goes, the freehand ink comes back, and it lifts as drawn.
        painter.send(.touchMotion(id: 1, location: point(120, 40)), .touchFrame)
        #expect(painter.isPainted(130, 46) && !painter.isPainted(130, 38))
        painter.send(.touchUp(id: 1), .touchFrame)
        let stroke = try #require(painter.app.drawing.strokes.first)
        #expect(stroke.points.last?.location == point(120, 40) && painter.app.drawing.strokes.count == 1)
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.strokes.isEmpty)
    }

    @Test func aHeldScribbleStaysAsDrawn() throws {
        let painter = Painter()
        let scribble = (0..<60).map { point(200 + 80 * sin(Double($0) * 1.7), 120 + 70 * cos(Double($0) * 0.9)) }
        Self.draw(painter, through: scribble)
        Self.rest(painter, for: 600)
        painter.send(.touchUp(id: 1), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 1)
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.strokes.isEmpty)
    }

    @Test func aHeldLineBecomesAStraightLineInTheBrushsColourAndWidth() throws {
        let painter = Painter()
        painter.key("3")
        let points = (0...40).map { point(50 + Double($0) * 7, 100 + 2 * sin(Double($0))) }
        Self.draw(painter, through: points)
        Self.rest(painter, for: 600)
        painter.send(.touchUp(id: 1), .touchFrame)
        let line = try #require(painter.app.drawing.strokes.first)
        // The ends where the finger was, within the input path's rounding (1/512 point at 100 %).
        #expect(line.points.count == 2)
        #expect(zip(line.points.map(\.location), [points[0], points[40]]).allSatisfy { $0.distance(to: $1) < 1.0 / 512 })
        #expect(line.color == painter.app.canvasView.brush.color && line.width == painter.app.canvasView.brush.width)
        #expect(painter.app.drawing.strokes.count == 1)
    }

    /// Whether every point lies on the segment from the first to the last, within a hundredth of a point.
    static func isStraight(_ points: [Point]) -> Bool {
        guard let first = points.first, let last = points.last, first != last else { return false }
        let length = first.distance(to: last)
        return points.allSatisfy { point in
            abs((last.x - first.x) * (point.y - first.y) - (last.y - first.y) * (point.x - first.x)) / length < 0.01
        }
    }

    /// How many pixels of two windows' canvases are more than 3 levels apart.
    static func differing(_ painter: Painter, _ other: Painter) -> Int {
        let (mine, theirs) = (BrushInkTests.canvasPixels(painter), BrushInkTests.canvasPixels(other))
        return mine.indices.filter { BrushInkTests.distance(mine[$0], theirs[$0]) > 3 }.count
    }

    /// The held stroke of `painter` lifted, its tiles drawn: the shape, and what the window showed it as held.
    static func liftHeld(_ painter: Painter) throws -> (shape: Stroke, held: [UInt32]) {
        let held = BrushInkTests.canvasPixels(painter)
        painter.send(.touchUp(id: 1), .touchFrame)
        painter.app.renderer.bakeStrokes()
        painter.app.renderer.waitForTiles()
        painter.app.renderFrame()
        return (try #require(painter.app.drawing.strokes.last), held)
    }

    /// A brush stroke held still becomes its shape drawn with the brush, not a round line: the pencil's straight
    /// line, its points two points apart so the brush's dynamics see a steady hand, shown so while held and drawn the
    /// same once lifted and reopened.
    @Test func aHeldPencilLineBecomesAStraightPencilLine() throws {
        let painter = Painter()
        painter.app.renderer.defersStrokeBaking = true
        try painter.app.useBrush(named: "classic/pencil")
        let points = (0...40).map { point(50 + Double($0) * 7, 100 + 2 * sin(Double($0))) }
        Self.draw(painter, through: points)
        Self.rest(painter, for: 600)
        let (line, held) = try Self.liftHeld(painter)
        #expect(painter.app.drawing.strokes.count == 1 && line.brush?.name == "classic/pencil")
        let locations = line.points.map(\.location)
        #expect(locations.count > 130 && zip(locations, locations.dropFirst()).allSatisfy { $0.distance(to: $1) <= 2.001 })
        #expect(Self.isStraight(locations), "straight from end to end")
        let fresh = Painter(drawing: painter.app.drawing)
        fresh.app.renderer.waitForTiles()
        fresh.app.renderFrame()
        #expect(Self.differing(painter, fresh) == 0, "the lifted line as a window opened on it draws it")
        let shown = BrushInkTests.canvasPixels(fresh)
        #expect(shown.indices.filter { BrushInkTests.distance(held[$0], shown[$0]) > 3 }.count == 0, "held as lifted")
        // Not the round brush's line.
        var round = line
        round.brush = nil
        let roundPainter = Painter(drawing: Drawing(strokes: [round]))
        #expect(Self.differing(fresh, roundPainter) > 100)
    }

    /// A smudge held into a line drags the paint along the line, with the colours its shape read while held: the
    /// lifted line draws as held, and as a window opened on it draws it.
    @Test func aHeldSmudgeLineSmearsAlongTheLine() throws {
        let painter = Painter(drawing: Drawing(strokes: SmudgeStrokeTests.bands()))
        painter.app.renderer.defersStrokeBaking = true
        try painter.app.useBrush(named: "classic/smudge")
        painter.app.perform(.selectWidth(4))
        let points = (0...40).map { point(120 + Double($0) * 5, 120 + 3 * sin(Double($0))) }
        Self.draw(painter, through: points)
        Self.rest(painter, for: 600)
        let (line, held) = try Self.liftHeld(painter)
        #expect(line.brush?.name == "classic/smudge" && line.brush?.pickedColors.isEmpty == false)
        #expect(Self.isStraight(line.points.map(\.location)))
        let fresh = Painter(drawing: painter.app.drawing)
        fresh.app.renderer.waitForTiles()
        fresh.app.renderFrame()
        #expect(Self.differing(painter, fresh) == 0, "the lifted smudge as a window opened on it draws it")
        let shown = BrushInkTests.canvasPixels(fresh)
        #expect(shown.indices.filter { BrushInkTests.distance(held[$0], shown[$0]) > 3 }.count == 0, "held as lifted")
        let before = Painter(drawing: Drawing(strokes: SmudgeStrokeTests.bands()))
        let reddening = SmudgeStrokeTests.reddening(fresh, from: before)
        #expect((reddening.along.first ?? 0) > 60 && reddening.off == 0, "\(reddening)")
    }

    @Test func theShapeAndItsUndoAreSavedAndReopenAsTheWindowLeftThem() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("shapes.fpdraw")
        let painter = try Painter(opening: url)
        Self.draw(painter, through: Self.wobblyRectangle)
        Self.rest(painter, for: 600)
        painter.send(.touchUp(id: 1), .touchFrame)
        painter.app.waitForSaves()
        let saved = try DocumentFile.read(url)
        #expect(saved.version == DrawingDocument.version && !saved.isDamaged)
        #expect(saved.drawing == painter.app.drawing)
        #expect(Shape.fitting(try #require(saved.drawing.strokes.first).points.map(\.location))?.kind == .rectangle)
        // Reopened, one undo brings the freehand stroke back: the history is in the file.
        painter.app.finishDocument()
        let reopened = try Painter(opening: url)
        reopened.key("Ctrl+Z")
        #expect(reopened.app.drawing.strokes.first?.points.count ?? 0 >= Self.wobblyRectangle.count)
        reopened.app.finishDocument()
    }
}
