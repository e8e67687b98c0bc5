// The brush panel: a row a brush, each its own preview stroke and its name, and under them the current brush's size
// and opacity sliders and the stabilizer's. Opened from the bar's brush or eraser (a tap on it while it is the tool,
// for the brushes that tool uses) or Shift+B (docs/brushes.md, "The brush panel").
import Geometry
import PaintModel
import PaintUI
import TouchUI

/// What a touch on the brush panel asks for.
public protocol BrushPanelViewDelegate: AnyObject {
    /// A tap on a brush's row asks for `command` (``PaintCommand/selectBrush(_:)``).
    func brushPanelView(_ panel: BrushPanelView, didAsk command: PaintCommand)
    /// A finger moved a slider to `fraction` of its track (0 to 1); `isFinished` when it lifted there.
    func brushPanelView(_ panel: BrushPanelView, didSlide slider: BrushPanelView.Slider, to fraction: Double,
                        isFinished: Bool)
}

/// A panel over the canvas showing the brushes to paint with (``BrushCatalog/picks(presetsIn:)``), each a row of its
/// preview stroke and its name, the current one marked; under the rows, the sliders of the current brush (its size
/// and its opacity) and the stabilizer's. A tap on a row asks for that brush; a finger on a slider moves it as it slides and sets
/// it where it lifts. Rows are ``InterfaceLayout/controlSide`` points tall, in one column, or in two where the window
/// is too short for one. A touch on the panel never paints.
public final class BrushPanelView: View {
    /// A slider of the panel.
    public enum Slider: Hashable, Sendable {
        /// The brush's size.
        case size
        /// The brush's opacity.
        case opacity
        /// How strongly strokes are steadied (the stabilizer, docs/brushes.md): from off to full strength.
        case steadiness
    }

    /// A slider as the panel shows it: which, its words (the value included) and where its knob is (0 to 1).
    public struct SliderState: Hashable, Sendable {
        public var slider: Slider
        public var title: String
        public var fraction: Double

        public init(_ slider: Slider, title: String, fraction: Double) {
            self.slider = slider
            self.title = title
            self.fraction = fraction
        }
    }

    /// The width of a column of rows, in points.
    static let columnWidth = 264.0
    /// A row's height.
    static let row = InterfaceLayout.controlSide
    /// The space around the rows and between them.
    static let spacing = InterfaceLayout.spacing
    /// A slider's height: its words over a track as tall as a target.
    static let sliderHeight = 24.0 + InterfaceLayout.controlSide
    /// The most sliders a panel makes room for.
    public static let sliderCount = 3

    /// The brushes shown, in order; set by the owner.
    public var brushes: [BrushCatalog.Pick] = []
    /// The keys of the brushes' previews (``PaintUI/Overlay/Item/Content/brushPreview(_:)``), as ``brushes``.
    public var previews: [String?] = []
    /// The position in ``brushes`` of the brush painted with; `nil` for one not among them.
    public var selected: Int?
    /// The current brush's sliders, top to bottom (at most ``sliderSlots``).
    public var sliders: [SliderState] = []
    /// How many sliders the panel makes room for under its rows (at most ``sliderCount``), whether shown or not.
    public var sliderSlots = BrushPanelView.sliderCount
    /// What touches ask for. Held weakly: the owner holds the panel.
    public weak var delegate: (any BrushPanelViewDelegate)?

    /// What the touch under way pressed: a row, or a slider.
    private enum Press: Equatable { case row(Int), slider(Slider) }
    private var press: (touch: Int, part: Press)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
    }

    // MARK: - Layout

    /// The columns of rows for `count` brushes and room for `sliders` sliders in a window area `height` points
    /// high: one where they fit, else two.
    static func columns(brushes count: Int, sliders: Int, fitting height: Double) -> Int {
        let rows = Double(max(count, 1))
        return height >= rows * (row + spacing) + spacing + Double(sliders) * sliderHeight + spacing ? 1 : 2
    }

    /// The panel's size for `count` brushes and room for `sliders` sliders (at most ``sliderCount``) in a window area
    /// `height` points high.
    public static func size(brushes count: Int, sliders: Int = sliderCount, fitting height: Double) -> Size {
        let sliders = min(max(sliders, 0), sliderCount)
        let columns = Self.columns(brushes: count, sliders: sliders, fitting: height)
        let rows = (max(count, 1) + columns - 1) / columns
        return Size(width: Double(columns) * columnWidth + Double(columns - 1) * spacing,
                    height: Double(rows) * (row + spacing) + spacing + Double(sliders) * sliderHeight + spacing)
    }

    /// How many columns the rows take in the panel's bounds: one where its height holds them all above the sliders,
    /// else two — narrower than ``columnWidth`` in a window too narrow for two of those.
    private var columnCount: Int {
        Self.columns(brushes: brushes.count, sliders: min(sliderSlots, Self.sliderCount), fitting: bounds.height)
    }

    /// The frame of the `index`th brush's row, in the panel's coordinates.
    private func rowFrame(_ index: Int) -> Rect {
        let columns = columnCount, rows = (max(brushes.count, 1) + columns - 1) / columns
        let column = index / rows, line = index % rows
        let width = (bounds.width - Double(columns + 1) * Self.spacing) / Double(columns)
        return Rect(x: Self.spacing + Double(column) * (width + Self.spacing),
                    y: Self.spacing + Double(line) * (Self.row + Self.spacing), width: width, height: Self.row)
    }

    /// The `index`th slider's row and its track, in the panel's coordinates, from the panel's bottom up.
    private func sliderFrames(_ index: Int) -> (frame: Rect, track: Rect) {
        let top = bounds.height - Self.spacing - Double(min(sliderSlots, Self.sliderCount) - index) * Self.sliderHeight
        let frame = Rect(x: Self.spacing, y: top, width: bounds.width - 2 * Self.spacing, height: Self.sliderHeight)
        let track = Rect(x: frame.minX + 16, y: frame.minY + 24, width: frame.width - 32, height: InterfaceLayout.controlSide)
        return (frame, track)
    }

    /// How the panel looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayPanel: Overlay.Panel? {
        guard !isHidden else { return nil }
        let origin = convert(Point(x: 0, y: 0), to: nil)
        func inWindow(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        let items = brushes.indices.map { index in
            // The whole-stroke eraser shows the eraser; a brush its own stroke.
            let content: Overlay.Item.Content = brushes[index].name == BrushCatalog.wholeStrokes ? .eraser
                : .brushPreview(previews.indices.contains(index) ? previews[index] : nil)
            return Overlay.Item(content: content, frame: inWindow(rowFrame(index)), isSelected: index == selected,
                                title: brushes[index].title)
        }
        var panel = Overlay.Panel(frame: convert(bounds, to: nil), items: items)
        panel.sliders = sliders.prefix(min(sliderSlots, Self.sliderCount)).enumerated().map { index, state in
            let frames = sliderFrames(index)
            return Overlay.Slider(title: state.title, frame: inWindow(frames.frame), track: inWindow(frames.track),
                                  value: state.fraction)
        }
        return panel
    }

    /// What a point in the panel's coordinates is on; `nil` for its background.
    private func part(at point: Point) -> Press? {
        if let index = brushes.indices.first(where: { rowFrame($0).contains(point) }) { return .row(index) }
        for (index, state) in sliders.prefix(min(sliderSlots, Self.sliderCount)).enumerated() where sliderFrames(index).frame.contains(point) {
            return .slider(state.slider)
        }
        return nil
    }

    /// Where along a slider's track a point lies, from 0 to 1.
    private func fraction(at point: Point, along slider: Slider) -> Double? {
        guard let index = sliders.prefix(min(sliderSlots, Self.sliderCount)).firstIndex(where: { $0.slider == slider }) else { return nil }
        let track = sliderFrames(index).track
        guard track.width > 0, point.x.isFinite else { return nil }
        return min(max((point.x - track.minX) / track.width, 0), 1)
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard press == nil, let touch = touches.first else { return }
        let point = touch.location(in: self)
        guard let part = part(at: point) else { return }
        press = (touch.identifier, part)
        slide(touch, isFinished: false)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first(where: { $0.identifier == press?.touch }) else { return }
        slide(touch, isFinished: false)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first(where: { $0.identifier == press?.touch }), let pressed = press?.part else { return }
        slide(touch, isFinished: true)
        press = nil
        if case let .row(index) = pressed, part(at: touch.location(in: self)) == pressed {
            delegate?.brushPanelView(self, didAsk: .selectBrush(index))
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first(where: { $0.identifier == press?.touch }) else { return }
        slide(touch, isFinished: true)
        press = nil
    }

    /// A touch on a slider moves it to where the finger is.
    private func slide(_ touch: Touch, isFinished: Bool) {
        guard case let .slider(slider)? = press?.part,
              let fraction = fraction(at: touch.location(in: self), along: slider) else { return }
        delegate?.brushPanelView(self, didSlide: slider, to: fraction, isFinished: isFinished)
    }
}
