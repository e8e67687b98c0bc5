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

/// A polyline drawn by one contact: its samples in order, its colour and its width, and, for a pen (or a finger
/// whose contact size is followed), each sample's pressure and tilt.
///
/// A stroke with one point is a dot: a round disc of the stroke's width. The path it is drawn as comes from
/// ``StrokeSmoother``; a stroke with pressure is drawn as the outline of ``TaperedPath``, whose width follows
/// ``PressureCurve``.
///
/// Pressure and tilt live in ``pen``, beside ``points`` rather than in them, so that a stroke without pressure
/// costs what it did: 24 bytes a point (``StrokePoint``); a stroke with pressure costs 36 (``StrokePen`` is 12).
public struct Stroke: Hashable, Sendable {
    /// The samples, in the order they were taken. Every sample the seat delivered is kept.
    public var points: [StrokePoint]
    /// Each sample's pressure and tilt, in the order of ``points``; empty for a stroke without pressure. When not
    /// empty it has one element per point (``append(_:pen:)`` keeps it so).
    public private(set) var pen: [StrokePen] = []
    /// The colour the stroke is painted in.
    public var color: Color
    /// The line width, in points.
    public var width: Double

    /// A stroke of samples, a colour and a width in points, without pressure.
    public init(points: [StrokePoint] = [], color: Color, width: Double) {
        self.points = points
        self.color = color
        self.width = width
    }

    /// A stroke of samples with their pressure and tilt (one each, in order), a colour and a width; `nil` when
    /// the counts differ. An empty `pen` makes a stroke without pressure.
    /// The farthest a stroke's point may be from the document's origin on either axis, in points (about 350 m at
    /// 0.35 mm a point): what a document may hold and the view may reach; beyond it a stored stroke is damage.
    public static let largestCoordinate = 1_000_000.0
    /// The widest a stored stroke may be, in points.
    public static let largestWidth = 10_000.0

    /// Whether the stroke's points and width are within what a document may hold: finite, each coordinate within
    /// ±``largestCoordinate``, the width from 0 (exclusive) to ``largestWidth``.
    public var isWithinLimits: Bool {
        width.isFinite && width > 0 && width <= Self.largestWidth && points.allSatisfy {
            abs($0.location.x) <= Self.largestCoordinate && abs($0.location.y) <= Self.largestCoordinate
        }
    }

    public init?(points: [StrokePoint], pen: [StrokePen], color: Color, width: Double) {
        guard pen.isEmpty || pen.count == points.count else { return nil }
        self.init(points: points, color: color, width: width)
        self.pen = pen
    }

    /// Whether the stroke's width follows pressure.
    public var hasPressure: Bool { !pen.isEmpty }

    /// Adds a sample at the end, with its pressure and tilt when it has them.
    ///
    /// A stroke takes pressure from its first sample that has it: samples before it get that sample's values, and
    /// later samples without any repeat the last one, so ``pen`` always matches ``points``.
    public mutating func append(_ point: StrokePoint, pen sample: StrokePen? = nil) {
        if let sample {
            if pen.isEmpty, !points.isEmpty { pen = Array(repeating: sample, count: points.count) }
            pen.append(sample)
        } else if let last = pen.last {
            pen.append(last)
        }
        points.append(point)
    }

    /// The width, in points, at a sample: the brush's width times ``PressureCurve`` of its pressure, or the
    /// brush's width for a stroke without pressure.
    public func width(at index: Int) -> Double {
        pen.isEmpty ? width : width * pen[index].widthFraction
    }

    /// Gives back the room the arrays grew into beyond their samples (a completed stroke grows no more).
    public mutating func trimCapacity() {
        if points.capacity > points.count { points = points.withUnsafeBufferPointer { Array($0) } }
        if pen.capacity > pen.count { pen = pen.withUnsafeBufferPointer { Array($0) } }
    }

    /// The rectangle the painted stroke covers, antialiasing included; ``Rect/zero`` for a stroke with no point.
    public var bounds: Rect {
        DirtyRect.bounds(of: points[...].lazy.map(\.location), width: width) ?? .zero
    }
}
