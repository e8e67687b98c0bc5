import Foundation
import GestureDemoKit
import ProcessTesting
import Testing
import TouchUI

/// `gesture-demo` in its window on touch-replay's compositor, playing the bundled demo trace.
@Suite struct GestureDemoWindowTests {
    /// The window's app_id (xdg_toplevel.set_app_id), the name of its desktop file.
    static let appID = "io.github.fingerpaint.GestureDemo"

    /// Where a recognizer's status dot is in a screenshot of the demo's 800x600 window: its row in the layout of the
    /// content, under the 32-point title bar the demo draws on touch-replay.
    static func dot(of name: String) -> (x: Int, y: Int) {
        let layout = GestureDemoLayout(size: Size(width: 800, height: 568), rowCount: GestureDemoScene.recognizerNames.count)
        let dot = layout.rows[GestureDemoScene.recognizerNames.firstIndex(of: name) ?? 0].dot
        return (Int(dot.x), Int(dot.y) + 32)
    }

    @Test func theDemoWindowShowsWhatTheRecognizersDid() async throws {
        let scratch = try TemporaryDirectory()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let png = scratch.path("demo.png")
        let result = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            // In virtual time, as the final state below was written for: every event is followed by its frame.
            ["--fast", "--trace", root.appendingPathComponent("assets/gesture-demo.jsonl").path, "--output", png, "--",
             ChildProcess.product("gesture-demo")],
            // 230 groups of events, each waiting for the demo's frame: 8 s alone on a loaded machine, more among the
            // other tests. The limit only stops a hang.
            timeout: 90)
        #expect(result.status == 0, "\(result.standardError)")
        // touch-replay offers no server-side decorations: the demo draws its own title bar, 32 points, above it.
        // The background, the panel's body, and the checkmark's row red: the finger the trace leaves down is cancelled
        // at its end, which fails the checkmark, as in the headless log.
        let image = try await PNGReader.pixels(in: png, at: [(x: 5, y: 37), (x: 700, y: 62), Self.dot(of: "checkmark")])
        #expect(image.width == 800 && image.height == 600)
        #expect(image.pixels[0] == RGBA(red: 25, green: 28, blue: 35, alpha: 255))
        #expect(image.pixels[1].red < 30 && image.pixels[1].blue < 40)
        #expect(image.pixels[2].red > 200 && image.pixels[2].green < 120, "\(image.pixels[2])")
    }
}

extension GestureDemoWindowTests {
    /// A finger held still for 1.2 s in the demo's window on touch-replay, nothing sent in between, then lifted: the
    /// long-press row's dot, green when it ended, red when it failed.
    private func holdAndLift(_ replayOptions: [String]) async throws -> RGBA {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("hold.jsonl", """
            {"canvas": [800, 600]}
            {"t": 0, "touch": "down", "id": 1, "x": 200, "y": 300}
            {"t": 0, "touch": "frame"}
            {"t": 1200, "touch": "up", "id": 1}
            {"t": 1200, "touch": "frame"}
            {"t": 1300, "pointer": "enter", "x": 5, "y": 580}

            """)
        let png = scratch.path("hold.png")
        let result = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            replayOptions + ["--trace", trace, "--output", png, "--", ChildProcess.product("gesture-demo")])
        #expect(result.status == 0, "\(result.standardError)")
        return try await PNGReader.pixels(in: png, at: [Self.dot(of: "long-press")]).pixels[0]
    }

    @Test func aHeldFingerIsALongPressAtTheTracesOwnTiming() async throws {
        let dot = try await holdAndLift([])
        #expect(dot.green > 180 && dot.red < 140, "\(dot)")
    }
}

extension GestureDemoWindowTests {
    /// A pinch in the window's canvas (under its 32-point title bar): two fingers spreading from 100 to 200 pt apart
    /// (the trace GestureDemoCommandTests plays headless).
    static let pinchTrace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/pinch.jsonl").path

    /// The arena's decisions in a log, without their time (the window's clock is real input's).
    private static func arenaDecisions(in log: String) throws -> [String] {
        try log.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["arena"] as? String
        }
    }

    /// How many of the points are the arena text's pale violet (red above green, blue well above both).
    private static func violet(_ pixels: [RGBA]) -> Int {
        pixels.filter { Int($0.red) > Int($0.green) + 5 && Int($0.blue) > Int($0.green) + 20 }.count
    }

    @Test func withArenaTheWindowLogsTheDecisionsTheHeadlessDemoLogsAndShowsTheLastOnes() async throws {
        let scratch = try TemporaryDirectory()
        let trace = Self.pinchTrace
        let demo = ChildProcess.product("gesture-demo")
        let headless = try await ChildProcess.run(demo, ["--replay", trace, "--headless", "--arena", "--log", "-"])
        #expect(headless.status == 0, "\(headless.standardError)")
        let expected = try Self.arenaDecisions(in: headless.standardOutput)
        #expect(expected.contains(#"PinchGestureRecognizer "pinch" [touches 1,2] began"#))
        #expect(expected.contains(#"TapGestureRecognizer "two-finger-tap" [touches 1,2] failed: it requires PinchGestureRecognizer "pinch" to fail, which recognized"#))
        var pictures: [String] = []
        for (name, arena) in [("arena", ["--arena"]), ("plain", [])] {
            let live = try await ChildProcess.run(
                ChildProcess.product("touch-replay"),
                ["--fast", "--trace", trace, "--output", scratch.path("\(name).png"), "--", demo, "--log",
                 scratch.path("\(name).jsonl")] + arena)
            #expect(live.status == 0, "\(live.standardError)")
            pictures.append(scratch.path("\(name).png"))
        }
        #expect(try Self.arenaDecisions(in: scratch.read("arena.jsonl")) == expected)
        #expect(try Self.arenaDecisions(in: scratch.read("plain.jsonl")).isEmpty)
        // The last five decisions are written above the recent events: every line has the arena text's colour with
        // --arena, none without.
        let scene = GestureDemoScene(size: Size(width: 800, height: 568), showsArenaDecisions: true)
        let places = scene.layout(size: Size(width: 800, height: 568)).arenaDecisions
        #expect(places.count == 5)
        for place in places {
            let points = stride(from: Int(place.minX), to: Int(place.maxX), by: 2).flatMap { x in
                stride(from: Int(place.minY), to: Int(place.maxY), by: 2).map { y in (x: x, y: y + 32) }
            }
            let withArena = try await PNGReader.pixels(in: pictures[0], at: points).pixels
            let without = try await PNGReader.pixels(in: pictures[1], at: points).pixels
            #expect(Self.violet(withArena) > 10, "\(place)")
            #expect(Self.violet(without) == 0, "\(place)")
        }
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

/// A touchpad pinch (`zwp_pointer_gestures_v1`) played into the demo: its pinch and rotation recognizers follow it.
@Suite struct GestureDemoTouchpadTests {
    /// The pointer over the canvas (below the demo's 32-point title bar in the window), then two fingers on the
    /// touchpad spreading to twice their span while turning 30° clockwise.
    static let touchpadPinch = """
        {"canvas": [800, 568], "origin": [0, 32]}
        {"t": 0, "pointer": "enter", "x": 300, "y": 250}
        {"t": 100, "gesture": "pinch", "phase": "begin", "fingers": 2}
        {"t": 116, "gesture": "pinch", "phase": "update", "dx": 0, "dy": 0, "scale": 1.25, "rotation": 10}
        {"t": 132, "gesture": "pinch", "phase": "update", "dx": 2, "dy": 0, "scale": 1.5, "rotation": 10}
        {"t": 148, "gesture": "pinch", "phase": "update", "dx": 2, "dy": 0, "scale": 2, "rotation": 10}
        {"t": 164, "gesture": "pinch", "phase": "end", "cancelled": false}

        """

    /// The log's lines without their time (the window's clock is real input's), as `recognizer state values` text.
    private static func reports(in log: String) throws -> [String] {
        try log.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let recognizer = try #require(object["recognizer"] as? String), state = try #require(object["state"] as? String)
            let value = (object["scale"] ?? object["rotation"]).map { " \($0)" } ?? ""
            return "\(recognizer) \(state)\(value) at \(object["location"] ?? "") touches \(object["touches"] ?? "")"
        }
    }

    @Test func aTouchpadPinchInTheDemoWindowIsLoggedAsAPinchAsHeadless() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("touchpad-pinch.jsonl", Self.touchpadPinch)
        let demo = ChildProcess.product("gesture-demo")
        let headless = try await ChildProcess.run(demo, ["--replay", trace, "--headless", "--log", "-"])
        #expect(headless.status == 0, "\(headless.standardError)")
        let expected = try Self.reports(in: headless.standardOutput)
        // Pinch and rotation recognize together in the demo; the scale is the touchpad's, the turn in radians.
        let at = "at [300, 250] touches 0"
        #expect(expected == [
            "pinch began 1.25 \(at)", "rotation began 0.1745 \(at)",
            "pinch changed 1.5 \(at)", "rotation changed 0.3491 \(at)",
            "pinch changed 2 \(at)", "rotation changed 0.5236 \(at)",
            "pinch ended 2 \(at)", "rotation ended 0.5236 \(at)",
        ])
        let live = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            ["--fast", "--trace", trace, "--output", scratch.path("demo.png"), "--", demo, "--log", scratch.path("live.jsonl")])
        #expect(live.status == 0, "\(live.standardError)")
        #expect(try Self.reports(in: scratch.read("live.jsonl")) == expected)
        // The window shows it: the pinch and rotation rows' dots green (ended), the tap row's grey.
        let image = try await PNGReader.pixels(in: scratch.path("demo.png"), at: [GestureDemoWindowTests.dot(of: "pinch"), GestureDemoWindowTests.dot(of: "rotation"), GestureDemoWindowTests.dot(of: "tap")])
        for dot in image.pixels.prefix(2) { #expect(dot.green > 180 && dot.red < 140, "\(dot)") }
        #expect(image.pixels[2].green < 180, "\(image.pixels[2])")
    }
}
