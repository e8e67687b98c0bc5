import FingerPaintCore
import PaintModel
import PaintRender
import PaintUI
import Testing
import TouchUI

/// The tile cache's budget follows the window's size (``CanvasRenderer/tileBudget(pixelWidth:pixelHeight:)``): a
/// small window zoomed through many zooms keeps few tiles, and still shows what a fresh render shows.
@Suite struct TileBudgetTests {
    /// Strokes in a grid over a document much larger than the window, so that every tile at every zoom shows ink.
    static func gridDrawing() -> Drawing {
        var drawing = Drawing()
        for row in 0..<40 {
            for column in 0..<40 {
                let x = Double(column * 100 - 1_500), y = Double(row * 80 - 1_200)
                drawing.add(Stroke(points: [StrokePoint(point(x, y)), StrokePoint(point(x + 90, y + 60))],
                                   color: Brush.palette[(row + column) % 9], width: 6))
            }
        }
        return drawing
    }

    static func freshFrame(_ app: FingerPaintApp) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
        fresh.setView(app.view)
        fresh.overlay = app.renderer.overlay
        fresh.renderFrame(liveStrokes: [:])
        return fresh.frame
    }

    @Test func theBudgetIsTheTilesThatCanCoverTheWindowAndAHalfWithinAFloorAndA4KWindowsWorth() {
        // 800 × 600 reaches at most 5 × 4 tiles of 256 KiB: 5 MiB, and half as much again; 3840 × 2160 at most
        // 16 × 10: 40 MiB, the most.
        #expect(CanvasRenderer.tileBudget(pixelWidth: 800, pixelHeight: 600) == 7_864_320)
        #expect(CanvasRenderer.tileBudget(pixelWidth: 3_840, pixelHeight: 2_160) == 40 << 20)
        #expect(CanvasRenderer.tileBudget(pixelWidth: 7_680, pixelHeight: 4_320) == 40 << 20)
        #expect(CanvasRenderer.tileBudget(pixelWidth: 200, pixelHeight: 100) == CanvasRenderer.minimumTileBudget)
        // Whatever the numbers, no trap.
        #expect(CanvasRenderer.tileBudget(pixelWidth: Int.max, pixelHeight: Int.min) == 40 << 20)
    }

    @Test func an800x600WindowZoomedThroughManyZoomsKeepsItsBudgetAndShowsWhatAFreshRenderShows() {
        let app = FingerPaintApp(size: Size(width: 800, height: 600), drawing: Self.gridDrawing())
        let budget = CanvasRenderer.tileBudget(pixelWidth: 800, pixelHeight: 600)
        app.renderFrame()
        let commands: [PaintCommand] = [.zoomIn, .zoomIn, .zoomIn, .zoomOut, .zoomOut, .zoomOut, .zoomOut, .zoomOut,
                                        .zoomOut, .zoomIn, .actualSize, .zoomToFit, .zoomIn]
        for command in commands {
            app.perform(command)
            app.letTheViewIndicatorGo()
            app.renderFrame()
            #expect(app.renderer.tileBytes <= budget, "after \(command)")
            app.setView(app.view.panned(by: Vector(dx: 300, dy: -200)))
            app.renderFrame()
            #expect(app.renderer.tileBytes <= budget, "after a pan")
        }
        #expect(largestDifference(app.renderer.frame, Self.freshFrame(app)) == 0)
    }

    @Test func aWindowMadeSmallerTrimsItsTilesToTheSmallerBudgetAtOnce() {
        let app = FingerPaintApp(size: Size(width: 3_840, height: 2_160), drawing: Self.gridDrawing())
        #expect(app.renderer.tileBudget == 40 << 20)
        app.renderFrame()
        app.perform(.zoomOut)
        app.letTheViewIndicatorGo()
        app.renderFrame()
        #expect(app.renderer.tileBytes > CanvasRenderer.tileBudget(pixelWidth: 800, pixelHeight: 600))
        app.resize(to: Size(width: 800, height: 600), scale: 1)
        #expect(app.renderer.tileBudget == CanvasRenderer.tileBudget(pixelWidth: 800, pixelHeight: 600))
        // Trimmed before any frame is drawn.
        #expect(app.renderer.tileBytes <= CanvasRenderer.tileBudget(pixelWidth: 800, pixelHeight: 600))
        app.renderFrame()
        #expect(largestDifference(app.renderer.frame, Self.freshFrame(app)) == 0)
    }

    @Test func aRestingWindowLetsGoOfTheTilesOutOfViewAndStillShowsTheSamePixels() {
        let app = FingerPaintApp(size: Size(width: 800, height: 600), drawing: Self.gridDrawing())
        app.renderFrame()
        for command: PaintCommand in [.zoomIn, .zoomIn, .zoomOut] {
            app.perform(command)
            app.letTheViewIndicatorGo()
            app.renderFrame()
            app.setView(app.view.panned(by: Vector(dx: 300, dy: -200)))
            app.renderFrame()
        }
        // The other zooms' tiles and those beside the view fill the cache up to its budget (one and a half times the
        // 5 × 4 tiles that can cover the window), beyond the tiles in view.
        let inView = 5 * 4 * 256 * 256 * 4
        let held = app.renderer.tileBytes
        #expect(held == app.renderer.tileBudget)
        func pixels(_ image: ImageSurface) -> [UInt32] {
            (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
        }
        let before = pixels(app.renderer.frame)
        app.renderer.releaseTilesOutOfView()
        #expect(app.renderer.tileBytes < held && app.renderer.tileBytes <= inView)
        // The tiles in view stay: at least the 4 × 3 that any 800 × 600 view covers, each with ink.
        #expect(app.renderer.tileBytes >= 4 * 3 * 256 * 256 * 4)
        // Nothing shown changes, and tiles let go come back when the view moves there.
        app.renderFrame()
        #expect(pixels(app.renderer.frame) == before)
        app.setView(app.view.panned(by: Vector(dx: -300, dy: 200)))
        app.renderFrame()
        #expect(largestDifference(app.renderer.frame, Self.freshFrame(app)) == 0)
    }
}
