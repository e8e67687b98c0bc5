// The brush strokes are painted with (the round brush or a MyPaint preset) and what the eraser erases with (whole
// strokes or a preset), chosen in the brush panel, by `--brush` or from the settings file, with the size and opacity
// the painter gave each preset (docs/brushes.md, "The brush panel"). Contract: the choices and each preset's
// adjustment live here; the stroke brush new strokes take (`brushPreset`) and the look of strokes, painting and
// erasing, are made from them in one place (`applyBrush`).
import BrushEngine
import Glibc
import Localization
import PaintModel
import PaintUI

extension FingerPaintApp {
    /// The preset painted with now; `nil` for the round brush.
    var currentPreset: BrushPreset? { brushName == BrushCatalog.round ? nil : installedPresets[brushName] }

    /// The size and opacity of the preset painted with now, as the painter left them (the preset's own where they
    /// never changed them); `nil` for the round brush.
    public var currentAdjustment: BrushAdjustment? { adjustment(of: brushName) }

    /// Paints with the brush of a name `--list-brushes` prints from now on (``BrushCatalog/round`` for the round
    /// brush), at the size and opacity last given it. Throws, saying why, for a brush that is not installed or cannot
    /// be read; the brush is then as it was.
    public func useBrush(named name: String) throws(BrushPreset.Failure) {
        try readPreset(named: name)
        brushName = name
        applyBrush()
    }

    /// Erases with the brush of a name `--list-brushes` prints from now on, its dabs taking paint away along the
    /// eraser's path, at the size and opacity last given it; ``BrushCatalog/wholeStrokes`` (or the round brush, which
    /// has no dabs to erase with): the eraser takes whole strokes away. Throws, saying why, for a brush that is not
    /// installed or cannot be read; the eraser is then as it was.
    public func useEraser(named name: String) throws(BrushPreset.Failure) {
        let name = name == BrushCatalog.round ? BrushCatalog.wholeStrokes : name
        if name != BrushCatalog.wholeStrokes { try readPreset(named: name) }
        eraserName = name
        applyBrush()
    }

    /// Reads an installed preset once (nothing for the round brush).
    private func readPreset(named name: String) throws(BrushPreset.Failure) {
        guard name != BrushCatalog.round, installedPresets[name] == nil,
              let preset = try BrushCatalog.preset(named: name) else { return }
        installedPresets[name] = preset
    }

    /// The size and opacity of the preset `name` as the painter left them (its own where they never changed them);
    /// `nil` for one not read, or the round brush.
    func adjustment(of name: String) -> BrushAdjustment? {
        guard name != BrushCatalog.round, let preset = installedPresets[name] else { return nil }
        return brushAdjustments[name] ?? BrushAdjustment(of: preset)
    }

    /// The round brush's opacity, as the painter left it (its size is its width step).
    var roundOpacity: Double { brushAdjustments[BrushCatalog.round]?.opacity ?? 1 }

    /// Makes what new strokes take from the brush chosen: the stroke brush they are painted with (the preset at its
    /// size), and the width and opacity a stroke takes.
    func applyBrush() {
        defer { showInkBrushes() }
        canvasView.eraserLook = look(of: eraserName, erasing: true)
        guard currentPreset != nil, let look = look(of: brushName, erasing: false) else {
            brushPreset = nil
            canvasView.strokeLook = roundOpacity < 1 ? CanvasView.StrokeLook(width: nil, opacity: roundOpacity) : nil
            return
        }
        brushPreset = look.brush
        canvasView.strokeLook = look
    }

    /// Tells the renderer which brushes strokes begun now may take, painting and erasing: where one takes paint away
    /// on an upper layer, it composites the layers apart before the finger comes down.
    private func showInkBrushes() {
        let brushes = [brushPreset, canvasView.eraserLook?.brush].compactMap(\.self)
        guard brushes != renderer.inkBrushes else { return }
        renderer.inkBrushes = brushes
        renderer.showLayers(of: drawing)
        needsFrame = true
    }

    /// What strokes of the preset `name` take (used as an eraser with `erasing`): the preset at its size, its size
    /// and opacity; `nil` for the round brush, whole strokes or a preset not read.
    private func look(of name: String, erasing: Bool) -> CanvasView.StrokeLook? {
        guard let preset = installedPresets[name], let adjustment = adjustment(of: name) else { return nil }
        let brush: StrokeBrush?
        do {
            brush = try BrushCatalog.strokeBrush(of: adjustment.applied(to: preset), erasing: erasing)
        } catch {
            report("fingerpaint: \(error)")
            brush = try? BrushCatalog.strokeBrush(of: preset, erasing: erasing)
        }
        return CanvasView.StrokeLook(width: adjustment.size, opacity: adjustment.opacity, brush: brush)
    }

    /// Changes the size or opacity of the preset `name` (by default the one painted with); the preset is made at its
    /// new size when `applying` (a slider lifted, a width chosen), not while a finger is still moving the slider.
    /// Nothing for the round brush or whole strokes.
    func adjustPreset(_ name: String? = nil, applying: Bool, _ change: (inout BrushAdjustment) -> Void) {
        let name = name ?? brushName
        guard var adjustment = adjustment(of: name) else { return }
        change(&adjustment)
        brushAdjustments[name] = adjustment
        if applying { applyBrush() }
    }

    /// Chooses a width step (the strip, a key): the round brush's width, or a preset's size.
    func selectWidth(at index: Int) {
        guard currentPreset != nil else { return brush.selectWidth(at: index) }
        guard Brush.widths.indices.contains(index) else { return }
        adjustPreset(applying: true) { $0 = BrushAdjustment(size: Brush.widths[index], opacity: $0.opacity) }
    }

    /// One width step wider or thinner (`[`, `]`): the round brush's, or a preset's size from the step nearest it.
    func stepWidth(by offset: Int) {
        guard let adjustment = currentAdjustment else { return offset > 0 ? brush.widen() : brush.narrow() }
        selectWidth(at: min(max(Self.nearestWidthStep(to: adjustment.size) + offset, 0), Brush.widths.count - 1))
    }

    /// The width step nearest a size, by ratio (4 is as near 2 as 8 is).
    static func nearestWidthStep(to size: Double) -> Int {
        Brush.widths.indices.min { abs(log(Brush.widths[$0] / size)) < abs(log(Brush.widths[$1] / size)) } ?? 0
    }

    /// The brush the palette shows: its colour, and the width step of the round brush or nearest a preset's size.
    var shownBrush: Brush {
        var shown = brush
        if let adjustment = currentAdjustment { shown.selectWidth(at: Self.nearestWidthStep(to: adjustment.size)) }
        return shown
    }

    // MARK: - The panel

    /// Whether the brush panel shows the eraser's brushes: while the eraser is the tool.
    var panelErases: Bool { canvasView.tool == .eraser }

    /// The brush the panel's sliders and marked row are of: the eraser's, or the one painted with.
    private var panelBrushName: String { panelErases ? eraserName : brushName }

    /// Opens the brush panel, or closes it (the layers panel makes way for it): the brushes of the tool in use.
    func toggleBrushPanel() {
        brushPanelView.isHidden.toggle()
        if !brushPanelView.isHidden { layersPanelView.isHidden = true }
    }

    /// Paints with the panel's brush at `index`, with the brush tool, or, while the panel shows the eraser's, erases
    /// with it; a brush that cannot be read says why in the banner.
    func selectBrush(at index: Int) {
        let picks = brushPanelView.brushes
        guard picks.indices.contains(index) else { return }
        do {
            if panelErases {
                try useEraser(named: picks[index].name)
            } else {
                try useBrush(named: picks[index].name)
                canvasView.tool = .brush
            }
            putAwayOtherTools()
        } catch {
            report("fingerpaint: \(error)")
            // Translators: the first %s is a brush's name, the second why it cannot be read.
            showNotice(localized("Cannot paint with %s: %s.", picks[index].title, error.reason))
        }
    }

    /// A slider of the panel moved: the size or opacity follows it.
    func slide(_ slider: BrushPanelView.Slider, to fraction: Double, isFinished: Bool) {
        let name = panelBrushName, isPreset = adjustment(of: name) != nil
        switch (slider, isPreset) {
        case (.size, false):
            brush.selectWidth(at: Int((fraction * Double(Brush.widths.count - 1)).rounded()))
        case (.size, true):
            adjustPreset(name, applying: isFinished) { $0.sizeFraction = fraction }
        case (.opacity, false):
            var round = BrushAdjustment(size: brush.width, opacity: roundOpacity)
            round.opacityFraction = fraction
            brushAdjustments[BrushCatalog.round] = round
            applyBrush()
        case (.opacity, true):
            adjustPreset(name, applying: isFinished) { $0.opacityFraction = fraction }
        case (.steadiness, _):
            canvasView.stabilizerStrength = (fraction * 100).rounded() / 100
        }
    }

    /// The panel's brushes, and their presets read, once: the panel is refreshed with every change of the overlay, and
    /// a preset that cannot be read is not read again at each.
    private func readPicks() -> [BrushCatalog.Pick] {
        let picks = BrushCatalog.picks()
        brushPicks = picks
        for pick in picks where pick.name != BrushCatalog.round && installedPresets[pick.name] == nil {
            installedPresets[pick.name] = try? BrushCatalog.preset(named: pick.name)
        }
        return picks
    }

    /// The panel as the brushes and the choice now are: its brushes and their previews, the one painted with, its
    /// sliders, and its place above the bar's brush button.
    func refreshBrushPanel() {
        guard !brushPanelView.isHidden else { return }
        let picks = brushPicks ?? readPicks()
        // The eraser's: whole strokes first, then the presets, each erasing paint in its own shape.
        let shown = panelErases
            ? [BrushCatalog.Pick(name: BrushCatalog.wholeStrokes,
                                // Translators: the eraser's first choice in the brush panel: it takes whole strokes away.
                                title: localized("Whole strokes"))] + picks.filter { $0.name != BrushCatalog.round }
            : picks
        brushPanelView.brushes = shown
        let name = panelBrushName
        brushPanelView.selected = shown.firstIndex { $0.name == name }
        let layout = paletteView.layout
        // Beside the button of the tool whose brushes it shows; the eraser's make room for two sliders, its size and
        // opacity, whatever it erases with, so that nothing moves.
        brushPanelView.sliderSlots = panelErases ? 2 : BrushPanelView.sliderCount
        let size = BrushPanelView.size(brushes: shown.count, sliders: brushPanelView.sliderSlots,
                                       fitting: layout.bar.minY - 2 * PanelPlacement.gap)
        brushPanelView.frame = layout.panel(of: size, openedBy: panelErases ? .toggleEraser : .useBrush)
        let presetAdjustment = adjustment(of: name)
        let adjustment = presetAdjustment ?? BrushAdjustment(size: brush.width, opacity: roundOpacity)
        let sizeFraction = presetAdjustment == nil ? Double(brush.widthIndex) / Double(Brush.widths.count - 1)
            : adjustment.sizeFraction
        brushPanelView.sliders = name == BrushCatalog.wholeStrokes ? [] : Array([
            // Translators: a slider's label in the brush panel; %s is the brush's size in points, as 4 or 2.5.
            .init(.size, title: localized("Size %s pt", BrushSettings.sizeText(adjustment.size)), fraction: sizeFraction),
            // Translators: a slider's label in the brush panel; %d is a percentage (%% is the percent sign).
            .init(.opacity, title: localized("Opacity %d %%", Int((adjustment.opacity * 100).rounded())),
                  fraction: adjustment.opacityFraction),
            // Translators: the stabilizer's slider in the brush panel, as strong as %d percent (%% is the percent
            // sign), and off.
            .init(.steadiness, title: canvasView.isStabilizing
                  ? localized("Steady lines %d %%", Int((canvasView.stabilizerStrength * 100).rounded()))
                  : localized("Steady lines off"),
                  fraction: canvasView.isStabilizing ? canvasView.stabilizerStrength : 0),
        ].prefix(brushPanelView.sliderSlots))
        // The previews: each brush as it comes, at the window's scale, in the style's ink.
        let scale = max(renderer.scale, 1), side = Int(BrushPanelView.row) - 6
        let made = brushPreviews.update(
            for: shown.map { BrushPreviews.Brush(name: $0.name, preset: installedPresets[$0.name]) },
            width: Int((Double(side) * Overlay.Item.brushPreviewAspect).rounded()) * scale, height: side * scale,
            style: style)
        for key in renderer.galleryThumbnails.keys where key.hasPrefix(BrushPreviews.keyPrefix) && made.images[key] == nil {
            renderer.galleryThumbnails[key] = nil
        }
        for (key, image) in made.images where renderer.galleryThumbnails[key] !== image {
            renderer.galleryThumbnails[key] = image
        }
        brushPanelView.previews = made.keys
    }
}

extension FingerPaintApp: BrushPanelViewDelegate {
    public func brushPanelView(_ panel: BrushPanelView, didAsk command: PaintCommand) { perform(command) }

    public func brushPanelView(_ panel: BrushPanelView, didSlide slider: BrushPanelView.Slider, to fraction: Double,
                               isFinished: Bool) {
        slide(slider, to: fraction, isFinished: isFinished)
        // Remembered where the finger lifts, not at every step of the slide.
        if isFinished { delegate?.fingerPaintApp(self, didChangeBrush: brushSettings) }
        updateOverlay()
    }
}
