// The tiles of the drawing already drawn, kept within a memory budget: the least recently shown go first.
import PaintModel
import Geometry

/// Where a tile lies: its column and row in the grid of ``TileKey/side``-pixel squares over the document drawn
/// at `pixelsPerPoint` buffer pixels per document point (the zoom times the buffer scale).
struct TileKey: Hashable, Sendable {
    /// Pixels on a tile's side.
    static let side = 256

    var pixelsPerPoint: Double
    var column: Int
    var row: Int

    /// The tile's pixels in the document drawn at its ``pixelsPerPoint``.
    var pixelRect: PixelRect {
        PixelRect(x: column * Self.side, y: row * Self.side, width: Self.side, height: Self.side)
    }

    /// The document rectangle the tile shows.
    var documentRect: Rect {
        let side = Double(Self.side) / pixelsPerPoint
        return Rect(x: Double(column) * side, y: Double(row) * side, width: side, height: side)
    }

    /// The keys of the tiles that hold the pixels of `rect` (pixels of the document drawn at `pixelsPerPoint`), row
    /// by row, each row left to right.
    static func keys(covering rect: PixelRect, pixelsPerPoint: Double) -> Keys {
        guard !rect.isEmpty else { return Keys(pixelsPerPoint: pixelsPerPoint, columns: 0..<0, rows: 0..<0) }
        return Keys(pixelsPerPoint: pixelsPerPoint,
                    columns: rect.x.flooredDivision(by: side)..<(rect.maxX - 1).flooredDivision(by: side) + 1,
                    rows: rect.y.flooredDivision(by: side)..<(rect.maxY - 1).flooredDivision(by: side) + 1)
    }

    /// The keys of a rectangle of tiles, made as they are read: a frame asks for those of each rectangle it draws,
    /// and an array of them was an allocation each time (issue #22).
    struct Keys: Sequence {
        let pixelsPerPoint: Double
        let columns: Range<Int>
        let rows: Range<Int>

        /// None: for a frame that shows paper only.
        static let none = Keys(pixelsPerPoint: 1, columns: 0..<0, rows: 0..<0)

        /// The first key, the top left tile's.
        var first: TileKey? {
            var iterator = makeIterator()
            return iterator.next()
        }

        func makeIterator() -> Iterator {
            Iterator(keys: self, column: columns.lowerBound, row: rows.lowerBound)
        }

        var underestimatedCount: Int { columns.count * rows.count }

        struct Iterator: IteratorProtocol {
            let keys: Keys
            var column: Int
            var row: Int

            mutating func next() -> TileKey? {
                guard !keys.columns.isEmpty, row < keys.rows.upperBound else { return nil }
                let key = TileKey(pixelsPerPoint: keys.pixelsPerPoint, column: column, row: row)
                column += 1
                if column == keys.columns.upperBound {
                    column = keys.columns.lowerBound
                    row += 1
                }
                return key
            }
        }
    }

    /// The pixels of a document rectangle at a number of pixels per point, rounded out.
    static func pixels(of rect: Rect, pixelsPerPoint: Double) -> PixelRect {
        let x0 = Int(saturating: (rect.minX * pixelsPerPoint).rounded(.down))
        let y0 = Int(saturating: (rect.minY * pixelsPerPoint).rounded(.down))
        let x1 = Int(saturating: (rect.maxX * pixelsPerPoint).rounded(.up))
        let y1 = Int(saturating: (rect.maxY * pixelsPerPoint).rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Drawn tiles by key, within a byte budget; inserting past the budget evicts the least recently used tiles that
/// the caller does not protect (those on screen). A tile that shows only paper takes no image.
struct TileCache {
    /// A drawn tile: its pixels, or `nil` when it shows only paper; and its base for undo, if it has one.
    struct Entry {
        var image: ImageSurface?
        var lastUse: UInt64
        /// The tile as it was with the drawing's first ``baseCount`` strokes (`nil` with a count: paper).
        var base: ImageSurface?
        var baseCount: Int?
        /// Strokes drawn onto the tile since its base.
        var sinceBase = 0
        /// The tile further back, with the drawing's first ``deepBaseCount`` strokes (`nil` with a count: paper), for
        /// undoing past the base without drawing the tile from scratch.
        var deepBase: ImageSurface?
        var deepBaseCount: Int?
        /// A composited tile's parts around the ink layer, for a stroke on it to be drawn in its place.
        var layers: TileLayers?

        /// The bytes its images take.
        var bytes: Int {
            [image, base, deepBase].reduce(layers?.bytes ?? 0) { $0 + ($1 == nil ? 0 : TileCache.tileBytes) }
        }
    }

    /// The bytes of one tile's image.
    static let tileBytes = TileKey.side * TileKey.side * 4

    /// The memory the tiles may take, in bytes: the renderer sets it from the window's size
    /// (``CanvasRenderer/tileBudget(pixelWidth:pixelHeight:)``); the next ``evict(protecting:)`` trims to it.
    var budget: Int
    private(set) var entries: [TileKey: Entry] = [:]
    private(set) var bytes = 0
    private var clock: UInt64 = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// The entry for a key, without marking it used.
    subscript(key: TileKey) -> Entry? { entries[key] }

    /// The entry for a key, marked as just shown (one look-up where ``subscript(_:)`` and ``touch(_:)`` are two);
    /// `nil` when there is none.
    mutating func shown(_ key: TileKey) -> Entry? {
        guard let index = entries.index(forKey: key) else { return nil }
        clock += 1
        entries.values[index].lastUse = clock
        return entries.values[index]
    }

    /// Marks a tile as just shown.
    mutating func touch(_ key: TileKey) {
        clock += 1
        entries[key]?.lastUse = clock
    }

    /// Stores a tile, replacing any under the same key (and its base).
    mutating func insert(_ key: TileKey, image: ImageSurface?) {
        remove(key)
        clock += 1
        entries[key] = Entry(image: image, lastUse: clock)
        bytes += entries[key]!.bytes
    }

    /// Makes a copy of a tile as it is now its base, holding the drawing's first `count` strokes.
    mutating func setBase(for key: TileKey, count: Int) {
        guard let entry = entries[key] else { return }
        var copy: ImageSurface?
        if let image = entry.image {
            copy = ImageSurface(width: image.width, height: image.height, fill: nil)
            copy!.copyAll(from: image)
        }
        setBase(for: key, image: copy, count: count, drawnSince: 0)
    }

    /// Gives a tile a base: its pixels (`nil`: paper) with the drawing's first `count` strokes, `drawnSince` strokes
    /// drawn onto the tile after them.
    mutating func setBase(for key: TileKey, image: ImageSurface?, count: Int, drawnSince: Int) {
        guard let old = entries[key] else { return }
        bytes -= old.bytes
        entries[key]!.base = image
        entries[key]!.baseCount = count
        entries[key]!.sinceBase = drawnSince
        bytes += entries[key]!.bytes
    }

    /// Gives a tile a deep base: its pixels (`nil`: paper) with the drawing's first `count` strokes.
    mutating func setDeepBase(for key: TileKey, image: ImageSurface?, count: Int) {
        guard let old = entries[key] else { return }
        bytes -= old.bytes
        entries[key]!.deepBase = image
        entries[key]!.deepBaseCount = count
        bytes += entries[key]!.bytes
    }

    /// Puts a tile back to its base (which it keeps); `drawnSince` strokes will be drawn onto it again.
    mutating func restoreBase(for key: TileKey, paper: Color, drawnSince: Int) {
        guard entries[key]?.baseCount != nil else { return }
        bytes -= entries[key]!.bytes
        if let base = entries[key]!.base {
            let image = ownedImage(for: key, keepingPixels: false)
                ?? ImageSurface(width: base.width, height: base.height, fill: nil)
            image.copyAll(from: base)
            entries[key]!.image = image
        } else {
            entries[key]!.image = nil
        }
        entries[key]!.sinceBase = drawnSince
        bytes += entries[key]!.bytes
    }

    /// Keeps a composited tile's parts around the ink layer with it (`nil`: none).
    mutating func setLayers(for key: TileKey, _ layers: TileLayers?) {
        guard let old = entries[key] else { return }
        bytes -= old.bytes
        entries[key]!.layers = layers
        bytes += entries[key]!.bytes
    }

    /// Draws a stroke onto a tile's ink layer and puts the tile together again from its parts over `pieces` (tile
    /// pixels: where the stroke may have painted; elsewhere the tile is as it was); `false` when the tile has no
    /// parts for `split`. Over a tile whose image is there, the parts are put together only in each row's span where
    /// the stroke changed the ink layer's pixels, its pixels before kept in `earlier` (of a tile's size) to tell.
    mutating func drawOnInkLayer(_ key: TileKey, split: LayerSplit, paper: Color, within pieces: [PixelRect],
                                 earlier: ImageSurface, draw: (ImageSurface) -> Void) -> Bool {
        guard var layers = entries[key]?.layers, layers.split == split else { return false }
        let hasImage = entries[key]!.image != nil
        if hasImage {
            for piece in pieces {
                if let own = layers.ink { earlier.copy(piece, of: own, to: piece.x, piece.y) } else { earlier.clear(piece) }
            }
        }
        bytes -= entries[key]!.bytes
        entries[key]!.layers = nil
        let ink = layers.inkImage()
        draw(ink)
        entries[key]!.layers = layers
        bytes += entries[key]!.bytes
        guard !pieces.isEmpty else { return true }
        guard let image = makeImage(for: key, paper: paper) else { return false }
        for piece in pieces {
            if !hasImage || !layers.composite(changesOf: ink, inkOrigin: (0, 0), from: earlier, within: piece,
                                              into: image, at: (piece.x, piece.y), paper: paper) {
                layers.composite(piece, into: image, at: (piece.x, piece.y), paper: paper)
            }
        }
        return true
    }

    /// Counts one more stroke drawn onto a tile since its base.
    mutating func noteDrawnSinceBase(_ key: TileKey) {
        entries[key]?.sinceBase += 1
    }

    /// The tile's image to draw into; a paper-only tile is given an image of its own (filled with paper).
    mutating func makeImage(for key: TileKey, paper: Color) -> ImageSurface? {
        guard entries[key] != nil else { return nil }
        if let image = ownedImage(for: key) { return image }
        let image = ImageSurface(width: TileKey.side, height: TileKey.side, fill: paper)
        entries[key]?.image = image
        bytes += Self.tileBytes
        return image
    }

    /// The tile's image, held by the cache alone, to draw into: an image lent to the disk cache's writer
    /// (``LentTile``) is replaced by a copy (`keepingPixels`) or a new image first, so that the pixels the writer
    /// reads never change under it. Every drawing into a cached tile's image goes through here.
    private mutating func ownedImage(for key: TileKey, keepingPixels: Bool = true) -> ImageSurface? {
        guard var image = entries[key]?.image else { return nil }
        entries[key]!.image = nil
        if !isKnownUniquelyReferenced(&image) {
            let own = ImageSurface(width: image.width, height: image.height, fill: nil)
            if keepingPixels { own.copyAll(from: image) }
            image = own
        }
        entries[key]!.image = image
        return image
    }

    mutating func remove(_ key: TileKey) {
        guard let old = entries.removeValue(forKey: key) else { return }
        bytes -= old.bytes
    }

    /// The most bytes the tiles' copies for undo (their bases and deep bases) take together, whatever the budget:
    /// 16 tiles. An undo walk otherwise fills the whole budget beyond the tiles in view with them (6 MiB of a 4K
    /// window's peak); a tile that lost its copies is drawn again by the worker when an undo needs it
    /// (docs/performance.md, "Memory at 4K").
    static let undoCopyLimit = 16 * tileBytes

    /// The bytes the tiles' copies for undo take.
    var undoCopyBytes: Int {
        entries.values.reduce(0) { $0 + (($1.base == nil ? 0 : 1) + ($1.deepBase == nil ? 0 : 1)) * Self.tileBytes }
    }

    /// Evicts the least recently used tiles not in `protected` until the tiles fit the budget, after the copies for
    /// undo of the least recently used tiles beyond ``undoCopyLimit`` (deep bases first).
    mutating func evict(protecting protected: (TileKey) -> Bool) {
        var copies = undoCopyBytes
        if copies > Self.undoCopyLimit {
            let byAge = entries.filter { $0.value.base != nil || $0.value.deepBase != nil }
                .sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
            for key in byAge where copies > Self.undoCopyLimit && entries[key]!.deepBase != nil {
                copies -= Self.tileBytes
                dropDeepBase(of: key)
            }
            for key in byAge where copies > Self.undoCopyLimit && entries[key]!.base != nil {
                copies -= Self.tileBytes
                dropBase(of: key)
            }
        }
        guard bytes > budget || entries.count > Self.entryLimit else { return }
        // Deep bases, then bases, of tiles on screen go before anything on screen does.
        for (key, entry) in entries where protected(key) && entry.deepBase != nil && bytes > budget {
            dropDeepBase(of: key)
        }
        for (key, entry) in entries where protected(key) && entry.base != nil && bytes > budget {
            dropBase(of: key)
        }
        let candidates = entries.filter { !protected($0.key) }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in candidates {
            guard bytes > budget || entries.count > Self.entryLimit else { break }
            remove(key)
        }
    }

    /// Lets go of the deep base of the tile at `key`, which has one.
    private mutating func dropDeepBase(of key: TileKey) {
        bytes -= Self.tileBytes
        entries[key]!.deepBase = nil
        entries[key]!.deepBaseCount = nil
    }

    /// Lets go of the base of the tile at `key`, which has one.
    private mutating func dropBase(of key: TileKey) {
        bytes -= Self.tileBytes
        entries[key]!.base = nil
        entries[key]!.baseCount = nil
    }

    /// Removes every tile `isDropped` picks, whatever the budget.
    mutating func remove(where isDropped: (TileKey) -> Bool) {
        for key in entries.keys where isDropped(key) { remove(key) }
    }

    /// Paper-only tiles take no image, but their number is bounded too.
    static let entryLimit = 4_096

    /// Evicts the least recently used tiles until the tiles take at most `limit` bytes.
    mutating func shrink(to limit: Int) {
        guard bytes > limit else { return }
        for (key, _) in entries.filter({ $0.value.bytes > 0 }).sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > limit else { break }
            remove(key)
        }
    }

    /// Forgets every tile's bases: they hold the drawing's first strokes by count, which an erase shifts.
    mutating func dropBases() {
        for key in entries.keys {
            bytes -= entries[key]!.bytes
            entries[key]!.base = nil
            entries[key]!.baseCount = nil
            entries[key]!.sinceBase = 0
            entries[key]!.deepBase = nil
            entries[key]!.deepBaseCount = nil
            bytes += entries[key]!.bytes
        }
    }

    mutating func removeAll() {
        entries = [:]
        bytes = 0
    }

    /// The keys of every tile held.
    var keys: Dictionary<TileKey, Entry>.Keys { entries.keys }
}
