// The selection's menu, opened by a long press on the selection: duplicate, flip either way, delete, each asked of the
// delegate; over the whole window while open, so that a touch outside its box closes it and selects nothing
// (docs/selection.md).
import Geometry
import PaintUI
import TouchUI

/// What the selection's menu asks for.
public protocol SelectionMenuViewDelegate: AnyObject {
    /// The menu asks for `action` on the selection, or (`nil`) closed without one.
    func selectionMenuView(_ menu: SelectionMenuView, didAsk action: SelectionMenuView.Action?)
}

/// The menu of the selection, over the whole window while it is open; its box opens beside the selection, inside the
/// window above the bar. Every row is at least ``InterfaceLayout/controlSide`` points high.
public final class SelectionMenuView: View {
    /// An action of the menu, in its order.
    public enum Action: Hashable, Sendable, CaseIterable {
        case duplicate, flipHorizontally, flipVertically, delete

        /// The menu's words for it.
        public var title: String {
            switch self {
            case .duplicate: "Duplicate"
            case .flipHorizontally: "Flip horizontally"
            case .flipVertically: "Flip vertically"
            case .delete: "Delete"
            }
        }
    }

    /// What the menu asks for. Held weakly: the owner holds the menu.
    public weak var delegate: (any SelectionMenuViewDelegate)?
    /// The selection's bounds the box opens beside, and the area it stays in, in the view's (the window's) points.
    private var anchor = Rect.zero, area = Rect.zero
    /// The row the touch under way came down on (`nil` outside every row), while one is down.
    private var pressed: Int??

    /// The box's width, in points.
    public static let width = 240.0
    /// The heading's height over the rows: a layer's menu's, as it is drawn the same.
    static let headingHeight = LayerMenuView.headingHeight

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
    }

    /// Whether the menu is open.
    public var isOpen: Bool { !isHidden }

    /// Opens the menu beside `selection` (window points), its box inside `area`.
    public func open(beside selection: Rect, in area: Rect) {
        anchor = selection
        self.area = area
        pressed = nil
        isHidden = false
    }

    /// Closes the menu and tells the delegate.
    public func close() {
        guard !isHidden else { return }
        isHidden = true
        delegate?.selectionMenuView(self, didAsk: nil)
    }

    /// Where the box is: beside the selection, inside the area.
    private var box: Rect {
        let height = Self.headingHeight + Double(Action.allCases.count) * InterfaceLayout.controlSide + 8
        return PanelPlacement.frame(of: Size(width: Self.width, height: height), beside: anchor,
                                    preferring: [.below, .above, .right, .left], in: area)
    }

    /// The rows' frames, top to bottom, in window points.
    public var rowFrames: [Rect] {
        let box = box
        return Action.allCases.indices.map { index in
            Rect(x: box.minX + 4, y: box.minY + Self.headingHeight + Double(index) * InterfaceLayout.controlSide,
                 width: box.width - 8, height: InterfaceLayout.controlSide)
        }
    }

    /// How the menu looks, in window points, for the renderer; `nil` while closed.
    public var overlayMenu: Overlay.LayerMenu? {
        guard !isHidden else { return nil }
        let rows = zip(Action.allCases, rowFrames).map { action, frame in
            Overlay.LayerMenu.Row(title: action.title, frame: frame, isDestructive: action == .delete)
        }
        return Overlay.LayerMenu(frame: box, title: "Selection", rows: rows)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        pressed = .some(rowFrames.firstIndex { $0.contains(point) })
        if !box.contains(point) { close() }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, case let .some(row?) = pressed else { return }
        pressed = nil
        guard rowFrames[row].contains(touch.location(in: self)) else { return }
        isHidden = true
        delegate?.selectionMenuView(self, didAsk: Action.allCases[row])
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        pressed = nil
    }
}
