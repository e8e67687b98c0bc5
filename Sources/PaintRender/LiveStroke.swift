// A stroke in progress as the renderer keeps it: its smoothed path so far, and where its pieces lie.
import CCairo
import PaintModel
import Geometry

/// What the renderer knows of a stroke in progress:
/// - the samples it has taken in;
/// - their smoothed path (and, for a stroke with pressure, its tapered path, whose pieces are the smoothed path's
///   segments with widths);
/// - the bounds of the path's segments in chunks, so that redrawing a small area looks only at the chunks that reach
///   it, however long the stroke.
struct LiveStroke {
    /// Segments per chunk of bounds.
    static let chunkSize = 32

    /// How many of the stroke's samples have been taken in.
    private(set) var sampleCount = 0
    /// The area everything taken in so far paints.
    private(set) var bounds: Rect?
    /// Where the stroke's first sample is: a completed stroke that begins there and has at least ``sampleCount``
    /// samples is the one this stroke in progress became.
    private(set) var firstLocation: Point?
    private var path = SmoothPath()
    /// The stroke's tapered path, while it has pressure; it has taken in the first `taperedCount` samples.
    private var tapered = TaperedPath()
    private var taperedCount = 0
    private var chunkBounds: [Rect] = []
    private var boundedCount = 0
    /// A stroke painted with a brush: its dabs, and the pixels they make (``LiveBrushInk``); `nil` for the round
    /// brush.
    private(set) var brushInk: LiveBrushInk?

    /// How far beyond half its width the change of a stroke in progress reaches, in points: nowhere. Cairo's
    /// antialiased stroke covers only the pixels its outline reaches, and the outline (round caps and joins, curves
    /// flattened onto themselves) lies within half the width of the path, which lies within its points' bounds; our
    /// own rasterizer reaches a fraction of a pixel further, which ``LiveInk`` adds as it takes a change to whole
    /// pixels (``LiveInk/edgeReach``). (``DirtyRect``'s point of margin, kept where a stroke's bounds decide which
    /// strokes or segments reach an area, made each frame's change of a stroke two rows taller.)
    static let changeMargin = 0.0

    /// The bounds of `points` and `extra` grown by half `width` (``changeMargin`` more): what a stroke through them
    /// can paint. `nil` for no point.
    static func changeBounds<Points: Sequence>(of points: Points, and extra: Point? = nil, width: Double) -> Rect?
    where Points.Element == Point {
        var minX = extra?.x ?? .infinity, minY = extra?.y ?? .infinity
        var maxX = extra?.x ?? -.infinity, maxY = extra?.y ?? -.infinity
        for point in points {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let grow = width / 2 + changeMargin
        return Rect(x: minX - grow, y: minY - grow, width: maxX - minX + 2 * grow, height: maxY - minY + 2 * grow)
    }

    /// Takes in the samples not seen yet; returns the area they change: from where the last segment began (the
    /// settled segments before it never change) through the new samples, the last segment old and new, and, for a
    /// stroke painted with a brush, the new dabs (a pixel at `level` past their edge). A brush that picks colour up
    /// reads it from `layer` (asked for once, at the first samples).
    mutating func update(with stroke: Stroke, pixelsPerPoint level: Double = 1,
                         layer: () -> InkLayerPixels? = { nil }) -> Rect? {
        if stroke.brush != nil, brushInk == nil { brushInk = LiveBrushInk(stroke, layer: layer) }
        let dabs = brushInk?.update(with: stroke, pixelsPerPoint: level)
        if let dabs { bounds = bounds.map { $0.union(dabs) } ?? dabs }
        guard let path = updatePath(with: stroke) else { return dabs }
        return dabs.map { $0.union(path) } ?? path
    }

    /// Takes the samples not seen yet into the smoothed path (``update(with:pixelsPerPoint:)``); the area they
    /// change.
    private mutating func updatePath(with stroke: Stroke) -> Rect? {
        let count = stroke.points.count
        guard count > sampleCount else { return nil }
        if sampleCount == 0 { firstLocation = stroke.points.first?.location }
        let locations = stroke.points.lazy.map(\.location)
        // Where the segment that the new samples replace begins (the end of the last settled one), when there is
        // one: the new segments' points, and the old last segment's end, lie after it in the samples.
        let lastSegmentStart = sampleCount > 0 ? path.settled.last?.end : nil, lastSample = sampleCount - 1
        let oldCount = sampleCount
        for index in sampleCount..<count { path.add(stroke.points[index].location) }
        // A stroke that gains pressure after its first samples (they take the first pressure) is redrawn whole.
        let gainedPressure = stroke.hasPressure && taperedCount == 0 && sampleCount > 0
        if stroke.hasPressure {
            for index in taperedCount..<count { tapered.add(stroke.points[index].location, radius: stroke.width(at: index) / 2) }
            taperedCount = count
        }
        sampleCount = count
        let settled = path.settled
        while boundedCount < settled.count {
            let rect = Self.bounds(ofSegmentAt: boundedCount, in: settled, width: stroke.width)
            if boundedCount % Self.chunkSize == 0 {
                chunkBounds.append(rect)
            } else {
                chunkBounds[chunkBounds.count - 1] = chunkBounds[chunkBounds.count - 1].union(rect)
            }
            boundedCount += 1
        }
        let changed: Rect?
        if !stroke.hasPressure, let lastSegmentStart {
            // The old last segment ran from its start to the last sample then; the new segments bend through the
            // samples from there, ending between them.
            changed = Self.changeBounds(of: locations[lastSample...], and: lastSegmentStart, width: stroke.width)
        } else {
            // A stroke with pressure: its tapered outline from the second-last distinct sample before the new ones.
            let affected = gainedPressure ? 0 : StrokeSmoother.firstSampleAffected(in: locations, byPointsFrom: oldCount)
            changed = DirtyRect.bounds(of: locations[affected...], width: stroke.width)
        }
        if let changed { bounds = bounds.map { $0.union(changed) } ?? changed }
        return changed
    }

    /// Strokes, as one path, the segments that can paint inside `area` (logical points) and the predicted `tail`
    /// (from the last sample, `start`, through its points) when it can: one stroke, joined round where the tail leaves the last sample,
    /// so the two neither meet with a seam nor darken where they overlap. Segments that cannot paint inside the
    /// area are left out, which with round caps and joins paints the same pixels inside it. A stroke with
    /// pressure fills the outlines of the same pieces of its tapered path instead, and strokes its tail apart at
    /// the width of its last sample.
    func draw(_ stroke: Stroke, tail: (start: Point, points: [Point])?, within area: Rect, in context: OpaquePointer) {
        guard !path.settled.isEmpty else { return }
        if stroke.hasPressure, taperedCount == sampleCount {
            drawTapered(stroke, within: area, in: context)
            if let tail {
                appendTail(tail, isJoined: false, to: context)
                finishStroke(stroke, in: context, width: stroke.width(at: stroke.points.count - 1))
            }
            return
        }
        let isOpen = forEachSegment(reaching: area, width: stroke.width) { segment, start, startsPiece in
            if startsPiece { cairo_move_to(context, start.x, start.y) }
            appendSegment(segment, from: start, to: context)
        }
        // The tail starts where the last segment ends, at the last sample.
        if let tail { appendTail(tail, isJoined: isOpen, to: context) }
        finishStroke(stroke, in: context)
    }

    /// Calls `body`, in order, with each segment of the path that can paint inside `area` (logical points) at `width`,
    /// the point it starts from, and whether it starts a new piece of the path (it is the first one, or the segment
    /// before it was left out). Returns whether the last segment was among them, so that a tail can continue its piece.
    /// Only the chunks whose bounds reach the area are looked at.
    private func forEachSegment(reaching area: Rect, width: Double,
                                _ body: (_ segment: PathSegment, _ start: Point, _ startsPiece: Bool) -> Void) -> Bool {
        let settled = path.settled
        var isOpen = false
        func visit(_ segment: PathSegment, from start: Point) {
            guard DirtyRect.bounds(of: segment, from: start, width: width).intersection(area) != nil else {
                isOpen = false
                return
            }
            body(segment, start, !isOpen)
            isOpen = true
        }
        for (chunk, chunkRect) in chunkBounds.enumerated() {
            guard chunkRect.intersection(area) != nil else {
                isOpen = false
                continue
            }
            for index in (chunk * Self.chunkSize)..<min((chunk + 1) * Self.chunkSize, settled.count) where index > 0 {
                visit(settled[index], from: settled[index - 1].end)
            }
        }
        if let last = path.last, let end = settled.last?.end {
            visit(last, from: end)
        }
        return isOpen
    }

    /// Draws the stroke (one of a single width) and its predicted `tail` with our own rasterizer, as a tile draws
    /// the completed stroke: `raster`, whose region is the pixels from `pixels` on (rows `stride` bytes apart), the
    /// stroke placed by `placement`. Only the segments that can paint inside `area` (logical points) are traced:
    /// where segments are left out the path goes on with a new piece, whose round ends paint nothing inside the
    /// area that the segments left out would not (they lie a stroke's half width and a pixel away from it).
    /// The tail continues the stroke's last segment as one path, so nothing is blended twice where they meet.
    /// Allocates nothing.
    func draw(_ stroke: Stroke, tail: (start: Point, points: [Point])?, within area: Rect, raster: CapsuleRaster,
              placement: CapsuleRaster.Placement, into pixels: UnsafeMutableRawPointer, stride: Int) {
        guard !path.settled.isEmpty, raster.begin(width: stroke.width, placement: placement) else { return }
        let isOpen = forEachSegment(reaching: area, width: stroke.width) { segment, start, startsPiece in
            if startsPiece { raster.move(to: start) }
            switch segment {
            case let .move(to): raster.move(to: to)
            case let .line(to): raster.line(to: to)
            case let .quad(control, to): raster.quad(control: control, to: to)
            }
        }
        // The tail starts where the last segment ends, at the last sample.
        if let tail {
            if !isOpen { raster.move(to: tail.start) }
            for point in tail.points { raster.line(to: point) }
        }
        raster.finish(stroke.color, into: pixels, stride: stride)
    }

    /// Adds a predicted tail to the path: lines from its start through its points, continuing the open subpath when
    /// `isJoined`.
    private func appendTail(_ tail: (start: Point, points: [Point]), isJoined: Bool, to context: OpaquePointer) {
        if !isJoined { cairo_move_to(context, tail.start.x, tail.start.y) }
        for point in tail.points { cairo_line_to(context, point.x, point.y) }
    }

    /// Fills the outlines of the tapered pieces whose smoothed segments can paint inside `area`: the pieces are
    /// the segments with widths, and no piece is wider than the stroke.
    private func drawTapered(_ stroke: Stroke, within area: Rect, in context: OpaquePointer) {
        let settled = path.settled, pieces = tapered.settled
        guard pieces.count == settled.count else { return }
        func add(_ index: Int, _ piece: TaperedPath.Piece) {
            let start = index > 0 ? pieces[index - 1].end : piece.end
            let segmentStart = index > 0 ? settled[index - 1].end : settled[0].end
            let segment = index < settled.count ? settled[index] : path.last ?? settled[0]
            guard DirtyRect.bounds(of: segment, from: segmentStart, width: stroke.width).intersection(area) != nil else { return }
            appendOutline(of: piece, from: start, next: firstNode(after: index, in: pieces, last: tapered.last),
                          isFirst: index == 0, within: area, to: context)
        }
        for (chunk, chunkRect) in chunkBounds.enumerated() where chunkRect.intersection(area) != nil {
            for index in (chunk * Self.chunkSize)..<min((chunk + 1) * Self.chunkSize, pieces.count) {
                add(index, pieces[index])
            }
        }
        if let last = tapered.last { add(pieces.count, last) }
        fillOutline(of: stroke, in: context)
    }

    private static func bounds(ofSegmentAt index: Int, in segments: [PathSegment], width: Double) -> Rect {
        let start = index > 0 ? segments[index - 1].end : segments[index].end
        return DirtyRect.bounds(of: segments[index], from: start, width: width)
    }
}
