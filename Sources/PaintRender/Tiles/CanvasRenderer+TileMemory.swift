// The renderer's tiles in memory, as its callers see them: the budget that follows the window's size, what the tiles
// take, and letting go of those out of view when the window rests. The eviction itself is the tile engine's.
extension CanvasRenderer {
    /// The most memory the cached tiles may take, whatever the window's size: what a 4K window keeps.
    public static let maximumTileBudget = 40 << 20
    /// The least memory the cached tiles may take, however small the window.
    public static let minimumTileBudget = 4 << 20

    /// The memory the cached tiles may take for a buffer of a pixel size: one and a half times the tiles that can cover
    /// it, wherever the view lies (one row and column more than it needs when aligned). So tiles beside the view and
    /// bases for undo fit besides the tiles in view. It is kept within ``minimumTileBudget`` and ``maximumTileBudget``
    /// (the tiles that can cover a 4K window: there the half more would be 20 MiB of the peak). Tiles of other zooms
    /// and out of view go first, least recently shown first; tiles in view are kept even beyond it (docs/rendering.md,
    /// docs/performance.md "Memory at 4K").
    public static func tileBudget(pixelWidth: Int, pixelHeight: Int) -> Int {
        // The most tiles a span of pixels reaches, wherever it starts: one more than it needs when aligned.
        func reach(_ pixels: Int) -> Int { (min(max(pixels, 1), 1 << 20) + TileKey.side - 2) / TileKey.side + 1 }
        let columns = reach(pixelWidth), rows = reach(pixelHeight)
        let covering = columns * rows * TileCache.tileBytes
        return min(max(covering + covering / 2, minimumTileBudget), maximumTileBudget)
    }

    /// The memory the cached tiles may take at the window's present size (``tileBudget(pixelWidth:pixelHeight:)``).
    public var tileBudget: Int { tiles.cache.budget }

    /// The bytes the cached tiles' images take, those kept for the undo of a clear included: at most
    /// ``tileBudget`` once a frame has evicted, unless the tiles in view alone take more (for memory reports:
    /// `fingerpaint` on SIGUSR1).
    public var tileBytes: Int { tiles.bytes }

    /// Lets go of every tile out of view, whatever the budget: the ring kept around the view for panning, the tiles of
    /// other zooms, and those kept for the undo of a clear out of view. A window that rests for a while does this, so
    /// that its memory comes back to what the view needs (docs/reliability.md, "The soak run"). Tiles in view, with the
    /// copies they keep for a cheap undo, stay, so the frame does not change; tiles let go are drawn again if they come
    /// into view.
    public func releaseTilesOutOfView() {
        tiles.releaseTilesOutOfView()
    }
}
