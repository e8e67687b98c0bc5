import Foundation
import ProcessTesting
import Testing

/// `gesture-demo` in its window on touch-replay's compositor, playing the bundled demo trace.
@Suite struct GestureDemoWindowTests {
    /// The window's app_id (xdg_toplevel.set_app_id), the name of its desktop file.
    static let appID = "io.github.fingerpaint.GestureDemo"

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
        // touch-replay offers no server-side decorations: the demo draws its own title bar, 32 points, above it.
        // The background, the panel's body, and the checkmark's row (the last gesture to end) lit green.
        let image = try await PNGReader.pixels(in: png, at: [(x: 5, y: 37), (x: 700, y: 62), (x: 446, y: 435)])
        #expect(image.width == 800 && image.height == 600)
        #expect(image.pixels[0] == RGBA(red: 25, green: 28, blue: 35, alpha: 255))
        #expect(image.pixels[1].red < 30 && image.pixels[1].blue < 40)
        #expect(image.pixels[2].green > 180 && image.pixels[2].red < 140, "\(image.pixels[2])")
    }
}

/// `gesture-demo` on a real compositor: headless sway, seen through grim.
@Suite(.enabled(if: HeadlessCompositor.isInstalled("/usr/bin/sway") && HeadlessCompositor.isInstalled("/usr/bin/grim")))
struct GestureDemoOnSwayTests {
    /// The demo's background colour, as grim's PPM gives it.
    static let background: UInt32 = 0x191C23

    @Test func theDemoMapsTiledAndDrawsWhatGrimSees() throws {
        let sway = try HeadlessCompositor.sway()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let demo = try SpawnedProcess(
            ChildProcess.product("gesture-demo"),
            ["--replay", root.appendingPathComponent("assets/gesture-demo.jsonl").path],
            environment: ["WAYLAND_DISPLAY": sway.socket, "XDG_RUNTIME_DIR": sway.runtime.path, "PATH": "/usr/bin:/bin"],
            log: sway.runtime.path("demo.log")
        )
        defer { demo.kill() }
        // Take screenshots until the demo's window is on one: sway tiles it over the output, under its title bar.
        let screenshot = sway.runtime.path("screen.ppm")
        var image: PPMImage?
        let shown = waitUntil(timeout: .seconds(20)) {
            guard !demo.hasExited, (try? sway.runClient("/usr/bin/grim", ["-t", "ppm", screenshot], timeout: .seconds(5))) == 0,
                  let shot = PPMImage(contentsOf: screenshot)
            else { return false }
            image = shot
            return shot.count(of: Self.background) > shot.width * shot.height / 4
        }
        #expect(shown, "\(sway.runtime.read("demo.log"))\(sway.runtime.read(sway.logName))")
        guard let image else { return }
        if let copy = ProcessInfo.processInfo.environment["PROGRAM_TEST_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: copy)
            try? FileManager.default.copyItem(atPath: screenshot, toPath: copy)
        }
        // The panel (near black) and the shape (blue) are on the screen too.
        var panel = 0, shape = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                let pixel = image.pixel(x: x, y: y)
                let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
                if r < 20 && g < 20 && b < 25 { panel += 1 }
                if b > 200 && r < 80 && g > 100 && g < 170 { shape += 1 }
            }
        }
        #expect(panel > 500, "\(panel) panel samples")
        #expect(shape > 100, "\(shape) shape samples")
        #expect(!demo.hasExited)
    }
}
