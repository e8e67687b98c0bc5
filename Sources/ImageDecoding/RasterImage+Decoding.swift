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

    /// `width * height` pixels left for `fill` to write as bytes; `fill` returns a codec status.
    private static func pixels(
        count: Int, fill: (UnsafeMutableRawBufferPointer) -> Int32
    ) -> (pixels: [UInt32], status: Int32) {
        var status = Int32(FP_CODEC_OK)
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = status == FP_CODEC_OK ? count : 0
        }
        return (pixels, status)
    }

    private static func decodePNG(_ bytes: [UInt8], limits: ImageLimits) throws(ImageDecodingError) -> RasterImage {
        let outcome: Result<RasterImage, ImageDecodingError> = bytes.withUnsafeBufferPointer { file in
            guard let base = file.baseAddress, let reader = fp_png_reader_create(base, file.count) else {
                return .failure(.outOfMemory(.png))
            }
            defer { fp_png_reader_destroy(reader) }
            var header = fp_png_header()
            let status = fp_png_read_header(reader, &header)
            guard status == FP_CODEC_OK else { return .failure(failure(status, .png)) }
            let width = Int(header.width), height = Int(header.height)
            guard limits.allows(width: width, height: height) else {
                return .failure(.tooLarge(width: width, height: height, limits: limits))
            }
            let read = Self.pixels(count: width * height) { buffer in
                guard let start = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                    return Int32(FP_CODEC_NO_MEMORY)
                }
                return fp_png_read_rgba(reader, start, width * 4)
            }
            guard read.status == FP_CODEC_OK else { return .failure(failure(read.status, .png)) }
            var pixels = read.pixels
            premultiplyRGBA(&pixels)
            return .success(RasterImage(uncheckedWidth: width, height: height, pixels: pixels))
        }
        return try outcome.get()
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
        let outcome: Result<RasterImage, ImageDecodingError> = bytes.withUnsafeBufferPointer { file in
            // libjpeg's own memory, on top of the pixels: a progressive file keeps 2 bytes a sample of its
            // coefficients, 4 samples a pixel at most.
            let memory = limits.maximumPixels.multipliedReportingOverflow(by: 8)
            let memoryLimit = (memory.overflow ? Int.max / 2 : memory.partialValue) + 64 << 20
            guard let base = file.baseAddress, let reader = fp_jpeg_reader_create(base, file.count, memoryLimit) else {
                return .failure(.outOfMemory(.jpeg))
            }
            defer { fp_jpeg_reader_destroy(reader) }
            var header = fp_jpeg_header()
            let status = fp_jpeg_read_header(reader, &header)
            guard status == FP_CODEC_OK else { return .failure(failure(status, .jpeg)) }
            let width = Int(header.width), height = Int(header.height)
            guard limits.allows(width: width, height: height) else {
                return .failure(.tooLarge(width: width, height: height, limits: limits))
            }
            guard header.components == 1 || header.components == 3 || header.components == 4 else {
                return .failure(.damaged(.jpeg))
            }
            var exifCount = 0
            let orientation = fp_jpeg_exif(reader, &exifCount).map {
                ExifOrientation(exif: UnsafeBufferPointer(start: $0, count: exifCount))
            } ?? .up
            let read = Self.pixels(count: width * height) { buffer in
                guard let start = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                    return Int32(FP_CODEC_NO_MEMORY)
                }
                return fp_jpeg_read_pixels(reader, start, width * 4)
            }
            guard read.status == FP_CODEC_OK else { return .failure(failure(read.status, .jpeg)) }
            var pixels = read.pixels
            if header.is_cmyk != 0 { convertCMYK(&pixels, inverted: header.saw_adobe_marker != 0) }
            let image = RasterImage(uncheckedWidth: width, height: height, pixels: pixels)
            return .success(image.oriented(orientation))
        }
        return try outcome.get()
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
