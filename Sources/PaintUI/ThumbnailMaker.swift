// Thumbnails of the user's drawings, read and drawn off the Wayland thread: paths in, pixels out.
import Dispatch
import FoundationEssentials
import PaintModel
import PaintRender
import Threading

/// Reads drawings and draws their thumbnails on a queue of its own (the second core), one after another, and keeps
/// what it made until the main thread takes it. The main thread never reads a drawing's file for the gallery.
public final class ThumbnailMaker: Sendable {
    /// A thumbnail made, as pixels that may cross threads.
    public struct Thumbnail: Sendable {
        /// The drawing it shows.
        public var drawing: LibraryDrawing
        /// Its size in pixels; 0 by 0 when the drawing could not be read.
        public var width: Int, height: Int
        /// `0x00RRGGBB` pixels, row by row.
        public var pixels: [UInt32]
        /// Whether the drawing had damage or a torn end (it opens with what could be read).
        public var isDamaged: Bool
        /// Why the drawing could not be read, `nil` when it was.
        public var failure: String?

        /// The thumbnail as an image the renderer draws; `nil` when the drawing could not be read.
        public func image() -> ImageSurface? {
            guard failure == nil, width > 0, height > 0 else { return nil }
            let image = ImageSurface(width: width, height: height, fill: nil)
            let target = image.pixels
            pixels.withUnsafeBytes { source in
                for row in 0..<height {
                    (target + row * image.stride).update(from: source.baseAddress!.assumingMemoryBound(to: UInt8.self)
                                                             + row * width * 4, count: width * 4)
                }
            }
            image.markDirty()
            return image
        }
    }

    private let queue = DispatchQueue(label: "fingerpaint.thumbnails", qos: .utility)
    private let finished = Locked<[Thumbnail]>([])
    private let pending = Locked<Int>(0)
    /// The paths whose thumbnails are still wanted; `nil`: all. A queued one no longer wanted is skipped.
    private let wanted = Locked<Set<String>?>(nil)

    public init() {}

    /// Queues a drawing: its thumbnail comes through ``takeFinished()``, at most the side of the smallest
    /// thumbnail-cache flavour of at least `side` pixels (so that the cache's thumbnails are the same). With a
    /// `cache`, a thumbnail there that is up to date is taken instead of reading the drawing, and one made is kept
    /// there (both on the maker's queue).
    public func request(_ drawing: LibraryDrawing, side: Int, cache: ThumbnailCache? = nil) {
        pending.withLock { $0 += 1 }
        queue.async { [self] in
            guard wanted.withLock({ $0?.contains(drawing.url.path) ?? true }) else {
                pending.withLock { $0 -= 1 }
                return
            }
            let thumbnail = Self.make(drawing, flavor: ThumbnailCache.Flavor(fitting: side), cache: cache)
            finished.withLock { $0.append(thumbnail) }
            pending.withLock { $0 -= 1 }
        }
    }

    /// Makes only the thumbnails of these paths from now on: queued ones of others are skipped (the gallery
    /// scrolled past them).
    public func keepOnly(_ paths: Set<String>) {
        wanted.withLock { $0 = paths }
    }

    /// The thumbnails made since the last call.
    public func takeFinished() -> [Thumbnail] {
        finished.withLock { finished in
            let taken = finished
            finished = []
            return taken
        }
    }

    /// Whether thumbnails are being made or wait to be taken: look again soon.
    public var isBusy: Bool { pending.withLock { $0 > 0 } || finished.withLock { !$0.isEmpty } }

    /// Waits until every queued thumbnail is made (a test, a benchmark).
    public func waitUntilIdle() {
        queue.sync {}
    }

    private static func make(_ drawing: LibraryDrawing, flavor: ThumbnailCache.Flavor, cache: ThumbnailCache?) -> Thumbnail {
        // Looked at before the drawing is read: a change meanwhile makes the thumbnail out of date, never wrong.
        let source = ThumbnailCache.Source(drawing.url)
        if let cache, let source, let cached = cache.thumbnail(of: source, flavor: flavor) {
            return thumbnail(of: drawing, image: cached.image, isDamaged: cached.isDamaged)
        }
        if let cache, let source, cache.hasFailure(for: source) {
            return Thumbnail(drawing: drawing, width: 0, height: 0, pixels: [], isDamaged: true,
                             failure: "not a fingerpaint drawing (the thumbnail cache's failure entry says)")
        }
        let contents: DrawingDocument.Contents
        do {
            contents = try DocumentFile.read(drawing.url)
        } catch {
            // Not a drawing: remembered until the file changes. Other failures (permissions, I/O) are tried again.
            if let cache, let source, case .unreadable = error.reason { cache.storeFailure(of: source) }
            return Thumbnail(drawing: drawing, width: 0, height: 0, pixels: [], isDamaged: true, failure: "\(error)")
        }
        let image = DrawingPicture.thumbnail(of: contents.drawing, fitting: flavor.side)
        if let cache, let source {
            cache.store(image, of: source, flavor: flavor, isDamaged: contents.hasUnreadBytes)
        }
        return thumbnail(of: drawing, image: image, isDamaged: contents.hasUnreadBytes)
    }

    private static func thumbnail(of drawing: LibraryDrawing, image: ImageSurface, isDamaged: Bool) -> Thumbnail {
        var pixels = [UInt32](repeating: 0, count: image.width * image.height)
        let source = image.pixels
        pixels.withUnsafeMutableBytes { target in
            for row in 0..<image.height {
                (target.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * image.width * 4)
                    .update(from: source + row * image.stride, count: image.width * 4)
            }
        }
        return Thumbnail(drawing: drawing, width: image.width, height: image.height, pixels: pixels,
                         isDamaged: isDamaged, failure: nil)
    }
}
