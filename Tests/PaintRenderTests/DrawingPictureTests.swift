import Foundation
import Geometry
import PaintModel
@testable import PaintRender
import Testing

/// A drawing's picture (the PNG export, the clipboard's image, thumbnails) is drawn as the window's tiles draw the
/// drawing, so that a copy looks as shown (issue #22, "Our own rasterizer by default").
@Suite struct DrawingPictureTests {
    /// How far a pixel of the picture at 100 % may be from the canvas's: both are drawn by our own rasterizer
    /// (strokes with pressure by Cairo), the picture in pieces that start elsewhere than the tiles, so only a
    /// float's rounding of a point's place in a piece can move a coverage. Measured: 1 level at most. Drawn by
    /// Cairo (the picture before; tried), 39 levels apart at the edges.
    static let tolerance = 1

    /// Strokes of several widths and colours, opaque and translucent, crossing each other, one with pressure.
    static func strokes() -> [Stroke] {
        var strokes: [Stroke] = []
        for index in 0..<6 {
            let points = (0..<20).map { step -> StrokePoint in
                let angle = Double(step) * 0.31 + Double(index)
                return StrokePoint(Point(x: 60.3 + Double(index) * 31.7 + 40 * cos(angle),
                                         y: 90.6 + Double(index % 3) * 27.1 + 35 * sin(angle * 1.3)))
            }
            let alpha = index % 2 == 0 ? 1 : 0.6
            let color = Color(red: 0.15 * Double(index), green: 0.9 - 0.1 * Double(index), blue: 0.4, alpha: alpha)
            strokes.append(Stroke(points: points, color: color, width: [2, 5, 8, 16, 3, 11][index]))
        }
        let penPoints = (0..<10).map { StrokePoint(Point(x: 40 + Double($0) * 21, y: 180 + Double($0 % 2) * 9)) }
        let pen = (0..<10).map { StrokePen(pressure: 0.2 + 0.08 * Double($0)) }
        if let pressed = Stroke(points: penPoints, pen: pen, color: Color(red: 0.2, green: 0.2, blue: 0.8), width: 10) {
            strokes.insert(pressed, at: 3)
        }
        return strokes
    }

    @Test func aPictureAt100PercentIsWhatTheWindowShows() throws {
        let strokes = Self.strokes()
        #expect(strokes.contains { $0.hasPressure })
        let renderer = CanvasRenderer(logicalSize: Size(width: 320, height: 260), strokes: strokes)
        let canvas = renderer.canvas
        let picture = DrawingPicture(strokes: strokes)
        let image = picture.image()
        let left = Int(picture.area.minX), top = Int(picture.area.minY)
        try #require(left >= 0 && top >= 0 && left + image.width <= canvas.width && top + image.height <= canvas.height)
        var worst = 0, painted = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y), q = canvas.pixel(x: left + x, y: top + y)
                if p & 0xFF_FFFF != 0xFF_FFFF { painted += 1 }
                for shift: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)))
                }
            }
        }
        #expect(painted > 5_000)
        #expect(worst <= Self.tolerance, "\(worst) levels apart at most")
    }
}
