import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// Procreate's undo and redo taps through touch-replay into `fingerpaint FILE`, read back from FILE and the window.
@Suite struct TapUndoWindowTests {
    typealias Window = FingerPaintWindowTests

    /// A quick tap of fingers at `points` from `start` ms: down together, lifted 30 ms apart.
    static func tap(_ points: [Point], at start: Double, firstID: Int32) -> [SeatEvent] {
        let ids = points.indices.map { firstID + Int32($0) }
        var events = zip(ids, points).map { SeatEvent(time: .milliseconds(start), .touchDown(id: $0, location: $1)) }
        events.append(SeatEvent(time: .milliseconds(start), .touchFrame))
        for (index, id) in ids.enumerated() {
            let t = start + 60 + Double(index) * 30
            events += [SeatEvent(time: .milliseconds(t), .touchUp(id: id)), SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        return events
    }

    private func isBlank(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    @Test func aTwoFingerTapUndoesTheSecondStrokeAndATapLaterThreeFingersRedoIt() async throws {
        let scratch = try TemporaryDirectory()
        let points = [Point(x: 300, y: 400), Point(x: 400, y: 400)]
        let undone = try await Window.paint(Window.twoFingerStrokes + Self.tap(points, at: 1000, firstID: 10), in: scratch,
                                            replayOptions: ["--realtime"])
        #expect(undone.status == 0, "\(undone.standardError)")
        let strokes = try #require(Window.savedStrokes(in: scratch))
        #expect(strokes.count == 1)
        // The tap's fingers left no ink: not in the window, not in the drawing.
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: points.map { (Int($0.x), Int($0.y)) })
        #expect(image.pixels.allSatisfy(isBlank), "\(image.pixels)")
        // Reopened, the redo survives: three fingers bring the stroke back. A second after the window shows, as in
        // the first run: 300 ms after it, while the new window still loads, a loaded machine (CI's, running the
        // other tests) once kept touch-replay from sending the lifts before the window's tap timer ran out, and the
        // tap became three dots.
        let redone = try await Window.paint(Self.tap(points + [Point(x: 500, y: 400)], at: 1000, firstID: 20), in: scratch,
                                            replayOptions: ["--realtime"], png: "redone.png")
        #expect(redone.status == 0, "\(redone.standardError)")
        #expect(Window.savedStrokes(in: scratch)?.count == 2)
    }
}
