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

        // The full frame into a buffer in parts: its upper half, then the rest; then it equals a fresh render.
        let sharp = fresh(renderer.view)
        var target = buffers[0].target
        target.mayDrawInParts = true
        let first = renderer.renderFrame(liveStrokes: [:], into: target)
        #expect(!first.isComplete)
        #expect(first.redrawn.allSatisfy { $0.maxY <= 217 }, "\(first.redrawn)")
        let second = renderer.renderFrame(liveStrokes: [:], into: target)
        #expect(second.isComplete)
        #expect(largestDifference(buffers[0].image, sharp, rows: 434) == 0)
        // The other buffer takes its pixels.
        let other = renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(other.isCopiedFromAnotherBuffer)
        #expect(largestDifference(buffers[1].image, sharp, rows: 434) == 0)
    }
}
