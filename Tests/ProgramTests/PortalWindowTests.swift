// fingerpaint and the desktop's portal: fake-portal on a private dbus-daemon, the program on touch-replay.
import Foundation
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
}
