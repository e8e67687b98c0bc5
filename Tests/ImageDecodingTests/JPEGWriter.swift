// JPEG files written by libjpeg-turbo for the tests: colour, grey or CMYK (YCCK too), baseline or progressive,
// with whatever APP1 marker a test gives (its EXIF).
import CJPEG
import Glibc

enum JPEGWriter {
    enum Kind { case rgb, grey, cmyk, ycck }

    /// A JPEG of `width` × `height` whose pixels `sample(x, y)` gives (R, G, B; grey uses R; CMYK and YCCK take the
    /// four values as C, M, Y, K as stored), at quality 95 without chroma subsampling.
    static func jpeg(
        width: Int, height: Int, kind: Kind = .rgb, progressive: Bool = false, app1: [UInt8]? = nil,
        sample: (Int, Int) -> [UInt8]
    ) -> [UInt8] {
        let compressor = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
        let errors = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        let output = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 1)
        let size = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        defer {
            jpeg_destroy_compress(compressor)
            free(output.pointee)
            compressor.deallocate()
            errors.deallocate()
            output.deallocate()
            size.deallocate()
        }
        compressor.initialize(to: jpeg_compress_struct())
        errors.initialize(to: jpeg_error_mgr())
        output.initialize(to: nil)
        size.initialize(to: 0)
        compressor.pointee.err = jpeg_std_error(errors)
        jpeg_CreateCompress(compressor, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        jpeg_mem_dest(compressor, output, size)
        let components: Int32 = switch kind {
        case .rgb: 3
        case .grey: 1
        case .cmyk, .ycck: 4
        }
        compressor.pointee.image_width = JDIMENSION(width)
        compressor.pointee.image_height = JDIMENSION(height)
        compressor.pointee.input_components = components
        compressor.pointee.in_color_space = switch kind {
        case .rgb: JCS_RGB
        case .grey: JCS_GRAYSCALE
        case .cmyk, .ycck: JCS_CMYK
        }
        jpeg_set_defaults(compressor)
        if kind == .ycck { jpeg_set_colorspace(compressor, JCS_YCCK) }
        jpeg_set_quality(compressor, 95, 1)
        for index in 0..<Int(compressor.pointee.num_components) {
            compressor.pointee.comp_info[index].h_samp_factor = 1
            compressor.pointee.comp_info[index].v_samp_factor = 1
        }
        if progressive { jpeg_simple_progression(compressor) }
        jpeg_start_compress(compressor, 1)
        if let app1 {
            app1.withUnsafeBufferPointer { jpeg_write_marker(compressor, JPEG_APP0 + 1, $0.baseAddress, UInt32($0.count)) }
        }
        var row = [UInt8](repeating: 0, count: width * Int(components))
        for y in 0..<height {
            for x in 0..<width {
                let values = sample(x, y)
                for channel in 0..<Int(components) { row[x * Int(components) + channel] = values[channel] }
            }
            row.withUnsafeMutableBufferPointer { buffer in
                var pointer: JSAMPROW? = buffer.baseAddress
                _ = jpeg_write_scanlines(compressor, &pointer, 1)
            }
        }
        jpeg_finish_compress(compressor)
        return Array(UnsafeBufferPointer(start: output.pointee, count: Int(size.pointee)))
    }

    /// An APP1 marker's bytes holding EXIF with one entry, the orientation, in either byte order.
    static func exif(orientation: UInt16, littleEndian: Bool = false) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xff), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xff)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            let big = [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
            return littleEndian ? big.reversed() : big
        }
        let order: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]
        // "Exif\0\0", the TIFF header (byte order, 42, IFD0 at 8), one entry (0x0112, SHORT, 1, value), no next IFD.
        return Array("Exif".utf8) + [0, 0] + order + u16(42) + u32(8) + u16(1)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(0)
    }
}
