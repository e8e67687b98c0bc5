// What is drawn over the canvas in the window (the palette bar), described without Cairo.
import PaintModel
import TouchUI

/// Controls drawn on top of the shown frame, never into the canvas: the palette bar. Logical points.
public struct Overlay: Hashable, Sendable {
    /// One control of the bar.
    public struct Item: Hashable, Sendable {
        /// What the control shows.
        public enum Content: Hashable, Sendable {
            /// A colour swatch.
            case swatch(Color)
            /// A width step, shown as a dot of that width.
            case width(Double)
            /// The undo, redo, clear and save buttons, each drawn as an icon.
            case undo, redo, clear, save
            /// The navigate toggle: a hand, selected while fingers move the view instead of painting.
            case hand
        }

        /// What the control shows.
        public var content: Content
        /// Where the control is, in logical window points.
        public var frame: Rect
        /// Whether the control shows the brush's current choice.
        public var isSelected: Bool
        /// Whether the control can be used now (undo with nothing to undo cannot).
        public var isEnabled: Bool

        /// A control showing `content` in `frame`.
        public init(content: Content, frame: Rect, isSelected: Bool = false, isEnabled: Bool = true) {
            self.content = content
            self.frame = frame
            self.isSelected = isSelected
            self.isEnabled = isEnabled
        }
    }

    /// The bar's rectangle, filled behind the items.
    public var frame: Rect
    /// The controls, drawn in order.
    public var items: [Item]

    /// A bar in `frame` with its controls.
    public init(frame: Rect, items: [Item]) {
        self.frame = frame
        self.items = items
    }
}
