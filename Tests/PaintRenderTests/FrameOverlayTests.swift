// The seam between the renderer and what it draws over the frame (FrameOverlay): a change redraws the frames of
// the overlay before and after and nothing else, an equal overlay redraws nothing, no overlay draws nothing, the
// overlay is asked to draw only where a frame meets it, and the storage it makes stays with the renderer.
import CCairo
import Geometry
import PaintModel
@testable import PaintRender
import Testing

@Suite struct FrameOverlayTests {
    /// What the fake overlay keeps with a renderer: what it was asked to draw.
    private final class DrawLog {
        /// The rectangles of full frames it drew within.
        var drawnWithin: [PixelRect] = []
        /// The scales and reductions of the reduced frames it drew.
        var reduced: [(scale: Int, reduction: Int)] = []

        static func kept(in storage: inout AnyObject?) -> DrawLog {
            if let log = storage as? DrawLog { return log }
            let made = DrawLog()
            storage = made
            return made
        }
    }

    /// A fake overlay: its frames filled with one colour.
    private struct Panels: FrameOverlay, Equatable {
        var frames: [Rect]
        var color = Color(red: 1, green: 0, blue: 1)

        func draw(within rect: PixelRect, of frame: ImageSurface, scale: Int, context: OpaquePointer,
                  storage: inout AnyObject?) {
            DrawLog.kept(in: &storage).drawnWithin.append(rect)
            fill(in: context, pixelsPerPoint: Double(scale))
        }

        func drawReduced(into image: ImageSurface, scale: Int, reduction: Int, storage: inout AnyObject?) {
            DrawLog.kept(in: &storage).reduced.append((scale, reduction))
            let context = cairo_create(image.surface)!
            fill(in: context, pixelsPerPoint: Double(scale) / Double(reduction))
            cairo_destroy(context)
            cairo_surface_flush(image.surface)
        }

        private func fill(in context: OpaquePointer, pixelsPerPoint factor: Double) {
            cairo_set_source_rgb(context, color.red, color.green, color.blue)
            for frame in frames {
                cairo_rectangle(context, frame.minX * factor, frame.minY * factor, frame.width * factor, frame.height * factor)
            }
            cairo_fill(context)
        }
    }

    /// Another type of overlay drawing the same: never equal to a ``Panels``.
    private struct OtherPanels: FrameOverlay, Equatable {
        var panels: Panels
        var frames: [Rect] { panels.frames }

        func draw(within rect: PixelRect, of frame: ImageSurface, scale: Int, context: OpaquePointer,
                  storage: inout AnyObject?) {
            panels.draw(within: rect, of: frame, scale: scale, context: context, storage: &storage)
        }

        func drawReduced(into image: ImageSurface, scale: Int, reduction: Int, storage: inout AnyObject?) {
            panels.drawReduced(into: image, scale: scale, reduction: reduction, storage: &storage)
        }
    }

    private static let size = Size(width: 320, height: 240), scale = 2
    /// A bar along the bottom and a panel at a fractional place, apart.
    private static let before = Panels(frames: [Rect(x: 0, y: 200, width: 320, height: 40),
                                                Rect(x: 20.25, y: 30.5, width: 60, height: 50.25)])
    /// A panel elsewhere, apart from both, in another colour.
    private static let after = Panels(frames: [Rect(x: 180, y: 60, width: 100, height: 80)],
                                      color: Color(red: 0, green: 0.8, blue: 0.3))

    /// A stroke across the window, under every overlay here.
    private static let strokes = [Stroke(points: [Point(x: 5, y: 20), Point(x: 315, y: 230)].map { StrokePoint($0) },
                                         color: Color(red: 0.1, green: 0.2, blue: 0.9), width: 14)]

    private func rendered(showing overlay: (any FrameOverlay)?) -> CanvasRenderer {
        let renderer = CanvasRenderer(logicalSize: Self.size, scale: Self.scale, strokes: Self.strokes)
        renderer.frameOverlay = overlay
        renderer.renderFrame(liveStrokes: [:])
        return renderer
    }

    private func drawLog(of renderer: CanvasRenderer) -> DrawLog? { renderer.overlayStorage as? DrawLog }

    private func covering(_ overlay: Panels) -> Set<PixelRect> {
        Set(overlay.frames.map { PixelRect(covering: $0, scale: Self.scale) })
    }

    /// The pixels (colour only) of an image.
    private func pixels(_ image: ImageSurface) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) & 0xFF_FFFF } }
    }

    /// The places where two images of one size differ.
    private func differences(_ a: ImageSurface, _ b: ImageSurface) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) & 0xFF_FFFF != b.pixel(x: x, y: y) & 0xFF_FFFF { found.append((x, y)) }
        }
        return found
    }

    private func count(of color: Color, in image: ImageSurface) -> Int {
        let pixel = ImageSurface.pixel(of: color) & 0xFF_FFFF
        return pixels(image).filter { $0 == pixel }.count
    }

    @Test func aChangedOverlayRedrawsTheFramesOfTheOverlayBeforeAndAfterAndNothingElse() throws {
        let renderer = rendered(showing: Self.before)
        let shown = ImageSurface(width: renderer.pixelWidth, height: renderer.pixelHeight, fill: nil)
        shown.copyAll(from: renderer.frame)
        let log = try #require(drawLog(of: renderer))
        log.drawnWithin = []
        renderer.frameOverlay = Self.after
        let changed = renderer.renderFrame(liveStrokes: [:])
        let expected = covering(Self.before).union(covering(Self.after))
        #expect(Set(changed) == expected)
        // It was asked to draw only within what changed.
        #expect(!log.drawnWithin.isEmpty)
        #expect(log.drawnWithin.allSatisfy { rect in changed.contains { $0.contains(rect) } })
        // Pixels changed only there, and the frame is what a renderer that only ever showed the new overlay shows.
        let moved = differences(shown, renderer.frame)
        #expect(!moved.isEmpty)
        #expect(moved.allSatisfy { place in expected.contains { $0.contains(PixelRect(x: place.x, y: place.y, width: 1, height: 1)) } })
        #expect(differences(renderer.frame, rendered(showing: Self.after).frame).isEmpty)
    }

    @Test func anEqualOverlayRedrawsNothingAndAnotherTypeDrawingTheSameIsAChange() throws {
        let renderer = rendered(showing: Self.before)
        let log = try #require(drawLog(of: renderer))
        log.drawnWithin = []
        // A new value, equal to the one shown.
        renderer.frameOverlay = Panels(frames: Self.before.frames)
        #expect(renderer.renderFrame(liveStrokes: [:]).isEmpty)
        #expect(log.drawnWithin.isEmpty)
        // The same frames and colour, but not equal: its frames are redrawn.
        renderer.frameOverlay = OtherPanels(panels: Self.before)
        #expect(Set(renderer.renderFrame(liveStrokes: [:])) == covering(Self.before))
        #expect(!log.drawnWithin.isEmpty)
    }

    @Test func withoutAnOverlayNoOverlayPixelAppearsAndTakingOneAwayLeavesNoneBehind() throws {
        let never = rendered(showing: nil)
        #expect(count(of: Self.before.color, in: never.frame) == 0)
        #expect(never.overlayStorage == nil)
        // Taken away: its frames are redrawn, without it, and it is not asked to draw again.
        let renderer = rendered(showing: Self.before)
        #expect(count(of: Self.before.color, in: renderer.frame) > 0)
        let log = try #require(drawLog(of: renderer))
        log.drawnWithin = []
        renderer.frameOverlay = nil
        #expect(Set(renderer.renderFrame(liveStrokes: [:])) == covering(Self.before))
        #expect(log.drawnWithin.isEmpty)
        #expect(count(of: Self.before.color, in: renderer.frame) == 0)
        #expect(differences(renderer.frame, never.frame).isEmpty)
    }

    /// A frame that redraws only where the overlay is not (a stroke in progress away from it) does not ask it to
    /// draw.
    @Test func theOverlayIsAskedToDrawOnlyWhereAFrameMeetsIt() throws {
        let renderer = rendered(showing: Self.after)
        let log = try #require(drawLog(of: renderer))
        log.drawnWithin = []
        let stroke = Stroke(points: [Point(x: 20, y: 120), Point(x: 60, y: 130)].map { StrokePoint($0) }, color: .black, width: 4)
        let changed = renderer.renderFrame(liveStrokes: [1: stroke])
        #expect(!changed.isEmpty)
        #expect(log.drawnWithin.isEmpty)
        // A stroke in progress under it: it is drawn over the stroke there.
        let under = Stroke(points: [Point(x: 150, y: 100), Point(x: 250, y: 100)].map { StrokePoint($0) }, color: .black, width: 4)
        renderer.renderFrame(liveStrokes: [1: stroke, 2: under])
        #expect(!log.drawnWithin.isEmpty)
        #expect(renderer.frame.pixel(x: 2 * 200, y: 2 * 100) & 0xFF_FFFF == ImageSurface.pixel(of: Self.after.color) & 0xFF_FFFF)
    }

    /// A reduced frame has the overlay draw itself over it at the buffer's scale and the reduction, with the storage
    /// it made for full frames; the storage stays with the renderer whatever overlay it shows after.
    @Test func aReducedFrameHasTheOverlayDrawItselfWithTheStorageTheRendererKeepsForIt() throws {
        let renderer = rendered(showing: Self.after)
        let kept = try #require(drawLog(of: renderer))
        let reduction = 2
        let image = ImageSurface(width: renderer.pixelWidth / reduction, height: renderer.pixelHeight / reduction, fill: .white)
        let target = FrameTarget(pixels: UnsafeMutableRawPointer(image.pixels), stride: image.stride, width: image.width,
                                 height: image.height, owner: image)
        renderer.renderReducedFrame(into: target, reduction: reduction)
        #expect(kept.reduced.map(\.scale) == [Self.scale])
        #expect(kept.reduced.map(\.reduction) == [reduction])
        // At a point a pixel: inside its frame, the overlay's colour; outside, not.
        let color = ImageSurface.pixel(of: Self.after.color) & 0xFF_FFFF
        #expect(image.pixel(x: 230, y: 100) & 0xFF_FFFF == color)
        #expect(image.pixel(x: 170, y: 100) & 0xFF_FFFF != color)
        #expect(image.pixel(x: 230, y: 150) & 0xFF_FFFF != color)
        // Another overlay finds the same storage.
        renderer.frameOverlay = Self.before
        renderer.renderFrame(liveStrokes: [:])
        #expect(drawLog(of: renderer) === kept)
    }
}
