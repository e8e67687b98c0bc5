// The banner over the top of the canvas: what went wrong with saving, until the user dismisses it. Contract: a tap
// on its action does the action, a tap anywhere else on it dismisses it, and a touch on it never paints.
import PaintRender
import PaintUI
import TouchUI

/// A line of text over the top of the canvas, shown while it has a ``message``. A touch on it never paints; a
/// tap on it dismisses it, or, on its ``action``'s button, does the action.
///
/// Its geometry (where it goes in a window, its action's and its close mark's targets) is
/// ``PaintUI/Overlay/Banner``'s, which draws it too.
public final class BannerView: View {
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
            let geometry = Overlay.Banner(text: "", frame: bounds, action: action)
            if let button = geometry.actionFrame, button.contains(location) {
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
