import FingerPaintCore
import Foundation
import Glibc
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// Copying the drawing by touch on KDE's compositor: a finger on the palette's copy button through KWin's real input
/// path, and `wl-paste` (wl-clipboard) reading the clipboard back as another client would.
@Suite(.serialized, .enabled(if: HeadlessCompositor.isKWinInstalled && FileManager.default.isExecutableFile(atPath: KWinTouchTests.kwinReplay),
                             "kwin-wayland (with dbus) is not installed, or kwin-replay was not built"))
struct ClipboardTests {
    static let wlPaste = "/usr/bin/wl-paste"

    /// A finger dragging the palette along until the copy button shows (the bar scrolls where its buttons do not
    /// fit), then tapping it: the events, worked out on the app as the window lays it out on KWin's output.
    static func scrollToCopyAndTap() -> [SeatEvent] {
        let output = HeadlessCompositor.desktopOutputSize
        let app = FingerPaintApp(size: Size(width: Double(output.width), height: Double(output.height)), drawing: Drawing())
        let palette = app.paletteView
        var events: [SeatEvent] = []
        func copyFrame() -> Rect { palette.convert(palette.items.first { $0.command == .copy }?.frame ?? .zero, to: nil) }
        var time = 0.0
        let y = palette.convert(palette.bounds.center, to: nil).y
        for _ in 0..<4 where copyFrame().maxX > Double(output.width) - 30 {
            var drag: [SeatEvent] = []
            for step in 0...8 {
                let event = SeatEvent(time: .milliseconds(time + Double(step) * 16),
                                      step == 0 ? .touchDown(id: 1, location: Point(x: 900, y: y))
                                                : .touchMotion(id: 1, location: Point(x: 900 - Double(step) * 50, y: y)))
                drag += [event, SeatEvent(time: event.time, .touchFrame)]
            }
            drag += [SeatEvent(time: .milliseconds(time + 150), .touchUp(id: 1)), SeatEvent(time: .milliseconds(time + 150), .touchFrame)]
            for event in drag { app.handle(event) }
            events += drag
            time += 300
        }
        let button = copyFrame().center
        return events + [SeatEvent(time: .milliseconds(time + 200), .touchDown(id: 2, location: button)),
                         SeatEvent(time: .milliseconds(time + 200), .touchFrame),
                         SeatEvent(time: .milliseconds(time + 260), .touchUp(id: 2)),
                         SeatEvent(time: .milliseconds(time + 260), .touchFrame)]
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: wlPaste), "wl-paste is not installed (apt-get install wl-clipboard)"))
    func aTapOnCopyPutsTheDrawingOnTheClipboardAsPNGAndSVG() async throws {
        let kwin = try HeadlessCompositor.kwin()
        let scratch = try ExportTests.scratchWithDrawing()
        let program = try KWinTouchTests.startFullscreen(DesktopCompositorTests.fingerpaint, [scratch.path("d.fpdraw")],
                                                         on: kwin, scratch: scratch)
        defer { program.process.kill() }
        let trace = try scratch.write("tap.jsonl", Trace(canvasSize: Size(width: 1024, height: 768), events: Self.scrollToCopyAndTap()).serialized())
        #expect(try KWinTouchTests.play(trace, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { $0.contains("copied the drawing to the clipboard") }, "\(program.log.suffix(2000))")
        let environment = ["WAYLAND_DISPLAY": kwin.socket, "XDG_RUNTIME_DIR": kwin.runtime.path, "PATH": "/usr/bin:/bin"]
        // wl-paste waits for the data as long as it takes: `timeout` ends it (and the test with it) if it never comes,
        // with SIGKILL: the test runner blocks SIGTERM, and its children inherit the mask.
        let paste = { (arguments: String) in
            try await ChildProcess.run("/bin/sh", ["-c", "exec /usr/bin/timeout -s KILL 20 \(Self.wlPaste) \(arguments)"],
                                       environment: environment, timeout: 40)
        }
        let types = try await paste("--list-types")
        #expect(types.standardOutput.split(separator: "\n").contains("image/png")
                && types.standardOutput.split(separator: "\n").contains("image/svg+xml"), "\(types.standardOutput)\(types.standardError)")
        let png = try await paste("--no-newline --type image/png > \(scratch.path("pasted.png"))")
        #expect(png.status == 0, "\(png.standardError)")
        try await ExportTests.expectStrokes(in: scratch.path("pasted.png"))
        let svg = try await paste("--no-newline --type image/svg+xml")
        #expect(svg.standardOutput.hasPrefix("<?xml") && svg.standardOutput.contains("<path"), "\(svg.standardOutput.prefix(300))")
    }
}
