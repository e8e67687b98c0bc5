// The banner over the top of the canvas: what went wrong with saving, until the user dismisses it.
import PaintRender
import PaintUI
import TouchUI

/// A line of text over the top of the canvas, shown while it has a ``message``. A touch on it never paints; a
/// tap on it dismisses it, or, on its ``action``'s button, does the action.
public final class BannerView: View {
    /// The banner's height, in points.
    public static let height: Double = 36
    /// The space between the banner and the window's edges, in points.
    public static let margin: Double = 8

    /// What the banner says; `nil` hides it.
    public var message: String? {
        didSet { isHidden = message == nil }
    }
    /// Whether the message reports something done (an export) rather than something wrong: drawn calmly.
    public var isNotice = false
    /// The title of a button at the banner's right end ("Undo"); `nil` for none.
    public var action: String?
    /// Called when the user dismisses the banner.
    public var onDismiss: (() -> Void)?
    /// Called when the user taps the action's button.
    public var onAction: (() -> Void)?
    private var pressing: Set<Int> = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = true
    }

    /// Where the banner goes in a window of `size`: across the top, inside the margins.
    public static func frame(in size: Size) -> Rect {
        Rect(x: margin, y: margin, width: max(size.width - 2 * margin, 0), height: min(height, max(size.height - 2 * margin, 0)))
    }

    /// How the banner looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayBanner: Overlay.Banner? {
        message.map { Overlay.Banner(text: $0, frame: convert(bounds, to: nil), isNotice: isNotice, action: action) }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing.insert(touch.identifier) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where pressing.remove(touch.identifier) != nil {
            let location = touch.location(in: self)
            guard bounds.contains(location) else { continue }
            let banner = Overlay.Banner(text: "", frame: bounds, action: action)
            if let button = banner.actionFrame, button.contains(location) {
                onAction?()
            } else {
                onDismiss?()
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing.remove(touch.identifier) }
    }
}
