// The compositor's copy of a committed wl_shm buffer, and writing it out as PNG.
import CCairo
import CWaylandServer
import Foundation

/// The pixels of a committed `wl_shm` buffer, copied at commit so the client can reuse its buffer.
struct ShmImage {
    enum Format {
        /// `WL_SHM_FORMAT_ARGB8888`: premultiplied alpha, native-endian 32-bit, as Cairo's ARGB32.
        case argb8888
        /// `WL_SHM_FORMAT_XRGB8888`: no alpha, as Cairo's RGB24.
        case xrgb8888
    }

    var width: Int
    var height: Int
    var stride: Int
    var format: Format
    var bytes: [UInt8]

    /// Copies a `wl_shm` buffer; `nil` for a buffer that is not shared memory or has another format.
    init?(copying buffer: WLResource) {
        guard let shm = wl_shm_buffer_get(buffer) else { return nil }
        switch wl_shm_buffer_get_format(shm) {
        case WL_SHM_FORMAT_ARGB8888.rawValue: format = .argb8888
        case WL_SHM_FORMAT_XRGB8888.rawValue: format = .xrgb8888
        default: return nil
        }
        width = Int(wl_shm_buffer_get_width(shm))
        height = Int(wl_shm_buffer_get_height(shm))
        stride = Int(wl_shm_buffer_get_stride(shm))
        wl_shm_buffer_begin_access(shm)
        defer { wl_shm_buffer_end_access(shm) }
        guard let data = wl_shm_buffer_get_data(shm) else { return nil }
        bytes = Array(UnsafeRawBufferPointer(start: data, count: stride * height))
    }

    /// Writes the image as PNG at buffer size with Cairo.
    func writePNG(to path: String) throws(ReplayError) {
        let cairoFormat = format == .argb8888 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard let surface = cairo_image_surface_create(cairoFormat, Int32(width), Int32(height)) else {
            throw ReplayError(description: "cannot create a Cairo image")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw ReplayError(description: "cannot create a \(width)x\(height) Cairo image")
        }
        cairo_surface_flush(surface)
        let cairoStride = Int(cairo_image_surface_get_stride(surface))
        bytes.withUnsafeBytes { source in
            for row in 0..<height {
                (data + row * cairoStride).update(
                    from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * stride, count: width * 4
                )
            }
        }
        cairo_surface_mark_dirty(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ReplayError(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
