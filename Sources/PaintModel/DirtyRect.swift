// The rectangles that painting changes: the bounds of path pieces grown by half the line width and a pixel.
import Geometry

/// Helpers for the rectangles a stroke's pieces paint, so that a renderer redraws only those.
public enum DirtyRect {
    /// How far antialiasing reaches beyond the geometric edge of a stroke, in points.
    public static let antialiasingMargin: Double = 1

    /// The bounds of a group of points grown by half the line width plus ``antialiasingMargin``: what a stroke
    /// through them (or a curve they control) can paint. `nil` when there is no point. Inlinable, so that a caller
    /// in another module gets it specialized for its sequence (a renderer calls it every frame: unspecialized, each
    /// element read through a generic slice allocated).
    @inlinable
    public static func bounds<Points: Sequence>(of points: Points, width: Double) -> Rect?
    where Points.Element == Point {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        guard minX <= maxX else { return nil }
        let grow = width / 2 + antialiasingMargin
        return Rect(x: minX - grow, y: minY - grow, width: maxX - minX + 2 * grow, height: maxY - minY + 2 * grow)
    }

    /// The area a path segment paints: the bounds of its end points and control point, grown for the width.
    /// A quadratic curve lies inside the triangle of its points, so this bounds the curve too.
    public static func bounds(of segment: PathSegment, from start: Point, width: Double) -> Rect {
        switch segment {
        case let .move(to): bounds(of: [to], width: width)!
        case let .line(to): bounds(of: [start, to], width: width)!
        case let .quad(control, to): bounds(of: [start, control, to], width: width)!
        }
    }

    /// The union of rectangles, `nil` for none.
    public static func union<Rects: Sequence>(_ rects: Rects) -> Rect? where Rects.Element == Rect {
        var result: Rect?
        for rect in rects { result = result.map { $0.union(rect) } ?? rect }
        return result
    }
}
