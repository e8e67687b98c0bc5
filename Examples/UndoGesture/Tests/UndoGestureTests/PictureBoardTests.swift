import SeatInput
import Testing
import TouchUI
import TouchUITesting
import UndoGestureBoard

/// The example app's board, fed realistic seat-event streams as a Wayland seat delivers them.
@Suite struct PictureBoardTests {
    /// A board filling an 800x600 window, and a script that feeds it.
    final class Stage {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let board: PictureBoard
        let script: TouchScript
        init() {
            board = PictureBoard(frame: window.bounds)
            window.addSubview(board)
            script = TouchScript(window: window)
        }
    }

    /// `count` fingers tapping together around (400, 300) at `t`.
    static func tap(fingers count: Int, t: Double) -> [SeatEvent] {
        let ids = (10..<(10 + count)).map(Int32.init)
        let downs = ids.enumerated().map { index, id in
            SeatEvent(time: .milliseconds(t), .touchDown(id: id, location: Point(x: 360 + Double(index) * 40, y: 300)))
        }
        let ups = ids.map { SeatEvent(time: .milliseconds(t + 80), .touchUp(id: $0)) }
        return downs + [SeatEvent(time: .milliseconds(t), .touchFrame)] + ups + [SeatEvent(time: .milliseconds(t + 80), .touchFrame)]
    }

    @Test func twoFingersPinchRotateAndPanThePictureAtOnce() {
        let stage = Stage()
        // Spreading from 100 to 200 points apart while turning a third of a radian.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, angle: 0, toAngle: 0.35, t: 0,
                                                duration: 400))
        // Then one finger drags the picture 100 points right.
        stage.script.play(SeatEvents.drag(from: (400, 300), to: (500, 300), t: 600, duration: 300))
        let placement = stage.board.placement
        #expect(abs(placement.scale - 2) < 0.05, "\(placement)")
        #expect(abs(placement.rotation - 0.35) < 0.02, "\(placement)")
        #expect(abs(placement.offset.dx - 100) < 12 && abs(placement.offset.dy) < 2, "\(placement)")
        // Two changes: the two-finger gesture, then the drag.
        #expect(stage.board.undoStack.count == 2)
    }

    @Test func aPinchStopsAtFourTimesAndAQuarter() {
        let stage = Stage()
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 50, toSpan: 500, t: 0, duration: 400))
        #expect(stage.board.placement.scale == PictureBoard.scaleRange.upperBound)
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 500, toSpan: 20, t: 800, duration: 400))
        #expect(stage.board.placement.scale == PictureBoard.scaleRange.lowerBound)
    }

    @Test func aTwoFingerTapUndoesAndAThreeFingerTapRedoes() {
        let stage = Stage()
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, t: 0, duration: 300))
        let pinched = stage.board.placement
        #expect(pinched.scale > 1.9)
        stage.script.play(Self.tap(fingers: 2, t: 800))
        stage.script.advance(to: 1400)
        #expect(stage.board.placement == PictureBoard.Placement())
        #expect(stage.board.redoStack.count == 1)
        stage.script.play(Self.tap(fingers: 3, t: 1600))
        stage.script.advance(to: 2200)
        #expect(stage.board.placement == pinched)
        #expect(stage.board.undoStack.count == 1 && stage.board.redoStack.isEmpty)
    }

    @Test func aPinchIsNeverAlsoAnUndo() {
        let stage = Stage()
        // A first change, then a quick small pinch: each finger moves 6 points (a tap allows 10) in 120 ms (a tap's
        // length), but the span grows by 12 (a pinch starts at 8). The pinch wins; nothing is undone.
        stage.script.play(SeatEvents.drag(from: (400, 300), to: (500, 300), t: 0, duration: 300))
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 112, t: 600, duration: 120))
        stage.script.advance(to: 1400)
        #expect(stage.board.undoStack.count == 2 && stage.board.redoStack.isEmpty)
        #expect(abs(stage.board.placement.scale - 1.12) < 0.01, "\(stage.board.placement)")
        #expect(stage.board.placement.offset.dx > 80)
    }
}

extension PictureBoardTests {
    /// The arena's lines saying why a tap failed, while `events` play.
    static func tapFailures(_ events: [SeatEvent]) -> [String] {
        let stage = Stage()
        var decisions: [String] = []
        stage.window.onArenaDecision = { decisions.append($0.description) }
        stage.script.play(events)
        stage.script.advance(to: 2000)
        return decisions.filter { $0.hasPrefix("arena: TapGestureRecognizer") && $0.contains("failed") }
    }

    /// As the sample wires them, the taps require the pinch, rotation and pan to fail: when one recognizes, the
    /// arena's log (TOUCHUI_DEBUG=arena) says the tap failed for that, not for a lost race.
    @Test func aPinchFailsTheTwoFingerTapAsRequiredToFail() {
        let failures = Self.tapFailures(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 160, t: 0, duration: 200))
        #expect(failures.contains { $0.contains("failed: it requires PinchGestureRecognizer to fail, which recognized") }, "\(failures)")
        #expect(!failures.contains { $0.contains("may not recognize simultaneously") }, "\(failures)")
    }

    @Test func aDragFailsTheTapsAsRequiredToFail() {
        let failures = Self.tapFailures(SeatEvents.drag(from: (400, 300), to: (500, 300), t: 0, duration: 200))
        #expect(failures.contains { $0.contains("failed: it requires PanGestureRecognizer to fail, which recognized") }, "\(failures)")
        #expect(!failures.contains { $0.contains("may not recognize simultaneously") }, "\(failures)")
    }
}
