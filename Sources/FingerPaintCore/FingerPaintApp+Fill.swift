// The fill tool (docs/selection.md, "Fill"): while it is the tool, a tap fills the region the visible paint encloses
// around it with the brush's colour, on the current layer, as one edit: a stroke that is a fill (its outlines), so it
// stays sharp at every zoom and exports as a path. Contract: the region is found in the view (RegionFill, from the
// visible layers' coverage at the view's scale); a tap where nothing encloses the region fills nothing and says so.
import Geometry
import Localization
import PaintModel
import PaintRender

extension FingerPaintApp {
    /// The gaps a fill may close, in the view's points (openings up to twice one stay shut), one for each of the
    /// palette's width steps (``PaintModel/Brush/widths``): while the fill tool is in use those steps choose it, each
    /// closing openings up to three quarters of its dot's width.
    public static let fillGaps: [Double] = Brush.widths.map { $0 * 3 / 8 }
    /// The gap a fill closes unless the settings say otherwise: openings under 6 points.
    public static let defaultFillGap = 3.0
    /// How far under the lines a fill reaches past their soft edge, in the view's points.
    static let fillUnder = 1.0
    /// What the banner says for a tap where nothing encloses the region.
    static var nothingEncloses: String {
        localized("Nothing encloses the place you tapped: the fill fills a region that lines close all round.")
    }

    /// Whether the fill tool is in use: a tap fills instead of painting.
    public var isFilling: Bool { canvasView.isFilling }

    /// Chooses the fill tool (`f`, the bar's bucket), or puts it away when it is the tool.
    func toggleFillTool() {
        guard !canvasView.isFilling else {
            canvasView.isFilling = false
            return
        }
        putAwayOtherTools()
        canvasView.isFilling = true
    }

    /// Fills the region around a window point that the visible paint encloses, on the current layer, with the
    /// brush's colour: one edit. A locked or hidden layer refuses; a tap on a line, or where the region reaches the
    /// view's edge, fills nothing and says so.
    func fill(at point: Point) {
        if let refusal = currentLayerRefusal { return say(refusal) }
        let transform = canvasView.viewTransform
        let area = transform.documentRect(canvasView.bounds)
        // The view's scale, or less where the view is larger than a barrier holds.
        let scale = min(transform.zoom, (Double(DrawingPicture.largestBarrierPixels) / max(area.width * area.height, 1)).squareRoot())
        let tapped = transform.documentPoint(canvasView.convert(point, from: nil))
        guard let barrier = DrawingPicture(drawing: drawing, area: area).fillBarrier(pixelsPerPoint: scale) else {
            return say(localized("The view is too large to fill in: zoom in a little."))
        }
        let pixelsAPoint = scale / transform.zoom
        // The tapped pixel; none (off the raster) for a point no integer holds.
        let x = Int(exactly: ((tapped.x - area.minX) * scale).rounded(.down)) ?? -1
        let y = Int(exactly: ((tapped.y - area.minY) * scale).rounded(.down)) ?? -1
        let outcome = RegionFill.region(in: barrier, x: x, y: y, gap: fillGap * pixelsAPoint,
                                        under: Self.fillUnder * pixelsAPoint)
        switch outcome {
        case .onPaint:
            say(localized("Tap inside a shape, not on its line, to fill it."))
        case .notEnclosed:
            say(Self.nothingEncloses)
        case let .region(outlines):
            let document = outlines.map { outline in
                outline.map { Point(x: area.minX + $0.x / scale, y: area.minY + $0.y / scale) }
            }
            guard let fill = Stroke(filling: document, color: brush.color) else { return say(Self.nothingEncloses) }
            edit(.add(fill))
            report("fingerpaint: " + localizedPlural("filled a region of %d outline", "filled a region of %d outlines",
                                                     count: document.count, document.count))
        }
    }

    /// The width step that stands for the fill's gap while the fill tool is in use.
    var fillGapIndex: Int {
        Self.fillGaps.indices.min { abs(Self.fillGaps[$0] - fillGap) < abs(Self.fillGaps[$1] - fillGap) } ?? 0
    }

    /// Chooses the fill's gap of the width step at `index` (a width dot tapped, `[` and `]`, while the fill tool is
    /// in use), and says what it closes.
    func selectFillGap(at index: Int) {
        guard Self.fillGaps.indices.contains(index) else { return }
        fillGap = Self.fillGaps[index]
        // Translators: %s is a width in points, as 6 or 4.5.
        showNotice(localized("The fill closes gaps in lines up to %s points wide.", BrushSettings.sizeText(fillGap * 2)))
    }

    /// The next wider (`offset` 1) or narrower (-1) fill gap, within those there are (`[` and `]` while filling).
    func stepFillGap(by offset: Int) {
        selectFillGap(at: min(max(fillGapIndex + offset, 0), Self.fillGaps.count - 1))
    }
}
