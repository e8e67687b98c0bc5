// PanelPlacement's rule as properties: a panel is inside its area, on the first preferred side with room and off
// its anchor, and bad numbers never trap or put it outside.
import FingerPaintCore
import Geometry
import PropertyBased
import Testing

@Suite struct PanelPlacementTests {
    /// How far apart two edges may be and still count as the same, for sums of doubles.
    static let slack = 1e-6

    /// Whether `inner` lies inside `outer`, but for rounding (relative to the size of the numbers).
    static func isInside(_ inner: Rect, _ outer: Rect) -> Bool {
        let edges = [outer.minX, outer.minY, outer.maxX, outer.maxY]
        let slack = Self.slack * max(1, edges.map(\.magnitude).max() ?? 1)
        return inner.minX >= outer.minX - slack && inner.maxX <= outer.maxX + slack
            && inner.minY >= outer.minY - slack && inner.maxY <= outer.maxY + slack
    }

    /// Whether two rectangles share more than an edge.
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > slack && min(a.maxY, b.maxY) - max(a.minY, b.minY) > slack
    }

    /// The room on a side of the anchor within the area, past the gap: what the documentation calls room.
    static func room(on side: PanelPlacement.Side, of anchor: Rect, in area: Rect) -> Double {
        switch side {
        case .above: anchor.minY - PanelPlacement.gap - area.minY
        case .below: area.maxY - anchor.maxY - PanelPlacement.gap
        case .left: anchor.minX - PanelPlacement.gap - area.minX
        case .right: area.maxX - anchor.maxX - PanelPlacement.gap
        }
    }

    /// Whether the panel lies wholly on a side of the anchor, the gap away.
    static func lies(_ panel: Rect, on side: PanelPlacement.Side, of anchor: Rect) -> Bool {
        switch side {
        case .above: panel.maxY <= anchor.minY - PanelPlacement.gap + slack
        case .below: panel.minY >= anchor.maxY + PanelPlacement.gap - slack
        case .left: panel.maxX <= anchor.minX - PanelPlacement.gap + slack
        case .right: panel.minX >= anchor.maxX + PanelPlacement.gap - slack
        }
    }

    static let coordinate = Gen.double(in: -600...600)
    static let length = Gen.double(in: 0...1400)
    static let sides = Gen.element(of: PanelPlacement.Side.allCases).array(of: 0...4).map { $0.compactMap { $0 } }

    @Test func aPanelIsInsideItsAreaOnTheFirstSideWithRoomAndOffItsAnchor() async {
        await propertyCheck(count: 400, input: Self.coordinate.array(of: 4), Self.length.array(of: 6), Self.sides) {
            origins, lengths, sides in
            let area = Rect(x: origins[0], y: origins[1], width: lengths[0], height: lengths[1])
            // Anchors anywhere: inside the area, across its edge or outside it.
            let anchor = Rect(x: origins[2], y: origins[3], width: lengths[2] / 4, height: lengths[3] / 4)
            let size = Size(width: lengths[4] / 2, height: lengths[5] / 2)
            let panel = PanelPlacement.frame(of: size, beside: anchor, preferring: sides, in: area)
            #expect(Self.isInside(panel, area), "\(panel) not in \(area)")
            #expect(abs(panel.width - min(size.width, area.width)) < Self.slack)
            #expect(abs(panel.height - min(size.height, area.height)) < Self.slack)
            // A panel larger than the area is made as large as the area first.
            let extent = { (side: PanelPlacement.Side) in
                side == .above || side == .below ? min(size.height, area.height) : min(size.width, area.width)
            }
            if let first = sides.first(where: { Self.room(on: $0, of: anchor, in: area) >= extent($0) }) {
                #expect(Self.lies(panel, on: first, of: anchor), "\(panel) not \(first) of \(anchor) in \(area)")
                #expect(!Self.overlap(panel, anchor), "\(panel) covers \(anchor)")
            }
        }
    }

    @Test func theGallerysOrderTriesTheRightThenTheLeftThenBelowThenAbove() {
        let area = Rect(x: 0, y: 56, width: 800, height: 512)
        let order: [PanelPlacement.Side] = [.right, .left, .below, .above]
        let size = Size(width: 200, height: 220)
        let first = PanelPlacement.frame(of: size, beside: Rect(x: 16, y: 72, width: 180, height: 174), preferring: order, in: area)
        #expect(first == Rect(x: 204, y: 72, width: 200, height: 220))
        let last = PanelPlacement.frame(of: size, beside: Rect(x: 604, y: 72, width: 180, height: 174), preferring: order, in: area)
        #expect(last == Rect(x: 396, y: 72, width: 200, height: 220))
        // A tile as wide as the area: below it, centred; at the bottom, above it.
        let wide = Rect(x: 0, y: 72, width: 800, height: 100)
        #expect(PanelPlacement.frame(of: size, beside: wide, preferring: order, in: area) == Rect(x: 300, y: 180, width: 200, height: 220))
        let low = Rect(x: 0, y: 440, width: 800, height: 100)
        #expect(PanelPlacement.frame(of: size, beside: low, preferring: order, in: area) == Rect(x: 300, y: 212, width: 200, height: 220))
    }

    /// Numbers no layout should make — zero, negative, huge, infinite, not a number — in any place.
    static let badNumbers: [Double] = [
        0, -1, -1e6, 1e6, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity,
        .nan, .leastNonzeroMagnitude, 3, 150, 400,
    ]

    @Test func badNumbersNeverTrapAndGiveAFinitePanelInsideAFiniteArea() async {
        await propertyCheck(count: 600, input: Gen.element(of: Self.badNumbers).array(of: 13).map { $0.map { $0 ?? 0 } }, Self.sides) { numbers, sides in
            let area = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            let anchor = Rect(x: numbers[4], y: numbers[5], width: numbers[6], height: numbers[7])
            let size = Size(width: numbers[8], height: numbers[9])
            let panel = PanelPlacement.frame(of: size, beside: anchor, preferring: sides, in: area, gap: numbers[10])
            let edges = [panel.minX, panel.minY, panel.maxX, panel.maxY]
            #expect(edges.allSatisfy { $0.isFinite }, "\(panel) for \(numbers)")
            let areaEdges = [area.minX, area.minY, area.maxX, area.maxY, area.size.width, area.size.height]
            if areaEdges.allSatisfy(\.isFinite) {
                #expect(Self.isInside(panel, area), "\(panel) not in \(area) for \(numbers)")
            }
        }
    }
}
