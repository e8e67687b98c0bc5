import Geometry
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

/// The index keeps each stroke's bounds as `Float`s rounded outwards (issue #22, docs/performance.md): it never
/// misses a stroke whose `Double` bounds reach a rectangle, even by the last bit, and answers only strokes within a
/// `Float`'s step of it.
@Suite struct StrokeIndexBoundsTests {
    /// A coordinate from a random number: most fall between two `Float`s, some on one, some far from the origin.
    static func coordinate(_ number: Int) -> Double {
        let whole = Double(number % 4_000) - 2_000
        switch number >> 12 % 4 {
        case 0: return whole
        case 1: return whole + Double(number >> 14 % 1_000_003) / 1_000_003
        case 2: return (whole + 0.1) * 311.7
        default: return Double(Float(whole / 7))
        }
    }

    /// A rectangle touching `bounds` by one `Double` step on one side, or holding it, or just missing it.
    static func query(near bounds: Rect, _ number: Int) -> Rect {
        let height = Double(number % 50 + 1), width = Double(number >> 6 % 50 + 1)
        switch number >> 12 % 6 {
        case 0: return Rect(x: bounds.maxX.nextDown - width, y: bounds.minY, width: width, height: height)
        case 1: return Rect(x: bounds.minX.nextUp, y: bounds.minY, width: -width, height: height)
        case 2: return Rect(x: bounds.minX, y: bounds.maxY.nextDown - height, width: width, height: height)
        case 3: return Rect(x: bounds.minX, y: bounds.minY.nextUp - height, width: width, height: height)
        case 4: return Rect(x: bounds.maxX, y: bounds.minY, width: width, height: height)  // just misses
        default: return bounds.insetBy(dx: -1, dy: -1)
        }
    }

    /// How far a `Float` kept for `value` may be from it: one `Float` step there.
    static func floatStep(_ value: Double) -> Double { Double(Float(value).ulp) * 2 }

    @Test func theIndexNeverMissesAStrokeWhoseBoundsReachARectangle() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max).array(of: 1...40)) { numbers in
            var index = StrokeIndex()
            var strokes: [Stroke] = []
            for number in numbers {
                if number % 13 == 0 {
                    let count = strokes.count / 2
                    index.truncate(to: count)
                    strokes.removeLast(strokes.count - count)
                    continue
                }
                let start = Point(x: Self.coordinate(number & 0xFFFFF), y: Self.coordinate(number >> 20 & 0xFFFFF))
                let reach = number % 17 == 0 ? 400_000.0 : Self.coordinate(number >> 40 & 0xFFFF) / 10
                let width = Double(number >> 56 % 16) + Double(number % 3) / 3 + 0.5
                let stroke = Stroke(points: [StrokePoint(start), StrokePoint(Point(x: start.x + reach, y: start.y - reach / 3))],
                                    color: .white, width: width)
                index.append(stroke)
                strokes.append(stroke)
            }
            for (target, number) in zip(strokes.indices, numbers.reversed()) {
                let query = Self.query(near: strokes[target].bounds, number)
                let exact = strokes.indices.filter { strokes[$0].bounds.intersection(query) != nil }
                let found = index.strokes(reaching: query)
                #expect(Set(exact).isSubset(of: found), "\(numbers)")
                #expect(found == found.sorted())
                // Every stroke answered reaches the rectangle grown by a Float's step.
                let slack = Self.floatStep(Swift.max(abs(query.minX), abs(query.maxX), abs(query.minY), abs(query.maxY))
                                           + 400_000)
                let grown = query.insetBy(dx: -slack, dy: -slack)
                #expect(found.allSatisfy { strokes[$0].bounds.intersection(grown) != nil })
            }
        }
    }

    @Test func aBoundsEdgeIsRoundedOutwardsToTheNextFloat() {
        let value = 1.0 + 1.0 / 3
        #expect(Double(StrokeIndex.Bounds.down(value)) < value && Double(StrokeIndex.Bounds.up(value)) > value)
        #expect(StrokeIndex.Bounds.down(value).nextUp == StrokeIndex.Bounds.up(value))
        #expect(StrokeIndex.Bounds.down(1e300) == .greatestFiniteMagnitude && StrokeIndex.Bounds.up(1e300) == .infinity)
        #expect(StrokeIndex.Bounds.down(2.5) == 2.5 && StrokeIndex.Bounds.up(2.5) == 2.5)
    }
}
