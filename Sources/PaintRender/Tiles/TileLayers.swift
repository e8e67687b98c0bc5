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
    /// The split the parts were drawn for: they are of no use to another.
    let split: LayerSplit
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
