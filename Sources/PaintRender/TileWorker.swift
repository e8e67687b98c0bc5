// Drawing tiles off the Wayland thread: Sendable jobs in, pixels out, on a queue of its own (the second core).
import CCairo
import Dispatch
import PaintModel
import Synchronization
import TouchUI

/// What to draw: the strokes (in painting order) that reach one tile of the document drawn at a number of pixels
/// per point. A plain value, so it can go to another thread.
struct TileJob: Sendable {
    /// Tells this job's answer from that of a job it replaced.
    var id: Int
    var key: TileKey
    /// The tile's pixels, of the document at `key.pixelsPerPoint`.
    var region: PixelRect
    var strokes: [Stroke]
    var paper: Color
    /// Also keep the tile as it is with the drawing's first `count` strokes: those are `strokes[..<index]`.
    var base: (count: Int, index: Int)?

    /// Draws the job.
    func render() -> TilePixels {
        guard !strokes.isEmpty else {
            return TilePixels(job: self, bytes: nil, base: base.map { TilePixels.Base(count: $0.count, drawnSince: 0, bytes: nil) })
        }
        let image = ImageSurface(width: region.width, height: region.height, fill: paper)
        var basePixels: TilePixels.Base?
        if let base {
            drawStrokes(strokes[..<base.index], region: region, pixelsPerPoint: key.pixelsPerPoint, into: image, at: (0, 0))
            basePixels = TilePixels.Base(count: base.count, drawnSince: strokes.count - base.index,
                                         bytes: base.index == 0 ? nil : Self.bytes(of: image))
            drawStrokes(strokes[base.index...], region: region, pixelsPerPoint: key.pixelsPerPoint, into: image, at: (0, 0))
        } else {
            drawStrokes(strokes[...], region: region, pixelsPerPoint: key.pixelsPerPoint, into: image, at: (0, 0))
        }
        return TilePixels(job: self, bytes: Self.bytes(of: image), base: basePixels)
    }

    /// An image's pixels as rows of `width × 4` bytes.
    private static func bytes(of image: ImageSurface) -> [UInt8] {
        let rowBytes = image.width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * image.height)
        let source = image.pixels
        bytes.withUnsafeMutableBytes { target in
            for row in 0..<image.height {
                (target.baseAddress! + row * rowBytes).copyMemory(from: source + row * image.stride, byteCount: rowBytes)
            }
        }
        return bytes
    }
}

/// A drawn job: the tile's pixels, rows of `region.width × 4` bytes, `nil` for paper only; and its base if asked.
struct TilePixels: Sendable {
    /// The tile as it was with the drawing's first `count` strokes, `drawnSince` of the later ones reaching it.
    struct Base: Sendable {
        var count: Int
        var drawnSince: Int
        var bytes: [UInt8]?
    }

    var id: Int
    var key: TileKey
    var region: PixelRect
    var bytes: [UInt8]?
    var base: Base?

    init(job: TileJob, bytes: [UInt8]?, base: Base?) {
        id = job.id
        key = job.key
        region = job.region
        self.bytes = bytes
        self.base = base
    }

    /// The pixels as an image; `nil` for paper only.
    func image(paper: Color) -> ImageSurface? {
        Self.image(of: bytes, width: region.width, height: region.height, paper: paper)
    }

    /// The base's pixels as an image; `nil` for paper only.
    func baseImage(paper: Color) -> ImageSurface? {
        Self.image(of: base?.bytes, width: region.width, height: region.height, paper: paper)
    }

    private static func image(of bytes: [UInt8]?, width: Int, height: Int, paper: Color) -> ImageSurface? {
        guard let bytes else { return nil }
        let image = ImageSurface(width: width, height: height, fill: nil)
        let target = image.pixels
        let rowBytes = width * 4
        bytes.withUnsafeBytes { source in
            for row in 0..<height {
                (target + row * image.stride).update(
                    from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * rowBytes, count: rowBytes)
            }
        }
        image.markDirty()
        return image
    }
}

/// Draws strokes, in order, over a region of the document drawn at `pixelsPerPoint`, into `image` with the
/// region's top-left corner at `origin`. Everything outside the region is left alone; inside, paper is
/// expected to be there already.
func drawStrokes(_ strokes: ArraySlice<Stroke>, region: PixelRect, pixelsPerPoint: Double, into image: ImageSurface,
                 at origin: (x: Int, y: Int)) {
    guard !strokes.isEmpty else { return }
    let context = cairo_create(image.surface)!
    defer { cairo_destroy(context) }
    cairo_rectangle(context, Double(origin.x), Double(origin.y), Double(region.width), Double(region.height))
    cairo_clip(context)
    cairo_translate(context, Double(origin.x - region.x), Double(origin.y - region.y))
    prepareForStrokes(context, pixelsPerPoint: pixelsPerPoint)
    for stroke in strokes { drawStroke(stroke, in: context) }
}

/// Draws tile jobs one after another on a serial queue of its own, and keeps what it drew until the main thread
/// takes it. Jobs can be withdrawn before they start.
final class TileWorker: Sendable {
    private let queue = DispatchQueue(label: "fingerpaint.tiles", qos: .userInitiated)
    private let finished = Mutex<[TilePixels]>([])
    private let wanted = Mutex<Set<Int>>([])

    /// Queues a job.
    func submit(_ job: TileJob) {
        wanted.withLock { _ = $0.insert(job.id) }
        queue.async { [self] in
            guard wanted.withLock({ $0.contains(job.id) }) else { return }
            let pixels = job.render()
            finished.withLock { $0.append(pixels) }
        }
    }

    /// Withdraws a job: it is not drawn if it has not started; its answer, if any, is for the caller to ignore.
    func withdraw(_ id: Int) {
        wanted.withLock { _ = $0.remove(id) }
    }

    /// The jobs drawn since the last call, in the order they were drawn.
    func takeFinished() -> [TilePixels] {
        let taken = finished.withLock { finished in
            let taken = finished
            finished = []
            return taken
        }
        wanted.withLock { wanted in for pixels in taken { wanted.remove(pixels.id) } }
        return taken
    }

    /// Whether jobs have been drawn that nobody took yet.
    var hasFinished: Bool { finished.withLock { !$0.isEmpty } }

    /// Waits until every queued job is drawn or withdrawn.
    func waitUntilIdle() {
        queue.sync {}
    }
}
