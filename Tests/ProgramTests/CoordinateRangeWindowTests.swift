import FingerPaintCore
import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The coordinate range through `fingerpaint FILE` on touch-replay (docs/document-format.md, "Ranges"): the view
/// stops at its edge, what a finger paints there reopens intact, and a stroke across the whole range leaves the
/// window drawing frames.
@Suite struct CoordinateRangeWindowTests {
    typealias Window = FingerPaintWindowTests
    typealias Gallery = GalleryWindowTests

    private func isPainted(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }
    /// Darker than paper: a stroke narrower than a pixel (8 points at 10 %) is grey.
    private func isInked(_ pixel: RGBA) -> Bool { pixel.red < 200 && pixel.green < 200 && pixel.blue < 200 }

    /// A finger's straight drag from one window point to another in `steps` motions 16 ms apart, then its lift.
    private static func drag(_ id: Int32, from start: Point, to end: Point, at time: Double, steps: Int = 10) -> [SeatEvent] {
        var events: [SeatEvent] = []
        for step in 0...steps {
            let t = Double(step) / Double(steps), at = Timestamp.milliseconds(time + Double(step) * 16)
            let location = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            events += [SeatEvent(time: at, step == 0 ? .touchDown(id: id, location: location) : .touchMotion(id: id, location: location)),
                       SeatEvent(time: at, .touchFrame)]
        }
        let lift = Timestamp.milliseconds(time + Double(steps + 1) * 16)
        return events + [SeatEvent(time: lift, .touchUp(id: id)), SeatEvent(time: lift, .touchFrame)]
    }

    /// Ctrl held over the wheel at the middle of the canvas, `dy` points of it (50 halve the zoom), then released.
    private static func zoom(by dy: Double, at time: Double) -> [SeatEvent] {
        [SeatEvent(time: .milliseconds(time), .pointerEnter(location: Point(x: 400, y: 300))),
         SeatEvent(time: .milliseconds(time + 10), .keyState(KeyChord("ctrl"), isPressed: true)),
         SeatEvent(time: .milliseconds(time + 20), .pointerAxis(dx: 0, dy: dy)),
         SeatEvent(time: .milliseconds(time + 30), .keyState(KeyChord("ctrl"), isPressed: false))]
    }

    @Test func aStrokeAtTheEdgeOfTheRangeInNavigateModeReopensIntact() async throws {
        let scratch = try TemporaryDirectory()
        let hand = Gallery.paletteButton(.toggleNavigation)
        #expect(hand.x > 0 && hand.x < Gallery.content.width, "\(hand)")
        // Navigate mode; two fingers pinch to 10 %; one finger pans 3 000 000 document points towards the bottom
        // right, beyond the range, and flicks (the view glides on against its edge); paint mode again; a finger
        // paints from the middle of the window past its right edge.
        var events = Gallery.tap(hand, at: 300, id: 2)
        for step in 0...10 {
            let t = Timestamp.milliseconds(500 + Double(step) * 16), spread = 200 - Double(step) * 18
            let kinds: [SeatEvent.Kind] = step == 0
                ? [.touchDown(id: 3, location: Point(x: 400 - spread, y: 300)), .touchDown(id: 4, location: Point(x: 400 + spread, y: 300))]
                : [.touchMotion(id: 3, location: Point(x: 400 - spread, y: 300)), .touchMotion(id: 4, location: Point(x: 400 + spread, y: 300))]
            events += kinds.map { SeatEvent(time: t, $0) } + [SeatEvent(time: t, .touchFrame)]
        }
        events += [SeatEvent(time: .milliseconds(700), .touchUp(id: 3)), SeatEvent(time: .milliseconds(700), .touchUp(id: 4)),
                   SeatEvent(time: .milliseconds(700), .touchFrame)]
        events += Self.drag(5, from: Point(x: 700, y: 450), to: Point(x: -299_300, y: -299_550), at: 900)
        events += Gallery.tap(hand, at: 1500, id: 6)
        events += Self.drag(7, from: Point(x: 400, y: 300), to: Point(x: 900, y: 400), at: 1800)
        let settle = SeatEvent(time: .milliseconds(3000), .tick)
        let painted = try await Window.paint(events + [settle], in: scratch)
        #expect(painted.status == 0, "\(painted.standardError)")
        // Shown where the finger went, at 10 % from the range's corner...
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(600, 340)])
        #expect(isInked(image.pixels[0]), "\(image.pixels)")
        // ...kept at the range's edge (the samples past the window's edge on it), within the range.
        let strokes = try #require(Window.savedStrokes(in: scratch))
        let stroke = try #require(strokes.first)
        #expect(strokes.count == 1)
        let xs = stroke.points.map(\.location.x), ys = stroke.points.map(\.location.y)
        #expect(xs.max() == CoordinateRange.largest, "\(stroke.points.map(\.location))")
        #expect(try #require(xs.min()) > CoordinateRange.largest - 8_000, "\(stroke.points.map(\.location))")
        #expect(try #require(ys.max()) > CoordinateRange.largest - 6_000 && stroke.isWithinLimits, "\(stroke.points.map(\.location))")
        // Opened again: no damage said, no copy kept beside, the file as it was, the stroke as painted.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("drawing.fpdraw")))
        let reopened = try await Window.paint([SeatEvent(time: .milliseconds(1000), .tick)], in: scratch, png: "reopened.png")
        #expect(reopened.status == 0, "\(reopened.standardError)")
        #expect(!reopened.standardError.contains("damaged"), "\(reopened.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".damaged-") }.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("drawing.fpdraw"))) == bytes)
        #expect(Window.savedStrokes(in: scratch) == strokes)
    }

    @Test func aStrokeAcrossTheWholeRangeLeavesTheWindowDrawingFrames() async throws {
        let scratch = try TemporaryDirectory()
        // 43.5 %, then the wheel pans to the range's top-left corner and beyond (60 × 23 000 document points each way).
        var events = Self.zoom(by: 60, at: 0)
        for step in 0..<60 {
            events.append(SeatEvent(time: .milliseconds(50 + Double(step) * 5), .pointerAxis(dx: -10_000, dy: -10_000)))
        }
        events.append(SeatEvent(time: .milliseconds(360), .pointerLeave))
        // A finger from near the window's corner to a million points past it, 2 300 000 document points each way (to
        // the range's far corner, and beyond), then a short stroke in the window; the window's picture 1.5 s later.
        events += Self.drag(1, from: Point(x: 20, y: 60), to: Point(x: 1_000_000, y: 1_000_000), at: 500)
        events += Self.drag(2, from: Point(x: 100, y: 300), to: Point(x: 300, y: 300), at: 750)
        events.append(SeatEvent(time: .milliseconds(2500), .tick))
        let result = try await Window.paint(events, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // The short stroke shows, and so does the long one, under the finger.
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(200, 300), (300, 340)])
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]), "\(image.pixels)")
        let strokes = try #require(Window.savedStrokes(in: scratch))
        #expect(strokes.count == 2 && strokes.allSatisfy(\.isWithinLimits))
        let long = try #require(strokes.first).points.map(\.location)
        let first = try #require(long.first)
        #expect(first.x < -CoordinateRange.largest + 100 && first.y < -CoordinateRange.largest + 100, "\(long)")
        #expect(long.last == Point(x: CoordinateRange.largest, y: CoordinateRange.largest), "\(long)")
    }
}
