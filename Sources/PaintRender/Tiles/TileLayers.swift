// A composited tile kept in parts around the layer strokes go to (the ink layer): the layers below it composited on
// paper, its own pixels, and the layers above it, so that a stroke on it, finished or in progress, redraws only its
// pixels and the tile is put together again from the three, rather than drawn again layer by layer
// (docs/layers.md, docs/performance.md "Layers").
import CCairo
import Geometry
import PaintModel

/// How a composition's layers are split around the ink layer in every tile: those below it, put over the paper one
/// by one into one opaque image; the ink layer alone; those above it in groups, each group one image put over the
/// ones below in turn.
///
/// Consecutive normal layers above make one group, each drawn into it with its opacity (`OVER` is associative, so
/// the group put over the tile is the layers put over it one by one); a layer of any other blend mode is a group of
/// its own, put over the tile with its mode and opacity.
struct LayerSplit: Hashable, Sendable {
    /// A group of consecutive layers above the ink layer.
    struct Group: Hashable, Sendable {
        /// The layers' positions in the composition.
        var layers: Range<Int>
        /// How the group's image is put over the tile: a group of normal layers `OVER` at full opacity (each layer's
        /// opacity is in the image), a layer of another mode with its own.
        var blend: LayerBlend
        /// Whether the group is normal layers drawn into its image with their opacity.
        var isCollapsed: Bool
    }

    /// The most groups above the ink layer a split has: beyond them a tile would keep an image for each, and it is
    /// drawn whole as before, the strokes in progress over it.
    static let groupLimit = 3

    /// The ink layer's position in the composition.
    var ink: Int
    /// How the ink layer is put over the layers below.
    var inkBlend: LayerBlend
    /// The groups above the ink layer, bottom first.
    var above: [Group]

    /// The split of `composition` around its layer `ink`; `nil` without an ink layer among them, or with more groups
    /// above it than ``groupLimit``.
    init?(composition: [LayerBlend], ink: Int?) {
        guard let ink, composition.indices.contains(ink) else { return nil }
        self.ink = ink
        inkBlend = composition[ink].look
        var groups: [Group] = []
        for layer in (ink + 1)..<composition.count {
            let blend = composition[layer]
            if blend.blendMode == .normal, let last = groups.last, last.isCollapsed, last.layers.upperBound == layer {
                groups[groups.count - 1].layers = last.layers.lowerBound..<(layer + 1)
            } else if blend.blendMode == .normal {
                groups.append(Group(layers: layer..<(layer + 1),
                                    blend: LayerBlend(strokeCount: 0, opacity: 1, blendMode: .normal), isCollapsed: true))
            } else {
                groups.append(Group(layers: layer..<(layer + 1), blend: blend.look, isCollapsed: false))
            }
        }
        guard groups.count <= Self.groupLimit else { return nil }
        above = groups
    }

    /// The group above the ink layer that holds layer `layer`.
    func group(of layer: Int) -> Int? {
        above.firstIndex { $0.layers.contains(layer) }
    }

    /// The split of `composition` (the layers of `shown`, this split's composition, each with the same content and
    /// another look or the same) when parts drawn for this split show it too, put together with other blends: the
    /// only layers whose look changed are the ink layer and layers alone in a group of their own (neither holds its
    /// opacity in its pixels), and the layers are grouped as before. `nil` otherwise: the tiles are drawn again.
    func takingLooks(of composition: [LayerBlend], shown: [LayerBlend]) -> LayerSplit? {
        guard composition.count == shown.count,
              zip(composition, shown).allSatisfy({ $0.strokeCount == $1.strokeCount && $0.picture === $1.picture }),
              let split = LayerSplit(composition: composition, ink: ink),
              split.above.map(\.layers) == above.map(\.layers),
              split.above.map(\.isCollapsed) == above.map(\.isCollapsed)
        else { return nil }
        for layer in composition.indices where composition[layer].look != shown[layer].look {
            guard layer == ink || split.group(of: layer).map({ !split.above[$0].isCollapsed }) == true else { return nil }
        }
        return split
    }
}

/// A tile's parts as the worker draws them: rows of `TileKey.side × 4` bytes each, `nil` for none (paper below, a
/// clear layer or group). A plain value, so it can come from another thread.
struct TileLayerPixels: Sendable {
    var split: LayerSplit
    var below: [UInt8]?
    var ink: [UInt8]?
    var above: [[UInt8]?]
}

/// A composited tile's parts around the ink layer (``LayerSplit``), kept with the tile in the cache.
struct TileLayers {
    /// The split the parts were drawn for: they are of no use to another, but for other looks of the layers that
    /// hold none of theirs in these pixels (``LayerSplit/takingLooks(of:shown:)``).
    var split: LayerSplit
    /// The paper and the layers below the ink layer, composited (opaque); `nil`: paper only.
    var below: ImageSurface?
    /// The ink layer's own pixels (premultiplied, clear where it has no ink); `nil`: clear.
    var ink: ImageSurface?
    /// Each group above the ink layer (premultiplied); `nil`: clear.
    var above: [ImageSurface?]

    /// No parts yet (paper below, every layer clear) for a split.
    init(split: LayerSplit, aboveCount: Int) {
        self.split = split
        above = Array(repeating: nil, count: aboveCount)
    }

    /// The parts the worker drew, as images.
    init(_ pixels: TileLayerPixels) {
        let region = PixelRect(x: 0, y: 0, width: TileKey.side, height: TileKey.side)
        split = pixels.split
        below = TilePixels.image(of: pixels.below, region: region)
        ink = pixels.ink.map { Self.clearImage(of: $0) }
        above = pixels.above.map { $0.map { Self.clearImage(of: $0) } }
    }

    /// The bytes the parts' images take.
    var bytes: Int {
        ([below, ink] + above).reduce(0) { $0 + ($1 == nil ? 0 : TileCache.tileBytes) }
    }

    /// The ink layer's pixels to draw into, made clear when there are none yet.
    mutating func inkImage() -> ImageSurface {
        if let ink { return ink }
        let image = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
        ink = image
        return image
    }

    /// Puts the parts together over `rect` of the tile (tile pixels) into `target` with the rectangle's corner at
    /// `origin`: the layers below (or paper), the ink layer (`ink`, whose pixel (0, 0) is the tile's pixel
    /// `inkOrigin`; by default its own pixels) with its opacity and blend mode, then each group above.
    func composite(_ rect: PixelRect, into target: ImageSurface, at origin: (x: Int, y: Int), paper: Color,
                   ink: ImageSurface? = nil, inkOrigin: (x: Int, y: Int) = (0, 0)) {
        let placed = PixelRect(x: origin.x, y: origin.y, width: rect.width, height: rect.height)
        if let below { target.copy(rect, of: below, to: origin.x, origin.y) } else { target.fill(placed, with: paper) }
        let drawn = ink ?? self.ink
        guard drawn != nil || above.contains(where: { $0 != nil }), let context = cairo_create(target.surface) else {
            return
        }
        defer {
            cairo_destroy(context)
            cairo_surface_flush(target.surface)
        }
        cairo_rectangle(context, Double(placed.x), Double(placed.y), Double(placed.width), Double(placed.height))
        cairo_clip(context)
        func put(_ image: ImageSurface, corner: (x: Int, y: Int), blend: LayerBlend) {
            cairo_set_source_surface(context, image.surface, Double(origin.x - rect.x + corner.x),
                                     Double(origin.y - rect.y + corner.y))
            cairo_set_operator(context, blend.blendMode.cairoOperator)
            cairo_paint_with_alpha(context, blend.opacity)
        }
        if let drawn { put(drawn, corner: ink == nil ? (0, 0) : inkOrigin, blend: split.inkBlend) }
        for (group, image) in zip(split.above, above) {
            if let image { put(image, corner: (0, 0), blend: group.blend) }
        }
    }

    /// The side of the cells ``pieces(of:in:)`` marks: 16 × 16 of them in a tile.
    static let cellSide = 16

    /// Where a stroke may paint, in document pixels at `pixelsPerPoint`: the bounds of each segment of its path
    /// (its samples' path as ``StrokeSmoother`` makes it, each segment within its end and control points), grown for
    /// its width and antialiasing and a pixel more; a stroke with pressure, whose outline is made otherwise, its
    /// bounds whole.
    static func paintedPixels(of stroke: Stroke, pixelsPerPoint: Double) -> [PixelRect] {
        func pixels(_ rect: Rect) -> PixelRect {
            let drawn = TileKey.pixels(of: rect, pixelsPerPoint: pixelsPerPoint)
            return PixelRect(x: drawn.x &- 1, y: drawn.y &- 1, width: drawn.width &+ 2, height: drawn.height &+ 2)
        }
        let locations = stroke.points.map(\.location)
        guard !stroke.hasPressure, locations.count > 1 else { return stroke.bounds.isEmpty ? [] : [pixels(stroke.bounds)] }
        var painted: [PixelRect] = []
        var start = locations[0]
        for segment in StrokeSmoother.path(through: locations) {
            painted.append(pixels(DirtyRect.bounds(of: segment, from: start, width: stroke.width)))
            start = segment.end
        }
        return painted
    }

    /// The rectangles of a tile (`tile`: its document pixels) to put together again after a stroke painted within
    /// `painted` (document pixels): the tile's cells of ``cellSide`` that any of them reaches, in runs along each
    /// row of cells, in tile pixels; none where the stroke does not reach the tile.
    static func pieces(of painted: [PixelRect], in tile: PixelRect) -> [PixelRect] {
        let cells = TileKey.side / cellSide
        var marked = [Bool](repeating: false, count: cells * cells)
        for rect in painted {
            guard let part = rect.intersection(tile) else { continue }
            let x0 = (part.x - tile.x) / cellSide, x1 = (part.maxX - 1 - tile.x) / cellSide
            let y0 = (part.y - tile.y) / cellSide, y1 = (part.maxY - 1 - tile.y) / cellSide
            for row in y0...y1 { for column in x0...x1 { marked[row * cells + column] = true } }
        }
        var pieces: [PixelRect] = []
        for row in 0..<cells {
            var column = 0
            while column < cells {
                guard marked[row * cells + column] else {
                    column += 1
                    continue
                }
                let first = column
                while column < cells, marked[row * cells + column] { column += 1 }
                pieces.append(PixelRect(x: first * cellSide, y: row * cellSide, width: (column - first) * cellSide,
                                        height: cellSide))
            }
        }
        return pieces
    }

    /// A premultiplied image of a tile's size from rows of bytes.
    private static func clearImage(of bytes: [UInt8]) -> ImageSurface {
        let image = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
        TilePixels.copy(bytes, into: image)
        return image
    }
}

extension ImageSurface {
    /// Makes a rectangle of the image clear (all bytes zero: transparent, premultiplied).
    func clear(_ rect: PixelRect) {
        guard let rect = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return }
        let start = UnsafeMutableRawPointer(pixels)
        for row in rect.y..<rect.maxY {
            (start + row * stride + rect.x * 4).initializeMemory(as: UInt8.self, repeating: 0, count: rect.width * 4)
        }
        markDirty()
    }
}
