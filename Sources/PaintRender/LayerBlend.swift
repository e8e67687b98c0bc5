// How a drawing's visible layers are put together when they are not all opaque and normal: the renderer's tiles
// draw each layer apart and composite it, as exports do (DrawingPicture), so the window shows opacity and blend modes.
import PaintModel

/// One visible layer as the renderer composites it: how many of the strokes shown are its own (the strokes shown
/// are the visible layers' strokes, bottom first), and how it is put over the layers below.
public struct LayerBlend: Hashable, Sendable {
    /// How many consecutive strokes of those shown are the layer's.
    public var strokeCount: Int
    /// How much of the layer shows, from 0 to 1.
    public var opacity: Double
    /// How the layer's colours combine with those below.
    public var blendMode: BlendMode

    /// A layer of `strokeCount` strokes with an opacity and a blend mode.
    public init(strokeCount: Int, opacity: Double, blendMode: BlendMode) {
        self.strokeCount = strokeCount
        self.opacity = opacity
        self.blendMode = blendMode
    }

    /// Whether the layer is drawn straight onto the ones below: opaque and normal.
    var isPlain: Bool { opacity >= 1 && blendMode == .normal }

    /// The layer's look without its strokes: two compositions whose layers look alike draw the same tiles from the
    /// same strokes.
    var look: LayerBlend { LayerBlend(strokeCount: 0, opacity: opacity, blendMode: blendMode) }

    /// The composition of a drawing's visible layers; `nil` when each is drawn straight onto the ones below (opaque
    /// and normal), and the strokes shown in order are the picture.
    public static func composition(of drawing: Drawing) -> [LayerBlend]? {
        let blends = drawing.layers.filter(\.attributes.isVisible).map {
            LayerBlend(strokeCount: $0.strokes.count, opacity: $0.attributes.opacity, blendMode: $0.attributes.blendMode)
        }
        return blends.allSatisfy(\.isPlain) ? nil : blends
    }

    /// The layers of strokes `indices` (increasing positions among the strokes shown) as runs of positions in
    /// `indices`, each with its layer's blend: what a tile draws, layer by layer.
    static func runs(of indices: [Int], in composition: [LayerBlend]) -> [LayerRun] {
        var runs: [LayerRun] = []
        var layerEnd = 0, layer = -1, position = 0
        while position < indices.count {
            // The layer the stroke at `position` is in.
            while indices[position] >= layerEnd, layer + 1 < composition.count {
                layer += 1
                layerEnd += composition[layer].strokeCount
            }
            guard layer >= 0, indices[position] < layerEnd else { break }
            var end = position + 1
            while end < indices.count, indices[end] < layerEnd { end += 1 }
            runs.append(LayerRun(range: position..<end, blend: composition[layer], layer: layer))
            position = end
        }
        return runs
    }
}

/// Strokes of one layer in a list of strokes (``TileJob/strokes``), and how the layer is put over those below.
struct LayerRun: Hashable, Sendable {
    var range: Range<Int>
    var blend: LayerBlend
    /// The layer's position in the composition.
    var layer: Int
}
