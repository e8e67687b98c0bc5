import Foundation
import PaintUI
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import Geometry

/// A window's renderer defers drawing a completed stroke into its tiles (`defersStrokeBaking`) until the frame of
/// the touch-up is sent (docs/frame-pacing.md, "The touch-up"): that frame shows the stroke drawn as the strokes in
/// progress are, and once baked the picture is what a fresh render of the drawing gives.
@Suite struct StrokeBakingTests {
    /// A painter whose renderer defers baking, as a window's does.
    private func deferringPainter(size: Size = Size(width: 400, height: 300)) -> Painter {
        let painter = Painter(size: size)
        painter.app.renderer.defersStrokeBaking = true
        return painter
    }

    /// Three fingers drawing arcs, a frame after each sample, then lifting together (the last frame is the
    /// touch-up's, whose damage is returned).
    @discardableResult
    private func drawArcs(_ painter: Painter, centerX: Double = 110) -> [PixelRect] {
        for sample in 0...24 {
            let angle = Double(sample) / 24 * 1.4 * .pi
            var kinds: [SeatEvent.Kind] = []
            for finger in 0..<3 {
                let center = point(centerX + 90 * Double(finger), 120)
                let location = point(center.x + 60 * cos(angle + Double(finger)), center.y + 60 * sin(angle + Double(finger)))
                kinds.append(sample == 0 ? .touchDown(id: Int32(finger + 1), location: location)
                                         : .touchMotion(id: Int32(finger + 1), location: location))
            }
            painter.send(contentsOf: kinds + [.touchFrame])
        }
        for kind in (1...3).map({ SeatEvent.Kind.touchUp(id: Int32($0)) }) + [.touchFrame] {
            painter.app.handle(SeatEvent(time: .milliseconds(painter.time), kind))
        }
        return painter.app.renderFrame()
    }

    /// The drawing rendered afresh: a new renderer over its strokes.
    private func freshRender(of painter: Painter) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: painter.app.window.bounds.size, strokes: painter.app.drawing.strokes)
        fresh.renderFrame(liveStrokes: [:])
        return fresh.frame
    }

    @Test func theTouchUpFrameShowsTheStrokesBeforeTheyAreBakedAndTheBakedPictureIsAFreshRender() throws {
        let painter = deferringPainter()
        drawArcs(painter)
        // The touch-up's frame was drawn without the strokes' tiles: they wait to be baked.
        #expect(painter.app.drawing.strokes.count == 3)
        #expect(painter.app.renderer.strokesToBake == 3)
        // ... yet it shows them, drawn as strokes in progress: within antialiasing of the baked picture.
        let fresh = freshRender(of: painter)
        #expect(Painter.paintedPixels(of: fresh) > 2_000)
        let beforeBaking = pixelsDiffering(painter.app.renderer.frame, fresh, byMoreThan: 96)
        #expect(beforeBaking <= 40, "\(beforeBaking) pixels differ from the baked picture by more than 96 levels")

        painter.app.bakeStrokes()
        #expect(!painter.app.renderer.hasStrokesToBake)
        #expect(painter.app.needsFrame)
        painter.app.renderFrame()
        #expect(largestDifference(painter.app.renderer.frame, fresh) == 0)
        #expect(largestDifference(painter.app.renderer.canvas, fresh) == 0)
    }

    /// The touch-up's frame keeps the strokes the buffers already show as strokes in progress: it draws only what
    /// changed at their ends (the last samples, the predicted tails taken away), not each stroke whole again, which
    /// costs what drawing it into its tiles does (3–15 ms for three strokes at the end of `paint-benchmark
    /// latency`'s circles, seen in the frame log).
    @Test func theTouchUpFrameDrawsOnlyTheStrokesEnds() throws {
        // Wide enough for undo on the bar.
        let painter = deferringPainter(size: Size(width: 1024, height: 300))
        let damage = drawArcs(painter)
        #expect(painter.app.renderer.strokesToBake == 3)
        let strokesArea = painter.app.drawing.strokes.map { $0.bounds.width * $0.bounds.height }.reduce(0, +)
        let canvas = PixelRect(x: 0, y: 0, width: 400, height: paletteTop)
        let damagedArea = damage.compactMap { $0.intersection(canvas) }.map { Double($0.width * $0.height) }.reduce(0, +)
        #expect(!damage.isEmpty)
        #expect(damagedArea < strokesArea / 8, "damaged \(damagedArea) of the strokes' \(strokesArea): \(damage)")
        // The palette bar is not drawn again in that frame (its image takes 1-3 ms): undo comes alive with the
        // baking.
        func undoIsEnabled() -> Bool? {
            painter.app.renderer.overlay?.items.first { $0.content == .undo }?.isEnabled
        }
        #expect(undoIsEnabled() == false)
        // Once baked, the next frame shows the strokes from their tiles: their whole area, copied.
        painter.app.bakeStrokes()
        #expect(undoIsEnabled() == true)
        let baked = painter.app.renderFrame()
        #expect(baked.map { Double($0.width * $0.height) }.reduce(0, +) >= strokesArea / 2)
        #expect(largestDifference(painter.app.renderer.frame, freshRender(of: painter)) == 0)
    }

    /// A frame that redraws more than the ink's change (another finger's change beside it, a buffer catching up, a
    /// full redraw) draws the ink's antialiased edge a little past its end and its predicted tail: our rasterizer
    /// gives a pixel beside a round end up to a level of ink even where the pixel lies just outside the end's
    /// square. Those pixels go back to paper when the tail moves on and the stroke is baked: whichever frame was
    /// drawn whole, the baked picture is a fresh render's. (A CI run kept one pixel, a level of ink, 6 points past
    /// a stroke's end and half its width below it.)
    @Test(arguments: [0, 1, 7, 19, 20, 21])
    func aFrameDrawnWholeLeavesNoInkPastAStrokesEndOrItsTail(wholeFrame: Int) throws {
        let painter = deferringPainter()
        for step in 0...20 {
            if step == wholeFrame { painter.app.renderer.setNeedsFullRedraw() }
            let location = point(100 + Double(step) * 10, 68)
            painter.send(step == 0 ? .touchDown(id: 1, location: location) : .touchMotion(id: 1, location: location),
                         .touchFrame)
        }
        #expect(!painter.app.canvasView.predictedTails().isEmpty)
        if wholeFrame == 21 { painter.app.renderer.setNeedsFullRedraw() }
        painter.send(.touchUp(id: 1), .touchFrame)
        painter.app.bakeStrokes()
        painter.app.renderFrame()
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(largestDifference(painter.app.renderer.frame, freshRender(of: painter)) == 0)
    }

    /// An edit that comes before the strokes are baked (an undo right after the touch-up) bakes them first: the
    /// drawing and the picture agree whatever the order.
    @Test func anEditBeforeBakingBakesFirst() throws {
        let painter = deferringPainter()
        drawArcs(painter)
        #expect(painter.app.renderer.strokesToBake == 3)
        painter.app.perform(.undo)
        #expect(!painter.app.renderer.hasStrokesToBake)
        #expect(painter.app.drawing.strokes.count == 2)
        painter.app.renderFrame()
        #expect(largestDifference(painter.app.renderer.frame, freshRender(of: painter)) == 0)

        // More strokes, then what reads the strokes (the eyedropper's colour, the export's canvas) before baking.
        drawArcs(painter, centerX: 120)
        #expect(painter.app.renderer.strokesToBake == 3)
        _ = painter.app.renderer.drawingColor(at: point(10, 10))
        #expect(!painter.app.renderer.hasStrokesToBake)
        painter.app.renderFrame()
        #expect(largestDifference(painter.app.renderer.frame, freshRender(of: painter)) == 0)
    }

    /// A change of view before the strokes are baked bakes them into the tiles of the view they were drawn in, and
    /// a zoom step's reduced frame, which draws no stroke over the tiles, bakes a stroke completed since the step.
    @Test func aViewChangeOrAReducedFrameBeforeBakingBakesFirst() throws {
        let painter = deferringPainter()
        let renderer = painter.app.renderer
        drawArcs(painter)
        #expect(renderer.strokesToBake == 3)
        renderer.setView(renderer.view.zoomed(by: 1.25, about: point(200, 150)))
        #expect(!renderer.hasStrokesToBake)
        painter.app.renderFrame()
        func fresh() -> ImageSurface {
            let fresh = CanvasRenderer(logicalSize: Size(width: 400, height: 300), strokes: painter.app.drawing.strokes)
            fresh.setView(renderer.view)
            fresh.renderFrame(liveStrokes: [:])
            return fresh.frame
        }
        #expect(largestDifference(renderer.frame, fresh()) == 0)

        // A zoom step, then a stroke completed before the step's reduced frame is drawn.
        renderer.setView(renderer.view.zoomed(by: 0.8, about: point(200, 150)))
        #expect(renderer.prefersReducedFrame)
        let line = Stroke(points: [StrokePoint(point(40, 200)), StrokePoint(point(360, 210))], color: Brush.palette[0], width: 9)
        renderer.apply(.appended(line), strokes: painter.app.drawing.strokes + [line])
        #expect(renderer.strokesToBake == 1)
        let reduced = TestBuffer(width: renderer.reducedPixelSize.width, height: renderer.reducedPixelSize.height)
        renderer.renderReducedFrame(into: reduced.target)
        #expect(!renderer.hasStrokesToBake)
    }
}
