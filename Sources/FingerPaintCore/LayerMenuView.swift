// A layer's menu, opened by a long press on its row in the layers panel: rename, duplicate, clear, delete, its blend
// mode and its opacity (a slider), each asked of the delegate; over the whole window while open (docs/layers.md).
import Geometry
import Localization
import PaintModel
import PaintUI
import SeatInput
import TouchUI

/// What a layer's menu asks for.
public protocol LayerMenuViewDelegate: AnyObject {
    /// The menu asks for `request` on the layer at ``LayerMenuView/position``.
    func layerMenuView(_ menu: LayerMenuView, didAsk request: LayerMenuView.Request)
}

/// The menu of one layer, over the whole window while it is open, so that a touch outside its box closes it and
/// paints nothing. Its box opens beside the layer's row, inside the window above the bar.
///
/// - Its actions: Rename… (a panel with the name, typed into by keys: Enter renames, Escape cancels), Duplicate,
///   Clear, Delete (never the last layer) and Blend mode, which shows the sixteen modes by name, the layer's marked.
/// - Its opacity slider, 0 to 100 % in whole percents: the window shows the value while the finger drags it
///   (``Request/previewOpacity(_:)``), and the lift asks for it once (``Request/setOpacity(_:)``).
///
/// Every target is at least ``InterfaceLayout/controlSide`` points high.
public final class LayerMenuView: View {
    /// An action of the menu's list, in its order.
    public enum Action: Hashable, Sendable, CaseIterable {
        case rename, duplicate, mergeDown, clear, delete

        /// The menu's words for it.
        public var title: String {
            switch self {
            // Translators: a layer's menu: rename the layer.
            case .rename: localized("Rename…")
            // Translators: a layer's menu: put a copy of the layer above it.
            case .duplicate: localized("Duplicate")
            // Translators: a layer's menu: merge the layer into the one below it.
            case .mergeDown: localized("Merge down")
            // Translators: a layer's menu: take away the layer's strokes (a verb).
            case .clear: localized("Clear")
            // Translators: a layer's menu: remove the layer (a verb).
            case .delete: localized("Delete")
            }
        }
    }

    /// What the menu asks of its delegate, for the layer at ``position``.
    public enum Request: Hashable, Sendable {
        /// Rename the layer to this name.
        case rename(String)
        /// Put a copy of the layer above it.
        case duplicate
        /// Merge the layer into the one below it.
        case mergeDown
        /// Remove the layer's strokes.
        case clear
        /// Remove the layer.
        case delete
        /// Composite the layer by this mode.
        case setBlendMode(BlendMode)
        /// Show the layer at this opacity (0 to 1) while a finger drags the slider, changing nothing yet.
        case previewOpacity(Double)
        /// The finger lifted from the slider: give the layer this opacity (0 to 1).
        case setOpacity(Double)
        /// What the menu shows changed (another list, a key typed): show it.
        case changed
        /// The menu closed.
        case close
    }

    /// What the menu shows.
    private enum Mode: Hashable {
        case actions, blendModes
        /// The rename panel: the name typed so far, and whether it is selected whole (the first key replaces it).
        case renaming(text: String, isSelected: Bool)
    }

    /// The layer the menu is for, from 0 at the bottom.
    public private(set) var position = 0
    /// The layer's attributes as the drawing has them; set by the owner as the drawing changes.
    public var attributes = LayerAttributes(name: LayerAttributes.defaultName(number: 1))
    /// Whether the layer can be deleted (it is not the last one).
    public var canDelete = true
    /// Whether the layer can be merged down (there is a layer below it).
    public var canMergeDown = true
    /// What the menu asks for. Held weakly: the owner holds the menu.
    public weak var delegate: (any LayerMenuViewDelegate)?

    private var mode = Mode.actions
    /// The row the menu opens beside, in the view's (the window's) coordinates.
    private var anchor = Rect.zero
    /// The area the box stays in: the window above the bar.
    private var area = Rect.zero
    /// The slider's value while a finger drags it.
    private var draggedOpacity: Double?
    /// Where the touch under way came down, and on which of the menu's targets.
    private var press: Target?

    /// A place a touch can land on.
    private enum Target: Hashable {
        case outside, slider, row(Int), renameField, renameButton, cancelButton, inside
    }

    /// The box's width, in points.
    public static let width = 296.0
    /// A row's height.
    static let rowHeight = InterfaceLayout.controlSide
    /// The heading's height over the rows.
    static let headingHeight = 36.0
    /// The slider's row: its words over a track as tall as a target.
    static let sliderHeight = 24.0 + InterfaceLayout.controlSide
    /// The columns the blend modes are listed in.
    static let blendColumns = 2

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = false
    }

    /// Whether the menu is open.
    public var isOpen: Bool { !isHidden }

    /// Whether the rename panel is shown: keys type into its field (``typeKey(_:)``).
    public var isRenaming: Bool {
        if case .renaming = mode { return !isHidden }
        return false
    }

    /// Whether the list of blend modes is shown.
    public var isShowingBlendModes: Bool { mode == .blendModes && !isHidden }

    /// The name typed in the rename panel so far; `nil` while it is not shown.
    public var nameBeingTyped: String? {
        if case let .renaming(text, _) = mode, !isHidden { return text }
        return nil
    }

    /// Opens the menu for the layer at `position` beside its `row` (window points), its box inside `area`.
    public func open(for position: Int, attributes: LayerAttributes, canDelete: Bool, canMergeDown: Bool,
                     beside row: Rect, in area: Rect) {
        self.position = position
        self.attributes = attributes
        self.canDelete = canDelete
        self.canMergeDown = canMergeDown
        anchor = row
        self.area = area
        mode = .actions
        draggedOpacity = nil
        press = nil
        isHidden = false
    }

    /// Closes the menu, whatever it shows, and tells the delegate.
    public func close() {
        guard !isHidden else { return }
        isHidden = true
        mode = .actions
        if draggedOpacity != nil {
            draggedOpacity = nil
            delegate?.layerMenuView(self, didAsk: .previewOpacity(attributes.opacity))
        }
        delegate?.layerMenuView(self, didAsk: .close)
    }

    /// Shows the rename panel holding the layer's name, selected.
    public func beginRenaming() {
        mode = .renaming(text: attributes.shownName, isSelected: true)
    }

    /// The words for a blend mode in the menu: "Normal", "Colour dodge".
    public static func name(of mode: BlendMode) -> String {
        switch mode {
        // Translators: the names of the layers' blend modes, as in painting programs (GIMP, Krita).
        case .normal: localized("Normal")
        case .multiply: localized("Multiply")
        case .screen: localized("Screen")
        case .overlay: localized("Overlay")
        case .darken: localized("Darken")
        case .lighten: localized("Lighten")
        case .colorDodge: localized("Colour dodge")
        case .colorBurn: localized("Colour burn")
        case .hardLight: localized("Hard light")
        case .softLight: localized("Soft light")
        case .difference: localized("Difference")
        case .exclusion: localized("Exclusion")
        case .hue: localized("Hue")
        case .saturation: localized("Saturation")
        case .color: localized("Colour")
        case .luminosity: localized("Luminosity")
        }
    }

    // MARK: - Layout

    /// The box's size for what it shows.
    private var boxSize: Size {
        switch mode {
        case .actions:
            let rows = Double(Action.allCases.count + 1)
            return Size(width: Self.width, height: Self.headingHeight + Self.sliderHeight + rows * Self.rowHeight + 8)
        case .blendModes:
            let rows = (BlendMode.allCases.count + Self.blendColumns - 1) / Self.blendColumns
            return Size(width: Self.width, height: Self.headingHeight + Double(rows + 1) * Self.rowHeight + 8)
        case .renaming:
            return Size(width: 300, height: 124)
        }
    }

    /// Where the box is, in the view's coordinates: beside the row, inside the area.
    private var box: Rect {
        PanelPlacement.frame(of: boxSize, beside: anchor, preferring: [.right, .left, .below, .above], in: area)
    }

    /// The slider's row and its track, in the view's coordinates.
    private var slider: (frame: Rect, track: Rect) {
        let box = box
        let frame = Rect(x: box.minX, y: box.minY + Self.headingHeight, width: box.width, height: Self.sliderHeight)
        let track = Rect(x: frame.minX + 22, y: frame.maxY - Self.rowHeight, width: frame.width - 44, height: Self.rowHeight)
        return (frame, track)
    }

    /// The rows shown, top to bottom: their words, frames, and whether each is destructive, chosen and usable.
    private var rows: [(title: String, frame: Rect, isDestructive: Bool, isSelected: Bool)] {
        let box = box
        switch mode {
        case .actions:
            let top = box.minY + Self.headingHeight + Self.sliderHeight
            var rows = Action.allCases.enumerated().map { index, action in
                (title: action.title, frame: Rect(x: box.minX + 4, y: top + Double(index) * Self.rowHeight,
                                                  width: box.width - 8, height: Self.rowHeight),
                 isDestructive: action == .delete, isSelected: false)
            }
            // Translators: a layer's menu: its row that lists the blend modes; %s is the layer's mode ("Multiply").
            rows.append((title: localized("Blend mode: %s", Self.name(of: attributes.blendMode)),
                         frame: Rect(x: box.minX + 4, y: top + Double(Action.allCases.count) * Self.rowHeight,
                                     width: box.width - 8, height: Self.rowHeight), isDestructive: false, isSelected: false))
            return rows
        case .blendModes:
            let top = box.minY + Self.headingHeight
            // Translators: the row that goes back from the list of blend modes to the layer's menu.
            let back = (title: localized("‹ Back"), frame: Rect(x: box.minX + 4, y: top, width: box.width - 8, height: Self.rowHeight),
                        isDestructive: false, isSelected: false)
            let columnWidth = (box.width - 8) / Double(Self.blendColumns)
            return [back] + BlendMode.allCases.enumerated().map { index, mode in
                let row = index / Self.blendColumns, column = index % Self.blendColumns
                return (title: Self.name(of: mode),
                        frame: Rect(x: box.minX + 4 + Double(column) * columnWidth,
                                    y: top + Double(row + 1) * Self.rowHeight, width: columnWidth, height: Self.rowHeight),
                        isDestructive: false, isSelected: mode == attributes.blendMode)
            }
        case .renaming:
            return []
        }
    }

    /// The rename panel's parts in the box: its text field, and its Cancel and Rename buttons side by side.
    private var renameParts: (field: Rect, cancel: Rect, rename: Rect) {
        let frame = box, inset = 12.0, height = Self.rowHeight
        let field = Rect(x: frame.minX + inset, y: frame.minY + inset, width: max(frame.width - 2 * inset, 0), height: height)
        let buttonWidth = max((frame.width - 3 * inset) / 2, 0)
        let cancel = Rect(x: field.minX, y: field.maxY + inset, width: buttonWidth, height: height)
        let rename = Rect(x: cancel.maxX + inset, y: cancel.minY, width: buttonWidth, height: height)
        return (field, cancel, rename)
    }

    /// The opacity shown: the dragged value, or the layer's.
    private var shownOpacity: Double { draggedOpacity ?? attributes.opacity }

    /// How the menu looks, in window coordinates, for the renderer; `nil` while closed.
    public var overlayMenu: Overlay.LayerMenu? {
        guard !isHidden else { return nil }
        let origin = convert(Point(x: 0, y: 0), to: nil)
        func inWindow(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        let box = inWindow(box)
        switch mode {
        case let .renaming(text, isSelected):
            let parts = renameParts
            let panel = Overlay.Gallery.RenamePanel(frame: box, field: inWindow(parts.field), text: text,
                                                    isTextSelected: isSelected, renameButton: inWindow(parts.rename),
                                                    cancelButton: inWindow(parts.cancel))
            return Overlay.LayerMenu(frame: box, title: attributes.shownName, rows: [], renamePanel: panel)
        case .actions, .blendModes:
            let rows = rows.enumerated().map { index, row in
                Overlay.LayerMenu.Row(title: row.title, frame: inWindow(row.frame), isDestructive: row.isDestructive,
                                      isSelected: row.isSelected, isEnabled: isUsable(index))
            }
            let percent = Int((shownOpacity * 100).rounded())
            let slider = mode == .actions ? Overlay.Slider(
                // Translators: a layer's opacity slider; %d is the opacity in percent ("Opacity 50 %").
                title: localized("Opacity %d %%", percent), frame: inWindow(slider.frame), track: inWindow(slider.track),
                value: shownOpacity) : nil
            // Translators: the heading of the list of blend modes; %s is the layer's name.
            let title = mode == .actions ? attributes.shownName : localized("Blend mode of “%s”", attributes.shownName)
            return Overlay.LayerMenu(frame: box, title: title, rows: rows, slider: slider)
        }
    }

    /// Whether the row at `index` of ``rows`` can be used now (Delete only while another layer remains, Merge down
    /// only with a layer below).
    private func isUsable(_ index: Int) -> Bool {
        guard mode == .actions, Action.allCases.indices.contains(index) else { return true }
        switch Action.allCases[index] {
        case .delete: return canDelete
        case .mergeDown: return canMergeDown
        case .rename, .duplicate, .clear: return true
        }
    }

    /// The frames of the rows, for tests and the overlay: top to bottom, in window points.
    public var rowFrames: [Rect] {
        let origin = convert(Point(x: 0, y: 0), to: nil)
        return rows.map { $0.frame.offsetBy(dx: origin.x, dy: origin.y) }
    }

    // MARK: - Touches

    /// What a touch at `point` (the view's coordinates) is on.
    private func target(at point: Point) -> Target {
        guard box.contains(point) else { return .outside }
        switch mode {
        case .renaming:
            let parts = renameParts
            if parts.rename.insetBy(dx: -4, dy: -4).contains(point) { return .renameButton }
            if parts.cancel.insetBy(dx: -4, dy: -4).contains(point) { return .cancelButton }
            if parts.field.contains(point) { return .renameField }
            return .inside
        case .actions, .blendModes:
            if mode == .actions, slider.frame.contains(point) { return .slider }
            if let index = rows.indices.first(where: { rows[$0].frame.contains(point) }) { return .row(index) }
            return .inside
        }
    }

    /// The opacity at a point along the slider's track, in whole percents.
    private func opacity(at point: Point) -> Double {
        let track = slider.track
        let share = track.width > 0 ? (point.x - track.minX) / track.width : 1
        let clamped = share.isFinite ? min(max(share, 0), 1) : 1
        return (clamped * 100).rounded() / 100
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        press = target(at: point)
        if press == .slider { slide(to: point) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard press == .slider, let touch = touches.first else { return }
        slide(to: touch.location(in: self))
    }

    private func slide(to point: Point) {
        let value = opacity(at: point)
        guard value != draggedOpacity else { return }
        draggedOpacity = value
        delegate?.layerMenuView(self, didAsk: .previewOpacity(value))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, let pressed = press else { return }
        press = nil
        if pressed == .slider {
            let value = draggedOpacity ?? attributes.opacity
            draggedOpacity = nil
            delegate?.layerMenuView(self, didAsk: .setOpacity(value))
            return
        }
        let point = touch.location(in: self)
        guard target(at: point) == pressed else { return }
        switch pressed {
        case .outside: close()
        case let .row(index): choose(index)
        case .renameButton: commitRename()
        case .cancelButton: cancelRename()
        case .renameField:
            if case let .renaming(text, _) = mode { mode = .renaming(text: text, isSelected: false) }
            reportChange()
        case .slider, .inside: break
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if press == .slider, draggedOpacity != nil {
            draggedOpacity = nil
            delegate?.layerMenuView(self, didAsk: .previewOpacity(attributes.opacity))
        }
        press = nil
    }

    /// A tap on the row at `index` of ``rows``.
    private func choose(_ index: Int) {
        guard isUsable(index) else { return }
        switch mode {
        case .actions:
            guard Action.allCases.indices.contains(index) else {
                mode = .blendModes
                return reportChange()
            }
            switch Action.allCases[index] {
            case .rename:
                beginRenaming()
                reportChange()
            case .duplicate: ask(.duplicate)
            case .mergeDown: ask(.mergeDown)
            case .clear: ask(.clear)
            case .delete: ask(.delete)
            }
        case .blendModes:
            if index > 0, BlendMode.allCases.indices.contains(index - 1) {
                delegate?.layerMenuView(self, didAsk: .setBlendMode(BlendMode.allCases[index - 1]))
            }
            mode = .actions
            reportChange()
        case .renaming:
            break
        }
    }

    /// Asks for an action that ends the menu: it closes first.
    private func ask(_ request: Request) {
        close()
        delegate?.layerMenuView(self, didAsk: request)
    }

    // MARK: - Renaming

    private func commitRename() {
        guard case let .renaming(text, _) = mode else { return }
        ask(.rename(text))
    }

    private func cancelRename() {
        close()
    }

    /// A key pressed while the rename panel is shown: text goes into the field (replacing the name while it is
    /// selected), Backspace deletes the last character (or the selected name), Enter renames, Escape cancels.
    /// Returns whether the panel took the key; other keys do nothing while it is shown.
    @discardableResult
    public func typeKey(_ chord: KeyChord) -> Bool {
        guard isRenaming, case .renaming(var text, let isSelected) = mode else { return false }
        switch (chord.keysym, chord.modifiers) {
        case ("Return", []), ("KP_Enter", []):
            commitRename()
            return true
        case ("Escape", []):
            cancelRename()
            return true
        case ("BackSpace", []):
            text = isSelected ? "" : String(text.dropLast())
        default:
            guard let typed = chord.typedText else { return true }
            text = (isSelected ? "" : text) + typed
        }
        // The field holds no more than a layer's name keeps.
        text = LayerAttributes(name: text).name
        mode = .renaming(text: text, isSelected: false)
        reportChange()
        return true
    }

    private func reportChange() {
        delegate?.layerMenuView(self, didAsk: .changed)
    }
}
