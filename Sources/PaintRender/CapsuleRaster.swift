// A rasterizer of our own for strokes of one width: the union of round-ended capsules, 4 pixels at a time.
import Geometry
import PaintModel

/// Draws strokes of one width into an XRGB image without Cairo:
/// - the stroke's smoothed path (``StrokeSmoother``) is flattened to lines within 0.1 pixel;
/// - each line's capsule (round caps, so round joins) covers a pixel by the share of the pixel's area on its inside
///   (exact for a straight edge at the pixel's angle to it);
/// - the stroke's coverage is the largest of its capsules' (so a translucent stroke crossing itself is blended once);
/// - that coverage is composited over the pixels as Cairo's image compositor does an 8-bit coverage with a solid
///   colour.
///
/// One raster draws any number of strokes into one region: its coverage rows and lines are allocated once and
/// reused, so a stroke allocates nothing; ``setRegion(width:height:)`` gives it another region within its storage.
/// Not thread-safe: each tile lane keeps one (``LaneRaster``), and the Wayland thread one for the strokes it draws
/// (a frame's strokes in progress, the strokes baked into their tiles at a lift, tiles drawn at once).
final class CapsuleRaster {
    /// How far a channel of a pixel of a finger's stroke (samples a few points apart, turning gently) may be from
    /// Cairo's, in levels of 255: the edges differ by Cairo's 15 sub-rows a pixel against the exact share here.
    static let edgeTolerance = 32
    /// The most pixels, in percent of those a stroke paints, that may differ from Cairo's by more than
    /// ``edgeTolerance`` on any stroke. Where a stroke turns sharply or crosses itself, a pixel half covered by two of
    /// its lines is covered by their union (Cairo) or by the larger of the two (here). Cairo's outline of a curve with
    /// a cusp also has a notch that the union of capsules has not. Measured over 26 000 random strokes of 1 to 6
    /// samples (`CapsuleRasterTests`' kind): at most 21 %, three above 15 %; a stroke placed half a pixel off exceeds
    /// 25 % in one case of seven.
    static let sharpTurnShare = 25
    /// How far a flattened line strays from the curve, in pixels (Cairo's default tolerance).
    static let flatness: Float = 0.1
    /// The widest stroke drawn as it is, in pixels; wider ones (which cover any tile anyway) are drawn this wide.
    static let widestHalfWidth: Float = 1_048_576

    /// Where a stroke's document points fall in a raster's pixels: scaled by `pixelsPerPoint`, turned by an angle
    /// about the document's point (0, 0), then moved by `offsetX`, `offsetY` (the pixel of the document's origin).
    struct Placement {
        var pixelsPerPoint: Double
        var offsetX: Double
        var offsetY: Double
        /// The cosine and sine of the angle the document is turned by (1 and 0: upright).
        var cosine = 1.0
        var sine = 0.0

        /// The pixel a document point falls on. Upright, `x · pixelsPerPoint + offsetX` as a tile computes it, so
        /// the same stroke lands on the same fractions of a pixel in a tile and in a frame of the same zoom.
        @inline(__always)
        func device(_ point: Point) -> SIMD2<Float> {
            let x = point.x * pixelsPerPoint, y = point.y * pixelsPerPoint
            guard sine != 0 || cosine != 1 else { return SIMD2(Float(x + offsetX), Float(y + offsetY)) }
            return SIMD2(Float(x * cosine - y * sine + offsetX), Float(x * sine + y * cosine + offsetY))
        }
    }

    /// The region's size in pixels (``setRegion(width:height:)`` changes it).
    private(set) var width: Int
    private(set) var height: Int
    /// A row of coverage per pixel row, ``rowLength`` floats each (the width and 8 of padding, for the last group of
    /// pixels); zero outside what the stroke being drawn covers. Room for `coverageCapacity` floats, all zero
    /// between strokes, so that a region of another shape can use them.
    private var coverage: UnsafeMutablePointer<Float>
    private var coverageCapacity: Int
    private var rowLength: Int
    /// For each row, the columns the stroke being drawn touched: from `touchedFrom[row]` to before `touchedTo[row]`
    /// (room for `rowCapacity` rows, each `Int.max` and `Int.min` between strokes).
    private var touchedFrom: UnsafeMutablePointer<Int>
    private var touchedTo: UnsafeMutablePointer<Int>
    private var rowCapacity: Int
    /// The rows of coverage the stroke being drawn touched.
    private var touched = (minY: Int.max, maxY: Int.min)
    /// The half width of the stroke being drawn, in pixels, and how far from its path a pixel's centre can be and
    /// still be touched (a corner of the pixel reaching the edge): the half width and √½.
    private var halfWidth: Float = 1
    private var reach: Float = 1.7072
    /// The stroke's last line, drawn once the next one tells how far past its end it must go; how far before its
    /// start it goes.
    private var pending: (from: SIMD2<Float>, to: SIMD2<Float>, before: Float)?
    /// A point of the stroke, for a stroke whose lines all have no length (a dot).
    private var dot: SIMD2<Float>?
    /// Where the stroke's path is, in pixels, and how its points are placed (a path traced segment by segment).
    private var current = SIMD2<Float>(0, 0)
    private var placement = Placement(pixelsPerPoint: 1, offsetX: 0, offsetY: 0)
    /// Per pixel (rows ``rowLength`` bytes apart), 1 where a stroke above the one being traced covers the pixel
    /// fully with an opaque colour, so that nothing below shows there (``drawSkippingHidden(_:pixelsPerPoint:offsetX:offsetY:into:stride:)``);
    /// all 0 when strokes are drawn one by one. The padding past each row's end is 1 while skipping. Room for
    /// `coverageCapacity` bytes.
    private var sealed: UnsafeMutablePointer<UInt8>
    /// Per block of 8 × 8 pixels (``blocksWide`` a row), how many of its pixels are sealed or outside the region:
    /// 64, the whole block is hidden, and a line whose rectangle lies in such blocks is skipped at once.
    private var blockSealed: UnsafeMutablePointer<UInt8>
    private var blockCapacity: Int
    private var blocksWide: Int
    private var blocksHigh: Int
    /// The strokes traced top first, waiting to be composited bottom up: each stroke's colour and its rows, each
    /// row's 8-bit coverage of the pixels not sealed. Grown, never shrunk: no allocation per stroke.
    private var recordedStrokes = Grown<RecordedStroke>()
    private var recordedRows = Grown<RecordedRow>()
    private var masks = Grown<UInt8>()

    /// A raster for a region of `width` × `height` pixels.
    init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        rowLength = self.width + 8
        coverageCapacity = rowLength * self.height
        coverage = .allocate(capacity: coverageCapacity)
        coverage.initialize(repeating: 0, count: coverageCapacity)
        rowCapacity = self.height
        touchedFrom = .allocate(capacity: rowCapacity)
        touchedFrom.initialize(repeating: Int.max, count: rowCapacity)
        touchedTo = .allocate(capacity: rowCapacity)
        touchedTo.initialize(repeating: Int.min, count: rowCapacity)
        sealed = .allocate(capacity: coverageCapacity)
        sealed.initialize(repeating: 0, count: coverageCapacity)
        blocksWide = (self.width + 7) / 8
        blocksHigh = (self.height + 7) / 8
        blockCapacity = blocksWide * blocksHigh
        blockSealed = .allocate(capacity: blockCapacity)
        blockSealed.initialize(repeating: 0, count: blockCapacity)
    }

    deinit {
        coverage.deallocate()
        touchedFrom.deallocate()
        touchedTo.deallocate()
        sealed.deallocate()
        blockSealed.deallocate()
        recordedStrokes.deallocate()
        recordedRows.deallocate()
        masks.deallocate()
    }

    /// Makes the region `width` × `height` pixels, reusing the raster's storage: it grows (allocates) only for a
    /// region larger than any before, so that one raster draws regions of any shape in turn (a frame's changes,
    /// tiles) without allocating each time.
    func setRegion(width: Int, height: Int) {
        let width = max(width, 1), height = max(height, 1)
        let needed = (width + 8) * height
        if needed > coverageCapacity {
            coverage.deallocate()
            sealed.deallocate()
            coverageCapacity = needed
            coverage = .allocate(capacity: needed)
            coverage.initialize(repeating: 0, count: needed)
            sealed = .allocate(capacity: needed)
            sealed.initialize(repeating: 0, count: needed)
        }
        if height > rowCapacity {
            touchedFrom.deallocate()
            touchedTo.deallocate()
            rowCapacity = height
            touchedFrom = .allocate(capacity: height)
            touchedFrom.initialize(repeating: Int.max, count: height)
            touchedTo = .allocate(capacity: height)
            touchedTo.initialize(repeating: Int.min, count: height)
        }
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        if blocks > blockCapacity {
            blockSealed.deallocate()
            blockCapacity = blocks
            blockSealed = .allocate(capacity: blocks)
            blockSealed.initialize(repeating: 0, count: blocks)
        }
        self.width = width
        self.height = height
        rowLength = width + 8
        blocksWide = (width + 7) / 8
        blocksHigh = (height + 7) / 8
    }

    /// Whether this raster draws a stroke: one of a single width without a brush (a stroke with pressure is
    /// Cairo's, as a fill is, one with a brush its dabs').
    static func draws(_ stroke: Stroke) -> Bool {
        !stroke.hasPressure && stroke.brush == nil && !stroke.isFill
    }

    /// Draws a stroke of one width, in document points at `pixelsPerPoint`, into `pixels` (rows `stride` bytes
    /// apart, this raster's size) with the document's point (0, 0) at pixel (`offsetX`, `offsetY`). Values that
    /// are not finite, or absurdly large, draw nothing or a clamped stroke; nothing traps.
    func draw(_ stroke: Stroke, pixelsPerPoint: Double, offsetX: Double, offsetY: Double,
              into pixels: UnsafeMutableRawPointer, stride: Int) {
        draw(stroke, placement: Placement(pixelsPerPoint: pixelsPerPoint, offsetX: offsetX, offsetY: offsetY),
             into: pixels, stride: stride)
    }

    /// Draws a stroke of one width placed by `placement` into `pixels` (rows `stride` bytes apart, this raster's
    /// size).
    func draw(_ stroke: Stroke, placement: Placement, into pixels: UnsafeMutableRawPointer, stride: Int) {
        guard trace(stroke, placement: placement) else { return }
        composite(stroke.color, into: pixels, stride: stride)
    }

    /// Draws strokes of one width, in painting order, as ``draw(_:pixelsPerPoint:offsetX:offsetY:into:stride:)`` draws
    /// them one by one, pixel for pixel, without the pixels later strokes hide:
    /// 1. The strokes are traced top first. Each stroke's coverage is kept only where no stroke above covers the pixel
    ///    fully with an opaque colour: there the pixel is that stroke's colour whatever lies below, as compositing a
    ///    full coverage of an opaque colour writes the colour. Groups of pixels all hidden are skipped while tracing.
    /// 2. The coverage kept is composited bottom up.
    func drawSkippingHidden(_ strokes: some BidirectionalCollection<Stroke>, pixelsPerPoint: Double,
                            offsetX: Double, offsetY: Double, into pixels: UnsafeMutableRawPointer, stride: Int) {
        drawSkippingHidden(strokes, placement: Placement(pixelsPerPoint: pixelsPerPoint, offsetX: offsetX, offsetY: offsetY),
                           into: pixels, stride: stride)
    }

    /// ``drawSkippingHidden(_:pixelsPerPoint:offsetX:offsetY:into:stride:)`` with the strokes placed by `placement`.
    func drawSkippingHidden(_ strokes: some BidirectionalCollection<Stroke>, placement: Placement,
                            into pixels: UnsafeMutableRawPointer, stride: Int) {
        for row in 0..<height {
            let rowSealed = sealed + row * rowLength
            rowSealed.update(repeating: 0, count: width)
            (rowSealed + width).update(repeating: 1, count: rowLength - width)
        }
        for blockRow in 0..<blocksHigh {
            let rows = min(height - blockRow * 8, 8)
            for blockColumn in 0..<blocksWide {
                let columns = min(width - blockColumn * 8, 8)
                blockSealed[blockRow * blocksWide + blockColumn] = UInt8(64 - rows * columns)
            }
        }
        defer {
            for row in 0..<height { (sealed + row * rowLength).update(repeating: 0, count: rowLength) }
            blockSealed.update(repeating: 0, count: blocksWide * blocksHigh)
            recordedStrokes.removeAll()
            recordedRows.removeAll()
            masks.removeAll()
        }
        for stroke in strokes.reversed() {
            guard trace(stroke, placement: placement) else { continue }
            record(stroke.color)
        }
        replay(into: pixels, stride: stride)
    }

    /// Starts tracing a path `width` document points wide placed by `placement`, segment by segment
    /// (``move(to:)``, ``line(to:)``, ``quad(control:to:)``, then ``finish(_:into:stride:)``); `false` when such a
    /// path draws nothing (then nothing else is to be called).
    func begin(width: Double, placement: Placement) -> Bool {
        let scaledHalfWidth = width * placement.pixelsPerPoint / 2
        guard scaledHalfWidth > 0, !scaledHalfWidth.isNaN else { return false }
        halfWidth = min(Float(scaledHalfWidth), Self.widestHalfWidth)
        reach = halfWidth + 0.7072
        self.placement = placement
        pending = nil
        dot = nil
        return true
    }

    /// Starts a new piece of the path at a point: the piece before ends there with its round end (a path that
    /// leaves out segments far from the region goes on past them this way).
    func move(to point: Point) {
        if pending != nil || dot != nil { finishLines() }
        current = placement.device(point)
    }

    /// Adds a straight line from where the path is to a point.
    func line(to point: Point) {
        let to = placement.device(point)
        add(from: current, to: to)
        current = to
    }

    /// Adds a quadratic curve from where the path is to a point, pulled towards `control`.
    func quad(control: Point, to point: Point) {
        let to = placement.device(point)
        quad(from: current, control: placement.device(control), to: to)
        current = to
    }

    /// Ends the path begun with ``begin(width:placement:)`` and composites it in `color` over `pixels` (rows
    /// `stride` bytes apart, this raster's size).
    func finish(_ color: Color, into pixels: UnsafeMutableRawPointer, stride: Int) {
        finishLines()
        composite(color, into: pixels, stride: stride)
    }

    /// Computes a stroke's coverage (see ``draw(_:pixelsPerPoint:offsetX:offsetY:into:stride:)``); `false` when it
    /// draws nothing.
    private func trace(_ stroke: Stroke, placement: Placement) -> Bool {
        let points = stroke.points
        guard !points.isEmpty, begin(width: stroke.width, placement: placement) else { return false }
        @inline(__always) func device(_ point: Point) -> SIMD2<Float> { placement.device(point) }
        // The smoothed path (StrokeSmoother): a line from the first sample to the first midpoint, a quadratic from
        // each midpoint to the next pulled towards the sample between them, a line from the last midpoint to the
        // last sample; consecutive samples at the same place add nothing; one sample is a dot.
        let first = points[points.startIndex].location
        var previous = first
        var count = 1
        var lastMidpoint = device(first)
        for sample in points.dropFirst() {
            let point = sample.location
            guard point != previous else { continue }
            count += 1
            let midpoint = device(Point(x: (previous.x + point.x) / 2, y: (previous.y + point.y) / 2))
            if count == 2 {
                add(from: device(first), to: midpoint)
            } else {
                quad(from: lastMidpoint, control: device(previous), to: midpoint)
            }
            lastMidpoint = midpoint
            previous = point
        }
        if count == 1 {
            add(from: device(first), to: device(first))
        } else {
            add(from: lastMidpoint, to: device(previous))
        }
        finishLines()
        return true
    }

    /// Flattens a quadratic curve into lines within ``flatness``; a curve whose control polygon (which holds it)
    /// stays a capsule's reach away from the region is one line (drawing nothing).
    private func quad(from start: SIMD2<Float>, control: SIMD2<Float>, to end: SIMD2<Float>) {
        let low = pointwiseMin(pointwiseMin(start, control), end) - (halfWidth + 1)
        let high = pointwiseMax(pointwiseMax(start, control), end) + (halfWidth + 1)
        guard high.x > 0, high.y > 0, low.x < Float(width), low.y < Float(height) else {
            add(from: start, to: end)
            return
        }
        // A uniform step h strays |start − 2·control + end| · h² / 4 from the curve.
        let bend = start - 2 * control + end
        let deviation = (bend * bend).sum().squareRoot()
        let wanted = (deviation / (4 * Self.flatness)).squareRoot().rounded(.up)
        let pieces = wanted.isFinite ? Int(min(max(wanted, 1), 256)) : 1
        var from = start
        let step = 1 / Float(pieces)
        for piece in 1...pieces {
            let t = Float(piece) * step
            let to = piece == pieces ? end : (1 - t) * (1 - t) * start + 2 * (1 - t) * t * control + t * t * end
            add(from: from, to: to)
            from = to
        }
    }

    /// Adds the next line of the stroke's path. Each line's capsule is drawn only over the pixels beside it (whose
    /// nearest point on its line's direction lies on it) and, past its ends, as far as the outside of the turn
    /// to its neighbour needs: the rest of its round ends lies beside the neighbouring line. The stroke's two ends
    /// get the whole half disc (its round caps).
    private func add(from a: SIMD2<Float>, to b: SIMD2<Float>) {
        let direction = b - a
        let length = (direction * direction).sum().squareRoot()
        guard length > 1e-4 else {
            if dot == nil, a.x.isFinite, a.y.isFinite { dot = a }
            return
        }
        guard let last = pending else {
            pending = (a, b, reach)
            return
        }
        let before = last.to - last.from
        let unitBefore = before / (before * before).sum().squareRoot(), unit = direction / length
        let cosine = (unitBefore * unit).sum()
        let sine = abs(unitBefore.x * unit.y - unitBefore.y * unit.x)
        // The outside of a turn by θ lies within reach · sin θ past the joint, along either line.
        let margin = cosine > 0 && sine.isFinite ? min(reach * sine + 0.01, reach) : reach
        line(from: last.from, to: last.to, before: last.before, after: margin)
        pending = (a, b, margin)
    }

    /// Draws the stroke's last line with its round end, or the dot of a stroke without length.
    private func finishLines() {
        if let last = pending {
            line(from: last.from, to: last.to, before: last.before, after: reach)
        } else if let dot {
            line(from: dot, to: dot, before: reach, after: reach)
        }
        pending = nil
        dot = nil
    }

    /// Adds a line's capsule (the pixels within `halfWidth` of it) to the coverage, keeping each pixel's largest,
    /// over the pixels whose centres lie within ``reach`` of the line's direction from `before` before its start
    /// to `after` past its end.
    private func line(from a: SIMD2<Float>, to b: SIMD2<Float>, before: Float, after: Float) {
        let direction = b - a
        let lengthSquared = (direction * direction).sum()
        let length = lengthSquared.squareRoot()
        let unit = length > 1e-4 ? direction / length : SIMD2<Float>(1, 0)
        let normal = SIMD2<Float>(-unit.y, unit.x)
        // The rectangle of pixel centres to look at: along the line from −before to length + after, across ±reach.
        let start = a - unit * before, end = b + unit * after
        let across = SIMD2<Float>(abs(normal.x), abs(normal.y)) * reach
        let low = pointwiseMin(start, end) - across, high = pointwiseMax(start, end) + across
        guard low.x < Float(width), low.y < Float(height), high.x > 0, high.y > 0 else { return } // also NaN
        let firstRow = Int(max(low.y.rounded(.down), 0))
        let endRow = Int(min(high.y.rounded(.up), Float(height)))
        guard firstRow < endRow else { return }
        // A line whose rectangle lies in blocks all hidden (drawing top first) shows nowhere: pixels whose centres
        // lie outside the rectangle are beyond its reach.
        let leftmost = Int(max(low.x.rounded(.down), 0)), rightEnd = Int(min(high.x.rounded(.up), Float(width)))
        if leftmost < rightEnd, isHidden(rows: firstRow..<endRow, columns: leftmost..<rightEnd) { return }
        let inverseLengthSquared: Float = lengthSquared > 1e-8 ? 1 / lengthSquared : 0
        let columnOffsets = Lanes(0.5, 1.5, 2.5, 3.5)
        let ax = Lanes(repeating: a.x), dx = Lanes(repeating: direction.x)
        let dy = Lanes(repeating: direction.y), inverse = Lanes(repeating: inverseLengthSquared)
        let inside = Lanes(repeating: halfWidth)
        let fullyInside = halfWidth - 0.7072
        // Thinner than that, a pixel can reach past both edges (a stroke at a far zoom out, a thumbnail).
        let isThin = fullyInside < 0
        for row in firstRow..<endRow {
            let centreY = Float(row) + 0.5
            guard let (from, to) = Self.span(onRow: centreY, origin: a, unit: unit, normal: normal,
                                             along: (-before, length + after), across: reach)
            else { continue }
            // Clamped to the region first (NaN-safe: a NaN fails every comparison and is skipped).
            guard from < Float(width), to >= 0 else { continue }
            let firstColumn = from > 0 ? Int((from - 0.5).rounded(.up)) : 0
            let endColumn = to < Float(width) ? Int((to - 0.5).rounded(.down)) + 1 : width
            guard firstColumn < endColumn else { continue }
            let ry = Lanes(repeating: centreY - a.y)
            let rowStart = coverage + row * rowLength
            let rowSealed = UnsafeRawPointer(sealed + row * rowLength)
            // Groups of four pixels all hidden by strokes above (drawing top first) are skipped: nothing of this
            // stroke shows there. The row's touched columns are those of the groups computed.
            var column = firstColumn
            while column < endColumn, rowSealed.loadUnaligned(fromByteOffset: column, as: UInt32.self) == 0x0101_0101 {
                column += Lanes.scalarCount
            }
            let firstComputed = column
            var computedEnd = column
            while column < endColumn {
                if rowSealed.loadUnaligned(fromByteOffset: column, as: UInt32.self) == 0x0101_0101 {
                    column += Lanes.scalarCount
                    continue
                }
                let slot = UnsafeMutableRawPointer(rowStart + column)
                let kept = slot.loadUnaligned(as: Lanes.self)
                let rx = Lanes(repeating: Float(column)) + columnOffsets - ax
                let t = larger(smaller((rx * dx + ry * dy) * inverse, one), .zero)
                let vx = rx - t * dx, vy = ry - t * dy
                let distance = (vx * vx + vy * vy).squareRoot()
                // Pixels whose centres lie √½ inside the edge are covered fully, whatever the edge's angle.
                let farthest = larger(distance, Lanes(distance[2], distance[3], distance[0], distance[1]))
                if max(farthest[0], farthest[1]) <= fullyInside {
                    slot.storeBytes(of: one, as: Lanes.self)
                } else {
                    var cover = Self.coverage(inside: inside - distance, vx: vx, vy: vy, distance: distance)
                    if isThin {
                        // A line thinner than a pixel's diagonal: less the share beyond its far edge.
                        cover -= Self.coverage(inside: -inside - distance, vx: vx, vy: vy, distance: distance)
                    }
                    slot.storeBytes(of: larger(kept, cover), as: Lanes.self)
                }
                column += Lanes.scalarCount
                computedEnd = column
            }
            guard firstComputed < computedEnd else { continue }
            touchedFrom[row] = min(touchedFrom[row], firstComputed)
            touchedTo[row] = max(touchedTo[row], min(computedEnd, width))
            touched.minY = min(touched.minY, row)
            touched.maxY = max(touched.maxY, row + 1)
        }
    }

    /// Whether every pixel of the rows and columns given (within the region) is sealed, by whole blocks.
    @inline(__always)
    private func isHidden(rows: Range<Int>, columns: Range<Int>) -> Bool {
        for blockRow in (rows.lowerBound >> 3)...((rows.upperBound - 1) >> 3) {
            let blocks = blockSealed + blockRow * blocksWide
            for blockColumn in (columns.lowerBound >> 3)...((columns.upperBound - 1) >> 3) where blocks[blockColumn] != 64 {
                return false
            }
        }
        return true
    }

    /// The interval of x whose points (x, `y`) lie in the rectangle from `origin` spanning `along` in the direction
    /// `unit` and ±`across` in the direction `normal`; `nil` for none.
    @inline(__always)
    private static func span(onRow y: Float, origin: SIMD2<Float>, unit: SIMD2<Float>, normal: SIMD2<Float>,
                             along: (Float, Float), across: Float) -> (Float, Float)? {
        var low = -Float.infinity, high = Float.infinity
        // Each limit is linear in x: lower ≤ (x − origin.x)·slope + (y − origin.y)·other ≤ upper.
        @inline(__always) func limit(slope: Float, other: Float, from lower: Float, to upper: Float) {
            let offset = (y - origin.y) * other
            if abs(slope) > 1e-6 {
                let x1 = (lower - offset) / slope, x2 = (upper - offset) / slope
                low = max(low, min(x1, x2))
                high = min(high, max(x1, x2))
            } else if offset < lower || offset > upper {
                low = .infinity
            }
        }
        limit(slope: unit.x, other: unit.y, from: along.0, to: along.1)
        limit(slope: normal.x, other: normal.y, from: -across, to: across)
        return low <= high && low < .infinity && high > -.infinity ? (origin.x + low, origin.x + high) : nil
    }

    /// The share of a pixel's area inside an edge whose centre lies `signed` inside it (negative: outside), the
    /// edge square to (`vx`, `vy`) of length `distance`: the pixel's area seen along that direction is a trapezoid
    /// (a box of width |cos| convolved with one of width |sin|), whose integral up to `signed` is the share.
    @inline(__always)
    private static func coverage(inside signed: Lanes, vx: Lanes, vy: Lanes,
                                 distance: Lanes) -> Lanes {
        let inverse = 1 / larger(distance, Lanes(repeating: 1e-6))
        let cosine = larger(vx, -vx) * inverse, sine = larger(vy, -vy) * inverse
        let long = larger(larger(cosine, sine), Lanes(repeating: 0.70710677))
        let short = larger(smaller(cosine, sine), Lanes(repeating: 1e-4))
        let flatHalf = (long - short) * 0.5, outerHalf = (long + short) * 0.5
        let linear = Lanes(repeating: 0.5) + signed / long
        let curvature = 1 / (2 * long * short)
        let below = larger(signed + outerHalf, Lanes.zero)
        let above = larger(outerHalf - signed, Lanes.zero)
        var share = linear
        share.replace(with: below * below * curvature, where: signed .< -flatHalf)
        share.replace(with: one - above * above * curvature, where: signed .> flatHalf)
        return larger(smaller(share, one), .zero)
    }

    /// Composites the coverage touched by the stroke with its colour over the pixels and clears it: each pixel's
    /// coverage made 8 bits (rounded), the colour premultiplied to 8 bits as Cairo does (``ImageSurface/pixel(of:)``
    /// per channel, times the opacity), then source over with pixman's rounding (x·m/255 rounded).
    private func composite(_ color: Color, into pixels: UnsafeMutableRawPointer, stride: Int) {
        defer { touched = (Int.max, Int.min) }
        guard touched.minY < touched.maxY else { return }
        let solid = Self.premultiplied(color)
        for row in touched.minY..<touched.maxY {
            let rowCoverage = coverage + row * rowLength
            let target = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            let from = touchedFrom[row], to = touchedTo[row]
            touchedFrom[row] = Int.max
            touchedTo[row] = Int.min
            guard from < to else { continue }
            for column in from..<to {
                let share = rowCoverage[column]
                guard share > 0 else { continue }
                rowCoverage[column] = 0
                let mask = UInt32(min(share, 1) * 255 + 0.5)
                guard mask > 0 else { continue }
                target[column] = Self.blend(solid, mask: mask, over: target[column])
            }
            // The padding past the row's end may hold coverage of pixels beyond the region.
            (rowCoverage + width).update(repeating: 0, count: 8)
        }
    }

    /// Keeps the coverage touched by the stroke being traced top first, made 8 bits, where no stroke above seals
    /// the pixel, and clears it; seals the pixels this stroke covers fully with an opaque colour.
    private func record(_ color: Color) {
        defer { touched = (Int.max, Int.min) }
        guard touched.minY < touched.maxY else { return }
        let solid = Self.premultiplied(color)
        let opaque = solid >> 24 == 255
        let firstRow = recordedRows.count
        for row in touched.minY..<touched.maxY {
            let rowCoverage = coverage + row * rowLength
            let rowSealed = sealed + row * rowLength
            let from = touchedFrom[row], to = touchedTo[row]
            touchedFrom[row] = Int.max
            touchedTo[row] = Int.min
            guard from < to else { continue }
            let start = masks.count
            masks.reserve(to - from + Lanes.scalarCount)
            let kept = UnsafeMutableRawPointer(masks.end)
            var first = to, last = from - 1
            var group = from
            while group < to {
                // Four pixels at a time: those this stroke does not cover (skipped while tracing) at once.
                let slot = UnsafeMutableRawPointer(rowCoverage + group)
                guard slot.loadUnaligned(as: Lanes.self) != .zero else {
                    kept.storeBytes(of: 0, toByteOffset: group - from, as: UInt32.self)
                    group += Lanes.scalarCount
                    continue
                }
                for column in group..<min(group + Lanes.scalarCount, to) {
                    let share = rowCoverage[column]
                    var mask: UInt8 = 0
                    if share > 0, rowSealed[column] == 0 {
                        mask = UInt8(min(share, 1) * 255 + 0.5)
                        if mask > 0 {
                            first = min(first, column)
                            last = column
                            if mask == 255, opaque {
                                rowSealed[column] = 1
                                blockSealed[(row >> 3) * blocksWide + (column >> 3)] &+= 1
                            }
                        }
                    }
                    kept.storeBytes(of: mask, toByteOffset: column - from, as: UInt8.self)
                }
                slot.storeBytes(of: .zero, as: Lanes.self)
                group += Lanes.scalarCount
            }
            (rowCoverage + width).update(repeating: 0, count: 8)
            guard first <= last else { continue }
            masks.count = start + (last + 1 - from)
            recordedRows.append(RecordedRow(row: row, from: first, to: last + 1, masks: start + (first - from)))
        }
        guard recordedRows.count > firstRow else { return }
        recordedStrokes.append(RecordedStroke(solid: solid, rows: firstRow..<recordedRows.count))
    }

    /// Composites the strokes recorded top first, bottom up.
    private func replay(into pixels: UnsafeMutableRawPointer, stride: Int) {
        var index = recordedStrokes.count
        while index > 0 {
            index -= 1
            let stroke = recordedStrokes.base[index]
            for rowIndex in stroke.rows {
                let row = recordedRows.base[rowIndex]
                let target = (pixels + row.row * stride).assumingMemoryBound(to: UInt32.self)
                let rowMasks = masks.base + (row.masks - row.from)
                for column in row.from..<row.to {
                    let mask = UInt32(rowMasks[column])
                    guard mask > 0 else { continue }
                    target[column] = Self.blend(stroke.solid, mask: mask, over: target[column])
                }
            }
        }
    }

    /// A colour premultiplied to 8 bits as Cairo does (``ImageSurface/pixel(of:)`` per channel, times the opacity),
    /// as an ARGB pixel.
    private static func premultiplied(_ color: Color) -> UInt32 {
        let alpha = color.alpha.isNaN ? 0 : min(max(color.alpha, 0), 1)
        return .cairoByte(color.blue * alpha) | .cairoByte(color.green * alpha) << 8
            | .cairoByte(color.red * alpha) << 16 | .cairoByte(alpha) << 24
    }

    /// `solid` (premultiplied ARGB) with an 8-bit coverage `mask` (1...255) source over `pixel`, with pixman's
    /// rounding; a full coverage of an opaque colour is the colour, whatever the pixel was.
    @inline(__always)
    private static func blend(_ solid: UInt32, mask: UInt32, over pixel: UInt32) -> UInt32 {
        if mask == 255, solid >> 24 == 255 { return solid }
        // Two channels at once, 16 bits apart, as pixman and Cairo do (``UInt32/timesPair(_:)``); two channels
        // added, each at most 255.
        @inline(__always) func saturated(_ sum: UInt32) -> UInt32 {
            (sum | (0x0100_0100 &- (sum >> 8 & 0x0001_0001))) & 0x00FF_00FF
        }
        let inRB = (solid & 0x00FF_00FF).timesPair(mask), inAG = (solid >> 8 & 0x00FF_00FF).timesPair(mask)
        let left = 255 - (inAG >> 16)
        let rb = saturated(inRB &+ (pixel & 0x00FF_00FF).timesPair(left))
        let ag = saturated(inAG &+ (pixel >> 8 & 0x00FF_00FF).timesPair(left))
        return rb | ag << 8
    }
}

/// A stroke traced top first: its colour (premultiplied ARGB) and its rows in ``CapsuleRaster``'s recorded rows.
private struct RecordedStroke {
    var solid: UInt32
    var rows: Range<Int>
}

/// A row of a recorded stroke: the pixels `from` to before `to` of pixel row `row`, their 8-bit coverage from
/// `masks` on in the recorded masks (0: nothing of the stroke shows there).
private struct RecordedRow {
    var row: Int
    var from: Int
    var to: Int
    var masks: Int
}

private let one = Lanes(repeating: 1)

/// The pixels computed at once: 4, one SSE register (8 took two, and spilled).
typealias Lanes = SIMD4<Float>

/// The larger of each pair of lanes (`pointwiseMax` is not vectorized; this is one `maxps`).
@inline(__always)
private func larger(_ a: Lanes, _ b: Lanes) -> Lanes {
    a.replacing(with: b, where: a .< b)
}

/// The smaller of each pair of lanes.
@inline(__always)
private func smaller(_ a: Lanes, _ b: Lanes) -> Lanes {
    a.replacing(with: b, where: b .< a)
}
