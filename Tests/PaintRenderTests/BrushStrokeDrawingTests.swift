// Strokes painted with a MyPaint brush drawn into pictures and tiles: the brush's own dabs over the paper, the same
// in every piece of a picture and in the tiles as in one picture drawn whole, scaled at another zoom, and drawn with
// a plain brush when the document's settings for it are refused.
import BrushEngine
import Geometry
import Glibc
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

@Suite struct BrushStrokeDrawingTests {
    /// A pen's S across 160 × 100 points, 100 Hz, pressure rising and falling, painted with `preset` in `color`.
    static func stroke(_ preset: BrushPreset, color: Color = Color(red: 0.1, green: 0.3, blue: 0.7),
                       erasing: Bool = false, at corner: Point = Point(x: 40, y: 80)) throws -> Stroke {
        let count = 60
        let points = (0..<count).map { index in
            let t = Double(index) / Double(count - 1)
            return StrokePoint(Point(x: corner.x + 160 * t, y: corner.y + 40 * sin(t * 2 * .pi)),
                               time: Timestamp(milliseconds: 10 * Double(index)))
        }
        let pen = (0..<count).map { index -> StrokePen in
            let t = Double(index) / Double(count - 1)
            return StrokePen(pressure: 0.3 + 0.6 * sin(t * .pi))
        }
        var stroke = try #require(Stroke(points: points, pen: pen, color: color, width: 1))
        let brush = try #require(StrokeBrush(name: preset.name, settings: preset.settings, isErasing: erasing))
        stroke.brush = brush
        // The width holds the dabs, as a window makes it.
        stroke.width = 2 * BrushStrokes.reach(of: stroke)
        return stroke
    }

    /// The pixels of an image, as RGB bytes.
    static func rgb(_ image: ImageSurface, _ x: Int, _ y: Int) -> [Int] {
        let pixel = image.pixel(x: x, y: y)
        return [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    /// How many pixels of an image are not white paper.
    static func painted(_ image: ImageSurface) -> Int {
        (0..<image.height).reduce(0) { count, y in
            count + (0..<image.width).filter { image.pixel(x: $0, y: y) & 0xFF_FFFF != 0xFF_FFFF }.count
        }
    }

    /// The largest difference of a channel between two images of one size.
    static func largestDifference(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                largest = max(largest, zip(rgb(a, x, y), rgb(b, x, y)).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        return largest
    }

    /// A pencil, a charcoal and an ink pen's stroke in a picture (its own rasterizer, in tile-sized pieces) are the
    /// dabs libmypaint's dynamics make for the preset, drawn over white paper as its surfaces draw them: within a
    /// level of the same dabs drawn onto one canvas.
    @Test(arguments: ["classic/pencil", "classic/charcoal", "classic/pen"])
    func aBrushStrokeInAPictureIsItsPresetsDabsOverThePaper(name: String) throws {
        let preset = try BrushPreset(named: name)
        let stroke = try Self.stroke(preset)
        let area = Rect(x: 0, y: 0, width: 300, height: 300)
        let fullPicture = DrawingPicture(layers: [PictureLayer(strokes: [stroke])], area: area).image()
        #expect(Self.painted(fullPicture) > 500, "\(name) paints")
        var canvas = try #require(DabCanvas(width: 300, height: 300))
        canvas.fill(red: 1, green: 1, blue: 1)
        let dabs = preset.dabs(along: BrushStrokes.samples(of: stroke), color: BrushStrokes.color(of: stroke))
        #expect(dabs == BrushStrokes.dabs(of: stroke), "the dabs kept are the preset's")
        for dab in dabs { canvas.draw(dab) }
        var largest = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let expected = canvas.bytes(atColumn: x, row: y).prefix(3).map(Int.init)
                largest = max(largest, zip(Self.rgb(fullPicture, x, y), expected).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        #expect(largest <= 1, "\(name): \(largest) levels off the dabs drawn whole")
    }

    /// A brush stroke across tiles' edges: the renderer's tiles show it as one picture drawn whole does, pixel for
    /// pixel, so no seam shows where a dab crosses from one tile into the next.
    @Test func theTilesShowABrushStrokeAsOnePictureDrawnWholeDoes() throws {
        // Over the corner where four tiles meet.
        let stroke = try Self.stroke(try BrushPreset(named: "classic/charcoal"), at: Point(x: 176, y: 250))
        let renderer = CanvasRenderer(logicalSize: Size(width: 512, height: 512), strokes: [stroke])
        renderer.renderFrame(liveStrokes: [:])
        let whole = DrawingPicture(layers: [PictureLayer(strokes: [stroke])],
                                   area: Rect(x: 0, y: 0, width: 512, height: 512)).image()
        #expect(Self.painted(whole) > 500)
        #expect(Self.largestDifference(renderer.frame, whole) == 0)
    }

    /// The same stroke at twice the zoom is the same dabs scaled: it covers about four times the pixels, and a pixel
    /// at 100 % is the colour of the four it became, within a few levels.
    @Test func atTwiceTheZoomTheSameDabsCoverFourTimesThePixels() throws {
        let stroke = try Self.stroke(try BrushPreset(named: "classic/pencil"))
        func drawn(pixelsPerPoint scale: Int) -> ImageSurface {
            let image = ImageSurface(width: 260 * scale, height: 200 * scale, fill: .white)
            drawStrokes([stroke][...], region: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
                        pixelsPerPoint: Double(scale), into: image, at: (0, 0))
            return image
        }
        let once = drawn(pixelsPerPoint: 1), twice = drawn(pixelsPerPoint: 2)
        #expect(Self.painted(once) > 500)
        let ratio = Double(Self.painted(twice)) / Double(Self.painted(once))
        #expect(abs(ratio - 4) < 0.4, "\(Self.painted(once)) pixels, then \(Self.painted(twice))")
        var total = 0, count = 0
        for y in 0..<200 {
            for x in 0..<260 where Self.rgb(once, x, y) != [255, 255, 255] {
                let four = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Self.rgb(twice, 2 * x + $0.0, 2 * y + $0.1) }
                let mean = (0..<3).map { channel in four.reduce(0) { $0 + $1[channel] } / 4 }
                total += zip(Self.rgb(once, x, y), mean).map { abs($0 - $1) }.max() ?? 0
                count += 1
            }
        }
        #expect(Double(total) / Double(count) < 6, "on average \(Double(total) / Double(count)) levels apart")
    }

    /// Every dab of a brush stroke lies within its bounds once its width is twice its reach, so the tiles and dirty
    /// rectangles that its bounds name hold all its paint: no pixel outside them is painted.
    @Test(arguments: ["classic/pencil", "classic/charcoal", "classic/brush", "deevad/airbrush", "deevad/spray"])
    func aBrushStrokesBoundsHoldAllItsPaint(name: String) throws {
        let stroke = try Self.stroke(try BrushPreset(named: name))
        let bounds = stroke.bounds
        let image = DrawingPicture(layers: [PictureLayer(strokes: [stroke])],
                                   area: Rect(x: 0, y: 0, width: 300, height: 300)).image()
        var outside = 0
        for y in 0..<300 {
            for x in 0..<300 where image.pixel(x: x, y: y) & 0xFF_FFFF != 0xFF_FFFF {
                if !bounds.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { outside += 1 }
            }
        }
        #expect(Self.painted(image) > 500)
        #expect(outside == 0, "\(name): \(outside) pixels painted outside \(bounds)")
    }

    /// A stroke whose brush settings the engine refuses (a document's damaged or foreign text, any bytes) is drawn
    /// with a plain brush, never a crash; one it reads is drawn by its preset.
    @Test func aBrushOfRefusedSettingsIsDrawnWithAPlainBrush() async throws {
        let pencil = try BrushPreset(named: "classic/pencil")
        let base = try Self.stroke(pencil)
        await propertyCheck(count: 25, input: Gen.int(in: 0...255).array(of: 0...300)) { bytes in
            let text = String(decoding: bytes.map(UInt8.init), as: UTF8.self)
            var stroke = base
            stroke.brush = StrokeBrush(name: "foreign/brush", settings: text)
            let image = DrawingPicture(layers: [PictureLayer(strokes: [stroke])],
                                       area: Rect(x: 0, y: 0, width: 260, height: 200)).image()
            #expect(Self.painted(image) > 100)
        }
        var refused = base
        refused.brush = StrokeBrush(name: "foreign/brush", settings: "not a brush")
        let plain = DrawingPicture(layers: [PictureLayer(strokes: [refused])],
                                   area: Rect(x: 0, y: 0, width: 260, height: 200)).image()
        let own = DrawingPicture(layers: [PictureLayer(strokes: [base])], area: Rect(x: 0, y: 0, width: 260, height: 200))
            .image()
        #expect(Self.largestDifference(plain, own) > 20, "the pencil is not the plain brush")
    }

    /// A brush stroke moved (a selection's move: ``PaintModel/Stroke/transformed(by:)``) draws its own dabs moved
    /// with it: shifted, the same picture shifted; turned a quarter, the picture turned; scaled twice, dabs twice the
    /// size (four times the paint), not a thin stroke along a longer path.
    @Test func aBrushStrokeMovedDrawsItsOwnDabsMovedWithIt() throws {
        let preset = try BrushPreset(named: "classic/pencil")
        let stroke = try Self.stroke(preset)
        let area = Rect(x: 0, y: 0, width: 300, height: 300)
        let original = DrawingPicture(layers: [PictureLayer(strokes: [stroke])], area: area).image()
        let shifted = try #require(stroke.transformed(by: AffineTransform(translationBy: Vector(dx: 40, dy: 60))))
        let shiftedPicture = DrawingPicture(layers: [PictureLayer(strokes: [shifted])],
                                            area: area.offsetBy(dx: 40, dy: 60)).image()
        #expect(Self.largestDifference(original, shiftedPicture) <= 2, "shifted")
        // A quarter turn clockwise about (150, 150): the pixel at (x, y) goes to (299 - y, x).
        let turned = try #require(stroke.transformed(by: AffineTransform(rotation: .pi / 2, about: Point(x: 150, y: 150))))
        let turnedPicture = DrawingPicture(layers: [PictureLayer(strokes: [turned])], area: area).image()
        var largest = 0, far = 0
        for y in 0..<300 {
            for x in 0..<300 {
                let difference = zip(Self.rgb(original, x, y), Self.rgb(turnedPicture, 299 - y, x)).map { abs($0 - $1) }.max() ?? 0
                largest = max(largest, difference)
                if difference > 8 { far += 1 }
            }
        }
        #expect(far < 20, "turned: \(far) pixels more than 8 levels off, at most \(largest)")
        let scaled = try #require(stroke.transformed(by: AffineTransform(scale: 2, about: Point(x: 40, y: 80))))
        #expect(scaled.brush?.placement?.scaleFactor == 2)
        let scaledPicture = DrawingPicture(layers: [PictureLayer(strokes: [scaled])],
                                           area: Rect(x: 0, y: 0, width: 600, height: 600)).image()
        let ratio = Double(Self.painted(scaledPicture)) / Double(Self.painted(original))
        #expect(ratio > 3 && ratio < 5, "\(ratio) times the paint scaled twice")
    }

}
