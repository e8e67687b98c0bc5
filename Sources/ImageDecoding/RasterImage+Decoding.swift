// Decoding a PNG or JPEG file's bytes into a RasterImage: the format sniffed from the bytes, the size checked against
// the limits before pixels are allocated, colours premultiplied, JPEG's EXIF orientation applied.
import CImageCodecs

extension RasterImage {
    /// Decodes a PNG or JPEG picture from a file's bytes, whatever the file's name says.
    ///
    /// PNG of every colour type and bit depth (16-bit reduced to 8, palettes and their transparency, grey,
    /// interlaced); JPEG baseline and progressive, grey, colour and CMYK, turned upright by its EXIF orientation.
    /// Throws ``ImageDecodingError/unsupported(_:)`` for the formats it recognises and does not open,
    /// ``ImageDecodingError/tooLarge(width:height:limits:)`` from the header alone, before any pixel is allocated.
    public init(decoding bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageDecodingError) {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = ImageFormat(sniffing: bytes) else { throw .notAPicture }
        switch format {
        case .png: self = try Self.decodePNG(bytes, limits: limits)
        case .jpeg: self = try Self.decodeJPEG(bytes, limits: limits)
        default: throw .unsupported(format)
        }
    }

    /// The failure a codec's status stands for.
    private static func failure(_ status: Int32, _ format: ImageFormat) -> ImageDecodingError {
        switch Int(status) {
        case FP_CODEC_TRUNCATED: .truncated(format)
        case FP_CODEC_NO_MEMORY: .outOfMemory(format)
        default: .damaged(format)
        }
    }

    /// The pixels of a picture of `width` × `height` (from its header) that `read` writes as bytes, 4 a pixel in rows of
    /// `width * 4`, returning a codec status; refused before anything is allocated when past `limits`.
    private static func readPixels(
        width: Int, height: Int, limits: ImageLimits, format: ImageFormat,
        _ read: (UnsafeMutablePointer<UInt8>, Int) -> Int32
    ) throws(ImageDecodingError) -> [UInt32] {
        guard limits.allows(width: width, height: height) else {
            throw .tooLarge(width: width, height: height, limits: limits)
        }
        let count = width * height
        var status = Int32(FP_CODEC_OK)
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let start = UnsafeMutableRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: UInt8.self) {
                status = read(start, width * 4)
            } else {
                status = Int32(FP_CODEC_NO_MEMORY)
            }
            initialized = status == FP_CODEC_OK ? count : 0
        }
        guard status == FP_CODEC_OK else { throw failure(status, format) }
        return pixels
    }

    private static func decodePNG(_ bytes: [UInt8], limits: ImageLimits) throws(ImageDecodingError) -> RasterImage {
        try bytes.withUnsafeBufferPointer { file in
            Result { () throws(ImageDecodingError) -> RasterImage in
                guard let base = file.baseAddress, let reader = fp_png_reader_create(base, file.count) else {
                    throw .outOfMemory(.png)
                }
                defer { fp_png_reader_destroy(reader) }
                var header = fp_png_header()
                let status = fp_png_read_header(reader, &header)
                guard status == FP_CODEC_OK else { throw failure(status, .png) }
                let width = Int(header.width), height = Int(header.height)
                var pixels = try readPixels(width: width, height: height, limits: limits, format: .png) { start, stride in
                    fp_png_read_rgba(reader, start, stride)
                }
                premultiplyRGBA(&pixels)
                return RasterImage(uncheckedWidth: width, height: height, pixels: pixels)
            }
        }.get()
    }

    /// Turns pixels holding R, G, B, A bytes (straight) into premultiplied native ARGB32, in place.
    private static func premultiplyRGBA(_ pixels: inout [UInt32]) {
        pixels.withUnsafeMutableBytes { bytes in
            var index = 0
            let words = bytes.bindMemory(to: UInt32.self)
            for offset in stride(from: 0, to: bytes.count - 3, by: 4) {
                let r = bytes[offset], g = bytes[offset + 1], b = bytes[offset + 2], a = bytes[offset + 3]
                let argb: UInt32
                if a == 255 {
                    argb = 0xff00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                } else if a == 0 {
                    argb = 0
                } else {
                    argb = UInt32(a) << 24 | premultiply(r, by: a) << 16 | premultiply(g, by: a) << 8
                        | premultiply(b, by: a)
                }
                words[index] = argb
                index += 1
            }
        }
    }

    private static func decodeJPEG(_ bytes: [UInt8], limits: ImageLimits) throws(ImageDecodingError) -> RasterImage {
        // libjpeg's own memory, on top of the pixels: a progressive file keeps 2 bytes a sample of its coefficients, 4
        // samples a pixel at most.
        let memory = limits.maximumPixels.multipliedReportingOverflow(by: 8)
        let memoryLimit = (memory.overflow ? Int.max / 2 : memory.partialValue) + 64 << 20
        return try bytes.withUnsafeBufferPointer { file in
            Result { () throws(ImageDecodingError) -> RasterImage in
                guard let base = file.baseAddress, let reader = fp_jpeg_reader_create(base, file.count, memoryLimit)
                else { throw .outOfMemory(.jpeg) }
                defer { fp_jpeg_reader_destroy(reader) }
                var header = fp_jpeg_header()
                let status = fp_jpeg_read_header(reader, &header)
                guard status == FP_CODEC_OK else { throw failure(status, .jpeg) }
                let width = Int(header.width), height = Int(header.height)
                guard header.components == 1 || header.components == 3 || header.components == 4 else {
                    throw limits.allows(width: width, height: height)
                        ? .damaged(.jpeg) : .tooLarge(width: width, height: height, limits: limits)
                }
                var exifCount = 0
                let orientation = fp_jpeg_exif(reader, &exifCount).map {
                    ExifOrientation(exif: UnsafeBufferPointer(start: $0, count: exifCount))
                } ?? .up
                var pixels = try readPixels(width: width, height: height, limits: limits, format: .jpeg) { start, stride in
                    fp_jpeg_read_pixels(reader, start, stride)
                }
                if header.is_cmyk != 0 { convertCMYK(&pixels, inverted: header.saw_adobe_marker != 0) }
                return RasterImage(uncheckedWidth: width, height: height, pixels: pixels).oriented(orientation)
            }
        }.get()
    }

    /// Turns pixels holding C, M, Y, K bytes into opaque native ARGB32, in place. Adobe's files (with an APP14
    /// marker) store the inks inverted, 255 for none, as Photoshop writes them.
    private static func convertCMYK(_ pixels: inout [UInt32], inverted: Bool) {
        pixels.withUnsafeMutableBytes { bytes in
            let words = bytes.bindMemory(to: UInt32.self)
            var index = 0
            for offset in stride(from: 0, to: bytes.count - 3, by: 4) {
                var c = bytes[offset], m = bytes[offset + 1], y = bytes[offset + 2], k = bytes[offset + 3]
                if !inverted { (c, m, y, k) = (~c, ~m, ~y, ~k) }
                // Now 255 is no ink: each colour is what its ink and the black leave.
                let r = premultiply(c, by: k), g = premultiply(m, by: k), b = premultiply(y, by: k)
                words[index] = 0xff00_0000 | r << 16 | g << 8 | b
                index += 1
            }
        }
    }
}
