import Geometry
import Glibc
import PaintModel
import PropertyBased
import Testing

/// A lasso selects the strokes whose points lie mostly inside its loop, and nothing for a loop around no area.
@Suite struct LassoTests {
    static func line(from start: Point, to end: Point, points count: Int = 11) -> Stroke {
        Stroke(points: (0..<count).map { index in
            let t = Double(index) / Double(count - 1)
            return StrokePoint(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }, color: .black, width: 4)
    }

    /// A loop around (0, 0)–(100, 100), drawn by hand: 40 points on a wobbly circle.
    static let loop = Lasso(points: (0..<40).map { index in
        let angle = Double(index) / 40 * 2 * .pi, wobble = 1 + 0.03 * sin(5 * angle)
        return Point(x: 50 + 55 * wobble * cos(angle), y: 50 + 55 * wobble * sin(angle))
    })

    @Test func aLoopAroundOneOfTwoStrokesSelectsThatOne() {
        let inside = Self.line(from: Point(x: 20, y: 50), to: Point(x: 80, y: 50))
        let outside = Self.line(from: Point(x: 200, y: 50), to: Point(x: 300, y: 50))
        #expect(Self.loop.selection(of: [outside, inside]) == [1])
        #expect(Self.loop.selection(of: [inside, outside, inside]) == [0, 2])
    }

    @Test func aStrokeMostlyInsideIsSelectedAndOneMostlyOutsideIsNot() {
        // From the centre to the right: 7 of 11 points inside the loop (its edge near x 105), then 4 of 11.
        let mostlyIn = Self.line(from: Point(x: 40, y: 50), to: Point(x: 140, y: 50))
        let mostlyOut = Self.line(from: Point(x: 70, y: 50), to: Point(x: 170, y: 50))
        #expect(Self.loop.selection(of: [mostlyIn, mostlyOut]) == [0])
        let dot = Stroke(points: [StrokePoint(Point(x: 50, y: 50))], color: .black, width: 6)
        #expect(Self.loop.selection(of: [dot]) == [0])
    }

    @Test func aLoopAroundNoAreaSelectsNothing() {
        let stroke = Self.line(from: Point(x: 20, y: 50), to: Point(x: 80, y: 50))
        let loops = [
            Lasso(points: []), Lasso(points: [Point(x: 50, y: 50)]),
            Lasso(points: [Point(x: 0, y: 0), Point(x: 100, y: 100)]),
            Lasso(points: [Point(x: 0, y: 50), Point(x: 50, y: 50), Point(x: 100, y: 50)]),
            Lasso(points: [Point(x: .nan, y: 0), Point(x: .infinity, y: 5), Point(x: 1, y: .nan)]),
        ]
        for loop in loops {
            #expect(!loop.enclosesArea && loop.selection(of: [stroke]).isEmpty, "\(loop.points)")
        }
        // Points that are not finite are left out of a loop that has others.
        let mixed = Lasso(points: Self.loop.points + [Point(x: .nan, y: .nan)])
        #expect(mixed.points == Self.loop.points && mixed.selection(of: [stroke]) == [0])
    }

    /// A figure eight: inside each lobe, not where the loop crosses itself twice (even-odd).
    @Test func aLoopThatCrossesItselfLeavesOutWhatItWindsAroundTwice() {
        let twice = Lasso(points: Self.loop.points + Self.loop.points.map { Point(x: $0.x + 40, y: $0.y) })
        #expect(twice.contains(Point(x: 10, y: 50)) && twice.contains(Point(x: 130, y: 50)))
        #expect(!twice.contains(Point(x: 70, y: 50)))
    }

    /// Any stroke within a square's loop is selected, any stroke wholly beyond it is not.
    @Test func strokesWithinTheLoopAreSelectedAndThoseBeyondItAreNot() async {
        let square = Lasso(points: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
        let coordinates = Gen.double(in: 1...99)
        await propertyCheck(count: 300, input: coordinates, coordinates, coordinates, coordinates) { x0, y0, x1, y1 in
            let within = Self.line(from: Point(x: x0, y: y0), to: Point(x: x1, y: y1))
            let beyond = Self.line(from: Point(x: x0 + 150, y: y0), to: Point(x: x1 + 150, y: y1 - 200))
            #expect(square.selection(of: [within, beyond]) == [0])
        }
    }
}
