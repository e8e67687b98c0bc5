// Which part of the drawing the window shows, and how large: document points to window points and back.
import FoundationEssentials
import Glibc
import PaintModel
import Geometry

/// The view onto a drawing: the document point at the window's top-left corner, the zoom and the rotation.
///
/// Strokes live in document points; the window shows them at `zoom` window points per document point, turned by
/// ``rotation`` about ``origin``, which is at its top-left corner. A trace's canvas, `--replay --output` and the PNG export are the view
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
    /// The farthest the view's origin goes from the document's, either way on each axis, in document points: the
    /// coordinate range (``Geometry/CoordinateRange/largest``). A window keeps all it shows within that range
    /// (``keptInRange(showing:)``).
    public static let largestOrigin = CoordinateRange.largest
    /// The document point shown at the window's top-left corner, within ±``largestOrigin`` (a coordinate that is
    /// not a number is 0).
    public var origin: Point {
        didSet { origin = Self.clamp(origin) }
    }
    /// How far the drawing is turned on screen, in radians, positive clockwise (y points down), within -π...π.
    public private(set) var rotation: Double

    /// A view at a zoom (clamped to 10 %...1 600 %) with `origin` (clamped to ±``largestOrigin``) at the top-left
    /// corner, turned by `rotation` radians clockwise (a non-finite rotation is 0).
    public init(zoom: Double = 1, origin: Point = .zero, rotation: Double = 0) {
        self.zoom = Self.clamp(zoom)
        self.origin = Self.clamp(origin)
        self.rotation = Self.normalized(rotation)
    }

    /// A point with each coordinate within ±``largestOrigin``, NaN as 0.
    private static func clamp(_ point: Point) -> Point {
        func clamped(_ value: Double) -> Double { value.isNaN ? 0 : max(min(value, largestOrigin), -largestOrigin) }
        return Point(x: clamped(point.x), y: clamped(point.y))
    }

    /// The window point where a document point is shown.
    public func windowPoint(_ point: Point) -> Point {
        let turned = Self.turn(Vector(dx: point.x - origin.x, dy: point.y - origin.y), by: rotation)
        return Point(x: turned.dx * zoom, y: turned.dy * zoom)
    }

    /// The document point shown at a window point.
    public func documentPoint(_ point: Point) -> Point {
        let turned = Self.turn(Vector(dx: point.x / zoom, dy: point.y / zoom), by: -rotation)
        return Point(x: turned.dx + origin.x, y: turned.dy + origin.y)
    }

    /// The document rectangle shown in a window rectangle (on a rotated view, the bounds of what it shows).
    public func documentRect(_ rect: Rect) -> Rect {
        Self.bounds(of: Self.corners(of: rect).map(documentPoint))
    }

    /// The window rectangle where a document rectangle is shown (on a rotated view, the bounds of where).
    public func windowRect(_ rect: Rect) -> Rect {
        Self.bounds(of: Self.corners(of: rect).map(windowPoint))
    }

    /// The view moved so that the drawing follows a finger that moved by `translation` window points.
    public func panned(by translation: Vector) -> ViewTransform {
        let moved = Self.turn(Vector(dx: translation.dx / zoom, dy: translation.dy / zoom), by: -rotation)
        return ViewTransform(zoom: zoom, origin: Point(x: origin.x - moved.dx, y: origin.y - moved.dy), rotation: rotation)
    }

    /// The view turned to `angle` radians (clockwise) about a window point, which keeps showing the same document
    /// point.
    public func rotated(to angle: Double, about anchor: Point) -> ViewTransform {
        guard angle.isFinite else { return self }
        let fixed = documentPoint(anchor)
        var view = ViewTransform(zoom: zoom, origin: origin, rotation: angle)
        let shown = view.documentPoint(anchor)
        view.origin = Point(x: origin.x + fixed.x - shown.x, y: origin.y + fixed.y - shown.y)
        return view
    }

    /// The view turned by `angle` radians (clockwise) about a window point.
    public func rotated(by angle: Double, about anchor: Point) -> ViewTransform {
        rotated(to: rotation + angle, about: anchor)
    }

    /// How close to a quarter turn a rotation snaps to it: 5°.
    public static let snapAngle = 5.0 * .pi / 180

    /// `angle` (radians) moved to the nearest quarter turn when within ``snapAngle`` of it, else unchanged.
    public static func snapped(rotation angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        let quarter = (angle / (.pi / 2)).rounded() * (.pi / 2)
        return abs(angle - quarter) <= snapAngle ? quarter : angle
    }

    /// The rotation in whole degrees, clockwise, within -179...180.
    public var rotationDegrees: Int {
        let degrees = Int((rotation * 180 / .pi).rounded())
        return degrees <= -180 ? degrees + 360 : degrees
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
        var view = ViewTransform(zoom: newZoom, origin: origin, rotation: rotation)
        let shown = view.documentPoint(anchor)
        view.origin = Point(x: origin.x + fixed.x - shown.x, y: origin.y + fixed.y - shown.y)
        return view
    }

    /// The same view moved the least, along the document's axes, so that a window of `size` (logical points) shows
    /// nothing beyond the coordinate range (``Geometry/CoordinateRange``), as a scroll view stops at its content's
    /// edge: every point the window shows is one the canvas can paint and a document can keep. A window wider or
    /// taller than the whole range (beyond 200 000 points at 10 %) shows it centred on that axis.
    public func keptInRange(showing size: Size) -> ViewTransform {
        let shown = documentRect(Rect(origin: .zero, size: size))
        func shift(_ low: Double, _ high: Double) -> Double {
            let largest = CoordinateRange.largest
            if high - low > 2 * largest { return -(low + high) / 2 }
            if low < -largest { return -largest - low }
            return high > largest ? largest - high : 0
        }
        var view = self
        view.origin = Point(x: origin.x + shift(shown.minX, shown.maxX), y: origin.y + shift(shown.minY, shown.maxY))
        return view
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

    /// The view as a window of `size` (logical points) at a buffer `scale` shows it: kept within the coordinate
    /// range (``keptInRange(showing:)``), its origin on a whole buffer pixel (``snapped(scale:)``). The renderer
    /// shows every view it is given this way; a program that keeps the view keeps this one.
    public func shown(in size: Size, scale: Int) -> ViewTransform {
        keptInRange(showing: size).snapped(scale: scale)
    }

    /// The same view with its origin on a whole buffer pixel at a buffer scale, so that the window's pixels are
    /// whole pixels of the document drawn at `zoom × scale`.
    public func snapped(scale: Int) -> ViewTransform {
        let pixels = zoom * Double(max(scale, 1))
        return ViewTransform(zoom: zoom, origin: Point(x: (origin.x * pixels).rounded() / pixels,
                                                       y: (origin.y * pixels).rounded() / pixels), rotation: rotation)
    }

    public var description: String {
        "\(Int((zoom * 100).rounded())) % at \(origin)" + (rotation == 0 ? "" : " turned \(rotationDegrees)°")
    }

    /// A vector turned by an angle, clockwise on screen (y down). Quarter turns are exact.
    static func turn(_ vector: Vector, by angle: Double) -> Vector {
        guard angle != 0 else { return vector }
        let (sine, cosine) = sineAndCosine(angle)
        return Vector(dx: vector.dx * cosine - vector.dy * sine, dy: vector.dx * sine + vector.dy * cosine)
    }

    /// The sine and cosine of an angle, exact at quarter turns (so a view turned 90° maps pixels onto pixels).
    static func sineAndCosine(_ angle: Double) -> (Double, Double) {
        let quarters = angle / (.pi / 2)
        if quarters == quarters.rounded(), let turns = Int(exactly: quarters) {
            switch ((turns % 4) + 4) % 4 {
            case 0: return (0, 1)
            case 1: return (1, 0)
            case 2: return (0, -1)
            default: return (-1, 0)
            }
        }
        return (sin(angle), cos(angle))
    }

    private static func corners(of rect: Rect) -> [Point] {
        [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX, y: rect.maxY),
         Point(x: rect.maxX, y: rect.maxY)]
    }

    private static func bounds(of points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    private static func normalized(_ angle: Double) -> Double {
        guard angle.isFinite, abs(angle) < 1e9 else { return 0 }
        var angle = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if angle > .pi { angle -= 2 * .pi }
        if angle <= -.pi { angle += 2 * .pi }
        return angle
    }

    private static func clamp(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return min(max(zoom, minimumZoom), maximumZoom)
    }
}
