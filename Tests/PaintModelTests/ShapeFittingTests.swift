import Foundation
import Geometry
import PaintModel
import PropertyBased
import Testing

/// Fitting a held stroke's points to the shape it looks like (docs/shapes.md): hand-drawn lines, ellipses, circles,
/// rectangles, squares and triangles are found, turned ones too; scribbles, dots and bad values are none.
@Suite struct ShapeFittingTests {
    /// A hand's wobble: a smooth, deterministic offset of up to `amount` points across the stroke.
    static func wobble(_ points: [Point], amount: Double) -> [Point] {
        points.enumerated().map { index, point in
            let t = Double(index)
            return Point(x: point.x + amount * sin(t * 0.37), y: point.y + amount * cos(t * 0.23))
        }
    }

    /// Points around an ellipse (`turns` times round, from angle 0), `count` of them, turned by `angle`.
    static func ellipse(center: Point, radii: (Double, Double), angle: Double = 0, count: Int = 80,
                        turns: Double = 1.05) -> [Point] {
        (0..<count).map { step in
            let t = 2 * Double.pi * turns * Double(step) / Double(count - 1)
            let (u, v) = (radii.0 * cos(t), radii.1 * sin(t))
            return Point(x: center.x + u * cos(angle) - v * sin(angle), y: center.y + u * sin(angle) + v * cos(angle))
        }
    }

    /// Points along a closed polygon through `corners`, about 4 pt apart, back to the first corner.
    static func polygon(_ corners: [Point]) -> [Point] {
        var points: [Point] = []
        for (start, end) in zip(corners, corners.dropFirst() + [corners[0]]) {
            let count = max(2, Int(start.distance(to: end) / 4))
            points += (0..<count).map { step in
                let t = Double(step) / Double(count)
                return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            }
        }
        return points + [corners[0]]
    }

    static func turned(_ points: [Point], by angle: Double, about center: Point) -> [Point] {
        points.map { point in
            let (dx, dy) = (point.x - center.x, point.y - center.y)
            return Point(x: center.x + dx * cos(angle) - dy * sin(angle), y: center.y + dx * sin(angle) + dy * cos(angle))
        }
    }

    @Test func aWobblyStraightStrokeIsALineBetweenItsEnds() throws {
        let points = Self.wobble((0...40).map { Point(x: 100 + Double($0) * 5, y: 100 + Double($0) * 2) }, amount: 2)
        let shape = try #require(Shape.fitting(points))
        #expect(shape == .line(from: points[0], to: points[40]))
        #expect(shape.kind == .line)
    }

    @Test func anArcIsNoLine() {
        // A quarter circle of radius 100: its middle is 29 pt off the chord.
        let arc = (0...30).map { step in
            let t = Double.pi / 2 * Double(step) / 30
            return Point(x: 100 + 100 * cos(t), y: 100 + 100 * sin(t))
        }
        #expect(Shape.fitting(arc) == nil)
    }

    @Test func aHandDrawnCircleIsACircleAboutItsCentre() throws {
        let points = Self.wobble(Self.ellipse(center: Point(x: 200, y: 150), radii: (80, 76)), amount: 2)
        guard case let .ellipse(center, radii, _) = try #require(Shape.fitting(points)) else {
            Issue.record("not an ellipse: \(String(describing: Shape.fitting(points)))")
            return
        }
        #expect(center.distance(to: Point(x: 200, y: 150)) < 4)
        #expect(radii.width == radii.height && abs(radii.width - 78) < 4)
        #expect(Shape.fitting(points)?.kind == .circle)
    }

    @Test func aTurnedEllipseKeepsItsAngleAndAnUprightOneIsPutSquare() throws {
        let turned = Self.wobble(Self.ellipse(center: Point(x: 200, y: 150), radii: (120, 50), angle: 0.5), amount: 1.5)
        guard case let .ellipse(_, radii, angle) = try #require(Shape.fitting(turned)) else {
            Issue.record("not an ellipse")
            return
        }
        #expect(abs(radii.width - 120) < 5 && abs(radii.height - 50) < 5)
        #expect(abs(angle - 0.5) < 0.05)
        // 4° off upright: square to the view.
        let nearlyUpright = Self.ellipse(center: Point(x: 200, y: 150), radii: (120, 50), angle: 4 * .pi / 180)
        guard case let .ellipse(_, _, uprightAngle) = try #require(Shape.fitting(nearlyUpright)) else {
            Issue.record("not an ellipse")
            return
        }
        #expect(abs(uprightAngle) < 1e-9)
        // On a view turned a quarter, "square to the view" is a quarter turn in the drawing.
        let onTurnedView = try #require(Shape.fitting(nearlyUpright, axisAngle: .pi / 2))
        guard case let .ellipse(_, _, turnedAngle) = onTurnedView else { Issue.record("not an ellipse"); return }
        #expect(abs(abs(turnedAngle) - .pi / 2) < 1e-9 || abs(turnedAngle) < 1e-9)
    }

    @Test func aHandDrawnRectangleIsARectangleAndANearlyEqualOneASquare() throws {
        let corners = [Point(x: 50, y: 50), Point(x: 290, y: 50), Point(x: 290, y: 170), Point(x: 50, y: 170)]
        let shape = try #require(Shape.fitting(Self.wobble(Self.polygon(corners), amount: 1.5)))
        guard case let .rectangle(center, size, angle) = shape else { Issue.record("not a rectangle: \(shape)"); return }
        #expect(center.distance(to: Point(x: 170, y: 110)) < 3)
        #expect(abs(size.width - 240) < 5 && abs(size.height - 120) < 5 && angle == 0)
        let square = [Point(x: 50, y: 50), Point(x: 150, y: 50), Point(x: 150, y: 145), Point(x: 50, y: 145)]
        #expect(Shape.fitting(Self.polygon(square))?.kind == .square)
    }

    @Test func aTurnedRectangleKeepsItsTurn() throws {
        let corners = [Point(x: 50, y: 50), Point(x: 290, y: 50), Point(x: 290, y: 170), Point(x: 50, y: 170)]
        let points = Self.turned(Self.polygon(corners), by: 30 * .pi / 180, about: Point(x: 170, y: 110))
        guard case let .rectangle(_, size, angle) = try #require(Shape.fitting(points)) else {
            Issue.record("not a rectangle")
            return
        }
        // The same rectangle a third of a quarter turned: 30°, or 120° with its sides swapped.
        let degrees = angle * 180 / .pi
        #expect(abs(degrees - 30) < 1.5 && abs(size.width - 240) < 6 || abs(degrees - 120) < 1.5 && abs(size.height - 240) < 6,
                "\(degrees)° \(size)")
    }

    @Test func aHandDrawnTriangleIsATriangleThroughItsCorners() throws {
        let corners = [Point(x: 200, y: 40), Point(x: 320, y: 220), Point(x: 80, y: 220)]
        let shape = try #require(Shape.fitting(Self.wobble(Self.polygon(corners), amount: 1.5)))
        guard case let .triangle(a, b, c) = shape else { Issue.record("not a triangle: \(shape)"); return }
        for corner in corners {
            #expect([a, b, c].contains { $0.distance(to: corner) < 5 }, "\(corner) not among \([a, b, c])")
        }
    }

    @Test func scribblesDotsAndBadValuesAreNoShape() {
        let scribble = (0..<60).map { Point(x: 100 + 60 * sin(Double($0) * 1.7), y: 100 + 60 * cos(Double($0) * 0.9)) }
        #expect(Shape.fitting(scribble) == nil)
        // A zigzag that ends where it began: closed, but no ellipse, rectangle or triangle.
        let star = (0...10).map { step in
            let t = 2 * Double.pi * Double(step) / 10, radius = step % 2 == 0 ? 100.0 : 40
            return Point(x: 200 + radius * cos(t), y: 200 + radius * sin(t))
        }
        #expect(Shape.fitting(star) == nil)
        #expect(Shape.fitting([Point(x: 10, y: 10), Point(x: 14, y: 12)]) == nil)
        #expect(Shape.fitting([]) == nil)
        #expect(Shape.fitting([Point(x: 10, y: 10), Point(x: .nan, y: 12), Point(x: 100, y: 100)]) == nil)
        #expect(Shape.fitting(Self.ellipse(center: Point(x: 0, y: 0), radii: (50, 50)), axisAngle: .infinity) == nil)
    }

    @Test func aShapedStrokeKeepsTheColourAndTakesTheMeanWidthOfItsPressure() throws {
        var stroke = Stroke(color: Color(red: 0.2, green: 0.4, blue: 0.6), width: 10)
        for (index, point) in (0...20).map({ Point(x: Double($0) * 10, y: 50) }).enumerated() {
            stroke.append(StrokePoint(point), pen: StrokePen(pressure: index < 10 ? 0.25 : 0.75))
        }
        let shaped = stroke.shaped(as: .line(from: Point(x: 0, y: 50), to: Point(x: 200, y: 50)))
        let meanWidth = (0..<stroke.points.count).reduce(0) { $0 + stroke.width(at: $1) } / Double(stroke.points.count)
        #expect(shaped.color == stroke.color && !shaped.hasPressure && abs(shaped.width - meanWidth) < 1e-9)
        #expect(shaped.points.map(\.location) == [Point(x: 0, y: 50), Point(x: 200, y: 50)])
    }

    /// A brush stroke shaped keeps its brush and width, presses at its mean pressure and tilt all along, and has its
    /// points two points apart: the brush draws the shape as a hand drawing it steadily would.
    @Test func aShapedBrushStrokeKeepsItsBrushAndPressesAtItsMeanPressure() throws {
        var stroke = Stroke(color: Color(red: 0.2, green: 0.4, blue: 0.6), width: 10)
        stroke.brush = StrokeBrush(name: "classic/pencil", settings: "{}", seed: 7)
        for (index, point) in (0...20).map({ Point(x: Double($0) * 10, y: 50) }).enumerated() {
            let up = index < 10
            stroke.append(StrokePoint(point), pen: StrokePen(pressure: up ? 0.25 : 0.75, altitude: up ? 0.5 : 1.0,
                                                             azimuth: up ? 0.25 : -0.25))
        }
        let shaped = stroke.shaped(as: .line(from: Point(x: 0, y: 50), to: Point(x: 200, y: 50)))
        #expect(shaped.brush != nil && shaped.brush == stroke.brush && shaped.width == 10 && shaped.color == stroke.color)
        let pressure = stroke.pen.reduce(0) { $0 + Double($1.pressure) } / Double(stroke.pen.count)
        let altitude = stroke.pen.reduce(0) { $0 + Double($1.altitude) } / Double(stroke.pen.count)
        let pen = try #require(shaped.pen.first)
        #expect(shaped.pen.count == shaped.points.count && shaped.pen.allSatisfy { $0 == pen })
        #expect(abs(Double(pen.pressure) - pressure) < 1e-6 && abs(Double(pen.altitude) - altitude) < 1e-6)
        #expect(abs(pen.azimuth + 0.25 / 21) < 0.01, "\(pen.azimuth): the barrels' mean direction")
        let locations = shaped.points.map(\.location)
        #expect(locations.first == Point(x: 0, y: 50) && locations.last == Point(x: 200, y: 50) && locations.count == 101)
        #expect(zip(locations, locations.dropFirst()).allSatisfy { abs($0.distance(to: $1) - 2) < 1e-9 })
        // Colours a smudge picked up along the freehand stroke are not the shape's.
        stroke.brush = stroke.brush?.picking([SIMD4(1, 0, 0, 1)])
        #expect(stroke.shaped(as: .line(from: .zero, to: Point(x: 10, y: 0))).brush?.pickedColors.isEmpty == true)
    }

    @Test func aCircleHeldByTheRangesEdgeKeepsToItAndADocumentReadsItBack() throws {
        // A circle drawn by the edge, its right side pressed flat along it (the canvas keeps samples within the
        // range): the circle it looks like goes beyond.
        let edge = CoordinateRange.largest
        let drawn = Self.ellipse(center: Point(x: edge - 90, y: 0), radii: (100, 100)).map { Point(x: min($0.x, edge), y: $0.y) }
        let shape = try #require(Shape.fitting(drawn, axisAngle: 0))
        #expect(shape.outline(spacing: Shape.outlineSpacing).contains { $0.x > edge }, "\(shape)")
        let shaped = Stroke(points: drawn.map { StrokePoint($0) }, color: .black, width: 8).shaped(as: shape)
        #expect(shaped.points.contains { $0.location.x == edge } && shaped.isWithinLimits)
        let read = try DrawingDocument.read(DrawingDocument.header() + DrawingDocument.record(.add(shaped)))
        #expect(!read.isDamaged && read.drawing.strokes == [shaped])
    }

    @Test func anOutlineIsClosedAndItsPointsAreCloseTogether() {
        let shapes: [Shape] = [
            .ellipse(center: Point(x: 100, y: 100), radii: Size(width: 80, height: 30), angle: 0.3),
            .rectangle(center: Point(x: 100, y: 100), size: Size(width: 100, height: 60), angle: 0.2),
            .triangle(Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 50, y: 80)),
        ]
        for shape in shapes {
            let outline = shape.outline(spacing: Shape.outlineSpacing)
            #expect(outline.first == outline.last, "\(shape.kind)")
            let gaps = zip(outline, outline.dropFirst()).map { $0.distance(to: $1) }
            #expect(gaps.max() ?? 0 <= Shape.outlineSpacing + 1e-9, "\(shape.kind)")
        }
    }

    @Test func anyPointsNeverTrapAndGiveAShapeOfFiniteBoundedPoints() async {
        let coordinate = Gen<Double>.oneOf(Gen.double(in: -1000...1000), Gen.double(in: -1e300...1e300),
                                           Gen.always(Double.nan), Gen.always(Double.infinity), Gen.always(0))
        let points = zip(coordinate, coordinate).map { Point(x: $0, y: $1) }.array(of: 0...50)
        await propertyCheck(count: 300, input: points, coordinate) { points, axis in
            guard let shape = Shape.fitting(points, axisAngle: axis) else { return }
            let outline = shape.outline(spacing: Shape.outlineSpacing)
            #expect(outline.count >= 2 && outline.count <= 4100)
            #expect(outline.allSatisfy { $0.isFinite }, "\(shape)")
        }
    }
}
