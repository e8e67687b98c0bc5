import Foundation
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import Geometry

/// Strokes in progress are drawn in one Cairo context a frame, each with its predicted tail as one path (issue #22,
/// "Lean"), and look as they did when every damage rectangle had a context of its own and each stroke and its
/// tail were stroked apart: the reference picture was made by this scene on the code before that change
/// (`FINGERPAINT_WRITE_REFERENCE=1` writes it anew).
@Suite struct LiveStrokeFrameTests {
    /// Three fingers drawing overlapping circles over a finished stroke, a frame after each sample: each frame
    /// redraws several rectangles, and the last shows the three strokes in progress with their tails.
    private func paintScene() -> (painter: Painter, lastDamage: [PixelRect]) {
        let painter = Painter()
        painter.app.perform(.selectWidth(3))
        painter.drag([(1, point(20, 60), point(380, 180))], steps: 8)
        painter.app.perform(.selectWidth(2))
        var damage: [PixelRect] = []
        for sample in 0..<40 {
            let angle = Double(sample) / 40 * 1.6 * .pi
            var kinds: [SeatEvent.Kind] = []
            for finger in 0..<3 {
                let center = point(110 + 90 * Double(finger), 120)
                let location = point(center.x + 70 * cos(angle + Double(finger)), center.y + 70 * sin(angle + Double(finger)))
                kinds.append(sample == 0 ? .touchDown(id: Int32(finger + 2), location: location)
                                         : .touchMotion(id: Int32(finger + 2), location: location))
            }
            for kind in kinds + [.touchFrame] { painter.app.handle(SeatEvent(time: .milliseconds(painter.time), kind)) }
            painter.time += 1000.0 / 60
            // Committed a frame after the input, as a window does: the tails run a frame ahead of the fingers.
            damage = painter.app.renderFrame(at: Timestamp(seconds: painter.time / 1000))
        }
        return (painter, damage)
    }

    /// How far an edge pixel may differ from the reference. Where a tail leaves its stroke, the old code blended
    /// the stroke's round end and the tail's antialiased edges over each other: a pixel covered by a fraction `a`
    /// by each came out covered 1 − (1 − a)², a notch darker than the one edge now drawn, by at most a quarter of
    /// the full scale (a = ½): 64 levels. Measured here: 48, on 15 pixels at the three junctions, the new
    /// edges smooth where the old had a dark notch (looked at). Anything wrong in the composition (a stroke or a
    /// tail missing or doubled, a rectangle not redrawn) differs by up to 255 levels over hundreds of pixels.
    static let tolerance = 64
    /// At most this many pixels differ by more than a few levels: the edges where the tails meet their strokes.
    static let differingPixels = 40

    @Test func strokesInProgressWithTheirTailsLookAsBefore() throws {
        let (painter, damage) = paintScene()
        #expect(damage.count >= 3, "the last frame redrew \(damage.count) rectangles")
        #expect(painter.app.canvasView.liveStrokes.count == 3)
        #expect(painter.app.canvasView.predictedTails(at: Timestamp(seconds: painter.time / 1000)).count == 3)
        let frame = painter.app.renderer.frame
        let path = referenceFolder.appendingPathComponent("live-strokes-frame.png").path
        if ProcessInfo.processInfo.environment["FINGERPAINT_WRITE_REFERENCE"] == "1" {
            try frame.writePNG(to: path, rows: paletteTop)
        }
        let reference = try ImageSurface(contentsOfPNG: path)
        #expect(reference.height == paletteTop)
        #expect(largestDifference(frame, reference) <= Self.tolerance)
        let differing = pixelsDiffering(frame, reference, byMoreThan: 4)
        #expect(differing <= Self.differingPixels, "\(differing) pixels differ")
        #expect(Painter.paintedPixels(of: reference) > 10_000)
    }

    /// Paper under the strokes in progress is written straight into the frame, not filled through Cairo: it has the
    /// pixel Cairo paints for the paper's colour, whatever the colour.
    @Test func paperHasThePixelCairoPaints() {
        var generator = SystemRandomNumberGenerator()
        let colors = [Color(red: 0.5, green: 1.0 / 3, blue: 0.998), Color(red: 0.002, green: 0.501, blue: 0.25)]
            + (0..<40).map { _ in
                Color(red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
                      blue: .random(in: 0...1, using: &generator))
            }
        for color in colors {
            let renderer = CanvasRenderer(logicalSize: Size(width: 20, height: 10), background: color)
            renderer.renderFrame(liveStrokes: [:])
            let painted = ImageSurface(width: 1, height: 1, fill: color).pixel(x: 0, y: 0)
            #expect(renderer.frame.pixel(x: 3, y: 4) == painted, "\(color)")
        }
    }

    private func pixelsDiffering(_ a: ImageSurface, _ b: ImageSurface, byMoreThan levels: Int) -> Int {
        var count = 0
        for y in 0..<min(paletteTop, a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if [0, 8, 16].contains(where: { abs(Int((p >> $0) & 0xFF) - Int((q >> $0) & 0xFF)) > levels }) { count += 1 }
            }
        }
        return count
    }
    /// A buffer two frames behind lacks two frames' changes, whose rectangles can overlap without being merged (an
    /// L-shaped pair). A stroke in progress across their overlap is drawn over each rectangle's tiles once: the
    /// buffer shows it as a frame drawn whole does, not with its edges blended twice where the rectangles overlap.
    @Test func aStrokeInProgressOverOverlappingRectanglesIsBlendedOnce() {
        let size = Size(width: 400, height: 300)
        let renderer = CanvasRenderer(logicalSize: size)
        let buffers = [TestBuffer(width: 400, height: 300), TestBuffer(width: 400, height: 300)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        func stroke(_ from: Point, _ to: Point, width: Double) -> Stroke {
            Stroke(points: [StrokePoint(from), StrokePoint(to)], color: Brush.palette[2], width: width)
        }
        // A stroke in progress across the window, and a finished stroke under part of it.
        let live = [1: stroke(point(60, 148.5), point(340, 160.3), width: 7)]
        var strokes = [stroke(point(100, 100), point(200, 200), width: 4)]
        renderer.apply(.appended(strokes[0]), strokes: strokes)
        do {
            // Into a buffer that goes away after: with the first buffer showing this frame, the second would be
            // given its pixels for what changed here (BufferFrameTests) and lack only the next frame's rectangle.
            let gone = TestBuffer(width: 400, height: 300)
            renderer.renderFrame(liveStrokes: live, into: gone.target)
        }
        // Another finished stroke whose rectangle overlaps the first's and the stroke in progress: the second
        // buffer lacks both frames' rectangles.
        strokes.append(stroke(point(250, 140), point(330, 290), width: 4))
        renderer.apply(.appended(strokes[1]), strokes: strokes)
        let damage = renderer.renderFrame(liveStrokes: live, into: buffers[1].target)
        #expect(damage.redrawn.count == 2 && damage.redrawn[0].intersection(damage.redrawn[1]) != nil)
        let fresh = CanvasRenderer(logicalSize: size, strokes: strokes)
        fresh.renderFrame(liveStrokes: live)
        // Drawn clipped to rectangles rather than whole, an edge comes out a little apart (13 levels here, where
        // Cairo cuts the path at a clip); blended twice, an edge pixel half covered is a quarter of the scale
        // darker (64 here, with each rectangle's tiles all drawn before the strokes).
        #expect(largestDifference(buffers[1].image, fresh.frame, rows: 300) <= 24)
    }
}
