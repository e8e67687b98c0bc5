import FingerPaintCore
import Foundation
import Geometry
import PaintModel
@testable import PaintRender
import Testing

/// A zoom step drawn at half resolution (``CanvasRenderer/renderReducedFrame(into:)``), then the full frame
/// brought into a buffer in parts (docs/rendering.md, "The zoom step at reduced resolution").
@Suite struct ReducedFrameTests {
    static let size = Size(width: 333, height: 217)
    static let scale = 2
    static let strokes: [Stroke] = (0..<40).map { (index: Int) -> Stroke in
        let start = Point(x: 20 + Double(index % 9) * 4, y: 20 + Double(index % 5) * 5)
        let middle = Point(x: 170, y: 30 + Double(index) * 4)
        let end = Point(x: 310 - Double(index % 7) * 6, y: 200 - Double(index % 3) * 8)
        let width = 3 + Double(index % 4) * 2
        return Stroke(points: [StrokePoint(start), StrokePoint(middle), StrokePoint(end)], color: Brush.palette[index % 9],
                      width: width)
    }

    private func fresh(_ view: ViewTransform) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: Self.strokes)
        fresh.setView(view)
        fresh.renderFrame(liveStrokes: [:])
        return fresh.frame
    }

    @Test func aZoomStepsReducedFrameShowsTheOldTilesAtHalfResolutionThenTheFullFrameComesInParts() throws {
        let renderer = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: Self.strokes)
        let buffers = [TestBuffer(width: 666, height: 434), TestBuffer(width: 666, height: 434)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(!renderer.prefersReducedFrame)
        let old = fresh(renderer.view)
        let oldOffset = (x: Int((renderer.view.origin.x * 2).rounded()), y: Int((renderer.view.origin.y * 2).rounded()))
        renderer.setView(renderer.view.zoomed(by: 1.25, about: Point(x: 140, y: 97)))
        #expect(renderer.prefersReducedFrame)
        #expect(renderer.reducedPixelSize == (333, 217))

        // Half resolution: each pixel shows the old frame's pixel under its centre, at 1.25 × 2 / 2 pixels a point.
        let reduced = TestBuffer(width: 333, height: 217)
        renderer.renderReducedFrame(into: reduced.target)
        #expect(!renderer.prefersReducedFrame)
        let density = renderer.view.zoom * Double(Self.scale) / 2
        let offset = (x: Int((renderer.view.origin.x * density).rounded()), y: Int((renderer.view.origin.y * density).rounded()))
        let ratio = density / 2
        func source(_ pixel: Int, _ offset: Int) -> Int {
            Int(((Double(pixel + offset) + 0.5) / ratio - 1.0 / 65_536).rounded(.down))
        }
        var wrong: [String] = []
        // Above the palette bar (drawn over the drawing at half scale).
        for y in 0..<(paletteTop / 2) {
            let sourceY = source(y, offset.y) - oldOffset.y
            for x in 0..<333 {
                let sourceX = source(x, offset.x) - oldOffset.x
                let expected = (0..<666).contains(sourceX) && (0..<434).contains(sourceY) ? old.pixel(x: sourceX, y: sourceY) : paper
                if reduced.image.pixel(x: x, y: y) != expected, wrong.count < 3 { wrong.append("(\(x), \(y))") }
            }
        }
        #expect(wrong.isEmpty, "the reduced frame differs at \(wrong)")

        // The full frame into a buffer in parts: bands of rows from the top, each at most a quarter of the buffer's
        // rows (109 of 434), four of them; then it equals a fresh render.
        let sharp = fresh(renderer.view)
        var target = buffers[0].target
        target.mayDrawInParts = true
        var parts: [FrameDamage] = []
        var drawnDown = 0
        repeat {
            let part = renderer.renderFrame(liveStrokes: [:], into: target)
            parts.append(part)
            #expect(part.redrawn.reduce(0) { $0 + $1.area } <= 666 * 109, "part \(parts.count): \(part.redrawn)")
            #expect(part.redrawn.allSatisfy { $0.y >= drawnDown }, "part \(parts.count) goes back up: \(part.redrawn)")
            drawnDown = part.redrawn.map(\.maxY).max() ?? drawnDown
        } while parts.last?.isComplete == false && parts.count < 8
        #expect(parts.count == 4)
        #expect(parts.last?.isComplete == true)
        #expect(largestDifference(buffers[0].image, sharp, rows: 434) == 0)
        // The other buffer takes its pixels.
        let other = renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(other.isCopiedFromAnotherBuffer)
        #expect(largestDifference(buffers[1].image, sharp, rows: 434) == 0)
    }

    /// A zoom out's reduced frame is a quarter of the pixels each way, drawn into the top-left part of the buffer not
    /// on screen (the window's own, which the compositor crops and scales up: no buffer of its own), and shows the
    /// old picture scaled: each pixel the old frame's pixel under its centre, exactly (tolerance: none; pixels whose
    /// centre lies outside the old frame show the old zoom's tiles beyond it or paper, and are not compared). The
    /// rest of that buffer is left as it was; the sharp frame comes into the other buffer in parts and equals a fresh
    /// render, and then the first buffer takes its pixels.
    @Test func aZoomOutsReducedFrameIsTheOldPictureAtAQuarterInTheBufferNotOnScreenThenTheSharpFrame() throws {
        let renderer = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: Self.strokes)
        let buffers = [TestBuffer(width: 666, height: 434), TestBuffer(width: 666, height: 434)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        let old = fresh(renderer.view)
        let oldOffset = (x: Int((renderer.view.origin.x * 2).rounded()), y: Int((renderer.view.origin.y * 2).rounded()))
        renderer.setView(renderer.view.zoomed(by: 0.8, about: Point(x: 140, y: 97)))
        #expect(renderer.prefersReducedFrame)
        #expect(renderer.reduction == 4)
        #expect(renderer.reducedPixelSize == (167, 109))

        // Into buffers[0] (buffers[1] is on screen), at its full stride.
        let untouched = [(200, 120), (665, 433), (20, 300)].map { buffers[0].image.pixel(x: $0.0, y: $0.1) }
        renderer.renderReducedFrame(into: FrameTarget(pixels: buffers[0].pixels, stride: buffers[0].stride, width: 167,
                                                      height: 109, owner: buffers[0]))
        #expect([(200, 120), (665, 433), (20, 300)].map { buffers[0].image.pixel(x: $0.0, y: $0.1) } == untouched)
        let density = renderer.view.zoom * Double(Self.scale) / 4
        let offset = (x: Int((renderer.view.origin.x * density).rounded()), y: Int((renderer.view.origin.y * density).rounded()))
        let ratio = density / 2
        func source(_ pixel: Int, _ offset: Int) -> Int {
            Int(((Double(pixel + offset) + 0.5) / ratio - 1.0 / 65_536).rounded(.down))
        }
        var wrong: [String] = []
        var compared = 0
        // Above the palette bar (drawn over the drawing at a quarter of the scale).
        for y in 0..<((Int(Self.size.height) - Int(PaletteView.height)) * Self.scale / 4) {
            let sourceY = source(y, offset.y) - oldOffset.y
            for x in 0..<167 {
                let sourceX = source(x, offset.x) - oldOffset.x
                guard (0..<666).contains(sourceX), (0..<434).contains(sourceY) else { continue }
                compared += 1
                if buffers[0].image.pixel(x: x, y: y) != old.pixel(x: sourceX, y: sourceY), wrong.count < 3 {
                    wrong.append("(\(x), \(y))")
                }
            }
        }
        #expect(compared > 8_000, "\(compared) pixels compared")
        #expect(wrong.isEmpty, "the reduced frame differs at \(wrong)")

        // The sharp frame into buffers[1] in parts, then buffers[0] takes its pixels; both equal a fresh render.
        let sharp = fresh(renderer.view)
        var target = buffers[1].target
        target.mayDrawInParts = true
        var parts: [FrameDamage] = []
        repeat {
            parts.append(renderer.renderFrame(liveStrokes: [:], into: target))
        } while parts.last?.isComplete == false && parts.count < 8
        #expect(parts.last?.isComplete == true)
        #expect(parts.count <= 5)
        #expect(largestDifference(buffers[1].image, sharp, rows: 434) == 0)
        let other = renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        #expect(other.isCopiedFromAnotherBuffer)
        #expect(largestDifference(buffers[0].image, sharp, rows: 434) == 0)
    }

    @Test func aPinchsFramesThatZoomOutKeepHalfTheResolutionAndOnlyAStepGoesToAQuarter() throws {
        let renderer = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: Self.strokes)
        let buffer = TestBuffer(width: 666, height: 434)
        renderer.renderFrame(liveStrokes: [:], into: buffer.target)
        // A pinch closing: each frame a few percent smaller, each shown at half resolution while the fingers move.
        for _ in 0..<6 {
            renderer.setView(renderer.view.zoomed(by: 0.96, about: Point(x: 140, y: 97)))
            #expect(renderer.prefersReducedFrame && renderer.reduction == 2)
            renderer.renderReducedFrame(into: buffer.target)
        }
        // A step out (the wheel, the zoom buttons: 1 / 1.25) goes to a quarter; a step in stays at half.
        renderer.setView(renderer.view.zoomed(by: 1 / FingerPaintApp.zoomStep, about: Point(x: 140, y: 97)))
        #expect(renderer.reduction == 4)
        renderer.renderReducedFrame(into: buffer.target)
        renderer.setView(renderer.view.zoomed(by: FingerPaintApp.zoomStep, about: Point(x: 140, y: 97)))
        #expect(renderer.reduction == 2)
    }

    @Test func aStrokeCompletedAboveWhileTheFullFrameComesInPartsIsDrawnAndEveryPartStillDrawsAQuarter() throws {
        let renderer = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: Self.strokes)
        let buffers = [TestBuffer(width: 666, height: 434), TestBuffer(width: 666, height: 434)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        renderer.setView(renderer.view.zoomed(by: 0.8, about: Point(x: 140, y: 97)))
        renderer.renderReducedFrame(into: TestBuffer(width: renderer.reducedPixelSize.width,
                                                     height: renderer.reducedPixelSize.height).target)
        var target = buffers[0].target
        target.mayDrawInParts = true
        let first = renderer.renderFrame(liveStrokes: [:], into: target)
        #expect(!first.isComplete)
        // A stroke completes near the top, in the rows the first part drew: the next parts draw it and go on down.
        let stroke = Stroke(points: [StrokePoint(Point(x: 40, y: 12)), StrokePoint(Point(x: 90, y: 20))],
                            color: Brush.palette[2], width: 6)
        let strokes = Self.strokes + [stroke]
        renderer.apply(.appended(stroke), strokes: strokes)
        var parts = [first]
        while parts.last?.isComplete == false && parts.count < 8 {
            let part = renderer.renderFrame(liveStrokes: [:], into: target)
            parts.append(part)
            let area = part.redrawn.reduce(0) { $0 + $1.area }
            #expect(area <= 666 * 109, "part \(parts.count): \(part.redrawn)")
            // A part that leaves pixels for later draws all a part may: none is spent on the stroke's few alone.
            if !part.isComplete { #expect(area > 666 * 108, "part \(parts.count): \(part.redrawn)") }
        }
        #expect(parts.last?.isComplete == true)
        #expect(parts.count <= 5)
        let fresh = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: strokes)
        fresh.setView(renderer.view)
        fresh.renderFrame(liveStrokes: [:])
        #expect(largestDifference(buffers[0].image, fresh.frame, rows: 434) == 0)
    }
}
