import Testing
@testable import PaintModel
import Geometry
import ImageDecoding

/// Pictures in layers: a layer holds a picture under its strokes, the document keeps the picture file's bytes whole
/// and reads them back, the eraser cuts the picture where it went, and a damaged picture is damage, never a crash.
@Suite struct LayerImageTests {
    /// A PNG of 8 × 6 pixels: opaque grey of `shade` but for a clear left column.
    static func pngBytes(shade: UInt8 = 90) -> [UInt8] {
        var pixels: [UInt32] = []
        for _ in 0..<6 {
            for x in 0..<8 {
                let value = UInt32(shade)
                pixels.append(x == 0 ? 0 : 0xff00_0000 | value << 16 | value << 8 | value)
            }
        }
        guard let image = RasterImage(width: 8, height: 6, pixels: pixels), let bytes = try? image.pngData() else {
            return []
        }
        return bytes
    }

    static func image(at origin: Point = .zero, shade: UInt8 = 90) -> LayerImage? {
        try? LayerImage(bytes: pngBytes(shade: shade), origin: origin)
    }

    @Test func aPictureLayerKeepsTheFilesBytesAndCoversItsPixelsOnePointEach() throws {
        let bytes = Self.pngBytes()
        let image = try LayerImage(bytes: bytes, origin: Point(x: 10, y: 20))
        #expect(image.bytes == bytes)
        #expect(image.frame == Rect(x: 10, y: 20, width: 8, height: 6))
        #expect(image.pixels.pixel(x: 3, y: 3)?.straight.red == 90)
    }

    @Test func bytesThatAreNoPictureAreRefusedWithWhatTheyAre() {
        #expect(throws: ImageDecodingError.self) { try LayerImage(bytes: Array("hello".utf8)) }
        #expect(throws: ImageDecodingError.self) { try LayerImage(bytes: Array(Self.pngBytes().prefix(40))) }
        #expect(throws: ImageDecodingError.self) {
            try LayerImage(bytes: Self.pngBytes(), frame: Rect(x: 0, y: 0, width: .nan, height: 3))
        }
        #expect(throws: ImageDecodingError.self) {
            try LayerImage(bytes: Self.pngBytes(), frame: Rect(x: 2e6, y: 0, width: 4, height: 3))
        }
    }

    @Test func placingAPictureIsOneEditThatUndoes() throws {
        let image = try #require(Self.image())
        var drawing = Drawing()
        drawing.apply(.add(stroke(0)))
        let change = drawing.apply(.addImageLayer(at: 1, LayerAttributes(name: "photo"), image))
        #expect(change == .replaced)
        #expect(drawing.layers.map(\.image) == [nil, image])
        #expect(!drawing.isEmpty)
        drawing.undo()
        #expect(drawing.layers.count == 1 && drawing.layers[0].image == nil)
        drawing.redo()
        #expect(drawing.layers[1].image == image)
    }

    @Test func theEraserCutsThePictureWhereItWentAndUndoPutsItBack() throws {
        let image = try #require(Self.image())
        var drawing = Drawing(layers: [Layer(attributes: LayerAttributes(name: "photo"), image: image)])
        drawing.apply(.add(stroke(0)))
        let cut = try #require(ImageCut(points: [Point(x: 4, y: 0), Point(x: 4, y: 6)], radius: 1))
        #expect(drawing.apply(.erase([0], cut: cut)) == .replaced)
        #expect(drawing.layers[0].image?.cuts == [cut] && drawing.layers[0].strokes.isEmpty)
        drawing.undo()
        #expect(drawing.layers[0].image?.cuts == [] && drawing.layers[0].strokes.count == 1)
        // A cut on a layer without a picture does nothing.
        drawing.apply(.addLayer(at: 1, LayerAttributes(name: "empty")))
        drawing.apply(.selectLayer(1))
        #expect(drawing.apply(.erase([], cut: cut)) == nil)
    }

    @Test func anEraserPathTouchesThePictureOnlyWhereItsPixelsAreNotClear() throws {
        let image = try #require(Self.image(at: Point(x: 100, y: 100)))
        #expect(image.isTouched(along: [Point(x: 104, y: 103)], radius: 1))
        // The clear left column, and beyond the picture, take no cut.
        #expect(!image.isTouched(along: [Point(x: 100.5, y: 103)], radius: 0.4))
        #expect(!image.isTouched(along: [Point(x: 90, y: 90), Point(x: 95, y: 120)], radius: 2))
        // A path crossing it between two far points does.
        #expect(image.isTouched(along: [Point(x: 104, y: 50), Point(x: 104, y: 150)], radius: 1))
    }

    @Test func clearingAPictureLayerTakesThePictureAndUndoBringsItBack() throws {
        let image = try #require(Self.image())
        var drawing = Drawing(layers: [Layer(attributes: LayerAttributes(name: "photo"), image: image)])
        #expect(drawing.apply(.clear) == .replaced)
        #expect(drawing.layers[0].image == nil && drawing.isEmpty)
        drawing.undo()
        #expect(drawing.layers[0].image == image)
    }

    @Test func aDrawingMadeFromAPictureIsWrittenAndReadBackWithThePicturesBytes() throws {
        let cut = try #require(ImageCut(points: [Point(x: 2, y: 2)], radius: 1.5))
        var image = try #require(Self.image())
        var drawing = Drawing(layers: [Layer(attributes: LayerAttributes(name: "photo", isLocked: true), image: image)])
        drawing.apply(.setLayer(at: 0, LayerAttributes(name: "photo")))
        drawing.apply(.erase([], cut: cut))
        drawing.apply(.add(stroke(3)))
        let contents = try DrawingDocument.read(DrawingDocument.encode(drawing))
        #expect(contents.drawing == drawing && !contents.isDamaged)
        #expect(contents.drawing.layers[0].image?.bytes == Self.pngBytes())
        // Its base picture, cut and all, when the edits are folded into the base.
        image = try #require(drawing.layers[0].image)
        #expect(image.cuts == [cut])
        let based = Drawing(layers: drawing.layers)
        let read = try DrawingDocument.read(DrawingDocument.encode(based))
        #expect(read.drawing == based && read.drawing.baseLayers[0].image?.cuts == [cut])
    }

    /// A base picture record goes right after its layer's record; one after the layer's strokes has no place (no
    /// program writes it so), and is damage: the strokes around it are read, the picture is not put under them.
    @Test func aBasePictureAfterItsLayersStrokesIsDamage() throws {
        let photo = try #require(Self.image())
        let layered = DrawingDocument.encode(Drawing(layers: [
            Layer(attributes: LayerAttributes(name: "photo"), image: photo, strokes: [stroke(0)]),
        ]))
        // The records as written (layer, picture, stroke), split at their lengths, then the picture put last.
        var records: [[UInt8]] = []
        var offset = DrawingDocument.headerSize
        while offset + 4 <= layered.count {
            let payload = layered[offset..<(offset + 4)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let end = offset + DrawingDocument.recordOverhead + payload
            records.append(Array(layered[offset..<end]))
            offset = end
        }
        try #require(records.count == 3)
        let misplaced = Array(layered[..<DrawingDocument.headerSize]) + records[0] + records[2] + records[1]
        let contents = try DrawingDocument.read(misplaced)
        #expect(contents.isDamaged)
        #expect(contents.drawing.layers[0].strokes == [stroke(0)] && contents.drawing.layers[0].image == nil)
        // As written, it reads whole.
        let whole = try DrawingDocument.read(layered)
        #expect(!whole.isDamaged && whole.drawing.layers[0].image == photo)
    }

    @Test func aPictureRecordWhosePictureIsDamagedIsDamageAndTheRestIsRead() throws {
        let record = DrawingDocument.record(.addImageLayer(at: 1, LayerAttributes(name: "photo"), try #require(Self.image())))
        // The picture's bytes changed and the record's checksum made to match: a record this program wrote
        // wrongly, or a careful forgery. It is damage, and the strokes around it stay.
        var forged = record
        let pictureStart = forged.count - 4 - Self.pngBytes().count
        forged[pictureStart + 20] ^= 0xff
        let crcStart = forged.count - 4
        let check = CRC32.checksum(forged[..<crcStart])
        for index in 0..<4 { forged[crcStart + index] = UInt8(truncatingIfNeeded: check >> (8 * index)) }
        let bytes = DrawingDocument.header() + DrawingDocument.record(.add(stroke(0))) + forged
            + DrawingDocument.record(.add(stroke(50)))
        let contents = try DrawingDocument.read(bytes)
        #expect(contents.isDamaged)
        #expect(contents.drawing.layers.count == 1 && contents.drawing.strokes == [stroke(0), stroke(50)])
        // Unforged, it reads.
        let good = try DrawingDocument.read(DrawingDocument.header() + record)
        #expect(good.drawing.layers.count == 2 && !good.isDamaged)
    }
}
