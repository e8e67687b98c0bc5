// fingerpaint and the desktop's portal: fake-portal on a private dbus-daemon, the program on touch-replay.
import FingerPaintCore
import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The program follows the desktop's colour scheme from the portal (docs/portal.md), and `--style` overrides it.
@Suite(.serialized) struct PortalWindowTests {
    /// One finger's stroke along y = 100, then nothing until `end` milliseconds (the window stays open that long).
    static func stroke(lastingUntil end: Double) -> [SeatEvent] {
        var events: [SeatEvent] = []
        for step in 0...10 {
            let location = Point(x: 100 + Double(step) * 20, y: 100)
            events += [SeatEvent(time: .milliseconds(Double(step) * 16), step == 0 ? .touchDown(id: 1, location: location)
                                                                 : .touchMotion(id: 1, location: location)),
                       SeatEvent(time: .milliseconds(Double(step) * 16), .touchFrame)]
        }
        events += [SeatEvent(time: .milliseconds(200), .touchUp(id: 1)), SeatEvent(time: .milliseconds(200), .touchFrame)]
        // A last event: touch-replay ends the run at the trace's last input (a tick would not keep it open).
        events.append(SeatEvent(time: .milliseconds(end), .pointerEnter(location: Point(x: 400, y: 300))))
        return events
    }

    /// Plays `events` into fingerpaint on touch-replay with `bus` as its session bus; returns the window's palette
    /// bar colour (a pixel near its bottom edge, between the buttons) and the paper's.
    static func paint(_ events: [SeatEvent], bus: PrivateBus, in scratch: TemporaryDirectory, options: [String] = [],
                      whileRunning: ((Int32) async throws -> Void)? = nil) async throws -> (bar: RGBA, paper: RGBA) {
        let trace = try scratch.write("trace.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: events).serialized())
        var environment = FingerPaintWindowTests.environment(in: scratch)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let result = try await ChildProcess.run(
            FingerPaintWindowTests.touchReplay,
            ["--trace", trace, "--output", scratch.path("window.png"), "--", FingerPaintWindowTests.fingerpaint,
             scratch.path("drawing.fpdraw"), "--verbose"] + options,
            environment: environment, timeout: 120, whileRunning: whileRunning)
        #expect(result.status == 0, "\(result.standardError)")
        let png = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(x: 2, y: 598), (x: 700, y: 300)])
        return (png.pixels[0], png.pixels[1])
    }

    static func isDark(_ pixel: RGBA) -> Bool { pixel.red < 0x40 && pixel.green < 0x40 && pixel.blue < 0x40 }
    static func isLight(_ pixel: RGBA) -> Bool { pixel.red > 0xD0 && pixel.green > 0xD0 && pixel.blue > 0xD0 }

    @Test func aDarkDesktopDarkensThePaletteButNotThePaper() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--color-scheme", "1"])
        let scratch = try TemporaryDirectory()
        let (bar, paper) = try await Self.paint(Self.stroke(lastingUntil: 300), bus: bus, in: scratch)
        #expect(Self.isDark(bar), "\(bar)")
        #expect(paper == RGBA(red: 255, green: 255, blue: 255, alpha: 255), "\(paper)")
        #expect(fake.log.contains("ReadOne org.freedesktop.appearance color-scheme"))
    }

    @Test func styleLightOverridesADarkDesktopAndThePortalIsNotAsked() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--color-scheme", "1"])
        let scratch = try TemporaryDirectory()
        let (bar, _) = try await Self.paint(Self.stroke(lastingUntil: 300), bus: bus, in: scratch, options: ["--style", "light"])
        #expect(Self.isLight(bar), "\(bar)")
        #expect(!fake.log.contains("color-scheme"), "\(fake.log)")
    }

    @Test func withoutAPortalTheStyleIsLight() async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        let (bar, _) = try await Self.paint(Self.stroke(lastingUntil: 300), bus: bus, in: scratch)
        #expect(Self.isLight(bar), "\(bar)")
    }

    @Test func theDesktopTurningDarkWhileTheWindowIsOpenDarkensThePalette() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--color-scheme", "2"])
        let scratch = try TemporaryDirectory()
        // The program reads the scheme (light) before its window opens, then the desktop turns dark; the window
        // stays open two seconds more.
        let (bar, paper) = try await Self.paint(Self.stroke(lastingUntil: 2_000), bus: bus, in: scratch) { _ in
            guard waitUntil(timeout: .seconds(60), { fake.log.contains("ReadOne") }) else {
                Issue.record("fingerpaint never asked the portal")
                return
            }
            try fake.changeColorScheme(to: 1)
        }
        #expect(Self.isDark(bar), "\(bar)")
        #expect(paper == RGBA(red: 255, green: 255, blue: 255, alpha: 255), "\(paper)")
    }

    // MARK: Export…

    /// A stroke, then Ctrl+Shift+S at 400 ms; the window stays open until 2 s.
    static let strokeThenExport: [SeatEvent] = {
        var events = stroke(lastingUntil: 2_000)
        events.insert(SeatEvent(time: .milliseconds(400), .key(KeyChord("s", modifiers: [.ctrl, .shift]))), at: events.count - 1)
        return events
    }()

    /// A window wide enough for the whole bar, nothing of it in the More menu.
    static let widePalette = Size(width: 1280, height: 600)

    /// A stroke, then a tap at 400 ms on the palette's Export… button in a ``widePalette`` window; the window stays
    /// open until 2 s.
    static let strokeThenExportByTouch: [SeatEvent] = {
        let content = Size(width: widePalette.width, height: widePalette.height - GalleryWindowTests.titleBar)
        let taps = GalleryWindowTests.paletteTaps(.exportAs, in: content)
        precondition(taps.count == 1, "the Export… button is in the More menu at \(content)")
        let button = taps[0]
        var events = stroke(lastingUntil: 2_000)
        events.insert(contentsOf: GalleryWindowTests.tap(button, at: 400, id: 2), at: events.count - 1)
        return events
    }()

    /// Plays `events` (by default ``strokeThenExport``) into fingerpaint with `bus` (its pictures folder
    /// `scratch/pictures`); returns what the program said on standard error.
    static func export(bus: PrivateBus, in scratch: TemporaryDirectory, events: [SeatEvent] = strokeThenExport,
                       canvas: Size = Size(width: 800, height: 600)) async throws -> String {
        try FileManager.default.createDirectory(atPath: scratch.path("pictures"), withIntermediateDirectories: true)
        let trace = try scratch.write("trace.jsonl", Trace(canvasSize: canvas, events: events).serialized())
        var environment = FingerPaintWindowTests.environment(in: scratch)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["HOME"] = scratch.path("home")
        environment["XDG_PICTURES_DIR"] = scratch.path("pictures")
        let result = try await ChildProcess.run(
            FingerPaintWindowTests.touchReplay,
            ["--trace", trace, "--output", scratch.path("window.png"), "--", FingerPaintWindowTests.fingerpaint,
             scratch.path("drawing.fpdraw"), "--style", "light"],
            environment: environment, timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardError
    }

    @Test func exportAsksTheDesktopsSaveDialogAndWritesTheChosenFormat() async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        let chosen = scratch.path("Sunset.svg")
        let fake = try FakePortal(bus: bus, arguments: ["--choose", URL(fileURLWithPath: chosen).absoluteString])
        let said = try await Self.export(bus: bus, in: scratch)
        let line = try #require(fake.log.split(separator: "\n").first { $0.hasPrefix("SaveFile") })
        #expect(line.contains("current_name='drawing.png'"), "\(line)")
        // The dialog's parent is the window, exported through touch-replay's zxdg_exporter_v2 (xdg-foreign).
        #expect(line.hasPrefix("SaveFile parent_window=wayland:touch-replay-1 "), "\(line)")
        #expect(line.contains("'*.png'") && line.contains("'*.svg'") && line.contains("'*.pdf'"), "\(line)")
        let svg = try String(contentsOfFile: chosen, encoding: .utf8)
        #expect(svg.contains("<svg"), "\(svg.prefix(200))")
        #expect(said.contains("exported the drawing to \(chosen)"), "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("pictures")).isEmpty)
        // The banner over the top of the canvas says where it went.
        let banner = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(x: 400, y: 50)]).pixels[0]
        #expect(banner.red < 0x80 && banner.green < 0x80, "\(banner)")
    }

    @Test func thePalettesExportButtonAsksTheSaveDialogToo() async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        let chosen = scratch.path("By touch.png")
        let fake = try FakePortal(bus: bus, arguments: ["--choose", URL(fileURLWithPath: chosen).absoluteString])
        let said = try await Self.export(bus: bus, in: scratch, events: Self.strokeThenExportByTouch, canvas: Self.widePalette)
        #expect(fake.log.contains("SaveFile parent_window=wayland:touch-replay-1 "), "\(fake.log)")
        #expect(said.contains("exported the drawing to \(chosen)"), "\(said)")
        #expect(try await PNGReader.pixels(in: chosen, at: []).width > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("pictures")).isEmpty)
    }

    @Test func anExistingPictureChosenInTheDialogIsReplacedButADrawingNever() async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        let picture = try scratch.write("old.png", "not yet a picture")
        let fake = try FakePortal(bus: bus, arguments: ["--choose", URL(fileURLWithPath: picture).absoluteString])
        _ = try await Self.export(bus: bus, in: scratch)
        let bytes = try #require(FileManager.default.contents(atPath: picture))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(fake.log)")

        let otherBus = try PrivateBus()
        let otherScratch = try TemporaryDirectory()
        let drawing = try otherScratch.write("other.fpdraw", "a drawing of someone's")
        let other = try FakePortal(bus: otherBus, arguments: ["--choose", URL(fileURLWithPath: drawing).absoluteString])
        let said = try await Self.export(bus: otherBus, in: otherScratch)
        #expect(otherScratch.read("other.fpdraw") == "a drawing of someone's", "\(other.log)")
        #expect(said.contains("never written over"), "\(said)")
    }

    @Test func aCancelledDialogWritesNothing() async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        let fake = try FakePortal(bus: bus, arguments: ["--cancel"])
        let said = try await Self.export(bus: bus, in: scratch)
        #expect(fake.log.contains("Response cancelled"))
        #expect(!said.contains("exported"), "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("pictures")).isEmpty)
    }

    @Test func withoutAPortalExportGoesToThePicturesFolderNamedAfterTheDrawing() async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        let said = try await Self.export(bus: bus, in: scratch)
        let png = scratch.path("pictures/drawing.png")
        #expect(FileManager.default.contents(atPath: png)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "\(said)")
        #expect(said.contains("exported the drawing to \(png)"), "\(said)")
    }

    @Test func openAsksTheDesktopsOpenDialogAndPaintsTheChosenDrawing() async throws {
        try await Self.openThroughTheDialog([SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 790, y: 200))),
                                             SeatEvent(time: .milliseconds(300), .key(KeyChord("o", modifiers: .ctrl))),
                                             SeatEvent(time: .milliseconds(1800), .pointerMotion(location: Point(x: 795, y: 200)))])
    }

    @Test func theGallerysOpenAsksTheSameDialogByTouch() async throws {
        let gallery = GalleryView(frame: Rect(origin: .zero, size: GalleryWindowTests.content))
        gallery.offersOpenFile = true
        gallery.isHidden = false
        let button = try #require(gallery.overlayGallery?.openButton).offsetBy(dx: 0, dy: GalleryWindowTests.titleBar)
        try await Self.openThroughTheDialog(GalleryWindowTests.tap(GalleryWindowTests.galleryButton, at: 100, id: 1)
            + GalleryWindowTests.tap(button.center, at: 600, id: 2)
            + [SeatEvent(time: .milliseconds(1800), .pointerEnter(location: Point(x: 795, y: 200)))])
    }

    /// Plays `events`, which ask for the open dialog, into fingerpaint with fake-portal choosing a drawing with a
    /// stroke at y 300; the window must show it, and a bare start reopen it.
    static func openThroughTheDialog(_ events: [SeatEvent]) async throws {
        let bus = try PrivateBus()
        let scratch = try TemporaryDirectory()
        var other = Drawing()
        other.add(Stroke(points: [StrokePoint(Point(x: 100, y: 300)), StrokePoint(Point(x: 700, y: 300))], color: .black, width: 12))
        let chosen = URL(fileURLWithPath: scratch.path("other.fpdraw"))
        try DocumentFile.writeNew(other, to: chosen)
        let fake = try FakePortal(bus: bus, arguments: ["--choose", chosen.absoluteString])
        let trace = try scratch.write("open.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: events).serialized())
        var environment = FingerPaintWindowTests.environment(in: scratch)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["HOME"] = scratch.path("home")
        let result = try await ChildProcess.run(
            FingerPaintWindowTests.touchReplay,
            ["--trace", trace, "--output", scratch.path("window.png"), "--realtime", "--", FingerPaintWindowTests.fingerpaint,
             scratch.path("drawing.fpdraw"), "--style", "light"],
            environment: environment, timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(fake.log.split(separator: "\n").first { $0.hasPrefix("OpenFile") })
        #expect(line.contains("'*.fpdraw'"), "\(line)")
        #expect(line.hasPrefix("OpenFile parent_window=wayland:touch-replay-1 "), "\(line)")
        // The window paints the chosen drawing (its stroke at y 300, 332 in the window under the title bar), and a
        // bare start would reopen it.
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(x: 400, y: 332)])
        #expect(image.pixels[0].red < 0x60, "\(image.pixels[0]) \(result.standardError)")
        let last = try String(contentsOfFile: scratch.path("state/fingerpaint/last-document"), encoding: .utf8)
        #expect(last == chosen.standardizedFileURL.path + "\n")
    }
}
