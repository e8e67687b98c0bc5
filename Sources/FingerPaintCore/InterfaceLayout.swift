// Where every control of the painting window goes: a pure function of the window's size and the painter's hand,
// from which the bar, the strip, the More menu and the colour panel take their rectangles (docs/interface.md).
// Contract: nothing here depends on what is drawn or chosen, so no control moves unless the window's size or the
// hand changes; every control is on the bar, on the strip or in the More menu, and every target is at least
// ``InterfaceLayout/minimumTarget`` points.
import Geometry
import PaintModel
import PaintUI

/// The layout of the painting window's controls for one window size and hand (docs/interface.md).
///
/// - The **bar** runs along the bottom: the gallery, the tools and the layers from its left end, the colour well and
///   as many of the palette's swatches as fit after them, and clear, copy, export, the guide ("?"), full screen and
///   More at its right end.
/// - The **strip** stands at the side of the hand that holds the tablet (the left edge, or the right edge for the
///   left-handed): the widths from thin to thick, then undo and redo. It shows whole or not at all: in a window too
///   short for it, undo and redo join the bar's right group and the widths go to the More menu.
/// - What does not fit goes into the **More** menu, least needed first; the menu always holds the settings too.
///   Swatches that do not fit are left to the colour panel, which holds every colour.
public struct InterfaceLayout: Hashable, Sendable {
    /// One control laid out: what a tap on it asks for, and where it is in window points.
    public struct Placed: Hashable, Sendable {
        /// What the control asks for.
        public var command: PaintCommand
        /// Where it is, in window points.
        public var frame: Rect
    }

    /// The bar's height, in points.
    public static let barHeight = 56.0
    /// A control's side, in points: Apple asks 44.
    public static let controlSide = 44.0
    /// The space around and between controls, in points.
    public static let spacing = 6.0
    /// The smallest target anywhere in the interface, in points.
    public static let minimumTarget = 40.0
    /// The strip's top limit: below the banner, and as far again.
    public static let stripTopInset = Overlay.Banner.height + 2 * Overlay.Banner.margin
    /// A row of the More menu: an icon and its words.
    public static let menuRowSize = Size(width: 232, height: 44)

    /// The window's size, in points.
    public let size: Size
    /// Whether the strip stands at the right edge, for a painter whose right hand holds the tablet.
    public let isLeftHanded: Bool
    /// The bar along the bottom.
    public let bar: Rect
    /// The strip at the side; `nil` when none of its controls fits.
    public let strip: Rect?
    /// The controls on the bar and the strip.
    public let controls: [Placed]
    /// The controls that did not fit, then the settings: the More menu's rows, in order.
    public let overflow: [PaintCommand]

    /// The layout of a window of `size` for the painter's hand.
    public init(size: Size, isLeftHanded: Bool = false) {
        let width = Self.finite(size.width), height = Self.finite(size.height)
        self.size = Size(width: width, height: height)
        self.isLeftHanded = isLeftHanded
        bar = Rect(x: 0, y: max(height - Self.barHeight, 0), width: width, height: min(Self.barHeight, height))
        let onStrip = Self.layStrip(from: Self.stripTopInset, to: bar.minY - Self.spacing, width: width,
                                    isLeftHanded: isLeftHanded)
        let trailing = onStrip == nil ? Self.historySlots + Self.trailing : Self.trailing
        let onBar = Self.layBar(width: width, top: bar.minY, trailing: trailing)
        strip = onStrip?.frame
        controls = onBar.placed + (onStrip?.placed ?? [])
        overflow = onBar.left + (onStrip == nil ? Self.widthSlots.map(\.command) : []) + Self.settings
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1e6) : 0 }

    /// The frame of a control on the bar or the strip; `nil` when it is in the More menu (or is a swatch left out).
    public func frame(of command: PaintCommand) -> Rect? {
        controls.first { $0.command == command }?.frame
    }

    // MARK: - What goes where

    /// A control and how much it is needed: the higher `rank`, the sooner it leaves for the More menu.
    private struct Slot {
        var command: PaintCommand
        var rank: Int
    }

    /// The bar's left group: the gallery, then the tools.
    private static let leading: [Slot] = [
        Slot(command: .openGallery, rank: 0), Slot(command: .useBrush, rank: 1), Slot(command: .toggleEraser, rank: 1),
        Slot(command: .toggleNavigation, rank: 1), Slot(command: .useSelection, rank: 2), Slot(command: .useFill, rank: 2),
        Slot(command: .pickColor, rank: 2),
        Slot(command: .openLayers, rank: 1),
    ]
    /// The colour well and the palette's swatches, after the tools; a swatch that does not fit is left to the
    /// colour panel.
    private static let colors: [Slot] = [Slot(command: .openColorChooser, rank: 1)]
        + Brush.palette.indices.map { Slot(command: .selectColor($0), rank: 10 + $0) }
    /// The bar's right group, ending at its right edge.
    private static let trailing: [Slot] = [
        Slot(command: .clear, rank: 5), Slot(command: .copy, rank: 4), Slot(command: .exportAs, rank: 3),
        Slot(command: .showGuide, rank: 9), Slot(command: .toggleFullscreen, rank: 0), Slot(command: .openMore, rank: -1),
    ]
    /// The width steps, thin to thick.
    private static let widthSlots = Brush.widths.indices.map { Slot(command: .selectWidth($0), rank: 6 + $0) }
    /// Undo and redo: at the strip's foot, or on the bar when there is no strip.
    private static let historySlots = [Slot(command: .undo, rank: 2), Slot(command: .redo, rank: 2)]
    /// The strip, top to bottom: the widths, then undo and redo.
    private static let stripSlots = widthSlots + historySlots
    /// What the More menu always holds, after the controls that did not fit.
    static let settings: [PaintCommand] = [.paste, .placeImage, .toggleLeftHanded, .togglePrediction, .toggleStabilizer]

    /// Every control the bar and the strip can show, swatches included: each is on one of them or in the menu.
    public static var allControls: [PaintCommand] {
        (leading + colors + trailing + stripSlots).map(\.command)
    }

    /// Whether a control may be left out without going to the menu: a swatch, which the colour panel holds.
    public static func isSwatch(_ command: PaintCommand) -> Bool {
        if case .selectColor = command { true } else { false }
    }

    /// The slots of `slots` kept for `count` places: the lowest ranks, the earlier first among equals.
    private static func kept(_ slots: [Slot], count: Int) -> Set<Int> {
        let order = slots.indices.sorted { (slots[$0].rank, $0) < (slots[$1].rank, $1) }
        return Set(order.prefix(max(count, 0)))
    }

    /// The bar's controls: as many as fit in 50-point places, the left and colour groups from the left edge, the
    /// right group (`trailing`) against the right edge.
    private static func layBar(width: Double, top: Double, trailing: [Slot]) -> (placed: [Placed], left: [PaintCommand]) {
        let place = controlSide + spacing
        let count = Int(((width - spacing) / place).rounded(.down))
        let all = leading + colors + trailing
        let keep = kept(all, count: count)
        let y = top + (barHeight - controlSide) / 2
        var placed: [Placed] = [], left: [PaintCommand] = []
        var x = spacing
        for (index, slot) in all.enumerated().prefix(leading.count + colors.count) {
            guard keep.contains(index) else {
                if !isSwatch(slot.command) { left.append(slot.command) }
                continue
            }
            placed.append(Placed(command: slot.command, frame: Rect(x: x, y: y, width: controlSide, height: controlSide)))
            x += place
        }
        let trailingStart = leading.count + colors.count
        let shown = (trailingStart..<all.count).filter { keep.contains($0) }
        x = width - spacing - Double(shown.count) * place + spacing
        for index in trailingStart..<all.count {
            guard keep.contains(index) else {
                left.append(all[index].command)
                continue
            }
            placed.append(Placed(command: all[index].command, frame: Rect(x: x, y: y, width: controlSide, height: controlSide)))
            x += place
        }
        return (placed, left)
    }

    /// The strip and its controls, centred between `top` and `bottom` at the left edge (the right one for the
    /// left-handed); `nil` when they do not all fit.
    private static func layStrip(from top: Double, to bottom: Double, width: Double,
                                 isLeftHanded: Bool) -> (frame: Rect, placed: [Placed])? {
        let place = controlSide + spacing
        let stripWidth = controlSide + 2 * spacing
        let height = Double(stripSlots.count) * place + spacing
        guard bottom - top >= height, width >= 3 * stripWidth else { return nil }
        let frame = Rect(x: isLeftHanded ? width - stripWidth : 0, y: ((top + bottom - height) / 2).rounded(.down),
                         width: stripWidth, height: height)
        let placed = stripSlots.enumerated().map { row, slot in
            Placed(command: slot.command, frame: Rect(x: frame.minX + spacing, y: frame.minY + spacing + Double(row) * place,
                                                      width: controlSide, height: controlSide))
        }
        return (frame, placed)
    }

    // MARK: - Panels

    /// Where the More menu opens (above its button, inside the window over the bar), and its rows: a column of
    /// ``menuRowSize`` rows, in more columns where the window is too short, narrower where they would not fit.
    public var moreMenu: (frame: Rect, rows: [Placed]) {
        let area = Rect(x: 0, y: 0, width: size.width, height: bar.minY)
        let row = Self.menuRowSize, padding = Self.spacing
        let perColumn = max(Int(((area.height - 2 * padding - PanelPlacement.gap) / row.height).rounded(.down)), 1)
        let columns = max((overflow.count + perColumn - 1) / perColumn, 1)
        let rowsInColumn = min(overflow.count, perColumn)
        // Narrower rows where the columns would not fit side by side; never narrower than a target.
        let rowWidth = max(min(row.width, (area.width - 2 * padding) / Double(columns)), Self.controlSide)
        let panel = Size(width: Double(columns) * rowWidth + 2 * padding, height: Double(rowsInColumn) * row.height + 2 * padding)
        let anchor = frame(of: .openMore) ?? Rect(x: size.width, y: bar.minY, width: 0, height: 0)
        let frame = PanelPlacement.frame(of: panel, beside: anchor, preferring: [.above, .left], in: area)
        let rows = overflow.enumerated().map { index, command in
            Placed(command: command, frame: Rect(x: frame.minX + padding + Double(index / perColumn) * rowWidth,
                                                 y: frame.minY + padding + Double(index % perColumn) * row.height,
                                                 width: rowWidth, height: row.height))
        }
        return (frame, rows)
    }

    /// Where a panel of `size` opened by a control goes: beside it (above a control on the bar, towards the
    /// window's middle from one on the strip), inside the window; beside the More button for a control in the menu.
    /// A panel opened from the bar leaves the strip uncovered where the rest of the window is wide enough for it, so
    /// that the widths stay in reach while it is open.
    public func panel(of size: Size, openedBy command: PaintCommand) -> Rect {
        let window = Rect(x: 0, y: 0, width: self.size.width, height: self.size.height)
        let anchor = frame(of: command) ?? frame(of: .openMore) ?? Rect(x: self.size.width, y: bar.minY, width: 0, height: 0)
        let isOnBar = bar.contains(anchor.center)
        let sides: [PanelPlacement.Side] = !isOnBar ? (isLeftHanded ? [.left, .above] : [.right, .above]) : [.above, .below]
        var area = window
        if isOnBar, let strip, window.width - strip.width - PanelPlacement.gap >= size.width {
            let left = strip.minX <= window.minX ? strip.maxX + PanelPlacement.gap : window.minX
            let right = strip.minX <= window.minX ? window.maxX : strip.minX - PanelPlacement.gap
            area = Rect(x: left, y: window.minY, width: right - left, height: window.height)
        }
        return PanelPlacement.frame(of: size, beside: anchor, preferring: sides, in: area)
    }
}
