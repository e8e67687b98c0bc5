// How a drawing's visible layers are put together when they are not all opaque and normal: the renderer's tiles
// draw each layer apart and composite it, as exports do (DrawingPicture), so the window shows opacity and blend modes.
import PaintModel

/// One visible layer as the renderer composites it: its picture, how many of the strokes shown are its own (the
/// strokes shown are the visible layers' strokes, bottom first), and how it is put over the layers below.
public struct LayerBlend: Hashable, Sendable {
    /// The layer's picture, under its strokes; two blends are equal only when they draw the same pixels.
    public var picture: PicturePixels?
    /// How many consecutive strokes of those shown are the layer's.
    public var strokeCount: Int
    /// How much of the layer shows, from 0 to 1.
    public var opacity: Double
    /// How the layer's colours combine with those below.
    public var blendMode: BlendMode

    /// A layer of `strokeCount` strokes over `picture` with an opacity and a blend mode.
    public init(picture: PicturePixels? = nil, strokeCount: Int, opacity: Double, blendMode: BlendMode) {
        self.picture = picture
        self.strokeCount = strokeCount
        self.opacity = opacity
        self.blendMode = blendMode
    }

    /// Whether the layer is drawn straight onto the ones below: opaque and normal.
    var isPlain: Bool { opacity >= 1 && blendMode == .normal }

    /// The layer's look without its strokes (its picture, opacity and blend mode): two compositions whose layers
    /// look alike draw the same tiles from the same strokes.
    var look: LayerBlend { LayerBlend(picture: picture, strokeCount: 0, opacity: opacity, blendMode: blendMode) }

    /// The composition of a drawing's visible layers; `nil` when each is drawn straight onto the ones below (opaque
    /// and normal, no picture), and the strokes shown in order are the picture. A stroke that may take paint away on
    /// a layer above the bottom one would take it from the layers below too, so its layers are composited apart:
    /// one that holds such a stroke, or the current one when strokes begun on it may take paint away
    /// (`inkMayTakePaintAway`: an eraser's brush, a smudge), so that it shows so while the finger moves.
    public static func composition(of drawing: Drawing, inkMayTakePaintAway: Bool = false) -> [LayerBlend]? {
        let visible = drawing.layers.indices.filter { drawing.layers[$0].attributes.isVisible }
        let blends = visible.map {
            let layer = drawing.layers[$0]
            return LayerBlend(picture: layer.image.map(PicturePixels.of), strokeCount: layer.strokes.count,
                              opacity: layer.attributes.opacity, blendMode: layer.attributes.blendMode)
        }
        guard blends.allSatisfy({ $0.isPlain && $0.picture == nil }) else { return blends }
        let upper = visible.dropFirst()
        if inkMayTakePaintAway, upper.contains(drawing.currentLayerIndex) { return blends }
        let takesPaintAway = upper.contains { index in
            drawing.layers[index].strokes.contains { $0.brush.map(BrushStrokes.mayTakePaintAway) == true }
        }
        return takesPaintAway ? blends : nil
    }

    /// Each layer of `composition` with the positions in `indices` (increasing positions among the strokes shown)
    /// of its strokes, none for a layer none of whose strokes is there: what a tile draws, layer by layer.
    static func runs(of indices: [Int], in composition: [LayerBlend]) -> [LayerRun] {
        var runs: [LayerRun] = []
        runs.reserveCapacity(composition.count)
        var position = 0, layerEnd = 0
        for blend in composition {
            layerEnd += blend.strokeCount
            let start = position
            while position < indices.count, indices[position] < layerEnd { position += 1 }
            runs.append(LayerRun(range: start..<position, blend: blend, layer: runs.count))
        }
        return runs
    }

    public static func == (lhs: LayerBlend, rhs: LayerBlend) -> Bool {
        lhs.picture === rhs.picture && lhs.strokeCount == rhs.strokeCount && lhs.opacity == rhs.opacity
            && lhs.blendMode == rhs.blendMode
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(picture.map(ObjectIdentifier.init))
        hasher.combine(strokeCount)
        hasher.combine(opacity)
        hasher.combine(blendMode)
    }
}

/// Strokes of one layer in a list of strokes (``TileJob/strokes``), and how the layer is put over those below.
struct LayerRun: Hashable, Sendable {
    var range: Range<Int>
    var blend: LayerBlend
    /// The layer's position in the composition.
    var layer: Int
}

/// What a visible layer holds, as the renderer shows it: its revision (``Layer/revision``), which tells its picture
/// and strokes without keeping them.
struct LayerContent {
    var revision: LayerRevision
    /// Whether the layer holds nothing: no stroke, no picture.
    var isEmpty: Bool

    /// What `layer` holds.
    init(_ layer: Layer) {
        revision = layer.revision
        isEmpty = layer.isEmpty
    }

    /// Whether two layers hold the same strokes and picture: a layer and its copies while none is changed (a layer
    /// changed and changed back holds the same, but another revision: it is not taken for the one before).
    func holdsTheSame(as other: LayerContent) -> Bool {
        revision == other.revision
    }
}

/// What the layers the renderer shows hold, and those it put aside (hidden or taken out by the last restacks, whose
/// own pixels the tiles in view keep): what a restack is worked out from.
struct ShownLayers {
    /// The layers of a composition, by position, and where each was before.
    struct Restack: Equatable {
        /// For each layer, its position among the layers shown then those aside (`nil`: an empty layer).
        var positions: [Int?]
        /// The layers to keep aside now, by position among the layers shown then those aside, most recent last.
        var aside: [Int]
    }

    /// The most layers put aside: those hidden or taken out last.
    static let asideLimit = 2

    /// The layers shown, by position in the composition.
    var shown: [LayerContent]
    /// The layers put aside, most recent last.
    var aside: [LayerContent] = []

    /// `layers` as a restack of these (some in another order, hidden or taken out, empty ones added, ones put aside
    /// shown again): where each was, each taken once, and the layers to keep aside, those left out last (at most
    /// ``asideLimit``). `nil` when a layer that is not empty is neither shown nor aside, or when `layers` are those
    /// shown as they were.
    func restack(to layers: [LayerContent]) -> Restack? {
        let pool = shown + aside
        var taken = Set<Int>()
        var positions: [Int?] = []
        positions.reserveCapacity(layers.count)
        for layer in layers {
            guard !layer.isEmpty else {
                positions.append(nil)
                continue
            }
            guard let found = pool.indices.first(where: { !taken.contains($0) && pool[$0].holdsTheSame(as: layer) })
            else { return nil }
            taken.insert(found)
            positions.append(found)
        }
        guard positions != shown.indices.map({ $0 }) else { return nil }
        // Those aside before first, then those shown and left out: the most recent last.
        let left = (aside.indices.map { shown.count + $0 } + shown.indices).filter { !taken.contains($0) && !pool[$0].isEmpty }
        return Restack(positions: positions, aside: Array(left.suffix(Self.asideLimit)))
    }

    /// The layers shown and aside after `restack` to `layers`.
    func restacked(_ restack: Restack, to layers: [LayerContent]) -> ShownLayers {
        let pool = shown + aside
        return ShownLayers(shown: layers, aside: restack.aside.map { pool[$0] })
    }
}
