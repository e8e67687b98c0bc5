// The layers panel: every layer of the drawing, top first, each with its visibility, lock, thumbnail and name, and
// buttons for a new layer, moving the current one and deleting it; a long press on a row asks for its menu, a drag
// of a row reorders the stack. Opened beside the bar's layers button (docs/layers.md).
import Geometry
import PaintModel
import PaintUI
import TouchUI

/// What a touch on the layers panel asks for.
public protocol LayersPanelViewDelegate: AnyObject {
    /// A tap on one of the panel's controls asks for `command`: a layer chosen, shown or hidden, locked or
    /// unlocked, a new layer, a move, a delete.
    func layersPanelView(_ panel: LayersPanelView, didAsk command: PaintCommand)
    /// A long press on the row of the layer at `position` (from 0 at the bottom) asks for that layer's menu;
    /// `row` is the row's frame in window points, for the menu to open beside.
    func layersPanelView(_ panel: LayersPanelView, didAskForMenuOf position: Int, row: Rect)
    /// A row dragged from the layer at `from` and let go where the layer at `to` was: the layer moves there (the
    /// positions of the stack after the move). Never called for a drag that lands where it started.
    func layersPanelView(_ panel: LayersPanelView, didMoveLayerFrom from: Int, to: Int)
    /// What the panel shows changed without a command (a row following a dragging finger): show it.
    func layersPanelViewDidChange(_ panel: LayersPanelView)
}

/// A panel over the canvas showing the drawing's layers, the top one first. Each row is a layer: its eye (a tap
/// shows or hides it), its lock (a tap locks or unlocks it), its thumbnail and its name (a tap paints on it; the
/// current layer is marked). Under the rows: new layer, move up, move down and delete. Every target is
/// ``InterfaceLayout/controlSide`` points. Where the window is too short for every row, the rows around the current
/// layer show. A touch on the panel never paints.
///
/// A long press on a row (held half a second without moving 10 points) asks for the layer's menu; a touch that
/// moves more than 10 points up or down first drags the row: the rows under it make room, and the lift moves the
/// layer where it landed, as one edit.
public final class LayersPanelView: View {
    /// The panel's width, in points.
    public static let width = 336.0
    /// A row's height, and a button's side.
    static let row = InterfaceLayout.controlSide
    /// The space around the rows and between them.
    static let spacing = InterfaceLayout.spacing
    /// A thumbnail's largest side, in points: the box at a row's left end, inside its edge.
    public static let thumbnailSide = (row * 1.35).rounded(.down) - 6

    /// The layers shown, bottom first, and which is current; set by the owner as the drawing changes.
    public var layers = [LayerAttributes(name: LayerAttributes.defaultName(number: 1))] {
        didSet {
            if let drag, !layers.indices.contains(drag.from) || layers.count != oldValue.count { self.drag = nil }
        }
    }
    /// The keys of the layers' thumbnails (``PaintUI/Overlay/Item/Content/layerThumbnail(_:)``), bottom first as
    /// ``layers``; a layer without one (`nil`, or none at its place) shows paper.
    public var thumbnails: [String?] = []
    /// The position of the current layer in ``layers``.
    public var currentLayer = 0
    /// What touches ask for. Held weakly: the owner holds the panel.
    public weak var delegate: (any LayersPanelViewDelegate)?

    /// A row being dragged: the layer's position, how far below the row's top the finger took it, and where the
    /// finger is now (the panel's coordinates).
    private var drag: (from: Int, grip: Double, fingerY: Double)?
    /// Where the touch under way came down, in the panel's coordinates.
    private var downLocation: Point?
    /// Whether the touch under way opened a menu: it drags nothing after.
    private var openedMenu = false

    private let tapRecognizer = TapGestureRecognizer()
    private let longPressRecognizer = LongPressGestureRecognizer()
    private let panRecognizer = PanGestureRecognizer()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
        tapRecognizer.maximumPressDuration = GestureDefaults.longPressDuration
        _ = tapRecognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .ended { tapped(at: recognizer.location(in: self)) }
        }
        _ = longPressRecognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .began { pressedLong(at: downLocation ?? recognizer.location(in: self)) }
        }
        _ = panRecognizer.addTarget { [unowned self] _ in panned() }
        panRecognizer.maximumNumberOfTouches = 1
        for recognizer in [tapRecognizer, longPressRecognizer, panRecognizer] as [GestureRecognizer] {
            addGestureRecognizer(recognizer)
        }
    }

    // MARK: - Layout

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

    /// The top of the `slot`th row from the top.
    private static func rowY(_ slot: Int) -> Double { spacing + Double(slot) * (row + spacing) }

    /// The slot of the rows (from the top) where a dragged row's middle at `y` lands, among `count`.
    private static func slot(atMiddle y: Double, count: Int) -> Int {
        let slot = ((y - spacing - row / 2) / (row + spacing)).rounded()
        guard slot.isFinite else { return 0 }
        return Int(min(max(slot, 0), Double(max(count - 1, 0))))
    }

    /// Where the dragged row is and where it would land: the rows' top-first slot of each shown position.
    private var dragLayout: (slots: [Int: Double], landing: Int)? {
        guard let drag else { return nil }
        let shown = shownPositions
        guard let start = shown.firstIndex(of: drag.from) else { return nil }
        let lowest = Self.rowY(0), highest = Self.rowY(max(shown.count - 1, 0))
        let dragY = min(max(drag.fingerY - drag.grip, lowest), highest)
        let landing = Self.slot(atMiddle: dragY + Self.row / 2, count: shown.count)
        var others = shown
        others.remove(at: start)
        others.insert(drag.from, at: landing)
        var slots: [Int: Double] = [:]
        for (slot, position) in others.enumerated() { slots[position] = Self.rowY(slot) }
        slots[drag.from] = dragY
        return (slots, shown[landing])
    }

    /// The panel's controls in its own coordinates: what each asks for, where it is, and how it looks. A dragged row
    /// comes last, drawn over the rows making room for it.
    private var controls: [(command: PaintCommand, item: Overlay.Item)] {
        let side = Self.row, gap = Self.spacing
        var controls: [(command: PaintCommand, item: Overlay.Item)] = []
        let layout = dragLayout
        var shown = shownPositions
        if let drag, layout != nil, let index = shown.firstIndex(of: drag.from) { shown.append(shown.remove(at: index)) }
        for position in shown where layers.indices.contains(position) {
            let fallback = Self.rowY(shownPositions.firstIndex(of: position) ?? 0)
            let y = layout?.slots[position] ?? fallback
            let layer = layers[position]
            controls.append((.toggleLayerVisibility(position),
                             Overlay.Item(content: .eye, frame: Rect(x: gap, y: y, width: side, height: side),
                                          isEnabled: layer.isVisible)))
            let lock = Rect(x: gap + side + gap, y: y, width: side, height: side)
            controls.append((.toggleLayerLock(position), Overlay.Item(content: .lock, frame: lock, isSelected: layer.isLocked)))
            let nameX = lock.maxX + gap
            let name = Rect(x: nameX, y: y, width: bounds.width - nameX - gap, height: side)
            let thumbnail = thumbnails.indices.contains(position) ? thumbnails[position] : nil
            controls.append((.selectLayer(position),
                             Overlay.Item(content: .layerThumbnail(thumbnail), frame: name,
                                          isSelected: position == currentLayer || position == drag?.from,
                                          isEnabled: layer.isVisible, title: layer.shownName)))
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
        var lifted: Rect?
        if let drag, let y = dragLayout?.slots[drag.from] {
            lifted = Rect(x: Self.spacing + origin.x, y: y + origin.y, width: bounds.width - 2 * Self.spacing, height: Self.row)
        }
        return Overlay.Panel(frame: convert(bounds, to: nil), items: controls.map { control in
            var item = control.item
            item.frame = item.frame.offsetBy(dx: origin.x, dy: origin.y)
            return item
        }, liftedRow: lifted)
    }

    /// Whether a row is being dragged.
    public var isDraggingRow: Bool { drag != nil }

    /// What a touch at `point` (the panel's coordinates) is on; `nil` for the panel's background or a button that
    /// cannot be used now.
    func command(at point: Point) -> PaintCommand? {
        // A row greyed for a hidden layer still takes taps; a greyed button does not.
        controls.first { control in
            guard control.item.frame.contains(point) else { return false }
            return control.item.isEnabled || control.item.title != nil || control.item.content == .eye
        }?.command
    }

    /// The layer whose row spans `point` (its eye, lock, thumbnail or name), and the row's frame; `nil` elsewhere.
    private func row(at point: Point) -> (position: Int, frame: Rect)? {
        let side = Self.row, gap = Self.spacing
        for (slot, position) in shownPositions.enumerated() where layers.indices.contains(position) {
            let frame = Rect(x: gap, y: Self.rowY(slot), width: bounds.width - 2 * gap, height: side)
            if frame.contains(point) { return (position, frame) }
        }
        return nil
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        downLocation = touch.location(in: self)
        openedMenu = false
    }

    private func tapped(at point: Point) {
        guard drag == nil, let command = command(at: downLocation ?? point), self.command(at: point) == command else {
            return
        }
        delegate?.layersPanelView(self, didAsk: command)
    }

    private func pressedLong(at point: Point) {
        guard drag == nil, let row = row(at: point) else { return }
        openedMenu = true
        delegate?.layersPanelView(self, didAskForMenuOf: row.position, row: convert(row.frame, to: nil))
    }

    private func panned() {
        switch panRecognizer.state {
        case .began:
            // Up or down: a sideways slide drags nothing.
            let moved = panRecognizer.translation(in: self)
            guard !openedMenu, abs(moved.dy) >= abs(moved.dx), let start = downLocation, let row = row(at: start) else {
                return
            }
            drag = (row.position, start.y - row.frame.minY, panRecognizer.location(in: self).y)
            delegate?.layersPanelViewDidChange(self)
        case .changed:
            guard var moved = drag else { return }
            let y = panRecognizer.location(in: self).y
            if y.isFinite { moved.fingerY = y }
            drag = moved
            delegate?.layersPanelViewDidChange(self)
        case .ended:
            guard let drag else { return }
            let landing = dragLayout?.landing ?? drag.from
            self.drag = nil
            if landing != drag.from {
                delegate?.layersPanelView(self, didMoveLayerFrom: drag.from, to: landing)
            } else {
                delegate?.layersPanelViewDidChange(self)
            }
        default:
            guard drag != nil else { return }
            drag = nil
            delegate?.layersPanelViewDidChange(self)
        }
    }
}
