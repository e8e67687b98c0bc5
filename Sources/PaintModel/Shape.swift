// The clean shapes a held stroke can become, and how a stroke's points are fitted to one (docs/shapes.md).
import FoundationEssentials
import Geometry
import Glibc

/// A clean shape: what a freehand stroke held still at its end becomes when it looks like one.
public enum Shape: Hashable, Sendable {
    /// A straight line between two points.
    case line(from: Point, to: Point)
    /// An ellipse about `center` with radii `radii` (width and height halves along its own axes) turned by
    /// `angle` radians; a circle when the radii are equal.
    case ellipse(center: Point, radii: Size, angle: Double)
    /// A rectangle about `center` of `size` turned by `angle` radians; a square when the sides are equal.
    case rectangle(center: Point, size: Size, angle: Double)
    /// A triangle through three corners.
    case triangle(Point, Point, Point)

    /// What the shape is called, as a user would name it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case line, circle, ellipse, square, rectangle, triangle
    }

    /// What the shape is called: a circle and a square are the ellipse and the rectangle with equal sides.
    public var kind: Kind {
        switch self {
        case .line: .line
        case let .ellipse(_, radii, _): radii.width == radii.height ? .circle : .ellipse
        case let .rectangle(_, size, _): size.width == size.height ? .square : .rectangle
        case .triangle: .triangle
        }
    }

    /// Points along the shape, at most `spacing` apart along curves and straight sides (a line is its two ends), a
    /// closed shape ending where it starts: a stroke through them is the shape, whatever the smoothing.
    public func outline(spacing: Double) -> [Point] {
        switch self {
        case let .line(from, to):
            return [from, to]
        case let .ellipse(center, radii, angle):
            // Even steps of the angle are longest along the long radius: count them there.
            let longest = 2 * Double.pi * max(radii.width, radii.height)
            let count = min(max(Int(saturating: (longest / spacing).rounded(.up)), 24), Self.largestPointCount)
            let (cosine, sine) = (cos(angle), sin(angle))
            return (0...count).map { step in
                let t = 2 * Double.pi * Double(step % count) / Double(count)
                let (u, v) = (radii.width * cos(t), radii.height * sin(t))
                return Point(x: center.x + u * cosine - v * sine, y: center.y + u * sine + v * cosine)
            }
        case let .rectangle(center, size, angle):
            let (cosine, sine) = (cos(angle), sin(angle))
            let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { corner in
                let (u, v) = (corner.0 * size.width / 2, corner.1 * size.height / 2)
                return Point(x: center.x + u * cosine - v * sine, y: center.y + u * sine + v * cosine)
            }
            return Self.polygon(corners, spacing: spacing)
        case let .triangle(a, b, c):
            return Self.polygon([a, b, c], spacing: spacing)
        }
    }

    /// The most points an outline has: a shape the size of a wall is still a stroke of ordinary size.
    static let largestPointCount = 4096

    /// `points` with each gap longer than `spacing` cut into pieces at most `spacing` long (longer when the whole
    /// would have more than ``largestPointCount`` points).
    static func evenlySpaced(_ points: [Point], spacing: Double) -> [Point] {
        guard let first = points.first, points.count < largestPointCount else { return points }
        let length = zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        let step = max(spacing, length / Double(largestPointCount - points.count))
        var spaced = [first]
        for (start, end) in zip(points, points.dropFirst()) {
            let pieces = max(1, Int(saturating: (start.distance(to: end) / step).rounded(.up)))
            for piece in 1...pieces {
                let t = Double(piece) / Double(pieces)
                spaced.append(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            }
        }
        return spaced
    }

    /// The sides of a closed polygon, each cut into pieces at most `spacing` long (fewer when the outline would
    /// have more than ``largestPointCount`` points), ending at the first corner.
    private static func polygon(_ corners: [Point], spacing: Double) -> [Point] {
        let sides = corners.indices.map { (corners[$0], corners[($0 + 1) % corners.count]) }
        let perimeter = sides.reduce(0) { $0 + $1.0.distance(to: $1.1) }
        let step = max(spacing, perimeter / Double(largestPointCount - corners.count - 1))
        var points: [Point] = []
        for (start, end) in sides {
            let pieces = max(1, Int(saturating: (start.distance(to: end) / step).rounded(.up)))
            for piece in 0..<pieces {
                let t = Double(piece) / Double(pieces)
                points.append(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            }
        }
        points.append(corners[0])
        return points
    }
}

extension Stroke {
    /// This stroke's colour drawn along `shape`, with no times. A round stroke takes one width throughout (one with
    /// pressure its mean width) and no pressure. A brush stroke keeps its brush (without colours picked up: its
    /// shape reads its own) and width, its points ``Shape/outlineSpacing`` apart all along (a line too, so that the
    /// brush's dynamics see a hand's steady pace), and a stroke with pressure presses at its mean pressure and tilt
    /// all along: the shape looks drawn with the brush. Where the shape goes beyond the coordinate range (a circle
    /// fitted to an arc by its edge), its outline follows the edge (``Geometry/CoordinateRange``): a document keeps
    /// it as shown.
    public func shaped(as shape: Shape) -> Stroke {
        guard let brush else {
            let outline = shape.outline(spacing: Shape.outlineSpacing).map { StrokePoint(CoordinateRange.clamp($0)) }
            let width = hasPressure ? points.indices.reduce(0) { $0 + self.width(at: $1) } / Double(points.count) : width
            return Stroke(points: outline, color: color, width: width)
        }
        let outline = Shape.evenlySpaced(shape.outline(spacing: Shape.outlineSpacing), spacing: Shape.outlineSpacing)
            .map { StrokePoint(CoordinateRange.clamp($0)) }
        let pen = self.pen
        let held = pen.isEmpty ? [] : Array(repeating: StrokePen.mean(of: pen), count: outline.count)
        var shaped = Stroke(points: outline, pen: held, color: color, width: width)
            ?? Stroke(points: outline, color: color, width: width)
        shaped.brush = brush.picking([])
        return shaped
    }
}

extension Shape {
    /// How far apart an outline's points are, in document points: a quarter of the corner's rounding a stroke's
    /// smoothing gives them (half a point) is less than any stroke's width shows.
    public static let outlineSpacing = 2.0
}
