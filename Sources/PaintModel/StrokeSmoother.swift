// Smoothing: a stroke's samples become a curve through them with no corners and no gaps.
import Geometry

/// Turns a stroke's samples into a smooth path: quadratic Bézier segments between the midpoints of successive
/// samples, each pulled towards the sample between them.
///
/// The path starts at the first sample with a straight line to the first midpoint, and ends with a straight line from
/// the last midpoint to the last sample. In between, each curve leaves a midpoint in the direction the previous one
/// arrived in, so the path has a continuous tangent: no visible corners even when a fast circle gives only a dozen
/// samples per turn. Segments share their end points, so there are no gaps.
///
/// The path is built from samples alone, so it can be drawn incrementally: a new sample changes only the last
/// two segments (``firstSampleAffected(in:byPointsFrom:)``). Consecutive samples at the same place add nothing to the
/// path. One sample is a dot: a move and a line of no length, which a round cap paints as a disc.
public enum StrokeSmoother {
    /// The whole path of a stroke's samples. Inlinable, as ``appendPath(through:to:)``: specialized where it is
    /// called, with no allocation for each sample read.
    @inlinable
    public static func path<Points: Collection>(through points: Points) -> [PathSegment]
    where Points.Element == Point {
        var segments: [PathSegment] = []
        segments.reserveCapacity(points.count + 1)
        appendPath(through: points, to: &segments)
        return segments
    }

    /// Appends the path of a stroke's samples to `segments`.
    @inlinable
    public static func appendPath<Points: Collection>(through points: Points, to segments: inout [PathSegment])
    where Points.Element == Point {
        var path = SmoothPath()
        for point in points { path.add(point) }
        segments.append(contentsOf: path.settled)
        if let last = path.last { segments.append(last) }
    }

    /// The index of the first sample whose part of the path changes when the samples from `index` on are added
    /// to the samples before it: the second-last distinct sample before `index`. The samples from there to the end
    /// bound both the old and the new path's changed segments, which is the area to redraw. Inlinable, so that a
    /// renderer in another module, which asks at every frame, gets it specialized (unspecialized, each sample read
    /// allocates).
    @inlinable
    public static func firstSampleAffected<Points: BidirectionalCollection>(in points: Points, byPointsFrom index: Points.Index) -> Points.Index
    where Points.Element == Point {
        var current = index
        var distinctSeen = 0
        var last: Point?
        while current > points.startIndex, distinctSeen < 2 {
            current = points.index(before: current)
            if points[current] != last {
                distinctSeen += 1
                last = points[current]
            }
        }
        return current
    }
}
