// The selection's menu, opened by a long press on the selection: copy, cut, paste, duplicate, flip either way, up or
// down a layer, select all, invert, delete, each asked of the delegate; over the whole window while open, so that a touch outside its box closes it and selects nothing
// (docs/selection.md).
import Geometry
import Localization
import PaintUI
import TouchUI

/// What the selection's menu asks for.
public protocol SelectionMenuViewDelegate: AnyObject {
    /// The menu asks for `action` on the selection, or (`nil`) closed without one.
    func selectionMenuView(_ menu: SelectionMenuView, didAsk action: SelectionMenuView.Action?)
}

/// The menu of the selection, over the whole window while it is open; its box opens beside the selection, inside the
/// window above the bar, its rows in two or three columns where fewer would not fit. Every row is at least
/// ``InterfaceLayout/controlSide`` points high.
public final class SelectionMenuView: View {
    /// An action of the menu, in its order.
    public enum Action: Hashable, Sendable, CaseIterable {
        case copy, cut, paste, duplicate, flipHorizontally, flipVertically, layerUp, layerDown, selectAll, invert, delete

        /// The menu's words for it.
        public var title: String {
            switch self {
            // Translators: the selection's menu (a long press on selected strokes): verbs, short.
            case .copy: localized("Copy")
            case .cut: localized("Cut")
            case .paste: localized("Paste")
            // Translators: the selection's menu: put a copy of the selected strokes beside them.
            case .duplicate: localized("Duplicate")
            case .flipHorizontally: localized("Flip horizontally")
            case .flipVertically: localized("Flip vertically")
            // Translators: the selection's menu: move the selected strokes to the layer above.
            case .layerUp: localized("Up a layer")
            case .layerDown: localized("Down a layer")
            case .selectAll: localized("Select all")
            // Translators: the selection's menu: select the strokes of the layer not selected, and only them.
            case .invert: localized("Invert")
            // Translators: the selection's menu: remove the selected strokes (a verb).
            case .delete: localized("Delete")
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

    /// How many columns the rows are in: one, or two or three where fewer would not fit the area's height.
    private var columns: Int {
        (1...2).first { area.height >= Self.height(columns: $0) } ?? 3
    }

    /// The box's height with its rows in `columns` columns.
    private static func height(columns: Int) -> Double {
        let rows = (Action.allCases.count + columns - 1) / columns
        return headingHeight + Double(rows) * InterfaceLayout.controlSide + 8
    }

    /// Where the box is: beside the selection, inside the area.
    private var box: Rect {
        let columns = columns
        let width = min(Self.width * (1 + 0.5 * Double(columns - 1)), area.width)
        return PanelPlacement.frame(of: Size(width: width, height: Self.height(columns: columns)),
                                    beside: anchor, preferring: [.below, .above, .right, .left], in: area)
    }

    /// The rows' frames, in their order (along the rows of columns), in window points.
    public var rowFrames: [Rect] {
        let box = box, columns = columns
        let width = (box.width - 8) / Double(columns)
        return Action.allCases.indices.map { index in
            Rect(x: box.minX + 4 + Double(index % columns) * width,
                 y: box.minY + Self.headingHeight + Double(index / columns) * InterfaceLayout.controlSide,
                 width: width, height: InterfaceLayout.controlSide)
        }
    }

    /// How the menu looks, in window points, for the renderer; `nil` while closed.
    public var overlayMenu: Overlay.LayerMenu? {
        guard !isHidden else { return nil }
        let rows = zip(Action.allCases, rowFrames).map { action, frame in
            Overlay.LayerMenu.Row(title: action.title, frame: frame, isDestructive: action == .delete)
        }
        // Translators: the heading of the selection's menu (a noun: the strokes selected).
        return Overlay.LayerMenu(frame: box, title: localized("Selection"), rows: rows)
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
