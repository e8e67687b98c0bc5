import Foundation
import ProcessTesting
import Testing

/// `gesture-demo` in its window on touch-replay's compositor, playing the bundled demo trace.
@Suite struct GestureDemoWindowTests {
    @Test func theDemoWindowShowsWhatTheRecognizersDid() async throws {
        let scratch = try TemporaryDirectory()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let png = scratch.path("demo.png")
        let result = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            ["--trace", root.appendingPathComponent("assets/gesture-demo.jsonl").path, "--output", png, "--",
             ChildProcess.product("gesture-demo")])
        #expect(result.status == 0, "\(result.standardError)")
        // The background, the panel's body, and the checkmark's row (the last gesture to end) lit green.
        let image = try await PNGReader.pixels(in: png, at: [(x: 5, y: 5), (x: 700, y: 30), (x: 446, y: 403)])
        #expect(image.width == 800 && image.height == 600)
        #expect(image.pixels[0] == RGBA(red: 25, green: 28, blue: 35, alpha: 255))
        #expect(image.pixels[1].red < 30 && image.pixels[1].blue < 40)
        #expect(image.pixels[2].green > 180 && image.pixels[2].red < 140, "\(image.pixels[2])")
    }
}
