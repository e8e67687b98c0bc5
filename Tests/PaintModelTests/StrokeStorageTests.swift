import Geometry
import PaintModel
import PropertyBased
import Testing

/// A stroke keeps its samples compactly (issue #22, docs/document-format.md "Strokes in memory") and gives every
/// value back bit for bit: ordinary coordinates and whole milliseconds in the compact layout, anything else (NaN
/// with a payload, infinities, values no `Float` holds, -0) in the wide one, never a trap.
@Suite struct StrokeStorageTests {
    /// Decodes one random number into a sample, bad values included.
    static func sample(from number: Int) -> StrokePoint {
        func coordinate(_ bits: Int) -> Double {
            switch bits % 16 {
            case 0: return .nan
            case 1: return Double(bitPattern: 0x7FF4_0000_0000_0001 | UInt64(bits >> 4))  // a NaN with a payload
            case 2: return bits % 32 < 16 ? .infinity : -.infinity
            case 3: return 1e300
            case 4: return -0.0
            case 5: return Double(bitPattern: UInt64(truncatingIfNeeded: bits) &* 0x9E37_79B9_7F4A_7C15)  // any bits
            case 6: return Double(bits >> 4) / 3  // needs a Double
            default: return Double(Float(Double(bits >> 4 & 0xFFFFF) / 256 - 2000))  // a Float's value
            }
        }
        let x = coordinate(number & 0xFFFF), y = coordinate(number >> 16 & 0xFFFF)
        let time: Timestamp?
        switch number >> 32 & 7 {
        case 0: time = nil
        case 1: time = Timestamp(seconds: Double(bitPattern: 0x7FF8_0000_0000_0002))  // NaN, not the usual one
        case 2: time = Timestamp(milliseconds: Double(number >> 35 & 0xFFFF) + 0.5)
        case 3: time = Timestamp(seconds: Double(number >> 35 & 0xFFFF) / 7)
        default: time = Timestamp(milliseconds: Double(number >> 35 & 0xFFFFF))  // whole milliseconds
        }
        return StrokePoint(Point(x: x, y: y), time: time)
    }

    static func bits(_ point: StrokePoint) -> [UInt64] {
        [point.location.x.bitPattern, point.location.y.bitPattern, point.timeBitPattern]
    }

    static let strokes = Gen.int(in: 0...Int.max).array(of: 0...60)

    @Test func everySampleComesBackBitForBitAppendedOrGivenAtOnce() async {
        await propertyCheck(count: 400, input: Self.strokes) { numbers in
            let points = numbers.map(Self.sample)
            var appended = Stroke(color: .black, width: 3)
            for (index, point) in points.enumerated() {
                appended.append(point, pen: index % 3 == 1 ? StrokePen(pressure: 0.5) : nil)
            }
            let given = Stroke(points: points, color: .black, width: 3)
            #expect(appended.points.map(Self.bits) == points.map(Self.bits))
            #expect(given.points.map(Self.bits) == points.map(Self.bits))
            var trimmed = appended
            trimmed.trimCapacity()
            #expect(trimmed.points.map(Self.bits) == points.map(Self.bits))
            #expect(trimmed.pen == appended.pen && appended.pen.count == (points.count > 1 ? points.count : 0))
            // Compact when every value fits (Floats' coordinates, times in whole milliseconds or none); wide when
            // a coordinate does not, or a time is a NaN other than the one an unknown time is.
            let coordinatesFit = points.allSatisfy { point in
                [point.location.x, point.location.y].allSatisfy { Double(Float($0)).bitPattern == $0.bitPattern }
            }
            let timesFit = points.allSatisfy { point in
                point.timeBitPattern == Double.nan.bitPattern
                    || point.time.map { ($0.seconds * 1000).rounded() / 1000 == $0.seconds } == true
            }
            let oddNaN = points.contains { $0.timeBitPattern != Double.nan.bitPattern && $0.time == nil }
            if coordinatesFit && timesFit { #expect(given.isCompact && appended.isCompact) }
            if !coordinatesFit || oddNaN { #expect(!given.isCompact && !appended.isCompact) }
            if !points.contains(where: { $0.location.x.isNaN || $0.location.y.isNaN }) {
                #expect(given == trimmed.withoutPen && given.hashValue == trimmed.withoutPen.hashValue)
            }
        }
    }

    @Test func aCopyIsLeftAsItWasWhenTheOriginalGrowsOrWidens() {
        var stroke = Stroke(points: [StrokePoint(Point(x: 1, y: 2), time: .milliseconds(5))], color: .black, width: 2)
        let copy = stroke
        stroke.append(StrokePoint(Point(x: 0.1, y: 2), time: .milliseconds(5.25)))
        stroke.color = .white
        #expect(copy.points.map(Self.bits) == [Self.bits(StrokePoint(Point(x: 1, y: 2), time: .milliseconds(5)))])
        #expect(copy.color == .black && copy.isCompact && !stroke.isCompact)
        #expect(stroke.points.last?.location.x == 0.1 && stroke.points.last?.time == .milliseconds(5.25))
    }

    @Test func aCompactStrokeTakesTenBytesASampleOrTwelveWhenItLastsAMinuteAndAHalf() {
        let stroke = Stroke(points: (0..<40).map { StrokePoint(Point(x: Double($0) / 4, y: 7), time: .milliseconds(Double(1_000_000 + 8 * $0))) },
                            color: .black, width: 2)
        #expect(stroke.isCompact && stroke.sampleBytes == 40 * 10)
        let long = Stroke(points: (0..<40).map { StrokePoint(Point(x: Double($0) / 4, y: 7), time: .milliseconds(Double(1_000_000 + 2_500 * $0))) },
                          color: .black, width: 2)
        #expect(long.isCompact && long.sampleBytes == 40 * 12)
        let untimed = Stroke(points: [StrokePoint(Point(x: 0.5, y: 7))], color: .black, width: 2)
        #expect(untimed.isCompact && untimed.sampleBytes == 8)
    }

    /// What a time after a stroke's first is made of, in ``twoByteLayoutTakesTimesThatFitAndNoOther``.
    enum TimeKind: CaseIterable {
        case fits, unknown, beyondTwoBytes, fraction, beforeTheFirst, infinite, oddNaN, huge
    }

    /// A time from a random number: the kind and a value, in milliseconds after the stroke's first when it has one.
    static func time(from number: Int, firstMilliseconds: Double) -> (TimeKind, Timestamp?) {
        let kind = TimeKind.allCases[number % TimeKind.allCases.count]
        let value = number / 8
        let edges = [0, 1, 16, 65_533, 65_534]
        let offset = Double(value % 3 == 0 ? edges[value / 3 % edges.count] : value % 65_535)
        switch kind {
        case .fits: return (kind, Timestamp(milliseconds: firstMilliseconds + offset))
        case .unknown: return (kind, nil)
        case .beyondTwoBytes: return (kind, Timestamp(milliseconds: firstMilliseconds + 65_535 + Double(value % 10_000_000)))
        case .fraction: return (kind, Timestamp(milliseconds: firstMilliseconds + offset + (value % 2 == 0 ? 0.5 : 0.25)))
        case .beforeTheFirst: return (kind, Timestamp(milliseconds: firstMilliseconds - 1 - Double(value % 100_000)))
        case .oddNaN: return (kind, Timestamp(seconds: Double(bitPattern: 0x7FF8_0000_0000_0000 | UInt64(value % 1000 + 1))))
        case .infinite: return (kind, Timestamp(seconds: value % 2 == 0 ? .infinity : -.infinity))
        case .huge: return (kind, Timestamp(seconds: value % 2 == 0 ? 1e300 : -1e300))
        }
    }

    /// A stroke's times take two bytes a sample exactly when each is a whole millisecond from 0 to 65 534 after its
    /// first (or unknown); else a `Float` of milliseconds when each comes back from one (infinities do), else a
    /// `Double`: every time given back bit for bit whichever, never a trap.
    @Test func twoByteLayoutTakesTimesThatFitAndNoOther() async {
        let input = Gen.int(in: 0...Int.max).array(of: 1...60)
        await propertyCheck(count: 600, input: input) { numbers in
            // The first known time in whole milliseconds: within 2^32 (a Wayland clock's) or up to 2^44 (557 years),
            // sometimes after unknown ones; a stroke that leaves the two-byte layout has its earlier times read back
            // from the Float one, checked bit for bit below.
            let firstMilliseconds = Double(numbers[0] % (numbers[0] >> 50 % 2 == 0 ? 1 << 32 : 1 << 44))
            let leadingUnknown = numbers[0] >> 40 % 3
            let made = numbers.dropFirst().map { Self.time(from: $0, firstMilliseconds: firstMilliseconds) }
            let times = Array(repeating: nil, count: leadingUnknown) + [Timestamp(milliseconds: firstMilliseconds)]
                + made.map(\.1)
            let points = times.enumerated().map { StrokePoint(Point(x: Double($0.offset) / 4, y: 7), time: $0.element) }
            let kinds = Set(made.map(\.0))
            let expectedTimeBytes = kinds.isSubset(of: [.fits, .unknown]) ? 2
                : kinds.isDisjoint(with: [.oddNaN, .huge]) ? 4 : 8
            var appended = Stroke(color: .black, width: 3)
            for point in points { appended.append(point) }
            appended.trimCapacity()
            let given = Stroke(points: points, color: .black, width: 3)
            for stroke in [given, appended] {
                #expect(stroke.points.map(Self.bits) == points.map(Self.bits))
                #expect(stroke.sampleBytes == points.count * (8 + expectedTimeBytes))
            }
            #expect(given == appended && given.hashValue == appended.hashValue)
        }
    }

    @Test func theInputsRoundingMovesAPointByLessThanTheTolerance() {
        let point = Point(x: 100.123456789, y: -3.000000001)
        let rounded = point.roundedToFloat(within: 1.0 / 512)
        #expect(Double(Float(rounded.x)) == rounded.x && Double(Float(rounded.y)) == rounded.y)
        #expect(abs(rounded.x - point.x) < 1.0 / 512 && abs(rounded.y - point.y) < 1.0 / 512)
        // Far from the origin a Float's step is coarser than the tolerance: the Double is kept.
        let far = Point(x: 900_000.03, y: .nan).roundedToFloat(within: 1.0 / 512)
        #expect(far.x == 900_000.03 && far.y.isNaN)
    }
}

extension Stroke {
    /// The same samples, colour and width, without pressure.
    fileprivate var withoutPen: Stroke { Stroke(points: points, color: color, width: width) }
}
