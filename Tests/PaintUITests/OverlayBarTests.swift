import CCairo
import Foundation
import Geometry
import PaintModel
@testable import PaintRender
@testable import PaintUI
import Testing

/// The palette bar copied into frames from an image drawn once (docs/rendering.md, "The overlay's bar, drawn once"):
/// it shows what drawing the bar shows, and a changed bar shows the change.
@Suite struct OverlayBarTests {
    /// A bar along the bottom of a 320 × 240 window, undo enabled or not, a swatch selected or not.
    private func overlay(undoEnabled: Bool, swatchSelected: Bool, menuOpen: Bool = false) -> Overlay {
        let frame = Rect(x: 0, y: 184, width: 320, height: 56)
        let items = [
            Overlay.Item(content: .swatch(Color(red: 0.8, green: 0.1, blue: 0.1)), frame: Rect(x: 8, y: 192, width: 40, height: 40),
                         isSelected: swatchSelected),
            Overlay.Item(content: .width(8, .black), frame: Rect(x: 56, y: 192, width: 40, height: 40)),
            Overlay.Item(content: .undo, frame: Rect(x: 104, y: 192, width: 40, height: 40), isEnabled: undoEnabled),
            Overlay.Item(content: .hand, frame: Rect(x: 152, y: 192, width: 40, height: 40)),
        ]
        var overlay = Overlay(frame: frame, items: items)
        if menuOpen {
            overlay.panels = [Overlay.Panel(frame: Rect(x: 150, y: 80, width: 160, height: 56), items: [
                Overlay.Item(content: .toggle, frame: Rect(x: 156, y: 86, width: 148, height: 44), isSelected: true, title: "Left-handed"),
            ])]
        }
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
                      overlay(undoEnabled: true, swatchSelected: false), overlay(undoEnabled: true, swatchSelected: false, menuOpen: true)]
        for state in states {
            renderer.overlay = state
            renderer.renderFrame(liveStrokes: [:])
            #expect(differingPixels(renderer.frame, drawnDirectly(state, over: renderer, scale: scale)) == 0)
        }
    }

    /// A bar of every kind of control, in a row, at a fractional offset; the last (undo again) beyond the bar's end.
    private func everyControl(selected: Int?, disabled: Int?, frameOf moved: Int? = nil) -> Overlay {
        let contents: [Overlay.Item.Content] = [.swatch(Color(red: 0.1, green: 0.7, blue: 0.2)), .width(4, .black), .width(64, .black),
                                                .undo, .redo, .clear, .save, .copy, .hand, .eraser, .fullscreen, .colorWell(.black),
                                                .eyedropper, .gallery, .undo]
        let items = contents.enumerated().map { index, content in
            Overlay.Item(content: content, frame: Rect(x: 6.5 + Double(index) * 36 + (index == moved ? 1.25 : 0) + (index == 14 ? 100 : 0), y: 5.25,
                                                       width: 30, height: index == moved ? 26 : 30),
                         isSelected: index == selected, isEnabled: index != disabled)
        }
        return Overlay(frame: Rect(x: 0, y: 0, width: 520, height: 44), items: items)
    }

    /// A bar changed in a few controls is drawn only around them, over a copy of the bar before
    /// (``BarImage/init(_:scale:changing:)``): every pixel is what drawing the bar afresh gives.
    @Test(arguments: [1, 2, 3])
    func aBarChangedInSomeControlsShowsWhatDrawingItAfreshShows(scale: Int) throws {
        // Each control selected in turn and another disabled, one moved and resized, then none selected. The last
        // lies beyond the bar's end (scrolled out of it).
        let states = (0..<15).map { everyControl(selected: $0, disabled: ($0 + 5) % 15) }
            + [everyControl(selected: 6, disabled: 4, frameOf: 7), everyControl(selected: 7, disabled: 8, frameOf: 7),
               everyControl(selected: nil, disabled: nil), everyControl(selected: nil, disabled: 14)]
        var previous = try #require(BarImage(states[0], scale: scale))
        for state in states.dropFirst() {
            let changed = try #require(BarImage(state, scale: scale, changing: previous))
            let fresh = try #require(BarImage(state, scale: scale))
            #expect(differingPixels(changed.image, fresh.image) == 0)
            previous = changed
        }
    }

    /// A bar and a strip of controls beside it, redo enabled or not, a width selected.
    private func barAndStrip(redoEnabled: Bool, width: Int) -> Overlay {
        var overlay = overlay(undoEnabled: true, swatchSelected: true)
        overlay.strip = Overlay.Strip(frame: Rect(x: 0, y: 20, width: 56, height: 156), items: (0..<3).map { row in
            Overlay.Item(content: row == 2 ? .redo : .width(Double(4 << row), .black),
                         frame: Rect(x: 6, y: 26 + Double(row) * 50, width: 44, height: 44),
                         isSelected: row == width, isEnabled: row != 2 || redoEnabled)
        })
        return overlay
    }

    /// A change to a few controls (redo enabled, another width chosen) redraws only them, and the frame is what a
    /// renderer showing that overlay from the start shows (``Overlay/changedFrames(from:)``).
    @Test(arguments: [1, 2])
    func aChangeToSomeControlsRedrawsOnlyThemAndShowsWhatDrawingAfreshShows(scale: Int) throws {
        let strokes = [Stroke(points: [Point(x: 0, y: 60), Point(x: 300, y: 90)].map { StrokePoint($0) },
                              color: Color(red: 0.1, green: 0.2, blue: 0.9), width: 12)]
        let renderer = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: scale, strokes: strokes)
        renderer.overlay = barAndStrip(redoEnabled: false, width: 0)
        renderer.renderFrame(liveStrokes: [:])
        for (redo, width) in [(true, 0), (true, 1), (false, 1)] {
            let state = barAndStrip(redoEnabled: redo, width: width)
            renderer.overlay = state
            let damage = renderer.renderFrame(liveStrokes: [:])
            let fresh = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: scale, strokes: strokes)
            fresh.overlay = state
            fresh.renderFrame(liveStrokes: [:])
            #expect(differingPixels(renderer.frame, fresh.frame) == 0)
            // Two controls' worth at most (the one that changed, or the two widths), never the strip or the bar.
            let area = damage.reduce(0) { $0 + $1.width * $1.height }
            #expect(area > 0 && area <= 2 * (50 * scale) * (50 * scale), "\(damage)")
        }
    }

    /// A panel's slider moved (its knob and its words) redraws its row, and the frame is what a renderer showing that
    /// overlay from the start shows: a slider dragged shows where the finger is.
    @Test func aSliderMovedRedrawsItsRowAndShowsWhatDrawingAfreshShows() throws {
        func overlay(_ value: Double) -> Overlay {
            var overlay = barAndStrip(redoEnabled: false, width: 0)
            var panel = Overlay.Panel(frame: Rect(x: 80, y: 20, width: 200, height: 120), items: [])
            panel.sliders = [Overlay.Slider(title: "Size \(Int(value * 100)) pt", frame: Rect(x: 86, y: 30, width: 188, height: 68),
                                            track: Rect(x: 102, y: 54, width: 156, height: 44), value: value)]
            overlay.panels = [panel]
            return overlay
        }
        let renderer = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: 1)
        renderer.overlay = overlay(0.2)
        renderer.renderFrame(liveStrokes: [:])
        for value in [0.7, 0.4, 1.0] {
            renderer.overlay = overlay(value)
            let damage = renderer.renderFrame(liveStrokes: [:])
            let fresh = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: 1)
            fresh.overlay = overlay(value)
            fresh.renderFrame(liveStrokes: [:])
            #expect(differingPixels(renderer.frame, fresh.frame) == 0, "at \(value)")
            let area = damage.reduce(0) { $0 + $1.width * $1.height }
            #expect(area > 0 && area <= 2 * 200 * 80, "\(damage)")
        }
    }

    /// The strip is a band of its own image, as the bar is: a redo enabled, disabled and enabled again copies it
    /// back, and a frame that redraws it whole (the window's every pixel) copies it too.
    @Test func theStripShownAgainIsCopiedFromItsImageNotDrawnAgain() throws {
        let renderer = CanvasRenderer(logicalSize: Size(width: 320, height: 240), scale: 2)
        let states = [barAndStrip(redoEnabled: true, width: 0), barAndStrip(redoEnabled: false, width: 0)]
        for state in states + states + states {
            renderer.overlay = state
            renderer.renderFrame(liveStrokes: [:])
            #expect(differingPixels(renderer.frame, drawnDirectly(state, over: renderer, scale: 2)) == 0)
        }
        renderer.resize(to: Size(width: 320, height: 240), scale: 2, strokes: [])
        renderer.renderFrame(liveStrokes: [:])
        #expect(renderer.stripImagesMade == 2)
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
        #expect(renderer.barImagesDrawn + renderer.barImagesChanged == 2)
    }

    /// The renderer's cache of bar images (``BarImageCache``): the last two bars shown come back as the same image,
    /// and a bar pushed out by a third is made again.
    @Test func theLastTwoBarsShownComeBackAsTheirImagesAndAThirdPushesTheOldestOut() throws {
        var cache = BarImageCache()
        let a = overlay(undoEnabled: true, swatchSelected: true), b = overlay(undoEnabled: false, swatchSelected: true)
        let c = overlay(undoEnabled: false, swatchSelected: false)
        func made() -> Int { cache.drawn + cache.changed }
        let firstImage = cache.image(for: a, scale: 2)
        let first = try #require(firstImage)
        _ = cache.image(for: b, scale: 2)
        #expect(made() == 2)
        let againImage = cache.image(for: a, scale: 2)
        let again = try #require(againImage)
        #expect(again.image === first.image)
        #expect(made() == 2)
        // c pushes out b, the least recently shown; a stays.
        _ = cache.image(for: c, scale: 2)
        #expect(made() == 3)
        _ = cache.image(for: a, scale: 2)
        #expect(made() == 3)
        _ = cache.image(for: b, scale: 2)
        #expect(made() == 4)
        // Another scale is another image.
        _ = cache.image(for: b, scale: 1)
        #expect(made() == 5)
    }
}
