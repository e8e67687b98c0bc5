// Rectangles of whole device pixels in a buffer, and the conversions between them and logical points.

/// A rectangle of whole pixels in a buffer (logical points times the scale), top-left origin.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in pixels.
    public var x: Int
    /// The top edge, in pixels.
    public var y: Int
    /// The width, in pixels.
    public var width: Int
    /// The height, in pixels.
    public var height: Int

    /// A rectangle from its top-left corner and size, in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest pixel rectangle that covers a rectangle of logical points at a scale.
    public init(covering rect: Rect, scale: Int) {
        let factor = Double(scale)
        let x0 = (rect.minX * factor).rounded(.down), y0 = (rect.minY * factor).rounded(.down)
        let x1 = (rect.maxX * factor).rounded(.up), y1 = (rect.maxY * factor).rounded(.up)
        self.init(x: Int(saturating: x0), y: Int(saturating: y0), width: Int(saturating: x1) - Int(saturating: x0),
                  height: Int(saturating: y1) - Int(saturating: y0))
    }

    /// Whether the rectangle holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// How many pixels the rectangle holds.
    public var area: Int { isEmpty ? 0 : width * height }
    /// The right edge (exclusive).
    public var maxX: Int { x + width }
    /// The bottom edge (exclusive).
    public var maxY: Int { y + height }

    /// The overlap of both, or `nil` when they share no pixel.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle that holds both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Whether `other` lies wholly inside this rectangle; an empty one lies inside every rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// Whether both share at least one pixel, or touch edge to edge.
    public func touches(_ other: PixelRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }

    /// The same area as a rectangle of logical points at a scale.
    public func logical(scale: Int) -> Rect {
        logical(pixelsPerPoint: Double(scale))
    }

    /// The same area in points, at a number of pixels per point.
    public func logical(pixelsPerPoint factor: Double) -> Rect {
        Rect(x: Double(x) / factor, y: Double(y) / factor, width: Double(width) / factor, height: Double(height) / factor)
    }

    /// The rectangle moved by whole pixels.
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

extension Array where Element == PixelRect {
    /// The rectangles with those that touch merged into their union, until none touch, so that no pixel is
    /// redrawn twice in one frame.
    public func merged() -> [PixelRect] {
        var result: [PixelRect] = []
        for rect in self where !rect.isEmpty {
            var current = rect
            var index = 0
            while index < result.count {
                if result[index].touches(current) {
                    current = current.union(result.remove(at: index))
                    index = 0
                } else {
                    index += 1
                }
            }
            result.append(current)
        }
        return result
    }
}

extension Int {
    /// The largest magnitude ``init(saturating:)`` gives: 2³⁰, so that sums and differences of two never overflow.
    public static let saturationLimit = 1 << 30

    /// A whole number for a `Double` that never traps: the value truncated toward zero and clamped to
    /// ±``saturationLimit``; NaN is 0. Every conversion from a `Double` to an integer in the paint and view code goes
    /// through it (a damaged document or a wild trace can hold any value).
    public init(saturating value: Double) {
        let limit = Double(Int.saturationLimit)
        self = value.isNaN ? 0 : Int(Swift.max(Swift.min(value, limit), -limit))
    }
}
