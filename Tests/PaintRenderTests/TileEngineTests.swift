// The tile engine alone: a change of the strokes redraws the cached tiles it reaches and says what it changed, an
// undo rebuilds tiles from their bases, a clear's undo puts the same tiles back, another zoom's tiles give way, and
// the budget never takes a tile in view. Each tile is compared with one drawn fresh for the same strokes.
import Geometry
import PaintModel
@testable import PaintRender
import Testing

@Suite struct TileEngineTests {
    /// Four tiles at 1 pixel a point: the view's document pixels.
    private static let visible = PixelRect(x: 0, y: 0, width: 2 * TileKey.side, height: 2 * TileKey.side)

    private static func engine(_ strokes: [Stroke] = [], budget: Int = CanvasRenderer.maximumTileBudget,
                               pixelsPerPoint: Double = 1) -> TileEngine {
        let engine = TileEngine(strokes: strokes, paper: .white, budget: budget, worker: nil)
        engine.viewport = TileEngine.Viewport(pixelsPerPoint: pixelsPerPoint, visible: visible)
        return engine
    }

    /// Draws every tile in view into the cache (no worker: each is drawn at once).
    private static func drawTilesInView(of engine: TileEngine) {
        for key in TileKey.keys(covering: engine.viewport.visible, pixelsPerPoint: engine.viewport.pixelsPerPoint) {
            _ = engine.drawAtOnceIfFew(key)
        }
    }

    private static var keysInView: [TileKey] { Array(TileKey.keys(covering: visible, pixelsPerPoint: 1)) }

    /// The `index`th of a set of diagonal strokes across the four tiles, each a little lower than the one before.
    private static func stroke(_ index: Int) -> Stroke {
        let y = 20 + Double(index) * 9
        return Stroke(points: [StrokePoint(Point(x: 10, y: y)), StrokePoint(Point(x: 500, y: y + 120))],
                      color: Brush.palette[index % Brush.palette.count], width: 6)
    }

    /// Whether two tiles show the same pixels (`nil`: paper).
    private static func samePixels(_ first: ImageSurface?, _ second: ImageSurface?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        for y in 0..<TileKey.side {
            for x in 0..<TileKey.side where first.pixel(x: x, y: y) != second.pixel(x: x, y: y) { return false }
        }
        return true
    }

    /// Whether every tile in view of `engine` is what an engine drawing `strokes` from scratch draws.
    private static func tilesInView(of engine: TileEngine, areFreshlyDrawnFor strokes: [Stroke]) -> Bool {
        let fresh = Self.engine(strokes)
        drawTilesInView(of: fresh)
        return keysInView.allSatisfy { samePixels(engine.cache[$0]?.image, fresh.cache[$0]?.image) }
    }

    /// Applies a change the way the renderer does: counted, then taken.
    private static func apply(_ change: DrawingChange, strokes: [Stroke], to engine: TileEngine) {
        engine.beginChange()
        engine.apply(change, strokes: ShownStrokes(strokes))
    }

    @Test func aStrokeAddedIsDrawnIntoTheCachedTilesItTouchesAndItsPixelsAreTheNextFramesChange() throws {
        let engine = Self.engine()
        Self.drawTilesInView(of: engine)
        _ = engine.takeChanges()
        let stroke = Self.stroke(0)
        Self.apply(.appended(stroke), strokes: [stroke], to: engine)
        #expect(Self.tilesInView(of: engine, areFreshlyDrawnFor: [stroke]))
        let changes = engine.takeChanges()
        #expect(!changes.isWhole)
        let strokePixels = TileKey.pixels(of: stroke.bounds, pixelsPerPoint: 1)
        #expect(changes.document.contains { $0.contains(strokePixels) })
        // Taken once: the frame after has nothing new.
        #expect(engine.takeChanges().document.isEmpty)
    }

    @Test func undoingStrokesRebuildsTheirTilesAsIfTheyHadNeverBeenDrawn() {
        let strokes = (0..<40).map(Self.stroke)
        let engine = Self.engine()
        Self.drawTilesInView(of: engine)
        for count in 1...strokes.count {
            Self.apply(.appended(strokes[count - 1]), strokes: Array(strokes.prefix(count)), to: engine)
        }
        // Within the base's reach (one stroke back), then past it (more than `baseSpacing` back).
        Self.apply(.truncated(to: 39), strokes: Array(strokes.prefix(39)), to: engine)
        #expect(Self.tilesInView(of: engine, areFreshlyDrawnFor: Array(strokes.prefix(39))))
        Self.apply(.truncated(to: 3), strokes: Array(strokes.prefix(3)), to: engine)
        #expect(Self.tilesInView(of: engine, areFreshlyDrawnFor: Array(strokes.prefix(3))))
    }

    @Test func theUndoOfAClearPutsBackTheSameTilesWithoutDrawingThem() throws {
        let strokes = (0..<5).map(Self.stroke)
        let engine = Self.engine(strokes)
        Self.drawTilesInView(of: engine)
        _ = engine.takeChanges()
        let key = try #require(Self.keysInView.first)
        let before = try #require(engine.cache[key]?.image)
        Self.apply(.cleared, strokes: [], to: engine)
        #expect(engine.cache.keys.isEmpty)
        #expect(engine.takeChanges().isWhole)
        Self.apply(.restored, strokes: strokes, to: engine)
        #expect(engine.cache[key]?.image === before)
        #expect(engine.strokes == strokes)
        #expect(engine.takeChanges().isWhole)
    }

    @Test func aChangeDropsTheTilesOfAnotherZoomItReaches() throws {
        let engine = Self.engine()
        engine.viewport.pixelsPerPoint = 2
        Self.drawTilesInView(of: engine)
        let zoomedIn = Array(TileKey.keys(covering: Self.visible, pixelsPerPoint: 2))
        #expect(zoomedIn.allSatisfy { engine.cache[$0] != nil })
        engine.viewport.pixelsPerPoint = 1
        Self.drawTilesInView(of: engine)
        // A stroke in the top-left tile at 100 %, which at 200 % lies within the top-left tile too.
        let stroke = Stroke(points: [StrokePoint(Point(x: 10, y: 10)), StrokePoint(Point(x: 60, y: 40))],
                            color: Brush.palette[0], width: 4)
        Self.apply(.appended(stroke), strokes: [stroke], to: engine)
        let reached = try #require(zoomedIn.first { $0.column == 0 && $0.row == 0 })
        #expect(engine.cache[reached] == nil)
        #expect(zoomedIn.filter { $0 != reached }.allSatisfy { engine.cache[$0] != nil })
        #expect(Self.tilesInView(of: engine, areFreshlyDrawnFor: [stroke]))
    }

    @Test func theBudgetLetsTilesOutOfViewGoAndKeepsThoseInViewBeyondIt() {
        // Strokes everywhere, so that every tile has an image; a budget of one tile.
        let strokes = (0..<50).map(Self.stroke)
        let engine = Self.engine(strokes, budget: TileCache.tileBytes)
        engine.viewport.pixelsPerPoint = 2
        Self.drawTilesInView(of: engine)
        engine.viewport.pixelsPerPoint = 1
        Self.drawTilesInView(of: engine)
        engine.evictTiles()
        #expect(Self.keysInView.allSatisfy { engine.cache[$0]?.image != nil })
        #expect(engine.cache.keys.allSatisfy { $0.pixelsPerPoint == 1 })
        #expect(engine.bytes >= Self.keysInView.count * TileCache.tileBytes)
    }

    @Test func paperNeedsNoImageAndATileNoStrokeReachesIsNotedAtOnce() throws {
        let engine = Self.engine()
        let key = try #require(Self.keysInView.first)
        _ = engine.drawAtOnceIfFew(key)
        let entry = try #require(engine.cache[key])
        #expect(entry.image == nil)
        #expect(engine.bytes == 0)
        // Drawn already: asked again, nothing is drawn.
        #expect(!engine.drawAtOnceIfFew(key))
    }
}
