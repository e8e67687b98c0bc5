// The smoothed path of a stroke whose width changes along it: what pressure strokes are drawn and hit-tested as.
import FoundationEssentials
import Geometry
import Glibc

/// A stroke's smoothed centreline with a half-width at every point of it, built sample by sample.
///
/// The centreline is exactly ``SmoothPath``'s: the same midpoints, the same quadratic pieces pulled towards each
/// sample, the same samples skipped when they repeat a place. The half-width is smoothed the same way: a piece's
/// half-width is the quadratic Bézier of the half-widths at its start, its control sample and its end, so width changes
/// along the stroke with a continuous slope, never in steps. The piece at index *i* is ``SmoothPath``'s segment at
/// index *i*.
///
/// Drawn, the stroke is the area a disc sweeps along the centreline with the radius changing as it goes
/// (``nodes(of:from:)`` flattens it into discs close together; the renderer fills the discs and the tangent hulls
/// between neighbours). A sample at the same place as the one before changes the half-width there (a pen pressing
/// harder without moving) and adds no piece.
public struct TaperedPath: Hashable, Sendable {
    /// A point of the centreline and the stroke's half-width there, in points.
    public struct Node: Hashable, Sendable {
        /// The point, in canvas coordinates.
        public var center: Point
        /// Half the stroke's width here.
        public var radius: Double

        /// A node at a point with a half-width.
        public init(center: Point, radius: Double) {
            self.center = center
            self.radius = radius
        }

        static func midpoint(_ a: Node, _ b: Node) -> Node {
            Node(center: Point(x: (a.center.x + b.center.x) / 2, y: (a.center.y + b.center.y) / 2),
                 radius: (a.radius + b.radius) / 2)
        }
    }

    /// One piece of the path: where a piece starts is where the one before it ended.
    public enum Piece: Hashable, Sendable {
        /// The first sample: the path starts here.
        case start(Node)
        /// A straight piece to a node.
        case line(to: Node)
        /// A quadratic piece to a node, pulled towards a control node (the sample between two midpoints).
        case quad(control: Node, to: Node)

        /// Where the piece ends.
        public var end: Node {
            switch self {
            case let .start(node), let .line(node), let .quad(_, node): node
            }
        }
    }

    /// The pieces no later sample changes, but for the start's half-width while no second place has come.
    public private(set) var settled: [Piece] = []
    private var first: Node?
    private var pending: Node?

    /// An empty path.
    public init() {}

    /// The path of a stroke's samples: each sample's half-width is half of ``Stroke/width(at:)``.
    public init(_ stroke: Stroke) {
        for index in stroke.points.indices { add(stroke.points[index].location, radius: stroke.width(at: index) / 2) }
    }

    /// The piece after ``settled`` that the next sample replaces: a straight piece to the last sample (for one
    /// sample, a piece of no length: a disc). `nil` before the first sample.
    public var last: Piece? {
        guard let first else { return nil }
        return .line(to: pending ?? first)
    }

    /// Every piece: ``settled`` then ``last``.
    public var pieces: [Piece] { settled + (last.map { [$0] } ?? []) }

    /// Adds a sample and the stroke's half-width at it.
    public mutating func add(_ point: Point, radius: Double) {
        let node = Node(center: point, radius: radius)
        guard let first else {
            first = node
            settled.append(.start(node))
            return
        }
        if point == (pending ?? first).center {
            if pending != nil {
                pending = node
            } else {
                self.first = node
                settled[0] = .start(node)
            }
            return
        }
        if let control = pending {
            if settled.count == 1 { settled.append(.line(to: .midpoint(first, control))) }
            settled.append(.quad(control: control, to: .midpoint(control, node)))
        }
        pending = node
    }

    /// The longest step between the discs a piece is flattened into, in points.
    public static let flatteningStep = 4.0
    /// The most the half-width changes from one disc to the next, in points.
    public static let radiusStep = 0.25
    /// How far, at most, the flattened centreline strays from the curve, in points.
    public static let flatness = 0.05

    /// A piece flattened into nodes, after `start` and ending at the piece's end; a start piece is its one node.
    /// Nodes are at most ``flatteningStep`` apart, the half-width changes by ``radiusStep`` at most between them,
    /// and the polyline through them strays at most ``flatness`` from the curve (up to 256 nodes a piece).
    public static func nodes(of piece: Piece, from start: Node) -> [Node] {
        let control: Node
        switch piece {
        case let .start(node): return [node]
        case let .line(to): control = .midpoint(start, to)
        case let .quad(c, _): control = c
        }
        let end = piece.end
        let length = start.center.distance(to: control.center) + control.center.distance(to: end.center)
        // A quadratic's polyline of n pieces strays a quarter of the control's distance from the chord over n².
        let bend = control.center.distance(to: Node.midpoint(start, end).center)
        let radiusChange = abs(start.radius - control.radius) + abs(control.radius - end.radius)
        let needed = max(length / flatteningStep, (bend / (4 * flatness)).squareRoot(), radiusChange / radiusStep)
        let count = min(max(Int(saturating: needed.rounded(.up)), 1), 256)
        return (1...count).map { step in
            let t = Double(step) / Double(count), u = 1 - t
            let a = u * u, b = 2 * u * t, c = t * t
            return Node(center: Point(x: a * start.center.x + b * control.center.x + c * end.center.x,
                                      y: a * start.center.y + b * control.center.y + c * end.center.y),
                        radius: a * start.radius + b * control.radius + c * end.radius)
        }
    }

    /// The unit normals, left and right of the way from `a` to `b`, at which the lines tangent to both discs
    /// touch them; `nil` when one disc holds the other (no such lines).
    public static func tangentNormals(from a: Node, to b: Node) -> (left: Vector, right: Vector)? {
        let dx = b.center.x - a.center.x, dy = b.center.y - a.center.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > abs(a.radius - b.radius) else { return nil }
        let ux = dx / distance, uy = dy / distance
        // The normals lean back by the angle whose sine is how fast the radius shrinks.
        let sine = (a.radius - b.radius) / distance, cosine = (1 - sine * sine).squareRoot()
        return (Vector(dx: ux * sine - uy * cosine, dy: uy * sine + ux * cosine),
                Vector(dx: ux * sine + uy * cosine, dy: uy * sine - ux * cosine))
    }

    /// Whether the disc at `node` shows beyond the hulls on either side of it (from `previous`, to `next`): at
    /// the ends, where a hull is missing, and where the outline turns enough that the disc's arc between the two
    /// hulls' tangent points stands out more than ``flatness``. Elsewhere the hulls alone draw the same shape.
    public static func needsDisc(_ node: Node, after previous: Node?, before next: Node?) -> Bool {
        guard let previous, let next, let before = tangentNormals(from: previous, to: node),
              let after = tangentNormals(from: node, to: next)
        else { return true }
        func angle(_ a: Vector, _ b: Vector) -> Double { acos(min(max(a.dx * b.dx + a.dy * b.dy, -1), 1)) }
        let turn = max(angle(before.left, after.left), angle(before.right, after.right))
        // The arc stands out r(1 − cos(turn / 2)) ≈ r · turn² / 8 beyond the hulls.
        return node.radius * turn * turn / 8 > flatness
    }

    /// Every node of the path, flattened, from the first sample on.
    public var allNodes: [Node] {
        var result: [Node] = []
        var start: Node?
        for piece in pieces {
            result += Self.nodes(of: piece, from: start ?? piece.end)
            start = piece.end
        }
        return result
    }
}

extension Stroke {
    /// Whether a path of a given radius (an eraser's, in canvas points) touches what the stroke paints: whether
    /// any of its segments comes within `radius` of the stroke's outline (its flattened centreline, widened by the
    /// half-width there). A path of one point is a disc.
    /// A fill is touched where the path goes inside it or comes within `radius` of its outlines.
    public func isTouched(byPath path: [Point], radius: Double) -> Bool {
        guard let pathStart = path.first, !points.isEmpty else { return false }
        let segments = path.count == 1 ? [(pathStart, pathStart)] : Array(zip(path, path.dropFirst()))
        if isFill {
            let outlines = self.outlines
            if outlines.reduce(false, { $0 != Lasso(points: $1).contains(pathStart) }) { return true }
            return outlines.contains { outline in
                zip(outline, outline.dropFirst() + outline.prefix(1)).contains { edge in
                    segments.contains { Self.distance(between: edge, and: $0) <= radius }
                }
            }
        }
        let nodes = TaperedPath(self).allNodes
        var previous = nodes[0]
        for node in nodes {
            for (a, b) in segments {
                let reach = radius + max(previous.radius, node.radius)
                if Self.distance(between: (previous.center, node.center), and: (a, b)) <= reach { return true }
            }
            previous = node
        }
        return false
    }

    /// The shortest distance between two segments.
    private static func distance(between first: (Point, Point), and second: (Point, Point)) -> Double {
        if segmentsCross(first, second) { return 0 }
        return min(distance(from: first.0, to: second), distance(from: first.1, to: second),
                   distance(from: second.0, to: first), distance(from: second.1, to: first))
    }

    private static func distance(from point: Point, to segment: (Point, Point)) -> Double {
        let (a, b) = segment
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: a) }
        let t = min(max(((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared, 0), 1)
        return point.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    private static func segmentsCross(_ p: (Point, Point), _ q: (Point, Point)) -> Bool {
        func side(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        let d1 = side(q.0, q.1, p.0), d2 = side(q.0, q.1, p.1)
        let d3 = side(p.0, p.1, q.0), d4 = side(p.0, p.1, q.1)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}
