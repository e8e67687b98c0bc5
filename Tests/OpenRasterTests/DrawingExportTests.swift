// `fingerpaint --export OUT.ora FILE`: a layered drawing written as OpenRaster, read back by us and rendered by
// Krita as our PNG export shows it.
import DrawingOpenRaster
import Foundation
import Geometry
import ImageDecoding
import OpenRaster
import PaintModel
import ProcessTesting
import Testing

@Suite(.serialized) struct DrawingExportTests {
    /// Three layers: a black line on the bottom one, a hidden red dot (within the other strokes' area, so that the
    /// PNG export, which leaves hidden layers out, has the same size), and a current, locked 50 % multiply layer
    /// named with characters XML must escape, holding a wide blue stroke partly over the line.
    static func drawing() -> Drawing {
        var drawing = Drawing(strokes: [
            Stroke(points: [StrokePoint(Point(x: 100, y: 100)), StrokePoint(Point(x: 300, y: 100))], color: .black, width: 10),
        ])
        drawing.addLayer(at: 1, LayerAttributes(name: "Dot", isVisible: false))
        drawing.apply(.selectLayer(1))
        drawing.add(Stroke(points: [StrokePoint(Point(x: 200, y: 150))], color: Color(red: 1, green: 0, blue: 0), width: 20))
        drawing.addLayer(at: 2, LayerAttributes(name: "Wash <&> “é”", opacity: 0.5, blendMode: .multiply))
        drawing.apply(.selectLayer(2))
        drawing.add(Stroke(points: [StrokePoint(Point(x: 150, y: 80)), StrokePoint(Point(x: 150, y: 200))],
                           color: Color(red: 0, green: 0, blue: 1), width: 30))
        // Locked once painted: a locked layer takes no stroke.
        drawing.setLayer(at: 2, LayerAttributes(name: "Wash <&> “é”", opacity: 0.5, blendMode: .multiply, isLocked: true))
        return drawing
    }

    static func export(_ output: String, in scratch: TemporaryDirectory) async throws -> ProcessResult {
        let document = scratch.path("d.fpdraw")
        if !FileManager.default.fileExists(atPath: document) {
            try Data(DrawingDocument.encode(drawing())).write(to: URL(fileURLWithPath: document))
        }
        return try await ChildProcess.run(ChildProcess.product("fingerpaint"), ["--export", scratch.path(output), document])
    }

    @Test func anOraOfADrawingHoldsPaperThenItsLayersWithTheirAttributesCroppedToTheirInk() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Self.export("out.ora", in: scratch)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path("out.ora")))
        let image = try OpenRasterReader().read(Array(bytes))
        // The area of the PNG export: every stroke's bounds plus 16 points (hidden layers' too).
        let png = try RasterImage(decoding: try await Self.pngExport(in: scratch))
        #expect(image.width == png.width && image.height == png.height)
        #expect(image.layers.map(\.name) == [DrawingOpenRaster.paperLayerName, "Layer 1", "Dot", "Wash <&> “é”"])
        #expect(image.layers.map(\.isVisible) == [true, true, false, true])
        #expect(image.layers.map(\.blendMode) == [.normal, .normal, .normal, .multiply])
        #expect(image.layers.map(\.isLocked) == [true, false, false, true])
        #expect(image.layers[3].opacity == 0.5 && image.currentLayerIndex == 3)
        // Each layer is cut to its ink: the dot, 20 points wide, about 20 pixels a side where it was drawn.
        let dot = try RasterImage(decoding: image.layers[2].png)
        #expect((20...22).contains(dot.width) && (20...22).contains(dot.height), "\(dot.width)x\(dot.height)")
        #expect(dot.pixel(x: dot.width / 2, y: dot.height / 2)?.argb == 0xFFFF_0000)
        // The dot lies 100 points right of and 50 below the line's start, (100, 100) to (200, 150): so do their crops.
        let line = image.layers[1]
        #expect(abs((image.layers[2].x + dot.width / 2) - (line.x + 5 + 100)) <= 1, "\(image.layers[2].x) \(line.x)")
        #expect(abs((image.layers[2].y + dot.height / 2) - (line.y + 5 + 50)) <= 1, "\(image.layers[2].y) \(line.y)")
        let paper = try RasterImage(decoding: image.layers[0].png)
        #expect(paper.width == image.width && paper.pixel(x: 0, y: 0)?.argb == 0xFFFF_FFFF)
        // The merged image is the PNG export's picture.
        let merged = try RasterImage(decoding: try #require(image.mergedImagePNG))
        #expect(merged == png)
        let thumbnail = try RasterImage(decoding: try #require(image.thumbnailPNG))
        #expect(max(thumbnail.width, thumbnail.height) <= 256)
    }

    /// The PNG export of the drawing in the scratch folder, as bytes.
    static func pngExport(in scratch: TemporaryDirectory) async throws -> [UInt8] {
        let result = try await export("out.png", in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        return Array(try #require(FileManager.default.contents(atPath: scratch.path("out.png"))))
    }

    @Test(.enabled(if: RealReaderTests.hasKrita, "Krita and xvfb-run are not installed (make test-deps)"))
    func kritasRenderOfOurOraIsOurPNGExport() async throws {
        let scratch = try TemporaryDirectory(prefix: "fingerpaint-krita")
        let result = try await Self.export("out.ora", in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let ours = try RasterImage(decoding: try await Self.pngExport(in: scratch))
        let krita = try await RealReaderTests.krita(scratch.path("out.ora"), to: scratch.path("krita.png"), in: scratch)
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path("krita.png")),
                                 "Krita wrote no PNG: \(krita.status) \(krita.standardError.suffix(800))")
        let theirs = try RasterImage(decoding: Array(bytes))
        #expect(theirs.width == ours.width && theirs.height == ours.height)
        var worst = 0, compared = 0
        for y in stride(from: 0, to: min(ours.height, theirs.height), by: 3) {
            for x in stride(from: 0, to: min(ours.width, theirs.width), by: 3) {
                guard let a = ours.pixel(x: x, y: y), let b = theirs.pixel(x: x, y: y) else { continue }
                compared += 1
                for shift in [0, 8, 16] { worst = max(worst, abs(Int(a.argb >> shift & 0xFF) - Int(b.argb >> shift & 0xFF))) }
            }
        }
        // Krita quantizes the opacity (0.5 as 0.498) and blends in 16 bits: a few levels at most.
        #expect(compared > 1000 && worst <= 3, "\(compared) pixels compared, \(worst) levels apart at most")
    }
}
