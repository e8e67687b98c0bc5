// What is drawn over the canvas in the window (the palette bar), described without Cairo.
import PaintModel
import Geometry

/// Controls drawn on top of the shown frame, never into the canvas: the palette bar, and a banner when there is
/// something to say. Logical points.
public struct Overlay: Hashable, Sendable {
    /// A line of text in a box over the top of the canvas, with a close mark at its right end.
    public struct Banner: Hashable, Sendable {
        /// What it says.
        public var text: String
        /// Where it is, in logical window points.
        public var frame: Rect

        /// A banner saying `text` in `frame`.
        public init(text: String, frame: Rect) {
            self.text = text
            self.frame = frame
        }
    }

    /// The view indicator: the zoom and the angle in a small box, shown while they change and for a moment after.
    public struct Indicator: Hashable, Sendable {
        /// What it says, such as "150 %  90°".
        public var text: String
        /// Where it is, in logical window points.
        public var frame: Rect

        /// An indicator saying `text` in `frame`.
        public init(text: String, frame: Rect) {
            self.text = text
            self.frame = frame
        }
    }

    /// One control of the bar.
    public struct Item: Hashable, Sendable {
        /// What the control shows.
        public enum Content: Hashable, Sendable {
            /// A colour swatch.
            case swatch(Color)
            /// A width step, shown as a dot in the brush's colour whose size grows with the width (every step a
            /// different size, whatever the button's size).
            case width(Double, Color)
            /// The undo, redo, clear and save buttons, each drawn as an icon.
            case undo, redo, clear, save
            /// The navigate toggle: a hand, selected while fingers move the view instead of painting.
            case hand
            /// The eraser tool: a tilted eraser block, selected while fingers erase whole strokes.
            case eraser
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
    /// The banner, drawn last; `nil` for none.
    public var banner: Banner?
    /// The view indicator, drawn over the canvas; `nil` while hidden.
    public var indicator: Indicator?
    /// Whether the bar is scrolled and has controls beyond its left edge: that edge fades out and shows a chevron.
    public var hasMoreBefore: Bool
    /// Whether the bar has controls beyond its right edge: that edge fades out and shows a chevron.
    public var hasMoreAfter: Bool

    /// The width of the fade at an edge with more controls beyond it, in points; its chevron sits in the outer
    /// ``chevronWidth`` points.
    public static let fadeWidth = 36.0
    public static let chevronWidth = 20.0

    /// A bar in `frame` with its controls, and a banner when there is one.
    public init(frame: Rect, items: [Item], banner: Banner? = nil, hasMoreBefore: Bool = false, hasMoreAfter: Bool = false) {
        self.frame = frame
        self.items = items
        self.banner = banner
        self.hasMoreBefore = hasMoreBefore
        self.hasMoreAfter = hasMoreAfter
    }

    /// Every rectangle the overlay covers: the bar's, and the banner's when there is one.
    public var frames: [Rect] {
        [frame] + (banner.map { [$0.frame] } ?? []) + (indicator.map { [$0.frame] } ?? [])
    }
}
