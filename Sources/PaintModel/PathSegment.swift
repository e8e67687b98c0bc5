// The pieces a stroke's path is made of, as a renderer draws them.
import Geometry

/// One piece of a path, in canvas points: where a piece starts is where the one before it ended.
public enum PathSegment: Hashable, Sendable {
    /// Starts a sub-path at a point.
    case move(to: Point)
    /// A straight line to a point.
    case line(to: Point)
    /// A quadratic Bézier curve to a point, pulled towards a control point.
    case quad(control: Point, to: Point)

    /// Where the segment ends.
    public var end: Point {
        switch self {
        case let .move(to), let .line(to), let .quad(_, to): to
        }
    }

    /// The point on the segment at parameter `t` in 0...1, starting from `start`.
    public func point(at t: Double, from start: Point) -> Point {
        switch self {
        case let .move(to): return to
        case let .line(to):
            return Point(x: start.x + (to.x - start.x) * t, y: start.y + (to.y - start.y) * t)
        case let .quad(control, to):
            let u = 1 - t
            return Point(x: u * u * start.x + 2 * u * t * control.x + t * t * to.x,
                         y: u * u * start.y + 2 * u * t * control.y + t * t * to.y)
        }
    }

    /// The direction the segment leaves `start` in (not normalized); zero for a move or a segment of no length.
    public func startTangent(from start: Point) -> Vector {
        switch self {
        case .move: .zero
        case let .line(to): to - start
        case let .quad(control, to): control == start ? to - start : control - start
        }
    }

    /// The direction the segment arrives at its end in (not normalized).
    public func endTangent(from start: Point) -> Vector {
        switch self {
        case .move: .zero
        case let .line(to): to - start
        case let .quad(control, to): control == to ? to - start : to - control
        }
    }
}
