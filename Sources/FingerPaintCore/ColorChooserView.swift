// The colour chooser: hue, saturation and value by touch, over the canvas.
import PaintModel
import PaintRender
import PaintUI
import TouchUI

/// A panel over the canvas for choosing any colour by touch: a square of saturation (across) and value (up) at
/// the chosen hue, a bar of hues beside it, and the chosen colour below. A finger on the square or the bar moves
/// the choice as it slides; lifting it makes the colour the brush's (``onChoose``); a tap on the swatch closes the
/// panel (``onClose``). Every target is far larger than a finger (the square 200 points, the bar 48 wide). A
/// touch on the panel never paints.
public final class ColorChooserView: View {
    /// The panel's size, in points.
    public static let size = Size(width: 296, height: 288)

    /// The choice shown: hue, saturation and value, each 0 to 1.
    public private(set) var hue = 0.0, saturation = 0.0, value = 0.0
    /// Called with the colour when a finger lifts from the square or the bar.
    public var onChoose: ((Color) -> Void)?
    /// Called when the panel asks to close (its swatch tapped).
    public var onClose: (() -> Void)?
    /// Called when the shown choice changes (the panel must be drawn again).
    public var onChange: (() -> Void)?

    private enum Part { case square, hueBar, swatch }
    private var pressing: [Int: Part] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
    }

    /// Where the panel goes in a canvas area: centred in it.
    public static func frame(in area: Rect) -> Rect {
        Rect(x: area.midX - size.width / 2, y: max(area.midY - size.height / 2, area.minY), width: size.width, height: size.height)
    }

    /// Shows a colour as the current choice.
    public func show(_ color: Color) {
        (hue, saturation, value) = color.hsv
        onChange?()
    }

    /// The chosen colour.
    public var color: Color { Color(hue: hue, saturation: saturation, value: value) }

    /// How the panel looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayChooser: Overlay.ColorChooser? {
        isHidden ? nil : Overlay.ColorChooser(frame: convert(bounds, to: nil), hue: hue, saturation: saturation, value: value)
    }

    /// The panel's parts in its own coordinates (the overlay's layout, moved to the panel's origin).
    private var layout: Overlay.ColorChooser { Overlay.ColorChooser(frame: bounds, hue: hue, saturation: saturation, value: value) }

    private func part(at point: Point) -> Part? {
        let layout = layout
        // A little slack around the square and the bar: a finger at their edge means their edge.
        if layout.square.insetBy(dx: -12, dy: -12).contains(point) { return .square }
        if layout.hueBar.insetBy(dx: -12, dy: -12).contains(point) { return .hueBar }
        if layout.swatch.contains(point) { return .swatch }
        return nil
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
        case .swatch:
            return
        }
        onChange?()
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
            if part == .swatch {
                if layout.swatch.contains(touch.location(in: self)) { onClose?() }
            } else {
                follow(touch)
                onChoose?(color)
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing[touch.identifier] = nil }
    }
}
