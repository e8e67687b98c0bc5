import Foundation
import Glibc
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// A real compositor the programs are tested on, headless: GNOME's (mutter), KDE's (KWin), weston and sway.
enum Desktop: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case mutter, kwin, weston, sway

    var testDescription: String { rawValue }

    /// Whether it can run here; its tests are skipped otherwise.
    var isInstalled: Bool {
        switch self {
        case .mutter: HeadlessCompositor.isMutterInstalled
        case .kwin: HeadlessCompositor.isKWinInstalled
        case .weston: HeadlessCompositor.isInstalled("/usr/bin/weston")
        case .sway: HeadlessCompositor.isInstalled("/usr/bin/sway") && HeadlessCompositor.isInstalled("/usr/bin/swaymsg")
        }
    }

    static var installed: [Desktop] { allCases.filter(\.isInstalled) }

    /// The decorations it gives a window that asks for server-side ones: KWin and sway draw them; mutter and weston
    /// offer no xdg-decoration, so the program draws its own title bar.
    var decorations: String {
        switch self {
        case .kwin, .sway: "server-side"
        case .mutter, .weston: "client-side"
        }
    }

    /// Its output's size: 1024x768, but sway's headless output is 1280x720.
    var outputSize: (width: Int, height: Int) {
        self == .sway ? (1280, 720) : HeadlessCompositor.desktopOutputSize
    }

    /// Starts it with an output of ``outputSize``.
    func start() throws -> HeadlessCompositor {
        let size = HeadlessCompositor.desktopOutputSize
        return switch self {
        case .mutter: try .mutter()
        case .kwin: try .kwin()
        case .weston: try .weston(width: size.width, height: size.height)
        case .sway: try .sway()
        }
    }
}

/// A program running on a headless compositor, its standard error (with `FINGERPAINT_DEBUG=1`, and libwayland's
/// protocol trace with `WAYLAND_DEBUG=client`) in a log file.
struct ProgramOnDesktop {
    let process: SpawnedProcess
    let logPath: String

    init(_ program: String, _ arguments: [String], on compositor: HeadlessCompositor, scratch: TemporaryDirectory,
         name: String = "program.log", protocolTrace: Bool = false, environment extra: [String: String] = [:]) throws {
        logPath = scratch.path(name)
        var environment = FingerPaintWindowTests.environment(in: scratch).merging([
            "WAYLAND_DISPLAY": compositor.socket, "XDG_RUNTIME_DIR": compositor.runtime.path, "PATH": "/usr/bin:/bin",
            "FINGERPAINT_DEBUG": "1",
        ]) { $1 }
        if protocolTrace { environment["WAYLAND_DEBUG"] = "client" }
        environment.merge(extra) { $1 }
        process = try SpawnedProcess(program, arguments, environment: environment, log: logPath)
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits up to a minute (a loaded 2-core machine starts compositors and programs slowly) for the log to
    /// satisfy `condition`; false if the program ended first or time ran out.
    func waitForLog(_ condition: (String) -> Bool) -> Bool {
        waitUntil(timeout: .seconds(60)) { condition(log) || process.hasExited } && condition(log)
    }

    /// The lines of the session's debug log saying how the window was configured.
    var configureLines: [Substring] {
        log.split(separator: "\n").filter { $0.contains("debug: configured ") }
    }
}

/// `fingerpaint` on the desktops' own compositors, headless: GNOME's mutter 43 and KDE's KWin 5.27 (virtual
/// backend), beside weston 10 and sway 1.7. Each test is skipped where its compositor is not installed.
@Suite(.serialized) struct DesktopCompositorTests {
    static let fingerpaint = FingerPaintWindowTests.fingerpaint

    /// The two fingers' strokes in the content's coordinates, then F11 (fullscreen) at 600 ms.
    static let strokesThenFullscreen = FingerPaintWindowTests.twoFingerStrokes
        + [SeatEvent(time: .milliseconds(600), .key(KeyChord("F11")))]

    @Test("The window maps with the decorations offered, honours the compositor's size, and saves on SIGTERM",
          .enabled(if: !Desktop.installed.isEmpty, "none of mutter, kwin-wayland, weston, sway is installed"),
          arguments: Desktop.installed)
    func mapsResizesAndSavesOnSIGTERM(desktop: Desktop) throws {
        let compositor = try desktop.start()
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write(
            "strokes.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: Self.strokesThenFullscreen).serialized())
        let program = try ProgramOnDesktop(
            Self.fingerpaint, [scratch.path("drawing.fpdraw"), "--replay", trace], on: compositor, scratch: scratch,
            protocolTrace: true)
        defer { program.process.kill() }
        let output = desktop.outputSize
        let fullscreen = "configured \(output.width)x\(output.height) at scale 1, states [fullscreen"
        // Fullscreen at the output's size (the replayed F11), and a buffer of that size made after it: the
        // compositor's size is honoured.
        let resized = program.waitForLog { log in
            guard let configured = log.range(of: fullscreen) else { return false }
            return log[configured.upperBound...].contains(", \(output.width), \(output.height), \(output.width * 4), ")
        }
        #expect(resized, "\(program.log.suffix(3000))\n\(compositor.runtime.read(compositor.logName).suffix(2000))")
        // The app_id is the desktop file's name.
        #expect(program.log.contains("set_app_id(\"\(FingerPaintWindowTests.appID)\")"))
        // Every configure names the decorations the compositor gives.
        let configured = program.configureLines
        #expect(!configured.isEmpty)
        #expect(configured.allSatisfy { $0.hasSuffix("decorations \(desktop.decorations)") }, "\(configured)")
        // SIGTERM: the program saves, then ends with 128 + 15.
        kill(program.process.pid, SIGTERM)
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 128 + SIGTERM, "\(program.log.suffix(2000))")
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 2)
        #expect(!program.log.contains("wl_display@1.error"), "a protocol error: \(program.log.suffix(2000))")
        #expect(!program.log.contains("protocol error"))
    }
}

extension DesktopCompositorTests {
    /// mutter and KWin send `xdg_toplevel.configure_bounds` (the work area).
    static let withBounds = Desktop.installed.filter { $0 == .mutter || $0 == .kwin }

    @Test("A window asked larger than the screen fits the compositor's configure_bounds from its first frame",
          .enabled(if: !withBounds.isEmpty, "neither mutter nor kwin-wayland is installed"), arguments: withBounds)
    func theFirstSizeFitsTheBounds(desktop: Desktop) throws {
        let compositor = try desktop.start()
        let scratch = try TemporaryDirectory()
        let program = try ProgramOnDesktop(
            Self.fingerpaint, [scratch.path("drawing.fpdraw"), "--size", "1600x1200"], on: compositor, scratch: scratch,
            protocolTrace: true)
        defer { program.process.kill() }
        // The bounds came, then the first configure, then the first buffer.
        #expect(program.waitForLog { $0.contains("configure_bounds(") && $0.contains("debug: configured") && $0.contains(".create_buffer(") },
                "\(program.log.suffix(3000))")
        let first = try #require(program.configureLines.first)
        let size = desktop.outputSize
        let numbers = first.split(separator: " ").first { $0.contains("x") && $0.first?.isNumber == true }?
            .split(separator: "x").compactMap { Int($0) } ?? []
        #expect(numbers.count == 2 && numbers[0] <= size.width && numbers[1] <= size.height, "\(first)")
        // No buffer of the asked size was ever made.
        #expect(!program.log.contains(", 1600, 1200, "))
    }

    /// The compositors that can close a window from outside here: sway (`swaymsg kill`) and KWin (a KWin script).
    /// mutter closes none from outside without gnome-shell (our close button clicked through its remote-desktop pointer:
    /// `MutterInputTests`), weston none without input.
    static let closable = Desktop.installed.filter { $0 == .kwin || $0 == .sway }

    @Test("The compositor's close saves and ends the program",
          .enabled(if: !closable.isEmpty, "neither kwin-wayland nor sway is installed"), arguments: closable)
    func theCompositorsCloseSavesAndQuits(desktop: Desktop) throws {
        let compositor = try desktop.start()
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write(
            "strokes.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: FingerPaintWindowTests.twoFingerStrokes).serialized())
        let program = try ProgramOnDesktop(
            Self.fingerpaint, [scratch.path("drawing.fpdraw"), "--replay", trace], on: compositor, scratch: scratch)
        defer { program.process.kill() }
        // Both replayed strokes are in once the document's journal has them (it is written as strokes end).
        let painted = waitUntil(timeout: .seconds(60)) {
            FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 2 || program.process.hasExited
        }
        #expect(painted && !program.process.hasExited, "\(program.log.suffix(2000))")
        switch desktop {
        case .kwin:
            #expect(try compositor.runKWinScript("""
                workspace.clientList().forEach(function (c) { if (c.resourceClass == "\(FingerPaintWindowTests.appID)") c.closeWindow(); });
                """), "\(compositor.runtime.read("dbus-send.log"))")
        case .sway:
            let ipc = try #require(compositor.swayIPCSocket)
            #expect(try compositor.runClient("/usr/bin/swaymsg", ["-s", ipc, "[app_id=\(FingerPaintWindowTests.appID)]", "kill"],
                                             timeout: .seconds(30)) == 0, "\(compositor.runtime.read("client.log"))")
        case .mutter, .weston:
            Issue.record("\(desktop) cannot close a window from outside")
        }
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 0, "\(program.log.suffix(2000))")
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 2)
    }
}

/// mutter (GNOME) with input: its remote-desktop API gives a virtual pointer without PipeWire, but touch only with a
/// screen-cast stream (PipeWire), which these tests do not run.
@Suite(.serialized, .enabled(if: HeadlessCompositor.isMutterInstalled, "mutter (with dbus) is not installed"))
struct MutterInputTests {
    @Test func ourCloseButtonClickedThroughMuttersPointerSavesAndEndsTheProgram() throws {
        let mutter = try HeadlessCompositor.mutter()
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write(
            "strokes.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: FingerPaintWindowTests.twoFingerStrokes).serialized())
        // As large as the screen: mutter shows it at the screen's top-left (maximized or not), so the close button
        // is at the screen's top-right corner.
        let program = try ProgramOnDesktop(
            DesktopCompositorTests.fingerpaint, [scratch.path("drawing.fpdraw"), "--size", "1024x768", "--replay", trace],
            on: mutter, scratch: scratch, protocolTrace: true)
        defer { program.process.kill() }
        let painted = waitUntil(timeout: .seconds(60)) {
            FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 2 || program.process.hasExited
        }
        #expect(painted && !program.process.hasExited, "\(program.log.suffix(2000))")
        let address = try #require(mutter.sessionBusAddress)
        let input = try MutterRemoteDesktop(busAddress: address)
        // Into the top-right corner (mutter clamps the pointer to the screen), then 10 points left and 16 down: the
        // middle of the close button's row, clear of the resize borders.
        // mutter makes the session's virtual pointer in its input thread, and drops what comes before: move until
        // the program's protocol trace shows the pointer entering its surface.
        let entered = { program.log.range(of: #"wl_pointer@\d+\.enter\("#, options: .regularExpression) != nil }
        for _ in 0..<20 where !entered() {
            try input.movePointer(dx: 5000, dy: -5000)
            try input.movePointer(dx: -10, dy: 16)
            _ = waitUntil(timeout: .seconds(3)) { entered() }
        }
        #expect(entered(), "the pointer never entered the window")
        try input.click()
        let pointerEvents = { program.log.split(separator: "\n").filter { $0.contains("wl_pointer") || $0.contains("debug: configured") } }
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 0, "\(pointerEvents().suffix(30))")
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 2)
    }

    // No touch-started resize on mutter: mutter 43 headless has no touch device (touch comes only through
    // RemoteDesktop.NotifyTouchDown, which needs a PipeWire screen-cast stream). It is tested on KWin
    // (KWinTouchTests) and against touch-replay (WindowManagementTests); docs/window-integration.md says so.
}

/// The fake-input player.
private let kwinReplayPath = ChildProcess.product("kwin-replay")

/// Real touch through KWin's input path: `kwin-replay` plays traces with KWin's fake input device
/// (`org_kde_kwin_fake_input`) into the programs' fullscreen windows, whose surface starts at KWin's (0, 0).
@Suite(.serialized, .enabled(if: HeadlessCompositor.isKWinInstalled && FileManager.default.isExecutableFile(atPath: kwinReplayPath),
                             "kwin-wayland (with dbus) is not installed, or kwin-replay was not built"))
struct KWinTouchTests {
    static let kwinReplay = kwinReplayPath

    /// Starts `program` on `kwin` fullscreen (a replayed F11) and waits until it is.
    static func startFullscreen(_ program: String, _ arguments: [String], on kwin: HeadlessCompositor,
                                scratch: TemporaryDirectory) throws -> ProgramOnDesktop {
        let f11 = try scratch.write("f11.jsonl", Trace(events: [SeatEvent(time: .milliseconds(0), .key(KeyChord("F11")))]).serialized())
        let started = try ProgramOnDesktop(program, arguments + ["--replay", f11], on: kwin, scratch: scratch)
        let output = HeadlessCompositor.desktopOutputSize
        #expect(started.waitForLog { $0.contains("configured \(output.width)x\(output.height) at scale 1, states [fullscreen") },
                "\(started.log.suffix(2000))")
        return started
    }

    /// Plays `trace` through KWin with kwin-replay; its exit status.
    static func play(_ trace: String, on kwin: HeadlessCompositor, scratch: TemporaryDirectory,
                     origin: String = "0,0") throws -> Int32? {
        let player = try SpawnedProcess(
            // A second for the programs to bind wl_touch once KWin's seat has touch: a loaded machine is slow.
            kwinReplay, [trace, "--origin", origin, "--settle", "1000"],
            environment: ["WAYLAND_DISPLAY": kwin.socket, "XDG_RUNTIME_DIR": kwin.runtime.path, "PATH": "/usr/bin:/bin"],
            log: scratch.path("kwin-replay.log"))
        return player.waitForExit(timeout: .seconds(120))
    }

    @Test func twoFingersPaintThroughKWinIntoTheSavedDocumentAndACancelledFingerDoesNot() throws {
        let kwin = try HeadlessCompositor.kwin()
        let scratch = try TemporaryDirectory()
        let recording = scratch.path("recording.jsonl")
        let program = try Self.startFullscreen(
            DesktopCompositorTests.fingerpaint, [scratch.path("drawing.fpdraw"), "--record", recording], on: kwin, scratch: scratch)
        defer { program.process.kill() }
        // Two fingers at once (y = 100 and 200), lifted; then a third finger (y = 450) that KWin cancels.
        var events = FingerPaintWindowTests.twoFingerStrokes
        for step in 0...10 {
            let t = 500 + Double(step) * 16, location = Point(x: 100 + Double(step) * 30, y: 450)
            events += [SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 7, location: location) : .touchMotion(id: 7, location: location)),
                       SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        events.append(SeatEvent(time: .milliseconds(700), .touchCancel))
        let trace = try scratch.write("touches.jsonl", Trace(canvasSize: Size(width: 1024, height: 768), events: events).serialized())
        #expect(try Self.play(trace, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
        // What the program got from KWin's wl_touch, cancel included.
        #expect(waitUntil(timeout: .seconds(60)) { ((try? String(contentsOfFile: recording, encoding: .utf8)) ?? "").contains("cancel") },
                "\(scratch.read("recording.jsonl").suffix(2000))")
        kill(program.process.pid, SIGTERM)
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 128 + SIGTERM, "\(program.log.suffix(2000))")
        let strokes = try #require(FingerPaintWindowTests.savedStrokes(in: scratch))
        // The two lifted fingers' strokes, where they went; the cancelled one is not kept.
        #expect(strokes.count == 2)
        let heights = strokes.map { stroke in stroke.points.map(\.location.y).reduce(0, +) / Double(max(stroke.points.count, 1)) }.sorted()
        #expect(heights.count == 2 && abs(heights[0] - 100) < 1 && abs(heights[1] - 200) < 1, "\(heights)")
        #expect(strokes.allSatisfy { ($0.points.map(\.location.x).max() ?? 0) >= 250 })
    }

    @Test func atKWinsFractionalScaleOfOneAndAHalfTheWindowDrawsAtTwoAndTheViewportMapsItOntoItsSize() throws {
        let kwin = try HeadlessCompositor.kwin(scale: 1.5)
        let scratch = try TemporaryDirectory()
        let program = try ProgramOnDesktop(
            DesktopCompositorTests.fingerpaint, [scratch.path("drawing.fpdraw"), "--size", "800x500"], on: kwin,
            scratch: scratch, protocolTrace: true)
        defer { program.process.kill() }
        // KWin prefers 1.5 (180/120); the window draws 1600x1000 pixels and shows them on 800x500 points, which KWin
        // scales to 1200x750 output pixels: sharper than a 1x buffer scaled up.
        #expect(program.waitForLog { $0.contains("wp_viewport@") && $0.contains(".set_destination(800, 500)") },
                "\(program.log.suffix(3000))")
        #expect(program.log.contains(".preferred_scale(180)"))
        #expect(program.log.contains(", 1600, 1000, 6400, "))
        #expect(program.configureLines.first?.contains("configured 800x500 at scale 2") == true)
        // The viewport does the mapping: the buffer scale stays 1.
        #expect(!program.log.contains("set_buffer_scale(2)"))
        #expect(!program.log.contains("wl_display@1.error"))
    }

    /// The size in the last configure line of a program's debug log.
    static func lastConfiguredSize(_ program: ProgramOnDesktop) -> (width: Int, height: Int)? {
        guard let line = program.configureLines.last,
              let word = line.split(separator: " ").first(where: { $0.contains("x") && $0.first?.isNumber == true })
        else { return nil }
        let numbers = word.split(separator: "x").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test func kwinResizesTheWindowFromItsOwnBordersByFingerAndByPointer() throws {
        let kwin = try HeadlessCompositor.kwin()
        let scratch = try TemporaryDirectory()
        // FINGERPAINT_CSD=1: the program draws its decorations on KWin too, so its borders are what resizes.
        let program = try ProgramOnDesktop(
            DesktopCompositorTests.fingerpaint, [scratch.path("drawing.fpdraw"), "--size", "600x400"], on: kwin,
            scratch: scratch, environment: ["FINGERPAINT_CSD": "1"])
        defer { program.process.kill() }
        #expect(program.waitForLog { $0.contains("states [activated], decorations client-side") }, "\(program.log.suffix(2000))")
        // Put the window where the test aims: its surface at (100, 100).
        #expect(try kwin.runKWinScript("""
            workspace.clientList().forEach(function (c) {
                if (c.resourceClass == "\(FingerPaintWindowTests.appID)") c.frameGeometry = {x: 100, y: 100, width: 600, height: 400};
            });
            """))
        // A finger on the right border drags it 150 points right.
        var touch: [SeatEvent] = [SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: Point(x: 597, y: 200))), SeatEvent(time: .milliseconds(0), .touchFrame)]
        for step in 1...3 {
            touch += [SeatEvent(time: .milliseconds(Double(step) * 50), .touchMotion(id: 1, location: Point(x: 597 + Double(step) * 50, y: 200))),
                      SeatEvent(time: .milliseconds(Double(step) * 50), .touchFrame)]
        }
        touch += [SeatEvent(time: .milliseconds(300), .touchUp(id: 1)), SeatEvent(time: .milliseconds(300), .touchFrame)]
        let touchTrace = try scratch.write("touch.jsonl", Trace(events: touch).serialized())
        #expect(try Self.play(touchTrace, on: kwin, scratch: scratch, origin: "100,100") == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { _ in
            guard let size = Self.lastConfiguredSize(program) else { return false }
            return size.width >= 700 && size.height == 400 && program.configureLines.last?.contains("resizing") == false
        }, "\(program.configureLines)")
        #expect(program.log.contains("states [resizing"))
        // The pointer on the bottom border drags it 100 points down.
        var pointer: [SeatEvent] = [SeatEvent(time: .milliseconds(0), .pointerMotion(location: Point(x: 300, y: 397))),
                                    SeatEvent(time: .milliseconds(50), .pointerButton(.left, isPressed: true))]
        for step in 1...4 {
            pointer.append(SeatEvent(time: .milliseconds(50 + Double(step) * 50), .pointerMotion(location: Point(x: 300, y: 397 + Double(step) * 25))))
        }
        pointer.append(SeatEvent(time: .milliseconds(400), .pointerButton(.left, isPressed: false)))
        let pointerTrace = try scratch.write("pointer.jsonl", Trace(events: pointer).serialized())
        #expect(try Self.play(pointerTrace, on: kwin, scratch: scratch, origin: "100,100") == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { _ in
            guard let size = Self.lastConfiguredSize(program) else { return false }
            return size.width >= 700 && size.height >= 450 && program.configureLines.last?.contains("resizing") == false
        }, "\(program.configureLines)")
        // Nothing was painted by the presses on the borders.
        kill(program.process.pid, SIGTERM)
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 128 + SIGTERM)
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.isEmpty == true)
    }

    @Test func theGestureDemoDecidesThroughKWinWhatItDecidesHeadless() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let trace = root.appendingPathComponent("assets/gesture-demo.jsonl").path
        let demo = ChildProcess.product("gesture-demo")
        let scratch = try TemporaryDirectory()
        let headless = try await ChildProcess.run(demo, ["--replay", trace, "--headless", "--log", scratch.path("headless.jsonl")])
        #expect(headless.status == 0, "\(headless.standardError)")
        let expected = scratch.read("headless.jsonl").split(separator: "\n").map(String.init)
        #expect(expected.count > 10)

        // The same decisions in the same order, at the same places with the same touches; times and velocities
        // differ by KWin's and the machine's timing.
        func decisions(_ lines: [String]) -> [(decision: String, location: [Double])] {
            lines.compactMap { line in
                guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      record["state"] as? String != "changed" else { return nil }
                return ("\(record["recognizer"] ?? "") \(record["state"] ?? "") \(record["touches"] ?? "")",
                        (record["location"] as? [Double]) ?? [])
            }
        }
        let expectedDecisions = decisions(expected)
        // The trace plays in real time: on a machine busy enough to hold KWin's events back, a swipe can reach the
        // demo slower than it was made and be a pan. Played a second time then, in a fresh KWin.
        var live: [String] = []
        for attempt in 1...2 {
            let log = "live-\(attempt).jsonl"
            let kwin = try HeadlessCompositor.kwin()
            let program = try Self.startFullscreen(demo, ["--log", scratch.path(log)], on: kwin, scratch: scratch)
            defer { program.process.kill() }
            #expect(try Self.play(trace, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
            // The live demo's timers (a tap waiting for the double tap to fail) end on their own clock.
            _ = waitUntil(timeout: .seconds(30)) { scratch.read(log).split(separator: "\n").count >= expected.count }
            kill(program.process.pid, SIGTERM)
            #expect(program.process.waitForExit(timeout: .seconds(60)) == 128 + SIGTERM, "\(program.log.suffix(2000))")
            live = scratch.read(log).split(separator: "\n").map(String.init)
            if decisions(live).map(\.decision) == expectedDecisions.map(\.decision) { break }
        }
        let liveDecisions = decisions(live)
        #expect(liveDecisions.map(\.decision) == expectedDecisions.map(\.decision),
                "live:\n\(live.joined(separator: "\n"))\nheadless:\n\(expected.joined(separator: "\n"))")
        // A recognizer's location is its touches' centroid when it decided, a motion sooner or later live.
        for (live, headless) in zip(liveDecisions, expectedDecisions) where live.location.count == 2 && headless.location.count == 2 {
            #expect(abs(live.location[0] - headless.location[0]) < 15 && abs(live.location[1] - headless.location[1]) < 15,
                    "\(live.decision): \(live.location) live, \(headless.location) headless")
        }
    }
}

/// The desktop's dialogs as the window's children on the desktops' own compositors: mutter and KWin offer
/// xdg-foreign (KWin `zxdg_exporter_v2`, mutter 43 only `zxdg_exporter_v1`), and the handle they give the window is the portal's `parent_window`
/// (docs/portal.md). The portal is fake-portal on a private bus; the compositor is real.
@Suite(.serialized) struct ForeignParentTests {
    @Test("Export…'s save dialog names the window by the handle mutter or KWin exported it under",
          .enabled(if: !DesktopCompositorTests.withBounds.isEmpty, "neither mutter nor kwin-wayland is installed"),
          arguments: DesktopCompositorTests.withBounds)
    func theSaveDialogsParentIsTheWindowTheCompositorExported(desktop: Desktop) throws {
        let compositor = try desktop.start()
        let scratch = try TemporaryDirectory()
        let bus = try PrivateBus()
        let chosen = scratch.path("From the desktop.png")
        let fake = try FakePortal(bus: bus, arguments: ["--choose", URL(fileURLWithPath: chosen).absoluteString])
        // Two strokes, then Export… (Ctrl+Shift+S) three seconds in, long after the window is mapped.
        let events = FingerPaintWindowTests.twoFingerStrokes
            + [SeatEvent(time: .milliseconds(3000), .key(KeyChord("s", modifiers: [.ctrl, .shift])))]
        let trace = try scratch.write("export.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: events).serialized())
        let program = try ProgramOnDesktop(
            DesktopCompositorTests.fingerpaint, [scratch.path("drawing.fpdraw"), "--replay", trace, "--style", "light"],
            on: compositor, scratch: scratch, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { program.process.kill() }
        #expect(program.waitForLog { $0.contains("exported the drawing to \(chosen)") }, "\(program.log.suffix(2000))")
        let prefix = "the window's xdg-foreign handle is "
        let handleLine = try #require(program.log.split(separator: "\n").first { $0.contains(prefix) }, "\(program.log.suffix(2000))")
        let handle = try #require(handleLine.range(of: prefix).map { handleLine[$0.upperBound...] })
        // mutter's handles are 32 random printable characters, a space among them now and then
        // (`G9>)WpQGku.*v13=`h^!S8Md.E*Z29X^`); KWin's are UUIDs in braces.
        #expect(handle.count >= 8, "\(handleLine)")
        let request = try #require(fake.log.split(separator: "\n").first { $0.hasPrefix("SaveFile") }, "\(fake.log)")
        #expect(request.hasPrefix("SaveFile parent_window=wayland:\(handle) "), "\(request)")
        #expect(FileManager.default.contents(atPath: chosen)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }
}
