// A layer's picture as the renderer draws it: its pixels with the eraser's cuts taken out, made once per picture
// and shared by the tiles, exports and thumbnails that draw it (docs/layers.md, "Pictures").
import CCairo
import Geometry
import ImageDecoding
import PaintModel
import Threading

/// A ``LayerImage``'s pixels, premultiplied ARGB32 in Cairo's layout, with its cuts taken out: what every surface
/// draws of the picture. Never written after it is made, so any thread may draw it, each through a Cairo surface of
/// its own over the same memory. Made by ``of(_:)``, which keeps the recent ones.
public final class PicturePixels: @unchecked Sendable {
    /// The pixels' width and height.
    let width: Int, height: Int
    /// Bytes from one row to the next.
    let stride: Int
    /// Where the picture lies in the drawing, in document points.
    public let frame: Rect
    private let data: UnsafeMutableRawPointer

    /// The picture's pixels with its cuts taken out.
    init(_ image: LayerImage) {
        width = image.pixels.width
        height = image.pixels.height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        frame = image.frame
        data = .allocate(byteCount: stride * height, alignment: 16)
        image.pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                (data + row * stride).copyMemory(from: base + row * image.pixels.bytesPerRow, byteCount: width * 4)
            }
        }
        guard !image.cuts.isEmpty else { return }
        let surface = makeSurface()
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        // The cuts are in document points: the picture's pixels from its frame.
        cairo_scale(context, Double(width) / frame.width, Double(height) / frame.height)
        cairo_translate(context, -frame.minX, -frame.minY)
        cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for cut in image.cuts {
            guard let first = cut.points.first else { continue }
            cairo_set_line_width(context, 2 * cut.radius)
            cairo_move_to(context, first.x, first.y)
            // One point is a dot: a round cap on a segment of no length.
            if cut.points.count == 1 { cairo_line_to(context, first.x, first.y) }
            for point in cut.points.dropFirst() { cairo_line_to(context, point.x, point.y) }
            cairo_stroke(context)
        }
        cairo_surface_flush(surface)
    }

    deinit { data.deallocate() }

    /// How many bytes the pixels take.
    var byteCount: Int { stride * height }

    /// A Cairo surface over the pixels, for the caller to destroy; only ever read from, but the first, which cuts.
    private func makeSurface() -> OpaquePointer {
        cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                            Int32(width), Int32(height), Int32(stride))
    }

    /// Paints the picture over its frame with `context`, whose user space is document points: sharp down to its
    /// pixels and smooth past them (Cairo's good filter, which averages when it shrinks and interpolates when it
    /// grows), its edges not blurred into what is around it.
    func draw(in context: OpaquePointer) {
        let surface = makeSurface()
        defer { cairo_surface_destroy(surface) }
        cairo_save(context)
        cairo_translate(context, frame.minX, frame.minY)
        cairo_scale(context, frame.width / Double(width), frame.height / Double(height))
        cairo_set_source_surface(context, surface, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(context, 0, 0, Double(width), Double(height))
        cairo_fill(context)
        cairo_restore(context)
    }

    // MARK: - Kept

    /// The most bytes of pictures kept for drawing again (the pictures a drawing shows, and a few cut versions of
    /// them for undo): 256 MiB, five 12-megapixel photos.
    static let keptBytes = 256 << 20

    private static let kept = Locked<[(image: LayerImage, pixels: PicturePixels)]>([])

    /// The pixels of a picture: the ones kept for an equal picture, or made now and kept, the least recently used
    /// let go past ``keptBytes``.
    public static func of(_ image: LayerImage) -> PicturePixels {
        if let found = kept.withLock({ kept -> PicturePixels? in
            guard let index = kept.firstIndex(where: { $0.image == image }) else { return nil }
            let entry = kept.remove(at: index)
            kept.append(entry)
            return entry.pixels
        }) {
            return found
        }
        let pixels = PicturePixels(image)
        kept.withLock { kept in
            kept.append((image, pixels))
            var total = kept.reduce(0) { $0 + $1.pixels.byteCount }
            while total > keptBytes, kept.count > 1 {
                total -= kept.removeFirst().pixels.byteCount
            }
        }
        return pixels
    }
}
