// The spatial index of the drawing's strokes: which strokes reach a region, in the order they are painted.
import PaintModel
import Geometry

/// The strokes' bounds in uniform grids over document space: each cell lists, in painting order, the strokes whose
/// bounds reach it.
///
/// Why a grid and not an R-tree (docs/rendering.md): strokes are finger-sized and mostly added or taken off at the
/// top of the drawing. In a grid both are a push or a pop at the end of each covered cell's list, and since strokes
/// arrive in painting order every list stays sorted for free, so a query is a merge of a few sorted lists. An
/// R-tree would have to re-sort its answers by stroke order and rebalance on removal.
///
/// A stroke added to a layer under others goes in under the strokes above it. So that it does not move all of them
/// one place up, the strokes are kept in runs of consecutive positions (``Run``), each a grid of its own numbering
/// its strokes from its first: a stroke put in where a run ends goes on that run's top, and only the runs above
/// start one place higher. A stroke put in within a run splits it there first (its strokes above the place moving
/// into a run of their own, once), so the strokes later added to the same layer go on top of a run.
struct StrokeIndex {
    /// The side of a cell, in document points.
    static let cellSide = 256.0
    /// A stroke or a query reaching more cells than this is kept in, or answered from, a plain list instead.
    static let cellLimit = 1_024
    /// The most runs: beyond them a stroke put in within a run moves the strokes above it in that run instead.
    static let runLimit = 32

    fileprivate struct Cell: Hashable {
        var column: Int32
        var row: Int32
    }

    /// A stroke's bounds (antialiasing included) as `Float`s, each edge rounded outwards: 16 bytes a stroke
    /// instead of a `Rect`'s 32, and never smaller than the stroke's `Double` bounds, so no query misses a stroke
    /// they reach (one they miss by less than a `Float`'s step may be answered too, and draws nothing there).
    struct Bounds {
        var minX: Float, minY: Float, maxX: Float, maxY: Float

        /// The smallest `Float` bounds holding `rect`; empty (all zero) when `rect` is, as it reaches nothing.
        init(around rect: Rect) {
            guard !rect.isEmpty else {
                (minX, minY, maxX, maxY) = (0, 0, 0, 0)
                return
            }
            minX = Self.down(rect.minX)
            minY = Self.down(rect.minY)
            maxX = Self.up(rect.maxX)
            maxY = Self.up(rect.maxY)
        }

        /// The largest `Float` at most `value` (NaN stays NaN).
        static func down(_ value: Double) -> Float {
            let single = Float(value)
            return Double(single) > value ? single.nextDown : single
        }

        /// The smallest `Float` at least `value` (NaN stays NaN).
        static func up(_ value: Double) -> Float {
            let single = Float(value)
            return Double(single) < value ? single.nextUp : single
        }

        var isEmpty: Bool { minX == maxX || minY == maxY }

        /// The bounds as a rectangle in document points.
        var rect: Rect {
            isEmpty ? .zero : Rect(x: Double(minX), y: Double(minY), width: Double(maxX) - Double(minX),
                                   height: Double(maxY) - Double(minY))
        }

        /// Whether the bounds reach `rect`: what `Rect.intersection(_:) != nil` answers, on the edges themselves.
        func reaches(_ rect: Rect) -> Bool {
            let x0 = Swift.max(Double(minX), rect.minX), y0 = Swift.max(Double(minY), rect.minY)
            let x1 = Swift.min(Double(maxX), rect.maxX), y1 = Swift.min(Double(maxY), rect.maxY)
            return x1 > x0 && y1 > y0
        }
    }

    /// The runs, bottom first, each with the position of its first stroke; never none.
    private var runs: [Run] = [Run()]
    private var starts: [Int] = [0]

    /// An index of strokes, bottom first, in one run.
    init(_ strokes: [Stroke] = []) {
        runs = [Run(strokes)]
    }

    /// How many strokes the index holds.
    var count: Int { starts[starts.count - 1] + runs[runs.count - 1].count }

    /// The run holding `position`: the last whose first position is at most it.
    private func run(holding position: Int) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    /// The bounds the index keeps of the stroke at `position` (its own, or up to a `Float`'s step larger).
    func bounds(at position: Int) -> Rect {
        let run = run(holding: position)
        return runs[run].bounds(at: position - starts[run])
    }

    /// Adds a stroke on top.
    mutating func append(_ stroke: Stroke) {
        runs[runs.count - 1].append(stroke)
    }

    /// Puts a stroke in at `position` (at most ``count``), the strokes from there up one place higher: a stroke
    /// added to a layer under others. Where a run ends there, it goes on that run's top (at the bottom, on a new
    /// run's); within a run, the run is split there first (with ``runLimit`` runs, the run's strokes above it move
    /// one place up instead).
    mutating func insert(_ stroke: Stroke, at position: Int) {
        guard position < count else { return append(stroke) }
        let position = max(position, 0)
        var run = run(holding: position)
        if starts[run] == position, run > 0 {
            run -= 1
        } else if position == 0, runs.count < Self.runLimit {
            runs.insert(Run(), at: 0)
            starts.insert(0, at: 0)
        } else if starts[run] < position, runs.count < Self.runLimit {
            runs.insert(runs[run].split(at: position - starts[run]), at: run + 1)
            starts.insert(position, at: run + 1)
        }
        if starts[run] + runs[run].count == position {
            runs[run].append(stroke)
        } else {
            runs[run].insert(stroke, at: position - starts[run])
        }
        for above in (run + 1)..<starts.count { starts[above] += 1 }
    }

    /// Takes strokes off the top until `count` remain; returns the bounds of those taken off, bottom first.
    @discardableResult
    mutating func truncate(to count: Int) -> [Rect] {
        let count = max(count, 0)
        var removed: [[Rect]] = []
        while runs.count > 1, starts[starts.count - 1] >= count {
            removed.append(runs.removeLast().allBounds)
            starts.removeLast()
        }
        removed.append(runs[runs.count - 1].truncate(to: count - starts[starts.count - 1]))
        return removed.reversed().flatMap { $0 }
    }

    /// The positions of the strokes whose bounds reach `rect` (document points), in painting order.
    func strokes(reaching rect: Rect) -> [Int] {
        let covered = Self.cells(covering: rect)
        guard runs.count > 1 else { return runs[0].strokes(reaching: rect, covered: covered, from: 0) }
        return runs.indices.flatMap { runs[$0].strokes(reaching: rect, covered: covered, from: starts[$0]) }
    }

    /// How many strokes reach a rectangle, at most: the strokes listed in the cells it covers (a stroke in two of
    /// them counted twice, one whose bounds miss the rectangle counted too) and the wide ones. Cheap where
    /// ``strokes(reaching:)`` would sort thousands: for telling a tile few strokes reach from a crowded one.
    func candidateCount(reaching rect: Rect) -> Int {
        let covered = Self.cells(covering: rect)
        return runs.reduce(0) { $0 + $1.candidateCount(covered: covered) }
    }

    /// The union of every stroke's bounds, `nil` for none.
    var contentBounds: Rect? {
        DirtyRect.union(runs.compactMap(\.contentBounds))
    }

    /// The cells a rectangle reaches; `nil` when they are more than ``cellLimit``.
    fileprivate static func cells(covering rect: Rect) -> [Cell]? {
        func cellRange(_ low: Double, _ high: Double) -> ClosedRange<Int32>? {
            guard low.isFinite, high.isFinite else { return nil }
            let limit = Double(Int32.max / 2)
            let first = max(min((low / cellSide).rounded(.down), limit), -limit)
            let last = max(min((high / cellSide).rounded(.down), limit), -limit)
            return Int32(first)...Int32(max(first, last))
        }
        guard let columns = cellRange(rect.minX, rect.maxX), let rows = cellRange(rect.minY, rect.maxY),
              columns.count * rows.count <= cellLimit else { return nil }
        var result: [Cell] = []
        result.reserveCapacity(columns.count * rows.count)
        for row in rows { for column in columns { result.append(Cell(column: column, row: row)) } }
        return result
    }

    /// A run of consecutive strokes, numbered from its first: a grid whose cells list them in painting order.
    fileprivate struct Run {
        /// Each stroke's bounds, by its position in the drawing.
        private var strokeBounds: [Bounds] = []
        private var cells: [Cell: [Int32]] = [:]
        /// Strokes too large for the grid (more than ``cellLimit`` cells), in painting order.
        private var wide: [Int32] = []

        /// A run of `strokes`, bottom first.
        init(_ strokes: [Stroke] = []) {
            strokeBounds.reserveCapacity(strokes.count)
            for stroke in strokes { append(stroke) }
        }

        /// How many strokes the run holds.
        var count: Int { strokeBounds.count }

        /// The bounds kept of the run's stroke at `position` (its own, or up to a `Float`'s step larger).
        func bounds(at position: Int) -> Rect { strokeBounds[position].rect }

        /// Every stroke's bounds kept, bottom first.
        var allBounds: [Rect] { strokeBounds.map(\.rect) }

        /// Adds a stroke on top.
        mutating func append(_ stroke: Stroke) {
            let kept = Bounds(around: stroke.bounds)
            let index = Int32(strokeBounds.count)
            strokeBounds.append(kept)
            // The cells come from the bounds kept, as when the stroke is taken off.
            guard !kept.isEmpty else { return }
            guard let covered = StrokeIndex.cells(covering: kept.rect) else { return wide.append(index) }
            for cell in covered { cells[cell, default: []].append(index) }
        }

        /// Takes the strokes from `position` on out of the run, into a run of their own numbered from their first.
        mutating func split(at position: Int) -> Run {
            var above = Run()
            let placed = Int32(clamping: max(position, 0))
            func moved(_ list: inout [Int32]) -> [Int32] {
                let first = Self.firstPosition(in: list, from: placed)
                let taken = list[first...].map { $0 - placed }
                list.removeSubrange(first...)
                return taken
            }
            var emptied = false
            for slot in cells.indices {
                let taken = moved(&cells.values[slot])
                guard !taken.isEmpty else { continue }
                above.cells[cells.keys[slot]] = taken
                emptied = emptied || cells.values[slot].isEmpty
            }
            if emptied { cells = cells.filter { !$0.value.isEmpty } }
            above.wide = moved(&wide)
            above.strokeBounds = Array(strokeBounds[Int(placed)...])
            strokeBounds.removeSubrange(Int(placed)...)
            return above
        }

        /// Puts a stroke in at `position` (at most ``count``), the strokes from there up one place higher. Costs every
        /// cell's list, where ``append(_:)`` costs the stroke's cells.
        mutating func insert(_ stroke: Stroke, at position: Int) {
            guard position < strokeBounds.count else { return append(stroke) }
            let placed = Int32(clamping: max(position, 0))
            for cell in cells.values.indices { Self.shift(&cells.values[cell], from: placed) }
            Self.shift(&wide, from: placed)
            let kept = Bounds(around: stroke.bounds)
            strokeBounds.insert(kept, at: Int(placed))
            guard !kept.isEmpty else { return }
            func insert(into list: inout [Int32]) {
                list.insert(placed, at: Self.firstPosition(in: list, from: placed))
            }
            guard let covered = StrokeIndex.cells(covering: kept.rect) else { return insert(into: &wide) }
            for cell in covered { insert(into: &cells[cell, default: []]) }
        }

        /// Where the first position of at least `placed` is in a list (sorted, as each is), or its end.
        private static func firstPosition(in list: [Int32], from placed: Int32) -> Int {
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < placed { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// One place higher, each position of a list from `placed` on: a stroke put in under them.
        private static func shift(_ list: inout [Int32], from placed: Int32) {
            let first = firstPosition(in: list, from: placed)
            guard first < list.count else { return }
            list.withUnsafeMutableBufferPointer { entries in
                for entry in first..<entries.count { entries[entry] &+= 1 }
            }
        }

        /// Takes strokes off the top until `count` remain; returns the bounds of those taken off.
        mutating func truncate(to count: Int) -> [Rect] {
            guard count < strokeBounds.count else { return [] }
            let removed = strokeBounds[max(count, 0)...].map(\.rect)
            while let last = wide.last, last >= count { wide.removeLast() }
            for rect in removed where !rect.isEmpty {
                for cell in StrokeIndex.cells(covering: rect) ?? [] {
                    guard var list = cells[cell] else { continue }
                    while let last = list.last, last >= count { list.removeLast() }
                    cells[cell] = list.isEmpty ? nil : list
                }
            }
            strokeBounds.removeLast(strokeBounds.count - max(count, 0))
            return removed
        }

        /// The positions of the strokes whose bounds reach `rect` (document points), in painting order, each plus
        /// `start`; `covered`: the cells `rect` reaches (``StrokeIndex/cells(covering:)``).
        func strokes(reaching rect: Rect, covered: [Cell]?, from start: Int) -> [Int] {
            guard let covered else {
                return strokeBounds.indices.filter { strokeBounds[$0].reaches(rect) }.map { $0 + start }
            }
            var found: [Int] = []
            if covered.count == 1, wide.isEmpty {
                found = (cells[covered[0]] ?? []).map(Int.init)
            } else {
                for cell in covered { if let list = cells[cell] { found.append(contentsOf: list.lazy.map(Int.init)) } }
                found.append(contentsOf: wide.lazy.map(Int.init))
                found.sort()
            }
            var result: [Int] = []
            result.reserveCapacity(found.count)
            var previous = -1
            for index in found where index != previous {
                previous = index
                if strokeBounds[index].reaches(rect) { result.append(index + start) }
            }
            return result
        }

        /// How many strokes the cells `covered` list (``StrokeIndex/candidateCount(reaching:)``), all for `nil`.
        func candidateCount(covered: [Cell]?) -> Int {
            guard let covered else { return strokeBounds.count }
            return covered.reduce(wide.count) { $0 + (cells[$1]?.count ?? 0) }
        }

        /// The union of the run's strokes' bounds, `nil` for none.
        var contentBounds: Rect? {
            DirtyRect.union(strokeBounds.lazy.filter { !$0.isEmpty }.map(\.rect))
        }
    }
}
