import Foundation
import GestureDemoKit
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The demo shows each finger's delivered samples and its predicted tail.
@Suite struct TouchTrailTests {
    @Test func aMovingFingerShowsItsSamplesAndAPredictedTailAhead() async throws {
        let scene = GestureDemoScene(size: Size(width: 800, height: 600))
        let translator = SeatEventTranslator(window: scene.window)
        // 600 pt/s to the right at 120 Hz, from (100, 300) to (155, 300), still down.
        for step in 0..<12 {
            let t = Double(step) * 1000 / 120, location = Point(x: 100 + Double(step) * 5, y: 300)
            translator.handle(SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 1, location: location)
                                                           : .touchMotion(id: 1, location: location)))
            translator.handle(SeatEvent(time: .milliseconds(t), .touchFrame))
        }
        let trail = try #require(scene.canvas.trails.values.first)
        #expect(trail.samples.count == 12 && trail.predicted.count == GestureDefaults.predictionSteps)
        let scratch = try TemporaryDirectory()
        let png = scratch.path("trail.png")
        try GestureDemoRenderer.writePNG(scene, size: Size(width: 800, height: 600), to: png)
        // A sample dot behind the finger, the dashed tail just ahead of it, the paper far ahead.
        let image = try await PNGReader.pixels(in: png, at: [(110, 300), (158, 300), (200, 300)])
        let dot = image.pixels[0], tail = image.pixels[1], ahead = image.pixels[2]
        #expect(dot.blue > 200 && dot.red < 170, "\(dot)")
        #expect(tail.green > 200 && tail.red < 120 && tail.blue < 150, "\(tail)")
        #expect(ahead.green < 120, "\(ahead)")
        // Lifted: the trail is gone with the finger.
        translator.handle(SeatEvent(time: .milliseconds(200), .touchUp(id: 1)))
        translator.handle(SeatEvent(time: .milliseconds(200), .touchFrame))
        #expect(scene.canvas.trails.isEmpty)
    }
}
