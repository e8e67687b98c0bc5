@testable import FingerPaintCore
import Foundation
import Geometry
import Glibc
import PaintModel
import PaintUI
@testable import PaintRender
import SeatInput
import Testing

/// The selection tool in the window: a lasso's loop around strokes of the current layer selects them; one finger on
/// the selection drags it, two pinch and turn it about their centroid; the move is one edit (docs/selection.md).
@Suite struct SelectionTests {
    /// Two strokes side by side: the left one from (40, 60) to (120, 60), the right one from (220, 60) to (320, 60).
    static func twoStrokes() -> Drawing {
        func line(_ x0: Double, _ x1: Double, _ color: Color) -> Stroke {
            Stroke(points: (0...8).map { StrokePoint(Point(x: x0 + (x1 - x0) * Double($0) / 8, y: 60)) }, color: color,
                   width: 6)
        }
        return Drawing(strokes: [line(40, 120, Color(rgb: 0xD01818)), line(220, 320, Color(rgb: 0x1830D0))])
    }

    /// A finger drawing a loop around `center` of `radius`, 24 points of it, then lifting.
    static func loop(_ painter: Painter, around center: Point, radius: Double, id: Int32 = 1) {
        let points = (0...24).map { index in
            let angle = Double(index) / 24 * 2 * .pi
            return Point(x: center.x + radius * cos(angle), y: center.y + 0.6 * radius * sin(angle))
        }
        painter.send(.touchDown(id: id, location: points[0]), .touchFrame)
        for point in points.dropFirst() { painter.send(.touchMotion(id: id, location: point), .touchFrame) }
        painter.send(.touchUp(id: id), .touchFrame)
    }

    /// A finger held on the selection for longer than a long press, then lifted: the selection's menu it opens.
    /// On the selection, away from its handles: a selected stroke's middle point (the view at 100 %).
    static func holdOnSelection(_ painter: Painter) throws -> Overlay.LayerMenu {
        let stroke = try #require(painter.app.selection.map { painter.app.drawing.currentLayer.strokes[$0.indices[0]] })
        painter.send(.touchDown(id: 5, location: stroke.points[stroke.points.count / 2].location), .touchFrame)
        painter.time += 600
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.send(.touchUp(id: 5), .touchFrame)
        return try #require(painter.app.renderer.overlay?.layerMenu)
    }

    /// The first point of each stroke of the drawing's current layer.
    static func starts(_ painter: Painter) -> [Point?] {
        painter.app.drawing.currentLayer.strokes.map { $0.points.first?.location }
    }

    @Test func aLassoAroundOneOfTwoStrokesAndADragMoveOnlyThatOneAndUndoPutsItBack() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.key("s")
        #expect(painter.app.isSelecting)
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        let selection = try #require(painter.app.selection)
        #expect(selection.indices == [0] && painter.app.drawing.strokes.count == 2, "a loop draws no stroke")
        // The outline shows around the left stroke.
        #expect(painter.app.renderer.overlay?.selection?.isClosed == true)
        // One finger on the stroke drags it 100 points down: shown there while the finger moves, the drawing
        // unchanged until it lifts.
        painter.drag([(2, Point(x: 80, y: 60), Point(x: 80, y: 160))], steps: 12, lift: false)
        #expect(painter.isPainted(80, 160) && !painter.isPainted(80, 60) && painter.isPainted(270, 60))
        #expect(painter.app.drawing.strokes.first?.points.first?.location == Point(x: 40, y: 60))
        painter.send(.touchUp(id: 2), .touchFrame)
        let moved = Self.starts(painter)
        #expect(moved[0].map { abs($0.x - 40) < 0.01 && abs($0.y - 160) < 0.01 } == true, "\(String(describing: moved[0]))")
        #expect(moved[1] == Point(x: 220, y: 60), "the other stroke stays")
        #expect(painter.isPainted(80, 160) && !painter.isPainted(80, 60) && painter.isPainted(270, 60))
        #expect(painter.app.selection?.indices == [0], "still selected, where it went")
        // One undo: back where it was, in one step.
        painter.key("Ctrl+Z")
        #expect(Self.starts(painter) == [Point(x: 40, y: 60), Point(x: 220, y: 60)])
        #expect(painter.isPainted(80, 60) && !painter.isPainted(80, 160))
        #expect(!painter.app.drawing.canUndo && painter.app.selection == nil)
    }

    @Test func twoFingersPinchAndTurnTheSelectionAboutTheirCentroid() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        #expect(painter.app.selection?.indices == [0])
        // Two fingers on the stroke, 40 points apart about (80, 60), spread to 80 apart and turned a quarter
        // clockwise: the stroke twice as long, upright, about the same centre.
        let steps = 20
        painter.send(.touchDown(id: 3, location: Point(x: 60, y: 60)), .touchDown(id: 4, location: Point(x: 100, y: 60)),
                     .touchFrame)
        for step in 1...steps {
            let t = Double(step) / Double(steps), angle = t * .pi / 2, half = 20 + 20 * t
            painter.send(.touchMotion(id: 3, location: Point(x: 80 - half * cos(angle), y: 60 - half * sin(angle))),
                         .touchMotion(id: 4, location: Point(x: 80 + half * cos(angle), y: 60 + half * sin(angle))),
                         .touchFrame)
        }
        painter.send(.touchUp(id: 3), .touchUp(id: 4), .touchFrame)
        let stroke = try #require(painter.app.drawing.currentLayer.strokes.first)
        let points = stroke.points.map(\.location)
        // Snapped to the quarter turn and to 2× (within a few degrees and percent, docs/selection.md): from
        // (80, -20) down to (80, 140), 12 points wide.
        let first = try #require(points.first), last = try #require(points.last)
        #expect(abs(first.x - 80) < 2 && abs(first.y + 20) < 6 && abs(last.x - 80) < 2 && abs(last.y - 140) < 6,
                "\(first) to \(last)")
        #expect(abs(stroke.width - 12) < 0.7, "\(stroke.width)")
        #expect(painter.app.drawing.currentLayer.strokes[1].points.first?.location == Point(x: 220, y: 60))
        painter.key("Ctrl+Z")
        #expect(Self.starts(painter) == [Point(x: 40, y: 60), Point(x: 220, y: 60)])
    }

    /// A tap beyond the selection and Escape end it; a loop around nothing says so and selects nothing; Delete
    /// deletes what is selected, one edit; the bar's lasso and `s` choose the tool and put it away.
    @Test func theSelectionEndsDeletesAndSaysWhenItHoldsNothing() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.tap(1, at: painter.paletteCenter(of: .useSelection))
        #expect(painter.app.isSelecting)
        Self.loop(painter, around: Point(x: 80, y: 180), radius: 40)
        #expect(painter.app.selection == nil && painter.app.banner?.contains("holds no stroke") == true)
        // Two fingers drawing at once draw no loop.
        painter.drag([(8, Point(x: 20, y: 20), Point(x: 140, y: 100)), (9, Point(x: 140, y: 20), Point(x: 20, y: 100))])
        #expect(painter.app.selection == nil && painter.app.drawing.strokes.count == 2)
        // A quick two-finger tap undoes, a three-finger tap redoes, as on the canvas.
        painter.app.perform(.useBrush)
        painter.drag([(10, Point(x: 150, y: 150), Point(x: 190, y: 150))])
        painter.key("s")
        #expect(painter.app.drawing.strokes.count == 3)
        painter.send(.touchDown(id: 11, location: Point(x: 150, y: 200)), .touchDown(id: 12, location: Point(x: 200, y: 200)),
                     .touchFrame)
        painter.send(.touchUp(id: 11), .touchUp(id: 12), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 2 && painter.app.isSelecting, "a two-finger tap undoes")
        painter.send(.touchDown(id: 11, location: Point(x: 150, y: 200)), .touchDown(id: 12, location: Point(x: 200, y: 200)),
                     .touchDown(id: 13, location: Point(x: 250, y: 200)), .touchFrame)
        painter.send(.touchUp(id: 11), .touchUp(id: 12), .touchUp(id: 13), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 3, "a three-finger tap redoes")
        painter.key("Ctrl+Z")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        #expect(painter.app.selection != nil)
        painter.tap(5, at: Point(x: 200, y: 200))
        #expect(painter.app.selection == nil && painter.app.renderer.overlay?.selection == nil)
        Self.loop(painter, around: Point(x: 270, y: 60), radius: 70)
        #expect(painter.app.selection?.indices == [1])
        painter.key("Escape")
        #expect(painter.app.selection == nil)
        Self.loop(painter, around: Point(x: 270, y: 60), radius: 70)
        painter.key("Delete")
        #expect(painter.app.drawing.strokes.count == 1 && painter.app.selection == nil && !painter.isPainted(270, 60))
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.strokes.count == 2)
        // A finger paints nothing while the tool is chosen; `s` puts it away, and the finger paints again.
        painter.drag([(6, Point(x: 150, y: 150), Point(x: 190, y: 150))])
        #expect(painter.app.drawing.strokes.count == 2)
        painter.key("s")
        #expect(!painter.app.isSelecting)
        painter.drag([(7, Point(x: 150, y: 150), Point(x: 190, y: 150))])
        #expect(painter.app.drawing.strokes.count == 3)
        // Another tool puts it away: one tool is in use at a time.
        for other in ["i", "b", "e"] {
            painter.key("s")
            painter.key(other)
            #expect(!painter.app.isSelecting, "\(other)")
        }
        painter.key("s")
        painter.app.perform(.toggleNavigation)
        #expect(!painter.app.isSelecting && painter.app.isNavigating)
    }

    /// The moved strokes are saved as the move: reopened, the drawing shows them where they were left, and an undo
    /// there puts them back.
    @Test func aMoveIsSavedAndReopensWhereItWasLeft() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-selection-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("moved.fpdraw")
        do {
            let painter = try Painter(opening: url)
            for (y, id) in [(60.0, Int32(1)), (120.0, Int32(2))] {
                painter.drag([(id, Point(x: 40, y: y), Point(x: 120, y: y))])
            }
            painter.key("s")
            Self.loop(painter, around: Point(x: 80, y: 120), radius: 50, id: 3)
            #expect(painter.app.selection?.indices == [1])
            painter.drag([(4, Point(x: 80, y: 120), Point(x: 230, y: 160))], steps: 12)
            painter.app.saveNow()
        }
        let reopened = try DocumentFile.read(url)
        let strokes = reopened.drawing.strokes
        #expect(strokes.count == 2 && strokes[0].points.first?.location == Point(x: 40, y: 60))
        let moved = try #require(strokes[1].points.first?.location)
        #expect(abs(moved.x - 190) < 0.01 && abs(moved.y - 160) < 0.01, "\(moved)")
        var drawing = reopened.drawing
        drawing.undo()
        #expect(drawing.strokes[1].points.first?.location == Point(x: 40, y: 120))
    }

    /// The outline shows around the selection, black and white dashes over any paint, at 1024x768 and 420x700, and the
    /// bar's lasso is marked while the tool is chosen; drawn as PNGs to look at, in the temporary folder's
    /// fingerpaint-selection.
    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 420, height: 700)])
    func theOutlineShowsAroundTheSelection(size: Size) throws {
        let painter = Painter(size: size, drawing: Self.twoStrokes())
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        painter.app.renderFrame()
        let outline = try #require(painter.app.renderer.overlay?.selection?.outline)
        #expect(outline.count == 4)
        // Along the outline's top edge, 6 points above the stroke's (y 50 at x 45 to 115), dark dashes and white
        // gaps over the paper.
        #expect(outline.first == Point(x: 30, y: 50))
        let top = (45...115).map { painter.shown(Double($0), 50) }
        let dark = top.filter { $0 & 0xFF < 0x80 }.count, light = top.filter { $0 & 0xFF > 0xE0 }.count
        #expect(dark > 20 && light > 10, "\(dark) dark, \(light) light")
        // On the bar where it fits (in the More menu at 420 wide), marked.
        if painter.app.paletteView.layout.frame(of: .useSelection) != nil {
            #expect(painter.app.renderer.overlay?.items.first { $0.content == .lasso }?.isSelected == true)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-selection")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try painter.app.renderer.frame.writePNG(to: folder.appendingPathComponent("selection-\(Int(size.width)).png").path)
    }


    /// The fingers' scale snaps to 100 % within 5 %, their turn to a quarter turn within 5°; beyond, they are as made.
    @Test func theMoveSnapsTo100PercentAndToQuarterTurns() {
        let anchor = Point(x: 50, y: 20), shift = Vector(dx: 3, dy: -4)
        let near = SelectionView.transform(anchor: anchor, scale: 1.04, turn: .pi / 2 + 0.08, shift: shift)
        #expect(abs(near.scaleFactor - 1) < 1e-12 && abs(near.rotation - .pi / 2) < 1e-12)
        #expect(near.apply(to: anchor).distance(to: anchor + shift) < 1e-9, "the anchor goes with the fingers")
        let far = SelectionView.transform(anchor: anchor, scale: 1.06, turn: 0.1, shift: shift)
        #expect(abs(far.scaleFactor - 1.06) < 1e-12 && abs(far.rotation - 0.1) < 1e-12)
    }


    /// A finger held on the selection opens its menu beside it; its rows flip, duplicate (as Ctrl+D does) and delete,
    /// each one edit; a touch beyond the menu closes it.
    @Test func aLongPressOpensTheSelectionsMenu() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        var box = Rect.zero
        func openMenu() throws -> [SelectionMenuView.Action: Rect] {
            let menu = try Self.holdOnSelection(painter)
            #expect(menu.title == "Selection" && menu.rows.map(\.title) == SelectionMenuView.Action.allCases.map(\.title))
            #expect(menu.rows.allSatisfy { $0.frame.height >= InterfaceLayout.minimumTarget })
            // Above the bar, in the window, even in one this small (two columns).
            #expect(menu.frame.maxY <= painter.app.paletteView.layout.bar.minY && menu.frame.minY >= 0
                    && menu.frame.minX >= 0 && menu.frame.maxX <= 400, "\(menu.frame)")
            box = menu.frame
            return Dictionary(uniqueKeysWithValues: zip(SelectionMenuView.Action.allCases, menu.rows.map(\.frame)))
        }
        // Flip horizontally: the stroke from (40, 60) to (120, 60) now runs from 120 back to 40.
        var rows = try openMenu()
        // Drawn as a PNG to look at, in the temporary folder's fingerpaint-selection.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-selection")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try painter.app.renderer.frame.writePNG(to: folder.appendingPathComponent("selection-menu.png").path)
        painter.tap(6, at: try #require(rows[.flipHorizontally]).center)
        #expect(painter.app.renderer.overlay?.layerMenu == nil)
        let flipped = try #require(painter.app.drawing.strokes.first?.points.map(\.location))
        #expect(abs((flipped.first?.x ?? 0) - 120) < 0.01 && abs((flipped.last?.x ?? 0) - 40) < 0.01, "\(flipped)")
        #expect(painter.app.selection?.indices == [0])
        // Duplicate: a copy on top, 16 points down and right, selected; Ctrl+D another.
        rows = try openMenu()
        painter.tap(6, at: try #require(rows[.duplicate]).center)
        #expect(painter.app.drawing.strokes.count == 3 && painter.app.selection?.indices == [2])
        #expect(painter.app.drawing.strokes[2].points.first?.location == Point(x: 136, y: 76))
        painter.key("Ctrl+D")
        #expect(painter.app.drawing.strokes.count == 4 && painter.app.selection?.indices == [3])
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.strokes.count == 3, "one undo takes one duplicate")
        // A touch beyond the menu closes it, doing nothing.
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        rows = try openMenu()
        // Beside the box, above it or below it, wherever the window has room.
        let candidates: [Point] = [Point(x: box.minX - 10, y: box.midY), Point(x: box.maxX + 10, y: box.midY),
                                   Point(x: box.midX, y: box.minY - 10), Point(x: box.midX, y: box.maxY + 10)]
        let beyond = try #require(candidates.first { (point: Point) -> Bool in
            point.x > 0 && point.x < 400 && point.y > 0 && point.y < 300
        })
        painter.tap(6, at: beyond)
        #expect(painter.app.renderer.overlay?.layerMenu == nil && painter.app.drawing.strokes.count == 3)
        // Invert: the blue one alone; Select all: the three.
        #expect(painter.app.selection?.indices == [0, 2])
        rows = try openMenu()
        painter.tap(6, at: try #require(rows[.invert]).center)
        #expect(painter.app.selection?.indices == [1])
        rows = try openMenu()
        painter.tap(6, at: try #require(rows[.selectAll]).center)
        #expect(painter.app.selection?.indices == [0, 1, 2])
        // Delete: the two strokes the loop takes, the flipped one and its copy; the blue one stays.
        painter.key("Escape")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        #expect(painter.app.selection?.indices == [0, 2])
        rows = try openMenu()
        painter.tap(6, at: try #require(rows[.delete]).center)
        #expect(painter.app.drawing.strokes.count == 1 && painter.app.selection == nil)
        #expect(painter.app.drawing.strokes.first?.points.first?.location == Point(x: 220, y: 60))
    }


    /// The outline's dashes march while something is selected, a step each eighth of a second, and stop when the
    /// selection ends.
    @Test func theOutlinesDashesMarchWhileSomethingIsSelected() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        painter.app.renderFrame()
        let start = try #require(painter.app.renderer.overlay?.selection?.dashPhase)
        painter.time += 260
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.app.renderFrame()
        let marched = try #require(painter.app.renderer.overlay?.selection?.dashPhase)
        #expect(abs(marched - (start - 2)) < 1e-9, "two steps of a point: \(start) → \(marched)")
        painter.key("Escape")
        #expect(painter.app.selection == nil && painter.app.selectionDashTimer == nil, "no timer without a selection")
    }

    /// The menu's Up a layer moves the selected strokes to the top of the layer above, one edit, and paints on that
    /// layer with them selected; Down a layer from the bottom one says there is none.
    @Test func theMenuMovesTheSelectionToAnotherLayer() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.key("Insert")
        painter.key("Next")
        #expect(painter.app.drawing.currentLayerIndex == 0)
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        func tapRow(_ action: SelectionMenuView.Action) throws {
            let menu = try Self.holdOnSelection(painter)
            #expect(menu.rows.count == SelectionMenuView.Action.allCases.count)
            #expect(menu.frame.maxY <= painter.app.paletteView.layout.bar.minY && menu.frame.maxX <= 400, "\(menu.frame)")
            let row = try #require(menu.rows.first { $0.title == action.title })
            painter.tap(6, at: row.frame.center)
        }
        try tapRow(.layerDown)
        painter.app.renderFrame()
        #expect(painter.app.renderer.overlay?.banner?.text == "There is no layer below “Layer 1”.")
        try tapRow(.layerUp)
        let layers = painter.app.drawing.layers
        #expect(layers.map(\.strokes.count) == [1, 1] && layers[1].strokes.first?.color == Color(rgb: 0xD01818))
        #expect(painter.app.drawing.currentLayerIndex == 1 && painter.app.selection?.indices == [0])
        #expect(painter.isPainted(80, 60), "still shown where it was")
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.layers.map(\.strokes.count) == [2, 0], "one undo puts it back")
    }

    /// With the tiles drawn in the background, the selection moved is shown where it goes at every step, and once the
    /// finger lifts it stays shown there while the tiles under it are drawn again: the strokes never vanish.
    @Test func aMovedSelectionNeverVanishesWhileItsTilesAreDrawnAgain() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        let worker = TileWorker(pace: .whenAsked)
        painter.app.renderer.drawTiles(on: worker)
        painter.app.renderer.syncTileBudget = 0
        worker.drawWaiting(upTo: .max)
        painter.app.renderFrame()
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        painter.drag([(2, Point(x: 80, y: 60), Point(x: 80, y: 160))], steps: 12, lift: false)
        #expect(painter.isPainted(80, 160), "shown where it goes while the tiles are not drawn yet")
        worker.drawWaiting(upTo: .max)
        painter.app.renderFrame()
        #expect(painter.isPainted(80, 160) && !painter.isPainted(80, 60), "the tiles drawn without it")
        painter.send(.touchUp(id: 2), .touchFrame)
        painter.app.renderFrame()
        #expect(painter.isPainted(80, 160), "set down, still shown before its tiles are drawn")
        worker.drawWaiting(upTo: .max)
        painter.app.renderFrame()
        painter.app.renderFrame()
        let fresh = Painter(drawing: painter.app.drawing)
        fresh.app.renderFrame()
        #expect((60...100).allSatisfy { painter.shown(Double($0), 160) == fresh.shown(Double($0), 160) },
                "from the tiles alone once they are drawn: as a window opened on the drawing shows it")
    }


    /// The outline's corner handles scale the selection about the opposite corner, the round handle beyond its top
    /// edge turns it about its middle, by finger or pen, each one move; the handles are drawn where they are.
    @Test func theHandlesScaleAndTurnTheSelection() throws {
        let painter = Painter(drawing: Self.twoStrokes())
        painter.key("s")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        let shown = try #require(painter.app.renderer.overlay?.selection)
        // The outline 6 points beyond the stroke, from (30, 50) to (130, 70): four corners, the round handle 36 points
        // above the top edge.
        #expect(shown.handles == [Point(x: 30, y: 50), Point(x: 130, y: 50), Point(x: 130, y: 70), Point(x: 30, y: 70)])
        #expect(shown.rotationHandle == Point(x: 80, y: 14))
        // The bottom-right corner dragged twice as far from the top-left one: the stroke twice the size about it.
        painter.drag([(2, Point(x: 130, y: 70), Point(x: 230, y: 90))], steps: 10)
        var stroke = try #require(painter.app.drawing.strokes.first)
        var ends = try [#require(stroke.points.first?.location), #require(stroke.points.last?.location)]
        #expect(ends[0].distance(to: Point(x: 50, y: 70)) < 0.01 && ends[1].distance(to: Point(x: 210, y: 70)) < 0.01,
                "\(ends)")
        #expect(abs(stroke.width - 12) < 1e-9 && painter.app.drawing.strokes[1] == Self.twoStrokes().strokes[1])
        painter.key("Ctrl+Z")
        Self.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        // The round handle taken a quarter turn round the middle (80, 60), by the pen: upright about it.
        painter.send(.tablet(.proximityIn(.pen, location: Point(x: 80, y: 18)), tool: 0), .tablet(.frame, tool: 0))
        painter.send(.tablet(.down, tool: 0), .tablet(.frame, tool: 0))
        for step in 1...10 {
            let angle = -Double.pi / 2 + Double(step) / 10 * .pi / 2
            painter.send(.tablet(.motion(location: Point(x: 80 + 42 * cos(angle), y: 60 + 42 * sin(angle)),
                                         axes: TabletAxes(pressure: 0.5)), tool: 0), .tablet(.frame, tool: 0))
        }
        painter.send(.tablet(.up, tool: 0), .tablet(.frame, tool: 0))
        stroke = try #require(painter.app.drawing.strokes.first)
        ends = try [#require(stroke.points.first?.location), #require(stroke.points.last?.location)]
        #expect(ends[0].distance(to: Point(x: 80, y: 20)) < 0.01 && ends[1].distance(to: Point(x: 80, y: 100)) < 0.01,
                "\(ends)")
        #expect(painter.app.drawing.strokes.count == 2, "the pen moved the handle, and painted nothing")
        // Drawn as a PNG to look at, in the temporary folder's fingerpaint-selection.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-selection")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try painter.app.renderer.frame.writePNG(to: folder.appendingPathComponent("selection-handles.png").path)
    }

}
