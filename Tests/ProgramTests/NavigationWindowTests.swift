import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// Zooming `fingerpaint` in its window on touch-replay, which offers `zwp_pointer_gestures_v1`: a held Ctrl over the
/// wheel and a touchpad pinch, as real wl_keyboard, wl_pointer and pointer-gesture events.
@Suite struct NavigationWindowTests {
    /// A finger drawing a line from (100, 100) to (300, 100), then the pointer resting at (100, 100).
    static let line: [SeatEvent] = {
        var events: [SeatEvent] = []
        for step in 0...10 {
            let location = Point(x: 100 + Double(step) * 20, y: 100)
            events += [SeatEvent(time: .milliseconds(Double(step) * 16), step == 0 ? .touchDown(id: 1, location: location)
                                                                     : .touchMotion(id: 1, location: location)),
                       SeatEvent(time: .milliseconds(Double(step) * 16), .touchFrame)]
        }
        events += [SeatEvent(time: .milliseconds(200), .touchUp(id: 1)), SeatEvent(time: .milliseconds(200), .touchFrame),
                   SeatEvent(time: .milliseconds(300), .pointerEnter(location: Point(x: 100, y: 100)))]
        return events
    }()

    private func isPainted(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }
    private func isBlank(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    /// Plays the line and then `zoom`, and checks the window shows the line twice as long and twice as wide
    /// from the pointer: (450, 100) and (100, 106) painted, (540, 100) and (100, 112) not.
    private func expectZoomedTwiceAboutThePointer(_ zoom: [SeatEvent]) async throws {
        let scratch = try TemporaryDirectory()
        // A pointer motion a second later, where it rests: a loaded machine has drawn the zoomed frame by then.
        let settle = SeatEvent(time: .milliseconds(1500), .pointerMotion(location: Point(x: 100, y: 100)))
        let result = try await FingerPaintWindowTests.paint(Self.line + zoom + [settle], in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(450, 100), (100, 106), (540, 100), (100, 112)])
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]), "\(image.pixels)")
        #expect(isBlank(image.pixels[2]) && isBlank(image.pixels[3]), "\(image.pixels)")
    }

    @Test func ctrlWheelZoomsAboutThePointer() async throws {
        try await expectZoomedTwiceAboutThePointer([
            SeatEvent(time: .milliseconds(400), .keyState(KeyChord("ctrl"), isPressed: true)),
            SeatEvent(time: .milliseconds(420), .pointerAxis(dx: 0, dy: -25)),
            SeatEvent(time: .milliseconds(440), .pointerAxis(dx: 0, dy: -25)),
            SeatEvent(time: .milliseconds(500), .keyState(KeyChord("ctrl"), isPressed: false)),
        ])
    }

    @Test func aTouchpadPinchZoomsAboutThePointer() async throws {
        try await expectZoomedTwiceAboutThePointer([
            SeatEvent(time: .milliseconds(400), .touchpadGesture(.begin(.pinch, fingers: 2))),
            SeatEvent(time: .milliseconds(416), .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 1.4, rotation: 0))),
            SeatEvent(time: .milliseconds(432), .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 2, rotation: 0))),
            SeatEvent(time: .milliseconds(448), .touchpadGesture(.end(.pinch, cancelled: false))),
        ])
    }

    @Test func aStrokeDrawnAt200PercentAfterAPanLandsAtItsDocumentPointsInReplayOutput() async throws {
        // Ctrl+wheel at the origin doubles the zoom, the wheel then pans 50 document points down: the finger from
        // (100, 100) to (200, 100) in the window draws from (50, 100) to (100, 100) in the document, and
        // `--replay --output` shows the document at 100 % from its origin.
        let scratch = try TemporaryDirectory()
        var events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 0, y: 0))),
                      SeatEvent(time: .milliseconds(10), .keyState(KeyChord("ctrl"), isPressed: true)),
                      SeatEvent(time: .milliseconds(20), .pointerAxis(dx: 0, dy: -50)),
                      SeatEvent(time: .milliseconds(30), .keyState(KeyChord("ctrl"), isPressed: false)),
                      SeatEvent(time: .milliseconds(40), .pointerAxis(dx: 0, dy: 100)),
                      SeatEvent(time: .milliseconds(50), .pointerLeave)]
        for step in 0...5 {
            let location = Point(x: 100 + Double(step) * 20, y: 100)
            events += [SeatEvent(time: .milliseconds(100 + Double(step) * 16), step == 0 ? .touchDown(id: 1, location: location)
                                                                           : .touchMotion(id: 1, location: location)),
                       SeatEvent(time: .milliseconds(100 + Double(step) * 16), .touchFrame)]
        }
        events += [SeatEvent(time: .milliseconds(200), .touchUp(id: 1)), SeatEvent(time: .milliseconds(200), .touchFrame)]
        let trace = try scratch.write("trace.jsonl", Trace(canvasSize: Size(width: 400, height: 300), events: events).serialized())
        let png = scratch.path("out.png")
        let result = try await ChildProcess.run(FingerPaintWindowTests.fingerpaint, ["--replay", trace, "--output", png])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [(75, 100), (150, 100), (75, 110)])
        #expect(image.width == 400 && image.height == 300)
        #expect(isPainted(image.pixels[0]), "\(image.pixels)")
        #expect(isBlank(image.pixels[1]) && isBlank(image.pixels[2]), "\(image.pixels)")
    }
}
