// The spatial index of the drawing's strokes: which strokes reach a region, in the order they are painted.
import PaintModel
import TouchUI

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

    /// Each stroke's bounds (antialiasing included), by its position in the drawing.
    private(set) var bounds: [Rect] = []
    private var cells: [Cell: [Int32]] = [:]
    /// Strokes too large for the grid (more than ``cellLimit`` cells), in painting order.
    private var wide: [Int32] = []

    /// An index of strokes, bottom first.
    init(_ strokes: [Stroke] = []) {
        bounds.reserveCapacity(strokes.count)
        for stroke in strokes { append(stroke) }
    }

    /// How many strokes the index holds.
    var count: Int { bounds.count }

    /// Adds a stroke on top.
    mutating func append(_ stroke: Stroke) {
        let rect = stroke.bounds
        let index = Int32(bounds.count)
        bounds.append(rect)
        guard !stroke.points.isEmpty else { return }
        guard let covered = Self.cells(covering: rect) else { return wide.append(index) }
        for cell in covered { cells[cell, default: []].append(index) }
    }

    /// Takes strokes off the top until `count` remain; returns the bounds of those taken off.
    @discardableResult
    mutating func truncate(to count: Int) -> [Rect] {
        guard count < bounds.count else { return [] }
        let removed = Array(bounds[max(count, 0)...])
        while let last = wide.last, last >= count { wide.removeLast() }
        for rect in removed where !rect.isEmpty {
            for cell in Self.cells(covering: rect) ?? [] {
                guard var list = cells[cell] else { continue }
                while let last = list.last, last >= count { list.removeLast() }
                cells[cell] = list.isEmpty ? nil : list
            }
        }
        bounds.removeLast(bounds.count - max(count, 0))
        return removed
    }

    /// The positions of the strokes whose bounds reach `rect` (document points), in painting order.
    func strokes(reaching rect: Rect) -> [Int] {
        guard let covered = Self.cells(covering: rect) else {
            return bounds.indices.filter { bounds[$0].intersection(rect) != nil }
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
            if bounds[index].intersection(rect) != nil { result.append(index) }
        }
        return result
    }

    /// How many strokes reach a rectangle, at most: the strokes listed in the cells it covers (a stroke in two of
    /// them counted twice, one whose bounds miss the rectangle counted too) and the wide ones. Cheap where
    /// ``strokes(reaching:)`` would sort thousands: for telling a tile few strokes reach from a crowded one.
    func candidateCount(reaching rect: Rect) -> Int {
        guard let covered = Self.cells(covering: rect) else { return bounds.count }
        return covered.reduce(wide.count) { $0 + (cells[$1]?.count ?? 0) }
    }

    /// The union of every stroke's bounds, `nil` for none.
    var contentBounds: Rect? {
        DirtyRect.union(bounds.lazy.filter { !$0.isEmpty })
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
