// The smoothed path of a stroke in progress, built one sample at a time.
import Geometry

/// A stroke's smoothed path (see ``StrokeSmoother``) built sample by sample: each new sample settles at most two
/// segments for good and moves only the last one, so a stroke in progress costs per frame what its new samples
/// add, however long it is.
public struct SmoothPath: Hashable, Sendable {
    /// The segments no later sample changes: the move to the first sample, then the curves so far.
    public private(set) var settled: [PathSegment] = []
    private var first: Point?
    /// The last distinct sample: the next curve bends towards it once the sample after it arrives.
    private var pending: Point?

    public init() {}

    /// The segment after ``settled`` that the next sample replaces: a straight line to the last sample (for a
    /// single sample, a line of no length: a dot). `nil` before the first sample.
    public var last: PathSegment? {
        guard let first else { return nil }
        return .line(to: pending ?? first)
    }

    /// Every segment: ``settled`` then ``last``.
    public var segments: [PathSegment] {
        settled + (last.map { [$0] } ?? [])
    }

    /// Adds a sample. A sample at the same place as the one before adds nothing.
    public mutating func add(_ point: Point) {
        guard let first else {
            first = point
            settled.append(.move(to: point))
            return
        }
        guard point != (pending ?? first) else { return }
        if let control = pending {
            if settled.count == 1 {
                settled.append(.line(to: Self.midpoint(first, control)))
            }
            settled.append(.quad(control: control, to: Self.midpoint(control, point)))
        }
        pending = point
    }

    private static func midpoint(_ a: Point, _ b: Point) -> Point {
        Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }
}
