// PNG files of every colour type, bit depth and interlacing decode to the colours they hold, premultiplied.
import CCairo
import Glibc
@testable import ImageDecoding
import Testing

@Suite struct PNGDecodingTests {
    /// Every colour type with each bit depth PNG allows.
    static let kinds: [(PNGBuilder.ColorType, UInt8)] = [
        (.grey, 1), (.grey, 2), (.grey, 4), (.grey, 8), (.grey, 16), (.rgb, 8), (.rgb, 16),
        (.palette, 1), (.palette, 2), (.palette, 4), (.palette, 8), (.greyAlpha, 8), (.greyAlpha, 16),
        (.rgba, 8), (.rgba, 16),
    ]

    /// A sample for pixel `index`, channel `channel`, below 2^depth.
    static func sample(_ index: Int, _ channel: Int, depth: UInt8) -> UInt16 {
        let maximum = (1 << Int(depth)) - 1
        return UInt16((index * 37 + channel * 101 + index * index * 3) % (maximum + 1))
    }

    /// A sample at `depth` as 8 bits, as every viewer scales it.
    static func eightBit(_ value: UInt16, depth: UInt8) -> UInt8 {
        UInt8((Double(value) * 255 / Double((1 << Int(depth)) - 1)).rounded())
    }

    /// An 11 × 7 picture (odd, so Adam7's passes are partly empty) of `kind`, and the pixels it must decode to.
    static func picture(_ type: PNGBuilder.ColorType, depth: UInt8, interlaced: Bool) -> (PNGBuilder, [RasterImage.Pixel]) {
        let (width, height) = (11, 7)
        var builder = PNGBuilder(width: width, height: height, colorType: type, bitDepth: depth, interlaced: interlaced, samples: [])
        var expected: [RasterImage.Pixel] = []
        let entries = 1 << Int(depth)
        if type == .palette {
            builder.palette = (0..<entries).map { entry -> (UInt8, UInt8, UInt8) in
                let red = UInt8(truncatingIfNeeded: entry * 7), green = UInt8(truncatingIfNeeded: 255 - entry)
                let blue = UInt8(truncatingIfNeeded: entry * 13)
                return (red, green, blue)
            }
            builder.transparency = (0..<entries).map { entry -> UInt8 in UInt8((entry * 53 + 17) % 256) }
        }
        for index in 0..<width * height {
            let values = (0..<type.channels).map { sample(index, $0, depth: depth) }
            builder.samples.append(values)
            let v = values.map { eightBit($0, depth: depth) }
            switch type {
            case .grey: expected.append(.init(red: v[0], green: v[0], blue: v[0]))
            case .rgb: expected.append(.init(red: v[0], green: v[1], blue: v[2]))
            case .greyAlpha: expected.append(.init(red: v[0], green: v[0], blue: v[0], alpha: v[1]))
            case .rgba: expected.append(.init(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
            case .palette:
                let entry = Int(values[0])
                let (r, g, b) = builder.palette[entry]
                expected.append(.init(red: r, green: g, blue: b, alpha: builder.transparency?[entry] ?? 255))
            }
        }
        return (builder, expected)
    }

    @Test(arguments: kinds, [false, true])
    func everyColourTypeAndBitDepthDecodesToItsColours(kind: (PNGBuilder.ColorType, UInt8), interlaced: Bool) throws {
        let (builder, expected) = Self.picture(kind.0, depth: kind.1, interlaced: interlaced)
        let image = try RasterImage(decoding: builder.bytes)
        #expect(image.width == 11 && image.height == 7)
        for y in 0..<7 {
            for x in 0..<11 {
                let pixel = try #require(image.pixel(x: x, y: y))
                #expect(pixel == expected[y * 11 + x], "\(kind.0) \(kind.1)-bit at (\(x), \(y)): \(pixel), not \(expected[y * 11 + x])")
            }
        }
    }

    @Test func sixteenBitColoursAreReducedToTheNearestEightBitOnes() throws {
        let samples: [[UInt16]] = [[65535, 32768, 2570, 65535], [0, 257, 128, 32896], [65535, 65535, 65535, 0]]
        let png = PNGBuilder(width: 3, height: 1, colorType: .rgba, bitDepth: 16, samples: samples).bytes
        let image = try RasterImage(decoding: png)
        #expect(image.pixel(x: 0, y: 0) == .init(red: 255, green: 128, blue: 10, alpha: 255))
        // 32896 / 257 = 128: half transparent, its green of 1 premultiplied to 0.5, rounded.
        #expect(image.pixel(x: 1, y: 0) == .init(red: 0, green: 1, blue: 0, alpha: 128))
        #expect(image.pixel(x: 1, y: 0)?.argb == 0x8000_0100)
        // Fully transparent: nothing, whatever its colour said.
        #expect(image.pixel(x: 2, y: 0)?.argb == 0)
    }

    @Test func aPaletteWithTransparencyGivesEachEntryItsAlpha() throws {
        var builder = PNGBuilder(width: 4, height: 1, colorType: .palette, bitDepth: 2, samples: [[0], [1], [2], [3]])
        builder.palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        // Fewer alphas than entries: the rest are opaque.
        builder.transparency = [0, 128, 255]
        let image = try RasterImage(decoding: builder.bytes)
        #expect(image.pixel(x: 0, y: 0)?.argb == 0x0000_0000)
        #expect(image.pixel(x: 1, y: 0)?.argb == 0x8000_8000)
        #expect(image.pixel(x: 2, y: 0)?.argb == 0xff00_00ff)
        #expect(image.pixel(x: 3, y: 0)?.argb == 0xffff_ffff)
    }

    @Test func aGreyKeyColourIsTransparent() throws {
        var builder = PNGBuilder(width: 2, height: 1, colorType: .grey, bitDepth: 8, samples: [[200], [100]])
        builder.transparency = [0, 200]
        let image = try RasterImage(decoding: builder.bytes)
        #expect(image.pixel(x: 0, y: 0)?.alpha == 0)
        #expect(image.pixel(x: 1, y: 0) == .init(red: 100, green: 100, blue: 100))
    }

    /// A PNG Cairo writes from its own premultiplied pixels decodes to exactly those pixels.
    @Test func aPNGCairoWroteDecodesToCairosPixels() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 30))
        defer { cairo_surface_destroy(surface) }
        let cairo = try #require(cairo_create(surface))
        cairo_set_source_rgba(cairo, 0.9, 0.2, 0.1, 1)
        cairo_rectangle(cairo, 0, 0, 20, 30)
        cairo_fill(cairo)
        cairo_set_source_rgba(cairo, 0.1, 0.4, 0.8, 0.35)
        cairo_arc(cairo, 25, 15, 12, 0, 2 * .pi)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let path = "/tmp/image-decoding-cairo-\(getpid()).png"
        defer { unlink(path) }
        #expect(cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS)
        let image = try RasterImage(decoding: try contentsOfFile(path))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        var differences = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let cairoPixel = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                if image.pixel(x: x, y: y)?.argb != cairoPixel { differences += 1 }
            }
        }
        #expect(differences == 0)
        #expect(!image.isOpaque)
    }
}

/// A file's bytes.
func contentsOfFile(_ path: String) throws -> [UInt8] {
    let file = try #require(fopen(path, "rb"))
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}
