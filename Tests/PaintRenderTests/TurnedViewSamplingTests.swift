// The turned view's sampling: rough while it moves, one whole sharp frame once it rests, nothing for an upright view;
// as the state alone, and as a renderer's frames show it.
import Geometry
import PaintModel
@testable import PaintRender
import Testing

@Suite struct TurnedViewSamplingTests {
    @Test func aTurnedViewThatMovedIsSampledRoughlyThenRedrawnSharpOnceItRests() {
        var sampling = TurnedViewSampling.sharp
        var redrawsWhole = false
        sampling.viewMoved(turned: true)
        redrawsWhole = sampling.beginFrame(turned: true)
        #expect(!redrawsWhole)
        #expect(sampling.showsRoughTiles)
        // Moved again: rough again, and nothing to draw whole yet.
        sampling.viewMoved(turned: true)
        redrawsWhole = sampling.beginFrame(turned: true)
        #expect(!redrawsWhole)
        #expect(sampling.showsRoughTiles)
        // At rest: one frame draws everything sharp, and the one after it draws nothing whole.
        redrawsWhole = sampling.beginFrame(turned: true)
        #expect(redrawsWhole)
        #expect(!sampling.showsRoughTiles)
        redrawsWhole = sampling.beginFrame(turned: true)
        #expect(!redrawsWhole)
    }

    @Test func anUprightViewIsNeverSampledRoughly() {
        var sampling = TurnedViewSampling.sharp
        var redrawsWhole = false
        for _ in 0..<3 {
            sampling.viewMoved(turned: false)
            redrawsWhole = sampling.beginFrame(turned: false)
            #expect(!redrawsWhole)
            #expect(!sampling.showsRoughTiles)
        }
        // A move while turned that ends upright before the frame leaves the frame sharp.
        sampling.viewMoved(turned: true)
        sampling.viewMoved(turned: false)
        redrawsWhole = sampling.beginFrame(turned: false)
        #expect(!redrawsWhole)
        #expect(!sampling.showsRoughTiles)
    }

    @Test func aRoughFrameTurnedUprightIsRedrawnWhole() {
        var sampling = TurnedViewSampling.sharp
        var redrawsWhole = false
        sampling.viewMoved(turned: true)
        redrawsWhole = sampling.beginFrame(turned: true)
        sampling.viewMoved(turned: false)
        redrawsWhole = sampling.beginFrame(turned: false)
        #expect(redrawsWhole)
        #expect(!sampling.showsRoughTiles)
    }

    /// Through a renderer: a turn's frame asks for a sharper one, which shows what a frame drawn whole at rest shows.
    @Test func aRendererAsksForOneSharperFrameAfterATurnWhichShowsWhatAWholeFrameAtRestShows() {
        let size = Size(width: 300, height: 200)
        let strokes = (0..<6).map { index in
            Stroke(points: [StrokePoint(Point(x: 20 + Double(index) * 40, y: 30)),
                            StrokePoint(Point(x: 60 + Double(index) * 30, y: 170))],
                   color: Brush.palette[index % Brush.palette.count], width: 9)
        }
        let renderer = CanvasRenderer(logicalSize: size, strokes: strokes)
        renderer.renderFrame(liveStrokes: [:])
        #expect(!renderer.needsSharperFrame)
        renderer.setView(ViewTransform(zoom: 1.3, origin: Point(x: -40, y: 10), rotation: 0.4))
        renderer.renderFrame(liveStrokes: [:])
        #expect(renderer.needsSharperFrame)
        renderer.renderFrame(liveStrokes: [:])
        #expect(!renderer.needsSharperFrame)
        let fresh = CanvasRenderer(logicalSize: size, strokes: strokes)
        fresh.setView(renderer.view)
        fresh.renderFrame(liveStrokes: [:])
        #expect(fresh.needsSharperFrame)
        // Drawn whole at rest: sharp whatever the sampling's rules say about the frame after a rough one.
        fresh.setNeedsFullRedraw()
        fresh.renderFrame(liveStrokes: [:])
        var differing = 0
        for y in 0..<renderer.frame.height {
            for x in 0..<renderer.frame.width where renderer.frame.pixel(x: x, y: y) != fresh.frame.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }
}
