import FingerPaintCore
import Foundation
import Glibc
import PaintModel
import PaintRender
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

    static let wlCopy = "/usr/bin/wl-copy"

    /// A finger on the bar's More, then on the menu's Paste: the events, worked out on the app as the window lays it
    /// out on KWin's output.
    static func tapMoreThenPaste() throws -> [SeatEvent] {
        let output = HeadlessCompositor.desktopOutputSize
        let app = FingerPaintApp(size: Size(width: Double(output.width), height: Double(output.height)), drawing: Drawing())
        let palette = app.paletteView
        let more = palette.convert(try #require(palette.items.first { $0.command == .openMore }).frame, to: nil).center
        let paste = palette.convert(try #require(palette.layout.moreMenu.rows.first { $0.command == .paste }).frame, to: nil).center
        return [(more, 0.0), (paste, 400.0)].enumerated().flatMap { index, tap in
            let id = Int32(index + 1)
            return [SeatEvent(time: .milliseconds(tap.1), .touchDown(id: id, location: tap.0)),
                    SeatEvent(time: .milliseconds(tap.1), .touchFrame),
                    SeatEvent(time: .milliseconds(tap.1 + 60), .touchUp(id: id)),
                    SeatEvent(time: .milliseconds(tap.1 + 60), .touchFrame)]
        }
    }

    /// Pasting by touch what another program put on KDE's clipboard: `wl-copy` (wl-clipboard) offers a PNG, a
    /// finger taps More and then Paste through KWin's real input path, and the picture lands on a new layer, kept
    /// in the document; then a text, which the banner refuses;
    /// then strokes as another fingerpaint copies them, pasted as strokes.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: wlCopy), "wl-copy is not installed (apt-get install wl-clipboard)"))
    func aTapOnPastePutsAnotherProgramsPictureOnANewLayer() async throws {
        let kwin = try HeadlessCompositor.kwin()
        let scratch = try ExportTests.scratchWithDrawing()
        let png = try DrawingPicture(strokes: ExportTests.drawing().strokes).bytes(format: .png)
        let picture = scratch.path("copied.png")
        try Data(png).write(to: URL(fileURLWithPath: picture))
        let environment = ["WAYLAND_DISPLAY": kwin.socket, "XDG_RUNTIME_DIR": kwin.runtime.path, "PATH": "/usr/bin:/bin"]
        // wl-copy serves the clipboard, in the foreground, until something else is copied (then it ends).
        let copy = { (what: String) in
            try SpawnedProcess("/bin/sh", ["-c", "exec \(Self.wlCopy) --foreground \(what)"], environment: environment,
                               log: scratch.path("wl-copy.log"), ownProcessGroup: true)
        }
        let copier = try copy("--type image/png < '\(picture)'")
        defer { copier.kill() }
        let program = try KWinTouchTests.startFullscreen(DesktopCompositorTests.fingerpaint, [scratch.path("d.fpdraw")],
                                                         on: kwin, scratch: scratch)
        defer { program.process.kill() }
        let trace = try scratch.write("paste.jsonl", Trace(canvasSize: Size(width: 1024, height: 768), events: try Self.tapMoreThenPaste()).serialized())
        #expect(try KWinTouchTests.play(trace, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { $0.contains("pasted a picture from the clipboard") }, "\(program.log.suffix(2000))")
        // A text on the clipboard: refused, said in the log and the banner.
        let words = try copy("'some words'")
        defer { words.kill() }
        let again = try scratch.write("again.jsonl", Trace(canvasSize: Size(width: 1024, height: 768), events: try Self.tapMoreThenPaste()).serialized())
        #expect(try KWinTouchTests.play(again, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { $0.contains("nothing to paste: the clipboard offers") && $0.contains("text/plain") },
                "\(program.log.suffix(2000))")
        // Strokes as another fingerpaint copies them: pasted as strokes, on the current layer (the picture's).
        let strokes = scratch.path("strokes.fpdraw")
        try Data(DrawingDocument.encode(ExportTests.drawing())).write(to: URL(fileURLWithPath: strokes))
        let strokeCopier = try copy("--type \(FingerPaintApp.strokesMIMEType) < '\(strokes)'")
        defer { strokeCopier.kill() }
        let third = try scratch.write("third.jsonl", Trace(canvasSize: Size(width: 1024, height: 768), events: try Self.tapMoreThenPaste()).serialized())
        #expect(try KWinTouchTests.play(third, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { $0.contains("pasted 2 strokes from the clipboard") }, "\(program.log.suffix(2000))")
        kill(program.process.pid, SIGTERM)
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 128 + SIGTERM, "\(program.log.suffix(2000))")
        let saved = try DrawingDocument.read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.path("d.fpdraw")))))
        #expect(saved.drawing.layers.count == 2 && saved.drawing.layers[1].image?.bytes == png,
                "\(saved.drawing.layers.map(\.attributes.name))")
        #expect(saved.drawing.layers.last?.strokes.map(\.color) == ExportTests.drawing().strokes.map(\.color))
    }
}
