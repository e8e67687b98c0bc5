// The PNG writer: 8-bit RGBA with straight alpha, read back to the same pixels, and read by Cairo as what it shows.
import CCairo
import Glibc
@testable import ImageDecoding
import PropertyBased
import Testing

@Suite struct PNGEncodingTests {
    /// A validly premultiplied pixel from four random bytes: no colour above its alpha.
    static func premultiplied(_ value: UInt32) -> UInt32 {
        let alpha = value >> 24
        func channel(_ shift: UInt32) -> UInt32 { alpha == 0 ? 0 : (value >> shift & 0xff) % (alpha + 1) }
        return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    @Test func everyPremultipliedPixelReadsBackExactly() async throws {
        let sizes = Gen.int(in: 1...40)
        let seeds = Gen.uint32().array(of: 1...64)
        await propertyCheck(count: 200, input: sizes, sizes, seeds) { width, height, seeds in
            let pixels = (0..<width * height).map { index -> UInt32 in
                let mixed = UInt32(truncatingIfNeeded: index &* 2_654_435_761)
                return Self.premultiplied(seeds[index % seeds.count] ^ mixed)
            }
            guard let image = RasterImage(width: width, height: height, pixels: pixels) else {
                Issue.record("no image of \(width) × \(height)")
                return
            }
            let again = try RasterImage(decoding: image.pngData())
            #expect(again == image, "\(width) × \(height)")
        }
    }

    @Test(arguments: [PNGCompression.fast, .small])
    func everyAlphaAndColourReadsBack(compression: PNGCompression) throws {
        // All 256 alphas, each with every colour up to it.
        var pixels: [UInt32] = []
        for alpha: UInt32 in 0...255 {
            for colour in stride(from: UInt32(0), through: alpha, by: Int(max(1, alpha / 16))) {
                let argb: UInt32 = alpha << 24 | colour << 16 | (alpha - colour) << 8 | colour / 2
                pixels.append(argb)
            }
        }
        let image = try #require(RasterImage(width: pixels.count, height: 1, pixels: pixels))
        #expect(try RasterImage(decoding: image.pngData(compression: compression)) == image)
    }

    /// Cairo reads straight alpha and premultiplies it: written premultiplied, a half-transparent red would come back
    /// a quarter.
    @Test func theAlphaWrittenIsStraightAsCairoReadsIt() throws {
        var image = try #require(RasterImage(width: 2, height: 1, filledWith: .init(red: 255, green: 0, blue: 0, alpha: 128)))
        image.setPixel(.init(red: 10, green: 200, blue: 30), x: 1, y: 0)
        let png = try image.pngData()
        // IHDR: 8 bits, colour type 6 (RGBA).
        #expect(png[24] == 8 && png[25] == 6)
        let path = "/tmp/image-decoding-encoded-\(getpid()).png"
        defer { unlink(path) }
        let file = try #require(fopen(path, "wb"))
        fwrite(png, 1, png.count, file)
        fclose(file)
        let surface = try #require(cairo_image_surface_create_from_png(path))
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let data = try #require(cairo_image_surface_get_data(surface))
        let first = UnsafeRawPointer(data).loadUnaligned(as: UInt32.self)
        let second = UnsafeRawPointer(data + 4).loadUnaligned(as: UInt32.self)
        #expect(first == 0x8080_0000)
        #expect(second == 0xff0a_c81e)
    }

    @Test func imagesOfTheWrongCountAreRefused() {
        #expect(RasterImage(width: 3, height: 2, pixels: [0, 0, 0, 0, 0]) == nil)
        #expect(RasterImage(width: 0, height: 2, pixels: []) == nil)
        #expect(RasterImage(width: -1, height: -1, pixels: [0]) == nil)
        #expect(RasterImage(width: Int.max, height: 2, pixels: [0, 0]) == nil)
        #expect(RasterImage(width: 20000, height: 1, filledWith: .init(argb: 0)) == nil)
        let image = RasterImage(width: 2, height: 1, pixels: [1, 2])
        #expect(image?.pixel(x: 2, y: 0) == nil && image?.pixel(x: -1, y: 0) == nil && image?.pixel(x: 0, y: 1) == nil)
        #expect(image?.pixel(x: 1, y: 0)?.argb == 2 && image?.bytesPerRow == 8)
    }
}
