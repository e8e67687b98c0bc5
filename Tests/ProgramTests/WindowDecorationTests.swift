import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The decorations fingerpaint draws where the compositor draws none, as touch-replay (which honours maximize and
/// fullscreen) shows them: rounded, transparent top corners on a floating window, square and opaque ones when
/// maximized, and no title bar in fullscreen.
@Suite struct WindowDecorationTests {
    /// A stroke in the window's coordinates, below the title bar.
    static let stroke: [SeatEvent] = [
        SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: Point(x: 200, y: 200))), SeatEvent(time: .milliseconds(0), .touchFrame),
        SeatEvent(time: .milliseconds(16), .touchMotion(id: 1, location: Point(x: 400, y: 300))), SeatEvent(time: .milliseconds(16), .touchFrame),
        SeatEvent(time: .milliseconds(32), .touchUp(id: 1)), SeatEvent(time: .milliseconds(32), .touchFrame),
    ]

    /// Two seconds of nothing after the last input, so that a loaded machine has drawn the window's new state
    /// before touch-replay closes it.
    static let settle = SeatEvent(time: .milliseconds(2200), .tick)

    /// The title bar's colour when the window is active (TitleBar.draw).
    private func isTitleBar(_ pixel: RGBA) -> Bool {
        pixel.alpha == 255 && (38...44).contains(pixel.red) && (43...49).contains(pixel.green) && (53...59).contains(pixel.blue)
    }

    @Test func aFloatingWindowHasRoundedTopCornersTransparentOutside() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await FingerPaintWindowTests.paint(Self.stroke, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // The very corners are outside the 12-point rounding; the middle of the strip and the canvas are opaque.
        let image = try await PNGReader.pixels(
            in: scratch.path("window.png"), at: [(0, 0), (799, 0), (1, 2), (797, 1), (400, 2), (12, 12), (400, 300), (0, 40)])
        #expect(image.pixels[0].alpha == 0 && image.pixels[1].alpha == 0, "\(image.pixels)")
        #expect(image.pixels[2].alpha == 0 && image.pixels[3].alpha == 0, "\(image.pixels)")
        #expect(isTitleBar(image.pixels[4]) && isTitleBar(image.pixels[5]), "\(image.pixels)")
        for pixel in image.pixels.suffix(2) { #expect(pixel.alpha == 255, "\(pixel)") }
    }

    @Test func aMaximizedWindowHasSquareOpaqueCorners() async throws {
        let scratch = try TemporaryDirectory()
        // The maximize button (left of close), by finger: touch-replay maximizes at once.
        let events = Self.stroke + [
            SeatEvent(time: .milliseconds(100), .touchDown(id: 2, location: Point(x: 752, y: 16))), SeatEvent(time: .milliseconds(100), .touchFrame),
            SeatEvent(time: .milliseconds(140), .touchUp(id: 2)), SeatEvent(time: .milliseconds(140), .touchFrame), Self.settle,
        ]
        let result = try await FingerPaintWindowTests.paint(events, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(0, 0), (799, 0), (1, 2), (797, 1)])
        for pixel in image.pixels { #expect(isTitleBar(pixel), "\(pixel)") }
    }

    @Test func fullscreenShowsNoTitleBarAndTheCanvasReachesTheTop() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await FingerPaintWindowTests.paint(Self.stroke + [SeatEvent(time: .milliseconds(100), .key(KeyChord("F11"))), Self.settle], in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // Across the top 32 points, where the title bar was: the white canvas, opaque to the corners.
        let strip = (0..<32).flatMap { y in [0, 1, 300, 752, 799].map { (x: $0, y: y) } }
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: strip)
        #expect(image.width == 800 && image.height == 600)
        let notCanvas = zip(strip, image.pixels).filter { !($0.1.alpha == 255 && $0.1.red > 240 && $0.1.green > 240 && $0.1.blue > 240) }
        #expect(notCanvas.isEmpty, "\(notCanvas.prefix(5))")
    }

    /// F11 once (fullscreen: the title bar goes, the canvas grows 32 points upwards) or twice (restored).
    @Test(arguments: [1, 2])
    func fullscreenAndBackKeepTheDrawingWhereTheCanvasShowedIt(presses: Int) async throws {
        let scratch = try TemporaryDirectory()
        // The wheel pans the view 40 points (so it is not the identity), then a horizontal stroke at window y = 200.
        var events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 400, y: 300))),
                      SeatEvent(time: .milliseconds(10), .pointerAxis(dx: 0, dy: 40)),
                      SeatEvent(time: .milliseconds(20), .pointerLeave)]
        events += [
            SeatEvent(time: .milliseconds(50), .touchDown(id: 1, location: Point(x: 200, y: 200))), SeatEvent(time: .milliseconds(50), .touchFrame),
            SeatEvent(time: .milliseconds(66), .touchMotion(id: 1, location: Point(x: 400, y: 200))), SeatEvent(time: .milliseconds(66), .touchFrame),
            SeatEvent(time: .milliseconds(82), .touchUp(id: 1)), SeatEvent(time: .milliseconds(82), .touchFrame),
        ]
        events += (0..<presses).map { SeatEvent(time: .milliseconds(300 + 400 * Double($0)), .key(KeyChord("F11"))) } + [Self.settle]
        let result = try await FingerPaintWindowTests.paint(events, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // The canvas keeps the document point at its top-left: the stroke stays 168 points below the canvas' top,
        // which is the window's top in fullscreen and 32 points lower with the title bar.
        let y = presses == 1 ? 168 : 200
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(300, y), (300, y - 16), (300, y + 16)])
        #expect(image.pixels[0].red < 100, "\(image.pixels)")
        #expect(image.pixels[1].red > 240 && image.pixels[2].red > 240, "\(image.pixels)")
    }
}
