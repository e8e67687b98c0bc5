// What the completed drawing shows, read back from the tiles: the canvas at 100 % (export, `--replay --output`), the
// colour under a window point (the eyedropper), the strokes a path touches (the eraser), the content's bounds (fit).
import Geometry
import PaintModel

extension CanvasRenderer {
    /// The completed strokes at 100 % from the document's origin, the window's size at its scale: what
    /// `--replay --output` and the PNG export write, whatever the view. Put together from the tiles of that zoom
    /// (drawn for it when not cached), so it matches the frame at 100 % pixel for pixel.
    public var canvas: ImageSurface {
        bakeStrokes()
        let image = ImageSurface(width: pixelWidth, height: pixelHeight, fill: background)
        let level = Double(scale)
        for key in TileKey.keys(covering: bounds, pixelsPerPoint: level) {
            let part = key.pixelRect.intersection(bounds)!
            let local = part.offsetBy(dx: -key.pixelRect.x, dy: -key.pixelRect.y)
            if let tile = tiles.currentImage(of: key) { image.copy(local, of: tile, to: part.x, part.y) }
        }
        return image
    }

    /// The colour of the completed drawing at a window point, as the view shows it (strokes in progress and the
    /// overlay left out): what an eyedropper picks. Read from the tile there, drawn for it when not cached.
    public func drawingColor(at windowPoint: Point) -> Color {
        bakeStrokes()
        let offset = pixelOffset, level = pixelsPerPoint
        let x = Int(saturating: (windowPoint.x * Double(scale)).rounded(.down)) + offset.x
        let y = Int(saturating: (windowPoint.y * Double(scale)).rounded(.down)) + offset.y
        guard let key = TileKey.keys(covering: PixelRect(x: x, y: y, width: 1, height: 1), pixelsPerPoint: level).first
        else { return background }
        guard let tile = tiles.currentImage(of: key) else { return background }
        return Color(rgb: tile.pixel(x: x - key.pixelRect.x, y: y - key.pixelRect.y))
    }

    /// The positions of the completed strokes that a path of a given radius touches (document points; an eraser's),
    /// in painting order: the strokes the index finds near the path, hit-tested against their outlines
    /// (``PaintModel/Stroke/isTouched(byPath:radius:)``).
    public func strokes(touchedBy path: [Point], radius: Double) -> [Int] {
        bakeStrokes()
        guard let reach = DirtyRect.bounds(of: path, width: 2 * radius) else { return [] }
        return tiles.index.strokes(reaching: reach).filter { strokes[$0].isTouched(byPath: path, radius: radius) }
    }

    /// The union of the strokes' bounds, in document points; `nil` for an empty drawing.
    public var contentBounds: Rect? {
        ink.unbaked.reduce(tiles.index.contentBounds) { bounds, entry in
            entry.stroke.bounds.isEmpty ? bounds : bounds.map { $0.union(entry.stroke.bounds) } ?? entry.stroke.bounds
        }
    }
}
