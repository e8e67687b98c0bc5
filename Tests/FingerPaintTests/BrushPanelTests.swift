import BrushEngine
@testable import FingerPaintCore
import Foundation
import Geometry
import PaintModel
@testable import PaintRender
import PaintUI
import PropertyBased
import TouchUI
import Testing

/// The brush panel, by touch: a tap on the bar's brush while it is the tool opens it beside the brush, inside the
/// window, with targets of 40 points; a row paints with its brush, the sliders set the brush's size and opacity, and
/// each preset's are remembered with the brush.
@Suite struct BrushPanelTests {
    static func panel(_ painter: Painter) throws -> Overlay.Panel {
        try #require(painter.app.brushPanelView.overlayPanel)
    }

    static func open(_ painter: Painter) {
        painter.tap(1, at: painter.paletteCenter(of: .useBrush))
    }

    /// A tap on the row titled `title`.
    static func choose(_ title: String, _ painter: Painter) throws {
        let row = try #require(try panel(painter).items.first { $0.title == title }, "no row \(title)")
        painter.tap(2, at: row.frame.center)
    }

    /// A finger on the `index`th slider from its track's left end to `fraction` of it, lifted there.
    static func slide(_ index: Int, to fraction: Double, _ painter: Painter) throws {
        let sliders = try panel(painter).sliders
        try #require(sliders.indices.contains(index))
        let track = sliders[index].track
        painter.drag([(3, Point(x: track.minX + track.width * sliders[index].value, y: track.midY),
                       Point(x: track.minX + track.width * fraction, y: track.midY))])
    }

    /// The last stroke of the drawing, after a finger drew one at the window's right, beside the panel.
    static func paintStroke(_ painter: Painter) throws -> Stroke {
        let right = painter.app.window.bounds.width
        let (from, to) = (Point(x: right - 80, y: 60), Point(x: right - 10, y: 200))
        #expect(painter.app.brushPanelView.overlayPanel.map { !$0.frame.contains(from) && !$0.frame.contains(to) } ?? true)
        let count = painter.app.drawing.currentLayer.strokes.count
        painter.drag([(5, from, to)], steps: 20)
        #expect(painter.app.drawing.currentLayer.strokes.count == count + 1)
        return try #require(painter.app.drawing.currentLayer.strokes.last)
    }

    @Test(arguments: [Size(width: 420, height: 700), Size(width: 960, height: 540), Size(width: 1024, height: 700)])
    func theBrushOpensThePanelBesideItInsideTheWindowWithTargetsOfFortyPoints(size: Size) throws {
        let painter = Painter(size: size)
        #expect(painter.app.brushPanelView.overlayPanel == nil)
        // The brush is the tool already: a tap on it opens the panel, the next closes it.
        Self.open(painter)
        let panel = try Self.panel(painter)
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        #expect(window.intersection(panel.frame) == panel.frame, "\(panel.frame) in \(size)")
        #expect(panel.items.map(\.title) == BrushCatalog.picks().map(\.title))
        #expect(panel.items.map(\.title) == ["Round", "Pencil", "Ink pen", "Marker", "Airbrush", "Watercolour",
                                             "Charcoal", "Smudge"])
        for (index, item) in panel.items.enumerated() {
            #expect(item.frame.width >= 40 && item.frame.height >= 40)
            #expect(panel.frame.intersection(item.frame) == item.frame)
            for other in panel.items[(index + 1)...] { #expect(item.frame.intersection(other.frame) == nil) }
        }
        #expect(panel.items.first?.isSelected == true, "the round brush is the one painted with")
        for slider in panel.sliders {
            #expect(slider.track.height >= 40 && panel.frame.intersection(slider.frame) == slider.frame)
            #expect(panel.items.allSatisfy { $0.frame.intersection(slider.frame) == nil })
        }
        let button = try #require(painter.app.paletteView.layout.frame(of: .useBrush))
        #expect(panel.frame.intersection(button) == nil)
        // The strip of widths stays in reach beside it.
        let strip = try #require(painter.app.paletteView.layout.strip)
        #expect(panel.frame.intersection(strip) == nil, "\(panel.frame) over the strip \(strip)")
        Self.open(painter)
        #expect(painter.app.brushPanelView.overlayPanel == nil)
        // From the eraser, a tap on the brush takes the brush up again and opens nothing.
        painter.app.perform(.toggleEraser)
        Self.open(painter)
        #expect(painter.app.canvasView.tool == .brush && painter.app.brushPanelView.overlayPanel == nil)
        // Shift+B opens it too, and Escape closes it.
        painter.key("Shift+B")
        #expect(painter.app.brushPanelView.overlayPanel != nil)
        painter.key("Escape")
        #expect(painter.app.brushPanelView.overlayPanel == nil)
    }

    @Test func aRowPaintsWithItsBrushAndTheRoundBrushPaintsAsBefore() throws {
        let painter = Painter(size: Size(width: 420, height: 700))
        let round = try Self.paintStroke(painter)
        #expect(round.brush == nil && round.width == painter.app.brush.width && round.color.alpha == 1)
        Self.open(painter)
        try Self.choose("Charcoal", painter)
        #expect(try Self.panel(painter).items.first { $0.isSelected }?.title == "Charcoal")
        // The panel stays open over a stroke painted beside it.
        let charcoal = try Self.paintStroke(painter)
        let preset = try BrushPreset(named: "classic/charcoal")
        #expect(charcoal.brush?.name == "classic/charcoal" && charcoal.brush?.settings == preset.settings)
        try Self.choose("Round", painter)
        #expect(try Self.paintStroke(painter).brush == nil)
        #expect(painter.app.brushSettings.brushName == "round")
    }

    @Test func theSlidersSetAPresetsSizeAndOpacityAndTheStripItsSize() throws {
        let painter = Painter(size: Size(width: 1024, height: 700))
        Self.open(painter)
        try Self.choose("Pencil", painter)
        let pencil = try BrushPreset(named: "classic/pencil")
        let titles = try Self.panel(painter).sliders.map(\.title)
        #expect(titles == ["Size \(BrushSettings.sizeText(2 * pencil.radius)) pt", "Opacity 100 %", "Steady lines off"])
        let plain = try Self.paintStroke(painter)
        // The size slider halfway: a pencil of about 17 points (1 to 300 by ratio), its dabs that much larger.
        try Self.slide(0, to: 0.5, painter)
        let adjustment = try #require(painter.app.currentAdjustment)
        #expect(adjustment.size == 17.32, "\(adjustment)")
        #expect(try Self.panel(painter).sliders.first?.title == "Size \(BrushSettings.sizeText(adjustment.size)) pt")
        let wide = try Self.paintStroke(painter)
        let settings = try #require(wide.brush?.settings)
        #expect(abs(try BrushPreset(name: "classic/pencil", settings: settings).radius - adjustment.size / 2) < 0.01)
        #expect(wide.width > 3 * plain.width, "\(plain.width) -> \(wide.width)")
        // The opacity slider at its left end: strokes of 5 % alpha, shown so while in progress too.
        try Self.slide(1, to: 0, painter)
        #expect(painter.app.canvasView.strokeLook?.opacity == 0.05)
        #expect(try Self.paintStroke(painter).color.alpha == 0.05)
        // A width of the strip gives the pencil that size, and the strip marks the step.
        painter.tap(4, at: painter.paletteCenter(of: .selectWidth(4)))
        #expect(painter.app.currentAdjustment == BrushAdjustment(size: 32, opacity: 0.05))
        let marked = painter.app.renderer.overlay?.strip?.items.filter(\.isSelected).map(\.content)
        #expect(marked?.count == 1 && marked?.first.map { if case .width(32, _) = $0 { true } else { false } } == true,
                "\(String(describing: marked))")
        painter.key("bracketleft")
        #expect(painter.app.currentAdjustment?.size == 16)
        // The round brush keeps its own width: the slider moves along its steps. Its opacity is its own too.
        try Self.choose("Round", painter)
        #expect(try Self.panel(painter).sliders.map(\.title) == ["Size 8 pt", "Opacity 100 %", "Steady lines off"])
        try Self.slide(0, to: 1, painter)
        #expect(painter.app.brush.width == 64)
        try Self.slide(1, to: 0.5, painter)
        let halfway = try Self.paintStroke(painter)
        #expect(halfway.brush == nil && halfway.width == 64 && halfway.color.alpha == 0.53, "\(halfway.color)")
        #expect(painter.app.brushSettings.text.contains("brush round = size 64 opacity 53\n"))
        try Self.choose("Pencil", painter)
        #expect(painter.app.currentAdjustment == BrushAdjustment(size: 16, opacity: 0.05), "the pencil's own kept")
        // The stabilizer's slider sets its strength, for every brush, and remembers it.
        try Self.slide(2, to: 0.75, painter)
        #expect(painter.app.canvasView.stabilizerStrength == 0.75)
        #expect(try Self.panel(painter).sliders.last?.title == "Steady lines 75 %")
        #expect(painter.brushChanges.last?.stabilizerStrength == 0.75)
        try Self.slide(2, to: 0, painter)
        #expect(painter.app.canvasView.isStabilizing == false)
    }

    @Test func eachPresetsSizeAndOpacityAreRememberedWithTheBrush() throws {
        let painter = Painter(size: Size(width: 1024, height: 700))
        Self.open(painter)
        try Self.choose("Marker", painter)
        try Self.slide(1, to: 0.5, painter)
        try Self.choose("Pencil", painter)
        try Self.slide(0, to: 0.8, painter)
        let saved = try #require(painter.brushChanges.last)
        #expect(saved == painter.app.brushSettings)
        let text = saved.text
        #expect(text.contains("brush = classic/pencil\n"), "\(text)")
        #expect(text.contains("brush classic/marker_fat = size \(BrushSettings.sizeText(2 * (try BrushPreset(named: "classic/marker_fat").radius))) opacity 53\n"), "\(text)")
        // Another window reads them back and paints with the same brush, at the same size.
        let again = Painter(size: Size(width: 1024, height: 700))
        again.app.brushSettings = BrushSettings(parsing: text)
        #expect(again.app.brushName == "classic/pencil")
        #expect(again.app.brushAdjustments == painter.app.brushAdjustments && again.app.brushAdjustments.count == 2)
        #expect(try Self.paintStroke(again).brush?.settings == (try Self.paintStroke(painter).brush?.settings))
        // A brush no longer installed paints with the round brush, and says so.
        again.app.brushSettings = BrushSettings(parsing: "brush = classic/nothing-such\nbrush classic/pencil = size 900 opacity 2\n")
        #expect(again.app.brushName == "round" && again.app.brushAdjustments.isEmpty)
        #expect(again.messages.contains { $0.contains("classic/nothing-such") })
    }

    /// Each row shows its brush's own stroke in the style's ink, light and dark: ink in every preview, dark on the
    /// light panel and light on the dark one, the smudge's two bands dragged into each other, no two alike. The panel
    /// is drawn light and dark as a PNG to look at (in the temporary folder's fingerpaint-brush-panel).
    @Test func eachRowShowsItsBrushsOwnStrokeInBothStyles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-brush-panel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let painter = Painter(size: Size(width: 420, height: 700), scale: 2)
        Self.open(painter)
        for style in OverlayStyle.allCases {
            painter.app.style = style
            painter.app.renderFrame()
            painter.app.waitForThumbnails()
            painter.app.renderFrame()
            let panel = try Self.panel(painter)
            var previews: [[UInt32]] = []
            for (item, pick) in zip(panel.items, painter.app.brushPanelView.brushes) {
                guard case let .brushPreview(key) = item.content else { Issue.record("\(item)"); continue }
                let image = try #require(key.flatMap { painter.app.renderer.galleryThumbnails[$0] }, "\(item.title ?? "")")
                var pixels: [UInt32] = []
                var inked = 0, lightness = 0.0
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let pixel = UnsafeRawPointer(image.pixels + y * image.stride).load(fromByteOffset: 4 * x, as: UInt32.self)
                        pixels.append(pixel)
                        let alpha = Double(pixel >> 24)
                        guard alpha > 24 else { continue }
                        inked += 1
                        lightness += Double(pixel >> 8 & 0xFF) / alpha
                    }
                }
                let share = Double(inked) / Double(image.width * image.height)
                let title = item.title ?? ""
                if try BrushCatalog.preset(named: pick.name)?.smears == true {
                    // The bands of colour fill it, for the brush to smear.
                    #expect(share > 0.9, "\(title): \(share)")
                } else {
                    #expect(share > 0.01 && share < 0.6, "\(title) \(style): \(share) of the preview inked")
                    let mean = inked > 0 ? lightness / Double(inked) : 0.5
                    #expect(style == .light ? mean < 0.4 : mean > 0.6, "\(title) \(style): lightness \(mean)")
                }
                previews.append(pixels)
            }
            #expect(Set(previews).count == previews.count, "two brushes look alike")
            let path = folder.appendingPathComponent("brush-panel-\(style).png").path
            try? FileManager.default.removeItem(atPath: path)
            try painter.app.renderer.frame.writePNG(to: path)
        }
    }

    /// Any size, opacity and slider place, numbers or not, give an adjustment within the ranges, and the settings file
    /// keeps any set of them as they are.
    @Test func anyAdjustmentIsWithinItsRangesAndTheFileKeepsIt() async {
        let numbers = Gen<Double>.oneOf(Gen.double(in: -1e6...1e6), Gen.double(in: 0...1), Gen.always(Double.nan),
                                        Gen.always(Double.infinity), Gen.always(-Double.infinity))
        await propertyCheck(count: 300, input: numbers, numbers, numbers, numbers) { size, opacity, along, across in
            var adjustment = BrushAdjustment(size: size, opacity: opacity)
            adjustment.sizeFraction = along
            adjustment.opacityFraction = across
            #expect(BrushAdjustment.sizes.contains(adjustment.size) && BrushAdjustment.opacities.contains(adjustment.opacity))
            #expect((0...1).contains(adjustment.sizeFraction) && (0...1).contains(adjustment.opacityFraction))
            var settings = BrushSettings()
            settings.brushName = "classic/pencil"
            settings.adjustments = ["classic/pencil": adjustment, "round": BrushAdjustment(size: size, opacity: opacity)]
            #expect(BrushSettings(parsing: settings.text) == settings, "\(settings.text)")
        }
    }

    /// Tapped again while it is the tool, the eraser opens the panel of what it erases with: whole strokes, as
    /// before, or a brush, whose dabs take paint away along its path, in progress too, as one undoable stroke; the
    /// choice is remembered.
    @Test func anEraserBrushTakesPaintAwayAlongItsPathAndUndoBringsItBack() throws {
        let painter = Painter(size: Size(width: 1024, height: 700))
        painter.drag([(5, Point(x: 600, y: 300), Point(x: 1000, y: 300))], steps: 20)
        #expect(painter.isPainted(800, 300))
        painter.tap(1, at: painter.paletteCenter(of: .toggleEraser))
        #expect(painter.app.canvasView.tool == .eraser && painter.app.brushPanelView.overlayPanel == nil)
        painter.tap(1, at: painter.paletteCenter(of: .toggleEraser))
        let panel = try Self.panel(painter)
        #expect(panel.items.first?.title == "Whole strokes" && panel.items.first?.isSelected == true)
        #expect(panel.items.first?.content == .eraser && panel.sliders.isEmpty)
        #expect(!panel.items.contains { $0.title == "Round" }, "the round brush has no dabs to erase with")
        try Self.choose("Ink pen", painter)
        #expect(painter.app.eraserName == "classic/pen" && painter.app.canvasView.tool == .eraser)
        // Drawn as a PNG to look at, in the temporary folder's fingerpaint-brush-panel.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-brush-panel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
        let picture = folder.appendingPathComponent("eraser-panel.png").path
        try? FileManager.default.removeItem(atPath: picture)
        try painter.app.renderer.frame.writePNG(to: picture)
        #expect(try Self.panel(painter).sliders.map(\.title).first?.hasPrefix("Size") == true)
        try Self.slide(0, to: 0.45, painter)
        // Across the line: paper where the eraser went while the finger moves, and once lifted.
        painter.drag([(6, Point(x: 800, y: 200), Point(x: 800, y: 400))], steps: 20, lift: false)
        #expect(!painter.isPainted(800, 300), "\(String(painter.shown(800, 300), radix: 16)) under the eraser in progress")
        painter.send(.touchUp(id: 6), .touchFrame)
        painter.app.renderFrame()
        #expect(!painter.isPainted(800, 300) && painter.isPainted(700, 300) && painter.isPainted(900, 300))
        let strokes = painter.app.drawing.currentLayer.strokes
        #expect(strokes.count == 2 && strokes.last?.brush?.isErasing == true && strokes.last?.brush?.name == "classic/pen")
        painter.app.perform(.undo)
        painter.app.renderFrame()
        #expect(painter.isPainted(800, 300), "the undo brings the paint back")
        #expect(painter.brushChanges.last?.text.contains("eraser = classic/pen\n") == true)
        // Whole strokes again: a touch takes the line away whole.
        try Self.choose("Whole strokes", painter)
        painter.drag([(7, Point(x: 700, y: 250), Point(x: 700, y: 350))], steps: 10)
        #expect(painter.app.drawing.currentLayer.strokes.isEmpty)
    }

    /// The pen's eraser end erases with the eraser's brush, whatever the tool, and its tip still paints.
    @Test func thePensEraserEndErasesWithTheEraserBrush() throws {
        let painter = Painter(size: Size(width: 1024, height: 700))
        try painter.app.useEraser(named: "classic/charcoal")
        painter.stroke(4, through: line(from: Point(x: 600, y: 300), to: Point(x: 900, y: 300), count: 12), kind: .pencil,
                       pen: { _ in PenAttributes(force: 0.8) })
        painter.stroke(5, through: line(from: Point(x: 750, y: 250), to: Point(x: 750, y: 350), count: 12), kind: .eraser,
                       pen: { _ in PenAttributes(force: 1) })
        let strokes = painter.app.drawing.currentLayer.strokes
        #expect(strokes.count == 2 && strokes.first?.brush == nil)
        #expect(strokes.last?.brush?.name == "classic/charcoal" && strokes.last?.brush?.isErasing == true)
        #expect(painter.app.canvasView.tool == .brush)
    }
}
