// The layers panel's thumbnails: a picture of each layer alone on paper, kept until that layer changes. Contract: a
// layer's thumbnail is made again only when its strokes or attributes differ from those it was made of, or the area
// shown changes; every made one gets a key of its own, so that a changed picture is a changed overlay.
import Geometry
import PaintModel
import PaintRender

/// The thumbnails of a drawing's layers, each a picture of one layer alone on white paper over the same area (so
/// that their ink lines up), by key (``PaintUI/Overlay/Item/Content/layerThumbnail(_:)``).
///
/// A layer is found again by its content, wherever it moved in the stack: a stroke on one layer, or a move, makes no
/// thumbnail of another again. A layer of 5 000 strokes takes about 10 ms on this machine's core (docs/layers.md).
public final class LayerThumbnails {
    /// One thumbnail: the layer it shows, its key and its picture.
    private struct Entry {
        var layer: Layer
        var key: String
        var image: ImageSurface
    }

    private var entries: [Entry] = []
    private var area = Rect.zero
    private var side = 0

    /// How many thumbnails were made so far (tests: one kept is not made again).
    public private(set) var madeCount = 0

    public init() {}

    /// The keys of the thumbnails of `layers` (bottom first), each showing `area` (document points) at most `side`
    /// pixels a side, and the images by key; the thumbnails of layers that changed are made now, those of layers
    /// no longer in the stack let go. A side outside 1–``PaintRender/DrawingPicture/largestThumbnail`` is kept
    /// within it; an area that is empty or not finite shows the document's first 64 points.
    public func update(for layers: [Layer], area: Rect, side: Int) -> (keys: [String], images: [String: ImageSurface]) {
        let finite = [area.minX, area.minY, area.width, area.height].allSatisfy(\.isFinite) && area.width > 0
            && area.height > 0
        let area = finite ? area : Rect(x: 0, y: 0, width: 64, height: 64)
        let side = min(max(side, 1), DrawingPicture.largestThumbnail)
        if area != self.area || side != self.side {
            entries = []
            self.area = area
            self.side = side
        }
        var kept: [Entry] = []
        kept.reserveCapacity(layers.count)
        for layer in layers {
            if let index = entries.firstIndex(where: { $0.layer == layer }) {
                kept.append(entries.remove(at: index))
                continue
            }
            let picture = DrawingPicture(layers: [PictureLayer(strokes: layer.strokes)], paper: .white, area: area)
            madeCount &+= 1
            kept.append(Entry(layer: layer, key: Self.keyPrefix + "\(madeCount)", image: picture.thumbnail(fitting: side)))
        }
        entries = kept
        var images: [String: ImageSurface] = [:]
        for entry in kept { images[entry.key] = entry.image }
        return (kept.map(\.key), images)
    }

    /// The key prefix every thumbnail's key starts with, apart from the gallery's.
    public static let keyPrefix = "layer-thumbnail-"
}
