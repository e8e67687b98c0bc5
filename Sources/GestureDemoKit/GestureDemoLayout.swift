// Where the gesture demo puts its panel, its rows, the recent events and the shape, for any window size.
import TouchUI

/// The demo's layout for a window size, in logical points. Wide windows (at least ``wideWidth``) have the panel
/// down the right side, one row a recognizer; narrow ones (a phone-shaped 420x700) have it across the top in two
/// columns. With `gesture-demo --arena`, the last arena decisions have lines of their own just above the recent
/// events. Either way the panel, the arena's lines, the recent events and the shape's area never overlap, every
/// rectangle lies in the window, and the renderer fits each text into its own rectangle (cut with an ellipsis when
/// it must be).
public struct GestureDemoLayout: Hashable, Sendable {
    /// One recognizer's row: its status dot, its name, its state and its values.
    public struct Row: Hashable, Sendable {
        /// The whole row (lit for a moment when the recognizer changes).
        public var frame: Rect
        /// The status dot's centre.
        public var dot: Point
        /// Where the name is written.
        public var name: Rect
        /// Where the state is written.
        public var state: Rect
        /// Where the values are written.
        public var values: Rect
    }

    /// The narrowest window that gets the wide layout (a shorter one whose rows would be under 36 points gets the
    /// narrow one too).
    public static let wideWidth = 640.0
    static let margin = 16.0
    static let titleHeight = 40.0

    /// The panel.
    public var panel: Rect
    /// The rows, in the panel's order.
    public var rows: [Row]
    /// The lines of recent events, oldest first.
    public var recentEvents: [Rect]
    /// The lines of the arena's last decisions, oldest first, just above the recent events; none unless asked for.
    public var arenaDecisions: [Rect]
    /// Where the shape lives: the window less the panel and the events (it starts at the centre).
    public var shapeArea: Rect
    /// Whether the narrow layout is used.
    public var isNarrow: Bool

    /// The layout of `rowCount` rows, `eventCount` recent events and `arenaLineCount` lines of arena decisions in a
    /// window of `size`. Negative counts are taken as none.
    public init(size: Size, rowCount: Int, eventCount: Int = 6, arenaLineCount: Int = 0) {
        let margin = Self.margin
        let eventHeight = 22.0, arenaLineHeight = Self.arenaLineHeight
        let eventCount = max(eventCount, 0), arenaLineCount = max(arenaLineCount, 0)
        let eventsTop = size.height - margin - Double(eventCount) * eventHeight
        // The arena's lines, a little apart from the events; the shape's area ends above them.
        let arenaTop = eventsTop - Double(arenaLineCount) * arenaLineHeight - (arenaLineCount > 0 ? 6 : 0)
        // Down the right side, beside the events, each row as tall as room allows (46 points at most, 36 at
        // least), or, in a narrow or short window, across the top in two columns.
        let wideRowHeight = min(46, (size.height - 2 * margin - Self.titleHeight - 4) / Double(max(rowCount, 1)))
        isNarrow = size.width < Self.wideWidth || wideRowHeight < 36
        let eventsWidth: Double
        if isNarrow {
            let columns = 2, perColumn = (rowCount + 1) / 2, rowHeight = 40.0
            let panel = Rect(x: 8, y: 8, width: max(size.width - 16, 0),
                             height: Self.titleHeight + Double(perColumn) * rowHeight + 6)
            self.panel = panel
            let columnWidth = (panel.width - 12) / Double(columns)
            rows = (0..<rowCount).map { index in
                let frame = Rect(x: panel.minX + 6 + Double(index / perColumn) * columnWidth,
                                 y: panel.minY + Self.titleHeight + Double(index % perColumn) * rowHeight,
                                 width: columnWidth, height: rowHeight - 2)
                return Self.row(in: frame, stateOnSecondLine: true)
            }
            shapeArea = Rect(x: 0, y: panel.maxY + 8, width: size.width, height: max(arenaTop - 8 - panel.maxY - 8, 0))
            eventsWidth = max(size.width - 2 * margin, 0)
        } else {
            let panelWidth = min(360, size.width * 0.45), rowHeight = wideRowHeight
            let panel = Rect(x: size.width - panelWidth - margin, y: margin, width: panelWidth,
                             height: Self.titleHeight + 4 + Double(rowCount) * rowHeight)
            self.panel = panel
            rows = (0..<rowCount).map { index in
                Self.row(in: Rect(x: panel.minX + 6, y: panel.minY + Self.titleHeight + 4 + Double(index) * rowHeight,
                                  width: panelWidth - 12, height: rowHeight - 4), stateOnSecondLine: false)
            }
            shapeArea = Rect(x: 0, y: 0, width: max(panel.minX - margin, 0), height: max(arenaTop - margin, 0))
            eventsWidth = max(panel.minX - 2 * margin, 0)
        }
        recentEvents = (0..<eventCount).map { index in
            Rect(x: margin, y: eventsTop + Double(index) * eventHeight, width: eventsWidth, height: eventHeight)
        }
        arenaDecisions = (0..<arenaLineCount).map { index in
            Rect(x: margin, y: arenaTop + Double(index) * arenaLineHeight, width: eventsWidth, height: arenaLineHeight)
        }
    }

    /// The height of a line of arena decisions.
    static let arenaLineHeight = 20.0

    /// A row's parts in its frame: the dot at the left, the name, the state (at the right of the name's line, or
    /// first on the second line), the values below.
    private static func row(in frame: Rect, stateOnSecondLine: Bool) -> Row {
        let text = frame.minX + 32, width = max(frame.maxX - 8 - text, 0)
        let line = frame.height / 2
        let name = Rect(x: text, y: frame.minY + 1, width: stateOnSecondLine ? width : width * 0.62, height: line - 1)
        let state = stateOnSecondLine
            ? Rect(x: text, y: frame.minY + line, width: min(76, width), height: line)
            : Rect(x: name.maxX + 6, y: frame.minY + 1, width: max(width - name.width - 6, 0), height: line - 1)
        let values = stateOnSecondLine
            ? Rect(x: state.maxX + 4, y: frame.minY + line, width: max(frame.maxX - 8 - state.maxX - 4, 0), height: line)
            : Rect(x: text, y: frame.minY + line, width: width, height: line)
        return Row(frame: frame, dot: Point(x: frame.minX + 16, y: frame.minY + line), name: name, state: state, values: values)
    }
}
