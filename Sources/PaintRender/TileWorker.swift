// Drawing tiles off the Wayland thread: Sendable jobs in, pixels out, on a queue of its own (the second core).
import CCairo
import Dispatch
import PaintModel
import Synchronization
import TouchUI

/// What to draw: the strokes (in painting order) over one region of the document drawn at a number of pixels
/// per point. A plain value, so it can go to another thread.
struct TileJob: Sendable {
    /// Tells this job's answer from that of a job it replaced.
    var id: Int
    var key: TileKey
    /// The pixels to draw, of the document at `key.pixelsPerPoint`: the whole tile or part of it.
    var region: PixelRect
    var strokes: [Stroke]
    var paper: Color

    /// Draws the job: the region's pixels, `stride` = width × 4 bytes a row; `nil` when only paper shows there.
    func render() -> TilePixels {
        guard !strokes.isEmpty else { return TilePixels(job: self, bytes: nil) }
        let image = ImageSurface(width: region.width, height: region.height, fill: paper)
        drawStrokes(strokes[...], region: region, pixelsPerPoint: key.pixelsPerPoint, into: image, at: (0, 0))
        let rowBytes = region.width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * region.height)
        let source = image.pixels
        bytes.withUnsafeMutableBytes { target in
            for row in 0..<region.height {
                (target.baseAddress! + row * rowBytes).copyMemory(from: source + row * image.stride, byteCount: rowBytes)
            }
        }
        return TilePixels(job: self, bytes: bytes)
    }
}

/// A drawn job: the pixels of its region, rows of `region.width × 4` bytes; `nil` for paper only.
struct TilePixels: Sendable {
    var id: Int
    var key: TileKey
    var region: PixelRect
    var bytes: [UInt8]?

    init(job: TileJob, bytes: [UInt8]?) {
        id = job.id
        key = job.key
        region = job.region
        self.bytes = bytes
    }

    /// Copies the pixels into an image, with the region's top-left corner at (`x`, `y`) of the image.
    func copy(into image: ImageSurface, at x: Int, _ y: Int, paper: Color) {
        guard let bytes else {
            image.fill(PixelRect(x: x, y: y, width: region.width, height: region.height), with: paper)
            return
        }
        let target = image.pixels
        let rowBytes = region.width * 4
        bytes.withUnsafeBytes { source in
            for row in 0..<region.height {
                (target + (y + row) * image.stride + x * 4).update(
                    from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * rowBytes, count: rowBytes)
            }
        }
        image.markDirty()
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
