import FingerPaintCore
import Geometry
import PaintModel
@testable import PaintRender
import PaintUI
import PropertyBased
import SeatInput
import Testing
import TouchUI

/// A window's tiles come back from the worker whenever it is done with them: between any two edits, frames or rests.
/// However late or early they come, once the worker is done and a frame is drawn, every buffer shows what a fresh
/// render of the drawing shows (the soak's painted window against a reopened one, docs/reliability.md).
@Suite struct TileWorkerTimingTests {
    /// What a renderer that never changed shows for the app's strokes and view, overlay included.
    static func freshFrame(of app: FingerPaintApp) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, scale: app.renderer.scale,
                                   strokes: app.drawing.strokes)
        fresh.setView(app.view)
        fresh.overlay = app.renderer.overlay
        fresh.renderFrame(liveStrokes: [:])
        return fresh.frame
    }

    /// A stroke drawn across a few frames: the window draws it in progress, into the buffers, before it completes.
    static func strokeInProgress(_ number: Int, app: FingerPaintApp, chain: BufferChain, worker: TileWorker) {
        let x = Double((number >> 8) % 260) - 20, y = Double((number >> 18) % 200) - 20
        let points = (0..<5).map { (step: Int) -> Point in
            let dy = Double((step * step * 5) % 40)
            return Point(x: x + Double(step * 17), y: y + dy)
        }
        app.handle(SeatEvent(time: .milliseconds(0), .touchDown(id: 2, location: app.view.windowPoint(points[0]))))
        for (step, point) in points.enumerated().dropFirst() {
            app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
            app.handle(SeatEvent(time: .milliseconds(0), .touchMotion(id: 2, location: app.view.windowPoint(point))))
            chain.frame(of: app)
            if (number >> (30 + step)) % 2 == 0 { worker.drawWaiting(upTo: 1) }
        }
        app.handle(SeatEvent(time: .milliseconds(0), .touchUp(id: 2)))
        app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
    }

    /// Lets the worker finish and draws frames until no tile is outstanding, then one into each buffer; returns the
    /// largest difference of any buffer (and the renderer's own frame) from a fresh render.
    static func settledDifference(_ app: FingerPaintApp, chain: BufferChain, worker: TileWorker) -> Int {
        // The zoom indicator gone, and only the rows above the palette compared: controls redrawn in part are drawn
        // clipped, which Cairo antialiases a level or a few apart from the same controls drawn whole.
        app.advanceTime(to: app.window.timers.now + ViewIndicatorView.lingering)
        var rounds = 0
        repeat {
            worker.drawWaiting(upTo: .max)
            chain.frame(of: app)
            rounds += 1
        } while app.renderer.isDrawingTiles && rounds < 500
        let fresh = freshFrame(of: app)
        let rows = Int(app.paletteView.barFrame.minY) * app.renderer.scale
        var worst = 0
        for _ in 0..<2 {
            worst = max(worst, largestDifference(chain.frame(of: app).buffer.image, fresh, rows: rows))
        }
        app.renderFrame()
        return max(worst, largestDifference(app.renderer.frame, fresh, rows: rows))
    }

    /// Draws frames into `buffers` in turn, the worker answering one job between them, until no tile is outstanding,
    /// then one more into each; returns the largest difference of any of them from a fresh render of `strokes`.
    private static func settledDifference(_ renderer: CanvasRenderer, buffers: [TestBuffer], worker: TileWorker,
                                          strokes: [Stroke]) -> Int {
        var rounds = 0
        repeat {
            worker.drawWaiting(upTo: 1)
            renderer.renderFrame(liveStrokes: [:], into: buffers[rounds % buffers.count].target)
            rounds += 1
        } while renderer.isDrawingTiles && rounds < 100
        let fresh = CanvasRenderer(logicalSize: renderer.logicalSize, strokes: strokes)
        fresh.setView(renderer.view)
        fresh.renderFrame(liveStrokes: [:])
        return buffers.map { buffer in
            renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            return largestDifference(buffer.image, fresh.frame, rows: buffer.height)
        }.max() ?? 0
    }

    /// Strokes across a 1000x600 window, reaching every tile it shows at 125 %.
    private static let strokesAcrossTheWindow: [Stroke] = (0..<12).map { index in
        let y = 20 + Double(index) * 40
        return Stroke(points: [StrokePoint(Point(x: 10, y: y)), StrokePoint(Point(x: 400, y: y + 30)),
                               StrokePoint(Point(x: 790, y: y + 5))],
                      color: Brush.palette[index % 9], width: 6)
    }

    /// A zoom whose frame runs out of time for drawing tiles at once shows the old zoom's tiles scaled and asks the
    /// worker for the new ones. A stroke finished in part of a tile still waiting its turn has that tile drawn at
    /// once: the whole tile is then shown, in both buffers, not only the stroke's rectangle with the old zoom's
    /// tiles scaled around it (the soak's painting window, docs/reliability.md).
    @Test func aTileDrawnAtOnceForPartOfItIsShownWholeInEveryBuffer() {
        var strokes = Self.strokesAcrossTheWindow
        let worker = TileWorker(pace: .whenAsked)
        let size = Size(width: 1000, height: 600)
        let renderer = CanvasRenderer(logicalSize: size, strokes: strokes)
        renderer.drawTiles(on: worker)
        let buffers = [TestBuffer(width: 1000, height: 600), TestBuffer(width: 1000, height: 600)]
        #expect(Self.settledDifference(renderer, buffers: buffers, worker: worker, strokes: strokes) == 0)
        // The zoom's frame has no time for tiles: the twelve it shows are asked of the worker, four handed over.
        renderer.syncTileBudget = 0
        renderer.setView(renderer.view.zoomed(by: 1.25, about: Point(x: 0, y: 0)))
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        // Seven answers, one a frame: the last tile (column 3, row 2) still waits, not handed over.
        for turn in 0..<7 {
            worker.drawWaiting(upTo: 1)
            renderer.renderFrame(liveStrokes: [:], into: buffers[turn % 2].target)
        }
        // A small stroke in that tile (614 to 819 points across, 410 to 614 down): the next frame has time for it,
        // so the tile is drawn at once.
        renderer.syncTileBudget = 1 << 60
        let small = Stroke(points: [StrokePoint(Point(x: 650, y: 440)), StrokePoint(Point(x: 662, y: 446))],
                           color: Brush.palette[3], width: 4)
        strokes.append(small)
        renderer.apply(.appended(small), strokes: strokes)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(Self.settledDifference(renderer, buffers: buffers, worker: worker, strokes: strokes) == 0)
    }

    /// A tile waiting to be drawn again after an undo past its base shows the undone stroke until the worker answers.
    /// A clear before that, then its undo: the tile is drawn again, not put back as it was with the undone stroke.
    @Test func theUndoOfAClearDoesNotBringBackATileWaitingToBeDrawnAgain() throws {
        var drawing = Drawing(strokes: Self.strokesAcrossTheWindow)
        let worker = TileWorker(pace: .whenAsked)
        let renderer = CanvasRenderer(logicalSize: Size(width: 1000, height: 600), strokes: drawing.strokes)
        renderer.drawTiles(on: worker)
        renderer.syncTileBudget = 0
        let buffers = [TestBuffer(width: 1000, height: 600), TestBuffer(width: 1000, height: 600)]
        // A stroke across the window while its tiles are being drawn: they come from the worker with it, and
        // without a base, so that its undo asks for them again.
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        let stroke = Stroke(points: [StrokePoint(Point(x: 40, y: 40)), StrokePoint(Point(x: 760, y: 460))],
                            color: Brush.palette[2], width: 12)
        let added = drawing.add(stroke)
        renderer.apply(try #require(added), strokes: drawing.strokes)
        #expect(Self.settledDifference(renderer, buffers: buffers, worker: worker, strokes: drawing.strokes) == 0)
        if let undo = drawing.undo() { renderer.apply(undo, strokes: drawing.strokes) }
        if let clear = drawing.clear() { renderer.apply(clear, strokes: drawing.strokes) }
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        if let undo = drawing.undo() { renderer.apply(undo, strokes: drawing.strokes) }
        #expect(drawing.strokes.count == Self.strokesAcrossTheWindow.count)
        #expect(Self.settledDifference(renderer, buffers: buffers, worker: worker, strokes: drawing.strokes) == 0)
    }

    /// Random edits (strokes, pen strokes, erasing, undo, redo, clear, zooms, pans, resizes), strokes drawn over
    /// several frames, frames into a chain of two buffers, the zoom indicator going, a rest that lets go of the tiles
    /// out of view — and between any two of them, some of the worker's answers. Before each, the frames' time for
    /// drawing tiles few strokes reach at once is none or plenty, as a loaded or a quiet machine has it. The window
    /// shows six tiles or more, more than the worker is handed at a time.
    @Test func tilesComingBackAtAnyMomentEndAsAFreshRender() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...Int.max).array(of: 1...40)) { numbers in
            let app = FingerPaintApp(size: Size(width: 600, height: 400))
            let worker = TileWorker(pace: .whenAsked)
            app.renderer.drawTiles(on: worker)
            let chain = BufferChain()
            chain.frame(of: app)
            var settledOnce = false
            for number in numbers {
                app.renderer.syncTileBudget = (number >> 60) % 2 == 0 ? 0 : 1 << 60
                switch (number >> 50) % 10 {
                case 0...3: TilePropertyTests.apply(number, to: app)
                case 4, 5: worker.drawWaiting(upTo: 1 + (number >> 3) % 4)
                case 6: chain.frame(of: app)
                case 7: app.advanceTime(to: app.window.timers.now + ViewIndicatorView.lingering)
                case 8: app.renderer.releaseTilesOutOfView()
                default: Self.strokeInProgress(number, app: app, chain: chain, worker: worker)
                }
                if !settledOnce, (number >> 56) % 8 == 0 {
                    // Now and then the window settles in the middle: the same must hold there too.
                    settledOnce = true
                    let difference = Self.settledDifference(app, chain: chain, worker: worker)
                    #expect(difference == 0, "settled in the middle: \(numbers)")
                }
            }
            #expect(Self.settledDifference(app, chain: chain, worker: worker) == 0, "\(numbers)")
        }
    }
}
