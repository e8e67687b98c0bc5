// The view indicator: how far the view is zoomed, shown while it changes and for a moment after.
import PaintRender
import TouchUI

/// A small pill at the top of the canvas saying the zoom (`150 %`) while the view zooms and for
/// ``lingerTime`` after; a tap on it asks for 100 % (``onReset``). A touch on it never paints.
public final class ViewIndicatorView: View {
    /// How long the indicator stays after the last change.
    public static let lingerTime = Duration.milliseconds(1500)
    /// The pill's size, in points: wide enough for `1600 %`, tall enough for a finger.
    public static let size = Size(width: 96, height: 40)

    /// What it says; `nil` hides it.
    public private(set) var text: String?
    /// Called when the indicator is tapped: back to 100 %.
    public var onReset: (() -> Void)?
    /// Called when it appears or goes (the overlay must be drawn again).
    public var onChange: (() -> Void)?
    private var hideTimer: TimerQueue.Token?
    private var pressing: Set<Int> = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Where the indicator goes in a canvas area: centred at its top, below the banner's place.
    public static func frame(in area: Rect) -> Rect {
        Rect(x: area.midX - size.width / 2, y: area.minY + BannerView.height + 2 * BannerView.margin,
             width: size.width, height: size.height)
    }

    /// The zoom, as the indicator writes it.
    public static func text(zoom: Double) -> String {
        "\(Int(saturating: (zoom * 100).rounded())) %"
    }

    /// Shows the view's zoom now, and hides it ``lingerTime`` after the last call.
    public func show(zoom: Double) {
        text = Self.text(zoom: zoom)
        isHidden = false
        if let hideTimer { window?.timers.cancel(hideTimer) }
        hideTimer = window?.timers.schedule(after: Self.lingerTime) { [weak self] in
            guard let self else { return }
            hideTimer = nil
            text = nil
            isHidden = true
            onChange?()
        }
        onChange?()
    }

    /// How the indicator looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayIndicator: Overlay.Banner? {
        guard let text, !isHidden else { return nil }
        return Overlay.Banner(text: text, frame: convert(bounds, to: nil))
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
