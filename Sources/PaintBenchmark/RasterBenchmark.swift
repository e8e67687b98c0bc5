// `paint-benchmark raster`: the 135 visible tiles of the `--large` drawing at 100 %, drawn by Cairo and by our own
// rasterizer (CapsuleRaster): the time of each, and how far their pixels are apart.
import FoundationEssentials
import Geometry
import PaintModel
import PaintRender

/// Runs `paint-benchmark raster [--centre] [--raster own|cairo] [--every-pixel] [--png-dir DIR]`:
/// - without `--centre`: draws each of the 135 tiles a 3840x2160 window shows of the `--large` drawing at 100 % with
///   both rasterizers (thread CPU time, each tile with one then the other). It prints the largest difference per
///   channel and the pixels differing by more than 8, 16 and 32 levels. With `--png-dir`, it writes a crop of the
///   centre tile by each at 400 % (`centre-cairo.png`, `centre-own.png`). Ours is timed twice: skipping the pixels
///   later opaque strokes hide (as the tiles are drawn) and drawing every stroke's pixels; the two must be equal.
/// - with `--centre`: draws only the crowded centre tile, once, with `--raster` (default cairo; ours with
///   `--every-pixel` draws every stroke's pixels, hidden or not): the run to count with
///   `valgrind --tool=callgrind --toggle-collect='*drawRegion*'`.
func runRasterBenchmark(arguments: [String]) {
    func value(of flag: String) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
    let size = Size(width: 3840, height: 2160)
    let strokes = realisticStrokes(50_000, in: size, seed: 11)
    let side = 256
    func reaching(_ region: PixelRect) -> [Stroke] {
        let rect = Rect(x: Double(region.x), y: Double(region.y), width: Double(region.width),
                        height: Double(region.height))
        return strokes.filter { $0.bounds.intersection(rect) != nil }
    }
    let centre = PixelRect(x: 7 * side, y: 4 * side, width: side, height: side)
    if arguments.contains("--centre") {
        let rasterizer = value(of: "--raster").flatMap(StrokeRasterizer.init(rawValue:)) ?? .cairo
        benchmarkCentreTile(reaching(centre), centre: centre, rasterizer: rasterizer, arguments: arguments)
        return
    }
    print("raster: the 135 tiles of the 50 000-stroke drawing a 3840x2160 window shows at 100 %, "
          + "drawn by Cairo and by our own rasterizer (thread CPU ms)")
    var times: [StrokeRasterizer: Double] = [.cairo: 0, .own: 0]
    var largest = [0, 0, 0]
    var over = [8: 0, 16: 0, 32: 0]
    var compared = 0
    var everyPixelTime = 0.0
    var hiddenSkipDiffers = 0
    var strokeTiles = 0
    for row in 0..<(Int(size.height) + side - 1) / side {
        for column in 0..<Int(size.width) / side {
            let region = PixelRect(x: column * side, y: row * side, width: side, height: side)
            let inTile = reaching(region)
            strokeTiles += inTile.count
            var images: [StrokeRasterizer: ImageSurface] = [:]
            for rasterizer in [StrokeRasterizer.cairo, .own] {
                let start = threadProcessorMilliseconds()
                images[rasterizer] = drawRegion(inTile, region: region, pixelsPerPoint: 1, rasterizer: rasterizer)
                times[rasterizer, default: 0] += threadProcessorMilliseconds() - start
            }
            guard let cairo = images[.cairo], let own = images[.own] else { continue }
            let start = threadProcessorMilliseconds()
            let everyPixel = drawRegion(inTile, region: region, pixelsPerPoint: 1, rasterizer: .own,
                                        skippingHidden: false)
            everyPixelTime += threadProcessorMilliseconds() - start
            for y in 0..<side {
                for x in 0..<side where everyPixel.pixel(x: x, y: y) != own.pixel(x: x, y: y) { hiddenSkipDiffers += 1 }
            }
            let visibleRows = min(side, Int(size.height) - row * side)
            compare(cairo, own, rows: visibleRows, side: side, compared: &compared, largest: &largest, over: &over)
        }
    }
    print("   tiles: 135 (\(strokeTiles) stroke-tiles), pixels compared: \(compared)")
    print("   thread CPU: cairo \(format(times[.cairo] ?? 0)) ms, own \(format(times[.own] ?? 0)) ms; "
          + "ratio \(cFormat("%.2f", (times[.own] ?? 0) / max(times[.cairo] ?? 1, 1e-9)))")
    print("   own drawing every pixel (hidden ones too): \(format(everyPixelTime)) ms; ratio of own skipping hidden "
          + "pixels to it \(cFormat("%.2f", (times[.own] ?? 0) / max(everyPixelTime, 1e-9))); "
          + "pixels differing between the two: \(hiddenSkipDiffers)")
    print("   largest difference (levels of 255): red \(largest[2]), green \(largest[1]), blue \(largest[0]); "
          + "pixels differing by more than 8: \(over[8] ?? 0), 16: \(over[16] ?? 0), 32: \(over[32] ?? 0)")
    if let directory = value(of: "--png-dir") {
        writeCentreCrops(of: reaching(centre), centre: centre, into: directory)
    }
}

/// `--centre`: draws the centre tile's strokes `inTile` once with `rasterizer` (ours with `--every-pixel` draws
/// every stroke's pixels, hidden or not), and prints the thread CPU time.
private func benchmarkCentreTile(_ inTile: [Stroke], centre: PixelRect, rasterizer: StrokeRasterizer,
                                 arguments: [String]) {
    let start = threadProcessorMilliseconds()
    let everyPixel = arguments.contains("--every-pixel")
    let image = drawRegion(inTile, region: centre, pixelsPerPoint: 1, rasterizer: rasterizer,
                           skippingHidden: !everyPixel)
    let time = threadProcessorMilliseconds() - start
    print("raster: the centre tile \(centre), \(inTile.count) strokes, \(rasterizer.rawValue)"
          + (everyPixel && rasterizer == .own ? " (every pixel)" : "") + ": \(format(time)) ms "
          + "(pixel 128,128: \(String(image.pixel(x: 128, y: 128), radix: 16)))")
}

/// Compares the first `rows` rows of a tile (`side` pixels wide) as Cairo and ours drew it:
/// - `compared` counts the pixels;
/// - `largest` keeps each channel's largest difference (blue, green, red);
/// - `over` counts, for each of its limits, the pixels whose largest channel difference is above it.
private func compare(_ cairo: ImageSurface, _ own: ImageSurface, rows: Int, side: Int, compared: inout Int,
                     largest: inout [Int], over: inout [Int: Int]) {
    for y in 0..<rows {
        for x in 0..<side {
            let a = cairo.pixel(x: x, y: y), b = own.pixel(x: x, y: y)
            compared += 1
            guard a != b else { continue }
            var most = 0
            for channel in 0..<3 {
                let shift = UInt32(channel * 8)
                let difference = abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF))
                largest[channel] = max(largest[channel], difference)
                most = max(most, difference)
            }
            for limit in over.keys where most > limit { over[limit, default: 0] += 1 }
        }
    }
}

/// `--png-dir`: a crop of the centre tile (its strokes `inTile`) by each rasterizer at 400 %, written into
/// `directory` as `centre-cairo.png` and `centre-own.png`.
private func writeCentreCrops(of inTile: [Stroke], centre: PixelRect, into directory: String) {
    for rasterizer in [StrokeRasterizer.cairo, .own] {
        let image = drawRegion(inTile, region: centre, pixelsPerPoint: 1, rasterizer: rasterizer)
        let enlarged = image.enlarged(PixelRect(x: 80, y: 80, width: 96, height: 96), by: 4)
        let path = directory + "/centre-\(rasterizer.rawValue).png"
        do { try OutputFile.write(path, overwrite: true) { try enlarged.writePNG(to: $0) } } catch { print("   \(error)") }
        print("   wrote \(path) (pixels 80-176 of the centre tile, at 400 %)")
    }
}
