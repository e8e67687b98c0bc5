@testable import BrushEngine
import CMyPaint
import PropertyBased
import Testing

/// Dabs drawn into a canvas as libmypaint's own fixed tiled surface draws the same dabs, within a few levels.
@Suite struct DabCanvasTests {
    /// The pixels libmypaint's fixed tiled surface paints for `dabs` on a canvas of this size, as bytes a pixel.
    static func libmypaintsPixels(of dabs: [BrushDab], width: Int, height: Int) throws -> [[UInt8]] {
        let fixed = try FixedSurface(width: width, height: height)
        // Its tiles start at 0xFFFF a channel, twice opaque white's 1 << 15: white paper first, as the canvas has.
        try fixed.write { _, _ in [255, 255, 255, 255] }
        mypaint_surface_begin_atomic(fixed.surface)
        for dab in dabs {
            _ = mypaint_surface_draw_dab(fixed.surface, dab.x, dab.y, dab.radius, dab.red, dab.green, dab.blue,
                                         dab.opacity, dab.hardness, dab.alphaEraser, dab.aspectRatio, dab.angle,
                                         dab.lockAlpha, dab.colorize)
        }
        var area = MyPaintRectangle(x: 0, y: 0, width: 0, height: 0)
        mypaint_surface_end_atomic(fixed.surface, &area)
        return try fixed.pixels()
    }

    @Test(arguments: ["classic/pencil", "classic/pen", "classic/charcoal", "classic/marker_fat", "classic/ink_eraser"])
    func aStrokesDabsArePaintedAsLibmypaintPaintsThem(name: String) throws {
        let preset = try BrushPreset(named: name)
        var samples = BrushDabsTests.line(pressure: 0.8)
        // A curve too, and a second, small pass: thin dabs and soft edges both.
        samples += (0...60).map { step in
            let t = Double(step) / 60
            return BrushSample(x: 120 + 160 * t, y: 150 + 80 * t * t, pressure: 0.3 + 0.6 * t, time: 1.5 + t)
        }
        let dabs = preset.dabs(along: samples, color: BrushColor(hue: 0.6, saturation: 0.8, value: 0.7))
        let (width, height) = (400, 300)
        var canvas = try #require(DabCanvas(width: width, height: height))
        // libmypaint's fixed surface starts as white paper.
        canvas.fill(red: 1, green: 1, blue: 1)
        // Under an eraser, paint to take away first.
        if name.hasSuffix("eraser") {
            let paint = BrushDab(x: 200, y: 200, radius: 60, red: 1, green: 0, blue: 0, opacity: 1, hardness: 0.9,
                                 alphaEraser: 1, aspectRatio: 1, angle: 0, lockAlpha: 0, colorize: 0)
            canvas.draw(paint)
            let theirs = try Self.libmypaintsPixels(of: [paint] + dabs, width: width, height: height)
            for dab in dabs { canvas.draw(dab) }
            try Self.expectClose(canvas, theirs, name: name)
            return
        }
        for dab in dabs { canvas.draw(dab) }
        try Self.expectClose(canvas, try Self.libmypaintsPixels(of: dabs, width: width, height: height), name: name)
    }

    /// Any dabs, their values anywhere (not a number, infinite, huge, negative): drawing them never traps, and each
    /// pixel stays premultiplied within 0...1, every colour channel at most its alpha.
    @Test func anyDabKeepsTheCanvasPremultipliedWithinRange() async throws {
        let special: [Float] = [.nan, .infinity, -.infinity, 0, -1, 1, 1e30, -1e30, .leastNonzeroMagnitude, 0.05]
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max).array(of: 13...130)) { numbers in
            let values = numbers.map { $0 % 3 == 0 ? special[($0 / 3) % special.count] : Float($0 % 20_000) / 100 - 50 }
            var canvas = DabCanvas(width: 64, height: 48)
            canvas?.fill(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
            for start in stride(from: 0, to: values.count - 12, by: 13) {
                let v = Array(values[start..<(start + 13)])
                canvas?.draw(BrushDab(x: v[0] + 32, y: v[1] + 24, radius: v[2], red: v[3], green: v[4], blue: v[5],
                                      opacity: v[6], hardness: v[7], alphaEraser: v[8], aspectRatio: v[9], angle: v[10],
                                      lockAlpha: v[11], colorize: v[12]))
            }
            let channels = canvas?.channels ?? []
            #expect(channels.count == 64 * 48 * 4)
            let off = stride(from: 0, to: channels.count, by: 4).first { pixel in
                let alpha = channels[pixel + 3]
                return !(0...1).contains(alpha) || (0..<3).contains { !(0...alpha + 1e-5).contains(channels[pixel + $0]) }
            }
            #expect(off == nil, "pixel \(off.map { $0 / 4 } ?? 0): \(off.map { Array(channels[$0..<($0 + 4)]) } ?? [])")
        }
    }

    static func expectClose(_ canvas: DabCanvas, _ theirs: [[UInt8]], name: String) throws {
        var largest = 0, painted = 0
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let ours = canvas.bytes(atColumn: column, row: row), their = theirs[row * canvas.width + column]
                if their != [255, 255, 255, 255] { painted += 1 }
                for channel in 0..<4 { largest = max(largest, abs(Int(ours[channel]) - Int(their[channel]))) }
            }
        }
        #expect(painted > 500, "\(name): libmypaint changed \(painted) pixels")
        #expect(largest <= 3, "\(name): \(largest) levels off")
    }
}

/// A brush that picks colour up (smudge) reads it from the canvas it paints: it drags colours along its path, as
/// libmypaint's own surface has it do.
@Suite struct SmudgeTests {
    static let (width, height) = (400, 200)

    /// Red paper on the left half, blue on the right.
    static func redAndBlue() throws -> DabCanvas {
        let channels = (0..<(width * height)).flatMap { pixel -> [Float] in pixel % width < width / 2 ? [1, 0, 0, 1] : [0, 0, 1, 1] }
        return try #require(DabCanvas(width: width, height: height, channels: channels))
    }

    /// A stroke from the red half into the blue one, at one pressure.
    static let stroke = (0...80).map { step in
        BrushSample(x: 120 + 2.5 * Double(step), y: 100, pressure: 0.8, time: Double(step) / 80)
    }

    @Test func smudgeDragsTheRedIntoTheBlueAlongItsPath() throws {
        let preset = try BrushPreset(named: "classic/smudge")
        var canvas = try Self.redAndBlue()
        let drawn = preset.paint(along: Self.stroke, color: BrushColor(hue: 0.3, saturation: 1, value: 1), onto: &canvas)
        #expect(drawn > 20)
        // On the path just past the edge, in the blue half, red has come in and blue gone down (this preset's
        // paint soon runs out: its smudge length is 0.35); off the path, blue as it was.
        for x in [203, 205, 207] {
            let pixel = canvas.bytes(atColumn: x, row: 100)
            #expect(pixel[0] > 20 && pixel[2] < 235, "(\(x), 100): \(pixel)")
        }
        #expect(canvas.bytes(atColumn: 205, row: 60) == [0, 0, 255, 255])
        // Its own colour (green) is nowhere: smudge paints what it picked up.
        #expect(canvas.bytes(atColumn: 205, row: 100)[1] < 10)
        // The same dabs drawn with nothing to pick up bring no red there.
        var plain = try Self.redAndBlue()
        _ = preset.dabs(along: Self.stroke, color: BrushColor(hue: 0.3, saturation: 1, value: 1)).map { plain.draw($0) }
        #expect(plain.bytes(atColumn: 205, row: 100)[0] < 5)
    }

    /// The same preset and samples over the same paper on libmypaint's fixed tiled surface (its own dabs and its own
    /// sampling of the colour under them) come out within a few levels of our canvas.
    @Test(arguments: ["classic/smudge", "classic/blend+paint", "deevad/basic_digital_knife_smudging"])
    func aSmudgeStrokeIsPaintedAsLibmypaintPaintsIt(name: String) throws {
        let preset = try BrushPreset(named: name)
        let color = BrushColor(hue: 0.3, saturation: 1, value: 1)
        var canvas = try Self.redAndBlue()
        preset.paint(along: Self.stroke, color: color, onto: &canvas)
        let theirs = try Self.libmypaintsPixels(of: preset, color: color, over: try Self.redAndBlue())
        var largest = 0, changed = 0
        let before = try Self.redAndBlue()
        for row in 0..<Self.height {
            for column in 0..<Self.width {
                let ours = canvas.bytes(atColumn: column, row: row), their = theirs[row * Self.width + column]
                if their != before.bytes(atColumn: column, row: row) { changed += 1 }
                for channel in 0..<4 { largest = max(largest, abs(Int(ours[channel]) - Int(their[channel]))) }
            }
        }
        #expect(changed > 300, "\(name): libmypaint changed \(changed) pixels")
        #expect(largest <= 3, "\(name): \(largest) levels off")
    }

    /// libmypaint's fixed tiled surface, starting as `paper`, painted by its own surface calls with the brush made from
    /// `preset` along ``stroke``, as bytes a pixel.
    static func libmypaintsPixels(of preset: BrushPreset, color: BrushColor, over paper: DabCanvas) throws -> [[UInt8]] {
        let fixed = try FixedSurface(width: width, height: height), warmUp = try FixedSurface(width: width, height: height)
        try fixed.write { column, row in paper.bytes(atColumn: column, row: row) }
        try BrushPreset.withEngine {
            let brush = try #require(preset.makeBrush())
            defer { mypaint_brush_unref(brush) }
            BrushPreset.drive(brush, along: stroke, color: color, viewZoom: 1, viewRotation: 0, isFull: { false }) { step, isWarmUp in
                let target = isWarmUp ? warmUp.surface : fixed.surface
                mypaint_surface_begin_atomic(target)
                _ = mypaint_brush_stroke_to(brush, target, step.x, step.y, step.pressure, step.xTilt, step.yTilt, step.elapsed)
                var area = MyPaintRectangle(x: 0, y: 0, width: 0, height: 0)
                mypaint_surface_end_atomic(target, &area)
            }
        }
        return try fixed.pixels()
    }
}

/// libmypaint's fixed tiled surface, the reference drawing of dabs: its pixels written and read as bytes (RGBA,
/// premultiplied; the tiles hold 1 << 15 for 1).
final class FixedSurface {
    let width: Int, height: Int
    let surface: UnsafeMutablePointer<MyPaintSurface>
    private var tiled: UnsafeMutablePointer<MyPaintTiledSurface> {
        UnsafeMutableRawPointer(surface).assumingMemoryBound(to: MyPaintTiledSurface.self)
    }
    private static let side = Int(MYPAINT_TILE_SIZE)

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        let fixed = try #require(mypaint_fixed_tiled_surface_new(Int32(width), Int32(height)))
        surface = try #require(mypaint_fixed_tiled_surface_interface(fixed))
    }

    deinit { mypaint_surface_unref(surface) }

    /// Hands each tile's pixels, and its place in tiles, to `body`, and puts them back.
    private func forEachTile(writing: Bool, _ body: ((x: Int, y: Int), UnsafeMutablePointer<UInt16>) -> Void) throws {
        for ty in 0..<((height + Self.side - 1) / Self.side) {
            for tx in 0..<((width + Self.side - 1) / Self.side) {
                var request = MyPaintTileRequest()
                mypaint_tile_request_init(&request, 0, Int32(tx), Int32(ty), writing ? 0 : 1)
                mypaint_tiled_surface_tile_request_start(tiled, &request)
                defer { mypaint_tiled_surface_tile_request_end(tiled, &request) }
                body((tx, ty), try #require(request.buffer))
            }
        }
    }

    /// Writes every pixel (beyond the surface too, to its tiles' edges) as `pixel` gives its bytes.
    func write(_ pixel: (_ column: Int, _ row: Int) -> [UInt8]) throws {
        let side = Self.side
        try forEachTile(writing: true) { tile, buffer in
            for row in 0..<side {
                for column in 0..<side {
                    let bytes = pixel(tile.x * side + column, tile.y * side + row)
                    for channel in 0..<4 {
                        buffer[(row * side + column) * 4 + channel] = UInt16((Double(bytes[channel]) / 255 * Double(1 << 15)).rounded())
                    }
                }
            }
        }
    }

    /// Every pixel, row after row, as bytes.
    func pixels() throws -> [[UInt8]] {
        let side = Self.side
        var pixels = [[UInt8]](repeating: [0, 0, 0, 0], count: width * height)
        try forEachTile(writing: false) { tile, buffer in
            for row in 0..<side where tile.y * side + row < height {
                for column in 0..<side where tile.x * side + column < width {
                    let start = (row * side + column) * 4
                    pixels[(tile.y * side + row) * width + tile.x * side + column] = (0..<4).map { channel in
                        UInt8((Double(min(buffer[start + channel], 1 << 15)) / Double(1 << 15) * 255).rounded())
                    }
                }
            }
        }
        return pixels
    }
}
