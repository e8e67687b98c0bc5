// The colour panel: hue, saturation and value by touch, the palette's colours and the recent ones, beside the
// bar's colour well.
import PaintModel
import PaintRender
import PaintUI
import TouchUI

/// A panel over the canvas for choosing any colour by touch: a square of saturation (across) and value (up) at
/// the chosen hue, a bar of hues beside it, the palette's swatches and four places for the recent colours, and
/// the chosen colour below. A finger on the square or the bar moves the choice as it slides; lifting it makes the
/// colour the brush's. A tap on a swatch asks for its colour, and a tap on the chosen colour closes the panel
/// (``delegate``). Every target is at least 40 points. A touch on the panel never paints.
public final class ColorChooserView: View {
    /// The panel's size, in points.
    public static let size = Overlay.ColorChooser.size

    /// The choice shown: hue, saturation and value, each 0 to 1.
    public private(set) var hue = 0.0, saturation = 0.0, value = 0.0
    /// The colours chosen, what taps ask for, and that the choice shown changed (``ColorChooserViewDelegate``).
    /// Held weakly: the owner holds the panel.
    public weak var delegate: (any ColorChooserViewDelegate)?
    /// The recent colours of the user's own, newest first, shown in the places under the palette's swatches.
    public var recentColors: [Color] = []

    private enum Part: Equatable { case square, hueBar, swatch(Int), done }
    private var pressing: [Int: Part] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
    }

    /// Shows a colour as the current choice.
    public func show(_ color: Color) {
        (hue, saturation, value) = color.hsv
        delegate?.colorChooserViewDidChange(self)
    }

    /// The chosen colour.
    public var color: Color { Color(hue: hue, saturation: saturation, value: value) }

    /// How the panel looks for a brush, in window coordinates, for the renderer; `nil` while hidden.
    public func overlayChooser(for brush: Brush) -> Overlay.ColorChooser? {
        guard !isHidden else { return nil }
        var chooser = layout(in: convert(bounds, to: nil))
        if let custom = brush.customColor {
            chooser.selectedSwatch = recentColors.firstIndex { $0.rgb == custom.rgb }.map { Brush.palette.count + $0 }
        } else {
            chooser.selectedSwatch = brush.colorIndex
        }
        return chooser
    }

    /// The panel's parts in a frame: the overlay's layout.
    private func layout(in frame: Rect) -> Overlay.ColorChooser {
        var chooser = Overlay.ColorChooser(frame: frame, hue: hue, saturation: saturation, value: value)
        chooser.palette = Brush.palette
        chooser.recent = Array(recentColors.prefix(Overlay.ColorChooser.recentPlaces))
        return chooser
    }

    /// The panel's parts in its own coordinates.
    private var layout: Overlay.ColorChooser { layout(in: bounds) }

    private func part(at point: Point) -> Part? {
        let layout = layout
        // A little slack around the square and the bar: a finger at their edge means their edge.
        if layout.square.insetBy(dx: -12, dy: -12).contains(point) { return .square }
        if layout.hueBar.insetBy(dx: -12, dy: -12).contains(point) { return .hueBar }
        if let index = layout.swatches.firstIndex(where: { $0.insetBy(dx: -2, dy: -2).contains(point) }) { return .swatch(index) }
        if layout.swatch.contains(point) { return .done }
        return nil
    }

    /// What a tap on a swatch asks for; `nil` for an empty place.
    private func command(forSwatch index: Int) -> PaintCommand? {
        if index < Brush.palette.count { return .selectColor(index) }
        let recent = index - Brush.palette.count
        return recentColors.indices.contains(recent) ? .selectRecentColor(recent) : nil
    }

    private func follow(_ touch: Touch) {
        guard let part = pressing[touch.identifier] else { return }
        let point = touch.location(in: self), layout = layout
        func fraction(_ value: Double, _ low: Double, _ length: Double) -> Double { min(max((value - low) / length, 0), 1) }
        switch part {
        case .square:
            saturation = fraction(point.x, layout.square.minX, layout.square.width)
            value = 1 - fraction(point.y, layout.square.minY, layout.square.height)
        case .hueBar:
            hue = min(fraction(point.y, layout.hueBar.minY, layout.hueBar.height), 0.999)
        case .swatch, .done:
            return
        }
        delegate?.colorChooserViewDidChange(self)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            pressing[touch.identifier] = part(at: touch.location(in: self))
            follow(touch)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { follow(touch) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let part = pressing.removeValue(forKey: touch.identifier) else { continue }
            let lifted = self.part(at: touch.location(in: self))
            switch part {
            case .done:
                if lifted == .done { delegate?.colorChooserView(self, didAsk: .openColorChooser) }
            case let .swatch(index):
                if lifted == part, let command = command(forSwatch: index) { delegate?.colorChooserView(self, didAsk: command) }
            case .square, .hueBar:
                follow(touch)
                delegate?.colorChooserView(self, didChoose: color)
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing[touch.identifier] = nil }
    }
}
