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

    @Test func aCompactStrokeTakesTwelveBytesASample() {
        let stroke = Stroke(points: (0..<40).map { StrokePoint(Point(x: Double($0) / 4, y: 7), time: .milliseconds(Double(1_000_000 + 8 * $0))) },
                            color: .black, width: 2)
        #expect(stroke.isCompact && stroke.sampleBytes == 40 * 12)
        let untimed = Stroke(points: [StrokePoint(Point(x: 0.5, y: 7))], color: .black, width: 2)
        #expect(untimed.isCompact && untimed.sampleBytes == 8)
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
