// A band's images (the bar's, or the strip's) an overlay keeps with a renderer: the band before a change and after
// it, each drawn once, so that a change undone copies the band back rather than drawing it. It draws through
// BarImage and holds nothing else.

/// The overlay's bars last shown, the latest first (the bar a renderer copies into each frame from its image,
/// ``OverlayStorage``).
///
/// - A bar shown again while kept is its image, drawn not at all.
/// - A bar that differs from a kept one in a few controls is that one's image with only those controls drawn
///   (``BarImage/init(_:scale:changing:)``); any other bar is drawn whole.
/// - At most ``kept`` images are kept; the least recently shown goes first.
struct BarImageCache {
    /// The bar images kept: the bar before a change and after it, so that a change undone (a clear and its undo
    /// enable and disable the bar's buttons) copies the bar back rather than drawing it (about 1 ms at 4K; an image
    /// is about 1 MB there).
    static let kept = 2

    private var bars: [BarImage] = []
    /// How many bar images were drawn whole.
    private(set) var drawn = 0
    /// How many bar images were made by drawing only the controls that changed.
    private(set) var changed = 0

    /// The overlay's bar drawn at `scale`; `nil` when its frame does not lie on whole pixels (the caller then draws
    /// it with the rest of the overlay).
    mutating func image(for overlay: Overlay, scale: Int) -> BarImage? {
        image(for: overlay.barBand, scale: scale)
    }

    /// `band` drawn at `scale`, as for the bar.
    mutating func image(for band: Band, scale: Int) -> BarImage? {
        if let index = bars.firstIndex(where: { $0.shows(band, scale: scale) }) {
            if index > 0 { bars.insert(bars.remove(at: index), at: 0) }
            return bars[0]
        }
        let fromKept = bars.lazy.compactMap { BarImage(band, scale: scale, changing: $0) }.first
        guard let bar = fromKept ?? BarImage(band, scale: scale) else { return nil }
        if fromKept == nil { drawn += 1 } else { changed += 1 }
        bars.insert(bar, at: 0)
        if bars.count > Self.kept { bars.removeLast() }
        return bar
    }
}
