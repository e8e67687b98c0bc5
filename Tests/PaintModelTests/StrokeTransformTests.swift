import Geometry
import PaintModel
import PropertyBased
import Testing

/// Strokes moved, scaled, turned and flipped as a selection is: where they go, how wide they are, one edit that undo
/// takes back, and a document that reads them back where they were left (docs/selection.md).
@Suite struct StrokeTransformTests {
    /// A pen stroke of five points, 3 pt apart, pressing harder as it goes, its pen leaning towards +x.
    static func penStroke(at x: Double = 10) throws -> Stroke {
        let points = (0..<5).map { StrokePoint(Point(x: x + 3 * Double($0), y: 20), time: Timestamp(milliseconds: 5 * Double($0))) }
        return try #require(Stroke(points: points, pen: (0..<5).map { StrokePen(pressure: 0.2 * Double($0), altitude: 1, azimuth: 0) },
                                   color: Color(red: 0.2, green: 0.4, blue: 0.6), width: 6))
    }

    @Test func aStrokeTurnedAndScaledGoesWhereTheTransformTakesItAndKeepsItsLook() throws {
        let stroke = try Self.penStroke()
        let center = Point(x: 16, y: 20)
        let transform = AffineTransform(scale: 2, rotation: .pi / 2, about: center)
        let moved = try #require(stroke.transformed(by: transform))
        // Turned a quarter clockwise about its middle and twice as long: from (16, 8) down to (16, 32).
        let expected = (0..<5).map { Point(x: 16, y: 8 + 6 * Double($0)) }
        #expect(zip(moved.points.map(\.location), expected).allSatisfy { $0.distance(to: $1) <= Stroke.movedRounding })
        #expect(moved.width == 12, "twice as wide")
        #expect(moved.points.map(\.time) == stroke.points.map(\.time) && moved.color == stroke.color)
        #expect(moved.pen.map(\.pressure) == stroke.pen.map(\.pressure))
        // The pen leaned towards +x; turned with the stroke it leans towards +y.
        #expect(moved.pen.allSatisfy { abs(Double($0.azimuth) - .pi / 2) < 1e-6 && $0.altitude == 1 })
        #expect(moved.brush == nil)
    }

    @Test func aBrushStrokeMovedKeepsWhereItsDabsWerePlaced() throws {
        var stroke = try Self.penStroke()
        stroke.brush = StrokeBrush(name: "classic/pencil", settings: "{}", seed: 9)
        let shift = AffineTransform(translationBy: Vector(dx: 30, dy: -4))
        let flip = AffineTransform(flippingHorizontally: true, about: Point(x: 50, y: 0))
        let moved = try #require(stroke.transformed(by: shift)?.transformed(by: flip))
        #expect(moved.brush?.placement == shift.concatenating(flip) && moved.brush?.seed == 9)
        #expect(moved.brush?.placement?.isMirroring == true)
        // Moved back, its dabs are placed where they were: none.
        let inverse = try #require(shift.concatenating(flip).inverted())
        let back = try #require(moved.transformed(by: inverse))
        #expect(back.brush?.placement == nil || back.brush?.placement.map { $0.isNearly(.identity) } == true)
    }

    @Test func aTransformThatKeepsNoShapeOrLeavesTheRangeMovesNothing() throws {
        let stroke = try Self.penStroke()
        let squash = AffineTransform(a: 1, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
        let skew = AffineTransform(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0)
        let zero = AffineTransform(scale: 0, about: .zero)
        let huge = AffineTransform(scale: 1e9, about: .zero)
        let far = AffineTransform(translationBy: Vector(dx: CoordinateRange.largest, dy: 0))
        let nan = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        for transform in [squash, skew, zero, huge, far, nan] {
            #expect(stroke.transformed(by: transform) == nil, "\(transform)")
        }
        var drawing = Drawing(strokes: [stroke])
        for transform in [squash, zero, huge, far, nan, .identity] {
            #expect(drawing.transform([0], by: transform) == nil, "\(transform)")
        }
        #expect(drawing.strokes == [stroke] && !drawing.canUndo)
    }

    /// Moving is one edit of the strokes chosen, in their places among the others; undo puts them all back in one
    /// step, redo moves them again; the change says which strokes to draw again, in the drawing's order.
    @Test func movingStrokesIsOneEditThatUndoTakesBack() throws {
        let strokes = try (0..<4).map { try Self.penStroke(at: 10 + 20 * Double($0)) }
        var drawing = Drawing(strokes: [try Self.penStroke(at: 300)])
        drawing.addLayer(at: 1, LayerAttributes(name: "Top"))
        _ = drawing.selectLayer(at: 1)
        for stroke in strokes { drawing.add(stroke) }
        let shift = AffineTransform(translationBy: Vector(dx: 5, dy: 7))
        let before = drawing
        // Positions of the layer's strokes; the change's of the strokes shown (one stroke below).
        #expect(drawing.transform([1, 3], by: shift) == .restroked([2, 4]))
        #expect(drawing.currentLayer.strokes[0] == strokes[0] && drawing.currentLayer.strokes[2] == strokes[2])
        #expect(drawing.currentLayer.strokes[1].points.first?.location == Point(x: 35, y: 27))
        #expect(drawing.currentLayer.strokes[3].points.first?.location == Point(x: 75, y: 27))
        let moved = drawing
        #expect(drawing.undo() == .restroked([2, 4]) && drawing.layers == before.layers)
        #expect(drawing.redo() == .restroked([2, 4]) && drawing.layers == moved.layers)
        // Refused: positions out of order or beyond the layer, none, a locked layer.
        for indices in [[3, 1], [1, 1], [4], [], [-1]] {
            #expect(drawing.transform(indices, by: shift) == nil, "\(indices)")
        }
        _ = drawing.setLayer(at: 1, LayerAttributes(name: "Top", isLocked: true))
        #expect(drawing.transform([0], by: shift) == nil)
        #expect(drawing.compactEdits.contains(.transform([1, 3], by: shift)))
    }

    /// The document keeps the move as the edit it was (positions and transform), and a brush stroke's placement:
    /// read back, the drawing is the one the window had.
    @Test func aDocumentReadsMovedStrokesBackWhereTheyWereLeft() throws {
        var brushStroke = try Self.penStroke(at: 40)
        brushStroke.brush = StrokeBrush(name: "classic/pencil", settings: "{\"settings\": {}}", seed: 2)
        var drawing = Drawing(strokes: [])
        drawing.add(try Self.penStroke())
        drawing.add(brushStroke)
        let turn = AffineTransform(scale: 1.5, rotation: 0.3, about: Point(x: 20, y: 20))
        #expect(drawing.transform([0, 1], by: turn) != nil)
        let placed = try #require(drawing.strokes[1].brush?.placement)
        #expect(placed == turn)
        let read = try DrawingDocument.read(DrawingDocument.encode(drawing))
        #expect(read.drawing == drawing && !read.isDamaged)
        // As a journal of the edits as they happened, too.
        var journal = DrawingDocument.header()
        var numbers = DrawingDocument.BrushNumbers()
        for edit in [DrawingEdit.add(try Self.penStroke()), .add(brushStroke), .transform([0, 1], by: turn), .undo, .redo] {
            journal += DrawingDocument.record(edit, brushes: &numbers)
        }
        let replayed = try DrawingDocument.read(journal)
        #expect(replayed.drawing == drawing && !replayed.isDamaged)
    }

    /// An older document cannot hold a move: a transform record, or a brush's placement, in a version-7 document is
    /// damage (that record alone is lost); so is a transform that keeps no shape, and a placement out of range.
    @Test func aMoveAVersion7DocumentCannotHoldIsDamage() throws {
        let shift = AffineTransform(translationBy: Vector(dx: 5, dy: 0))
        let pen = try Self.penStroke()
        let add = DrawingDocument.record(.add(pen))
        let move = DrawingDocument.record(.transform([0], by: shift))
        let old = try DrawingDocument.read(DrawingDocument.header(version: 7) + add + move + add)
        #expect(old.isDamaged && old.drawing.strokes == [pen, pen])
        let skew = DrawingDocument.record(.transform([0], by: AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)))
        let skewed = try DrawingDocument.read(DrawingDocument.header() + add + skew)
        #expect(skewed.isDamaged && skewed.drawing.strokes == [pen])
        let current = try DrawingDocument.read(DrawingDocument.header() + add + move)
        #expect(!current.isDamaged && current.drawing.strokes.first?.points.first?.location == Point(x: 15, y: 20))
        // A brush stroke whose dabs were placed: a version-7 reader finds a flag it does not know; a placement that
        // scales beyond the limits is damage in any version.
        let brush = try #require(StrokeBrush(name: "classic/pen", settings: "{}"))
        for (placement, version) in [(shift, UInt16(7)), (AffineTransform(scale: 1e5, about: .zero), DrawingDocument.version)] {
            var placed = pen
            placed.brush = StrokeBrush(brush.preset, seed: 1, placement: placement)
            var bytes = DrawingDocument.encode(Drawing(strokes: [pen, placed]))
            bytes.replaceSubrange(0..<DrawingDocument.headerSize, with: DrawingDocument.header(version: version))
            let read = try DrawingDocument.read(bytes)
            #expect(read.isDamaged && read.drawing.strokes == [pen], "\(placement) in version \(version)")
        }
    }

    /// Any similarity made of turns, scales, flips and shifts moves a stroke's points where it takes them, and its
    /// inverse brings them back, within the rounding a moved stroke takes, twice; widths scale with it.
    @Test func anyMoveAndItsInverseBringTheStrokeBack() async {
        await propertyCheck(count: 200, input: Gen.double(in: -4...4), Gen.double(in: 0.25...4), Gen.double(in: -500...500),
                            Gen.double(in: -500...500), Gen.bool) { angle, scale, dx, dy, flips in
            guard let stroke = try? Self.penStroke() else { return }
            var transform = AffineTransform(scale: scale, rotation: angle, about: Point(x: dx, y: dy))
            if flips { transform = transform.concatenating(AffineTransform(flippingHorizontally: false, about: .zero)) }
            #expect(transform.isSimilarity && transform.isMirroring == flips)
            guard let moved = stroke.transformed(by: transform), let inverse = transform.inverted(),
                  let back = moved.transformed(by: inverse) else {
                Issue.record("\(transform) moved nothing")
                return
            }
            #expect(abs(moved.width - 6 * scale) < 1e-9 && abs(back.width - 6) < 1e-9)
            let drift = 2 * Stroke.movedRounding * (1 + scale) + 1e-9
            #expect(zip(back.points, stroke.points).allSatisfy { $0.location.distance(to: $1.location) <= drift },
                    "\(transform)")
            let center = Point(x: dx, y: dy)
            let turned = AffineTransform(scale: scale, rotation: angle, about: center)
            #expect(turned.apply(to: center).distance(to: center) < 1e-9, "the centre stays")
        }
    }
}

extension AffineTransform {
    /// Whether every coefficient is within a billionth of `other`'s.
    func isNearly(_ other: AffineTransform) -> Bool {
        zip([a, b, c, d, tx, ty], [other.a, other.b, other.c, other.d, other.tx, other.ty]).allSatisfy { abs($0 - $1) < 1e-9 }
    }
}
