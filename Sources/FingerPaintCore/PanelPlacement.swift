// Where a panel opens: beside the control or tile it acts for, never over it, inside the window. Contract: a pure
// function of rectangles; every panel of the program (the colour panel, the overflow menu, the gallery's menu) is
// placed by it, so that one rule decides.
import Geometry

/// Places panels beside what opened them (docs/interface.md).
///
/// A panel goes on the first of the preferred sides where it fits whole inside the area without covering its
/// anchor, `gap` points away from the anchor and lined up with it (centred on it above and below, level with its
/// top beside it), then slid along that side to stay inside. Where no side has room, it goes on the side with the
/// most room, kept inside the area; it covers its anchor only when the area is smaller than the panel and the
/// anchor together.
///
/// Bad input never traps and never gives a panel outside the area: a size that is negative or not a number counts
/// as zero, an anchor that is not finite as a point in the middle of the area, and an area that is not finite as
/// an empty one at the origin.
public enum PanelPlacement {
    /// A side of the anchor a panel can open on.
    public enum Side: Hashable, Sendable, CaseIterable {
        case above, below, left, right
    }

    /// The space between a panel and its anchor, in points.
    public static let gap = 8.0

    /// Where a panel of `size` opens beside `anchor`, inside `area`, trying `sides` in order.
    public static func frame(of size: Size, beside anchor: Rect, preferring sides: [Side] = Side.allCases,
                             in area: Rect, gap: Double = PanelPlacement.gap) -> Rect {
        let area = isFinite(area) ? area : Rect(x: 0, y: 0, width: 0, height: 0)
        let anchor = isFinite(anchor) ? anchor : Rect(origin: area.center, size: Size(width: 0, height: 0))
        let gap = gap.isFinite ? max(gap, 0) : 0
        func extent(_ length: Double, within limit: Double) -> Double { length > 0 ? min(length, limit) : 0 }
        let width = extent(size.width, within: area.width), height = extent(size.height, within: area.height)
        for side in sides where room(on: side, of: anchor, in: area, gap: gap) >= (isVertical(side) ? height : width) {
            return placed(width, height, on: side, of: anchor, in: area, gap: gap)
        }
        let roomiest = (sides.isEmpty ? Side.allCases : sides).max {
            room(on: $0, of: anchor, in: area, gap: gap) / (isVertical($0) ? height : width)
                < room(on: $1, of: anchor, in: area, gap: gap) / (isVertical($1) ? height : width)
        } ?? .above
        return placed(width, height, on: roomiest, of: anchor, in: area, gap: gap)
    }

    private static func isVertical(_ side: Side) -> Bool { side == .above || side == .below }

    private static func isFinite(_ rect: Rect) -> Bool {
        [rect.minX, rect.minY, rect.maxX, rect.maxY, rect.size.width, rect.size.height].allSatisfy(\.isFinite)
    }

    /// How much of the area lies on a side of the anchor, past the gap.
    private static func room(on side: Side, of anchor: Rect, in area: Rect, gap: Double) -> Double {
        switch side {
        case .above: anchor.minY - gap - area.minY
        case .below: area.maxY - anchor.maxY - gap
        case .left: anchor.minX - gap - area.minX
        case .right: area.maxX - anchor.maxX - gap
        }
    }

    private static func placed(_ width: Double, _ height: Double, on side: Side, of anchor: Rect, in area: Rect,
                               gap: Double) -> Rect {
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { min(max(value, low), max(high, low)) }
        let x: Double, y: Double
        switch side {
        case .above, .below:
            x = clamp(anchor.midX - width / 2, area.minX, area.maxX - width)
            y = clamp(side == .above ? anchor.minY - gap - height : anchor.maxY + gap, area.minY, area.maxY - height)
        case .left, .right:
            x = clamp(side == .left ? anchor.minX - gap - width : anchor.maxX + gap, area.minX, area.maxX - width)
            y = clamp(anchor.minY, area.minY, area.maxY - height)
        }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
