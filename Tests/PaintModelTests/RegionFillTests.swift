import Geometry
import Glibc
@testable import PaintModel
import PropertyBased
import Testing

/// The fill tool's region: a tap inside a drawn circle finds the circle's inside and not the outside, a gap in its
/// line closed by the gap setting; a tap where nothing encloses it, or on the line, finds nothing.
@Suite struct RegionFillTests {
    /// A raster of `size` pixels a side with a ring of radius 40 about its middle, `lineWidth` pixels wide (soft at its
    /// edges), and, when `gap` is positive, an opening of that many pixels in it at the right.
    static func ring(size: Int = 120, lineWidth: Double = 4, gap: Double = 0, dot: Bool = false) throws -> FillBarrier {
        let middle = Double(size) / 2
        var coverage = [UInt8](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                let x = Double(column) + 0.5 - middle, y = Double(row) + 0.5 - middle
                let distance = abs((x * x + y * y).squareRoot() - 40)
                var amount = min(max(lineWidth / 2 + 0.5 - distance, 0), 1)
                // The opening: where the ring crosses the x axis at the right, `gap` pixels of it left out.
                if gap > 0, x > 0, abs(y) < gap / 2 { amount = 0 }
                // A dot of radius 6 at the middle: a hole in the region.
                if dot, (x * x + y * y).squareRoot() < 6 { amount = 1 }
                coverage[row * size + column] = UInt8((amount * 255).rounded())
            }
        }
        return try #require(FillBarrier(width: size, height: size, coverage: coverage))
    }

    /// Whether `point` is inside the outlines by the even-odd rule.
    static func inside(_ point: Point, _ outlines: [[Point]]) -> Bool {
        outlines.reduce(false) { $0 != Lasso(points: $1).contains(point) }
    }

    static func outlines(_ outcome: RegionFill.Outcome) throws -> [[Point]] {
        guard case let .region(outlines) = outcome else {
            Issue.record("no region: \(outcome)")
            return []
        }
        return outlines
    }

    @Test func aTapInsideACircleFindsItsInsideGrownUnderTheLine() throws {
        let outlines = try Self.outlines(RegionFill.region(in: try Self.ring(), x: 60, y: 60, gap: 0, under: 2))
        #expect(outlines.count == 1)
        // Inside the circle, and under the line's inner half; not beyond the line's middle.
        for angle in stride(from: 0.0, to: 2 * .pi, by: .pi / 7) {
            let at = { (radius: Double) in Point(x: 60 + radius * cos(angle), y: 60 + radius * sin(angle)) }
            #expect(Self.inside(at(0), outlines) && Self.inside(at(30), outlines) && Self.inside(at(38.5), outlines))
            #expect(!Self.inside(at(41), outlines) && !Self.inside(at(50), outlines), "\(angle)")
        }
        // Simplified: a circle of 250 pixels' edge in far fewer points, each within half a pixel of it.
        let loop = try #require(outlines.first)
        #expect(loop.count < 120, "\(loop.count) points")
    }

    @Test func aGapInTheLineNarrowerThanTwiceTheGapSettingIsClosed() throws {
        let ring = try Self.ring(gap: 5)
        // Without closing it, the inside runs out through the opening to the raster's edge.
        #expect(RegionFill.region(in: ring, x: 60, y: 60, gap: 0, under: 1) == .notEnclosed)
        let outlines = try Self.outlines(RegionFill.region(in: ring, x: 60, y: 60, gap: 3, under: 1))
        #expect(Self.inside(Point(x: 60, y: 60), outlines) && Self.inside(Point(x: 60, y: 25), outlines))
        // Only a little bulge at the opening: nothing of the outside beyond the gap's reach.
        #expect(!Self.inside(Point(x: 110, y: 60), outlines) && !Self.inside(Point(x: 60, y: 110), outlines))
        #expect(!Self.inside(Point(x: 60 + 40 + 6, y: 60), outlines))
    }

    @Test func aDotInsideIsAHoleInTheRegion() throws {
        let outlines = try Self.outlines(RegionFill.region(in: try Self.ring(dot: true), x: 80, y: 60, gap: 0, under: 1))
        #expect(outlines.count == 2)
        #expect(!Self.inside(Point(x: 60, y: 60), outlines) && Self.inside(Point(x: 80, y: 60), outlines))
    }

    @Test func nothingEnclosesTheEmptyCanvasOrATapOnTheLine() throws {
        let empty = try #require(FillBarrier(width: 50, height: 40, coverage: [UInt8](repeating: 0, count: 2000)))
        #expect(RegionFill.region(in: empty, x: 25, y: 20, gap: 4, under: 1) == .notEnclosed)
        let ring = try Self.ring()
        #expect(RegionFill.region(in: ring, x: 100, y: 60, gap: 0, under: 1) == .onPaint)
        // Outside the ring: the raster's edge is reached.
        #expect(RegionFill.region(in: ring, x: 5, y: 5, gap: 0, under: 1) == .notEnclosed)
        // Off the raster, and impossible settings: nothing, and no trap.
        #expect(RegionFill.region(in: ring, x: -1, y: 500, gap: .nan, under: .infinity) == .notEnclosed)
        #expect(FillBarrier(width: 3, height: Int.max, coverage: []) == nil)
    }

    /// Whatever paint the raster holds, a region found holds the tap, every outline is closed with at least three
    /// points inside the raster.
    @Test func anyPaintGivesARegionThatHoldsTheTap() async {
        let numbers = Gen.int(in: 0...Int.max).array(of: 2...10)
        await propertyCheck(count: 150, input: numbers) { numbers in
            let width = 24 + numbers[0] % 40, height = 24 + (numbers[0] >> 8) % 40
            var coverage = [UInt8](repeating: 0, count: width * height)
            // Boxes of paint, then a frame around the raster.
            for number in numbers.dropFirst() {
                let x = number % width, y = (number >> 8) % height, side = 1 + (number >> 16) % 6
                for row in y..<min(y + side, height) {
                    for column in x..<min(x + side, width) { coverage[row * width + column] = UInt8(truncatingIfNeeded: number >> 24) }
                }
            }
            for row in 0..<height {
                for column in 0..<width where row < 2 || column < 2 || row >= height - 2 || column >= width - 2 {
                    coverage[row * width + column] = 255
                }
            }
            guard let barrier = FillBarrier(width: width, height: height, coverage: coverage) else { return }
            let x = (numbers[0] >> 16) % width, y = (numbers[0] >> 24) % height
            let gap = Double(numbers[0] >> 32 & 3)
            switch RegionFill.region(in: barrier, x: x, y: y, gap: gap, under: 1) {
            case let .region(outlines):
                #expect(Self.inside(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), outlines), "\(x), \(y) in \(outlines)")
                #expect(outlines.allSatisfy { $0.count >= 3 && $0.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= Double(width) && $0.y <= Double(height) } })
            case .onPaint:
                #expect(gap > 0 || coverage[y * width + x] >= RegionFill.barrierCoverage)
            case .notEnclosed:
                Issue.record("the frame encloses every tap off it: \(x), \(y)")
            }
        }
    }
}
