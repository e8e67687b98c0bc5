// The palette: the bar along the bottom, the strip at the side and the More menu, laid out by InterfaceLayout.
// Fingers on them do not paint. Contract: the view covers the window but takes touches only on the bar, the strip
// and, while it is open, anywhere (a touch outside the More menu closes it and does nothing else).
import PaintModel
import PaintRender
import PaintUI
import TouchUI

/// The painting window's controls over the canvas (docs/interface.md): the bar, the strip and the More menu, where
/// ``InterfaceLayout`` puts them for the window's size and the painter's hand. A touch that comes down on a control
/// belongs to the palette, so it never paints; it presses the control it is lifted on, if that is the one it came
/// down on. Held as long as a long press, a control shows its label instead.
///
/// Every control is a square of ``InterfaceLayout/controlSide`` points, and a row of the More menu is as tall:
/// nothing scrolls, and nothing moves unless the window's size or the hand does.
public final class PaletteView: View {
    /// One control: what it does and where it is, in the palette's coordinates (the window's).
    public struct Item: Hashable, Sendable {
        /// What the control asks for.
        public var command: PaintCommand
        /// Where it is, in the palette's coordinates.
        public var frame: Rect
    }

    /// What the controls show: the brush and the state of the tools, for ``overlay(showing:)``.
    public struct Shown: Hashable, Sendable {
        /// The brush: its colour for the well and the swatches, its width for the width steps.
        public var brush = Brush()
        /// Whether there is something to undo, and to redo.
        public var canUndo = false, canRedo = false
        /// Whether fingers move the view (the hand).
        public var isNavigating = false
        /// Whether fingers select and move what is painted (the lasso).
        public var isSelecting = false
        /// Whether fingers erase.
        public var isErasing = false
        /// Whether the window is fullscreen.
        public var isFullscreen = false
        /// Whether the colour panel is open.
        public var isChoosingColor = false
        /// Whether the next touch picks a colour.
        public var isPickingColor = false
        /// Whether the fill tool is in use.
        public var isFilling = false
        /// The width step that stands for the fill's gap: selected among the width steps while filling.
        public var fillGapIndex = 2
        /// Whether the layers panel is open.
        public var isShowingLayers = false
        /// Whether strokes in progress show their predicted tail.
        public var predictsTouches = true
        /// Whether strokes are steadied (the stabilizer is on).
        public var stabilizes = false
        /// Whether the guide's card shows.
        public var isShowingGuide = false

        /// What the controls show for a brush, everything else off.
        public init(brush: Brush = Brush()) {
            self.brush = brush
        }
    }

    /// The bar's height, in points.
    public static let height = InterfaceLayout.barHeight

    /// Where everything goes for the palette's size and hand.
    public private(set) var layout = InterfaceLayout(size: Size(width: 0, height: 0))
    /// Whether the strip stands at the right edge, for the left-handed (remembered with the brush).
    public var isLeftHanded = false {
        didSet { if isLeftHanded != oldValue { layoutItems() } }
    }
    /// Whether the More menu is open.
    public private(set) var isShowingMore = false
    /// The controls: the bar's and the strip's, then the More menu's rows while it is open.
    public private(set) var items: [Item] = []
    /// The bar along the bottom, in the palette's coordinates.
    public var barFrame: Rect { layout.bar }
    /// What the controls ask for, and that what the palette shows changed (``PaletteViewDelegate``). Held weakly:
    /// the owner holds the palette.
    public weak var delegate: (any PaletteViewDelegate)?
    private var pressed: [Int: PaintCommand] = [:]
    /// The touches that came down outside the open menu: they close it when lifted.
    private var dismissing: Set<Int> = []
    /// The label shown for a control held down (a long press), and the touch holding it.
    public private(set) var shownLabel: (command: PaintCommand, touch: Int)?
    /// The long-press timers of the touches pressing controls.
    private var labelTimers: [Int: TimerQueue.Token] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        layoutItems()
    }

    /// Lays the controls out for the current bounds and hand.
    public func layoutItems() {
        layout = InterfaceLayout(size: bounds.size, isLeftHanded: isLeftHanded)
        items = layout.controls.map { Item(command: $0.command, frame: $0.frame) }
        if isShowingMore { items += layout.moreMenu.rows.map { Item(command: $0.command, frame: $0.frame) } }
    }

    /// Opens the More menu, or closes it.
    public func toggleMore() {
        isShowingMore.toggle()
        layoutItems()
    }

    /// Closes the More menu, if it is open.
    public func closeMore() {
        guard isShowingMore else { return }
        toggleMore()
    }

    /// Only the controls take touches, and, while the menu is open, every touch (to close it).
    public override func point(inside point: Point, with event: Event?) -> Bool {
        guard bounds.contains(point) else { return false }
        return isShowingMore || layout.bar.contains(point) || layout.strip?.contains(point) == true
    }

    /// How the controls look for what they show, in window coordinates, for the renderer to draw.
    public func overlay(showing shown: Shown) -> Overlay {
        func item(_ placed: Item, title: String? = nil) -> Overlay.Item {
            var item = overlayItem(placed.command, frame: convert(placed.frame, to: nil), shown: shown)
            item.title = title
            return item
        }
        let controls = layout.controls.map { Item(command: $0.command, frame: $0.frame) }
        let onBar = controls.filter { layout.bar.contains($0.frame.center) }
        var overlay = Overlay(frame: convert(layout.bar, to: nil), items: onBar.map { item($0) })
        if let strip = layout.strip {
            let onStrip = controls.filter { strip.contains($0.frame.center) }
            overlay.strip = Overlay.Strip(frame: convert(strip, to: nil), items: onStrip.map { item($0) },
                                          isAtRightEdge: isLeftHanded)
        }
        if isShowingMore {
            let menu = layout.moreMenu
            overlay.panels.append(Overlay.Panel(frame: convert(menu.frame, to: nil), items: menu.rows.map {
                item(Item(command: $0.command, frame: $0.frame), title: $0.command.label())
            }))
        }
        if let shownLabel, let item = items.first(where: { $0.command == shownLabel.command }) {
            overlay.label = Overlay.Label(text: shownLabel.command.label(), button: convert(item.frame, to: nil),
                                          window: window?.bounds ?? bounds)
        }
        return overlay
    }

    /// How one control looks: what it shows, and whether it shows the current choice or can be used.
    private func overlayItem(_ command: PaintCommand, frame: Rect, shown: Shown) -> Overlay.Item {
        let brush = shown.brush
        let isPainting = !shown.isNavigating && !shown.isPickingColor && !shown.isSelecting && !shown.isFilling
        switch command {
        case let .selectColor(index):
            let color = Brush.palette.indices.contains(index) ? Brush.palette[index] : brush.color
            return Overlay.Item(content: .swatch(color), frame: frame,
                                isSelected: brush.customColor == nil && index == brush.colorIndex)
        case .openColorChooser:
            return Overlay.Item(content: .colorWell(brush.color), frame: frame, isSelected: shown.isChoosingColor)
        case .pickColor: return Overlay.Item(content: .eyedropper, frame: frame, isSelected: shown.isPickingColor)
        case let .selectWidth(index):
            let width = Brush.widths.indices.contains(index) ? Brush.widths[index] : brush.width
            return Overlay.Item(content: .width(width, brush.color), frame: frame,
                                isSelected: index == (shown.isFilling ? shown.fillGapIndex : brush.widthIndex))
        case .undo: return Overlay.Item(content: .undo, frame: frame, isEnabled: shown.canUndo)
        case .redo: return Overlay.Item(content: .redo, frame: frame, isEnabled: shown.canRedo)
        case .clear: return Overlay.Item(content: .clear, frame: frame)
        case .useBrush: return Overlay.Item(content: .brush, frame: frame, isSelected: isPainting && !shown.isErasing)
        case .toggleEraser: return Overlay.Item(content: .eraser, frame: frame, isSelected: isPainting && shown.isErasing)
        case .toggleNavigation: return Overlay.Item(content: .hand, frame: frame, isSelected: shown.isNavigating)
        case .copy: return Overlay.Item(content: .copy, frame: frame)
        case .openGallery: return Overlay.Item(content: .gallery, frame: frame)
        case .openLayers: return Overlay.Item(content: .layers, frame: frame, isSelected: shown.isShowingLayers)
        case .toggleFullscreen: return Overlay.Item(content: .fullscreen, frame: frame, isSelected: shown.isFullscreen)
        case .openMore: return Overlay.Item(content: .more, frame: frame, isSelected: isShowingMore)
        case .toggleLeftHanded: return Overlay.Item(content: .toggle, frame: frame, isSelected: isLeftHanded)
        case .togglePrediction: return Overlay.Item(content: .toggle, frame: frame, isSelected: shown.predictsTouches)
        case .toggleStabilizer: return Overlay.Item(content: .toggle, frame: frame, isSelected: shown.stabilizes)
        case .placeImage: return Overlay.Item(content: .plus, frame: frame)
        case .paste: return Overlay.Item(content: .paste, frame: frame)
        case .useSelection: return Overlay.Item(content: .lasso, frame: frame, isSelected: shown.isSelecting)
        case .useFill: return Overlay.Item(content: .bucket, frame: frame, isSelected: shown.isFilling)
        case .showGuide: return Overlay.Item(content: .help, frame: frame, isSelected: shown.isShowingGuide)
        default: return Overlay.Item(content: .save, frame: frame)
        }
    }

    /// The control at a point in the palette's coordinates: while the menu is open, only its rows.
    public func item(at point: Point) -> Item? {
        guard isShowingMore else { return items.first { $0.frame.contains(point) } }
        return layout.moreMenu.rows.first { $0.frame.contains(point) }.map { Item(command: $0.command, frame: $0.frame) }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let point = touch.location(in: self)
            let command = item(at: point)?.command
            if command == nil, isShowingMore, !layout.moreMenu.frame.contains(point) { dismissing.insert(touch.identifier) }
            pressed[touch.identifier] = command
            guard let command, let timers = window?.timers else { continue }
            // Held as long as a long press: the control's label shows, and lifting then presses nothing.
            let id = touch.identifier
            labelTimers[id] = timers.schedule(after: GestureDefaults.longPressDuration) { [weak self] in
                guard let self, pressed[id] == command else { return }
                labelTimers[id] = nil
                shownLabel = (command, id)
                delegate?.paletteView(self, didShowLabelOf: command)
                delegate?.paletteViewDidChange(self)
            }
        }
    }

    /// Stops a touch's long-press timer and takes down the label it showed; whether it showed one.
    @discardableResult
    private func endLabel(of touch: Int) -> Bool {
        if let token = labelTimers.removeValue(forKey: touch) { window?.timers.cancel(token) }
        guard shownLabel?.touch == touch else { return false }
        shownLabel = nil
        delegate?.paletteViewDidChange(self)
        return true
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            if dismissing.remove(touch.identifier) != nil, isShowingMore {
                closeMore()
                delegate?.paletteViewDidChange(self)
            }
            if endLabel(of: touch.identifier) {
                pressed[touch.identifier] = nil
                continue
            }
            guard let command = pressed.removeValue(forKey: touch.identifier),
                  item(at: touch.location(in: self))?.command == command else { continue }
            // A row of the menu does what it says and closes the menu; More itself opens and closes it.
            if isShowingMore, command != .openMore { closeMore() }
            delegate?.paletteView(self, didAsk: command)
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            pressed[touch.identifier] = nil
            dismissing.remove(touch.identifier)
            endLabel(of: touch.identifier)
        }
    }
}
