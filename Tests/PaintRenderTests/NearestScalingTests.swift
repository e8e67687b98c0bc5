import CCairo
import Foundation
import Geometry
@testable import PaintRender
import Testing

/// The zoom preview's scaler (``NearestScaling``): each buffer pixel shows the source pixel under its centre, paper
/// where no tile is given, as Cairo's nearest filter scales the same tiles.
@Suite struct NearestScalingTests {
    /// Source tiles whose pixels name their own place: x in the high 12 bits, y in the low 12 (both modulo 4 096).
    /// Tiles lie at columns -1...2 and rows -1...1 of the grid, but for two left out (holes: paper).
    final class Source {
        static let holes: Set<NearestScaling.Position> = [.init(column: 1, row: 0), .init(column: -1, row: 1)]
        var images: [NearestScaling.Position: ImageSurface] = [:]

        init() {
            let side = TileKey.side
            for row in -1...1 {
                for column in -1...2 where !Self.holes.contains(.init(column: column, row: row)) {
                    let image = ImageSurface(width: side, height: side, fill: nil)
                    for y in 0..<side {
                        let line = UnsafeMutableRawPointer(image.pixels + y * image.stride)
                        for x in 0..<side {
                            line.storeBytes(of: Self.pixel(x: column * side + x, y: row * side + y), toByteOffset: x * 4,
                                            as: UInt32.self)
                        }
                    }
                    image.markDirty()
                    images[.init(column: column, row: row)] = image
                }
            }
        }

        static func pixel(x: Int, y: Int) -> UInt32 { UInt32(x & 0xFFF) << 12 | UInt32(y & 0xFFF) }

        /// The source pixel at a place: paper outside the tiles and in the holes.
        func expected(x: Int, y: Int) -> UInt32 {
            let position = NearestScaling.Position(column: floorDivide(x, TileKey.side), row: floorDivide(y, TileKey.side))
            return images[position] == nil ? NearestScalingTests.paperPixel : Self.pixel(x: x, y: y)
        }

        var sources: [NearestScaling.Position: NearestScaling.Source] {
            images.mapValues {
                NearestScaling.Source(pixels: UnsafeRawPointer($0.pixels).assumingMemoryBound(to: UInt32.self),
                                      rowPixels: $0.stride / 4)
            }
        }
    }

    /// Paper, told apart from every source pixel by its top byte.
    static let paperPixel: UInt32 = 0xFF12_3456
    /// What the buffer holds outside the rectangle written.
    static let untouched: UInt32 = 0x5A5A_5A5A

    /// Zoom ratios as fractions (buffer zoom over source zoom), integer and not: the zoom steps (5/4, 4/5, 25/16,
    /// 16/25), halving and doubling, and thirds and sevenths.
    static let ratios: [(numerator: Int, denominator: Int)] = [(5, 4), (4, 5), (25, 16), (16, 25), (2, 1), (1, 2), (7, 3), (3, 7)]

    /// Where the buffer's top-left pixel lies in the document at the buffer's zoom: negative, odd, and far from 0.
    static let offsets: [(x: Int, y: Int)] = [(-301, -157), (0, 0), (37, 211), (-13, 95)]

    /// The source pixel under a buffer pixel's centre at a ratio `n / d`: ⌈(pixel + offset + ½) · d / n⌉ − 1, in
    /// whole numbers (a centre exactly on an edge goes up or left).
    static func sourcePixel(_ pixel: Int, offset: Int, numerator: Int, denominator: Int) -> Int {
        ceilDivide((2 * (pixel + offset) + 1) * denominator, 2 * numerator) - 1
    }

    /// A buffer of 120 × 80 pixels (rows padded), filled with ``untouched``.
    private func makeBuffer() -> (pixels: UnsafeMutableRawPointer, stride: Int) {
        let stride = 120 * 4 + 32
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 80, alignment: 16)
        pixels.initializeMemory(as: UInt32.self, repeating: Self.untouched, count: stride * 80 / 4)
        return (pixels, stride)
    }

    private func pixel(_ buffer: (pixels: UnsafeMutableRawPointer, stride: Int), x: Int, y: Int) -> UInt32 {
        buffer.pixels.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
    }

    /// A rectangle of odd size that reaches the buffer's last row and column, scaled whole and in uneven bands of
    /// rows: every pixel inside is the source pixel under its centre (paper in the holes and outside the tiles),
    /// every pixel outside is untouched.
    @Test(arguments: ratios.indices)
    func eachPixelShowsTheSourcePixelUnderItsCentre(ratio index: Int) throws {
        let (numerator, denominator) = Self.ratios[index]
        let source = Source()
        let rect = PixelRect(x: 7, y: 5, width: 113, height: 75)
        for offset in Self.offsets {
            let scaling = NearestScaling(rect: rect, offset: offset, ratio: Double(numerator) / Double(denominator),
                                         sources: source.sources, paper: Self.paperPixel)
            for bands in [[0..<75], [0..<1, 1..<8, 8..<41, 41..<75]] {
                let buffer = makeBuffer()
                defer { buffer.pixels.deallocate() }
                for rows in bands { scaling.write(rows: rows, into: buffer.pixels, stride: buffer.stride) }
                var wrong: [String] = []
                for y in 0..<80 {
                    for x in 0..<120 {
                        let expected = rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                            ? source.expected(
                                x: Self.sourcePixel(x, offset: offset.x, numerator: numerator, denominator: denominator),
                                y: Self.sourcePixel(y, offset: offset.y, numerator: numerator, denominator: denominator))
                            : Self.untouched
                        if pixel(buffer, x: x, y: y) != expected, wrong.count < 3 { wrong.append("(\(x), \(y))") }
                    }
                }
                #expect(wrong.isEmpty, "ratio \(numerator)/\(denominator), offset \(offset), \(bands.count) bands: \(wrong)")
            }
        }
    }

    /// The same tiles scaled by Cairo as the preview was drawn before (each tile a box, `CAIRO_FILTER_FAST`, over
    /// paper): wherever a pixel's centre is more than 1/64 of a source pixel from an edge, both pick the same
    /// source pixel (or paper). Nearer an edge either may pick the neighbour: Cairo steps along a row in 16.16
    /// fixed point from where each tile's box starts, so a centre exactly on an edge (every fifth pixel at a zoom
    /// step) goes one way or the other along the row; ours always goes up or left.
    @Test(arguments: ratios.indices)
    func itPicksWhatCairosNearestFilterPicks(ratio index: Int) throws {
        let (numerator, denominator) = Self.ratios[index]
        let ratio = Double(numerator) / Double(denominator)
        let source = Source()
        let rect = PixelRect(x: 7, y: 5, width: 113, height: 75)
        for offset in Self.offsets {
            let buffer = makeBuffer()
            defer { buffer.pixels.deallocate() }
            NearestScaling(rect: rect, offset: offset, ratio: ratio, sources: source.sources, paper: Self.paperPixel)
                .write(rows: 0..<rect.height, into: buffer.pixels, stride: buffer.stride)
            let cairo = ImageSurface(width: 120, height: 80, fill: nil)
            let surface = cairo.surface
            let context = try #require(cairo_create(surface))
            cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(context)
            cairo_set_source_rgba(context, 0x12 / 255.0, 0x34 / 255.0, 0x56 / 255.0, 1)
            cairo_paint(context)
            cairo_translate(context, Double(-offset.x), Double(-offset.y))
            cairo_scale(context, ratio, ratio)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
            for (position, image) in source.images {
                let x = Double(position.column * TileKey.side), y = Double(position.row * TileKey.side)
                cairo_set_source_surface(context, image.surface, x, y)
                cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_FAST)
                cairo_rectangle(context, x, y, Double(TileKey.side), Double(TileKey.side))
                cairo_fill(context)
            }
            cairo_destroy(context)
            cairo_surface_flush(surface)
            var wrong: [String] = []
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    // Where the centre falls within its source pixel, in 64ths: near 0 or 64, it is near an edge.
                    func candidates(_ pixel: Int, _ offset: Int) -> [Int] {
                        let source = Self.sourcePixel(pixel, offset: offset, numerator: numerator, denominator: denominator)
                        let within = floorDivide(64 * (2 * (pixel + offset) + 1) * denominator, 2 * numerator) - 64 * source
                        return within <= 1 ? [source, source - 1] : within >= 63 ? [source, source + 1] : [source]
                    }
                    let allowed = Set(candidates(x, offset.x).flatMap { sx in
                        candidates(y, offset.y).map { sy in source.expected(x: sx, y: sy) & 0xFF_FFFF }
                    })
                    let ours = pixel(buffer, x: x, y: y) & 0xFF_FFFF, theirs = cairo.pixel(x: x, y: y)
                    if !allowed.contains(ours) || !allowed.contains(theirs), wrong.count < 3 {
                        wrong.append("(\(x), \(y)): ours \(String(ours, radix: 16)), Cairo's \(String(theirs, radix: 16))")
                    }
                }
            }
            #expect(wrong.isEmpty, "ratio \(numerator)/\(denominator), offset \(offset): \(wrong)")
        }
    }
}

private func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}

private func ceilDivide(_ value: Int, _ divisor: Int) -> Int {
    -floorDivide(-value, divisor)
}
