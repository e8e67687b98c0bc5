import Geometry
import ImageDecoding
import PaintModel
@testable import PaintRender
import Testing

/// A layer's picture is drawn under the layer's strokes, in its frame, with the eraser's cuts taken out, in exports,
/// thumbnails and the tiles alike (issue #36).
@Suite struct LayerPictureTests {
    /// A picture of `width` × `height` pixels of one opaque colour.
    static func picture(width: Int = 40, height: Int = 20, red: UInt8 = 255, green: UInt8 = 0, blue: UInt8 = 0,
                        at origin: Point = Point(x: 10, y: 10)) throws -> LayerImage {
        let image = try #require(RasterImage(width: width, height: height,
                                             filledWith: RasterImage.Pixel(red: red, green: green, blue: blue)))
        return try LayerImage(bytes: try image.pngData(), origin: origin)
    }

    static func rgb(_ pixel: UInt32) -> [Int] { [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)] }

    @Test func aPictureLayersPictureIsDrawnInItsFrameUnderItsStrokes() throws {
        let stroke = Stroke(points: [StrokePoint(Point(x: 30, y: 20)), StrokePoint(Point(x: 34, y: 20))],
                            color: Color(red: 0, green: 0, blue: 1), width: 4)
        let layer = Layer(attributes: LayerAttributes(name: "photo"), image: try Self.picture(), strokes: [stroke])
        let picture = DrawingPicture(drawing: Drawing(layers: [layer]))
        // The picture's frame is the area: strokes within it add no margin.
        #expect(picture.area == Rect(x: 10, y: 10, width: 40, height: 20))
        for rasterizer in [StrokeRasterizer.own, .cairo] {
            let image = picture.image(rasterizer: rasterizer)
            #expect(image.width == 40 && image.height == 20)
            #expect(Self.rgb(image.pixel(x: 2, y: 2)) == [255, 0, 0], "\(rasterizer)")
            #expect(Self.rgb(image.pixel(x: 22, y: 10)) == [0, 0, 255], "\(rasterizer)")
        }
    }

    @Test func theErasersCutShowsWhatIsUnderThePicture() throws {
        let cut = try #require(ImageCut(points: [Point(x: 20, y: 0), Point(x: 20, y: 40)], radius: 3))
        var image = try Self.picture()
        let paper = Layer.first(strokes: [])
        var drawing = Drawing(layers: [paper, Layer(attributes: LayerAttributes(name: "photo"), image: image)])
        drawing.selectLayer(at: 1)
        drawing.erase([], cut: cut)
        image = try #require(drawing.layers[1].image)
        let shown = DrawingPicture(drawing: drawing).image()
        // x = 20 is pixel 10 of the area, which starts at 10: cut through to the paper; 6 points on, red.
        #expect(Self.rgb(shown.pixel(x: 10, y: 10)) == [255, 255, 255])
        #expect(Self.rgb(shown.pixel(x: 16, y: 10)) == [255, 0, 0])
        #expect(image.cuts.count == 1)
        drawing.undo()
        #expect(Self.rgb(DrawingPicture(drawing: drawing).image().pixel(x: 10, y: 10)) == [255, 0, 0])
    }

    @Test func aHalfOpaqueMultiplyPictureOverWhiteIsBlendedAsAStrokeWouldBe() throws {
        let layer = Layer(attributes: LayerAttributes(name: "blue", opacity: 0.5, blendMode: .multiply),
                          image: try Self.picture(red: 0, green: 0, blue: 255))
        let image = DrawingPicture(drawing: Drawing(layers: [.first(), layer])).image()
        let shown = Self.rgb(image.pixel(x: 20, y: 10))
        #expect((127...128).contains(shown[0]) && (127...128).contains(shown[1]) && shown[2] == 255, "\(shown)")
    }

    @Test func aPicturesPixelsAreMadeOnceAndShared() throws {
        let image = try Self.picture()
        #expect(PicturePixels.of(image) === PicturePixels.of(image))
        var drawing = Drawing(layers: [Layer(attributes: LayerAttributes(name: "photo"), image: image)])
        let before = try #require(LayerBlend.composition(of: drawing)?.first?.picture)
        let cut = try #require(ImageCut(points: [Point(x: 12, y: 12)], radius: 2))
        drawing.erase([], cut: cut)
        let after = try #require(LayerBlend.composition(of: drawing)?.first?.picture)
        #expect(before !== after, "a cut picture is drawn from pixels of its own")
    }
}
