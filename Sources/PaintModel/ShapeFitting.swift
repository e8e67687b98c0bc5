// Fitting a freehand stroke's points to the clean shape it looks like: a line, an ellipse, a rectangle, a triangle.
import FoundationEssentials
import Geometry
import Glibc

extension Shape {
    /// The thresholds of the fitting (docs/shapes.md), as fractions of the stroke's size.
    public enum Fitting {
        /// A stroke shorter than this, in points, is no shape: a dot or a tick.
        public static let minimumLength = 12.0
        /// An open stroke is a line when its points stray from the line between its ends by at most this fraction
        /// of its length on average, and at most ``lineLargestDeviation`` anywhere.
        public static let lineMeanDeviation = 0.03
        /// See ``lineMeanDeviation``.
        public static let lineLargestDeviation = 0.08
        /// A stroke is closed when its ends are at most this fraction of its bounds' diagonal apart.
        public static let closingGap = 0.2
        /// A closed stroke is the best-fitting closed shape when its points stray from it by at most this fraction
        /// of half its bounds' diagonal on average.
        public static let closedMeanDeviation = 0.05
        /// An ellipse is a circle when its short radius is at least this fraction of its long one; a rectangle a
        /// square when its short side is at least this fraction of its long one.
        public static let roundness = 0.85
        /// An ellipse or a rectangle turned at most this many radians from the view's axes is put square to them.
        public static let axisSnap = 6 * Double.pi / 180
        /// How many points, evenly spaced along the stroke, the fitting looks at.
        static let sampleCount = 128
    }

    /// The shape `points` look like, or `nil` when they look like none: a line for an open stroke, the closest of an
    /// ellipse, a rectangle and a triangle for a closed one, each within ``Fitting``'s tolerances.
    ///
    /// - Parameters:
    ///   - points: the stroke's points, in order.
    ///   - axisAngle: the angle of the view's horizontal axis in the points' coordinates (the view's rotation,
    ///     negated): ellipses and rectangles nearly square to the view are put square to it.
    public static func fitting(_ points: [Point], axisAngle: Double = 0) -> Shape? {
        guard points.allSatisfy(\.isFinite), axisAngle.isFinite,
              let samples = evenlySpaced(points, count: Fitting.sampleCount)
        else { return nil }
        let (first, last) = (points[0], points[points.count - 1])
        let diagonal = diagonalOfBounds(samples)
        if first.distance(to: last) > Fitting.closingGap * diagonal {
            return line(through: samples, from: first, to: last)
        }
        let scale = diagonal / 2
        let candidates: [(shape: Shape, deviation: Double)] = [
            ellipse(fitting: samples, axisAngle: axisAngle),
            rectangle(fitting: samples, axisAngle: axisAngle),
            triangle(fitting: samples),
        ].compactMap { $0 }
        guard let best = candidates.min(by: { $0.deviation < $1.deviation }),
              best.deviation <= Fitting.closedMeanDeviation * scale
        else { return nil }
        return best.shape
    }

    // MARK: - Candidates

    private static func line(through samples: [Point], from first: Point, to last: Point) -> Shape? {
        let length = first.distance(to: last)
        let deviations = samples.map { distance(from: $0, toSegment: first, last) }
        let mean = deviations.reduce(0, +) / Double(deviations.count)
        guard mean <= Fitting.lineMeanDeviation * length,
              deviations.max() ?? 0 <= Fitting.lineLargestDeviation * length
        else { return nil }
        return .line(from: first, to: last)
    }

    /// The ellipse along the points' principal axes, shaped as their bounds and sized to run through their middle;
    /// its mean deviation is the mean radial distance of the points from it.
    private static func ellipse(fitting samples: [Point], axisAngle: Double) -> (Shape, Double)? {
        let angle = snapped(principalAngle(of: samples), to: axisAngle)
        let (center, bounds) = extent(of: samples, angle: angle)
        guard bounds.width > 0, bounds.height > 0, min(bounds.width, bounds.height) >= 0.1 * max(bounds.width, bounds.height)
        else { return nil }
        let (cosine, sine) = (cos(angle), sin(angle))
        // Each point's distance from the centre, and the bounds' ellipse's in its direction.
        let distances = samples.map { point in
            let (dx, dy) = (point.x - center.x, point.y - center.y)
            let (u, v) = (dx * cosine + dy * sine, -dx * sine + dy * cosine)
            let radius = (u * u + v * v).squareRoot()
            guard radius > 0 else { return (radius, min(bounds.width, bounds.height)) }
            let (c, s) = (u / radius, v / radius)
            let onEllipse = bounds.width * bounds.height
                / ((bounds.height * c) * (bounds.height * c) + (bounds.width * s) * (bounds.width * s)).squareRoot()
            return (radius, onEllipse)
        }
        // The bounds reach the wobble's outermost points: the ellipse the hand meant runs through its middle.
        let scale = distances.reduce(0) { $0 + $1.0 / $1.1 } / Double(distances.count)
        guard scale.isFinite, scale > 0 else { return nil }
        let half = Size(width: bounds.width * scale, height: bounds.height * scale)
        let deviation = distances.reduce(0) { $0 + abs($1.0 - $1.1 * scale) } / Double(distances.count)
        let isRound = min(half.width, half.height) >= Fitting.roundness * max(half.width, half.height)
        let radius = (half.width + half.height) / 2
        let radii = isRound ? Size(width: radius, height: radius) : half
        return (.ellipse(center: center, radii: radii, angle: isRound ? axisAngle : angle), deviation)
    }

    /// The rectangle turned as the smallest one around the points (in steps of a degree; square to the view when
    /// nearly so), its sides through the middle of the points along them; its mean deviation is the mean distance
    /// of the points from its sides.
    private static func rectangle(fitting samples: [Point], axisAngle: Double) -> (Shape, Double)? {
        var smallest: (angle: Double, area: Double)?
        for degree in 0..<90 {
            let angle = Double(degree) * Double.pi / 180
            let half = extent(of: samples, angle: angle).half
            let area = half.width * half.height
            if smallest.map({ area < $0.area }) ?? true { smallest = (angle, area) }
        }
        guard let smallest else { return nil }
        let angle = snapped(smallest.angle, to: axisAngle)
        let (cosine, sine) = (cos(angle), sin(angle))
        guard let (center, half) = sides(of: samples, angle: angle), half.width > 0, half.height > 0 else { return nil }
        let deviation = mean(samples) { point in
            let (dx, dy) = (point.x - center.x, point.y - center.y)
            let (u, v) = (abs(dx * cosine + dy * sine), abs(-dx * sine + dy * cosine))
            let (outU, outV) = (u - half.width, v - half.height)
            if outU <= 0, outV <= 0 { return min(-outU, -outV) }
            return (max(outU, 0) * max(outU, 0) + max(outV, 0) * max(outV, 0)).squareRoot()
        }
        let isSquare = min(half.width, half.height) >= Fitting.roundness * max(half.width, half.height)
        let side = half.width + half.height
        let size = isSquare ? Size(width: side, height: side) : Size(width: 2 * half.width, height: 2 * half.height)
        return (.rectangle(center: center, size: size, angle: angle), deviation)
    }

    /// The triangle whose first two corners are the points farthest apart and whose third is the point farthest
    /// from the line through them; its mean deviation is the mean distance of the points from its sides.
    private static func triangle(fitting samples: [Point]) -> (Shape, Double)? {
        var farthest = (a: samples[0], b: samples[0], distance: 0.0)
        for (index, a) in samples.enumerated() {
            for b in samples[(index + 1)...] where a.distance(to: b) > farthest.distance {
                farthest = (a, b, a.distance(to: b))
            }
        }
        let (a, b) = (farthest.a, farthest.b)
        guard farthest.distance > 0,
              let c = samples.max(by: { distance(from: $0, toSegment: a, b) < distance(from: $1, toSegment: a, b) }),
              distance(from: c, toSegment: a, b) >= 0.1 * farthest.distance
        else { return nil }
        let deviation = mean(samples) { point in
            min(distance(from: point, toSegment: a, b), distance(from: point, toSegment: b, c),
                distance(from: point, toSegment: c, a))
        }
        return (.triangle(a, b, c), deviation)
    }

    // MARK: - Geometry

    /// `count` points evenly spaced along the polyline through `points`; `nil` when it is shorter than
    /// ``Fitting/minimumLength``.
    private static func evenlySpaced(_ points: [Point], count: Int) -> [Point]? {
        let lengths = zip(points, points.dropFirst()).map { $0.distance(to: $1) }
        let total = lengths.reduce(0, +)
        guard total >= Fitting.minimumLength, total.isFinite else { return nil }
        var samples: [Point] = []
        samples.reserveCapacity(count)
        var segment = 0
        var walked = 0.0
        for step in 0..<count {
            let target = total * Double(step) / Double(count - 1)
            while segment < lengths.count - 1, walked + lengths[segment] < target {
                walked += lengths[segment]
                segment += 1
            }
            let t = lengths[segment] > 0 ? min(max((target - walked) / lengths[segment], 0), 1) : 0
            let (start, end) = (points[segment], points[segment + 1])
            samples.append(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        return samples
    }

    private static func diagonalOfBounds(_ points: [Point]) -> Double {
        let xs = points.map(\.x), ys = points.map(\.y)
        let width = (xs.max() ?? 0) - (xs.min() ?? 0), height = (ys.max() ?? 0) - (ys.min() ?? 0)
        return (width * width + height * height).squareRoot()
    }

    /// The angle of the points' principal axis: the direction they spread most along.
    private static func principalAngle(of points: [Point]) -> Double {
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / count, meanY = points.reduce(0) { $0 + $1.y } / count
        var (xx, xy, yy) = (0.0, 0.0, 0.0)
        for point in points {
            let (dx, dy) = (point.x - meanX, point.y - meanY)
            xx += dx * dx
            xy += dx * dy
            yy += dy * dy
        }
        return atan2(2 * xy, xx - yy) / 2
    }

    /// The centre and half sizes of the points' bounds along axes turned by `angle`.
    private static func extent(of points: [Point], angle: Double) -> (center: Point, half: Size) {
        let (cosine, sine) = (cos(angle), sin(angle))
        var (minU, maxU, minV, maxV) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
        for point in points {
            let (u, v) = (point.x * cosine + point.y * sine, -point.x * sine + point.y * cosine)
            (minU, maxU, minV, maxV) = (min(minU, u), max(maxU, u), min(minV, v), max(maxV, v))
        }
        let (midU, midV) = ((minU + maxU) / 2, (minV + maxV) / 2)
        let center = Point(x: midU * cosine - midV * sine, y: midU * sine + midV * cosine)
        return (center, Size(width: (maxU - minU) / 2, height: (maxV - minV) / 2))
    }

    /// The centre and half sizes of the rectangle along axes turned by `angle` whose every side runs through the
    /// middle of the points nearest it (the bounds reach the wobble's outermost points instead).
    private static func sides(of points: [Point], angle: Double) -> (center: Point, half: Size)? {
        let (cosine, sine) = (cos(angle), sin(angle))
        let local = points.map { (u: $0.x * cosine + $0.y * sine, v: -$0.x * sine + $0.y * cosine) }
        guard let minU = local.map(\.u).min(), let maxU = local.map(\.u).max(),
              let minV = local.map(\.v).min(), let maxV = local.map(\.v).max()
        else { return nil }
        // Sides in order: left, right, top, bottom; each point counts for the side it is nearest.
        var sums = [0.0, 0, 0, 0], counts = [0, 0, 0, 0]
        for point in local {
            let distances = [point.u - minU, maxU - point.u, point.v - minV, maxV - point.v]
            guard let side = distances.indices.min(by: { distances[$0] < distances[$1] }) else { continue }
            sums[side] += side < 2 ? point.u : point.v
            counts[side] += 1
        }
        let bounds = [minU, maxU, minV, maxV]
        let side = bounds.indices.map { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : bounds[$0] }
        let (midU, midV) = ((side[0] + side[1]) / 2, (side[2] + side[3]) / 2)
        let center = Point(x: midU * cosine - midV * sine, y: midU * sine + midV * cosine)
        return (center, Size(width: (side[1] - side[0]) / 2, height: (side[3] - side[2]) / 2))
    }

    /// `angle` put on the nearest quarter turn from `axisAngle` when within ``Fitting/axisSnap`` of it.
    private static func snapped(_ angle: Double, to axisAngle: Double) -> Double {
        let quarter = Double.pi / 2
        let offset = angle - axisAngle
        let nearest = (offset / quarter).rounded() * quarter
        return abs(offset - nearest) <= Fitting.axisSnap ? axisAngle + nearest : angle
    }

    private static func distance(from point: Point, toSegment start: Point, _ end: Point) -> Double {
        let (dx, dy) = (end.x - start.x, end.y - start.y)
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: start) }
        let t = min(max(((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared, 0), 1)
        return point.distance(to: Point(x: start.x + dx * t, y: start.y + dy * t))
    }

    private static func mean(_ points: [Point], _ value: (Point) -> Double) -> Double {
        points.reduce(0) { $0 + value($1) } / Double(points.count)
    }
}
