import FingerPaintCore
import PaintModel
import SeatInput
import Testing
import TouchUI

/// Procreate's taps: two fingers tapped undo, three redo, in paint and navigate mode; the ink a finger of the tap
/// already made is withdrawn without a trace, and the redo history survives (docs/gestures.md, "Taps that undo").
@Suite struct TapCommandTests {
    /// Three strokes across the canvas at heights 40, 80 and 120.
    static func painterWithThreeStrokes() -> Painter {
        let painter = Painter()
        for (index, y) in [40.0, 80, 120].enumerated() {
            painter.drag([(Int32(index + 1), point(40, y), point(360, y))])
        }
        return painter
    }

    /// A quick tap of fingers at `points`: down together, lifted one frame apart (fingers never lift at once).
    static func tap(_ painter: Painter, fingers points: [Point], firstID: Int32 = 20) {
        let ids = points.indices.map { firstID + Int32($0) }
        painter.send(contentsOf: zip(ids, points).map { .touchDown(id: $0, location: $1) } + [.touchFrame])
        painter.send(contentsOf: [.touchMotion(id: ids[0], location: Point(x: points[0].x + 2, y: points[0].y)), .touchFrame])
        for id in ids { painter.send(.touchUp(id: id), .touchFrame) }
    }

    @Test func aTwoFingerTapUndoesTheLastStrokeAndLeavesNoInkWhereTheFingersWere() throws {
        let painter = Self.painterWithThreeStrokes()
        Self.tap(painter, fingers: [point(150, 200), point(220, 200)])
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(painter.app.drawing.canRedo)
        #expect(!painter.isPainted(150, 200) && !painter.isPainted(220, 200))
        #expect(!painter.isPainted(200, 120) && painter.isPainted(200, 80))
    }

    @Test func theFirstFingersInkShowsAtOnceAndIsWithdrawnWhenTheTapIsRecognized() throws {
        let painter = Self.painterWithThreeStrokes()
        painter.send(.touchDown(id: 20, location: point(150, 200)), .touchFrame)
        // No delay is added to painting: the finger's dot is on screen before anyone knows it is a tap.
        #expect(painter.isPainted(150, 200))
        painter.send(.touchDown(id: 21, location: point(220, 200)), .touchFrame)
        painter.send(.touchUp(id: 20), .touchFrame)
        // Lifted, but held back while the tap may still be recognized: still ink, not yet a stroke.
        #expect(painter.isPainted(150, 200) && painter.app.drawing.strokes.count == 3)
        painter.send(.touchUp(id: 21), .touchFrame)
        #expect(!painter.isPainted(150, 200) && !painter.isPainted(220, 200))
        #expect(painter.app.drawing.strokes.count == 2)
    }

    @Test func twoUndoTapsThenAThreeFingerTapBringBackExactlyOneStroke() throws {
        let painter = Self.painterWithThreeStrokes()
        let strokes = painter.app.drawing.strokes
        Self.tap(painter, fingers: [point(150, 200), point(220, 200)])
        Self.tap(painter, fingers: [point(150, 200), point(220, 200)], firstID: 30)
        #expect(painter.app.drawing.strokes == Array(strokes.prefix(1)))
        Self.tap(painter, fingers: [point(120, 200), point(180, 200), point(240, 200)], firstID: 40)
        // The redo history survived the taps' own touches: the last undone stroke comes back, and one more remains.
        #expect(painter.app.drawing.strokes == Array(strokes.prefix(2)))
        #expect(painter.app.drawing.canRedo)
        #expect(!painter.isPainted(120, 200) && !painter.isPainted(180, 200) && !painter.isPainted(240, 200))
    }

    @Test func twoFingersThatMovePaintTwoStrokes() throws {
        let painter = Self.painterWithThreeStrokes()
        painter.drag([(20, point(100, 180), point(300, 180)), (21, point(100, 220), point(300, 220))])
        #expect(painter.app.drawing.strokes.count == 5)
        #expect(painter.isPainted(200, 180) && painter.isPainted(200, 220))
    }

    @Test func twoFingersHeldStillLongerThanATapPaintTwoDots() throws {
        let painter = Self.painterWithThreeStrokes()
        painter.send(.touchDown(id: 20, location: point(150, 200)), .touchDown(id: 21, location: point(220, 200)), .touchFrame)
        for _ in 0..<40 { painter.send(.tick) }
        painter.send(.touchUp(id: 20), .touchFrame)
        painter.send(.touchUp(id: 21), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 5)
        #expect(painter.isPainted(150, 200) && painter.isPainted(220, 200))
    }

    @Test func inNavigateModeTheTapsUndoAndRedoAndTheViewStaysPut() throws {
        let painter = Self.painterWithThreeStrokes()
        painter.app.perform(.toggleNavigation)
        let view = painter.app.view
        Self.tap(painter, fingers: [point(150, 200), point(220, 200)])
        #expect(painter.app.drawing.strokes.count == 2)
        Self.tap(painter, fingers: [point(120, 200), point(180, 200), point(240, 200)], firstID: 30)
        #expect(painter.app.drawing.strokes.count == 3)
        #expect(painter.app.view == view)
    }

    /// The arena's lines about the two- and three-finger taps while fingers pinch or drag in navigate mode.
    static func tapFailures(in painter: Painter, _ gesture: (Painter) -> Void) -> [String] {
        painter.app.perform(.toggleNavigation)
        var decisions: [String] = []
        painter.app.window.onArenaDecision = { decisions.append($0.description) }
        gesture(painter)
        return decisions.filter { $0.hasPrefix("arena: TapGestureRecognizer") && $0.contains("failed") }
    }

    /// Procreate's sample wires its taps to wait for the gestures that move the picture: a tap is only what none of
    /// them is. When one of them recognizes, the arena's log (TOUCHUI_DEBUG=arena) says the tap failed because it
    /// required that one to fail.
    @Test func inNavigateModeAPinchFailsTheTapsAsRequiredToFail() throws {
        let painter = Self.painterWithThreeStrokes()
        let failures = Self.tapFailures(in: painter) { painter in
            painter.drag([(40, point(150, 200), point(100, 200)), (41, point(250, 200), point(300, 200))])
        }
        // The two-finger tap (the three-finger one never had enough fingers: it fails by its own rule).
        #expect(failures.contains { $0.contains("failed: it requires") && $0.contains("to fail, which recognized") }, "\(failures)")
        #expect(!failures.contains { $0.contains("may not recognize simultaneously") }, "\(failures)")
        #expect(painter.app.drawing.strokes.count == 3)
    }

    @Test func inNavigateModeAThreeFingerDragFailsTheRedoTapAsRequiredToFail() throws {
        let painter = Self.painterWithThreeStrokes()
        let failures = Self.tapFailures(in: painter) { painter in
            painter.drag([(50, point(100, 200), point(100, 260)), (51, point(160, 200), point(160, 260)),
                          (52, point(220, 200), point(220, 260))])
        }
        #expect(failures.filter { $0.contains("failed: it requires") && $0.contains("to fail, which recognized") }.count >= 1,
                "\(failures)")
        #expect(!failures.contains { $0.contains("may not recognize simultaneously") }, "\(failures)")
        #expect(painter.app.drawing.strokes.count == 3)
    }
}
