// The spatial index of the drawing's strokes: which strokes reach a region, in the order they are painted.
import PaintModel
import Geometry

/// A uniform grid over document space: each cell lists, in painting order, the strokes whose bounds reach it.
///
/// Why a grid and not an R-tree (docs/rendering.md): strokes are finger-sized and only ever added or taken off
/// at the top of the drawing. In a grid both are a push or a pop at the end of each covered cell's list, and
/// since strokes arrive in painting order every list stays sorted for free, so a query is a merge of a few
/// sorted lists. An R-tree would have to re-sort its answers by stroke order and rebalance on removal.
struct StrokeIndex {
    /// The side of a cell, in document points.
    static let cellSide = 256.0
    /// A stroke or a query reaching more cells than this is kept in, or answered from, a plain list instead.
    static let cellLimit = 1_024

    private struct Cell: Hashable {
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

    /// Each stroke's bounds, by its position in the drawing.
    private var strokeBounds: [Bounds] = []
    private var cells: [Cell: [Int32]] = [:]
    /// Strokes too large for the grid (more than ``cellLimit`` cells), in painting order.
    private var wide: [Int32] = []

    /// An index of strokes, bottom first.
    init(_ strokes: [Stroke] = []) {
        strokeBounds.reserveCapacity(strokes.count)
        for stroke in strokes { append(stroke) }
    }

    /// How many strokes the index holds.
    var count: Int { strokeBounds.count }

    /// The bounds the index keeps of the stroke at `position` (its own, or up to a `Float`'s step larger).
    func bounds(at position: Int) -> Rect { strokeBounds[position].rect }

    /// Adds a stroke on top.
    mutating func append(_ stroke: Stroke) {
        let kept = Bounds(around: stroke.bounds)
        let index = Int32(strokeBounds.count)
        strokeBounds.append(kept)
        // The cells come from the bounds kept, as when the stroke is taken off.
        guard !kept.isEmpty else { return }
        guard let covered = Self.cells(covering: kept.rect) else { return wide.append(index) }
        for cell in covered { cells[cell, default: []].append(index) }
    }

    /// Puts a stroke in at `position` (at most ``count``), the strokes from there up one place higher: a stroke
    /// added to a layer under others. Costs every cell's list, where ``append(_:)`` costs the stroke's cells.
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
        guard let covered = Self.cells(covering: kept.rect) else { return insert(into: &wide) }
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
    @discardableResult
    mutating func truncate(to count: Int) -> [Rect] {
        guard count < strokeBounds.count else { return [] }
        let removed = strokeBounds[max(count, 0)...].map(\.rect)
        while let last = wide.last, last >= count { wide.removeLast() }
        for rect in removed where !rect.isEmpty {
            for cell in Self.cells(covering: rect) ?? [] {
                guard var list = cells[cell] else { continue }
                while let last = list.last, last >= count { list.removeLast() }
                cells[cell] = list.isEmpty ? nil : list
            }
        }
        strokeBounds.removeLast(strokeBounds.count - max(count, 0))
        return removed
    }

    /// The positions of the strokes whose bounds reach `rect` (document points), in painting order.
    func strokes(reaching rect: Rect) -> [Int] {
        guard let covered = Self.cells(covering: rect) else {
            return strokeBounds.indices.filter { strokeBounds[$0].reaches(rect) }
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
            if strokeBounds[index].reaches(rect) { result.append(index) }
        }
        return result
    }

    /// How many strokes reach a rectangle, at most: the strokes listed in the cells it covers (a stroke in two of
    /// them counted twice, one whose bounds miss the rectangle counted too) and the wide ones. Cheap where
    /// ``strokes(reaching:)`` would sort thousands: for telling a tile few strokes reach from a crowded one.
    func candidateCount(reaching rect: Rect) -> Int {
        guard let covered = Self.cells(covering: rect) else { return strokeBounds.count }
        return covered.reduce(wide.count) { $0 + (cells[$1]?.count ?? 0) }
    }

    /// The union of every stroke's bounds, `nil` for none.
    var contentBounds: Rect? {
        DirtyRect.union(strokeBounds.lazy.filter { !$0.isEmpty }.map(\.rect))
    }

    /// The cells a rectangle reaches; `nil` when they are more than ``cellLimit``.
    private static func cells(covering rect: Rect) -> [Cell]? {
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
}
