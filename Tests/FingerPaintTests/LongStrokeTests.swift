import PaintModel
import PaintRender
import Testing
import TouchUI

/// A stroke across the whole coordinate range, seen close up: drawn as a short one through the same place is.
@Suite struct LongStrokeTests {
    /// The frame of a 200x200 window at 1 600 % about the document's origin showing one stroke, 8 points wide, with
    /// pressure, from `start` to its mirror image.
    private func frame(from start: Point) throws -> ImageSurface {
        let points = [StrokePoint(start), StrokePoint(Point(x: -start.x, y: -start.y))]
        let stroke = try #require(Stroke(points: points, pen: [StrokePen(pressure: 0.5), StrokePen(pressure: 0.5)],
                                         color: .black, width: 8))
        let renderer = CanvasRenderer(logicalSize: Size(width: 200, height: 200), strokes: [stroke])
        renderer.setView(ViewTransform(zoom: 16, origin: Point(x: -6.25, y: -6.25)))
        renderer.renderFrame(liveStrokes: [:])
        return renderer.frame
    }

    @Test func aPressureStrokeOfTwoSamplesAcrossTheRangeShowsAtSixteenTimesAsAShortOneDoes() throws {
        // Its ends are 1.6 × 10⁷ pixels from the tiles at 1 600 %, twice what Cairo's fixed-point coordinates hold.
        let long = try frame(from: Point(x: -CoordinateRange.largest, y: -CoordinateRange.largest))
        let short = try frame(from: Point(x: -100, y: -100))
        #expect(Painter.paintedPixels(of: short, rows: 200) > 20_000)
        #expect(largestDifference(long, short, rows: 200) <= 8)
    }
}
