import Geometry
import PaintModel
@testable import PaintRender
import Testing

/// A drawing's picture (exports, thumbnails) puts each visible layer over the paper and the layers below with its
/// opacity and blend mode, as Krita does (issue #36).
@Suite struct LayeredPictureTests {
    /// A stroke wide enough to cover the middle of the picture with one colour.
    static func patch(_ color: Color) -> Stroke {
        Stroke(points: [StrokePoint(Point(x: 20, y: 50)), StrokePoint(Point(x: 80, y: 50))], color: color, width: 60)
    }

    /// The picture's pixel at its middle, as 8-bit red, green and blue.
    static func middle(of picture: DrawingPicture, rasterizer: StrokeRasterizer = .own) -> [Int] {
        let image = picture.image(rasterizer: rasterizer)
        let pixel = image.pixel(x: image.width / 2, y: image.height / 2)
        return [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    static func drawing(_ top: LayerAttributes, bottom: Color?, topColor: Color) -> Drawing {
        var layers: [Layer] = [.first(strokes: bottom.map { [patch($0)] } ?? [])]
        layers.append(Layer(attributes: top, strokes: [patch(topColor)]))
        return Drawing(layers: layers)
    }

    @Test func aHalfOpaqueMultiplyLayerOfBlueOverWhitePaperShowsAsKritaShowsIt() {
        let drawing = Self.drawing(LayerAttributes(name: "Blue", opacity: 0.5, blendMode: .multiply), bottom: nil,
                                   topColor: Color(red: 0, green: 0, blue: 1))
        // Krita: (128, 128, 255); Cairo's 8-bit arithmetic gives 127 or 128.
        for rasterizer in [StrokeRasterizer.own, .cairo] {
            let shown = Self.middle(of: DrawingPicture(drawing: drawing), rasterizer: rasterizer)
            #expect((127...128).contains(shown[0]) && (127...128).contains(shown[1]) && shown[2] == 255, "\(shown)")
        }
    }

    /// The separable modes' formulas (W3C Compositing and Blending, backdrop `b`, source `s`), each channel.
    static func blended(_ mode: BlendMode, _ b: Double, _ s: Double) -> Double? {
        switch mode {
        case .normal: s
        case .multiply: b * s
        case .screen: b + s - b * s
        case .overlay: blended(.hardLight, s, b)
        case .darken: min(b, s)
        case .lighten: max(b, s)
        case .colorDodge: b == 0 ? 0 : s == 1 ? 1 : min(1, b / (1 - s))
        case .colorBurn: b == 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s)
        case .hardLight: s <= 0.5 ? b * 2 * s : blended(.screen, b, 2 * s - 1)
        case .softLight:
            if s <= 0.5 {
                b - (1 - 2 * s) * b * (1 - b)
            } else {
                b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()) - b)
            }
        case .difference: abs(b - s)
        case .exclusion: b + s - 2 * b * s
        case .hue, .saturation, .color, .luminosity: nil
        }
    }

    /// Every blend mode puts an opaque layer over another as its formula says (the non-separable ones, which mix
    /// channels, at least differently from normal), with our rasterizer and Cairo's alike.
    @Test(arguments: BlendMode.allCases)
    func eachBlendModeCombinesTheColoursAsItsFormulaSays(mode: BlendMode) {
        let under = Color(red: 0.8, green: 0.4, blue: 0.2), over = Color(red: 0.2, green: 0.6, blue: 1.0)
        let drawing = Self.drawing(LayerAttributes(name: "Top", blendMode: mode), bottom: under, topColor: over)
        let own = Self.middle(of: DrawingPicture(drawing: drawing))
        let cairo = Self.middle(of: DrawingPicture(drawing: drawing), rasterizer: .cairo)
        #expect(zip(own, cairo).allSatisfy { abs($0 - $1) <= 1 }, "ours \(own), Cairo's \(cairo)")
        let channels = [(under.red, over.red), (under.green, over.green), (under.blue, over.blue)]
        if let expected = channels.map({ Self.blended(mode, $0.0, $0.1) }) as? [Double] {
            let levels = expected.map { Int(($0 * 255).rounded()) }
            #expect(zip(own, levels).allSatisfy { abs($0 - $1) <= 2 }, "\(mode): \(own), formula \(levels)")
        } else {
            #expect(own != Self.middle(of: DrawingPicture(drawing: Self.drawing(
                LayerAttributes(name: "Top"), bottom: under, topColor: over))), "\(mode) looks like normal")
        }
    }

    @Test func aHiddenLayerIsLeftOutAndAPlainDrawingIsItsStrokes() throws {
        var drawing = Self.drawing(LayerAttributes(name: "Top", isVisible: false), bottom: Color(red: 1, green: 0, blue: 0),
                                   topColor: Color(red: 0, green: 0, blue: 1))
        #expect(Self.middle(of: DrawingPicture(drawing: drawing)) == [255, 0, 0])
        drawing.setLayer(at: 1, LayerAttributes(name: "Top"))
        #expect(Self.middle(of: DrawingPicture(drawing: drawing)) == [0, 0, 255])
        // Opaque normal layers are the strokes drawn in order: the same pixels as one layer of them all.
        let layered = DrawingPicture(drawing: drawing).image()
        let flat = DrawingPicture(strokes: drawing.strokes).image()
        #expect(largestDifference(layered, flat) == 0)
    }
}

/// The largest difference of a channel between two images of the same size.
private func largestDifference(_ a: ImageSurface, _ b: ImageSurface) -> Int {
    var worst = 0
    for y in 0..<min(a.height, b.height) {
        for x in 0..<min(a.width, b.width) {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            for shift in [0, 8, 16] { worst = max(worst, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF))) }
        }
    }
    return worst
}
