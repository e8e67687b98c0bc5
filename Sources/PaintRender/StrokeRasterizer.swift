// Which rasterizer draws strokes of one width, and a region of a drawing drawn by either, for comparing them.
import Geometry
import PaintModel

/// Which rasterizer draws the strokes of one width: in the tiles, in the strokes in progress and in the pictures of
/// a drawing alike (strokes with pressure are always Cairo's tapered outlines).
public enum StrokeRasterizer: String, Sendable, CaseIterable {
    /// Cairo's antialiased stroker and scan converter (kept to compare: `paint-benchmark --large --raster cairo`).
    case cairo
    /// Our own (the default): each stroke's smoothed path flattened and drawn as the union of its lines'
    /// capsules, within 32 levels of Cairo's pixels at the edges of a finger's strokes (`CapsuleRaster`,
    /// docs/rendering.md).
    case own
}

/// A region of the document drawn at `pixelsPerPoint` from paper, its strokes (in painting order) drawn by
/// `rasterizer`, as a tile job draws it: for benchmarks and tests comparing the two rasterizers. With our own,
/// `skippingHidden` `false` draws every stroke's pixels one stroke after the other (the same picture, slower).
public func drawRegion(_ strokes: [Stroke], region: PixelRect, pixelsPerPoint: Double, paper: Color = .white,
                       rasterizer: StrokeRasterizer, skippingHidden: Bool = true) -> ImageSurface {
    let image = ImageSurface(width: region.width, height: region.height, fill: paper)
    drawStrokes(strokes[...], region: region, pixelsPerPoint: pixelsPerPoint, into: image, at: (0, 0),
                rasterizer: rasterizer, skippingHidden: skippingHidden, paper: paper)
    return image
}
