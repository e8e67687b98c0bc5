// The palette bar: colour swatches, width steps, the eraser, undo, redo, clear and export. Fingers on it do not paint.
import PaintModel
import PaintRender
import PaintUI
import TouchUI

/// A bar of buttons over the canvas. A touch that comes down here belongs to the palette, so it never paints; it
/// presses the button it is lifted on, if that is the one it came down on.
///
/// The buttons are squares of ``preferredSide`` points, smaller on a narrow window but never under
/// ``minimumSide`` (Apple asks 44 pt, Material 48 dp): where they do not fit even then, the bar scrolls
/// sideways under a finger (or the pointer) dragged along it.
public final class PaletteView: View {
    /// One button: what it does and where it is, in the palette's coordinates.
    public struct Item: Hashable, Sendable {
        /// What the button asks for.
        public var command: PaintCommand
        /// Where it is, in the palette's coordinates (scrolled).
        public var frame: Rect
    }

    /// The bar's height, in points.
    public static let height: Double = 56
    /// The side of a button when there is room.
    public static let preferredSide: Double = 44
    /// The smallest side a button gets.
    public static let minimumSide: Double = 40
    /// The space around buttons.
    static let margin: Double = 6

    /// The buttons, laid out for the bar's width and scrolled.
    public private(set) var items: [Item] = []
    /// How far the buttons are scrolled to the left, in points (0 when they all fit).
    public private(set) var scrollOffset: Double = 0
    /// Called when a button is pressed.
    public var onCommand: ((PaintCommand) -> Void)?
    /// Called when the buttons scrolled (the bar must be drawn again).
    public var onScroll: (() -> Void)?
    private var pressed: [Int: PaintCommand] = [:]
    /// Where each touch on the bar was when it last moved it, while it scrolls the bar.
    private var scrolling: [Int: Double] = [:]
    private var downAt: [Int: Point] = [:]
    /// The label shown for a button held down (a long press), and the touch holding it.
    public private(set) var shownLabel: (command: PaintCommand, touch: Int)?
    /// The long-press timers of the touches pressing buttons.
    private var labelTimers: [Int: TimerQueue.Token] = [:]

    /// The colours of the user's own chosen last, shown after the palette's own (newest first).
    public var recentColors: [Color] = [] {
        didSet {
            guard recentColors != oldValue else { return }
            commands = Self.commands(recentColorCount: recentColors.count)
            layoutItems()
        }
    }

    /// The buttons, in order: the palette's colours, the recent ones, the chooser and the eyedropper, the widths,
    /// then the rest. Adding a button is one line here and one in
    /// ``overlay(brush:canUndo:canRedo:isNavigating:isErasing:isFullscreen:isChoosingColor:isPickingColor:)``.
    private var commands = PaletteView.commands(recentColorCount: 0)

    private static func commands(recentColorCount: Int) -> [PaintCommand] {
        [.openGallery] + (0..<Brush.palette.count).map { .selectColor($0) }
            + (0..<recentColorCount).map { .selectRecentColor($0) }
            + [.openColorChooser, .pickColor]
            + Brush.widths.indices.map { .selectWidth($0) }
            + [.toggleEraser, .undo, .redo, .clear, .exportAs, .copy, .toggleFullscreen, .toggleNavigation]
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        layoutItems()
    }

    /// The side of the buttons for the current width.
    private var side: Double {
        let margin = Self.margin
        let fitting = (bounds.width - margin) / Double(commands.count) - margin
        return min(Self.preferredSide, bounds.height - 2 * margin, max(fitting, Self.minimumSide))
    }

    /// How wide the buttons are laid end to end.
    private var contentWidth: Double {
        Self.margin + Double(commands.count) * (side + Self.margin)
    }

    /// Lays the buttons out for the current bounds: the colours from the left, the other buttons after them.
    public func layoutItems() {
        let side = max(self.side, 0), margin = Self.margin
        scrollOffset = min(max(scrollOffset, 0), max(contentWidth - bounds.width, 0))
        items = commands.enumerated().map { index, command in
            Item(command: command, frame: Rect(x: margin + Double(index) * (side + margin) - scrollOffset,
                                               y: (bounds.height - side) / 2, width: side, height: side))
        }
    }

    /// Scrolls the bar so that a button is wholly on it.
    public func scroll(toShow command: PaintCommand) {
        guard let item = items.first(where: { $0.command == command }) else { return }
        if item.frame.minX < 0 {
            scrollOffset += item.frame.minX - Self.margin
        } else if item.frame.maxX > bounds.width {
            scrollOffset += item.frame.maxX - bounds.width + Self.margin
        } else {
            return
        }
        layoutItems()
        onScroll?()
    }

    /// How the bar looks for a brush and a drawing's history, in window coordinates, for the renderer to draw.
    public func overlay(brush: Brush, canUndo: Bool, canRedo: Bool, isNavigating: Bool = false,
                        isErasing: Bool = false, isFullscreen: Bool = false, isChoosingColor: Bool = false,
                        isPickingColor: Bool = false) -> Overlay {
        let items = items.map { item -> Overlay.Item in
            let frame = convert(item.frame, to: nil)
            switch item.command {
            case let .selectColor(index):
                return Overlay.Item(content: .swatch(Brush.palette[index]), frame: frame,
                                    isSelected: brush.customColor == nil && index == brush.colorIndex)
            case let .selectRecentColor(index):
                let color = recentColors[index]
                return Overlay.Item(content: .swatch(color), frame: frame, isSelected: brush.customColor?.rgb == color.rgb)
            case .openColorChooser: return Overlay.Item(content: .colorChooser, frame: frame, isSelected: isChoosingColor)
            case .pickColor: return Overlay.Item(content: .eyedropper, frame: frame, isSelected: isPickingColor)
            case let .selectWidth(index):
                return Overlay.Item(content: .width(Brush.widths[index], brush.color), frame: frame,
                                    isSelected: index == brush.widthIndex)
            case .undo: return Overlay.Item(content: .undo, frame: frame, isEnabled: canUndo)
            case .redo: return Overlay.Item(content: .redo, frame: frame, isEnabled: canRedo)
            case .clear: return Overlay.Item(content: .clear, frame: frame)
            case .toggleNavigation: return Overlay.Item(content: .hand, frame: frame, isSelected: isNavigating)
            case .toggleEraser: return Overlay.Item(content: .eraser, frame: frame, isSelected: isErasing)
            case .copy: return Overlay.Item(content: .copy, frame: frame)
            case .openGallery: return Overlay.Item(content: .gallery, frame: frame)
            case .toggleFullscreen: return Overlay.Item(content: .fullscreen, frame: frame, isSelected: isFullscreen)
            default: return Overlay.Item(content: .save, frame: frame)
            }
        }
        // Half a point of slack: a bar scrolled to its end by a drag may stop a fraction short.
        var overlay = Overlay(frame: convert(bounds, to: nil), items: items, hasMoreBefore: scrollOffset > 0.5,
                              hasMoreAfter: scrollOffset < contentWidth - bounds.width - 0.5)
        if let shownLabel, let item = self.items.first(where: { $0.command == shownLabel.command }) {
            overlay.label = Overlay.Label(text: shownLabel.command.label(recentColors: recentColors),
                                          button: convert(item.frame, to: nil), window: window?.bounds ?? bounds)
        }
        return overlay
    }

    /// The button at a point in the palette's coordinates.
    public func item(at point: Point) -> Item? {
        items.first { $0.frame.contains(point) }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let command = item(at: touch.location(in: self))?.command
            pressed[touch.identifier] = command
            downAt[touch.identifier] = touch.location(in: self)
            guard let command, let timers = window?.timers else { continue }
            // Held as long as a long press: the button's label shows, and lifting then presses nothing.
            let id = touch.identifier
            labelTimers[id] = timers.schedule(after: GestureDefaults.longPressDuration) { [weak self] in
                guard let self, pressed[id] == command else { return }
                labelTimers[id] = nil
                shownLabel = (command, id)
                onScroll?()
            }
        }
    }

    /// Stops a touch's long-press timer and takes down the label it showed; whether it showed one.
    @discardableResult
    private func endLabel(of touch: Int) -> Bool {
        if let token = labelTimers.removeValue(forKey: touch) { window?.timers.cancel(token) }
        guard shownLabel?.touch == touch else { return false }
        shownLabel = nil
        onScroll?()
        return true
    }

    /// A touch dragged along the bar beyond the tap slop scrolls it, when it scrolls at all, and presses nothing.
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard contentWidth > bounds.width else { return }
        for touch in touches {
            let x = touch.location(in: self).x
            if let last = scrolling[touch.identifier] {
                scrollOffset += last - x
                scrolling[touch.identifier] = x
                layoutItems()
                onScroll?()
            } else if let start = downAt[touch.identifier], abs(x - start.x) > GestureDefaults.tapSlop {
                pressed[touch.identifier] = nil
                scrolling[touch.identifier] = x
                endLabel(of: touch.identifier)
            }
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            downAt[touch.identifier] = nil
            scrolling[touch.identifier] = nil
            if endLabel(of: touch.identifier) {
                pressed[touch.identifier] = nil
                continue
            }
            guard let command = pressed.removeValue(forKey: touch.identifier) else { continue }
            if item(at: touch.location(in: self))?.command == command { onCommand?(command) }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            pressed[touch.identifier] = nil
            downAt[touch.identifier] = nil
            scrolling[touch.identifier] = nil
            endLabel(of: touch.identifier)
        }
    }
}
