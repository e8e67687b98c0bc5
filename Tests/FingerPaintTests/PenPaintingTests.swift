import Foundation
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// How many pixels of a column are painted between two rows: a horizontal stroke's width there.
func paintedHeight(of image: ImageSurface, x: Int, rows: Range<Int> = 0..<paletteTop) -> Int {
    rows.filter { image.pixel(x: x, y: $0) != paper }.count
}

/// A pen's pressure rising evenly from 0.1 to 1 along a stroke.
func risingPressure(_ t: Double) -> PenAttributes { PenAttributes(force: 0.1 + 0.9 * t) }

/// A horizontal pen stroke along y = 100 from x = 40 to 360, its pressure rising, on a 32-point brush.
func risingPenStroke(_ painter: Painter, lift: Bool = true) {
    painter.app.perform(.selectWidth(4))
    painter.stroke(1, through: line(from: point(40, 100), to: point(360, 100), count: 33), kind: .pencil,
                   pen: risingPressure, lift: lift)
}

@Suite struct PenPaintingTests {
    @Test func aPenStrokeWhosePressureRisesIsThinAtItsStartAndWideAtItsEnd() throws {
        let painter = Painter()
        risingPenStroke(painter)
        let stroke = try #require(painter.app.drawing.strokes.first)
        #expect(stroke.hasPressure && stroke.pen.count == stroke.points.count)
        let canvas = painter.app.renderer.canvas
        try canvas.writePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("pen-rising.png").path)
        let start = paintedHeight(of: canvas, x: 45), end = paintedHeight(of: canvas, x: 350)
        #expect(end > 2 * start, "start \(start), end \(end)")
        // The width follows the curve: 32 × widthFraction(pressure) points, plus a pixel of antialiasing each side.
        for x in stride(from: 60, through: 340, by: 20) {
            let pressure = 0.1 + 0.9 * (Double(x) - 40) / 320
            let width = 32 * PressureCurve.widthFraction(forPressure: pressure)
            let height = Double(paintedHeight(of: canvas, x: x))
            #expect(height >= width - 0.5 && height <= width + 2.5, "at x = \(x): \(height) pixels for \(width) points")
        }
        // Never in visible steps: from column to column the width only grows, by a pixel at each edge at most.
        var previous = paintedHeight(of: canvas, x: 60)
        for x in 61...340 {
            let height = paintedHeight(of: canvas, x: x)
            #expect(height >= previous && height - previous <= 2, "at x = \(x): \(previous) then \(height)")
            previous = height
        }
    }

    @Test func aCurvingPenStrokeWhoseWidthSwellsAndFadesHasNoHoles() throws {
        let painter = Painter()
        painter.app.perform(.selectWidth(3))
        let spiral = (0...80).map { step -> Point in
            let angle = Double(step) / 8, radius = 10 + Double(step)
            return point(120 + radius * cos(angle), 120 + radius * 0.9 * sin(angle))
        }
        painter.stroke(1, through: spiral, kind: .pencil, pen: { t in PenAttributes(force: 0.5 + 0.5 * sin(t * 12)) })
        let stroke = try #require(painter.app.drawing.strokes.first)
        // Every pixel whose centre lies a pixel or more inside one of the outline's discs is ink, fully.
        let canvas = painter.app.renderer.canvas
        let ink = 0x1A1A1A as UInt32
        var checked = 0
        for node in TaperedPath(stroke).allNodes where node.radius > 1.5 {
            let reach = Int(node.radius)
            for dy in -reach...reach {
                for dx in -reach...reach {
                    let x = Int(node.center.x) + dx, y = Int(node.center.y) + dy
                    let centre = point(Double(x) + 0.5, Double(y) + 0.5)
                    guard centre.distance(to: node.center) <= node.radius - 1 else { continue }
                    checked += 1
                    #expect(canvas.pixel(x: x, y: y) == ink, "a hole at (\(x), \(y))")
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test func aPenStrokeInProgressLooksAsItWillWhenLifted() throws {
        let painter = Painter()
        painter.app.canvasView.predictsTouches = false
        risingPenStroke(painter, lift: false)
        let snapshot = FileManager.default.temporaryDirectory.appendingPathComponent("pen-live-\(UUID().uuidString).png").path
        defer { unlink(snapshot) }
        try painter.app.renderer.frame.writePNG(to: snapshot)
        let live = try ImageSurface(contentsOfPNG: snapshot)
        #expect(paintedHeight(of: live, x: 350) > 2 * paintedHeight(of: live, x: 45))
        painter.input(TouchInput(contact: 1, .ended()))
        #expect(painter.app.drawing.strokes.count == 1)
        // The same outline: drawn piece by piece as the samples came, it differs from the whole stroke drawn at once
        // only in the antialiasing of its edge (the discs left out where hulls cover them agree within 0.05 point).
        #expect(largestDifference(live, painter.app.renderer.canvas) <= 8)
        #expect(largestDifference(painter.app.renderer.frame, painter.app.renderer.canvas) == 0)
    }

    @Test func everyCoalescedSampleOfAPenKeepsItsOwnPressure() throws {
        let painter = Painter()
        painter.input(TouchInput(contact: 1, .began(point(50, 50), kind: .pencil, pen: PenAttributes(force: 0.2))))
        // Two samples of the pen in one group: each is its own sample of the stroke, with its own pressure.
        painter.input(TouchInput(contact: 1, .moved(point(60, 50), pen: PenAttributes(force: 0.4))),
                      TouchInput(contact: 1, .moved(point(70, 50), pen: PenAttributes(force: 0.8))))
        painter.input(TouchInput(contact: 1, .ended()))
        let stroke = try #require(painter.app.drawing.strokes.first)
        #expect(stroke.pen.map(\.pressure) == [0.2, 0.4, 0.8])
    }

    @Test func aPalmPaintsNothingAndCancelsTheStrokeItBegan() throws {
        let painter = Painter()
        // A contact that starts small, as a hand landing does, then spreads past the palm radius.
        let landing = line(from: point(100, 100), to: point(130, 110), count: 4)
        painter.input(TouchInput(contact: 1, .began(landing[0], majorRadius: 6)))
        painter.input(TouchInput(contact: 1, .moved(landing[1], majorRadius: 12)))
        #expect(painter.app.canvasView.liveStrokes.count == 1 && painter.isPainted(100, 100))
        painter.input(TouchInput(contact: 1, .moved(landing[2], majorRadius: ContactRules.palmRadius + 6)))
        #expect(painter.app.canvasView.liveStrokes.isEmpty)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        // Shrinking again, it stays a palm until it lifts.
        painter.input(TouchInput(contact: 1, .moved(landing[3], majorRadius: 8)))
        painter.input(TouchInput(contact: 1, .ended()))
        #expect(painter.app.drawing.strokes.isEmpty && !painter.app.drawing.canUndo)
        #expect(Painter.paintedPixels(of: painter.app.renderer.canvas) == 0)
        // A palm from its first frame paints nothing at all; a finger afterwards paints.
        painter.stroke(2, through: line(from: point(50, 200), to: point(300, 200), count: 6), majorRadius: 40)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        painter.stroke(3, through: line(from: point(50, 150), to: point(300, 150), count: 6), majorRadius: 8)
        #expect(painter.app.drawing.strokes.count == 1 && painter.isPainted(200, 150))
    }

    @Test func fingersPaintNothingWhileAPenIsNear() throws {
        let painter = Painter()
        painter.stroke(1, through: line(from: point(50, 60), to: point(300, 60), count: 6), lift: false)
        #expect(painter.isPainted(200, 60))
        painter.app.window.setPen(7, isNear: true)
        // The finger down when the pen came near is taken for the hand holding it: its stroke is cancelled.
        painter.input(TouchInput(contact: 1, .moved(point(310, 60))))
        #expect(painter.app.canvasView.liveStrokes.isEmpty && !painter.isPainted(200, 60))
        painter.stroke(2, through: line(from: point(50, 120), to: point(300, 120), count: 6))
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        // The pen itself paints.
        painter.stroke(3, through: line(from: point(50, 180), to: point(300, 180), count: 6), kind: .pencil,
                       pen: { _ in PenAttributes(force: 0.5) })
        #expect(painter.isPainted(200, 180))
        painter.app.window.setPen(7, isNear: false)
        painter.stroke(4, through: line(from: point(50, 120), to: point(300, 120), count: 6))
        #expect(painter.app.drawing.strokes.count == 2 && painter.isPainted(200, 120))
    }

    @Test func withTheSettingOffFingersPaintNearAPen() {
        let painter = Painter()
        painter.app.canvasView.rules.ignoresFingersNearPen = false
        painter.app.window.setPen(7, isNear: true)
        painter.stroke(1, through: line(from: point(50, 120), to: point(300, 120), count: 6))
        #expect(painter.app.drawing.strokes.count == 1 && painter.isPainted(200, 120))
    }

    @Test func aFingersWidthFollowsItsContactSizeUnlessTurnedOff() throws {
        let painter = Painter()
        painter.app.perform(.selectWidth(4))
        painter.stroke(1, through: line(from: point(40, 60), to: point(360, 60), count: 9), majorRadius: 4)
        painter.stroke(2, through: line(from: point(40, 160), to: point(360, 160), count: 9), majorRadius: 20)
        painter.app.canvasView.rules.widthFollowsContactSize = false
        painter.stroke(3, through: line(from: point(40, 220), to: point(360, 220), count: 9), majorRadius: 4)
        let canvas = painter.app.renderer.canvas
        let light = paintedHeight(of: canvas, x: 200, rows: 30..<90)
        let flat = paintedHeight(of: canvas, x: 200, rows: 130..<190)
        let fixed = paintedHeight(of: canvas, x: 200, rows: 195..<244)
        #expect((2...5).contains(light), "light \(light)")
        #expect((31...34).contains(flat) && (31...34).contains(fixed), "flat \(flat), fixed \(fixed)")
        // A source without contact size paints at the brush's width.
        #expect(painter.app.drawing.strokes.map(\.hasPressure) == [true, true, false])
    }

    @Test func thePensEraserEndErasesTheStrokesItCrossesAndUndoBringsThemBack() throws {
        let painter = Painter()
        for (contact, y) in [(1, 60.0), (2, 120.0), (3, 180.0)] {
            painter.stroke(contact, through: line(from: point(40, y), to: point(360, y), count: 6))
        }
        let before = painter.app.renderer.canvas
        // Down across the first two lines, stopping short of the third.
        painter.stroke(4, through: line(from: point(200, 30), to: point(200, 140), count: 8), kind: .eraser,
                       pen: { _ in PenAttributes(force: 0.5) })
        #expect(painter.app.drawing.strokes.map(\.points.first?.location.y) == [180])
        #expect(!painter.isPainted(100, 60) && !painter.isPainted(100, 120) && painter.isPainted(100, 180))
        painter.key("ctrl+z")
        #expect(painter.app.drawing.strokes.count == 3)
        #expect(largestDifference(painter.app.renderer.canvas, before) == 0)
        painter.key("ctrl+shift+z")
        #expect(painter.app.drawing.strokes.count == 1 && !painter.isPainted(100, 60))
    }

    @Test func thePalettesEraserMakesFingersEraseWholeStrokes() throws {
        let painter = Painter()
        painter.stroke(1, through: line(from: point(40, 60), to: point(360, 60), count: 6))
        painter.stroke(2, through: line(from: point(40, 160), to: point(360, 160), count: 6))
        painter.tap(9, at: painter.paletteCenter(of: .toggleEraser))
        #expect(painter.app.canvasView.tool == .eraser)
        // A quick touch on the second line erases it whole, far from where it was touched.
        painter.tap(3, at: point(320, 162))
        #expect(painter.app.drawing.strokes.count == 1 && !painter.isPainted(60, 160) && painter.isPainted(60, 60))
        // Touching nothing is no edit.
        painter.tap(4, at: point(200, 110))
        #expect(painter.app.drawing.strokes.count == 1)
        painter.key("ctrl+z")
        #expect(painter.app.drawing.strokes.count == 2 && painter.isPainted(60, 160))
        painter.key("e")
        painter.stroke(5, through: [point(200, 110), point(210, 110)])
        #expect(painter.app.drawing.strokes.count == 3)
    }

    @Test func afterAnEraseElsewhereUndoingAStrokeRedrawsItsTileRight() throws {
        // A tile keeps a copy of itself a few strokes back (its base, refreshed every 32 strokes drawn onto it) and
        // counts the strokes under it from the bottom; an erase below them shifts that count.
        let painter = Painter(size: Size(width: 600, height: 300))
        painter.stroke(1, through: [point(450, 100), point(500, 120)])  // in another tile
        for index in 0..<36 {
            let y = 20 + Double(index) * 5
            painter.stroke(2, through: [point(20, y), point(200, y + 3)])
        }
        painter.stroke(3, through: [point(440, 90), point(510, 130)], kind: .eraser, pen: { _ in PenAttributes(force: 1) })
        #expect(painter.app.drawing.strokes.count == 36)
        painter.stroke(4, through: [point(30, 30), point(220, 200)])
        painter.key("ctrl+z")
        let fresh = CanvasRenderer(logicalSize: Size(width: 600, height: 300), strokes: painter.app.drawing.strokes)
        fresh.renderFrame(liveStrokes: [:])
        #expect(largestDifference(painter.app.renderer.frame, fresh.frame, rows: 240) == 0)
    }
}


/// The trace lines of a pen (docs/trace-format.md) played headless, as `fingerpaint --replay TRACE --output` does.
@Suite struct PenTraceTests {
    /// A pen stroke along y = 100 from x = 80 (right of the strip) to 400 whose pressure rises from 0.1 to 1, then an
    /// eraser crossing it.
    static func penTrace(erasing: Bool) -> String {
        var lines = ["{\"t\": 0, \"canvas\": [400, 300]}",
                     "{\"t\": 0, \"tablet\": \"proximity_in\", \"tool\": \"pen\", \"x\": 80, \"y\": 100}",
                     "{\"t\": 0, \"tablet\": \"frame\"}", "{\"t\": 5, \"tablet\": \"down\"}"]
        for step in 0...32 {
            let t = 5 + step * 8, x = 80 + step * 10, pressure = 0.1 + 0.9 * Double(step) / 32
            lines += ["{\"t\": \(t), \"tablet\": \"motion\", \"x\": \(x), \"y\": 100, \"pressure\": \(pressure)}",
                      "{\"t\": \(t), \"tablet\": \"frame\"}"]
        }
        lines += ["{\"t\": 300, \"tablet\": \"up\"}", "{\"t\": 300, \"tablet\": \"frame\"}",
                  "{\"t\": 310, \"tablet\": \"proximity_out\"}", "{\"t\": 310, \"tablet\": \"frame\"}"]
        if erasing {
            lines += ["{\"t\": 400, \"tablet\": \"proximity_in\", \"tool\": \"eraser\", \"x\": 200, \"y\": 60}",
                      "{\"t\": 400, \"tablet\": \"frame\"}", "{\"t\": 405, \"tablet\": \"down\"}",
                      "{\"t\": 405, \"tablet\": \"motion\", \"x\": 200, \"y\": 60, \"pressure\": 0.5}", "{\"t\": 405, \"tablet\": \"frame\"}",
                      "{\"t\": 420, \"tablet\": \"motion\", \"x\": 200, \"y\": 140}", "{\"t\": 420, \"tablet\": \"frame\"}",
                      "{\"t\": 430, \"tablet\": \"up\"}", "{\"t\": 430, \"tablet\": \"frame\"}",
                      "{\"t\": 440, \"tablet\": \"proximity_out\"}", "{\"t\": 440, \"tablet\": \"frame\"}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aPenTraceWhosePressureRisesPaintsAStrokeThinAtItsStartAndWideAtItsEnd() throws {
        let (app, _) = Replay(trace: try Trace(parsing: Self.penTrace(erasing: false))).run()
        let stroke = try #require(app.drawing.strokes.first)
        #expect(app.drawing.strokes.count == 1 && stroke.hasPressure)
        let canvas = app.renderer.canvas
        // The default brush is 8 points: about 2.2 at a tenth of the pressure, 8 at full pressure.
        let start = paintedHeight(of: canvas, x: 85), end = paintedHeight(of: canvas, x: 390)
        #expect((8...10).contains(end) && (2...5).contains(start), "start \(start), end \(end)")
        #expect(abs(Double(stroke.pen.first?.pressure ?? 0) - 0.1) < 1e-6 && stroke.pen.last?.pressure == 1)
    }

    @Test func aPensEraserEndInATraceErasesTheStrokeItCrosses() throws {
        let (app, _) = Replay(trace: try Trace(parsing: Self.penTrace(erasing: true))).run()
        #expect(app.drawing.strokes.isEmpty && app.drawing.canUndo)
        #expect(Painter.paintedPixels(of: app.renderer.canvas) == 0)
    }
}
