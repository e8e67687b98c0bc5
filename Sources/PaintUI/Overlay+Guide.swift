// The guide's card (docs/interface.md, "The guide"): how to paint and move the view, a picture and a line each, and,
// when a painter asks for it, the keys. Contract: the card lies within the area it is given (above the bar, beside
// the strip), as wide as its lines want up to that area's width; what does not fit its height is drawn smaller, and
// a row's text that does not fit its width ends in an ellipsis.
import Geometry

extension Overlay {
    /// The guide's card over the lower part of the canvas.
    public struct Guide: Hashable, Sendable {
        /// A row's picture.
        public enum Picture: Hashable, Sendable {
            /// Three fingers, each drawing its own line.
            case fingers
            /// Two fingers tapping.
            case twoFingerTap
            /// The hand button's hand.
            case hand
            /// Two fingers pinching and turning.
            case pinch
            /// A line held still at its end, become a circle.
            case shape
            /// The gallery button's tiles.
            case gallery
        }

        /// One gesture: its picture and its line.
        public struct Row: Hashable, Sendable {
            /// What the row shows at its left.
            public var picture: Picture
            /// What it says.
            public var text: String

            /// A row showing `picture` and saying `text`.
            public init(picture: Picture, text: String) {
                self.picture = picture
                self.text = text
            }
        }

        /// The gestures, in order: down the first column, then the second.
        public var rows: [Row]
        /// The keys, each "key: what it does", in a grid under the rows; empty for none.
        public var keys: [String]
        /// The card, in window points.
        public private(set) var frame: Rect
        /// How many columns the rows take: two in a wide area.
        public private(set) var columns: Int
        /// How much the card is drawn smaller than its full size to fit its area's height (1 for not at all).
        public private(set) var factor: Double

        /// A row's height, a key's line and the space around them, at full size.
        public static let rowHeight = 30.0, keyHeight = 20.0, padding = 12.0
        /// The narrowest area given two columns, and a key's cell's width.
        public static let twoColumnWidth = 640.0, keyWidth = 150.0
        /// The smallest the card is drawn, as a share of its full size.
        public static let smallestFactor = 0.6

        /// The card of `rows` and `keys`, in `area`: at its bottom, centred across it, as wide as two columns or one
        /// need (at most the area's width), drawn smaller when the area is too low for it.
        public init(rows: [Row], keys: [String] = [], area: Rect) {
            self.rows = rows
            self.keys = keys
            columns = area.width >= Self.twoColumnWidth ? 2 : 1
            let width = min(area.width, columns == 2 ? 760 : 440)
            let keyColumns = max(1, Int((width - 2 * Self.padding) / Self.keyWidth))
            let rowLines = (rows.count + columns - 1) / columns
            let keyLines = (keys.count + keyColumns - 1) / keyColumns
            let full = 2 * Self.padding + Double(rowLines) * Self.rowHeight
                + (keys.isEmpty ? 0 : Self.padding / 2 + Double(keyLines) * Self.keyHeight)
            factor = min(1, max(Self.smallestFactor, area.height / max(full, 1)))
            let height = min(full * factor, area.height)
            frame = Rect(x: area.midX - width / 2, y: area.maxY - height, width: width, height: height)
        }

        /// The rows' frames, in the order of ``rows``.
        public var rowFrames: [Rect] {
            let inset = frame.insetBy(dx: Self.padding, dy: Self.padding * factor)
            let columnWidth = inset.width / Double(columns), lines = (rows.count + columns - 1) / columns
            let height = Self.rowHeight * factor
            return rows.indices.map { index in
                let column = Double(index / max(lines, 1)), line = Double(index % max(lines, 1))
                return Rect(x: inset.minX + column * columnWidth, y: inset.minY + line * height, width: columnWidth,
                            height: height)
            }
        }

        /// The keys' frames, in the order of ``keys``: a grid under the rows.
        public var keyFrames: [Rect] {
            let inset = frame.insetBy(dx: Self.padding, dy: Self.padding * factor)
            let perLine = max(1, Int(inset.width / Self.keyWidth))
            let cellWidth = inset.width / Double(perLine), height = Self.keyHeight * factor
            let top = (rowFrames.map(\.maxY).max() ?? inset.minY) + Self.padding / 2 * factor
            return keys.indices.map { index in
                Rect(x: inset.minX + Double(index % perLine) * cellWidth, y: top + Double(index / perLine) * height,
                     width: cellWidth, height: height)
            }
        }
    }
}
