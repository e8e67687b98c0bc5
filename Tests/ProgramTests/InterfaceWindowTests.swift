import FingerPaintCore
import Foundation
import PaintModel
import PaintUI
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The window's controls (docs/interface.md) used by touch alone in `fingerpaint` on touch-replay, at the sizes a
/// painter has: the hand at the default size, export through More at a phone's width, a custom colour that moves
/// nothing, and a colour chosen while erasing.
@Suite struct InterfaceWindowTests {
    /// The default window: 1024 × 700 points of content under the 32-point title bar.
    static let defaultContent = Size(width: 1024, height: 700)
    /// A phone held upright.
    static let narrowContent = Size(width: 420, height: 700)

    /// Plays `events` into fingerpaint in a window of `content` points (light style, the pictures folder
    /// `scratch/pictures`, no desktop portal).
    private func play(_ events: [SeatEvent], content: Size, in scratch: TemporaryDirectory,
                      png: String = "window.png") async throws -> ProcessResult {
        try FileManager.default.createDirectory(atPath: scratch.path("pictures"), withIntermediateDirectories: true)
        let canvas = Size(width: content.width, height: content.height + GalleryWindowTests.titleBar)
        let trace = try scratch.write("\(png).jsonl", Trace(canvasSize: canvas, events: events).serialized())
        var environment = FingerPaintWindowTests.environment(in: scratch)
        environment["HOME"] = scratch.path("home")
        environment["XDG_CONFIG_HOME"] = scratch.path("config")
        environment["XDG_PICTURES_DIR"] = scratch.path("pictures")
        let result = try await ChildProcess.run(
            FingerPaintWindowTests.touchReplay,
            ["--trace", trace, "--output", scratch.path(png), "--", FingerPaintWindowTests.fingerpaint,
             scratch.path("drawing.fpdraw"), "--style", "light"],
            environment: environment, timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        return result
    }

    /// Taps on a control, at `time` (a second apart for two: More, then the menu's row).
    private func taps(_ command: PaintCommand, in content: Size, at time: Double, id: Int32) -> [SeatEvent] {
        GalleryWindowTests.paletteTaps(command, in: content).enumerated().flatMap { index, point in
            GalleryWindowTests.tap(point, at: time + Double(index) * 400, id: id + Int32(index))
        }
    }

    /// A finger's line in the window's points (the title bar added).
    private func line(_ id: Int32, from start: Point, to end: Point, at time: Double) -> [SeatEvent] {
        let bar = GalleryWindowTests.titleBar
        return GalleryWindowTests.line(id, from: Point(x: start.x, y: start.y + bar), to: Point(x: end.x, y: end.y + bar), at: time)
    }

    /// A finger's line that rests at its end for 200 ms before lifting, so that it throws nothing (a pan glides on
    /// after a flick).
    private func slowLine(_ id: Int32, from start: Point, to end: Point, at time: Double) -> [SeatEvent] {
        var events = line(id, from: start, to: end, at: time)
        let lift = events.suffix(2)
        events.removeLast(2)
        let rest = Point(x: end.x, y: end.y + GalleryWindowTests.titleBar)
        for step in 1...12 {
            let t = Timestamp.milliseconds(time + 160 + Double(step) * 16)
            events += [SeatEvent(time: t, .touchMotion(id: id, location: rest)), SeatEvent(time: t, .touchFrame)]
        }
        return events + lift.map { SeatEvent(time: .milliseconds(time + 400), $0.kind) }
    }

    /// The window stays open until `time`, and the pointer rests where it paints nothing.
    private func rest(until time: Double) -> SeatEvent {
        SeatEvent(time: .milliseconds(time), .pointerEnter(location: Point(x: 600, y: 40)))
    }

    private func isInk(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }
    private func isPaper(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    @Test func atTheDefaultSizeATapOnTheHandThenAFingerPansTheView() async throws {
        let scratch = try TemporaryDirectory()
        let content = Self.defaultContent
        #expect(InterfaceLayout(size: content).frame(of: .toggleNavigation) != nil)
        // A stroke along y = 200 from x = 300 to 500, the hand, then a finger dragging 100 right and 80 down.
        let events = line(1, from: Point(x: 300, y: 200), to: Point(x: 500, y: 200), at: 0)
            + taps(.toggleNavigation, in: content, at: 500, id: 2)
            + slowLine(3, from: Point(x: 600, y: 400), to: Point(x: 700, y: 480), at: 1000) + [rest(until: 2000)]
        _ = try await play(events, content: content, in: scratch)
        let top = Int(GalleryWindowTests.titleBar)
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(500, 280 + top), (400, 200 + top)])
        #expect(isInk(image.pixels[0]) && isPaper(image.pixels[1]), "\(image.pixels)")
        // The drag moved the view and drew nothing.
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 1)
    }

    @Test func atAPhonesWidthExportIsTwoTapsAwayThroughMore() async throws {
        let scratch = try TemporaryDirectory()
        let content = Self.narrowContent
        let layout = InterfaceLayout(size: content)
        #expect(layout.frame(of: .exportAs) == nil && layout.overflow.contains(.exportAs))
        let events = line(1, from: Point(x: 100, y: 200), to: Point(x: 300, y: 220), at: 0)
            + taps(.exportAs, in: content, at: 500, id: 2) + [rest(until: 2500)]
        let result = try await play(events, content: content, in: scratch)
        let png = scratch.path("pictures/drawing.png")
        #expect(FileManager.default.contents(atPath: png)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "\(result.standardError)")
    }

    /// Every other pixel each way of the controls whose look does not follow the brush's colour: every control but
    /// the colour well and the width dots, and the middle of each swatch (its ring shows whether it is chosen).
    private func controlPixels(in path: String, content: Size) async throws -> [RGBA] {
        let top = Int(GalleryWindowTests.titleBar)
        var points: [(x: Int, y: Int)] = []
        for placed in InterfaceLayout(size: content).controls {
            let area: Rect
            switch placed.command {
            case .openColorChooser, .selectWidth: continue
            case .selectColor: area = placed.frame.insetBy(dx: 10, dy: 10)
            default: area = placed.frame
            }
            for y in stride(from: Int(area.minY), to: Int(area.maxY), by: 2) {
                for x in stride(from: Int(area.minX), to: Int(area.maxX), by: 2) { points.append((x, y + top)) }
            }
        }
        return try await PNGReader.pixels(in: path, at: points).pixels
    }

    @Test func aCustomColourLeavesEveryOtherControlWhereItWas() async throws {
        let scratch = try TemporaryDirectory()
        let content = Self.defaultContent
        let layout = InterfaceLayout(size: content)
        var panel = Overlay.ColorChooser(frame: layout.panel(of: ColorChooserView.size, openedBy: .openColorChooser),
                                         hue: 0, saturation: 0, value: 0)
        panel.palette = Brush.palette
        let top = GalleryWindowTests.titleBar
        func inWindow(_ point: Point) -> Point { Point(x: point.x, y: point.y + top) }
        // Before: the window as it opens. After: the colour panel opened, a colour chosen on its square, the
        // panel closed by its chosen colour (the colour joins the recent ones), and the brush's colour is that one.
        _ = try await play([rest(until: 800)], content: content, in: scratch, png: "before.png")
        let after = taps(.openColorChooser, in: content, at: 100, id: 1)
            + GalleryWindowTests.tap(inWindow(Point(x: panel.square.maxX - 10, y: panel.square.minY + 10)), at: 600, id: 2)
            + GalleryWindowTests.tap(inWindow(panel.swatch.center), at: 1100, id: 3) + [rest(until: 2000)]
        _ = try await play(after, content: content, in: scratch, png: "after.png")
        let settings = try String(contentsOfFile: scratch.path("config/fingerpaint/settings"), encoding: .utf8)
        #expect(settings.contains("recent = #"), "\(settings)")
        let before = try await controlPixels(in: scratch.path("before.png"), content: content)
        let changed = try await controlPixels(in: scratch.path("after.png"), content: content)
        #expect(before.count == changed.count && before.count > 1000)
        #expect(zip(before, changed).filter { $0 != $1 }.count == 0)
    }

    @Test func theEraserThenASwatchPaintsInThatColour() async throws {
        let scratch = try TemporaryDirectory()
        let content = Self.defaultContent
        let events = line(1, from: Point(x: 300, y: 200), to: Point(x: 500, y: 200), at: 0)
            + taps(.toggleEraser, in: content, at: 400, id: 2) + taps(.selectColor(1), in: content, at: 800, id: 3)
            + line(4, from: Point(x: 300, y: 400), to: Point(x: 500, y: 400), at: 1200) + [rest(until: 2000)]
        _ = try await play(events, content: content, in: scratch)
        let strokes = try #require(FingerPaintWindowTests.savedStrokes(in: scratch))
        #expect(strokes.count == 2 && strokes.last?.color == Brush.palette[1], "\(strokes.map(\.color))")
    }
}
