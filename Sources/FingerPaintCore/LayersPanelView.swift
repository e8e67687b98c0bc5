// The layers panel: every layer of the drawing, top first, each with its visibility and lock, and buttons for a new
// layer, moving the current one and deleting it; opened beside the bar's layers button (docs/layers.md).
import Geometry
import PaintModel
import PaintUI
import TouchUI

/// What a tap on the layers panel asks for.
public protocol LayersPanelViewDelegate: AnyObject {
    /// A tap on one of the panel's controls asks for `command`: a layer chosen, shown or hidden, locked or
    /// unlocked, a new layer, a move, a delete.
    func layersPanelView(_ panel: LayersPanelView, didAsk command: PaintCommand)
}

/// A panel over the canvas showing the drawing's layers, the top one first. Each row is a layer: its eye (a tap
/// shows or hides it), its lock (a tap locks or unlocks it) and its name (a tap paints on it; the current layer is
/// marked). Under the rows: new layer, move up, move down and delete. Every target is ``InterfaceLayout/controlSide``
/// points. Where the window is too short for every row, the rows around the current layer show. A touch on the
/// panel never paints.
public final class LayersPanelView: View {
    /// The panel's width, in points.
    public static let width = 296.0
    /// A row's height, and a button's side.
    static let row = InterfaceLayout.controlSide
    /// The space around the rows and between them.
    static let spacing = InterfaceLayout.spacing

    /// The layers shown, bottom first, and which is current; set by the owner as the drawing changes.
    public var layers = [LayerAttributes(name: LayerAttributes.defaultName(number: 1))]
    /// The position of the current layer in ``layers``.
    public var currentLayer = 0
    /// What taps ask for. Held weakly: the owner holds the panel.
    public weak var delegate: (any LayersPanelViewDelegate)?

    private var pressing: [Int: PaintCommand] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
    }

    /// How many layer rows fit in a panel `height` points high, beside the row of buttons.
    static func rowsFitting(height: Double) -> Int {
        max(Int(((height - 3 * spacing - row) / (row + spacing)).rounded(.down)), 1)
    }

    /// The panel's size for `count` layers in a window area `height` points high.
    public static func size(layers count: Int, fitting height: Double) -> Size {
        let rows = min(max(count, 1), rowsFitting(height: height))
        return Size(width: width, height: Double(rows + 1) * (row + spacing) + 2 * spacing)
    }

    /// The layer positions shown, top first: all that fit, around the current one.
    private var shownPositions: [Int] {
        let fitting = Self.rowsFitting(height: bounds.height)
        let top = layers.count - 1
        let highest = min(max(currentLayer + fitting / 2, fitting - 1), top)
        return Array(stride(from: highest, through: max(highest - fitting + 1, 0), by: -1))
    }

    /// The panel's controls in its own coordinates: what each asks for, where it is, and how it looks.
    private var controls: [(command: PaintCommand, item: Overlay.Item)] {
        let side = Self.row, gap = Self.spacing
        var controls: [(command: PaintCommand, item: Overlay.Item)] = []
        for (row, position) in shownPositions.enumerated() {
            let y = gap + Double(row) * (side + gap)
            let layer = layers[position]
            controls.append((.toggleLayerVisibility(position),
                             Overlay.Item(content: .eye, frame: Rect(x: gap, y: y, width: side, height: side),
                                          isEnabled: layer.isVisible)))
            let lock = Rect(x: gap + side + gap, y: y, width: side, height: side)
            controls.append((.toggleLayerLock(position), Overlay.Item(content: .lock, frame: lock, isSelected: layer.isLocked)))
            let nameX = lock.maxX + gap
            let name = Rect(x: nameX, y: y, width: bounds.width - nameX - gap, height: side)
            controls.append((.selectLayer(position),
                             Overlay.Item(content: .layers, frame: name, isSelected: position == currentLayer,
                                          isEnabled: layer.isVisible, title: layer.name)))
        }
        let buttonsY = bounds.height - gap - side
        let buttons: [(PaintCommand, Overlay.Item.Content, Bool)] = [
            (.newLayer, .plus, true), (.moveLayerUp, .arrow(up: true), currentLayer < layers.count - 1),
            (.moveLayerDown, .arrow(up: false), currentLayer > 0), (.deleteLayer, .clear, layers.count > 1),
        ]
        for (index, (command, content, isEnabled)) in buttons.enumerated() {
            let frame = Rect(x: gap + Double(index) * (side + gap), y: buttonsY, width: side, height: side)
            controls.append((command, Overlay.Item(content: content, frame: frame, isEnabled: isEnabled)))
        }
        return controls
    }

    /// How the panel looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayPanel: Overlay.Panel? {
        guard !isHidden else { return nil }
        let origin = convert(Point(x: 0, y: 0), to: nil)
        return Overlay.Panel(frame: convert(bounds, to: nil), items: controls.map { control in
            var item = control.item
            item.frame = item.frame.offsetBy(dx: origin.x, dy: origin.y)
            return item
        })
    }

    /// What a touch at `point` (the panel's coordinates) is on; `nil` for the panel's background or a button that
    /// cannot be used now.
    func command(at point: Point) -> PaintCommand? {
        // A row greyed for a hidden layer still takes taps; a greyed button does not.
        controls.first { control in
            guard control.item.frame.contains(point) else { return false }
            return control.item.isEnabled || control.item.title != nil || control.item.content == .eye
        }?.command
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing[touch.identifier] = command(at: touch.location(in: self)) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            guard let command = pressing.removeValue(forKey: touch.identifier),
                  self.command(at: touch.location(in: self)) == command else { continue }
            delegate?.layersPanelView(self, didAsk: command)
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { pressing[touch.identifier] = nil }
    }
}
