// The one range of coordinates every layer shares: what a trace and the seat may give, what the view may show, what
// the canvas paints, what a document keeps and reads back (docs/document-format.md, "Ranges").

/// The coordinates a drawing lives in: ±``largest`` points on each axis from the origin, the same number for a
/// trace's and a seat's surface points and for a document's points.
///
/// The view never shows beyond it and the canvas never paints beyond it, so a document never holds a stroke its
/// reader refuses; earlier versions read the same range, so what this version writes reads there too.
public enum CoordinateRange {
    /// The farthest a coordinate may be from the origin on either axis: 1 000 000 points (about 350 m at 0.35 mm a
    /// point).
    public static let largest = 1_000_000.0

    /// Whether both coordinates are finite and within ±``largest``.
    public static func contains(_ point: Point) -> Bool {
        abs(point.x) <= largest && abs(point.y) <= largest
    }

    /// The nearest point within the range: each coordinate beyond ±``largest`` (an infinity too) moved to it, a
    /// coordinate that is not a number made 0.
    public static func clamp(_ point: Point) -> Point {
        Point(x: clamp(point.x), y: clamp(point.y))
    }

    /// A coordinate moved into ±``largest``, NaN as 0.
    public static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -largest), largest)
    }
}
