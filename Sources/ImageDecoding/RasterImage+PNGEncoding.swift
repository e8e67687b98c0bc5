// Writing a RasterImage as a PNG: 8-bit RGBA with straight alpha, as OpenRaster's layer files are.
import CImageCodecs
import Glibc
import Localization

/// Why an image could not be written.
public enum ImageEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The PNG library could not have the memory it needed.
    case outOfMemory
    /// A side longer than PNG holds (2^31 − 1 pixels).
    case tooLarge(width: Int, height: Int)

    /// The sentence to show the painter.
    public var description: String {
        switch self {
        case .outOfMemory: localized("the picture could not be written as PNG: there is not enough memory")
        case let .tooLarge(width, height):
            localized("a picture of %1$d × %2$d pixels is too large for a PNG file, which holds up to 2147483647 a side",
                      width, height)
        }
    }
}

/// How hard the PNG writer compresses.
public enum PNGCompression: Sendable, Hashable {
    /// zlib's level 1 with the Up filter on every row: a 12-megapixel photo in about 0.6 s, a 4096 × 4096 painting
    /// in about 0.2 s (docs/images.md, "Speed").
    case fast
    /// zlib's level 6 with libpng choosing each row's filter: a painting's file about 0.6 of `fast`'s, a photo's
    /// about the same; three times slower for a painting, ten for a photo.
    case small
}

extension RasterImage {
    /// The image as a PNG file's bytes: 8-bit RGBA, straight (not premultiplied) alpha, compressed as `compression`
    /// says.
    ///
    /// Decoded again with ``init(decoding:limits:)`` it gives the same pixels: opaque ones exactly, and translucent
    /// ones too while they are validly premultiplied (no colour above its alpha), since dividing by alpha and
    /// multiplying again rounds back to the same value.
    public func pngData(compression: PNGCompression = .fast) throws(ImageEncodingError) -> [UInt8] {
        // libpng's PNG_FILTER_UP, and all five filters.
        let (level, filters): (Int32, Int32) = compression == .fast ? (1, 0x20) : (6, 0xf8)
        let longest = 0x7fff_ffff
        guard width <= longest, height <= longest else { throw .tooLarge(width: width, height: height) }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            var offset = 0
            for argb in pixels {
                let pixel = Pixel(argb: argb)
                let (r, g, b, a) = pixel.straight
                out[offset] = r
                out[offset + 1] = g
                out[offset + 2] = b
                out[offset + 3] = a
                offset += 4
            }
        }
        var data: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = rgba.withUnsafeBufferPointer { buffer in
            fp_png_encode_rgba(buffer.baseAddress, UInt32(width), UInt32(height), width * 4, level, filters, &data, &count)
        }
        defer { free(data) }
        guard status == FP_CODEC_OK, let data else { throw .outOfMemory }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}

