// A stroke moved, scaled, turned or flipped as a selection is (docs/selection.md): its points where the transform
// takes them, its width scaled with it, its pen's tilt turned with it, a brush's dabs placed with it.
import Geometry
import Glibc

extension Stroke {
    /// How far a moved stroke's coordinates may be rounded to keep them compact (to the nearest `Float`, as the
    /// input path does): far less than a pixel at the largest zoom.
    public static let movedRounding = 1.0 / 512

    /// This stroke where `transform` (a similarity: ``Geometry/AffineTransform/isSimilarity``) takes it: each point
    /// moved (rounded by at most ``movedRounding``), its times and pressure as they were, its width and a pen's
    /// direction scaled and turned with it, so it looks the same moved; a brush stroke's dabs placed with it
    /// (``StrokeBrush/placement``). `nil` when the transform is no similarity, or takes a point beyond the coordinate
    /// range, the width beyond ``largestWidth`` or the brush's placement beyond its limits.
    public func transformed(by transform: AffineTransform) -> Stroke? {
        guard transform.isSimilarity else { return nil }
        let width = self.width * transform.scaleFactor
        guard width.isFinite, width > 0, width <= Self.largestWidth else { return nil }
        var moved: [StrokePoint] = []
        moved.reserveCapacity(points.count)
        for point in points {
            let location = transform.apply(to: point.location)
            guard CoordinateRange.contains(location) else { return nil }
            moved.append(StrokePoint(location.roundedToFloat(within: Self.movedRounding), seconds: point.seconds))
        }
        let pen = self.pen.map { sample in
            let direction = transform.apply(to: Vector(dx: cos(Double(sample.azimuth)), dy: sin(Double(sample.azimuth))))
            return StrokePen(pressure: Double(sample.pressure), altitude: Double(sample.altitude),
                             azimuth: atan2(direction.dy, direction.dx))
        }
        guard var stroke = Stroke(points: moved, pen: pen, color: color, width: width)?.withOutlineCounts(outlineCounts)
        else { return nil }
        if let brush {
            let placed = brush.placed(by: transform)
            guard placed.placement.map(StrokeBrush.isPlacementWithinLimits) != false else { return nil }
            stroke.brush = placed
        }
        return stroke
    }
}
