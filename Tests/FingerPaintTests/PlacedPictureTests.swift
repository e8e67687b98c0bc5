import Dispatch
import Foundation
import FingerPaintCore
import Geometry
import ImageDecoding
import PaintModel
import PaintRender
import Testing

/// Place image… puts a picture on a new layer centred in the view; painting goes over it, the eraser cuts it where
/// it goes, and undo takes each back.
@Suite struct PlacedPictureTests {
    /// A PNG file of `width` × `height` opaque blue pixels in a folder of its own.
    static func pictureFile(width: Int = 100, height: Int = 60) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = try #require(RasterImage(width: width, height: height, filledWith: .init(red: 20, green: 40, blue: 230)))
        let url = folder.appendingPathComponent("sky.png")
        try Data(try image.pngData()).write(to: url)
        return url
    }

    static func isBlue(_ pixel: UInt32) -> Bool { pixel & 0xFF > 200 && pixel >> 16 & 0xFF < 60 }

    @Test func aPlacedPictureIsANewLayerCentredInTheViewAndUndoTakesItAway() throws {
        let url = try Self.pictureFile()
        let painter = Painter()
        painter.app.placeImage(at: url)
        painter.app.waitForPictures()
        let drawing = painter.app.drawing
        #expect(drawing.layers.map(\.attributes.name) == ["Layer 1", "sky"] && drawing.currentLayerIndex == 1)
        // Centred in the 400 × 300 window at 100 %, one point a pixel.
        let frame = try #require(drawing.layers[1].image?.frame)
        #expect(frame.width == 100 && frame.height == 60)
        let view = painter.app.canvasView.bounds
        #expect(abs(frame.midX - view.midX) < 0.5 && abs(frame.midY - view.midY) < 0.5)
        painter.app.renderFrame()
        #expect(Self.isBlue(painter.shown(frame.midX, frame.midY)))
        #expect(!Self.isBlue(painter.shown(frame.minX - 4, frame.midY)))
        #expect(try Data(contentsOf: url) == Data(try #require(drawing.layers[1].image?.bytes)), "the file is as it was")
        painter.app.perform(.undo)
        painter.app.renderFrame()
        #expect(painter.app.drawing.layers.count == 1 && !Self.isBlue(painter.shown(frame.midX, frame.midY)))
    }

    @Test func aPictureIsDecodedOffTheWaylandThreadAndPlacedWhenDoneInTheOrderAsked() throws {
        let painter = Painter()
        // A queue held back: the window goes on (a stroke is painted) while the pictures wait for it.
        let queue = DispatchQueue(label: "decoding held back")
        queue.suspend()
        painter.app.placeImage(at: try Self.pictureFile(), on: queue)
        painter.app.placeImage(at: try Self.pictureFile(width: 30, height: 20), on: queue)
        #expect(painter.app.drawing.layers.count == 1)
        #expect(!painter.app.takeDecodedPictures(), "nothing decoded yet")
        painter.drag([(1, Point(x: 20, y: 20), Point(x: 120, y: 40))])
        #expect(painter.app.drawing.currentLayer.strokes.count == 1)
        queue.resume()
        painter.app.waitForPictures()
        let layers = painter.app.drawing.layers
        #expect(layers.map(\.attributes.name) == ["Layer 1", "sky", "sky"], "\(layers.map(\.attributes.name))")
        #expect(layers.count == 3 && layers[1].image?.frame.width == 100 && layers[2].image?.frame.width == 30,
                "in the order asked")
        // Each an edit of its own.
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers.count == 2)
    }

    @Test func aPictureLargerThanTheViewIsPlacedSmallerToFitIt() throws {
        let painter = Painter()
        painter.app.placeImage(at: try Self.pictureFile(width: 2000, height: 500))
        painter.app.waitForPictures()
        let frame = try #require(painter.app.drawing.layers.last?.image?.frame)
        #expect(frame.width <= 0.9 * 400 + 0.001 && abs(frame.width / frame.height - 4) < 0.001)
    }

    @Test func theEraserCutsThePictureWhereItGoesAndPaintingGoesOverIt() throws {
        let painter = Painter()
        painter.app.placeImage(at: try Self.pictureFile())
        painter.app.waitForPictures()
        let frame = try #require(painter.app.drawing.layers[1].image?.frame)
        painter.drag([(1, Point(x: frame.minX + 10, y: frame.minY + 10), Point(x: frame.minX + 40, y: frame.minY + 10))])
        painter.app.renderFrame()
        #expect(painter.app.drawing.layers[1].strokes.count == 1)
        #expect(!Self.isBlue(painter.shown(frame.minX + 25, frame.minY + 10)), "the stroke is over the picture")
        painter.app.perform(.toggleEraser)
        painter.drag([(2, Point(x: frame.midX + 20, y: frame.minY - 10), Point(x: frame.midX + 20, y: frame.maxY + 10))])
        painter.app.renderFrame()
        #expect(painter.app.drawing.layers[1].image?.cuts.count == 1)
        #expect(painter.shown(frame.midX + 20, frame.midY) == paper, "cut through to the paper")
        #expect(Self.isBlue(painter.shown(frame.midX - 20, frame.midY)))
        #expect(painter.app.drawing.layers[1].strokes.count == 1, "the stroke the eraser did not touch stays")
        painter.app.perform(.undo)
        painter.app.renderFrame()
        #expect(Self.isBlue(painter.shown(frame.midX + 20, frame.midY)))
    }

    @Test func aFileThatIsNoPictureIsNotPlacedAndTheBannerSaysWhy() throws {
        let url = try Self.pictureFile().deletingLastPathComponent().appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: url)
        let painter = Painter()
        painter.app.placeImage(at: url)
        painter.app.waitForPictures()
        #expect(painter.app.drawing.layers.count == 1)
        #expect(painter.app.banner?.contains("Cannot place notes.txt") == true, "\(painter.app.banner ?? "")")
    }
}
