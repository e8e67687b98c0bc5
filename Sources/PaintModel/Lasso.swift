// What a lasso's loop encloses: the strokes whose points lie mostly inside it (docs/selection.md).
import Geometry

/// A free loop drawn around what is to be selected, closed from its last point back to its first.
public struct Lasso: Hashable, Sendable {
    /// The loop's points, in document points; those not finite are left out.
    public let points: [Point]

    /// A loop through `points`, closed from the last back to the first.
    public init(points: [Point]) {
        self.points = points.filter(\.isFinite)
    }

    /// Whether the loop encloses anything: at least three points, around some area.
    public var enclosesArea: Bool {
        guard points.count >= 3 else { return false }
        var twiceArea = 0.0
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            twiceArea += point.x * next.y - next.x * point.y
        }
        return abs(twiceArea) > 1e-9
    }

    /// The rectangle around the loop; `nil` for a loop of no point.
    public var bounds: Rect? {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points.dropFirst() {
            (minX, minY) = (min(minX, point.x), min(minY, point.y))
            (maxX, maxY) = (max(maxX, point.x), max(maxY, point.y))
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `point` is inside the loop, by the even-odd rule (a loop that crosses itself leaves out where it
    /// overlaps itself twice, as Krita's and GIMP's free selections do).
    public func contains(_ point: Point) -> Bool {
        guard enclosesArea else { return false }
        var inside = false
        var previous = points[points.count - 1]
        for current in points {
            if (current.y > point.y) != (previous.y > point.y) {
                let crossing = previous.x + (point.y - previous.y) / (current.y - previous.y) * (current.x - previous.x)
                if point.x < crossing { inside.toggle() }
            }
            previous = current
        }
        return inside
    }

    /// The positions of the strokes the loop selects: those more than half of whose points lie inside it (a dot, its
    /// one point), in increasing order. None for a loop around no area.
    public func selection(of strokes: [Stroke]) -> [Int] {
        guard enclosesArea, let bounds else { return [] }
        return strokes.indices.filter { index in
            let stroke = strokes[index]
            guard stroke.bounds.intersection(bounds) != nil else { return false }
            let inside = stroke.points.reduce(0) { $0 + (contains($1.location) ? 1 : 0) }
            return 2 * inside > stroke.points.count
        }
    }
}
