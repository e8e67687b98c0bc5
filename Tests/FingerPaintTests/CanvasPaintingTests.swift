import Foundation
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import TouchUI

@Suite struct CanvasPaintingTests {
    @Test func twoFingersAtOncePaintWhereTheyWent() {
        let painter = Painter()
        painter.drag([(1, point(50, 50), point(350, 50)), (2, point(50, 150), point(350, 150))], lift: false)
        // While they are down, the frame shows them and the canvas does not hold them yet.
        #expect(painter.isPainted(200, 50) && painter.isPainted(200, 150))
        #expect(painter.committed(200, 50) == paper)
        #expect(painter.app.canvasView.liveStrokes.count == 2)
        painter.send(.touchUp(id: 1), .touchUp(id: 2), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 2)
        for x in stride(from: 50.0, through: 350, by: 5) {
            #expect(painter.isPainted(x, 50) && painter.isPainted(x, 150), "a gap at x = \(x)")
        }
        #expect(!painter.isPainted(200, 100))
        #expect(painter.committed(200, 50) != paper)
        #expect(largestDifference(painter.app.renderer.frame, painter.app.renderer.canvas) == 0)
    }

    @Test func pointerWithTheLeftButtonHeldPaints() {
        let painter = Painter()
        painter.send(.pointerEnter(location: point(50, 100)))
        painter.send(.pointerMotion(location: point(150, 100)))  // no button: hovering paints nothing
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
        painter.send(.pointerButton(.left, isPressed: true))
        for x in stride(from: 160.0, through: 300, by: 20) { painter.send(.pointerMotion(location: point(x, 100))) }
        painter.send(.pointerButton(.left, isPressed: false))
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.isPainted(150, 100) && painter.isPainted(225, 100) && painter.isPainted(300, 100))
        #expect(!painter.isPainted(100, 100))
    }

    @Test func tapLeavesARoundDot() {
        let painter = Painter()
        painter.key("bracketright")  // 16 points wide: a disc of radius 8
        painter.tap(1, at: point(100.5, 100.5))
        #expect(painter.app.drawing.strokes.map(\.points.count) == [1])
        #expect(painter.isPainted(100, 100))
        #expect(painter.isPainted(106, 100) && painter.isPainted(100, 94) && painter.isPainted(105, 105))
        // Round, not square: the corners of the bounding square stay paper.
        #expect(!painter.isPainted(107, 107) && !painter.isPainted(93, 93))
        #expect(!painter.isPainted(110, 100))
    }

    @Test func cancelledTouchLeavesNothing() {
        let painter = Painter()
        painter.drag([(1, point(50, 50), point(350, 200))], lift: false)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) > 0)
        painter.send(.touchCancel)
        #expect(painter.app.drawing.strokes.isEmpty)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
    }

    @Test func aPointerThatLeavesWithTheButtonHeldKeepsItsStroke() {
        let painter = Painter()
        painter.send(.pointerEnter(location: point(50, 100)), .pointerButton(.left, isPressed: true))
        for x in stride(from: 60.0, through: 200, by: 20) { painter.send(.pointerMotion(location: point(x, 100))) }
        #expect(painter.isPainted(150, 100))
        painter.send(.pointerLeave)  // out of the window, button held: the stroke ends where it left
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.isPainted(150, 100))
        // The release outside, and a new press back inside, start nothing odd: a second stroke.
        painter.send(.pointerButton(.left, isPressed: false))
        painter.send(.pointerEnter(location: point(50, 180)))
        painter.send(.pointerButton(.left, isPressed: true))
        for x in stride(from: 60.0, through: 200, by: 20) { painter.send(.pointerMotion(location: point(x, 180))) }
        painter.send(.pointerButton(.left, isPressed: false))
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(painter.isPainted(150, 180))
    }

    @Test func aFingerAndThePointerPaintAtOnce() {
        let painter = Painter()
        painter.send(.pointerEnter(location: point(50, 200)), .pointerButton(.left, isPressed: true),
                     .touchDown(id: 1, location: point(50, 50)), .touchFrame)
        for step in 1...10 {
            let x = 50 + Double(step) * 30
            painter.send(.pointerMotion(location: point(x, 200)), .touchMotion(id: 1, location: point(x, 50)), .touchFrame)
        }
        painter.send(.pointerButton(.left, isPressed: false), .touchUp(id: 1), .touchFrame)
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(painter.isPainted(200, 50) && painter.isPainted(200, 200) && !painter.isPainted(200, 125))
    }

    @Test func strokeTakenByARecognizerLeavesNothing() {
        let painter = Painter()
        let recognizer = SwipeTaker()
        var states: [GestureRecognizer.State] = []
        recognizer.onStateChange = { states.append($0.state) }
        painter.app.canvasView.addGestureRecognizer(recognizer)
        painter.drag([(1, point(50, 50), point(350, 50))], steps: 10)
        // It took the stroke (began past 100 pt, ended on the lift) and was reset for the next.
        #expect(states.first == .began && states.suffix(2) == [.ended, .possible])
        #expect(painter.app.drawing.strokes.isEmpty)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
    }

    @Test func everySampleIsUsed() {
        let painter = Painter()
        painter.send(.touchDown(id: 1, location: point(10, 10)))
        // Three samples of one finger in one frame: each is a point of the stroke.
        painter.send(.touchMotion(id: 1, location: point(20, 10)), .touchMotion(id: 1, location: point(30, 15)),
                     .touchMotion(id: 1, location: point(40, 10)), .touchFrame)
        painter.send(.touchUp(id: 1), .touchFrame)
        #expect(painter.app.drawing.strokes.first?.points.map(\.location)
                == [point(10, 10), point(20, 10), point(30, 15), point(40, 10)])
    }

    @Test func fastCircleIsCoveredWithNoGaps() {
        // One turn in 250 ms at 60 Hz: 15 samples, 24° apart, radius 100, the default 8-point brush.
        let painter = Painter()
        let center = point(200, 120)
        let radius = 100.0
        func onCircle(_ degrees: Double) -> Point {
            point(center.x + radius * cos(degrees * .pi / 180), center.y + radius * sin(degrees * .pi / 180))
        }
        painter.send(.touchDown(id: 1, location: onCircle(0)), .touchFrame)
        for sample in 1...15 { painter.send(.touchMotion(id: 1, location: onCircle(Double(sample) * 24)), .touchFrame) }
        painter.send(.touchUp(id: 1), .touchFrame)
        for tenth in 0..<3600 {
            let p = onCircle(Double(tenth) / 10)
            #expect(painter.isPainted(p.x, p.y), "a gap at \(Double(tenth) / 10)°")
        }
        #expect(!painter.isPainted(center.x, center.y))
        #expect(!painter.isPainted(center.x + radius * 0.9, center.y))
    }

    @Test func incrementalFramesMatchAFullRedraw() {
        let painter = Painter()
        painter.key("bracketright")
        painter.drag([(1, point(20, 20), point(380, 200))], steps: 6)
        // Three fingers crossing the finished stroke and each other.
        painter.send(contentsOf: [.touchDown(id: 2, location: point(30, 200)), .touchDown(id: 3, location: point(370, 30)),
                                  .touchDown(id: 4, location: point(200, 20)), .touchFrame])
        for step in 1...20 {
            let t = Double(step) / 20
            painter.send(contentsOf: [
                .touchMotion(id: 2, location: point(30 + 340 * t, 200 - 170 * t + 30 * sin(t * 9))),
                .touchMotion(id: 3, location: point(370 - 340 * t, 30 + 170 * t)),
                .touchMotion(id: 4, location: point(200 + 80 * sin(t * 7), 20 + 200 * t)),
                .touchFrame,
            ])
            let fresh = CanvasRenderer(logicalSize: painter.app.renderer.logicalSize, strokes: painter.app.drawing.strokes)
            fresh.renderFrame(liveStrokes: painter.app.canvasView.liveStrokes, predictedTails: painter.app.canvasView.predictedTails())
            // Cairo flattens a path's curves a little differently as the path grows: edge pixels of segments drawn
            // in earlier frames may differ by a few levels of antialiasing, never by more.
            #expect(largestDifference(painter.app.renderer.frame, fresh.frame) <= 24, "frame \(step) differs")
        }
        painter.send(contentsOf: [.touchUp(id: 2), .touchUp(id: 3), .touchUp(id: 4), .touchFrame])
        #expect(largestDifference(painter.app.renderer.frame, painter.app.renderer.canvas) == 0)
    }

    @Test func frameDamageIsSmallWhileAFingerDraws() {
        let painter = Painter()
        painter.send(.touchDown(id: 1, location: point(100, 100)), .touchFrame)
        painter.app.handle(SeatEvent(time: .milliseconds(painter.time), .touchMotion(id: 1, location: point(104, 102))))
        painter.app.handle(SeatEvent(time: .milliseconds(painter.time), .touchFrame))
        let damage = painter.app.renderFrame()
        #expect(damage.count == 1)
        #expect(damage.reduce(0) { $0 + $1.area } < 400)
        #expect(painter.app.renderFrame().isEmpty)
    }
}

/// Takes any touch that moves more than 100 points: the canvas's touches are then cancelled.
final class SwipeTaker: GestureRecognizer {
    private var start: Point?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        start = touches.first?.location(in: nil)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let start, let touch = touches.first, touch.location(in: nil).distance(to: start) > 100 else { return }
        if state == .possible { state = .began } else { state = .changed }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        state = state == .possible ? .failed : .ended
    }

    override func reset() {
        start = nil
    }
}
