// A stroke: the samples one finger (or the pointer) left, with its colour and width.
//
// In memory a stroke is one reference to a buffer of its own holding its colour, width, pen values and samples,
// each sample's coordinates as two Floats and its time as two bytes of whole milliseconds (or a Float of
// milliseconds) when every value of the stroke converts back bit for bit, else as Doubles (docs/document-format.md,
// "Strokes in memory"; issue #22).
import Geometry

/// One sample of a stroke: where the contact was, in canvas points, and when, if known.
///
/// The public view of a sample: a stroke stores its samples compactly (``Stroke/points``) and gives each back as
/// this value, with exactly the values it was given.
public struct StrokePoint: Hashable, Sendable {
    /// The location in canvas coordinates (logical points, y down).
    public var location: Point
    /// The time in seconds; NaN when unknown.
    @usableFromInline var seconds: Double

    /// When the sample was taken, on the input source's clock; `nil` when unknown.
    public var time: Timestamp? {
        get { seconds.isNaN ? nil : Timestamp(seconds: seconds) }
        set { seconds = newValue?.seconds ?? .nan }
    }

    /// The bits of the time's seconds as stored, NaN's when the time is unknown: what the tile cache's digest of
    /// the strokes reads.
    public var timeBitPattern: UInt64 { seconds.bitPattern }

    /// A sample at a location, taken at `time` when known.
    public init(_ location: Point, time: Timestamp? = nil) {
        self.location = location
        self.seconds = time?.seconds ?? .nan
    }

    @inlinable
    init(_ location: Point, seconds: Double) {
        self.location = location
        self.seconds = seconds
    }

    public static func == (lhs: StrokePoint, rhs: StrokePoint) -> Bool {
        lhs.location == rhs.location && lhs.time == rhs.time
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(time)
    }
}

extension Point {
    /// This point with each coordinate rounded to the nearest `Float` where that moves it by less than
    /// `tolerance`: what the input path stores, so that a stroke drawn with a finger is kept compactly
    /// (``Stroke``). A coordinate rounding would move farther, or that is not finite, is kept as it is.
    public func roundedToFloat(within tolerance: Double) -> Point {
        func rounded(_ value: Double) -> Double {
            let single = Double(Float(value))
            return abs(single - value) < tolerance ? single : value
        }
        return Point(x: rounded(x), y: rounded(y))
    }
}

/// How a stroke keeps its samples' times: the one place the layouts are decided (docs/document-format.md,
/// "Strokes in memory"). Each layout holds every time the ones before it hold, and gives it back as they do; a
/// stroke takes the first that holds all of its times.
@usableFromInline
enum TimeStorage: UInt8, Sendable, CaseIterable {
    /// No sample's time is known: none is stored.
    case none
    /// Each time as a `UInt16` of whole milliseconds after ``StrokeHeader/timeBase`` (0 to 65 534), four a word;
    /// ``unknownOffset`` when unknown.
    case wholeMilliseconds
    /// Each time as a `Float` of milliseconds after ``StrokeHeader/timeBase``, two a word; NaN when unknown.
    case compact
    /// Each time as a `Double` of seconds, NaN when unknown.
    case wide

    /// The two-byte offset an unknown time takes.
    @usableFromInline static let unknownOffset = UInt16.max

    /// The bytes a sample's time takes.
    @inlinable var bytesPerSample: Int {
        switch self {
        case .none: 0
        case .wholeMilliseconds: 2
        case .compact: 4
        case .wide: 8
        }
    }

    /// The words the times of `capacity` samples take.
    func words(forCapacity capacity: Int) -> Int { (capacity * bytesPerSample + 7) / 8 }

    /// Whether the layout gives `seconds` (NaN's own bits for an unknown time) back bit for bit, counting from
    /// `base` milliseconds.
    func holds(_ seconds: Double, base: Double) -> Bool {
        switch self {
        case .none: seconds.bitPattern == Double.nan.bitPattern
        case .wholeMilliseconds: StrokeSamples.wholeMilliseconds(seconds, base: base) != nil
        case .compact: StrokeSamples.compactTime(seconds, base: base) != nil
        case .wide: true
        }
    }

    /// The narrowest layout, this one or a wider, that holds `seconds` as well as what this one holds.
    func widened(holding seconds: Double, base: Double) -> TimeStorage {
        Self.allCases.first { $0.rawValue >= rawValue && $0.holds(seconds, base: base) } ?? .wide
    }
}

/// A stroke's MyPaint brush and a fill's outline counts, boxed: most strokes of a large drawing have neither, and
/// each would otherwise hold their room inline (over a hundred bytes: 6 MiB of 50 000 strokes). Immutable, so that
/// copies of a stroke share it; a change makes a new box.
@usableFromInline final class StrokeExtras: Sendable {
    @usableFromInline let brush: StrokeBrush?
    @usableFromInline let outlineCounts: [Int]?

    /// The box for these, `nil` when there is neither.
    @usableFromInline init?(brush: StrokeBrush?, outlineCounts: [Int]?) {
        guard brush != nil || outlineCounts != nil else { return nil }
        self.brush = brush
        self.outlineCounts = outlineCounts
    }
}

/// What a stroke's buffer holds besides its samples.
@usableFromInline
struct StrokeHeader {
    @usableFromInline var color: Color
    @usableFromInline var width: Double
    @usableFromInline var pen: [StrokePen]
    /// What few strokes have, one word for the many without: the brush, a fill's outlines.
    @usableFromInline var extras: StrokeExtras?
    /// The MyPaint brush it was painted with; `nil` for the round brush.
    @usableFromInline var brush: StrokeBrush? {
        get { extras?.brush }
        set { extras = StrokeExtras(brush: newValue, outlineCounts: extras?.outlineCounts) }
    }
    /// For a fill, how many points each of its closed outlines has, in order; `nil` for a line.
    @usableFromInline var outlineCounts: [Int]? {
        get { extras?.outlineCounts }
        set { extras = StrokeExtras(brush: extras?.brush, outlineCounts: newValue) }
    }
    /// The milliseconds compact times count from: the first known time's, rounded.
    @usableFromInline var timeBase: Double
    @usableFromInline var count: Int
    /// The samples there is room for.
    @usableFromInline var capacity: Int
    /// Whether the coordinates are `Double`s, two words a sample (else two `Float`s in one word).
    @usableFromInline var wideCoordinates: Bool
    @usableFromInline var times: TimeStorage

    init(color: Color, width: Double, pen: [StrokePen] = [], timeBase: Double = 0, count: Int = 0,
         capacity: Int = 0, wideCoordinates: Bool = false, times: TimeStorage = .none) {
        self.color = color
        self.width = width
        self.pen = pen
        self.extras = nil
        self.timeBase = timeBase
        self.count = count
        self.capacity = capacity
        self.wideCoordinates = wideCoordinates
        self.times = times
    }
}

/// A stroke's buffer: its header, then its coordinates (one or two words a sample, `capacity` of them), then its
/// times (none, half a word or a word a sample). Shared between copies of a ``Stroke`` and copied before a change
/// when shared, as an array's storage is; never changed once shared, so the values holding it may cross threads
/// (ManagedBuffer is never `Sendable` itself, so ``Stroke`` and ``StrokePoints`` are `@unchecked Sendable`).
@usableFromInline
final class StrokeSamples: ManagedBuffer<StrokeHeader, UInt64> {
    /// A buffer with this header and room for its `capacity` samples in its layout.
    static func make(_ header: StrokeHeader) -> StrokeSamples {
        let coordinateWords = header.capacity * (header.wideCoordinates ? 2 : 1)
        let timeWords = header.times.words(forCapacity: header.capacity)
        return unsafeDowncast(create(minimumCapacity: coordinateWords + timeWords) { _ in header },
                              to: StrokeSamples.self)
    }

    @inlinable var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// The sample at `index`, which must be below ``count``.
    @inlinable
    func point(at index: Int) -> StrokePoint {
        withUnsafeMutablePointers { header, words in
            let location: Point
            let timeWords: UnsafeMutablePointer<UInt64>
            if header.pointee.wideCoordinates {
                location = Point(x: Double(bitPattern: words[2 * index]), y: Double(bitPattern: words[2 * index + 1]))
                timeWords = words + 2 * header.pointee.capacity
            } else {
                let word = words[index]
                location = Point(x: Double(Float(bitPattern: UInt32(truncatingIfNeeded: word))),
                                 y: Double(Float(bitPattern: UInt32(truncatingIfNeeded: word >> 32))))
                timeWords = words + header.pointee.capacity
            }
            // The times follow the coordinates, each at a multiple of its own size: every read is aligned.
            let times = UnsafeRawPointer(timeWords)
            switch header.pointee.times {
            case .none:
                return StrokePoint(location, seconds: .nan)
            case .wholeMilliseconds:
                let offset = times.load(fromByteOffset: 2 * index, as: UInt16.self)
                return StrokePoint(location, seconds: Self.seconds(offset: offset, base: header.pointee.timeBase))
            case .compact:
                let offset = Float(bitPattern: times.load(fromByteOffset: 4 * index, as: UInt32.self))
                return StrokePoint(location, seconds: Self.seconds(offset: offset, base: header.pointee.timeBase))
            case .wide:
                return StrokePoint(location, seconds: Double(bitPattern: times.load(fromByteOffset: 8 * index, as: UInt64.self)))
            }
        }
    }

    /// A compact time's seconds: NaN (unknown) for a NaN offset.
    @inlinable
    static func seconds(offset: Float, base: Double) -> Double {
        offset.isNaN ? .nan : (base + Double(offset)) / 1000
    }

    /// A two-byte time's seconds: NaN (unknown) for ``TimeStorage/unknownOffset``. The same sum as a `Float`
    /// offset's, so a time both layouts hold is given back alike.
    @inlinable
    static func seconds(offset: UInt16, base: Double) -> Double {
        offset == TimeStorage.unknownOffset ? .nan : (base + Double(offset)) / 1000
    }

    /// The two-byte time giving `seconds` back bit for bit, ``TimeStorage/unknownOffset`` for an unknown time
    /// (NaN's own bits); `nil` when there is none: a time before the base or 65.535 s or more after it, a fraction
    /// of a millisecond, any other NaN, an infinity.
    static func wholeMilliseconds(_ seconds: Double, base: Double) -> UInt16? {
        if seconds.bitPattern == Double.nan.bitPattern { return TimeStorage.unknownOffset }
        let milliseconds = (seconds * 1000 - base).rounded()
        guard milliseconds >= 0, milliseconds < Double(TimeStorage.unknownOffset) else { return nil }
        let offset = UInt16(milliseconds)
        return Self.seconds(offset: offset, base: base).bitPattern == seconds.bitPattern ? offset : nil
    }

    /// The compact time giving `seconds` back bit for bit, NaN for an unknown time (NaN's own bits); `nil` when
    /// there is none.
    static func compactTime(_ seconds: Double, base: Double) -> Float? {
        if seconds.bitPattern == Double.nan.bitPattern { return .nan }
        let offset = Float(seconds * 1000 - base)
        return !offset.isNaN && Self.seconds(offset: offset, base: base).bitPattern == seconds.bitPattern ? offset : nil
    }

    /// Whether both coordinates come back bit for bit from `Float`s.
    static func fitsSingle(_ location: Point) -> Bool {
        Double(Float(location.x)).bitPattern == location.x.bitPattern
            && Double(Float(location.y)).bitPattern == location.y.bitPattern
    }

    /// The times' layout, and their base, of samples laid out as `times` from `base` once a sample at `seconds` is
    /// added: the first known time sets the base; then the narrowest layout that gives back every time so far
    /// (``TimeStorage``), which only ever widens.
    static func timeLayout(_ times: TimeStorage, base: Double, adding seconds: Double) -> (TimeStorage, Double) {
        if times == .none, seconds.bitPattern != Double.nan.bitPattern {
            let base = timeBase(startingAt: seconds)
            return (TimeStorage.wholeMilliseconds.widened(holding: seconds, base: base), base)
        }
        return (times.widened(holding: seconds, base: base), base)
    }

    /// The milliseconds compact times would count from when `seconds` is the first known time.
    static func timeBase(startingAt seconds: Double) -> Double {
        let milliseconds = (seconds * 1000).rounded()
        return milliseconds.isFinite ? milliseconds : 0
    }

    /// Writes a sample at `index`, below the capacity; its values must fit the layout (checked by the caller).
    func store(_ point: StrokePoint, at index: Int) {
        storeCoordinates(point.location, at: index)
        withUnsafeMutablePointers { header, words in
            let times = UnsafeMutableRawPointer(words + header.pointee.capacity * (header.pointee.wideCoordinates ? 2 : 1))
            let base = header.pointee.timeBase
            switch header.pointee.times {
            case .none:
                break
            case .wholeMilliseconds:
                let offset = Self.wholeMilliseconds(point.seconds, base: base) ?? TimeStorage.unknownOffset
                times.storeBytes(of: offset, toByteOffset: 2 * index, as: UInt16.self)
            case .compact:
                let offset = Self.compactTime(point.seconds, base: base) ?? .nan
                times.storeBytes(of: offset.bitPattern, toByteOffset: 4 * index, as: UInt32.self)
            case .wide:
                times.storeBytes(of: point.seconds.bitPattern, toByteOffset: 8 * index, as: UInt64.self)
            }
        }
    }

    /// Writes a sample's coordinates at `index`, below the capacity, in the layout's precision.
    func storeCoordinates(_ location: Point, at index: Int) {
        withUnsafeMutablePointers { header, words in
            if header.pointee.wideCoordinates {
                words[2 * index] = location.x.bitPattern
                words[2 * index + 1] = location.y.bitPattern
            } else {
                words[index] = UInt64(Float(location.x).bitPattern) | UInt64(Float(location.y).bitPattern) << 32
            }
        }
    }

    /// A copy with room for `capacity` samples (at least ``count``) in the given layout, which must hold every
    /// sample: the same or wider, or compact times from none.
    func copy(capacity: Int, wideCoordinates: Bool, times: TimeStorage, timeBase: Double) -> StrokeSamples {
        let old = withUnsafeMutablePointerToHeader { $0.pointee }
        var header = old
        header.capacity = capacity
        header.wideCoordinates = wideCoordinates
        header.times = times
        header.timeBase = timeBase
        let copy = StrokeSamples.make(header)
        let count = old.count
        withUnsafeMutablePointerToElements { words in
            copy.withUnsafeMutablePointerToElements { newWords in
                if wideCoordinates == old.wideCoordinates {
                    newWords.update(from: words, count: count * (wideCoordinates ? 2 : 1))
                }
                if times == old.times, times != .none {
                    // Compact times are copied as they are: an offset read back and made again may differ.
                    let from = words + old.capacity * (old.wideCoordinates ? 2 : 1)
                    let to = newWords + capacity * (wideCoordinates ? 2 : 1)
                    UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: count * times.bytesPerSample)
                }
            }
        }
        if times != old.times {
            // Decoded and written again: exact, as the new layout holds every old value.
            for index in 0..<count { copy.store(point(at: index), at: index) }
        } else if wideCoordinates != old.wideCoordinates {
            for index in 0..<count { copy.storeCoordinates(point(at: index).location, at: index) }
        }
        return copy
    }
}

/// A stroke's samples in order: a view of the stroke's buffer, each read as a ``StrokePoint``.
public struct StrokePoints: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let storage: StrokeSamples

    @inlinable init(_ storage: StrokeSamples) { self.storage = storage }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }

    @inlinable
    public subscript(index: Int) -> StrokePoint {
        precondition(index >= 0 && index < storage.count, "a stroke's sample out of range")
        return storage.point(at: index)
    }

    /// The samples the stroke has room for before its buffer grows.
    public var capacity: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
}

/// A polyline drawn by one contact: its samples in order, its colour and its width, and, for a pen (or a finger
/// whose contact size is followed), each sample's pressure and tilt.
///
/// A stroke with one point is a dot: a round disc of the stroke's width. The path it is drawn as comes from
/// ``StrokeSmoother``; a stroke with pressure is drawn as the outline of ``TaperedPath``, whose width follows
/// ``PressureCurve``.
///
/// A stroke is one reference to a buffer of its own (copied before a change when shared, as an array's storage is)
/// holding its colour, width, pen values and samples (docs/document-format.md, "Strokes in memory"). A sample takes:
/// - for its coordinates, two `Float`s (8 bytes) when every coordinate of the stroke converts to `Float` and back bit
///   for bit, else two `Double`s (16);
/// - for its time, two bytes of whole milliseconds after the stroke's first when every time comes back so and the
///   stroke lasts less than 65.535 s, else a `Float` of milliseconds (4 bytes) when every time comes back so, else a
///   `Double` (8), and nothing when no time is known.
///
/// So every value given is read back exactly, NaN and infinities included (a stroke holding one is kept wide), and
/// equality, hashing and the saved bytes are those of the values. Pressure and tilt live in ``pen``: 12 bytes a sample
/// more.
public struct Stroke: Hashable, @unchecked Sendable {
    @usableFromInline var storage: StrokeSamples

    /// The samples, in the order they were taken. Every sample the seat delivered is kept.
    @inlinable public var points: StrokePoints { StrokePoints(storage) }

    /// Each sample's pressure and tilt, in the order of ``points``; empty for a stroke without pressure. When not
    /// empty it has one element per point (``append(_:pen:)`` keeps it so).
    public var pen: [StrokePen] { storage.withUnsafeMutablePointerToHeader { $0.pointee.pen } }

    /// The colour the stroke is painted in.
    public var color: Color {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.color } }
        set { makeUnique(); storage.withUnsafeMutablePointerToHeader { $0.pointee.color = newValue } }
    }

    /// The line width, in points.
    public var width: Double {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.width } }
        set { makeUnique(); storage.withUnsafeMutablePointerToHeader { $0.pointee.width = newValue } }
    }

    /// The MyPaint brush the stroke is painted with (docs/brushes.md); `nil`, the round brush, by default.
    public var brush: StrokeBrush? {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee.brush } }
        set { makeUnique(); storage.withUnsafeMutablePointerToHeader { $0.pointee.brush = newValue } }
    }

    /// For a fill (the fill tool's, docs/selection.md), how many points each of its closed outlines has: the
    /// stroke's points are the outlines one after another, filled in its colour by the even-odd rule, with no line
    /// drawn. `nil` for a line, which is every stroke but a fill.
    public var outlineCounts: [Int]? { storage.withUnsafeMutablePointerToHeader { $0.pointee.outlineCounts } }

    /// Whether the stroke is a fill: a region painted by the fill tool, not a line.
    public var isFill: Bool { outlineCounts != nil }

    /// A fill's closed outlines, in document points; empty for a line.
    public var outlines: [[Point]] {
        guard let counts = outlineCounts else { return [] }
        var start = 0
        return counts.map { count in
            defer { start += count }
            return points[start..<(start + count)].map(\.location)
        }
    }

    /// The fewest points a fill's outline has.
    public static let fewestOutlinePoints = 3

    /// A fill of `color` bounded by `outlines` (closed loops in document points, filled by the even-odd rule);
    /// `nil` when there is none, an outline has fewer than ``fewestOutlinePoints`` points, or a point is beyond the
    /// coordinate range.
    public init?(filling outlines: [[Point]], color: Color) {
        guard !outlines.isEmpty, outlines.allSatisfy({ $0.count >= Self.fewestOutlinePoints }),
              outlines.allSatisfy({ $0.allSatisfy(CoordinateRange.contains) }) else { return nil }
        self.init(points: outlines.joined().map { StrokePoint($0) }, color: color, width: 1)
        storage.withUnsafeMutablePointerToHeader { $0.pointee.outlineCounts = outlines.map(\.count) }
    }

    /// This stroke as a fill of outlines of these point counts (summing to its point count), or a line (`nil`).
    func withOutlineCounts(_ counts: [Int]?) -> Stroke? {
        guard let counts else { return self }
        guard counts.allSatisfy({ $0 >= Self.fewestOutlinePoints }), counts.reduce(0, +) == points.count, pen.isEmpty,
              brush == nil else { return nil }
        var stroke = self
        stroke.makeUnique()
        stroke.storage.withUnsafeMutablePointerToHeader { $0.pointee.outlineCounts = counts }
        return stroke
    }

    /// A stroke of no sample, a colour and a width in points, without pressure.
    public init(color: Color, width: Double) {
        storage = StrokeSamples.make(StrokeHeader(color: color, width: width))
    }

    /// A stroke of samples, a colour and a width in points, without pressure.
    public init<Points: Collection<StrokePoint>>(points: Points, color: Color, width: Double) {
        var wide = false, times = TimeStorage.none, timeBase = 0.0
        for point in points {
            if !wide, !StrokeSamples.fitsSingle(point.location) { wide = true }
            (times, timeBase) = StrokeSamples.timeLayout(times, base: timeBase, adding: point.seconds)
        }
        storage = StrokeSamples.make(StrokeHeader(color: color, width: width, timeBase: timeBase, count: points.count,
                                                  capacity: points.count, wideCoordinates: wide, times: times))
        for (index, point) in points.enumerated() { storage.store(point, at: index) }
    }

    /// A stroke of samples, a colour and a width in points, without pressure.
    public init(points: [StrokePoint], color: Color, width: Double) {
        self.init(points: points[...], color: color, width: width)
    }

    /// A stroke of samples with their pressure and tilt (one each, in order), a colour and a width; `nil` when
    /// the counts differ. An empty `pen` makes a stroke without pressure.
    public init?<Points: Collection<StrokePoint>>(points: Points, pen: [StrokePen], color: Color, width: Double) {
        guard pen.isEmpty || pen.count == points.count else { return nil }
        self.init(points: points, color: color, width: width)
        storage.withUnsafeMutablePointerToHeader { $0.pointee.pen = pen }
    }

    /// The farthest a stroke's point may be from the document's origin on either axis, in points: the range every
    /// layer shares (``Geometry/CoordinateRange/largest``), what a document may hold, the view may show and the
    /// canvas paints; beyond it a stored stroke is damage.
    public static let largestCoordinate = CoordinateRange.largest
    /// The widest a stored stroke may be, in points.
    public static let largestWidth = 10_000.0

    /// Whether the stroke's points and width are within what a document may hold: finite, each coordinate within
    /// ±``largestCoordinate``, the width from 0 (exclusive) to ``largestWidth``.
    public var isWithinLimits: Bool {
        width.isFinite && width > 0 && width <= Self.largestWidth && points.allSatisfy { CoordinateRange.contains($0.location) }
    }

    /// Whether the stroke's width follows pressure.
    public var hasPressure: Bool { storage.withUnsafeMutablePointerToHeader { !$0.pointee.pen.isEmpty } }

    /// Whether the stroke's samples take a compact layout: coordinates as `Float`s and times, if any, as whole
    /// milliseconds in two bytes or as `Float` milliseconds.
    public var isCompact: Bool {
        storage.withUnsafeMutablePointerToHeader { !$0.pointee.wideCoordinates && $0.pointee.times != .wide }
    }

    /// The bytes the stroke's buffer holds for its samples' coordinates and times (its capacity's worth).
    public var sampleBytes: Int {
        storage.withUnsafeMutablePointerToHeader { header in
            let capacity = header.pointee.capacity
            let coordinates = capacity * (header.pointee.wideCoordinates ? 16 : 8)
            return coordinates + capacity * header.pointee.times.bytesPerSample
        }
    }

    /// Adds a sample at the end, with its pressure and tilt when it has them.
    ///
    /// A stroke takes pressure from its first sample that has it: samples before it get that sample's values, and
    /// later samples without any repeat the last one, so ``pen`` always matches ``points``.
    public mutating func append(_ point: StrokePoint, pen sample: StrokePen? = nil) {
        let (count, capacity, wasWide, oldTimes, oldBase) = storage.withUnsafeMutablePointerToHeader {
            ($0.pointee.count, $0.pointee.capacity, $0.pointee.wideCoordinates, $0.pointee.times, $0.pointee.timeBase)
        }
        let wide = wasWide || !StrokeSamples.fitsSingle(point.location)
        let (times, timeBase) = StrokeSamples.timeLayout(oldTimes, base: oldBase, adding: point.seconds)
        if count == capacity || wide != wasWide || times != oldTimes || !isKnownUniquelyReferenced(&storage) {
            let grown = count < capacity ? capacity : Swift.max(count + 1, capacity &* 2, 4)
            storage = storage.copy(capacity: grown, wideCoordinates: wide, times: times, timeBase: timeBase)
        }
        storage.withUnsafeMutablePointerToHeader { header in
            if let sample {
                if header.pointee.pen.isEmpty, count > 0 { header.pointee.pen = Array(repeating: sample, count: count) }
                header.pointee.pen.append(sample)
            } else if let last = header.pointee.pen.last {
                header.pointee.pen.append(last)
            }
            header.pointee.count = count + 1
        }
        storage.store(point, at: count)
    }

    /// Makes room for `capacity` samples in all, so that appending up to them does not grow the buffer.
    public mutating func reserveCapacity(_ capacity: Int) {
        let (current, wide, times, base) = storage.withUnsafeMutablePointerToHeader {
            ($0.pointee.capacity, $0.pointee.wideCoordinates, $0.pointee.times, $0.pointee.timeBase)
        }
        guard capacity > current || !isKnownUniquelyReferenced(&storage) else { return }
        storage = storage.copy(capacity: Swift.max(capacity, current), wideCoordinates: wide, times: times, timeBase: base)
    }

    /// The width, in points, at a sample: the brush's width times ``PressureCurve`` of its pressure, or the
    /// brush's width for a stroke without pressure.
    public func width(at index: Int) -> Double {
        storage.withUnsafeMutablePointerToHeader { header in
            header.pointee.pen.isEmpty ? header.pointee.width : header.pointee.width * header.pointee.pen[index].widthFraction
        }
    }

    /// Gives back the room the buffer grew into beyond its samples (a completed stroke grows no more).
    public mutating func trimCapacity() {
        let (count, capacity, wide, times, base) = storage.withUnsafeMutablePointerToHeader {
            ($0.pointee.count, $0.pointee.capacity, $0.pointee.wideCoordinates, $0.pointee.times, $0.pointee.timeBase)
        }
        if capacity > count { storage = storage.copy(capacity: count, wideCoordinates: wide, times: times, timeBase: base) }
        storage.withUnsafeMutablePointerToHeader { header in
            if header.pointee.pen.capacity > header.pointee.pen.count {
                header.pointee.pen = header.pointee.pen.withUnsafeBufferPointer { Array($0) }
            }
        }
    }

    /// The rectangle the painted stroke covers, antialiasing included; ``Rect/zero`` for a stroke with no point.
    public var bounds: Rect {
        DirtyRect.bounds(of: points.lazy.map(\.location), width: width) ?? .zero
    }

    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        let (capacity, wide, times, base) = storage.withUnsafeMutablePointerToHeader {
            ($0.pointee.capacity, $0.pointee.wideCoordinates, $0.pointee.times, $0.pointee.timeBase)
        }
        storage = storage.copy(capacity: capacity, wideCoordinates: wide, times: times, timeBase: base)
    }

    /// Equal when the colours, widths, brushes, pen values and samples are (each sample as ``StrokePoint``
    /// compares).
    public static func == (lhs: Stroke, rhs: Stroke) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.points.count == rhs.points.count && lhs.color == rhs.color && lhs.width == rhs.width
            && lhs.brush == rhs.brush && lhs.outlineCounts == rhs.outlineCounts && lhs.pen == rhs.pen
            && lhs.points.elementsEqual(rhs.points)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(points.count)
        for point in points { hasher.combine(point) }
        hasher.combine(pen)
        hasher.combine(color)
        hasher.combine(width)
        hasher.combine(brush)
        hasher.combine(outlineCounts)
    }
}
