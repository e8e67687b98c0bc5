// The palette bar: colour swatches, width steps, undo, redo, clear and save. Fingers on it do not paint.
import PaintModel
import PaintRender
import TouchUI

/// A bar of buttons over the canvas. A touch that comes down here belongs to the palette, so it never paints; it
/// presses the button it is lifted on, if that is the one it came down on.
public final class PaletteView: View {
    /// One button: what it does and where it is, in the palette's coordinates.
    public struct Item: Hashable, Sendable {
        /// What the button asks for.
        public var command: PaintCommand
        /// Where it is, in the palette's coordinates.
        public var frame: Rect
    }

    /// The bar's height, in points.
    public static let height: Double = 56

    /// The buttons, laid out for the bar's width.
    public private(set) var items: [Item] = []
    /// Called when a button is pressed.
    public var onCommand: ((PaintCommand) -> Void)?
    private var pressed: [Int: PaintCommand] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        layoutItems()
    }

    /// Lays the buttons out for the current bounds: the colours from the left, the other buttons after them.
    public func layoutItems() {
        let commands: [PaintCommand] = (0..<Brush.palette.count).map { .selectColor($0) }
            + Brush.widths.indices.map { .selectWidth($0) }
            + [.undo, .redo, .clear, .save, .toggleNavigation]
        let margin = 6.0
        let side = max(min(bounds.height - 2 * margin, (bounds.width - margin) / Double(commands.count) - margin), 0)
        items = commands.enumerated().map { index, command in
            // On a narrow window the items shrink to fit; they stay centred in the bar.
            Item(command: command, frame: Rect(x: margin + Double(index) * (side + margin), y: (bounds.height - side) / 2,
                                               width: side, height: side))
        }
    }

    /// How the bar looks for a brush and a drawing's history, in window coordinates, for the renderer to draw.
    public func overlay(brush: Brush, canUndo: Bool, canRedo: Bool, isNavigating: Bool = false) -> Overlay {
        let items = items.map { item -> Overlay.Item in
            let frame = convert(item.frame, to: nil)
            switch item.command {
            case let .selectColor(index):
                return Overlay.Item(content: .swatch(Brush.palette[index]), frame: frame, isSelected: index == brush.colorIndex)
            case let .selectWidth(index):
                return Overlay.Item(content: .width(Brush.widths[index]), frame: frame, isSelected: index == brush.widthIndex)
            case .undo: return Overlay.Item(content: .undo, frame: frame, isEnabled: canUndo)
            case .redo: return Overlay.Item(content: .redo, frame: frame, isEnabled: canRedo)
            case .clear: return Overlay.Item(content: .clear, frame: frame)
            case .toggleNavigation: return Overlay.Item(content: .hand, frame: frame, isSelected: isNavigating)
            default: return Overlay.Item(content: .save, frame: frame)
            }
        }
        return Overlay(frame: convert(bounds, to: nil), items: items)
    }

    /// The button at a point in the palette's coordinates.
    public func item(at point: Point) -> Item? {
        items.first { $0.frame.contains(point) }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            pressed[touch.identifier] = item(at: touch.location(in: self))?.command
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let command = pressed.removeValue(forKey: touch.identifier) else { continue }
            if item(at: touch.location(in: self))?.command == command { onCommand?(command) }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressed[touch.identifier] = nil }
    }
}
