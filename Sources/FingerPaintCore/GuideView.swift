// The guide's card above the bar (docs/interface.md, "The guide"). Contract: a touch on it never paints; a tap on it
// takes it down; touches beside it go to the canvas as ever.
import Geometry
import PaintUI
import TouchUI

/// The card that shows how to paint and move the view, shown while it has a ``guide``. Its geometry and drawing are
/// ``PaintUI/Overlay/Guide``'s.
public final class GuideView: View {
    /// What the card shows, in the window's points; `nil` hides it.
    public var guide: Overlay.Guide? {
        didSet {
            isHidden = guide == nil
            if let guide { frame = guide.frame }
        }
    }
    /// Called when the painter taps the card.
    public var onDismiss: (() -> Void)?
    private var pressing: Set<Int> = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing.insert(touch.identifier) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where pressing.remove(touch.identifier) != nil {
            if bounds.contains(touch.location(in: self)) { onDismiss?() }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing.remove(touch.identifier) }
    }
}
