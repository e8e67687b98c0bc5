// The layers panel's thumbnails: a picture of each layer alone on paper, drawn off the Wayland thread and kept until
// that layer changes. Contract: a layer's thumbnail is made again only when its strokes, picture or attributes differ
// from those it was made of, or the area shown changes; every made one gets a key of its own, so that a changed picture
// is a changed overlay; the queue gets layers (values) and gives pixels back, and touches nothing else.
import Dispatch
import Geometry
import PaintModel
import PaintRender
import Threading

/// The thumbnails of a drawing's layers, each a picture of one layer alone on white paper over the same area (so
/// that their ink lines up), by key (``PaintUI/Overlay/Item/Content/layerThumbnail(_:)``).
///
/// - A layer is found again by its content, wherever it moved in the stack: a stroke on one layer, or a move, makes
///   no thumbnail of another again.
/// - Thumbnails are drawn on a queue of their own, by Cairo's rasterizer (docs/layers.md says how long they take):
///   until a changed layer's new one is ready its row keeps the one it showed, and a new layer shows paper.
/// - A layer changed again before its thumbnail was drawn is drawn once, as it is last.
public final class LayerThumbnails {
    /// One thumbnail: the layer it shows, its key and its picture.
    private struct Entry {
        var layer: Layer
        var key: String
        var image: ImageSurface
    }

    /// A thumbnail drawn on the queue, as pixels that may cross threads; no pixels when its layer was no longer
    /// wanted.
    private struct Drawn: Sendable {
        var job: Int
        var width: Int, height: Int
        /// The image's pixels as its bytes lie, row by row without padding; empty for a job skipped.
        var pixels: [UInt32]
    }

    private let queue = DispatchQueue(label: "fingerpaint.layer-thumbnails", qos: .utility)
    private let finished = Locked<[Drawn]>([])
    /// The jobs still wanted; a queued one no longer wanted is skipped.
    private let wanted = Locked<Set<Int>>([])

    private var entries: [Entry] = []
    /// The jobs asked for and not taken back yet: the layer each draws.
    private var jobs: [Int: Layer] = [:]
    private var nextJob = 0
    /// The keys shown last, bottom first: a changed layer keeps showing its old one meanwhile.
    private var shown: [String?] = []
    private var area = Rect.zero
    private var side = 0

    /// How many thumbnails were drawn so far (tests: one kept is not drawn again).
    public private(set) var madeCount = 0

    /// The key prefix of every thumbnail's key, apart from the gallery's.
    public static let keyPrefix = "layer-thumbnail-"

    public init() {}

    /// Whether thumbnails are being drawn or wait to be taken: look again soon (``update(for:area:side:)``).
    public var isBusy: Bool { !jobs.isEmpty }

    /// Waits until every thumbnail asked for is drawn (a test, a benchmark); the next update takes them.
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// The keys of the thumbnails of `layers` (bottom first; `nil` for a layer with none yet), each showing `area`
    /// (document points) at most `side` pixels a side, and the images by key. The thumbnails drawn since the last
    /// call are taken; those of layers that changed are asked for; those no longer shown let go. A side outside
    /// 1–``PaintRender/DrawingPicture/largestThumbnail`` is kept within it; an area that is empty or not finite
    /// shows the document's first 64 points.
    public func update(for layers: [Layer], area: Rect, side: Int) -> (keys: [String?], images: [String: ImageSurface]) {
        let isFinite = [area.minX, area.minY, area.width, area.height].allSatisfy(\.isFinite)
        let area = isFinite && area.width > 0 && area.height > 0 ? area : Rect(x: 0, y: 0, width: 64, height: 64)
        let side = min(max(side, 1), DrawingPicture.largestThumbnail)
        if area != self.area || side != self.side {
            entries = []
            jobs = [:]
            shown = []
            self.area = area
            self.side = side
        }
        takeFinished()
        var kept: [Entry] = []
        var keys: [String?] = []
        var stillWanted = Set<Int>()
        for (position, layer) in layers.enumerated() {
            if let index = entries.firstIndex(where: { $0.layer == layer }) {
                keys.append(entries[index].key)
                kept.append(entries.remove(at: index))
                continue
            }
            if let job = jobs.first(where: { $0.value == layer })?.key {
                stillWanted.insert(job)
            } else {
                stillWanted.insert(request(layer))
            }
            // Meanwhile the row shows what it showed.
            let old = shown.indices.contains(position) ? shown[position] : nil
            if let old, let index = entries.firstIndex(where: { $0.key == old }) {
                keys.append(old)
                kept.append(entries.remove(at: index))
            } else {
                keys.append(kept.first { $0.key == old }?.key)
            }
        }
        entries = kept
        shown = keys
        wanted.withLock { $0 = stillWanted }
        var images: [String: ImageSurface] = [:]
        for entry in kept { images[entry.key] = entry.image }
        return (keys, images)
    }

    /// Asks the queue for a layer's thumbnail; returns the job's number.
    private func request(_ layer: Layer) -> Int {
        let job = nextJob
        nextJob &+= 1
        jobs[job] = layer
        wanted.withLock { _ = $0.insert(job) }
        let (area, side, wanted, finished) = (area, side, wanted, finished)
        queue.async {
            guard wanted.withLock({ $0.contains(job) }) else {
                finished.withLock { $0.append(Drawn(job: job, width: 0, height: 0, pixels: [])) }
                return
            }
            let shown = PictureLayer(picture: layer.image.map(PicturePixels.of), strokes: layer.strokes)
            let picture = DrawingPicture(layers: [shown], paper: .white, area: area)
            // Cairo's rasterizer: at a thumbnail's few pixels a point it is ten times as fast as our own (which is
            // made for the tiles' full size), and as good at that size.
            let scale = min(1, Double(side) / max(area.width, area.height, 1))
            let image = picture.image(pixelsPerPoint: scale, rasterizer: .cairo)
            let pixels = image.rowPixels
            finished.withLock { $0.append(Drawn(job: job, width: image.width, height: image.height, pixels: pixels)) }
        }
        return job
    }

    /// Takes the thumbnails drawn: each becomes an entry with a key of its own.
    private func takeFinished() {
        let drawn = finished.withLock { finished in
            let taken = finished
            finished = []
            return taken
        }
        for thumbnail in drawn {
            guard let layer = jobs.removeValue(forKey: thumbnail.job),
                  let image = ImageSurface.made(of: thumbnail.pixels, width: thumbnail.width, height: thumbnail.height,
                                                    isOpaque: true)
            else { continue }
            madeCount &+= 1
            entries.append(Entry(layer: layer, key: Self.keyPrefix + "\(madeCount)", image: image))
        }
    }
}
