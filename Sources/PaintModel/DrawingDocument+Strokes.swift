// A stroke as a document stores it (docs/document-format.md, "A stroke"): its colour, width and points, then the
// arrays its point-data bits say follow them (times, pen values, its brush, a fill's outlines). One layout, written by
// ``DrawingDocument/append(_:to:brushes:)`` and read by ``DrawingDocument/readStroke(from:version:brushes:)``, whose
// versions say which bits a document may hold.
import Geometry
import Localization

extension DrawingDocument {
    /// The bits of a stored stroke's point-data field: which arrays follow its points.
    fileprivate enum PointData {
        static let times: UInt32 = 1
        /// Version 3 on: pressure, altitude and azimuth, `f32` each, per point.
        static let pen: UInt32 = 2
        /// Version 6 on: the stroke's brush, after the pen values (``strokeBrushSize``).
        static let brush: UInt32 = 4
        /// Version 9 on: the stroke is a fill; after everything else, its outlines' count, `u32`, then each one's
        /// point count, `u32`, summing to the stroke's.
        static let outlines: UInt32 = 8
    }

    /// The bytes ``append(_:to:brushes:)`` writes for `stroke`.
    static func strokeSize(_ stroke: Stroke) -> Int {
        48 + stroke.points.count * (16 + (hasTimes(stroke) ? 8 : 0) + (stroke.hasPressure ? 12 : 0))
            + (stroke.brush.map(strokeBrushSize) ?? 0) + (stroke.outlineCounts.map { 4 + 4 * $0.count } ?? 0)
    }

    private static func hasTimes(_ stroke: Stroke) -> Bool {
        stroke.points.contains { $0.time != nil }
    }

    /// A stroke as ``readStroke(from:version:brushes:)`` reads it; its brush, if any, by its number in `brushes`,
    /// which must hold it (``brushRecord(for:brushes:)``).
    static func append(_ stroke: Stroke, to writer: inout ByteWriter, brushes: BrushNumbers) {
        for component in [stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha] {
            writer.append(component)
        }
        writer.append(stroke.width)
        writer.append(UInt32(stroke.points.count))
        let hasTimes = hasTimes(stroke)
        writer.append((hasTimes ? PointData.times : 0) | (stroke.hasPressure ? PointData.pen : 0)
                      | (stroke.brush == nil ? 0 : PointData.brush) | (stroke.isFill ? PointData.outlines : 0))
        for point in stroke.points {
            writer.append(point.location.x)
            writer.append(point.location.y)
        }
        if hasTimes {
            for point in stroke.points { writer.append(point.time?.seconds ?? .nan) }
        }
        for sample in stroke.pen {
            writer.append(sample.pressure)
            writer.append(sample.altitude)
            writer.append(sample.azimuth)
        }
        if let brush = stroke.brush { append(brush, to: &writer, brushes: brushes) }
        if let counts = stroke.outlineCounts {
            writer.append(UInt32(counts.count))
            for count in counts { writer.append(UInt32(truncatingIfNeeded: count)) }
        }
    }

    /// A stroke as ``append(_:to:brushes:)`` stores it, its brush one of `brushes` (by number).
    static func readStroke(from reader: inout ByteReader, version: UInt16,
                           brushes: [StrokeBrush.Preset] = []) throws(ReadError) -> Stroke {
        let red: Double = try reader.read(), green: Double = try reader.read()
        let blue: Double = try reader.read(), alpha: Double = try reader.read()
        let width: Double = try reader.read()
        let pointCount = Int(try reader.read() as UInt32)
        let pointData: UInt32 = try reader.read()
        let known = version >= 9 ? PointData.times | PointData.pen | PointData.brush | PointData.outlines
            : version >= 6 ? PointData.times | PointData.pen | PointData.brush
            : version >= 3 ? PointData.times | PointData.pen : PointData.times
        guard pointData & ~known == 0, width.isFinite, width > 0 else { throw .damaged(localized("impossible values")) }
        let hasTimes = pointData & PointData.times != 0, hasPen = pointData & PointData.pen != 0
        guard reader.remaining >= pointCount * (16 + (hasTimes ? 8 : 0) + (hasPen ? 12 : 0)) else { throw .truncated }
        var points: [StrokePoint] = []
        points.reserveCapacity(pointCount)
        for _ in 0..<pointCount {
            let x: Double = try reader.read(), y: Double = try reader.read()
            points.append(StrokePoint(Point(x: x, y: y)))
        }
        if hasTimes {
            for index in 0..<pointCount {
                let seconds: Double = try reader.read()
                if !seconds.isNaN { points[index].time = Timestamp(seconds: seconds) }
            }
        }
        var pen: [StrokePen] = []
        if hasPen {
            pen.reserveCapacity(pointCount)
            for _ in 0..<pointCount {
                let pressure: Float = try reader.read(), altitude: Float = try reader.read()
                let azimuth: Float = try reader.read()
                guard let sample = StrokePen(storedPressure: pressure, altitude: altitude, azimuth: azimuth) else {
                    throw .damaged(localized("a pressure or tilt out of range"))
                }
                pen.append(sample)
            }
        }
        let brush = pointData & PointData.brush != 0 ? try readStrokeBrush(from: &reader, version: version, brushes: brushes) : nil
        var outlineCounts: [Int]?
        if pointData & PointData.outlines != 0 {
            let count = Int(try reader.read() as UInt32)
            guard count >= 1, count <= pointCount / Stroke.fewestOutlinePoints else { throw .damaged(localized("a fill's outlines")) }
            guard reader.remaining >= 4 * count else { throw .truncated }
            var counts: [Int] = []
            counts.reserveCapacity(count)
            for _ in 0..<count { counts.append(Int(try reader.read() as UInt32)) }
            outlineCounts = counts
        }
        let color = Color(red: red, green: green, blue: blue, alpha: alpha)
        // A coordinate that is not a number, or out of reach, is damage like a bad checksum: the stroke is dropped.
        guard var stroke = Stroke(points: points, pen: pen, color: color, width: width), stroke.isWithinLimits,
              [red, green, blue, alpha].allSatisfy({ $0.isFinite })
        else { throw .damaged(localized("impossible values")) }
        if let brush { stroke.brush = brush }
        // A fill's outlines must take every point, three at least each, of a stroke without pen or brush.
        guard let filled = stroke.withOutlineCounts(outlineCounts) else { throw .damaged(localized("a fill's outlines")) }
        return filled
    }
}
