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
         name: String = "program.log", protocolTrace: Bool = false) throws {
        logPath = scratch.path(name)
        var environment = FingerPaintWindowTests.environment(in: scratch).merging([
            "WAYLAND_DISPLAY": compositor.socket, "XDG_RUNTIME_DIR": compositor.runtime.path, "PATH": "/usr/bin:/bin",
            "FINGERPAINT_DEBUG": "1",
        ]) { $1 }
        if protocolTrace { environment["WAYLAND_DEBUG"] = "client" }
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
        + [SeatEvent(time: 600, .key(KeyChord("F11")))]

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
