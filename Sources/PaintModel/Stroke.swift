// A stroke: the samples one finger (or the pointer) left, with its colour and width.
import TouchUI

/// One sample of a stroke: where the contact was, in canvas points, and when, if known.
public struct StrokePoint: Hashable, Sendable {
    /// The location in canvas coordinates (logical points, y down).
    public var location: Point
    /// When the sample was taken, on the input source's clock; `nil` when unknown.
    public var time: Timestamp?

    public init(_ location: Point, time: Timestamp? = nil) {
        self.location = location
        self.time = time
    }
}

/// A polyline drawn by one contact: its samples in order, its colour and its width.
///
/// A stroke with one point is a dot: a round disc of the stroke's width. The path it is drawn as comes from
/// ``StrokeSmoother``.
public struct Stroke: Hashable, Sendable {
    /// The samples, in the order they were taken. Every sample the seat delivered is kept.
    public var points: [StrokePoint]
    public var color: Color
    /// The line width, in points.
    public var width: Double

    public init(points: [StrokePoint] = [], color: Color, width: Double) {
        self.points = points
        self.color = color
        self.width = width
    }

    /// Adds a sample at the end.
    public mutating func append(_ point: StrokePoint) {
        points.append(point)
    }

    /// The rectangle the painted stroke covers, antialiasing included; ``Rect/zero`` for a stroke with no point.
    public var bounds: Rect {
        DirtyRect.bounds(of: points[...].lazy.map(\.location), width: width) ?? .zero
    }
}
