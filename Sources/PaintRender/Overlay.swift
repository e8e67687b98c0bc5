// What is drawn over the canvas in the window (the palette bar), described without Cairo.
import PaintModel
import Geometry

/// The colours the controls are drawn in: light (the default) or dark (`--style dark`, the desktop's dark style).
/// The canvas stays paper-white in both.
public enum OverlayStyle: String, CaseIterable, Hashable, Sendable {
    case light, dark

    /// The bar's and panels' background.
    var surface: (Double, Double, Double) { self == .light ? (0.93, 0.93, 0.95) : (0.17, 0.18, 0.21) }
    /// The bar's top edge and the panels' outline.
    var edge: (Double, Double, Double) { self == .light ? (0.75, 0.75, 0.78) : (0.32, 0.33, 0.37) }
    /// Icons, enabled and disabled.
    func ink(isEnabled: Bool) -> Double { self == .light ? (isEnabled ? 0.2 : 0.7) : (isEnabled ? 0.9 : 0.45) }
    /// The chevron of a scrolling bar.
    var chevron: Double { self == .light ? 0.3 : 0.8 }
}

/// Controls drawn on top of the shown frame, never into the canvas: the palette bar, and a banner when there is
/// something to say. Logical points.
public struct Overlay: Hashable, Sendable {
    /// A line of text in a box over the top of the canvas, with a close mark at its right end.
    public struct Banner: Hashable, Sendable {
        /// What it says.
        public var text: String
        /// Where it is, in logical window points.
        public var frame: Rect
        /// Whether it reports something done (dark slate) rather than something wrong (dark red).
        public var isNotice: Bool

        /// A banner saying `text` in `frame`.
        public init(text: String, frame: Rect, isNotice: Bool = false) {
            self.text = text
            self.frame = frame
            self.isNotice = isNotice
        }
    }

    /// The eyedropper's loupe: a disc above the finger showing the drawing around it magnified, ringed in the
    /// colour under the finger.
    public struct Loupe: Hashable, Sendable {
        /// The point under the finger, in logical window points.
        public var target: Point
        /// The colour there.
        public var color: Color

        /// The loupe's radius, in points.
        public static let radius = 44.0
        /// How much larger the loupe shows the drawing.
        public static let magnification = 4.0

        /// A loupe over `target`, whose colour is `color`.
        public init(target: Point, color: Color) {
            self.target = target
            self.color = color
        }

        /// Where the disc is: above the finger (below it near the window's top), so the finger never hides it.
        public var frame: Rect {
            let side = 2 * Self.radius + 8
            let y = target.y - Self.radius - 40 - side / 2 < 0 ? target.y + 40 : target.y - 40 - side
            return Rect(x: target.x - side / 2, y: y, width: side, height: side)
        }
    }

    /// The colour chooser: a square of saturation (across) and value (up) at the chosen hue, a bar of hues beside
    /// it, and the chosen colour below, on a panel.
    public struct ColorChooser: Hashable, Sendable {
        /// The panel, in logical window points.
        public var frame: Rect
        /// The chosen hue, saturation and value, each 0 to 1.
        public var hue: Double, saturation: Double, value: Double

        /// A chooser in `frame` showing a colour.
        public init(frame: Rect, hue: Double, saturation: Double, value: Double) {
            self.frame = frame
            self.hue = hue
            self.saturation = saturation
            self.value = value
        }

        /// The square of saturation and value.
        public var square: Rect { Rect(x: frame.minX + 16, y: frame.minY + 16, width: frame.width - 104, height: frame.height - 88) }
        /// The bar of hues, top to bottom.
        public var hueBar: Rect { Rect(x: square.maxX + 24, y: square.minY, width: 48, height: square.height) }
        /// The swatch of the chosen colour, which closes the chooser when tapped.
        public var swatch: Rect { Rect(x: frame.minX + 16, y: square.maxY + 16, width: frame.width - 32, height: 40) }
    }

    /// A button's label, shown above it while it is held down: white text on a dark tip.
    public struct Label: Hashable, Sendable {
        /// What it says.
        public var text: String
        /// Where it is, in logical window points: above the button, inside the window.
        public var frame: Rect

        /// A label with its text in a frame.
        public init(text: String, frame: Rect) {
            self.text = text
            self.frame = frame
        }

        /// The label for a button's frame in a window's bounds (its width reckoned generously for the font).
        public init(text: String, button: Rect, window: Rect) {
            self.text = text
            let width = min(16 + 8 * Double(text.count), window.width), height = 30.0
            let x = min(max(button.midX - width / 2, window.minX), window.maxX - width)
            frame = Rect(x: x, y: max(button.minY - height - 10, window.minY), width: width, height: height)
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
            /// The undo, redo, clear, save and copy buttons, each drawn as an icon.
            case undo, redo, clear, save, copy
            /// The navigate toggle: a hand, selected while fingers move the view instead of painting.
            case hand
            /// The eraser tool: a tilted eraser block, selected while fingers erase whole strokes.
            case eraser
            /// Full screen on and off: four corners, selected in full screen (the way back by touch).
            case fullscreen
            /// The colour chooser: a ring of hues.
            case colorChooser
            /// The eyedropper: a pipette, selected while the next touch picks a colour.
            case eyedropper
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
    /// The colour chooser's panel over the canvas, while it is open.
    public var colorChooser: ColorChooser?
    /// The eyedropper's loupe, while a finger picks a colour.
    public var loupe: Loupe?
    /// A held button's label.
    public var label: Label?
    /// The view indicator (the zoom and the angle while they change), drawn over the canvas; `nil` while hidden.
    public var indicator: Label?
    /// The colours the controls are drawn in.
    public var style = OverlayStyle.light
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
        [frame] + [banner?.frame, colorChooser?.frame, loupe?.frame, label?.frame, indicator?.frame].compactMap { $0 }
    }
}
