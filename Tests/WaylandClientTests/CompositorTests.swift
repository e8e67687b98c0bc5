// The client against real headless compositors: weston 10 (no xdg-decoration) and sway 1.7 (tiling, with grim).
import CCairo
import CWaylandClient
import CWaylandProtocols
import Foundation
import Geometry
import ProcessTesting
import Glibc
import Testing
@testable import WaylandClient

/// Runs the display's loop until `condition` holds or `timeout` passes; returns whether it held.
private func run(_ display: Display, timeout: Duration = .seconds(5), until condition: () -> Bool) throws(WaylandError) -> Bool {
    let deadline = MonotonicClock.now + timeout
    while !condition() {
        if MonotonicClock.now >= deadline { return false }
        try display.dispatch(timeout: .milliseconds(50))
    }
    return true
}

/// Fills the damaged rectangles with one colour, as a program's draw callback would.
private func fill(_ buffer: Buffer, _ damage: [PixelRect], colour: UInt32) {
    let cr = cairo_create(buffer.cairoSurface)
    for rect in damage.map({ $0.logical(scale: Int(buffer.scale)) }) {
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    }
    cairo_set_source_rgb(
        cr, Double(colour >> 16 & 0xFF) / 255, Double(colour >> 8 & 0xFF) / 255, Double(colour & 0xFF) / 255
    )
    cairo_fill(cr)
    cairo_destroy(cr)
}

/// Collects the client's log lines.
private final class LogRecorder {
    var lines: [String] = []
    var hook: (String) -> Void { { [unowned self] in self.lines.append($0) } }
}

@Suite("Connecting without a compositor")
struct ConnectionErrorTests {
    @Test("No compositor: one line naming WAYLAND_DISPLAY and XDG_RUNTIME_DIR")
    func noCompositorNamesTheEnvironment() {
        #expect {
            _ = try Display(name: "/nonexistent/wayland-nothing-here")
        } throws: { error in
            guard let error = error as? WaylandError,
                  case .compositorUnavailable(let name, _, let code) = error
            else { return false }
            let text = error.description
            return name == "/nonexistent/wayland-nothing-here" && code != 0
                && text.contains("WAYLAND_DISPLAY=/nonexistent/wayland-nothing-here")
                && text.contains("XDG_RUNTIME_DIR=") && !text.contains("\n")
        }
    }

    @Test("A protocol error is one line naming the interface, the object and the code")
    func protocolErrorDescription() {
        let error = WaylandError.protocolError(interface: "xdg_surface", objectID: 12, code: 3)
        #expect(error.description == "Wayland protocol error on xdg_surface@12: error code 3")
    }
}

@Suite("Wayland client on headless weston", .enabled(if: HeadlessCompositor.isInstalled("/usr/bin/weston")))
struct WestonTests {
    @Test("A window maps: it is configured at its own size, commits full damage, then only what changed")
    func windowMapsAndCommits() throws {
        let weston = try HeadlessCompositor.weston()
        let log = LogRecorder(), debug = LogRecorder()
        let display = try Display(name: weston.socket, log: log.hook, debug: debug.hook)
        // weston 10 has no xdg-decoration: said once, at start, at the debug level (the program draws a title bar,
        // which the user does not miss); nothing the user would notice is missing.
        #expect(debug.lines.filter { $0.contains("zxdg_decoration_manager_v1") }.count == 1)
        #expect(log.lines == ["the compositor does not offer wl_seat (input; the window cannot be painted on)"])

        let window = try ToplevelWindow(display: display, title: "weston test", appID: "test.weston", width: 320, height: 240)
        let program = WindowProgram(window)
        var frames: [[PixelRect]] = []
        program.draws = { buffer, damage in
            #expect(buffer.pixelWidth == 320 && buffer.pixelHeight == 240 && buffer.scale == 1)
            fill(buffer, damage, colour: 0x336699)
            frames.append(damage)
            return []
        }
        #expect(try run(display) { window.committedFrameCount >= 1 }, "\(weston.runtime.read(weston.logName))")
        #expect(window.isConfigured)
        #expect(window.decorationMode == .clientSide)
        // weston leaves a new window's size to the client (0×0 keeps it).
        #expect(window.width == 320 && window.height == 240)
        #expect(frames.first == [PixelRect(x: 0, y: 0, width: 320, height: 240)])

        // Two small changes, one frame each: paced by frame callbacks, drawn into buffers that lack little.
        let first = Rect(x: 10, y: 10, width: 20, height: 20)
        window.setNeedsDisplay([first])
        #expect(try run(display) { window.committedFrameCount >= 2 })
        let second = Rect(x: 100, y: 50, width: 5, height: 5)
        window.setNeedsDisplay([second])
        #expect(try run(display) { window.committedFrameCount >= 3 })
        #expect(frames.count == 3)
        // The second frame went to a new buffer (the first was busy): full. The third reused the first buffer,
        // which lacks the second frame's change and the new one.
        #expect(frames[1] == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        #expect(Set(frames[2]) == [PixelRect(x: 10, y: 10, width: 20, height: 20), PixelRect(x: 100, y: 50, width: 5, height: 5)])
    }

    @Test("With warmsSpareBuffer, the frame after the first paints only what changed, and shows the first's pixels")
    func spareBufferWarmedAfterTheFirstFrame() throws {
        let weston = try HeadlessCompositor.weston()
        let display = try Display(name: weston.socket)
        let window = try ToplevelWindow(display: display, title: "warm", appID: "test.warm", width: 320, height: 240)
        let program = WindowProgram(window)
        window.warmsSpareBuffer = true
        var frames: [[PixelRect]] = []
        var pixelsOutside: [UInt32] = []
        program.draws = { buffer, damage in
            fill(buffer, damage, colour: frames.isEmpty ? 0x336699 : 0x993366)
            frames.append(damage)
            // A pixel outside the second frame's change: the first frame's colour, copied into the spare.
            pixelsOutside.append(buffer.pixels.load(fromByteOffset: 200 * Int(buffer.stride) + 4 * 300, as: UInt32.self) & 0xFFFFFF)
            return []
        }
        #expect(try run(display) { window.committedFrameCount >= 1 })
        window.setNeedsDisplay([Rect(x: 10, y: 10, width: 20, height: 20)])
        #expect(try run(display) { window.committedFrameCount >= 2 })
        // The first buffer was busy: the second frame went to the spare, which lacked nothing but the change.
        #expect(frames.count == 2)
        #expect(frames.last == [PixelRect(x: 10, y: 10, width: 20, height: 20)])
        #expect(pixelsOutside == [0x336699, 0x336699])
    }

    @Test("Fullscreen on request: configured with the output's size and the fullscreen state, and back")
    func fullscreenOnRequest() throws {
        let weston = try HeadlessCompositor.weston(width: 640, height: 400)
        let display = try Display(name: weston.socket)
        let window = try ToplevelWindow(display: display, title: "full", appID: "test.full", width: 200, height: 100)
        let program = WindowProgram(window)
        var sizes: [(Int, Int)] = []
        program.draws = { buffer, damage in
            sizes.append((buffer.width, buffer.height))
            fill(buffer, damage, colour: 0x000080)
            return []
        }
        #expect(try run(display) { window.committedFrameCount >= 1 })
        window.setFullscreen(true)
        #expect(try run(display) { window.states.contains(.fullscreen) && window.width == 640 && window.height == 400 })
        #expect(try run(display) { sizes.last.map { $0 == (640, 400) } == true })
        window.setFullscreen(false)
        #expect(try run(display) { !window.states.contains(.fullscreen) && window.width == 200 })
    }

    @Test("On a scale-2 output the window draws buffers of twice its logical size, with buffer scale 2")
    func hiDPIOutput() throws {
        let weston = try HeadlessCompositor.weston(width: 800, height: 600, scale: 2)
        let display = try Display(name: weston.socket)
        #expect(display.largestOutputScale == 2)
        let window = try ToplevelWindow(display: display, title: "scale test", appID: "test.scale", width: 200, height: 100)
        let program = WindowProgram(window)
        var sizes: [(Int32, Int32, Int32)] = []
        var damage: [[PixelRect]] = []
        program.draws = { buffer, rects in
            sizes.append((buffer.pixelWidth, buffer.pixelHeight, buffer.scale))
            damage.append(rects)
            fill(buffer, rects, colour: 0x808080)
            return []
        }
        #expect(try run(display) { window.committedFrameCount >= 1 && window.surface.outputs.count == 1 })
        #expect(window.scale == 2)
        #expect(window.width == 200 && window.height == 100)
        #expect(sizes.first.map { $0 == (400, 200, 2) } == true)
        // Damage is in the buffer's pixels.
        #expect(damage.first == [PixelRect(x: 0, y: 0, width: 400, height: 200)])
    }

    @Test("A protocol error ends the loop with one line naming interface, object and code; the program hears first")
    func protocolErrorIsTyped() throws {
        let weston = try HeadlessCompositor.weston()
        let display = try Display(name: weston.socket)
        let window = try ToplevelWindow(display: display, title: "error test", appID: "test.error", width: 100, height: 100)
        #expect(try run(display) { window.isConfigured })
        var heard: [WaylandError] = []
        display.onDisconnect = { heard.append($0) }
        // A second xdg_surface for a surface that has one is a protocol error.
        let wmBase = try #require(display.registry.wmBase)
        let extra = xdg_wm_base_get_xdg_surface(wmBase.pointer, window.surface.pointer)
        defer { if let extra { xdg_surface_destroy(extra) } }
        do throws(WaylandError) {
            _ = try run(display) { false }
            Issue.record("the loop ended without an error")
        } catch {
            guard case let .protocolError(interface, objectID, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(interface.hasPrefix("xdg_") || interface == "wl_surface")
            #expect(objectID != 0)
            #expect(!error.description.contains("\n"))
            #expect(heard == [error])
        }
    }

    @Test("The compositor going away: the program hears it first, then the loop throws connectionLost")
    func compositorGoingAway() throws {
        let weston = try HeadlessCompositor.weston()
        let display = try Display(name: weston.socket)
        let window = try ToplevelWindow(display: display, title: "gone test", appID: "test.gone", width: 100, height: 100)
        #expect(try run(display) { window.committedFrameCount >= 1 })
        var heard: [WaylandError] = []
        display.onDisconnect = { heard.append($0) }
        weston.process.kill()
        do throws(WaylandError) {
            _ = try run(display) { false }
            Issue.record("the loop ended without an error")
        } catch {
            guard case .connectionLost = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(heard == [error])
        }
    }
}

@Suite(
    "Wayland client on headless sway",
    .enabled(if: HeadlessCompositor.isInstalled("/usr/bin/sway") && HeadlessCompositor.isInstalled("/usr/bin/grim"))
)
struct SwayTests {
    /// The colour the window fills itself with, to be found on the screenshot.
    static let colour: UInt32 = 0x2E8B57

    @Test("A window is tiled with server-side decorations, commits, and grim sees what it drew")
    func windowIsTiledAndOnScreen() throws {
        let sway = try HeadlessCompositor.sway()
        let log = LogRecorder()
        let display = try Display(name: sway.socket, log: log.hook)
        #expect(!log.lines.contains { $0.contains("zxdg_decoration_manager_v1") })

        let window = try ToplevelWindow(display: display, title: "sway test", appID: "test.sway", width: 320, height: 240)
        let program = WindowProgram(window)
        program.draws = { buffer, damage in
            fill(buffer, damage, colour: Self.colour)
            return []
        }
        #expect(try run(display) { window.committedFrameCount >= 1 && window.decorationMode == .serverSide },
                "\(sway.runtime.read(sway.logName))")
        // sway configures 0×0 first (the client's size) and tiles the window when it maps, over the whole output.
        #expect(try run(display) { window.states.contains(.tiled) && window.committedFrameCount >= 2 })
        #expect(window.width > 320 && window.height > 240)
        // Wait for the frame callback of the first commit: the buffer is on screen.
        #expect(try run(display) { window.presenter.frameWatchdogDeadline == nil })

        let screenshot = sway.runtime.path + "/screenshot.ppm"
        let grim = try SpawnedProcess(
            "/usr/bin/setpriv",
            ["--reuid=\(sway.user!.uid)", "--regid=\(sway.user!.gid)", "--clear-groups", "--",
             "/usr/bin/grim", "-t", "ppm", screenshot],
            environment: ["XDG_RUNTIME_DIR": sway.runtime.path, "WAYLAND_DISPLAY": "wayland-1", "PATH": "/usr/bin:/bin"],
            log: sway.runtime.path + "/grim.log"
        )
        // The client keeps serving its connection while grim captures.
        #expect(try run(display) { grim.hasExited }, "grim did not finish")
        #expect(grim.waitForExit(timeout: .seconds(1)) == 0, "\(sway.runtime.read("grim.log"))")
        if let copy = ProcessInfo.processInfo.environment["WAYLAND_CLIENT_TEST_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: copy)
            try? FileManager.default.copyItem(atPath: screenshot, toPath: copy)
        }
        let image = try #require(PPMImage(contentsOf: screenshot))
        let filled = image.count(of: Self.colour)
        // The window covers the output but for sway's borders and title bar.
        #expect(filled >= window.width * window.height * 9 / 10, "\(filled) pixels of the window's colour")
        #expect(image.pixel(x: image.width / 2, y: image.height / 2) == Self.colour)
    }

    @Test("The compositor asking to close reaches the window's delegate; the window stays until the program lets it go")
    func closeRequest() throws {
        let sway = try HeadlessCompositor.sway()
        let display = try Display(name: sway.socket)
        let window = try ToplevelWindow(display: display, title: "close", appID: "test.close", width: 100, height: 100)
        let program = WindowProgram(window)
        var closeRequests = 0
        program.closes = { closeRequests += 1 }
        #expect(try run(display) { window.committedFrameCount >= 1 })
        let ipc = try #require(
            try FileManager.default.contentsOfDirectory(atPath: sway.runtime.path).first { $0.hasPrefix("sway-ipc.") }
        )
        let swaymsg = try sway.runClient(
            "/usr/bin/swaymsg", ["-s", sway.runtime.path + "/" + ipc, "[app_id=test.close]", "kill"], timeout: .seconds(5)
        )
        #expect(swaymsg == 0, "\(sway.runtime.read("client.log"))")
        #expect(try run(display) { closeRequests == 1 })
        #expect(window.isConfigured)
    }

    @Test("A hidden window gets no frame callbacks: the watchdog draws after about a second")
    func hiddenWindowIsDrawnByTheWatchdog() throws {
        let sway = try HeadlessCompositor.sway()
        let log = LogRecorder()
        let display = try Display(name: sway.socket, debug: log.hook)
        let window = try ToplevelWindow(display: display, title: "hidden", appID: "test.hidden", width: 320, height: 240)
        let program = WindowProgram(window)
        program.draws = { buffer, damage in
            fill(buffer, damage, colour: Self.colour)
            return []
        }
        #expect(try run(display) { window.states.contains(.tiled) && window.presenter.frameWatchdogDeadline == nil })

        // An empty workspace hides the window.
        let ipc = try #require(
            try FileManager.default.contentsOfDirectory(atPath: sway.runtime.path).first { $0.hasPrefix("sway-ipc.") }
        )
        let swaymsg = try sway.runClient(
            "/usr/bin/swaymsg", ["-s", sway.runtime.path + "/" + ipc, "workspace", "2"], timeout: .seconds(5)
        )
        #expect(swaymsg == 0, "\(sway.runtime.read("client.log"))")
        try display.roundtrip()

        // One commit asks for a frame callback that never comes; the next change waits for the watchdog.
        window.setNeedsDisplay([Rect(x: 0, y: 0, width: 10, height: 10)])
        try display.dispatch(timeout: .zero)
        let committed = window.committedFrameCount
        #expect(window.presenter.frameWatchdogDeadline != nil)
        window.setNeedsDisplay([Rect(x: 20, y: 0, width: 10, height: 10)])
        let start = MonotonicClock.now
        #expect(try run(display, timeout: .seconds(3)) { window.committedFrameCount > committed })
        let waited = MonotonicClock.now - start
        #expect(waited >= .milliseconds(900) && waited < .seconds(2), "waited \(waited)")
        #expect(log.lines.contains { $0.contains("no frame callback") })
    }
}

@Suite("wayland-hello", .enabled(if: HeadlessCompositor.isInstalled("/usr/bin/weston")))
struct WaylandHelloTests {
    /// The built executable next to the test bundle, when the whole package was built.
    static var executable: String? {
        let directory = (CommandLine.arguments[0] as NSString).deletingLastPathComponent
        let candidates = [directory + "/wayland-hello", (directory as NSString).deletingLastPathComponent + "/wayland-hello"]
        return candidates.first { access($0, X_OK) == 0 }
    }

    @Test("wayland-hello maps its window on weston and ends on SIGTERM", .enabled(if: executable != nil))
    func helloMapsAndEnds() throws {
        let weston = try HeadlessCompositor.weston()
        let log = weston.runtime.path + "/hello.log"
        let hello = try SpawnedProcess(
            try #require(Self.executable), ["--fill", "ff8000"], environment: ["WAYLAND_DISPLAY": weston.socket], log: log
        )
        #expect(waitUntil(timeout: .seconds(5)) { weston.runtime.read("hello.log").contains("configured 640x480") },
                "\(weston.runtime.read("hello.log"))")
        #expect(!hello.hasExited)
        Glibc.kill(hello.pid, SIGTERM)
        #expect(waitUntil(timeout: .seconds(5)) { hello.hasExited })
    }

    @Test("wayland-hello without a compositor: exit 1 and one line naming WAYLAND_DISPLAY", .enabled(if: executable != nil))
    func helloWithoutCompositor() throws {
        let directory = try TemporaryDirectory(prefix: "wayland-hello")
        let hello = try SpawnedProcess(
            try #require(Self.executable), [], environment: ["WAYLAND_DISPLAY": "nothing-here", "XDG_RUNTIME_DIR": directory.path],
            log: directory.path + "/hello.log"
        )
        #expect(hello.waitForExit(timeout: .seconds(5)) == 1)
        let output = directory.read("hello.log")
        #expect(output.split(separator: "\n").count == 1)
        #expect(output.contains("WAYLAND_DISPLAY=nothing-here") && output.contains("XDG_RUNTIME_DIR=\(directory.path)"))
    }
}
