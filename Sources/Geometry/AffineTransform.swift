// A transform of the plane that keeps straight lines straight: what moving, scaling, turning and flipping a
// selection does to what it holds (docs/selection.md). Cairo's matrix, in its order.
import Glibc

/// An affine transform of points: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Cairo's `xx yx xy yy x0 y0`).
///
/// Transforms compose with ``concatenating(_:)`` (this one, then another) and are compared exactly, value for value.
/// A selection's moves are similarities (``isSimilarity``): a turn, one scale for both axes, a mirror, a shift.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// How x' grows with x.
    public var a: Double
    /// How y' grows with x.
    public var b: Double
    /// How x' grows with y.
    public var c: Double
    /// How y' grows with y.
    public var d: Double
    /// The shift along x.
    public var tx: Double
    /// The shift along y.
    public var ty: Double

    /// A transform of these coefficients, as given.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Shifts every point by `offset`.
    public init(translationBy offset: Vector) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: offset.dx, ty: offset.dy)
    }

    /// Scales by `factor` both ways and turns by `angle` radians (clockwise on screen: y points down) about
    /// `center`, which stays where it is.
    public init(scale factor: Double = 1, rotation angle: Double = 0, about center: Point) {
        let (cosine, sine) = (factor * cos(angle), factor * sin(angle))
        self.init(a: cosine, b: sine, c: -sine, d: cosine,
                  tx: center.x - cosine * center.x + sine * center.y,
                  ty: center.y - sine * center.x - cosine * center.y)
    }

    /// Mirrors left to right (`horizontally`) or top to bottom about `center`.
    public init(flippingHorizontally horizontally: Bool, about center: Point) {
        self = horizontally
            ? AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * center.x, ty: 0)
            : AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * center.y)
    }

    /// Where `point` goes.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Where a direction goes (the shift left out).
    public func apply(to vector: Vector) -> Vector {
        Vector(dx: a * vector.dx + c * vector.dy, dy: b * vector.dx + d * vector.dy)
    }

    /// This transform, then `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
                        c: next.a * c + next.c * d, d: next.b * c + next.d * d,
                        tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// How much the transform scales areas, negative where it mirrors.
    public var determinant: Double { a * d - b * c }

    /// The transform that undoes this one; `nil` where none does (it squashes the plane onto a line or a point, or a
    /// coefficient is not finite).
    public func inverted() -> AffineTransform? {
        let determinant = determinant
        guard determinant.isNormal, isFinite else { return nil }
        let inverse = AffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                                      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
        return inverse.isFinite ? inverse : nil
    }

    /// Whether every coefficient is finite.
    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }

    /// How much lengths grow: the square root of the area's scale (a similarity's one scale).
    public var scaleFactor: Double { abs(determinant).squareRoot() }

    /// Whether the transform mirrors the plane (a flip).
    public var isMirroring: Bool { determinant < 0 }

    /// How far the transform turns the x axis, in radians (clockwise on screen).
    public var rotation: Double { atan2(b, a) }

    /// Whether the transform is finite and keeps shapes (turns, one scale, perhaps a mirror, a shift), within a
    /// billionth of its scale: a circle stays a circle, so a stroke's width scales with it.
    public var isSimilarity: Bool {
        guard isFinite else { return false }
        let tolerance = 1e-9 * max(abs(a), abs(b), abs(c), abs(d))
        let turns = abs(a - d) <= tolerance && abs(b + c) <= tolerance
        let mirrors = abs(a + d) <= tolerance && abs(b - c) <= tolerance
        return scaleFactor > 0 && (turns || mirrors)
    }

    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
