import Foundation
import Geometry
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

/// Our own rasterizer for strokes of one width (CapsuleRaster) against Cairo's stroke of the same path.
@Suite struct CapsuleRasterTests {
    /// How two pictures of a region differ: the largest difference of a channel, the pixels that differ by more
    /// than ``CapsuleRaster/edgeTolerance`` in some channel, and the pixels either painted (not paper).
    struct Difference {
        var largest = 0
        var overTolerance = 0
        var painted = 0
    }

    static func difference(_ a: ImageSurface, _ b: ImageSurface, paper: UInt32 = 0xFFFFFF) -> Difference {
        var result = Difference()
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if p != paper || q != paper { result.painted += 1 }
                var most = 0
                for shift: UInt32 in [0, 8, 16] {
                    most = max(most, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)))
                }
                result.largest = max(result.largest, most)
                if most > CapsuleRaster.edgeTolerance { result.overTolerance += 1 }
            }
        }
        return result
    }

    static let colors = [Color(red: 0.9, green: 0.22, blue: 0.21), Color(red: 0.1, green: 0.1, blue: 0.1),
                         Color(red: 0.26, green: 0.63, blue: 0.28, alpha: 0.5),
                         Color(red: 0.12, green: 0.53, blue: 0.9, alpha: 0.8)]

    /// A random stroke: 1 to 6 samples over a 40-point square (with paper around it), a width of 2 to 16, a scale of
    /// 1 or 2, one of four colours (two translucent), drawn by both into the same region. Its turns are as sharp
    /// as random samples make them, so it differs from Cairo more than a finger's strokes do: at the inner corners
    /// of sharp turns and crossings and where Cairo's outline of a curve's cusp is notched (``cuspShare``).
    @Test func aRandomStrokeIsWithinTheToleranceOfCairos() async {
        let generator = Gen.int(in: 0...Int.max).array(of: 3...8)
        await propertyCheck(count: 60, input: generator) { numbers in
            let scale = numbers[0] % 2 == 0 ? 1.0 : 2.0
            let width = Double(2 + numbers[1] % 15)
            let color = Self.colors[numbers[2] % Self.colors.count]
            let points = numbers.dropFirst(2).map { number in
                StrokePoint(Point(x: 6 + Double(number % 4_001) / 100, y: 6 + Double(number / 4_001 % 4_001) / 100))
            }
            let stroke = Stroke(points: points, color: color, width: width)
            let side = Int(52 * scale)
            let region = PixelRect(x: 0, y: 0, width: side, height: side)
            let cairo = drawRegion([stroke], region: region, pixelsPerPoint: scale, rasterizer: .cairo)
            let own = drawRegion([stroke], region: region, pixelsPerPoint: scale, rasterizer: .own)
            let difference = Self.difference(cairo, own)
            #expect(difference.painted > 0)
            let share = Self.turnsBack(points.map(\.location)) ? Self.cuspShare : CapsuleRaster.sharpTurnShare
            #expect(difference.overTolerance * 100 <= difference.painted * share, "\(numbers): \(difference)")
        }
    }

    /// Whether a path turns back on itself somewhere (a cusp): a sample where the path's direction turns by more than
    /// 135°, samples at the same place taken as one.
    static func turnsBack(_ points: [Point]) -> Bool {
        var distinct: [Point] = []
        for point in points where distinct.last != point { distinct.append(point) }
        guard distinct.count > 2 else { return false }
        return (1..<(distinct.count - 1)).contains { index in
            let (a, b, c) = (distinct[index - 1], distinct[index], distinct[index + 1])
            let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
            return ux * vx + uy * vy < -0.707 * (ux * ux + uy * uy).squareRoot() * (vx * vx + vy * vy).squareRoot()
        }
    }

    /// The most pixels, in percent of those a stroke paints, that may differ from Cairo's by more than
    /// ``CapsuleRaster/edgeTolerance`` on a stroke that turns back on itself (``turnsBack(_:)``): there Cairo's outline
    /// has a notch, or a pixel is covered by the union of the two lines, the larger of them here. Measured over 6 000
    /// random strokes with samples at one place half the time, a third of them of that kind: at most 37 % of those,
    /// the others at most 24 %.
    static let cuspShare = 40

    /// How far a pixel of a finger's stroke drawn at a scale below 1 may be from Cairo's: its lines are a pixel or
    /// less long there and, where it curls, a pixel touched in part by several of them is covered by the largest
    /// of their shares here and by their union in Cairo's. Measured: 47 levels at scale 0.1 (85 before a line
    /// thinner than a pixel's diagonal took off the share beyond its far edge, which this test found).
    static let thinTolerance = 48

    /// Strokes as a finger draws them (samples a few points apart, turning gently), at the palette's widths, at
    /// scales 1 and 2, opaque and translucent: every pixel within ``CapsuleRaster/edgeTolerance`` of Cairo's. And at
    /// the scales of a far zoom out and of thumbnails (0.1 to 0.5), where a stroke can be thinner than a pixel and
    /// a pixel reaches past both its edges: within ``thinTolerance``.
    @Test(arguments: [2.0, 5.0, 8.0, 16.0])
    func aFingersStrokeIsWithinTheEdgeToleranceOfCairos(width: Double) {
        for scale in [0.1, 0.25, 0.5, 1.0, 2.0] {
            for (index, color) in Self.colors.enumerated() {
                var direction = 0.3 + Double(index)
                var point = Point(x: 40, y: 40)
                var points = [StrokePoint(point)]
                for sample in 0..<12 {
                    direction += sample < 6 ? 0.18 : -0.12
                    point = Point(x: point.x + 3 * cos(direction), y: point.y + 3 * sin(direction))
                    points.append(StrokePoint(point))
                }
                let stroke = Stroke(points: points, color: color, width: width)
                let side = Int(80 * scale)
                let region = PixelRect(x: 0, y: 0, width: side, height: side)
                let cairo = drawRegion([stroke], region: region, pixelsPerPoint: scale, rasterizer: .cairo)
                let own = drawRegion([stroke], region: region, pixelsPerPoint: scale, rasterizer: .own)
                let difference = Self.difference(cairo, own)
                #expect(difference.painted > Int(50 * scale * scale))
                let tolerance = scale < 1 ? Self.thinTolerance : CapsuleRaster.edgeTolerance
                #expect(difference.largest <= tolerance, "scale \(scale), \(color): \(difference)")
            }
        }
    }

    /// Inside a stroke, where it covers pixels fully, its colour is blended over the paper exactly as Cairo blends
    /// it (the colour made 8 bits and premultiplied as Cairo does, pixman's rounding), opaque or not.
    @Test func aFlatFillIsCairosPixelForPixel() {
        let paper = Color(red: 0.3, green: 0.6, blue: 0.9)
        let colors = Self.colors + [Color(red: 0.123, green: 0.456, blue: 0.789, alpha: 0.333),
                                    Color(red: 1, green: 0.5, blue: 0, alpha: 0.01)]
        for color in colors {
            let stroke = Stroke(points: [Point(x: 4, y: 16), Point(x: 60, y: 16)].map { StrokePoint($0) },
                                color: color, width: 20)
            let region = PixelRect(x: 0, y: 0, width: 64, height: 32)
            let own = drawRegion([stroke], region: region, pixelsPerPoint: 1, paper: paper, rasterizer: .own)
            let cairo = drawRegion([stroke], region: region, pixelsPerPoint: 1, paper: paper, rasterizer: .cairo)
            for y in 10..<22 {
                for x in 16..<48 {
                    #expect(own.pixel(x: x, y: y) == cairo.pixel(x: x, y: y), "\(color) at \(x), \(y)")
                }
            }
        }
    }

    /// A translucent stroke that crosses itself is blended once where it crosses, as Cairo does: the crossing has
    /// the colour of one pass.
    @Test func aTranslucentStrokeCrossingItselfIsBlendedOnce() {
        let color = Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.5)
        let points = [Point(x: 4, y: 4), Point(x: 28, y: 28), Point(x: 28, y: 4), Point(x: 4, y: 28)].map { StrokePoint($0) }
        let stroke = Stroke(points: points, color: color, width: 6)
        let region = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let own = drawRegion([stroke], region: region, pixelsPerPoint: 1, rasterizer: .own)
        let cairo = drawRegion([stroke], region: region, pixelsPerPoint: 1, rasterizer: .cairo)
        // The smoothed path crosses itself near the middle; one pass alone is a pixel on the first diagonal.
        let crossing = own.pixel(x: 16, y: 16), onePass = own.pixel(x: 8, y: 8)
        #expect(crossing == onePass, "\(String(crossing, radix: 16)) \(String(onePass, radix: 16))")
        #expect(crossing == cairo.pixel(x: 16, y: 16))
    }

    /// Strokes drawn for a region change nothing outside it, however far they reach.
    @Test func nothingIsDrawnOutsideTheRegion() {
        let image = ImageSurface(width: 96, height: 96, fill: .white)
        let region = PixelRect(x: 100, y: 200, width: 32, height: 32)
        let strokes = [
            Stroke(points: [Point(x: 80, y: 180), Point(x: 150, y: 250)].map { StrokePoint($0) }, color: .black, width: 16),
            Stroke(points: [Point(x: 90, y: 216), Point(x: 140, y: 216)].map { StrokePoint($0) }, color: .black, width: 40),
        ]
        drawStrokes(strokes[...], region: region, pixelsPerPoint: 1, into: image, at: (32, 32), rasterizer: .own)
        var inside = 0
        for y in 0..<96 {
            for x in 0..<96 {
                let isInside = (32..<64).contains(x) && (32..<64).contains(y)
                if isInside {
                    if image.pixel(x: x, y: y) != 0xFFFFFF { inside += 1 }
                } else {
                    #expect(image.pixel(x: x, y: y) == 0xFFFFFF, "\(x), \(y)")
                }
            }
        }
        #expect(inside > 500)
    }

    /// A stack of strokes drawn top first without the pixels later opaque strokes cover fully is, pixel for pixel,
    /// the picture of drawing every stroke bottom up: random stacks of 2 to 12 strokes (opaque and translucent,
    /// widths 1 to 24, so many pixels are covered fully, partly, or by translucent strokes only), now and then one
    /// with pressure between them (Cairo's, ending a run), at scales 1 and 2, in a region starting off the origin.
    @Test func skippingHiddenPixelsChangesNoPixel() async {
        let generator = Gen.int(in: 0...Int.max).array(of: 6...40)
        let colors = Self.colors + [.white, Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.996)]
        await propertyCheck(count: 40, input: generator) { numbers in
            let scale = numbers[0] % 2 == 0 ? 1.0 : 2.0
            var strokes: [Stroke] = []
            var rest = numbers.dropFirst()
            while rest.count >= 3 {
                let head = rest.removeFirst()
                let count = 1 + head % 4
                let places = rest.prefix(count)
                rest = rest.dropFirst(count)
                let points = places.map { number in
                    StrokePoint(Point(x: 10 + Double(number % 3_001) / 100, y: 20 + Double(number / 3_001 % 3_001) / 100))
                }
                let color = colors[head / 4 % colors.count]
                let width = Double(1 + head / 64 % 24)
                if head / 2_048 % 7 == 0,
                   let pen = Stroke(points: points, pen: points.map { _ in StrokePen(pressure: 0.6) },
                                    color: color, width: width) {
                    strokes.append(pen)
                } else {
                    strokes.append(Stroke(points: points, color: color, width: width))
                }
            }
            let region = PixelRect(x: Int(12 * scale), y: Int(22 * scale), width: Int(30 * scale), height: Int(30 * scale))
            let skipping = drawRegion(strokes, region: region, pixelsPerPoint: scale, rasterizer: .own)
            let everyPixel = drawRegion(strokes, region: region, pixelsPerPoint: scale, rasterizer: .own,
                                        skippingHidden: false)
            var differing = 0
            for y in 0..<region.height {
                for x in 0..<region.width where skipping.pixel(x: x, y: y) != everyPixel.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(numbers): \(strokes.count) strokes")
        }
    }

    /// Values no stroke should have (not finite, enormous, negative) draw something or nothing, but never trap.
    @Test func badValuesNeverTrap() {
        let places: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 3e38, 1e9, 16, 0]
        let widths: [Double] = [.nan, .infinity, 0, -4, 1e-300, 1e300, 3e38, 8]
        let region = PixelRect(x: 0, y: 0, width: 32, height: 32)
        for width in widths {
            for x in places {
                for y in places {
                    let points = [Point(x: 16, y: 16), Point(x: x, y: y), Point(x: 20, y: 8), Point(x: y, y: x)]
                    let color = Color(red: x, green: .nan, blue: 0.5, alpha: y.isNaN ? .nan : 0.7)
                    let stroke = Stroke(points: points.map { StrokePoint($0) }, color: color, width: width)
                    let image = drawRegion([stroke], region: region, pixelsPerPoint: width == 8 ? 1e300 : 1,
                                           rasterizer: .own)
                    #expect(image.width == 32)
                }
            }
        }
    }
}
