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

    /// By touch alone on KDE's compositor: the lasso's button, a loop around the line, a finger held on it, the
    /// selection menu's Copy, then More and Paste: the events, worked out on a replica of the window that is given
    /// them as the real one will be.
    static func copyThenPasteByTouch() throws -> [SeatEvent] {
        let output = HeadlessCompositor.desktopOutputSize
        let app = FingerPaintApp(size: Size(width: Double(output.width), height: Double(output.height)), drawing: ExportTests.drawing())
        var events: [SeatEvent] = []
        var time = 0.0, id: Int32 = 0
        func send(_ kind: SeatEvent.Kind, after milliseconds: Double = 16) {
            time += milliseconds
            for event in [SeatEvent(time: .milliseconds(time), kind), SeatEvent(time: .milliseconds(time), .touchFrame)] {
                app.advanceTime(to: event.time)
                app.handle(event)
                events.append(event)
            }
        }
        func tap(_ point: Point) {
            id += 1
            send(.touchDown(id: id, location: point), after: 300)
            send(.touchUp(id: id), after: 60)
        }
        let palette = app.paletteView
        func barButton(_ command: PaintCommand) throws -> Point {
            palette.convert(try #require(palette.items.first { $0.command == command }).frame, to: nil).center
        }
        tap(try barButton(.useSelection))
        // A loop around the line from (100, 100) to (300, 100), not the dot at (200, 250).
        id += 1
        for index in 0...24 {
            let angle = Double(index) / 24 * 2 * .pi
            let point = Point(x: 200 + 140 * cos(angle), y: 100 + 45 * sin(angle))
            send(index == 0 ? .touchDown(id: id, location: point) : .touchMotion(id: id, location: point), after: index == 0 ? 300 : 16)
        }
        send(.touchUp(id: id))
        try #require(app.selection?.indices == [0])
        // Held on the line: the selection's menu.
        id += 1
        send(.touchDown(id: id, location: Point(x: 200, y: 100)), after: 300)
        send(.touchUp(id: id), after: 700)
        let menu = try #require(app.renderer.overlay?.layerMenu)
        tap(try #require(menu.rows.first { $0.title == "Copy" }).frame.center)
        tap(try barButton(.openMore))
        let paste = try #require(palette.layout.moreMenu.rows.first { $0.command == .paste })
        tap(palette.convert(paste.frame, to: nil).center)
        return events
    }

    /// Copy and paste within one window on KDE's compositor, by touch: the selection's strokes go onto the clipboard
    /// from the window and come back from it (the compositor asks the window to write into a pipe it reads itself),
    /// as a copy of the line in the middle of the view, kept in the document.
    @Test func aSelectionCopiedAndPastedByTouchComesBackAsAStroke() async throws {
        let kwin = try HeadlessCompositor.kwin()
        let scratch = try ExportTests.scratchWithDrawing()
        let program = try KWinTouchTests.startFullscreen(DesktopCompositorTests.fingerpaint, [scratch.path("d.fpdraw")],
                                                         on: kwin, scratch: scratch)
        defer { program.process.kill() }
        let trace = try scratch.write("copy-paste.jsonl", Trace(canvasSize: Size(width: 1024, height: 768),
                                                                events: try Self.copyThenPasteByTouch()).serialized())
        #expect(try KWinTouchTests.play(trace, on: kwin, scratch: scratch) == 0, "\(scratch.read("kwin-replay.log"))")
        #expect(program.waitForLog { $0.contains("pasted 1 stroke from the clipboard") }, "\(program.log.suffix(2000))")
        kill(program.process.pid, SIGTERM)
        #expect(program.process.waitForExit(timeout: .seconds(60)) == 128 + SIGTERM, "\(program.log.suffix(2000))")
        let saved = try DrawingDocument.read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.path("d.fpdraw")))))
        let strokes = saved.drawing.strokes
        #expect(strokes.count == 3, "the line, the dot and the line's copy")
        let copy = try #require(strokes.last), line = ExportTests.drawing().strokes[0]
        #expect(copy.color == line.color && copy.width == line.width && copy.points.count == line.points.count)
        #expect(abs(copy.bounds.midX - 512) < 1 && abs(copy.bounds.midX - line.bounds.midX) > 100, "\(copy.bounds)")
    }
}
