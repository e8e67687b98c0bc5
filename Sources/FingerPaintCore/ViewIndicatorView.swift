// The view indicator: the zoom percentage and the angle, shown while they change; a tap on it resets the view.
import Localization
import PaintRender
import PaintUI
import TouchUI

/// A small box at the bottom middle of the canvas, above the palette, saying the view's zoom and angle
/// ("150 %  90°"), 40 points tall for a finger. It shows while the view changes and for ``lingering`` after (``show(_:at:)``, ``hide()``; the app runs the timer). A touch on it
/// never paints; a tap on it asks for 100 % and 0° (``onReset``).
public final class ViewIndicatorView: View {
    /// The indicator's size, in points.
    public static let size = Size(width: 120, height: 40)
    /// The space between the indicator and the palette bar below it, in points.
    public static let margin: Double = 12
    /// How long the indicator stays after the view last changed.
    public static let lingering: Duration = .milliseconds(1_500)

    /// What the indicator says; `nil` while hidden.
    public private(set) var text: String?
    /// Called when the user taps the indicator.
    public var onReset: (() -> Void)?
    private var pressing: Set<Int> = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = true
    }

    /// What the indicator says for a view: its zoom in whole percent and its angle in whole degrees, clockwise.
    public static func text(for view: ViewTransform) -> String {
        // Translators: the view's indicator; %1$d is the zoom in percent, %2$d the view's angle in degrees ("150 %  15°").
        localized("%1$d %%  %2$d°", Int((view.zoom * 100).rounded()), view.rotationDegrees)
    }

    /// Where the indicator goes in a window of `size`: centred just above the palette bar, clear of the banner at
    /// the top and of most of the drawing's middle.
    public static func frame(in size: Size) -> Rect {
        Rect(x: (size.width - Self.size.width) / 2,
             y: max(size.height - PaletteView.height - margin - Self.size.height, 0),
             width: Self.size.width, height: Self.size.height)
    }

    /// Shows the indicator for a view.
    public func show(_ view: ViewTransform) {
        text = Self.text(for: view)
        isHidden = false
    }

    /// Hides the indicator.
    public func hide() {
        text = nil
        isHidden = true
        pressing.removeAll()
    }

    /// How the indicator looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayIndicator: Overlay.Label? {
        text.map { Overlay.Label(text: $0, frame: convert(bounds, to: nil)) }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing.insert(touch.identifier) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where pressing.remove(touch.identifier) != nil {
            if bounds.contains(touch.location(in: self)) { onReset?() }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing.remove(touch.identifier) }
    }
}
