// How the turned view's tiles are sampled: roughly (nearest-neighbour) in a frame that moved the view, sharp
// (bilinear) once it rests. One state, changed by two events: the view moved, a frame begins.

/// Whether the frame shown samples the turned tiles roughly, and whether the view moved since that frame
/// (``CanvasRenderer``'s turned view: docs/rendering.md, "A turned view").
///
/// - A turned view that moves (``viewMoved(turned:)``) has its next frame sample the tiles nearest-neighbour, twice
///   as fast as bilinear, while fingers turn or pan it.
/// - The first frame after that which does not move the view draws everything again, sharp
///   (``beginFrame(turned:)`` says so); until then ``showsRoughTiles`` asks for that frame.
/// - An upright view samples nothing: a move of it leaves the frame sharp.
enum TurnedViewSampling: Equatable {
    /// The frame shows sharp tiles (or an upright view), and the turned view has not moved since.
    case sharp
    /// The frame shows sharp tiles, and the turned view moved since: the next frame samples roughly.
    case sharpThenMoved
    /// The frame shows rough tiles and the view rests: the next frame draws everything sharp.
    case rough
    /// The frame shows rough tiles, and the turned view moved again since: the next frame samples roughly too.
    case roughThenMoved

    /// Whether the frame shows (and, in a frame under way, draws) the turned tiles sampled nearest-neighbour.
    var showsRoughTiles: Bool { self == .rough || self == .roughThenMoved }

    /// The view was set anew (a pan, a zoom, a turn): it moved while turned when `turned`; a move that leaves it
    /// upright forgets an earlier move.
    mutating func viewMoved(turned: Bool) {
        self = showsRoughTiles ? (turned ? .roughThenMoved : .rough) : (turned ? .sharpThenMoved : .sharp)
    }

    /// A frame begins, of a view `turned` or not: it samples roughly when the turned view moved since the last one.
    /// Returns whether the frame must draw everything (rough tiles shown, now to be sharp).
    mutating func beginFrame(turned: Bool) -> Bool {
        let moved = self == .sharpThenMoved || self == .roughThenMoved
        let wasRough = showsRoughTiles
        self = moved && turned ? .rough : .sharp
        return wasRough && self == .sharp
    }
}
