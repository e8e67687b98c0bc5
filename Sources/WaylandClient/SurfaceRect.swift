// Integral rectangles in surface-local logical points: damage and dirty regions.

/// A rectangle in surface-local logical points with integral coordinates, as damage is counted.
///
/// At buffer scale 2 one point covers 2×2 buffer pixels; ``ToplevelWindow`` converts when it damages the buffer.
public struct SurfaceRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in points from the surface's left.
    public var x: Int
    /// The top edge, in points from the surface's top (y points down).
    public var y: Int
    /// The width in points; zero or less is empty.
    public var width: Int
    /// The height in points; zero or less is empty.
    public var height: Int

    /// A rectangle with its top-left corner at (x, y).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest integral rectangle that holds the given one (in points; fractions round outwards).
    public init(enclosingX x: Double, y: Double, width: Double, height: Double) {
        let left = Int((x).rounded(.down)), top = Int((y).rounded(.down))
        let right = Int((x + width).rounded(.up)), bottom = Int((y + height).rounded(.up))
        self.init(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// Whether the rectangle covers no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle moved by `dx` and `dy` points.
    public func offsetBy(dx: Int = 0, dy: Int) -> SurfaceRect {
        SurfaceRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The part of the rectangle inside `other`; empty when they do not overlap.
    public func intersection(_ other: SurfaceRect) -> SurfaceRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return SurfaceRect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: SurfaceRect) -> SurfaceRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return SurfaceRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: SurfaceRect) -> Bool {
        other.isEmpty || intersection(other) == other
    }

    /// `WIDTHxHEIGHT+X+Y`, as X11 geometry is written.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A list of damaged rectangles that stays short: past ``limit`` rectangles it becomes their bounding box, and a
/// rectangle already covered is not added again.
struct DamageList: Hashable, Sendable {
    /// More rectangles than this cost the compositor more than repainting their bounding box.
    static let limit = 16

    private(set) var rects: [SurfaceRect] = []

    init(_ rects: [SurfaceRect] = []) {
        for rect in rects { insert(rect) }
    }

    var isEmpty: Bool { rects.isEmpty }

    mutating func insert(_ rect: SurfaceRect) {
        guard !rect.isEmpty, !rects.contains(where: { $0.contains(rect) }) else { return }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        if rects.count > Self.limit {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    mutating func formUnion(_ other: DamageList) {
        for rect in other.rects { insert(rect) }
    }

    /// The rectangles clipped to `bounds`, empty ones dropped.
    func clipped(to bounds: SurfaceRect) -> [SurfaceRect] {
        rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }
}
