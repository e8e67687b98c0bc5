// A stroke: the samples one finger (or the pointer) left, with its colour and width.
import Geometry

/// One sample of a stroke: where the contact was, in canvas points, and when, if known.
///
/// 24 bytes: the time is kept as seconds with NaN for unknown rather than as an optional, which would take 32.
public struct StrokePoint: Hashable, Sendable {
    /// The location in canvas coordinates (logical points, y down).
    public var location: Point
    private var seconds: Double

    /// When the sample was taken, on the input source's clock; `nil` when unknown.
    public var time: Timestamp? {
        get { seconds.isNaN ? nil : Timestamp(seconds: seconds) }
        set { seconds = newValue?.seconds ?? .nan }
    }

    /// A sample at a location, taken at `time` when known.
    public init(_ location: Point, time: Timestamp? = nil) {
        self.location = location
        self.seconds = time?.seconds ?? .nan
    }

    public static func == (lhs: StrokePoint, rhs: StrokePoint) -> Bool {
        lhs.location == rhs.location && lhs.time == rhs.time
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(time)
    }
}

/// A polyline drawn by one contact: its samples in order, its colour and its width.
///
/// A stroke with one point is a dot: a round disc of the stroke's width. The path it is drawn as comes from
/// ``StrokeSmoother``.
public struct Stroke: Hashable, Sendable {
    /// The samples, in the order they were taken. Every sample the seat delivered is kept.
    public var points: [StrokePoint]
    /// The colour the stroke is painted in.
    public var color: Color
    /// The line width, in points.
    public var width: Double

    /// A stroke of samples, a colour and a width in points.
    public init(points: [StrokePoint] = [], color: Color, width: Double) {
        self.points = points
        self.color = color
        self.width = width
    }

    /// Adds a sample at the end.
    public mutating func append(_ point: StrokePoint) {
        points.append(point)
    }

    /// Gives back the room the points array grew into beyond its points (a completed stroke grows no more).
    public mutating func trimCapacity() {
        guard points.capacity > points.count else { return }
        points = points.withUnsafeBufferPointer { Array($0) }
    }

    /// The rectangle the painted stroke covers, antialiasing included; ``Rect/zero`` for a stroke with no point.
    public var bounds: Rect {
        DirtyRect.bounds(of: points[...].lazy.map(\.location), width: width) ?? .zero
    }
}
