// A Cairo image surface in XRGB (CAIRO_FORMAT_RGB24), or with alpha for a layer, that this module owns, with its
// pixels in reach.
import CCairo
import FoundationEssentials
import Geometry
import Glibc
import Localization
import PaintModel

/// An XRGB8888 image (Cairo's `CAIRO_FORMAT_RGB24`): 32 bits a pixel, the top byte unused, native byte order —
/// the layout of `WL_SHM_FORMAT_XRGB8888` — or, made by ``init(clearWidth:height:)``, one with premultiplied
/// alpha in the top byte. It owns its Cairo surface and destroys it when released.
public final class ImageSurface {
    /// The Cairo surface, to draw into with a Cairo context.
    public let surface: OpaquePointer
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// Memory the pixels live in when the image does not own them: kept alive as long as the image.
    private let storage: PixelStorage?

    /// A new image filled with a colour; with `nil`, its pixels are whatever the allocator gave (zero, black).
    public convenience init(width: Int, height: Int, fill: Color? = .white) {
        self.init(width: width, height: height, format: CAIRO_FORMAT_RGB24)
        guard let fill else { return }
        let context = cairo_create(surface)
        cairo_set_source_rgb(context, fill.red, fill.green, fill.blue)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_destroy(context)
    }

    /// A new image with an alpha channel (Cairo's `CAIRO_FORMAT_ARGB32`, premultiplied), every pixel clear: a layer
    /// drawn apart before it is put over the layers below.
    package convenience init(clearWidth width: Int, height: Int) {
        self.init(width: width, height: height, format: CAIRO_FORMAT_ARGB32)
    }

    /// A new image of its own in a format, its pixels as Cairo made them (zero).
    private init(width: Int, height: Int, format: cairo_format_t) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        surface = cairo_image_surface_create(format, Int32(self.width), Int32(self.height))
        stride = Int(cairo_image_surface_get_stride(surface))
        storage = nil
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot create a \(width)x\(height) image")
    }

    /// The image in a PNG file, painted over white (a reference picture, a file written by ``writePNG(to:rows:)``).
    public convenience init(contentsOfPNG path: String) throws(RenderError) {
        let png = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(png) }
        let status = cairo_surface_status(png)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Translators: %1$s is a file's path, %2$s Cairo's reason.
            throw RenderError(message: localized("cannot read %1$s: %2$s", path, String(cString: cairo_status_to_string(status))))
        }
        self.init(width: Int(cairo_image_surface_get_width(png)), height: Int(cairo_image_surface_get_height(png)))
        let context = cairo_create(surface)
        cairo_set_source_surface(context, png, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
    }

    /// An image over memory that outlives it (the frame, whose memory a resize reuses when it is large enough).
    /// Its pixels are what the memory held.
    init(width: Int, height: Int, storage: PixelStorage) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(self.width)))
        precondition(stride * self.height <= storage.capacity, "the storage is too small for \(width)x\(height)")
        self.storage = storage
        surface = cairo_image_surface_create_for_data(storage.bytes, CAIRO_FORMAT_RGB24, Int32(self.width),
                                                      Int32(self.height), Int32(stride))
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot create a \(width)x\(height) image")
    }

    /// An image over memory it does not own (a window's buffer), which must outlive it. Its pixels are what the
    /// memory holds.
    init(width: Int, height: Int, stride: Int, pixels: UnsafeMutableRawPointer) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.stride = stride
        storage = nil
        surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                      Int32(self.width), Int32(self.height), Int32(stride))
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot draw into a \(width)x\(height) buffer")
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Moves every pixel by `dx`, `dy` within the image (a pan of what it shows); pixels moved out are lost, and
    /// those uncovered keep what they held. Rows are moved with `memmove`, all at once when they move only
    /// vertically.
    func move(byX dx: Int, y dy: Int) {
        let width = self.width - abs(dx), height = self.height - abs(dy)
        guard width > 0, height > 0, dx != 0 || dy != 0 else { return }
        let base = pixels
        let fromX = max(-dx, 0), toX = max(dx, 0), fromY = max(-dy, 0), toY = max(dy, 0)
        if dx == 0 {
            memmove(base + toY * stride, base + fromY * stride, (height - 1) * stride + self.width * 4)
        } else {
            // Moving down, the bottom rows go first, so that no row is overwritten before it is moved.
            let rows = dy > 0 ? Array((0..<height).reversed()) : Array(0..<height)
            for row in rows {
                memmove(base + (toY + row) * stride + toX * 4, base + (fromY + row) * stride + fromX * 4, width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The pixel bytes, valid until the surface is released; flushed so that Cairo's drawing is all there.
    package var pixels: UnsafeMutablePointer<UInt8> {
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)
    }

    /// Whether the image has no alpha (Cairo's `RGB24`, as paper and the frame are): what is drawn into it lies over
    /// paper.
    var isOpaque: Bool { cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 }

    /// The pixel at a place, as `0x00RRGGBB`; 0 outside the image.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        let row = UnsafeRawPointer(pixels + y * stride)
        return row.load(fromByteOffset: x * 4, as: UInt32.self) & 0x00FF_FFFF
    }

    /// Fills a rectangle of pixels with a colour (its opacity ignored), writing the pixel Cairo would paint
    /// (``pixel(of:)``) straight into memory: a frame fills paper under every stroke in progress, and a Cairo context
    /// for each fill cost more than the writing.
    func fill(_ rect: PixelRect, with color: Color) {
        guard let rect = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return }
        let value = Self.pixel(of: color)
        let start = UnsafeMutableRawPointer(pixels)
        for row in rect.y..<rect.maxY {
            (start + row * stride + rect.x * 4).bindMemory(to: UInt32.self, capacity: rect.width)
                .update(repeating: value, count: rect.width)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The pixel Cairo paints for a colour, opaque: each channel, clamped to 0...1, made 16 bits with rounding,
    /// then its top 8 bits (as Cairo's `_cairo_color_double_to_short` and its image compositor do).
    static func pixel(of color: Color) -> UInt32 {
        0xFF00_0000 | .cairoByte(color.red) << 16 | .cairoByte(color.green) << 8 | .cairoByte(color.blue)
    }

    /// A rectangle of this image with each pixel made `factor` × `factor` pixels (to look at edges closely).
    public func enlarged(_ rect: PixelRect, by factor: Int) -> ImageSurface {
        let factor = max(factor, 1)
        let result = ImageSurface(width: rect.width * factor, height: rect.height * factor, fill: nil)
        let target = UnsafeMutableRawPointer(result.pixels)
        for y in 0..<result.height {
            let row = (target + y * result.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<result.width { row[x] = 0xFF00_0000 | pixel(x: rect.x + x / factor, y: rect.y + y / factor) }
        }
        result.markDirty()
        return result
    }

    /// Tells Cairo the pixels were changed directly.
    package func markDirty() {
        cairo_surface_mark_dirty(surface)
    }

    /// Copies a rectangle of another image (of any size) to a place in this one.
    package func copy(_ rect: PixelRect, of source: ImageSurface, to x: Int, _ y: Int) {
        let from = source.pixels, to = pixels
        for row in 0..<rect.height {
            (to + (y + row) * stride + x * 4).update(from: from + (rect.y + row) * source.stride + rect.x * 4,
                                                     count: rect.width * 4)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Copies all pixels from another image of the same size.
    package func copyAll(from source: ImageSurface) {
        precondition(source.height == height && source.stride == stride)
        pixels.update(from: source.pixels, count: stride * height)
        cairo_surface_mark_dirty(surface)
    }

    /// Writes the image, or its first `rows` rows, as a PNG file.
    public func writePNG(to path: String, rows: Int? = nil) throws(RenderError) {
        cairo_surface_flush(surface)
        let rows = min(max(rows ?? height, 1), height)
        // The first rows are an image of their own over the same memory: nothing is copied.
        let part = rows == height ? cairo_surface_reference(surface)
            : cairo_image_surface_create_for_data(cairo_image_surface_get_data(surface), CAIRO_FORMAT_RGB24,
                                                   Int32(width), Int32(rows), Int32(stride))
        defer { cairo_surface_destroy(part) }
        errno = 0
        let status = cairo_surface_write_to_png(part, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(writing: path, status: status) }
    }
}

/// Memory for an image's pixels that several images may use one after another (never two at once).
final class PixelStorage {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    /// Memory of `capacity` bytes, zero (black) until drawn on: what a frame shows before it is drawn never depends on
    /// what the allocator held.
    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
    }

    deinit { bytes.deallocate() }

    /// Whether an image of this size fits.
    func fits(width: Int, height: Int) -> Bool {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(max(width, 1)))) * max(height, 1) <= capacity
    }
}

/// Something Cairo could not do.
public struct RenderError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public var message: String
    public var description: String { message }
}
