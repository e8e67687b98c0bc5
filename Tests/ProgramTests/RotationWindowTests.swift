import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// Turning `fingerpaint FILE`'s view with a touchpad pinch on touch-replay (real `zwp_pointer_gestures_v1` events),
/// then drawing: what the finger drew is read back from FILE, in document points.
@Suite struct RotationWindowTests {
    /// The pointer at (400, 300), a touchpad pinch turning by `degrees` (clockwise, one update each), then a finger
    /// drawing a horizontal line from (300, 200) to (500, 200).
    private func pinchThenLine(turning degrees: [Double]) -> [SeatEvent] {
        var events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 400, y: 300))),
                      SeatEvent(time: .milliseconds(20), .touchpadGesture(.begin(.pinch, fingers: 2)))]
        for (step, turn) in degrees.enumerated() {
            events.append(SeatEvent(time: .milliseconds(36 + Double(step) * 16),
                                    .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 1, rotation: turn))))
        }
        let start = 60 + Double(degrees.count) * 16
        events += [SeatEvent(time: .milliseconds(start), .touchpadGesture(.end(.pinch, cancelled: false))),
                   SeatEvent(time: .milliseconds(start + 10), .pointerLeave)]
        for step in 0...10 {
            let location = Point(x: 300 + Double(step) * 20, y: 200)
            let time = Timestamp.milliseconds(start + 100 + Double(step) * 16)
            events += [SeatEvent(time: time, step == 0 ? .touchDown(id: 1, location: location) : .touchMotion(id: 1, location: location)),
                       SeatEvent(time: time, .touchFrame)]
        }
        let end = Timestamp.milliseconds(start + 300)
        events += [SeatEvent(time: end, .touchUp(id: 1)), SeatEvent(time: end, .touchFrame)]
        return events
    }

    private func isPainted(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }

    @Test func aTouchpadPinchTurningNinetyDegreesMakesAHorizontalFingerStrokeVerticalInTheDrawing() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await FingerPaintWindowTests.paint(pinchThenLine(turning: Array(repeating: 10, count: 9)), in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let strokes = try #require(FingerPaintWindowTests.savedStrokes(in: scratch))
        let stroke = try #require(strokes.first)
        #expect(strokes.count == 1)
        let first = try #require(stroke.points.first?.location), last = try #require(stroke.points.last?.location)
        // Turned clockwise about the pointer, at (400, 268) on the canvas below the 32-point title bar: the finger's
        // start, (300, 168) on the canvas, is the document's (300, 368), its end the document's (300, 168).
        #expect(abs(first.x - last.x) < 1, "\(first) \(last)")
        #expect(abs(abs(first.y - last.y) - 200) < 1, "\(first) \(last)")
        #expect(first.distance(to: Point(x: 300, y: 368)) < 2, "\(first)")
        // Under the finger in the window.
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(400, 200)])
        #expect(isPainted(image.pixels[0]), "\(image.pixels)")
    }

    @Test func aTouchpadPinchTurningThreeDegreesSnapsBackUpright() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await FingerPaintWindowTests.paint(pinchThenLine(turning: [1, 1, 1]), in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let strokes = try #require(FingerPaintWindowTests.savedStrokes(in: scratch))
        let stroke = try #require(strokes.first)
        let first = try #require(stroke.points.first?.location), last = try #require(stroke.points.last?.location)
        // Upright: the canvas's points (below the 32-point title bar) are the document's.
        #expect(first == Point(x: 300, y: 168), "\(first)")
        #expect(last == Point(x: 500, y: 168), "\(last)")
    }
}
