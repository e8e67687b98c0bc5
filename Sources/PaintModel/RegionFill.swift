// The fill tool's region (docs/selection.md, "Fill"): from a raster of what bounds it — the coverage of the visible
// paint, one byte a pixel — and the pixel tapped, the region the paint encloses around it, small gaps in its lines
// closed, grown back under the lines, and traced as closed outlines, simplified. Contract: pure, on the caller's
// thread; a region that reaches the raster's edge is not enclosed (the canvas beyond the view is infinite), and no
// value in any input traps.
import Geometry

/// What bounds a fill: one byte a pixel, the coverage of the visible paint (0 none, 255 full), row by row.
public struct FillBarrier: Sendable {
    /// The raster's size, in pixels.
    public let width: Int, height: Int
    /// The coverage of each pixel, `width × height` of them, top row first.
    public let coverage: [UInt8]

    /// A barrier of `coverage` over `width × height` pixels; `nil` when the sizes are not positive or the bytes are
    /// not that many.
    public init?(width: Int, height: Int, coverage: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height) == (coverage.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}

/// The region a fill covers, found in a ``FillBarrier``.
public enum RegionFill {
    /// The coverage from which a pixel bounds a fill: a quarter, so that a line's soft edge counts.
    public static let barrierCoverage: UInt8 = 64
    /// How far the traced outline may stray from the region's edge, in pixels.
    public static let tolerance = 0.5

    /// What a tap finds.
    public enum Outcome: Hashable, Sendable {
        /// The region, as closed outlines in pixel coordinates (a pixel's centre at its index plus ½), to fill with
        /// the even-odd rule: its outer edges and the edges of the holes in it.
        case region([[Point]])
        /// The tap is on paint (or within the gap of it): there is no region there.
        case onPaint
        /// The region around the tap reaches the raster's edge: nothing encloses it.
        case notEnclosed
    }

    /// The region around pixel (`x`, `y`) that the barrier's paint encloses: gaps narrower than twice `gap` pixels
    /// closed, the region then grown by `gap + under` pixels, into the paint but not past it.
    public static func region(in barrier: FillBarrier, x: Int, y: Int, gap: Double, under: Double) -> Outcome {
        let width = barrier.width, height = barrier.height
        guard (0..<width).contains(x), (0..<height).contains(y) else { return .notEnclosed }
        let gap = gap.isFinite ? min(max(gap, 0), largestReach / 2) : 0
        let under = under.isFinite ? min(max(under, 0), largestReach / 2) : 0
        let paint = barrier.coverage.map { $0 >= barrierCoverage }
        // A pixel within `gap` of paint is closed.
        let closed = dilated(paint, radius: gap, width: width, height: height)
        guard !closed[y * width + x] else { return .onPaint }
        guard let inside = flood(from: x, y, open: closed.map(!), width: width, height: height) else {
            return .notEnclosed
        }
        // Grown back by the gap and under the lines: only where the paint was or closed (never into the open
        // beyond the lines, save the width of a gap).
        let grown = dilated(inside, radius: gap + under, width: width, height: height, candidates: closed)
        let outlines = trace(grown, width: width, height: height).map { simplified($0, tolerance: tolerance) }
        return .region(outlines.filter { $0.count >= 3 })
    }

    // MARK: - Distances

    /// The largest gap and grow a fill takes, in pixels.
    public static let largestReach = 100.0

    /// The pixels within `radius` of a marked one (the Euclidean distance between pixel centres), marked ones
    /// included: each row's distance to its nearest marked pixel (capped), then, for each pixel, whether a row
    /// within the radius holds one near enough. With `candidates`, only those pixels are looked at (the others are
    /// left unmarked unless marked): the region grows only into closed pixels, far fewer than the raster's.
    static func dilated(_ marked: [Bool], radius: Double, width: Int, height: Int, candidates: [Bool]? = nil) -> [Bool] {
        let reach = Int(radius.rounded(.down))
        guard reach >= 1 else { return marked }
        let cap = UInt8(min(reach + 1, 255))
        var across = [UInt8](repeating: cap, count: width * height)
        across.withUnsafeMutableBufferPointer { across in
            marked.withUnsafeBufferPointer { marked in
                for row in 0..<height {
                    let base = row * width
                    var last = -width - 256
                    for column in 0..<width {
                        if marked[base + column] { last = column }
                        across[base + column] = UInt8(min(column - last, Int(cap)))
                    }
                    last = 2 * width + 256
                    for column in stride(from: width - 1, through: 0, by: -1) {
                        if marked[base + column] { last = column }
                        across[base + column] = min(across[base + column], UInt8(min(last - column, Int(cap))))
                    }
                }
            }
        }
        // How far across a row `dy` away may be: the largest h with h² + dy² ≤ radius².
        let widths = (0...reach).map { dy in UInt8(min((radius * radius - Double(dy * dy)).squareRoot().rounded(.down), Double(cap - 1))) }
        if let candidates {
            var near = marked
            near.withUnsafeMutableBufferPointer { near in
                across.withUnsafeBufferPointer { across in
                    candidates.withUnsafeBufferPointer { candidates in
                        for index in 0..<(width * height) where candidates[index] && !near[index] {
                            let row = index / width
                            for dy in max(-reach, -row)...min(reach, height - 1 - row)
                            where across[index + dy * width] <= widths[abs(dy)] {
                                near[index] = true
                                break
                            }
                        }
                    }
                }
            }
            return near
        }
        var near = [Bool](repeating: false, count: width * height)
        near.withUnsafeMutableBufferPointer { near in
            across.withUnsafeBufferPointer { across in
                for row in 0..<height {
                    let base = row * width
                    for dy in -reach...reach {
                        let other = row + dy
                        guard (0..<height).contains(other) else { continue }
                        let otherBase = other * width, limit = widths[abs(dy)]
                        for column in 0..<width where across[otherBase + column] <= limit { near[base + column] = true }
                    }
                }
            }
        }
        return near
    }

    // MARK: - The flood

    /// The open pixels 4-connected to (`x`, `y`), by scanlines; `nil` when they reach the raster's edge.
    static func flood(from x: Int, _ y: Int, open: [Bool], width: Int, height: Int) -> [Bool]? {
        var inside = [Bool](repeating: false, count: width * height)
        var stack = [(x, y)]
        while let (seedX, row) = stack.popLast() {
            let base = row * width
            guard open[base + seedX], !inside[base + seedX] else { continue }
            var left = seedX, right = seedX
            while left > 0, open[base + left - 1], !inside[base + left - 1] { left -= 1 }
            while right < width - 1, open[base + right + 1], !inside[base + right + 1] { right += 1 }
            if left == 0 || right == width - 1 || row == 0 || row == height - 1 { return nil }
            for column in left...right { inside[base + column] = true }
            for next in [row - 1, row + 1] {
                let nextBase = next * width
                var column = left
                while column <= right {
                    if open[nextBase + column], !inside[nextBase + column] {
                        stack.append((column, next))
                        while column <= right, open[nextBase + column] { column += 1 }
                    }
                    column += 1
                }
            }
        }
        return inside
    }

    // MARK: - Tracing

    /// The outlines of the marked pixels, by marching squares between pixel centres (the edge halfway between a
    /// marked pixel and an unmarked one), each closed loop with the marked side on its right (y down): outer edges
    /// one way round, holes the other. Pixels beyond the raster are unmarked.
    static func trace(_ marked: [Bool], width: Int, height: Int) -> [[Point]] {
        func at(_ column: Int, _ row: Int) -> Bool {
            column >= 0 && row >= 0 && column < width && row < height && marked[row * width + column]
        }
        // A crossing's key: the cell edge it lies on. Horizontal edges (between two samples side by side) and
        // vertical ones numbered apart.
        let columns = width + 1
        func horizontal(_ cx: Int, _ cy: Int) -> Int { 2 * ((cy + 1) * (columns + 1) + cx + 1) }
        func vertical(_ cx: Int, _ cy: Int) -> Int { 2 * ((cy + 1) * (columns + 1) + cx + 1) + 1 }
        func point(_ key: Int) -> Point {
            let cell = key / 2, cx = cell % (columns + 1) - 1, cy = cell / (columns + 1) - 1
            // Samples are pixel centres: the cell (cx, cy) spans centres cx…cx+1 and cy…cy+1.
            return key % 2 == 0 ? Point(x: Double(cx) + 1, y: Double(cy) + 0.5)
                : Point(x: Double(cx) + 0.5, y: Double(cy) + 1)
        }
        var next: [Int: Int] = [:]
        // The crossings in the order the cells are met, so that each loop starts where the scan first meets it and
        // the outlines are the same every time (a dictionary's order changes from process to process).
        var order: [Int] = []
        func link(_ from: Int, _ to: Int) {
            next[from] = to
            order.append(from)
        }
        // Cells from (-1, -1) to (width - 1, height - 1): each looks at the samples at its four corners.
        for cy in -1..<height {
            for cx in -1..<width {
                let a = at(cx, cy), b = at(cx + 1, cy), c = at(cx + 1, cy + 1), d = at(cx, cy + 1)
                let top = horizontal(cx, cy), right = vertical(cx + 1, cy), bottom = horizontal(cx, cy + 1)
                let left = vertical(cx, cy)
                // Each segment goes from one crossing to the next with the marked corners on its right (y down).
                switch (a, b, c, d) {
                case (false, false, false, false), (true, true, true, true): break
                case (true, false, false, false): link(top, left)
                case (false, true, false, false): link(right, top)
                case (false, false, true, false): link(bottom, right)
                case (false, false, false, true): link(left, bottom)
                case (true, true, false, false): link(right, left)
                case (false, true, true, false): link(bottom, top)
                case (false, false, true, true): link(left, right)
                case (true, false, false, true): link(top, bottom)
                case (false, true, true, true): link(left, top)
                case (true, false, true, true): link(top, right)
                case (true, true, false, true): link(right, bottom)
                case (true, true, true, false): link(bottom, left)
                // Saddles: the marked corners kept apart, as a 4-connected flood leaves them.
                case (true, false, true, false):
                    link(top, left)
                    link(bottom, right)
                case (false, true, false, true):
                    link(right, top)
                    link(left, bottom)
                }
            }
        }
        var loops: [[Point]] = []
        for start in order where next[start] != nil {
            var loop: [Point] = []
            var key = start
            while let following = next.removeValue(forKey: key) {
                loop.append(point(key))
                key = following
            }
            loops.append(loop)
        }
        return loops
    }

    // MARK: - Simplifying

    /// A closed loop with the points it can do without dropped: none of them farther than `tolerance` from the
    /// simpler loop (Douglas and Peucker's, from the loop's first point and the point farthest from it).
    static func simplified(_ loop: [Point], tolerance: Double) -> [Point] {
        guard loop.count > 3 else { return loop }
        let first = loop[0]
        var farthest = 1, distance = -1.0
        for (index, point) in loop.enumerated().dropFirst() {
            let d = (point.x - first.x) * (point.x - first.x) + (point.y - first.y) * (point.y - first.y)
            if d > distance { (farthest, distance) = (index, d) }
        }
        var keep = [Bool](repeating: false, count: loop.count)
        keep[0] = true
        keep[farthest] = true
        var spans = [(0, farthest), (farthest, loop.count)]
        while let (start, end) = spans.popLast() {
            guard end - start > 1 else { continue }
            let a = loop[start], b = loop[end % loop.count]
            var worst = start, worstDistance = tolerance
            for index in (start + 1)..<end {
                let d = distanceFrom(loop[index], toSegment: a, b)
                if d > worstDistance { (worst, worstDistance) = (index, d) }
            }
            guard worst != start else { continue }
            keep[worst] = true
            spans.append((start, worst))
            spans.append((worst, end))
        }
        return loop.indices.filter { keep[$0] }.map { loop[$0] }
    }

    private static func distanceFrom(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }
}
