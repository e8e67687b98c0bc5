import FingerPaintCore
import PaintModel
@testable import PaintRender
import PaintUI
import Testing
import TouchUI

/// The copies tiles keep for a cheap undo (bases, deep bases) take at most ``TileCache/undoCopyLimit`` together,
/// whatever room the budget leaves beside the tiles in view, and an undo walk still shows what a fresh render shows.
@Suite struct UndoCopyLimitTests {
    @Test func anUndoWalkKeepsItsCopiesWithinTheirLimitAndShowsWhatAFreshRenderShows() throws {
        // 600 short strokes spread over the whole view, each tile under many of them.
        var drawing = Drawing()
        for stroke in 0..<600 {
            let x = Double((stroke * 137) % 1_500) + 20, y = Double((stroke * 89) % 1_100) + 20
            drawing.add(Stroke(points: [StrokePoint(point(x, y)), StrokePoint(point(x + 60, y + 40))],
                               color: Brush.palette[stroke % 9], width: 6))
        }
        let app = FingerPaintApp(size: Size(width: 1_600, height: 1_200), drawing: drawing)
        app.renderFrame()
        // The budget leaves room for more copies than the limit beside the 7 × 5 tiles in view.
        let room = app.renderer.tileBudget - 35 * TileCache.tileBytes
        try #require(room > 2 * TileCache.undoCopyLimit)
        var most = 0
        for _ in 0..<200 {
            app.perform(.undo)
            app.renderFrame()
            most = max(most, app.renderer.tiles.cache.undoCopyBytes)
        }
        #expect(most <= TileCache.undoCopyLimit)
        #expect(most >= TileCache.undoCopyLimit / 2, "the walk kept copies: \(most) bytes")
        #expect(app.renderer.tileBytes <= app.renderer.tileBudget)
        let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
        fresh.setView(app.view)
        fresh.overlay = app.renderer.overlay
        fresh.renderFrame(liveStrokes: [:])
        #expect(largestDifference(app.renderer.frame, fresh.frame) == 0)
        #expect(app.drawing.strokes.count == 400)
    }
}
