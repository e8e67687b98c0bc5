// Tiles of one zoom shown at another, nearest-neighbour, written pixel by pixel: a zoom step's preview.
import Geometry

/// Square tiles of ``TileKey/side`` pixels of the document drawn at one zoom (the source), shown in a rectangle of a
/// buffer at another: each buffer pixel takes the source pixel under its centre, and paper where no tile is given.
/// A centre exactly on the edge between two source pixels takes the upper or left one, as Cairo's (pixman's)
/// nearest filter does.
///
/// Made on the Wayland thread (the column and row maps, the tiles each band of rows reads), then written in bands of
/// rows on either core (``BulkPixels``): each buffer row is one pass over the column map, and a row that shows the
/// same source row as the row above is copied from it.
struct NearestScaling: @unchecked Sendable {
    /// Where a source tile lies: its column and row in the grid of tiles at the source zoom.
    struct Position: Hashable {
        var column: Int
        var row: Int
    }

    /// A source tile's pixels: ``TileKey/side`` rows of at least as many XRGB pixels, `rowPixels` apart. They must
    /// stay as they are until the scaling is written.
    struct Source {
        var pixels: UnsafePointer<UInt32>
        var rowPixels: Int
    }

    /// A run of buffer columns that read one column of tiles (`nil`: no tile there, paper).
    private struct Run {
        var start: Int
        var end: Int
        var tileColumn: Int?
    }

    /// The buffer pixels written.
    let rect: PixelRect
    private let paper: UInt32
    /// For each column of ``rect``: the column within its tile that it shows.
    private let columns: [Int32]
    private let runs: [Run]
    /// For each row of ``rect``: the source row it shows (pixels of the document at the source zoom).
    private let sourceRows: [Int]
    /// The first tile row ``tiles`` holds, and for each tile row from there, the tile each run reads (`nil`: paper).
    private let firstTileRow: Int
    private let tiles: [[Source?]]

    /// The scaling of `sources` (by position at the source zoom) into `rect` of a buffer whose top-left pixel lies at
    /// `offset` in the document drawn at the buffer's zoom, `ratio` times the source zoom. Tiles outside `rect` are
    /// never read; a ratio that is not positive and finite shows paper.
    init(rect: PixelRect, offset: (x: Int, y: Int), ratio: Double, sources: [Position: Source], paper: UInt32) {
        self.rect = rect
        self.paper = paper
        let side = TileKey.side
        guard !rect.isEmpty, ratio.isFinite, ratio > 0, let first = sources.keys.first else {
            columns = []
            runs = [Run(start: 0, end: max(rect.width, 0), tileColumn: nil)]
            sourceRows = Array(repeating: 0, count: max(rect.height, 0))
            firstTileRow = 1
            tiles = []
            return
        }
        // The source pixel under a buffer pixel's centre; a centre on an edge (within pixman's 1/65536) goes up or left.
        func source(_ pixel: Int, _ offset: Int) -> Int {
            Int(saturating: ((Double(pixel + offset) + 0.5) / ratio - 1.0 / 65_536).rounded(.down))
        }
        var known = (minColumn: first.column, maxColumn: first.column, minRow: first.row, maxRow: first.row)
        for position in sources.keys {
            known = (min(known.minColumn, position.column), max(known.maxColumn, position.column),
                     min(known.minRow, position.row), max(known.maxRow, position.row))
        }
        var columns: [Int32] = []
        columns.reserveCapacity(rect.width)
        var runs: [Run] = []
        for index in 0..<rect.width {
            let pixel = source(rect.x + index, offset.x)
            let tileColumn = pixel.flooredDivision(by: side)
            columns.append(Int32(pixel - tileColumn * side))
            let shown = (known.minColumn...known.maxColumn).contains(tileColumn) ? tileColumn : nil
            if let last = runs.last, last.tileColumn == shown {
                runs[runs.count - 1].end = index + 1
            } else {
                runs.append(Run(start: index, end: index + 1, tileColumn: shown))
            }
        }
        self.columns = columns
        self.runs = runs
        sourceRows = (0..<rect.height).map { source(rect.y + $0, offset.y) }
        let firstRow = max((sourceRows.first ?? 0).flooredDivision(by: side), known.minRow)
        let lastRow = min((sourceRows.last ?? 0).flooredDivision(by: side), known.maxRow)
        firstTileRow = firstRow
        tiles = firstRow > lastRow ? [] : (firstRow...lastRow).map { row in
            runs.map { run in run.tileColumn.flatMap { sources[Position(column: $0, row: row)] } }
        }
    }

    /// Writes rows `rows` of ``rect`` (counted from its top) into a buffer of XRGB pixels, `stride` bytes a row.
    func write(rows: Range<Int>, into target: UnsafeMutableRawPointer, stride: Int) {
        let side = TileKey.side
        columns.withUnsafeBufferPointer { columns in
            var previous: UnsafeMutablePointer<UInt32>?
            for row in rows {
                let line = (target + (rect.y + row) * stride + rect.x * 4).assumingMemoryBound(to: UInt32.self)
                defer { previous = line }
                let sourceRow = sourceRows[row]
                if let previous, sourceRows[row - 1] == sourceRow {
                    line.update(from: previous, count: rect.width)
                    continue
                }
                let tileRow = sourceRow.flooredDivision(by: side) - firstTileRow
                guard tiles.indices.contains(tileRow) else {
                    line.update(repeating: paper, count: rect.width)
                    continue
                }
                let within = sourceRow - (tileRow + firstTileRow) * side
                for (run, tile) in zip(runs, tiles[tileRow]) {
                    guard let tile else {
                        (line + run.start).update(repeating: paper, count: run.end - run.start)
                        continue
                    }
                    Self.gather(from: tile.pixels + within * tile.rowPixels, columns: columns, run.start..<run.end,
                                into: line)
                }
            }
        }
    }

    /// `line[i] = from[columns[i]]` for each `i` of `range`, four pixels a step (a quarter faster than one).
    @inline(__always)
    private static func gather(from: UnsafePointer<UInt32>, columns: UnsafeBufferPointer<Int32>, _ range: Range<Int>,
                               into line: UnsafeMutablePointer<UInt32>) {
        var column = range.lowerBound
        while column + 4 <= range.upperBound {
            let four = SIMD4(from[Int(columns[column])], from[Int(columns[column + 1])], from[Int(columns[column + 2])],
                             from[Int(columns[column + 3])])
            UnsafeMutableRawPointer(line + column).storeBytes(of: four, as: SIMD4<UInt32>.self)
            column += 4
        }
        while column < range.upperBound {
            line[column] = from[Int(columns[column])]
            column += 1
        }
    }
}
