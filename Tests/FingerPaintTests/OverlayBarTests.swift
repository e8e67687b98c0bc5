import CCairo
import Foundation
import Geometry
import PaintModel
@testable import PaintRender
import Testing

/// The palette bar copied into frames from an image drawn once (docs/rendering.md, "The overlay's bar, drawn once"):
/// it shows what drawing the bar shows, and a changed bar shows the change.
@Suite struct OverlayBarTests {
    /// A bar along the bottom of a 320 × 240 window, undo enabled or not, a swatch selected or not.
    private func overlay(undoEnabled: Bool, swatchSelected: Bool, scrolled: Bool = false) -> Overlay {
        let frame = Rect(x: 0, y: 184, width: 320, height: 56)
        let items = [
            Overlay.Item(content: .swatch(Color(red: 0.8, green: 0.1, blue: 0.1)), frame: Rect(x: 8, y: 192, width: 40, height: 40),
                         isSelected: swatchSelected),
            Overlay.Item(content: .width(8, .black), frame: Rect(x: 56, y: 192, width: 40, height: 40)),
            Overlay.Item(content: .undo, frame: Rect(x: 104, y: 192, width: 40, height: 40), isEnabled: undoEnabled),
            Overlay.Item(content: .hand, frame: Rect(x: 152, y: 192, width: 40, height: 40)),
        ]
        var overlay = Overlay(frame: frame, items: items, hasMoreAfter: scrolled)
        overlay.indicator = Overlay.Label(text: "125 %  0°", frame: Rect(x: 110, y: 150, width: 100, height: 26))
        return overlay
    }

    /// Paper and strokes with the overlay drawn over them by Cairo, bar included, as frames were drawn before the
    /// bar had an image of its own.
    private func drawnDirectly(_ overlay: Overlay, over renderer: CanvasRenderer, scale: Int) -> ImageSurface {
        let image = ImageSurface(width: renderer.pixelWidth, height: renderer.pixelHeight, fill: nil)
        image.copyAll(from: renderer.canvas)
        let context = cairo_create(image.surface)!
        cairo_scale(context, Double(scale), Double(scale))
        drawOverlay(overlay, in: context)
        cairo_destroy(context)
        cairo_surface_flush(image.surface)
        return image
    }

    private func differingPixels(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) & 0xFF_FFFF != b.pixel(x: x, y: y) & 0xFF_FFFF { count += 1 }
        }
        return count
    }

    @Test(arguments: [1, 2])
    func theBarCopiedFromItsImageShowsWhatDrawingItShowsAndEachChange(scale: Int) throws {
        let strokes = [Stroke(points: [Point(x: 10, y: 200), Point(x: 300, y: 230)].map { StrokePoint($0) },
                              color: Color(red: 0.1, green: 0.2, blue: 0.9), width: 12)]
        let renderer = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: scale, strokes: strokes)
        let states = [overlay(undoEnabled: false, swatchSelected: true), overlay(undoEnabled: true, swatchSelected: true),
                      overlay(undoEnabled: true, swatchSelected: false), overlay(undoEnabled: true, swatchSelected: false, scrolled: true)]
        for state in states {
            renderer.overlay = state
            renderer.renderFrame(liveStrokes: [:])
            #expect(differingPixels(renderer.frame, drawnDirectly(state, over: renderer, scale: scale)) == 0)
        }
    }

    @Test func aBarShownAgainAfterAChangeIsCopiedFromItsImageNotDrawnAgain() throws {
        // A clear and its undo: the undo button enabled, disabled, enabled again.
        let renderer = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: 2)
        let states = [overlay(undoEnabled: true, swatchSelected: true), overlay(undoEnabled: false, swatchSelected: true)]
        for state in states + states + states {
            renderer.overlay = state
            renderer.renderFrame(liveStrokes: [:])
            #expect(differingPixels(renderer.frame, drawnDirectly(state, over: renderer, scale: 2)) == 0)
        }
        #expect(renderer.barImagesDrawn == 2)
    }
}
