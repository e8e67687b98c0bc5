// The renderer's side of the tile cache on disk (docs/tile-cache.md): its public face. Tiles read at launch are shown
// in place of drawing them, and the sharp tiles of the launch view are handed out to be written; the work is the tile
// engine's (TileEngine+StoredTiles.swift).
import FoundationEssentials
import Geometry

extension CanvasRenderer {
    /// Reads, on another thread from the end of the next frame on, the tiles `store` keeps for the document at
    /// `url` as it is then. Those that are still for the drawing shown when they come (no stroke changed since)
    /// take the place of drawing them: a tile being drawn is withdrawn, one not asked for yet is never asked for.
    /// The first frame neither waits for them nor shares the cores with their reading; any tile the file lacks is
    /// drawn as always.
    public func loadStoredTiles(from store: TileStore, document url: URL) {
        tiles.storedTiles.asked = (store, url)
    }

    /// The paper as a pixel, as the tiles are drawn on it: what ``TileStore/load(_:strokes:paperPixel:)`` checks a
    /// file against when it is read away from the renderer.
    public var storedTilesPaper: UInt32 { tiles.paperPixel }

    /// A mark of the strokes as they are now (how many times they changed), for ``showStoredTiles(_:since:)``.
    public var strokeChangeMark: Int { tiles.strokeChanges }

    /// Shows `contents` instead of drawing those tiles, copied in from the next frame on as
    /// ``loadStoredTiles(from:document:)``'s are once read: tiles read on another thread with the document, and
    /// checked there against its file and the strokes this renderer was given at `mark` (``strokeChangeMark``).
    /// Taken only while the strokes under the tiles are still those: every change since `mark` a stroke added on
    /// top and not drawn into the tiles yet (it is drawn over them); and only on the paper they were drawn on.
    /// Returns whether they were taken.
    @discardableResult
    public func showStoredTiles(_ contents: TileStore.Contents, since mark: Int) -> Bool {
        tiles.showStoredTiles(contents, since: mark, strokesToBake: strokesToBake)
    }

    /// The document file, as it was, that the tiles shown from the disk cache were kept for; `nil` when none were.
    public var storedTilesDocument: TileStore.Document? { tiles.storedTiles.document }

    /// How many tiles were shown from the disk cache rather than drawn.
    public var tilesShownFromStore: Int { tiles.storedTiles.shownCount }

    /// The sharp tiles of the view a launch shows (100 %, upright, from the document's origin, at this window's size
    /// and scale) that the cache holds for the drawing as it is (none waiting to be drawn again), with the strokes they
    /// show, to be written to the disk cache. It is `nil` when there are none, or when these tiles of this drawing were
    /// already handed out (unless `evenIfHandedOut`). Copies the tiles' pixels (on this thread, a few milliseconds at
    /// 4K); the rest of writing is the caller's, on another thread.
    public func tilesForStore(evenIfHandedOut: Bool = false) -> TileStore.Snapshot? {
        bakeStrokes()
        return tiles.tilesForStore(covering: PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight),
                                   level: Double(scale), evenIfHandedOut: evenIfHandedOut)
    }
}
