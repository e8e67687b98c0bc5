// Which part of the drawing the window shows, and how large: document points to window points and back.
import PaintModel
import TouchUI

/// The view onto a drawing: the document point at the window's top-left corner and the zoom.
///
/// Strokes live in document points; the window shows them at `zoom` window points per document point, with
/// ``origin`` at its top-left corner. A trace's canvas, `--replay --output` and the PNG export are the view
/// ``identity``: 100 % from the origin. The origin sits on a whole buffer pixel (``snapped(scale:)``), so that
/// tiles drawn once are reused, pixel for pixel, when the view pans.
public struct ViewTransform: Hashable, Sendable, CustomStringConvertible {
    /// The smallest zoom: 10 %.
    public static let minimumZoom = 0.1
    /// The largest zoom: 1 600 %.
    public static let maximumZoom = 16.0
    /// 100 % from the document's origin.
    public static let identity = ViewTransform()

    /// Window points per document point, within ``minimumZoom``...``maximumZoom``.
    public private(set) var zoom: Double
    /// The farthest the view's origin goes from the document's, either way on each axis, in document points: twice
    /// as far as a stroke may be (``PaintModel/Stroke/largestCoordinate``).
    public static let largestOrigin = 2 * Stroke.largestCoordinate
    /// The document point shown at the window's top-left corner, within ±``largestOrigin`` (a coordinate that is
    /// not a number is 0).
    public var origin: Point {
        didSet { origin = Self.clamp(origin) }
    }

    /// A view at a zoom (clamped to 10 %...1 600 %) with `origin` (clamped to ±``largestOrigin``) at the top-left
    /// corner.
    public init(zoom: Double = 1, origin: Point = .zero) {
        self.zoom = Self.clamp(zoom)
        self.origin = Self.clamp(origin)
    }

    /// A point with each coordinate within ±``largestOrigin``, NaN as 0.
    private static func clamp(_ point: Point) -> Point {
        func clamped(_ value: Double) -> Double { value.isNaN ? 0 : max(min(value, largestOrigin), -largestOrigin) }
        return Point(x: clamped(point.x), y: clamped(point.y))
    }

    /// The window point where a document point is shown.
    public func windowPoint(_ point: Point) -> Point {
        Point(x: (point.x - origin.x) * zoom, y: (point.y - origin.y) * zoom)
    }

    /// The document point shown at a window point.
    public func documentPoint(_ point: Point) -> Point {
        Point(x: point.x / zoom + origin.x, y: point.y / zoom + origin.y)
    }

    /// The document rectangle shown in a window rectangle.
    public func documentRect(_ rect: Rect) -> Rect {
        Rect(x: rect.minX / zoom + origin.x, y: rect.minY / zoom + origin.y, width: rect.width / zoom,
             height: rect.height / zoom)
    }

    /// The window rectangle where a document rectangle is shown.
    public func windowRect(_ rect: Rect) -> Rect {
        Rect(x: (rect.minX - origin.x) * zoom, y: (rect.minY - origin.y) * zoom, width: rect.width * zoom,
             height: rect.height * zoom)
    }

    /// The view moved so that the drawing follows a finger that moved by `translation` window points.
    public func panned(by translation: Vector) -> ViewTransform {
        ViewTransform(zoom: zoom, origin: Point(x: origin.x - translation.dx / zoom, y: origin.y - translation.dy / zoom))
    }

    /// The view zoomed by a factor (the result clamped to 10 %...1 600 %) about a window point, which keeps
    /// showing the same document point.
    public func zoomed(by factor: Double, about anchor: Point) -> ViewTransform {
        zoomed(to: zoom * factor, about: anchor)
    }

    /// The view at a zoom (clamped) about a window point, which keeps showing the same document point.
    public func zoomed(to newZoom: Double, about anchor: Point) -> ViewTransform {
        guard newZoom.isFinite, newZoom > 0 else { return self }
        let fixed = documentPoint(anchor)
        let zoom = Self.clamp(newZoom)
        return ViewTransform(zoom: zoom, origin: Point(x: fixed.x - anchor.x / zoom, y: fixed.y - anchor.y / zoom))
    }

    /// The view that shows all of `content` (document points) centred in a window of `size`, at most at 100 %;
    /// the identity for no content.
    public static func fitting(_ content: Rect?, in size: Size, margin: Double = 16) -> ViewTransform {
        guard let content, content.width > 0, content.height > 0, size.width > 2 * margin, size.height > 2 * margin else {
            return .identity
        }
        let zoom = clamp(min((size.width - 2 * margin) / content.width, (size.height - 2 * margin) / content.height, 1))
        return ViewTransform(zoom: zoom, origin: Point(x: content.midX - size.width / 2 / zoom,
                                                       y: content.midY - size.height / 2 / zoom))
    }

    /// The same view with its origin on a whole buffer pixel at a buffer scale, so that the window's pixels are
    /// whole pixels of the document drawn at `zoom × scale`.
    public func snapped(scale: Int) -> ViewTransform {
        let pixels = zoom * Double(max(scale, 1))
        return ViewTransform(zoom: zoom, origin: Point(x: (origin.x * pixels).rounded() / pixels,
                                                       y: (origin.y * pixels).rounded() / pixels))
    }

    public var description: String { "\(Int((zoom * 100).rounded())) % at \(origin)" }

    private static func clamp(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return min(max(zoom, minimumZoom), maximumZoom)
    }
}
