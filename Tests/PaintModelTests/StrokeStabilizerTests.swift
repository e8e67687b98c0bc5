import Geometry
import Glibc
import PaintModel
import PropertyBased
import Testing

@Suite struct StrokeStabilizerTests {
    /// A shaky hand drawing a line along y = 100 from x = 0 to 400 in 1.5 s at 120 Hz: each sample off the line by
    /// up to 4 points, up and down as a tremor goes.
    static let shakyLine: [(point: Point, time: Timestamp)] = (0...180).map { index in
        let tremor = [3.1, -2.4, 3.8, -3.6, 1.9, -4.0, 2.7, -1.3][index % 8]
        return (Point(x: Double(index) * 400 / 180, y: 100 + tremor), .milliseconds(Double(index) * 1000 / 120))
    }

    /// How far from y = 100 the points are, as the root of their mean square.
    static func deviation(_ points: [Point]) -> Double {
        (points.map { ($0.y - 100) * ($0.y - 100) }.reduce(0, +) / Double(points.count)).squareRoot()
    }

    static func stabilized(_ samples: [(point: Point, time: Timestamp)], strength: Double) -> [Point] {
        var stabilizer = StrokeStabilizer(strength: strength)
        return samples.map { stabilizer.point(for: $0.point, at: $0.time) }
    }

    /// Half strength takes most of a tremor out of a line (its deviation falls below a third) and starts it under
    /// the finger; off, the line is the samples.
    @Test func aShakyLineIsSteadiedAndStartsUnderTheFinger() throws {
        let raw = Self.shakyLine.map(\.point)
        let steady = Self.stabilized(Self.shakyLine, strength: 0.5)
        #expect(Self.deviation(Array(steady.dropFirst(10))) < Self.deviation(raw) / 3)
        #expect(steady.first == raw.first)
        #expect(Self.stabilized(Self.shakyLine, strength: 0) == raw)
        #expect(StrokeStabilizer(strength: 0).isOff && !StrokeStabilizer(strength: 0.2).isOff)
    }

    /// The pull is by time: the same hand, waving as it moves along, sampled at 240 Hz and at 60 Hz draws lines
    /// within half a point of each other where both have a sample.
    @Test func theLineDoesNotDependOnTheSampleRate() {
        func samples(hertz: Double) -> [(point: Point, time: Timestamp)] {
            (0...Int(hertz)).map { index in
                let seconds = Double(index) / hertz
                return (Point(x: 300 * seconds, y: 100 + 40 * sin(2 * .pi * 2 * seconds)), Timestamp(seconds: seconds))
            }
        }
        let fast = Self.stabilized(samples(hertz: 240), strength: 0.6)
        let slow = Self.stabilized(samples(hertz: 60), strength: 0.6)
        for index in stride(from: 0, to: 61, by: 1) {
            let a = fast[index * 4], b = slow[index]
            #expect(abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5, "at \(index) / 60 s: \(a) against \(b)")
        }
    }

    /// Any samples, their places and times anywhere (not numbers, infinite, huge, going back), at any strength:
    /// nothing traps, and every point lies within the bounds of the finite samples so far.
    @Test func anySamplesGivePointsWithinTheSamplesBounds() async {
        let special: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max).array(of: 1...120)) { numbers in
            func value(_ number: Int) -> Double {
                number % 5 == 0 ? special[(number / 5) % special.count] : Double(number % 100_000) / 10 - 5_000
            }
            var stabilizer = StrokeStabilizer(strength: value(numbers[0]) / 1_000)
            var low = Point(x: Double.infinity, y: .infinity), high = Point(x: -Double.infinity, y: -.infinity)
            for number in numbers {
                let location = Point(x: value(number >> 3), y: value(number >> 23))
                let time = Timestamp(seconds: value(number >> 43) / 100)
                if location.x.isFinite, location.y.isFinite {
                    low = Point(x: min(low.x, location.x), y: min(low.y, location.y))
                    high = Point(x: max(high.x, location.x), y: max(high.y, location.y))
                }
                let point = stabilizer.point(for: location, at: time)
                guard low.x.isFinite else { continue }
                #expect(point.x >= low.x - 1e-6 * abs(low.x) && point.x <= high.x + 1e-6 * abs(high.x)
                        && point.y >= low.y - 1e-6 * abs(low.y) && point.y <= high.y + 1e-6 * abs(high.y),
                        "\(point) outside \(low)…\(high)")
            }
        }
    }
}
