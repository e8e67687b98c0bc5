import Foundation
import Testing
import PaintModel
import Geometry
import PropertyBased

/// A pen stroke whose pressure rises from 0.1 to 1 and whose pen leans more and more, with times.
let penStroke: Stroke = {
    var stroke = Stroke(color: Brush.palette[6], width: 16)
    for step in 0..<20 {
        let t = Double(step) / 19
        stroke.append(StrokePoint(Point(x: 10 + 10 * Double(step), y: 50 + 3 * sin(Double(step))),
                                  time: Timestamp(milliseconds: 8 * Double(step))),
                      pen: StrokePen(pressure: 0.1 + 0.9 * t, altitude: .pi / 2 - t, azimuth: 2 * t))
    }
    return stroke
}()

/// A drawing whose history has pressure strokes, a stroke without, an erase, and an undone erase to redo.
func penDrawing() -> Drawing {
    var drawing = Drawing()
    drawing.add(penStroke)
    drawing.add(sampleStrokes[0])
    drawing.add(sampleStrokes[2])
    drawing.erase([0, 2])
    drawing.add(penStroke)
    drawing.erase([1])
    drawing.undo()
    return drawing
}

@Suite struct PenStrokeTests {
    @Test func pressureAndTiltSurviveEncodingIdentical() throws {
        let drawing = penDrawing()
        let contents = try DrawingDocument.read(DrawingDocument.encode(drawing))
        #expect(contents.version == DrawingDocument.version && !contents.isDamaged)
        #expect(contents.drawing == drawing)
        #expect(contents.drawing.strokes.last?.pen == penStroke.pen)
        var redone = contents.drawing
        redone.redo()
        #expect(redone.strokes == [sampleStrokes[0]])
    }

    @Test func eraseRemovesTheStrokesAtItsPositionsAndUndoPutsThemBack() throws {
        var drawing = Drawing(strokes: [])
        for stroke in sampleStrokes + [penStroke] { drawing.add(stroke) }
        #expect(drawing.erase([1, 3]) == .removed([1, 3]))
        #expect(drawing.strokes == [sampleStrokes[0], sampleStrokes[2]])
        #expect(drawing.undo() == .inserted([1, 3]))
        #expect(drawing.strokes == sampleStrokes + [penStroke])
        #expect(drawing.redo() == .removed([1, 3]))
        #expect(drawing.strokes == [sampleStrokes[0], sampleStrokes[2]])
        // Positions out of order, repeated or past the end are no edit.
        #expect(drawing.erase([1, 0]) == nil && drawing.erase([0, 0]) == nil && drawing.erase([2]) == nil)
        #expect(drawing.erase([]) == nil)
    }

    @Test func aVersionTwoDocumentOpensAsItWasWritten() throws {
        let drawing = sampleDrawing()
        let contents = try DrawingDocument.read(try #require(DrawingDocument.encodeVersion2(drawing)))
        #expect(contents.version == 2 && !contents.isDamaged)
        #expect(contents.drawing == drawing)
    }

    @Test func aVersionTwoDocumentRefusesWhatOnlyVersionThreeHas() throws {
        // An erase record or pressure in a version-2 file is damage, not something to guess at.
        let bytes = try #require(DrawingDocument.encodeVersion2(Drawing())) + DrawingDocument.record(.add(penStroke))
            + DrawingDocument.record(.erase([0]))
        let contents = try DrawingDocument.read(bytes)
        #expect(contents.drawing.strokes.isEmpty && contents.isDamaged)
    }

    @Test func aReplacedStrokeAndItsUndoSurviveEncodingAndUndoBringsTheOldStrokeBack() throws {
        var drawing = Drawing()
        for stroke in sampleStrokes { drawing.add(stroke) }
        #expect(drawing.replace(at: 1, with: penStroke) == .restroked([1]))
        #expect(drawing.strokes == [sampleStrokes[0], penStroke, sampleStrokes[2]])
        #expect(drawing.replace(at: 3, with: penStroke) == nil && drawing.replace(at: -1, with: penStroke) == nil)
        let contents = try DrawingDocument.read(DrawingDocument.encode(drawing))
        #expect(contents.drawing == drawing && !contents.isDamaged)
        var undone = contents.drawing
        #expect(undone.undo() == .restroked([1]))
        #expect(undone.strokes == sampleStrokes)
        #expect(undone.redo() == .restroked([1]) && undone.strokes == drawing.strokes)
    }

    @Test func aReplaceRecordInAVersionThreeDocumentIsDamage() throws {
        var version3 = DrawingDocument.header(version: 3) + DrawingDocument.record(.add(sampleStrokes[0]))
        version3 += DrawingDocument.record(.replace(at: 0, with: sampleStrokes[1]))
        let contents = try DrawingDocument.read(version3)
        #expect(contents.version == 3 && contents.damagedRuns == 1)
        #expect(contents.drawing.strokes == [sampleStrokes[0]])
        // A replace of a position past the drawing's strokes changes nothing, as an erase of one does.
        let past = DrawingDocument.header() + DrawingDocument.record(.add(sampleStrokes[0]))
            + DrawingDocument.record(.replace(at: 5, with: sampleStrokes[1]))
        #expect(try DrawingDocument.read(past).drawing.strokes == [sampleStrokes[0]])
    }

    @Test func versionTwoCannotHoldPressureOrErasing() {
        #expect(DrawingDocument.encodeVersion2(penDrawing()) == nil)
        #expect(DrawingDocument.encodeVersion2(Drawing(strokes: [penStroke])) == nil)
    }

    @Test func aStrokeWithoutPressureCostsWhatItDid() {
        #expect(MemoryLayout<StrokePoint>.stride == 24)
        #expect(MemoryLayout<StrokePen>.stride == 12)
        // Its record is the same size as in version 2: no byte for pressure.
        #expect(DrawingDocument.recordSize(of: .add(sampleStrokes[2])) == 12 + 48 + 100 * 16)
        #expect(DrawingDocument.recordSize(of: .add(penStroke)) == 12 + 48 + 20 * (16 + 8 + 12))
    }

    @Test func pressureComesFromTheFirstSampleThatHasItAndLaterSamplesRepeatTheLast() throws {
        var stroke = Stroke(color: .black, width: 10)
        stroke.append(StrokePoint(Point(x: 0, y: 0)))
        stroke.append(StrokePoint(Point(x: 1, y: 0)), pen: StrokePen(pressure: 0.5))
        stroke.append(StrokePoint(Point(x: 2, y: 0)))
        #expect(stroke.pen.map(\.pressure) == [0.5, 0.5, 0.5])
        #expect(Stroke(points: stroke.points, pen: [StrokePen(pressure: 1)], color: .black, width: 1) == nil)
    }

    @Test func thePressureCurveIsSmoothAndRisesFromATenthToTheWholeWidth() {
        #expect(PressureCurve.widthFraction(forPressure: 0) == 0.1)
        #expect(PressureCurve.widthFraction(forPressure: 1) == 1)
        var previous = 0.0
        for step in 0...100 {
            let fraction = PressureCurve.widthFraction(forPressure: Double(step) / 100)
            #expect(fraction > previous && fraction <= 1)
            previous = fraction
        }
        #expect(PressureCurve.widthFraction(forPressure: .nan) == 0.1 && PressureCurve.widthFraction(forPressure: 7) == 1)
    }

    @Test func theTaperedPathFollowsTheSmoothPathAndItsWidthChangesInSmallSteps() throws {
        let tapered = TaperedPath(penStroke)
        let smooth = StrokeSmoother.path(through: penStroke.points.map(\.location))
        #expect(tapered.pieces.map(\.end.center) == smooth.map(\.end))
        let nodes = tapered.allNodes
        for (a, b) in zip(nodes, nodes.dropFirst()) {
            #expect(a.center.distance(to: b.center) <= TaperedPath.flatteningStep + 1e-9)
            #expect(abs(a.radius - b.radius) <= TaperedPath.radiusStep + 1e-9, "a step in width")
        }
        let first = try #require(nodes.first), last = try #require(nodes.last)
        #expect(abs(first.radius - 8 * PressureCurve.widthFraction(forPressure: 0.1)) < 1e-6)
        #expect(abs(last.radius - 8) < 1e-5)
    }

    @Test func anEraserPathTouchesAStrokeWithinItsOutlineOnly() {
        // The pen stroke is 1.6 points wide at its thin start and 16 at its end, along y ≈ 50.
        // A disc reaching 5 points down to 54 or 53 touches the wide end (its edge near 55.8) and misses the thin start (its edge near 51).
        #expect(penStroke.isTouched(byPath: [Point(x: 190, y: 59)], radius: 5))
        #expect(!penStroke.isTouched(byPath: [Point(x: 10, y: 58)], radius: 5))
        #expect(penStroke.isTouched(byPath: [Point(x: 100, y: 0), Point(x: 100, y: 100)], radius: 1))
        #expect(!penStroke.isTouched(byPath: [Point(x: 0, y: 100), Point(x: 300, y: 100)], radius: 1))
    }

    // MARK: - Properties

    /// Random drawings with pressure: numbers pick strokes, erases, undos and redos.
    static let edits = Gen.int(in: 0...Int.max).array(of: 0...30)

    static func drawing(from numbers: [Int]) -> Drawing {
        var drawing = Drawing()
        for number in numbers {
            switch number % 6 {
            case 0, 1, 2:
                var stroke = Stroke(color: Brush.palette[number % 9], width: Double(1 + number % 40))
                for step in 0..<(1 + (number >> 4) % 12) {
                    let pen = number % 3 == 0 ? nil
                        : StrokePen(pressure: Double((number >> step) % 101) / 100, altitude: Double(step) / 10,
                                    azimuth: Double(number >> 20 % 628) / 100)
                    stroke.append(StrokePoint(Point(x: Double((number >> step) % 500), y: Double(step * 7))), pen: pen)
                }
                drawing.add(stroke)
            case 3:
                let count = drawing.strokes.count
                guard count > 0 else { continue }
                drawing.erase(Array(Set([number % count, (number >> 8) % count])).sorted())
            case 4: drawing.undo()
            default: drawing.redo()
            }
        }
        return drawing
    }

    @Test func encodingAndDecodingDrawingsWithPressureGivesThemBackIdentical() async {
        await propertyCheck(count: 150, input: Self.edits) { numbers in
            let drawing = Self.drawing(from: numbers)
            let contents = try? DrawingDocument.read(DrawingDocument.encode(drawing))
            #expect(contents?.drawing == drawing && contents?.isDamaged == false, "\(numbers)")
        }
    }

    @Test func corruptBytesNeverCrashAndNeverMakeImpossibleStrokes() async {
        let damage = zip(Self.edits, Gen.int(in: 0...Int.max).array(of: 1...8))
        await propertyCheck(count: 300, input: damage) { numbers, flips in
            var bytes = DrawingDocument.encode(Self.drawing(from: numbers))
            for flip in flips {
                let offset = flip % bytes.count
                bytes[offset] ^= UInt8(truncatingIfNeeded: 1 + (flip >> 12) % 255)
            }
            if flips[0] % 5 == 0 { bytes.removeLast(flips[0] % min(bytes.count, 64)) }
            guard let contents = try? DrawingDocument.read(bytes) else { return }
            for stroke in contents.drawing.strokes {
                #expect(stroke.pen.isEmpty || stroke.pen.count == stroke.points.count)
                #expect(stroke.pen.allSatisfy { (0...1).contains($0.pressure) && $0.altitude.isFinite && $0.azimuth.isFinite })
                #expect(stroke.width.isFinite && stroke.width > 0)
            }
        }
    }
}
