// The tile engine's side of the tile cache on disk (docs/tile-cache.md): tiles read at launch on another thread and
// shown a few a frame in place of drawing them, while the strokes are still those they were read for; and the sharp
// tiles of the launch view handed out to be written, once for each state of the drawing.
import Dispatch
import FoundationEssentials
import Geometry
import PaintModel
import Threading

/// Where the tiles on disk are: being read (a value another thread fills), read and waiting to be
/// shown a few at a time, and what was last handed out to be written.
struct StoredTiles {
    /// What the reading thread hands back: `nil` until it is done, then the tiles (empty when the cache had none).
    final class Reading: Sendable {
        let result = Locked<(tiles: [TileStore.Tile], level: Double, document: TileStore.Document?)?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// A read asked for, to start once the first frame is drawn (so that the first frame never shares the cores
    /// with it).
    var asked: (store: TileStore, document: URL)?
    /// A read under way: for the strokes as they were after `changes` changes.
    var reading: (reading: Reading, changes: Int)?
    /// Tiles read and not shown yet, at the pixels per point the file holds, for the strokes after `changes` changes.
    var toShow: [TileStore.Tile] = []
    var toShowLevel = 1.0
    var toShowChanges = 0
    /// The document file the tiles shown were read for.
    var document: TileStore.Document?
    /// The tiles shown from the disk cache so far (for tests and the benchmark).
    var shownCount = 0
    /// What was last handed out to be written: the strokes after that many changes, and the tiles.
    var handedOut: (changes: Int, keys: Set<TileKey>)?

    var isLoading: Bool { asked != nil || reading != nil || !toShow.isEmpty }
    var hasTilesToShow: Bool { !toShow.isEmpty || reading.map { $0.reading.result.withLock { $0 != nil } } ?? false }
}

extension TileEngine {
    /// The most tiles read from disk copied into the cache in one frame (each 256 KiB): the rest in the next frames.
    static let storedTilesPerFrame = 48

    /// Starts the read asked for by ``CanvasRenderer/loadStoredTiles(from:document:)`` (called when a frame is drawn).
    func startReadingStoredTiles() {
        guard let (store, url) = storedTiles.asked else { return }
        storedTiles.asked = nil
        let reading = StoredTiles.Reading()
        storedTiles.reading = (reading, strokeChanges)
        let strokes = self.strokes, paper = paperPixel
        DispatchQueue.global(qos: .userInitiated).async {
            let tiles = TileStore.Document(url).flatMap { document in
                store.load(document, strokes: strokes, paperPixel: paper)
            }
            reading.result.withLock { $0 = (tiles?.tiles ?? [], tiles?.pixelsPerPoint ?? 0, tiles?.document) }
            reading.done.signal()
        }
    }

    /// Shows `contents` instead of drawing those tiles (``CanvasRenderer/showStoredTiles(_:since:)``), when the
    /// strokes under them are still those of `mark`: every change since a stroke added on top and not drawn into the
    /// tiles yet (`strokesToBake` of them). Returns whether they were taken.
    func showStoredTiles(_ contents: TileStore.Contents, since mark: Int, strokesToBake: Int) -> Bool {
        // Each change counts one; only a stroke added and not baked adds to those to bake, and a bake or any other
        // change leaves the count behind: equal, the baked strokes are those of `mark`.
        // The disk cache keeps tiles of strokes drawn straight onto each other: composited layers are drawn anew.
        guard composition == nil, contents.paperPixel == paperPixel, strokeChanges - mark == strokesToBake
        else { return false }
        storedTiles.asked = nil
        storedTiles.reading = nil
        storedTiles.toShow = contents.tiles
        storedTiles.toShowLevel = contents.pixelsPerPoint
        storedTiles.toShowChanges = strokeChanges
        if strokeChanges == mark {
            // What the file holds need not be written again while the drawing stays as it is.
            storedTiles.document = contents.document
            let keys = contents.tiles.map { TileKey(pixelsPerPoint: contents.pixelsPerPoint, column: $0.column, row: $0.row) }
            storedTiles.handedOut = (strokeChanges, Set(keys))
        }
        return true
    }

    /// Takes the tiles read from disk, if they are in, and copies up to ``storedTilesPerFrame`` of them into the
    /// cache (at the start of each frame); those of the zoom shown are noted as changed.
    func takeStoredTiles(all: Bool = false) {
        if let (reading, changes) = storedTiles.reading, let read = reading.result.withLock({ $0 }) {
            storedTiles.reading = nil
            storedTiles.toShow = read.tiles
            storedTiles.toShowChanges = changes
            storedTiles.toShowLevel = read.level
            if read.document != nil, changes == strokeChanges {
                // What the file holds need not be written again while the drawing stays as it is.
                storedTiles.document = read.document
                let keys = read.tiles.map { TileKey(pixelsPerPoint: read.level, column: $0.column, row: $0.row) }
                storedTiles.handedOut = (changes, Set(keys))
            }
        }
        guard !storedTiles.toShow.isEmpty else { return }
        guard storedTiles.toShowChanges == strokeChanges else {
            // The drawing changed since: these tiles show what it was.
            storedTiles.toShow = []
            return
        }
        let level = storedTiles.toShowLevel
        let batch = all ? storedTiles.toShow[...] : storedTiles.toShow.prefix(Self.storedTilesPerFrame)
        storedTiles.toShow.removeFirst(batch.count)
        for tile in batch {
            let key = TileKey(pixelsPerPoint: level, column: tile.column, row: tile.row)
            let pending = inFlight[key] != nil || requests.contains { $0.key == key }
            // A tile already cached and not being drawn again is the same picture.
            guard cache[key] == nil || pending else { continue }
            withdraw(key)
            requests.removeAll { $0.key == key }
            cache.insert(key, image: TilePixels.image(of: tile.pixels, region: key.pixelRect))
            storedTiles.shownCount += 1
            if level == viewport.pixelsPerPoint { changes.document.append(key.pixelRect) }
        }
    }

    /// Waits for the tiles being read from disk, and takes them all.
    func waitForStoredTiles() {
        startReadingStoredTiles()
        if let (reading, _) = storedTiles.reading { reading.done.wait(); reading.done.signal() }
        takeStoredTiles(all: true)
    }

    /// The tiles at `level` covering `launchView` (document pixels) that the cache holds for the drawing as it is,
    /// to be written to the disk cache (``CanvasRenderer/tilesForStore(evenIfHandedOut:)``); `nil` when there are
    /// none, or when these tiles of this drawing were already handed out (unless `evenIfHandedOut`).
    func tilesForStore(covering launchView: PixelRect, level: Double, evenIfHandedOut: Bool) -> TileStore.Snapshot? {
        guard composition == nil, indexState == .built || !cache.keys.isEmpty else { return nil }
        let keys = TileKey.keys(covering: launchView, pixelsPerPoint: level).filter { key in
            cache[key] != nil && inFlight[key] == nil && !requests.contains { $0.key == key }
        }
        guard !keys.isEmpty else { return nil }
        let keySet = Set(keys)
        if !evenIfHandedOut, let handedOut = storedTiles.handedOut, handedOut.changes == strokeChanges,
           keySet.isSubset(of: handedOut.keys) {
            return nil
        }
        storedTiles.handedOut = (strokeChanges, keySet)
        // The tiles' images are lent, not copied (copying 34 MB at 4K took the Wayland thread 30 ms and as many MB
        // of memory): the cache draws into a copy of any image it does not hold alone.
        let tiles = keys.map { key in
            guard let image = cache[key]?.image else { return TileStore.Tile(column: key.column, row: key.row, pixels: nil) }
            if let lent = LentTile(image) { return TileStore.Tile(column: key.column, row: key.row, lent: lent) }
            return TileStore.Tile(column: key.column, row: key.row, pixels: Self.storedBytes(of: image))
        }
        return TileStore.Snapshot(strokes: strokes, pixelsPerPoint: level, paperPixel: paperPixel, tiles: tiles)
    }

    /// A tile's pixels as rows of `width × 4` bytes, copied once (no zero fill first: this runs on the Wayland
    /// thread for every tile in view).
    private static func storedBytes(of image: ImageSurface) -> [UInt8] {
        let rowBytes = image.width * 4
        return [UInt8](unsafeUninitializedCapacity: rowBytes * image.height) { buffer, count in
            let source = image.pixels
            if image.stride == rowBytes {
                buffer.baseAddress!.initialize(from: source, count: rowBytes * image.height)
            } else {
                for row in 0..<image.height {
                    (buffer.baseAddress! + row * rowBytes).initialize(from: source + row * image.stride, count: rowBytes)
                }
            }
            count = rowBytes * image.height
        }
    }
}

/// A tile image the renderer lends to the disk cache's writer instead of copying its pixels: the writer reads them
/// on its own thread while the window goes on showing the tile. Nothing draws into a lent image: the tile cache
/// draws only into images it holds alone (`TileCache.ownedImage(for:keepingPixels:)` copies one that is lent). The
/// pixels are flushed from Cairo and their address taken when the image is lent, so the writer makes no Cairo call.
final class LentTile: @unchecked Sendable {
    /// Keeps the pixels alive while lent.
    private let image: ImageSurface
    /// The pixels: 256 rows of 256 × 4 bytes, with no padding between rows.
    let pixels: UnsafeRawPointer
    let byteCount: Int

    /// Lends a whole tile's image; `nil` for any other shape (such a tile's bytes are copied).
    init?(_ image: ImageSurface) {
        guard image.width == TileKey.side, image.height == TileKey.side, image.stride == TileKey.side * 4 else { return nil }
        self.image = image
        pixels = UnsafeRawPointer(image.pixels)
        byteCount = image.stride * image.height
    }
}
