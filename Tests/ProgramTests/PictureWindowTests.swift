import Foundation
import Geometry
import ImageDecoding
import PaintModel
import ProcessTesting
import SeatInput
import Testing

/// Pictures and paintings of other programs in the real program: `fingerpaint photo.png` and `--export`, the file
/// only read.
@Suite struct PictureWindowTests {
    typealias Window = FingerPaintWindowTests

    /// A PNG of 300 × 200 opaque pixels: red, with a green square at (200, 20) 40 pixels a side.
    static func photo() throws -> [UInt8] {
        var image = try #require(RasterImage(width: 300, height: 200, filledWith: .init(red: 220, green: 30, blue: 30)))
        for y in 20..<60 { for x in 200..<240 { image.setPixel(.init(red: 20, green: 200, blue: 40), x: x, y: y) } }
        return try image.pngData()
    }

    static func isRed(_ pixel: RGBA) -> Bool { pixel.red > 180 && pixel.green < 90 && pixel.blue < 90 }
    static func isGreen(_ pixel: RGBA) -> Bool { pixel.green > 150 && pixel.red < 90 }
    static func isBlack(_ pixel: RGBA) -> Bool { pixel.red < 60 && pixel.green < 60 && pixel.blue < 60 }

    /// `fingerpaint photo.png` paints over the photo, one point a pixel from the canvas's corner; the photo is left
    /// byte for byte as it was, and the new drawing, named after it, holds the photo as its bottom layer and the
    /// stroke on the layer above.
    @Test func aPhotoOpensAsADrawingToPaintOverAndIsLeftAsItWas() async throws {
        let scratch = try TemporaryDirectory()
        let bytes = try Self.photo()
        let path = scratch.path("photo.png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // A black stroke across the photo at y = 100, clear of the widths' strip on the left (the canvas starts under
        // the 32-point title bar).
        let events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 500))),
                      SeatEvent(time: .milliseconds(300), .key(KeyChord("1")))]
            + LayerWindowTests.line(id: 1, from: Point(x: 90, y: 132), to: Point(x: 190, y: 132), at: 400)
        let result = try await Window.paint(events, in: scratch, document: "photo.png")
        #expect(result.status == 0, "\(result.standardError)")
        let shown = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(150, 52), (220, 72), (140, 132), (400, 132)])
        #expect(Self.isRed(shown.pixels[0]) && Self.isGreen(shown.pixels[1]), "\(shown.pixels)")
        #expect(Self.isBlack(shown.pixels[2]), "\(shown.pixels)")
        #expect(!Self.isRed(shown.pixels[3]), "the photo ends at 300 points: \(shown.pixels)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "the photo was written")
        let made = URL(fileURLWithPath: scratch.path("data/fingerpaint/photo.fpdraw"))
        let drawing = try DocumentFile.read(made).drawing
        #expect(drawing.layers.map(\.attributes.name) == ["photo", "Layer 1"])
        #expect(drawing.layers[0].image?.bytes == bytes && drawing.layers[0].strokes.isEmpty)
        #expect(drawing.layers[1].strokes.count == 1)
        #expect(result.standardError.contains("left as it was"), "\(result.standardError)")
    }

    /// `--export` takes a picture or an OpenRaster painting as its FILE: flattened as a drawing would be, the file
    /// only read; one that is no picture is refused with one line and status 2.
    @Test func exportFlattensAPictureOrAPaintingAndRefusesWhatIsNeither() async throws {
        let scratch = try TemporaryDirectory()
        let bytes = try Self.photo()
        let photo = scratch.path("photo.png")
        try Data(bytes).write(to: URL(fileURLWithPath: photo))
        let ora = scratch.path("photo.ora")
        let toOra = try await ChildProcess.run(Window.fingerpaint, ["--export", ora, photo], environment: Window.environment(in: scratch))
        #expect(toOra.status == 0, "\(toOra.standardError)")
        let flat = scratch.path("flat.png")
        let toPNG = try await ChildProcess.run(Window.fingerpaint, ["--export", flat, ora], environment: Window.environment(in: scratch))
        #expect(toPNG.status == 0, "\(toPNG.standardError)")
        let pixels = try await PNGReader.pixels(in: flat, at: [(20, 20), (220, 40)])
        #expect(pixels.width == 300 && pixels.height == 200)
        #expect(Self.isRed(pixels.pixels[0]) && Self.isGreen(pixels.pixels[1]), "\(pixels.pixels)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == Data(bytes))
        let text = try scratch.write("notes.txt", "not a picture")
        let refused = try await ChildProcess.run(Window.fingerpaint, ["--export", scratch.path("x.png"), text],
                                                 environment: Window.environment(in: scratch))
        #expect(refused.status == 2 && refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
    }
}
