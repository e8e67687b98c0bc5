// The compositor's copy of a committed wl_shm buffer, and writing it out as PNG.
import CCairo
import CWaylandServer
import Foundation
import Geometry
import Localization

/// The pixels of a committed `wl_shm` buffer, copied at commit so the client can reuse its buffer.
///
/// A class owning its pixels, updated in place: the compositor keeps the toplevel's image as the last one to save
/// as well as on its surface, and a value type with an array would copy all of it (33 MB at 3840x2160, 3 to 40 ms)
/// on every commit after that second reference was taken.
final class ShmImage {
    enum Format {
        /// `WL_SHM_FORMAT_ARGB8888`: premultiplied alpha, native-endian 32-bit, as Cairo's ARGB32.
        case argb8888
        /// `WL_SHM_FORMAT_XRGB8888`: no alpha, as Cairo's RGB24.
        case xrgb8888
    }

    let width: Int
    let height: Int
    let stride: Int
    let format: Format
    /// `stride × height` bytes, owned.
    private let bytes: UnsafeMutableRawBufferPointer

    /// Brings `image` up to date with a committed `wl_shm` buffer: copies only the damaged rectangles into the
    /// existing image when it has the buffer's size and format (no allocation), else the whole buffer into a new
    /// one. Returns `false` for a buffer that is not shared memory or has another format.
    static func update(_ image: inout ShmImage?, from buffer: WLResource, damage: [PixelRect]) -> Bool {
        guard let shm = wl_shm_buffer_get(buffer) else { return false }
        guard let current = image, current.width == Int(wl_shm_buffer_get_width(shm)),
              current.height == Int(wl_shm_buffer_get_height(shm)), current.stride == Int(wl_shm_buffer_get_stride(shm)),
              current.format == format(of: shm)
        else {
            guard let copy = ShmImage(copying: buffer) else { return false }
            image = copy
            return true
        }
        wl_shm_buffer_begin_access(shm)
        defer { wl_shm_buffer_end_access(shm) }
        if let data = wl_shm_buffer_get_data(shm), let target = current.bytes.baseAddress {
            for rect in damage {
                for row in rect.y..<(rect.y + rect.height) {
                    let offset = row * current.stride + rect.x * 4
                    (target + offset).copyMemory(from: data + offset, byteCount: rect.width * 4)
                }
            }
        }
        return true
    }

    private static func format(of shm: OpaquePointer) -> Format? {
        switch wl_shm_buffer_get_format(shm) {
        case WL_SHM_FORMAT_ARGB8888.rawValue: .argb8888
        case WL_SHM_FORMAT_XRGB8888.rawValue: .xrgb8888
        default: nil
        }
    }

    /// Copies a `wl_shm` buffer; `nil` for a buffer that is not shared memory or has another format.
    init?(copying buffer: WLResource) {
        guard let shm = wl_shm_buffer_get(buffer), let format = Self.format(of: shm) else { return nil }
        self.format = format
        width = Int(wl_shm_buffer_get_width(shm))
        height = Int(wl_shm_buffer_get_height(shm))
        stride = Int(wl_shm_buffer_get_stride(shm))
        wl_shm_buffer_begin_access(shm)
        defer { wl_shm_buffer_end_access(shm) }
        guard let data = wl_shm_buffer_get_data(shm) else { return nil }
        bytes = .allocate(byteCount: stride * height, alignment: 16)
        bytes.copyMemory(from: UnsafeRawBufferPointer(start: data, count: stride * height))
    }

    /// An image of a size and format, every byte 0.
    private init(width: Int, height: Int, format: Format) {
        self.width = width
        self.height = height
        self.format = format
        stride = width * 4
        bytes = .allocate(byteCount: stride * height, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { bytes.deallocate() }

    /// A new image of `width` × `height` whose pixel (x, y) is this image's pixel under
    /// (`originX` + (x + ½) × `stepX`, `originY` + (y + ½) × `stepY`), nearest-neighbour, clamped to the image: a
    /// viewport's source rectangle shown at its destination.
    func scaled(width: Int, height: Int, originX: Double, originY: Double, stepX: Double, stepY: Double) -> ShmImage {
        let result = ShmImage(width: width, height: height, format: format)
        guard let source = UnsafeRawPointer(bytes.baseAddress), let target = result.bytes.baseAddress,
              self.width > 0, self.height > 0 else { return result }
        func pick(_ index: Int, _ origin: Double, _ step: Double, _ limit: Int) -> Int {
            let position = (origin + (Double(index) + 0.5) * step).rounded(.down)
            guard position.isFinite else { return 0 }
            return min(max(Int(position), 0), limit - 1)
        }
        let columns = (0..<width).map { pick($0, originX, stepX, self.width) }
        for row in 0..<height {
            let from = (source + pick(row, originY, stepY, self.height) * stride).assumingMemoryBound(to: UInt32.self)
            let to = (target + row * result.stride).assumingMemoryBound(to: UInt32.self)
            for (column, sourceColumn) in columns.enumerated() { to[column] = from[sourceColumn] }
        }
        return result
    }

    /// Writes the image as PNG at buffer size with Cairo.
    func writePNG(to path: String) throws(ReplayError) {
        let cairoFormat = format == .argb8888 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard let surface = cairo_image_surface_create(cairoFormat, Int32(width), Int32(height)) else {
            throw ReplayError(description: localized("cannot create a Cairo image"))
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            // Translators: %dx%d is the image's width and height in pixels.
            throw ReplayError(description: localized("cannot create a %dx%d Cairo image", width, height))
        }
        cairo_surface_flush(surface)
        let cairoStride = Int(cairo_image_surface_get_stride(surface))
        if let source = UnsafeRawPointer(bytes.baseAddress) {
            for row in 0..<height {
                (data + row * cairoStride).update(
                    from: source.assumingMemoryBound(to: UInt8.self) + row * stride, count: width * 4
                )
            }
        }
        cairo_surface_mark_dirty(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Translators: %1$s is a file's name, %2$s Cairo's reason.
            throw ReplayError(description: localized("cannot write %1$s: %2$s", path, String(cString: cairo_status_to_string(status))))
        }
    }
}
