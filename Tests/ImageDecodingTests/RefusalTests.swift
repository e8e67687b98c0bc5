// What the decoder refuses, and the sentence it says: formats it knows and does not open, files of no picture
// format, pictures past the limits (refused from the header, before any pixel is allocated), files cut short or
// damaged.
import CAllocationCounter
@testable import ImageDecoding
import PaintModel
import Testing

@Suite struct RefusalTests {
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A zip whose first entry is a stored `mimetype` holding `type`.
    static func zip(mimetype type: String) -> [UInt8] {
        let name = ascii("mimetype"), content = ascii(type)
        return [0x50, 0x4b, 0x03, 0x04, 10, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
            + [UInt8(name.count), 0, 0, 0] + name + content
    }

    static let refused: [(String, [UInt8], String)] = [
        ("GIF", ascii("GIF89a") + [1, 0, 1, 0, 0, 0, 0], "fingerpaint opens PNG and JPEG pictures; this is a GIF picture"),
        ("WebP", ascii("RIFF") + [36, 0, 0, 0] + ascii("WEBPVP8 "), "fingerpaint opens PNG and JPEG pictures; this is a WebP picture"),
        ("BMP", ascii("BM") + [UInt8](repeating: 0, count: 40), "fingerpaint opens PNG and JPEG pictures; this is a BMP picture"),
        ("TIFF", [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0], "fingerpaint opens PNG and JPEG pictures; this is a TIFF picture"),
        ("TIFF big-endian", [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8], "fingerpaint opens PNG and JPEG pictures; this is a TIFF picture"),
        ("SVG", ascii("<?xml version=\"1.0\"?>\n<!-- a drawing -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
         "fingerpaint opens PNG and JPEG pictures; this is an SVG drawing"),
        ("bare SVG", ascii("  <svg width=\"10\" height=\"10\"></svg>"), "fingerpaint opens PNG and JPEG pictures; this is an SVG drawing"),
        ("HEIC", [0, 0, 0, 24] + ascii("ftypheic") + [0, 0, 0, 0] + ascii("mif1heic"),
         "fingerpaint opens PNG and JPEG pictures; this is a HEIC photo"),
        ("AVIF", [0, 0, 0, 28] + ascii("ftypavif") + [0, 0, 0, 0] + ascii("avifmif1miaf"),
         "fingerpaint opens PNG and JPEG pictures; this is an AVIF picture"),
        ("AVIF under mif1", [0, 0, 0, 24] + ascii("ftypmif1") + [0, 0, 0, 0] + ascii("mif1avif"),
         "fingerpaint opens PNG and JPEG pictures; this is an AVIF picture"),
        ("JPEG XL", [0xff, 0x0a, 0xfa, 0x7f], "fingerpaint opens PNG and JPEG pictures; this is a JPEG XL picture"),
        ("Photoshop", ascii("8BPS") + [0, 1], "fingerpaint opens PNG and JPEG pictures; this is a Photoshop document"),
        ("PDF", ascii("%PDF-1.7\n"), "fingerpaint opens PNG and JPEG pictures; this is a PDF document"),
        ("OpenRaster", zip(mimetype: "image/openraster"), "fingerpaint opens PNG and JPEG pictures; this is an OpenRaster painting"),
        ("Krita", zip(mimetype: "application/x-krita"), "fingerpaint opens PNG and JPEG pictures; this is a Krita painting"),
        ("zip", [0x50, 0x4b, 0x03, 0x04] + [UInt8](repeating: 0, count: 40), "fingerpaint opens PNG and JPEG pictures; this is a zip archive"),
        ("drawing", DrawingDocument.header(), "this is a fingerpaint drawing, not a picture: open it as a drawing"),
        ("text", ascii("Dear painter,\nthis is a letter."), "this is not a picture fingerpaint can open"),
        ("XML", ascii("<?xml version=\"1.0\"?><stack/>"), "this is not a picture fingerpaint can open"),
        ("video", [0, 0, 0, 20] + ascii("ftypisom") + [0, 0, 2, 0] + ascii("mp41"), "this is not a picture fingerpaint can open"),
        ("one byte", [0x89], "this is not a picture fingerpaint can open"),
        ("empty", [], "the file is empty: there is no picture in it"),
    ]

    @Test(arguments: refused.indices)
    func formatsNotTakenAreRefusedByName(index: Int) {
        let (name, bytes, message) = Self.refused[index]
        #expect(throws: (any Error).self, "\(name)") { try RasterImage(decoding: bytes) }
        do {
            _ = try RasterImage(decoding: bytes)
        } catch {
            #expect(error.description == message, "\(name)")
        }
    }

    /// The sniffer's magic for our drawings is PaintModel's own, which this module cannot import.
    @Test func theDrawingMagicIsTheDocumentsOwn() {
        #expect(ImageFormat.drawingMagic == DrawingDocument.magic)
    }

    /// A PNG header claiming `width` × `height`, with a few rows of pixels.
    static func pngClaiming(width: Int, height: Int) -> [UInt8] {
        PNGBuilder(width: width, height: 1, colorType: .rgba, bitDepth: 8, samples: [[UInt16]](repeating: [1, 2, 3, 4], count: min(width, 64))).headerOnly(height: height)
    }

    @Test func aPictureOfAHundredThousandPixelsASideIsRefusedWithItsSize() {
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 100_000, limits: .standard)) {
            try RasterImage(decoding: Self.pngClaiming(width: 100_000, height: 100_000))
        }
        let message = ImageDecodingError.tooLarge(width: 100_000, height: 100_000, limits: .standard).description
        #expect(message == "this picture is 100000 × 100000 pixels, too large to open: fingerpaint opens pictures of up to 16384 pixels a side and 100 megapixels")
    }

    @Test(arguments: [(16385, 1), (1, 16385), (10001, 10000), (16384, 16384)])
    func picturesPastEitherLimitAreRefused(size: (Int, Int)) {
        #expect(throws: ImageDecodingError.tooLarge(width: size.0, height: size.1, limits: .standard)) {
            try RasterImage(decoding: Self.pngClaiming(width: size.0, height: size.1))
        }
    }

    /// Refused from the header: not one large allocation, for a picture whose pixels would take 400 MB.
    @Test(.enabled(if: CAllocationCounter_isAvailable() != 0, "a sanitizer's build counts no allocations"),
          arguments: [(10001, 10000), (100_000, 100_000)])
    func aPictureTooLargeIsRefusedBeforeItsPixelsAreAllocated(size: (Int, Int)) throws {
        let png = Self.pngClaiming(width: size.0, height: size.1)
        CAllocationCounter_start()
        let result = Result { try RasterImage(decoding: png) }
        _ = CAllocationCounter_stop()
        let largest = CAllocationCounter_largest()
        #expect(throws: ImageDecodingError.self) { try result.get() }
        #expect(largest < 4 << 20, "the largest allocation was \(largest) bytes")
    }

    @Test func aJPEGTooLargeIsRefusedWithItsSize() throws {
        var jpeg = JPEGWriter.jpeg(width: 16, height: 16) { _, _ in [1, 2, 3] }
        // The frame header (SOF0): FF C0, its length, the precision, then the height and the width.
        let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xff && jpeg[$0 + 1] == 0xc0 })
        jpeg[sof + 5] = 0x4e
        jpeg[sof + 6] = 0x20
        jpeg[sof + 7] = 0x4e
        jpeg[sof + 8] = 0x21
        #expect(throws: ImageDecodingError.tooLarge(width: 20001, height: 20000, limits: .standard)) {
            try RasterImage(decoding: jpeg)
        }
    }

    @Test func theLargestSideAllowedOpens() throws {
        let builder = PNGBuilder(width: 16384, height: 1, colorType: .grey, bitDepth: 1, samples: [[UInt16]](repeating: [1], count: 16384))
        let image = try RasterImage(decoding: builder.bytes)
        #expect(image.width == 16384 && image.pixel(x: 16383, y: 0)?.argb == 0xffff_ffff)
    }

    @Test func smallerLimitsAreHonoured() {
        let png = PNGBuilder(width: 40, height: 30, colorType: .grey, bitDepth: 8, samples: [[UInt16]](repeating: [9], count: 1200)).bytes
        let limits = ImageLimits(maximumSide: 32, maximumPixels: 10_000)
        #expect(throws: ImageDecodingError.tooLarge(width: 40, height: 30, limits: limits)) { try RasterImage(decoding: png, limits: limits) }
        #expect(ImageDecodingError.tooLarge(width: 40, height: 30, limits: ImageLimits(maximumSide: 100, maximumPixels: 250_000)).description
            .hasSuffix("up to 100 pixels a side and 0.3 megapixels"))
    }

    static func solidPNG() -> [UInt8] {
        PNGBuilder(width: 20, height: 20, colorType: .rgb, bitDepth: 8, samples: [[UInt16]](repeating: [10, 20, 30], count: 400)).bytes
    }

    @Test func aPNGCutShortSaysSo() {
        let png = Self.solidPNG()
        #expect(throws: ImageDecodingError.truncated(.png)) { try RasterImage(decoding: Array(png.prefix(png.count / 2))) }
        #expect(ImageDecodingError.truncated(.png).description == "this PNG picture is cut short: the file ends before the picture does")
    }

    @Test func aJPEGCutShortSaysSo() {
        let jpeg = JPEGWriter.jpeg(width: 64, height: 64) { x, y in [UInt8(x * 4), UInt8(y * 4), 90] }
        #expect(throws: ImageDecodingError.truncated(.jpeg)) { try RasterImage(decoding: Array(jpeg.prefix(jpeg.count * 2 / 3))) }
    }

    @Test func aDamagedPNGSaysSo() {
        var png = Self.solidPNG()
        // A byte of the pixels changed: IDAT's checksum no longer matches.
        png[png.count - 30] ^= 0x55
        #expect(throws: ImageDecodingError.damaged(.png)) { try RasterImage(decoding: png) }
        #expect(ImageDecodingError.damaged(.png).description == "this PNG picture is damaged and cannot be opened")
    }

    @Test func aJPEGWithoutItsFrameIsDamaged() {
        // A start of image, then an end of image.
        #expect(throws: ImageDecodingError.damaged(.jpeg)) { try RasterImage(decoding: [0xff, 0xd8, 0xff, 0xd9]) }
    }
}

extension PNGBuilder {
    /// The signature, an IHDR claiming `height` rows, and an IDAT of the rows given (far fewer).
    func headerOnly(height claimed: Int) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        file += Self.chunk("IHDR", Self.be32(width) + Self.be32(claimed) + [bitDepth, colorType.rawValue, 0, 0, 0])
        let row: [UInt8] = [0] + samples.flatMap { pixel in pixel.map { UInt8(truncatingIfNeeded: $0) } }
        file += Self.chunk("IDAT", Self.zlibStored(row))
        return file + Self.chunk("IEND", [])
    }
}
