import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import BrushEngine
import FingerPaintCore
import Glibc
import PaintModel
import PaintRender
import ProcessTesting
import Testing
import TouchUI

/// `fingerpaint --export OUT FILE` and `--thumbnail SIZE IN OUT`, run as the user runs them, with no compositor.
@Suite struct ExportTests {
    /// A drawing with a black line from (100, 100) to (300, 100), 10 points wide, and a red dot at (200, 250).
    static func drawing() -> Drawing {
        var drawing = Drawing()
        let line = Stroke(points: stride(from: 100.0, through: 300, by: 20).map { StrokePoint(Point(x: $0, y: 100)) },
                          color: .black, width: 10)
        let dot = Stroke(points: [StrokePoint(Point(x: 200, y: 250))], color: Color(red: 1, green: 0, blue: 0), width: 20)
        _ = drawing.add(line)
        _ = drawing.add(dot)
        return drawing
    }

    /// The drawing's picture area: its strokes' bounds with half a point for antialiasing (94.5...305.5 × 94.5...260.5) plus 16 points, on whole points.
    static let area = (x: 78, y: 78, width: 244, height: 199)

    /// A scratch folder holding the drawing as `d.fpdraw`.
    static func scratchWithDrawing() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.path("d.fpdraw"),
                                               contents: Data(DrawingDocument.encode(drawing()))))
        return scratch
    }

    static func export(_ arguments: [String], in scratch: TemporaryDirectory) async throws -> ProcessResult {
        try await ChildProcess.run(ChildProcess.product("fingerpaint"), arguments.map {
            $0.hasPrefix("-") || $0.hasPrefix("/") ? $0 : scratch.path($0)
        })
    }

    private static func isBlack(_ pixel: RGBA) -> Bool { pixel.red < 60 && pixel.green < 60 && pixel.blue < 60 }
    private static func isRed(_ pixel: RGBA) -> Bool { pixel.red > 200 && pixel.green < 60 && pixel.blue < 60 }
    private static func isPaper(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    /// Checks a picture of the drawing at 100 %: the line and the dot where the drawing has them, paper elsewhere.
    static func expectStrokes(in png: String, pixelsPerPoint: Double = 1) async throws {
        let place = { (x: Double, y: Double) in
            (Int((x - Double(Self.area.x)) * pixelsPerPoint), Int((y - Double(Self.area.y)) * pixelsPerPoint))
        }
        let image = try await PNGReader.pixels(in: png, at: [place(200, 100), place(120, 100), place(200, 250),
                                                             place(200, 180), place(290, 250)])
        #expect(image.width == Int((Double(Self.area.width) * pixelsPerPoint).rounded()))
        #expect(image.height == Int((Double(Self.area.height) * pixelsPerPoint).rounded()))
        #expect(Self.isBlack(image.pixels[0]) && Self.isBlack(image.pixels[1]), "\(image.pixels)")
        #expect(Self.isRed(image.pixels[2]), "\(image.pixels)")
        #expect(Self.isPaper(image.pixels[3]) && Self.isPaper(image.pixels[4]), "\(image.pixels)")
    }

    @Test func aPNGHasTheStrokesWhereTheDrawingHasThemAtOneHundredPercent() async throws {
        let scratch = try Self.scratchWithDrawing()
        let result = try await Self.export(["--export", "out.png", "d.fpdraw"], in: scratch)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        try await Self.expectStrokes(in: scratch.path("out.png"))
    }

    @Test func anSVGHoldsTheStrokesAsPathsOfTheirColours() async throws {
        let scratch = try Self.scratchWithDrawing()
        let result = try await Self.export(["--export", "out.SVG", "d.fpdraw"], in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let elements = try Self.svgElements(in: scratch.path("out.SVG"))
        let root = try #require(elements.first)
        #expect(root.name == "svg" && root.attributes["width"] == "\(Self.area.width)pt"
                && root.attributes["height"] == "\(Self.area.height)pt", "\(root)")
        // Cairo writes a stroke as a path with its colour in the style: one black, one red, no image.
        let paths = elements.filter { $0.name == "path" }
        let styles = paths.compactMap { $0.attributes["style"]?.replacingOccurrences(of: " ", with: "") }
        #expect(paths.count >= 2, "\(elements.map(\.name))")
        #expect(styles.contains { $0.contains("stroke:rgb(0%,0%,0%)") }, "\(styles)")
        #expect(styles.contains { $0.contains("stroke:rgb(100%,0%,0%)") }, "\(styles)")
        #expect(!elements.contains { $0.name == "image" })
    }

    @Test func aPDFRendersWithTheStrokesWherePopplerDrawsIt() async throws {
        let pdftoppm = "/usr/bin/pdftoppm"
        try #require(FileManager.default.isExecutableFile(atPath: pdftoppm), "pdftoppm is not installed (apt-get install poppler-utils)")
        let scratch = try Self.scratchWithDrawing()
        let result = try await Self.export(["--export", "out.pdf", "d.fpdraw"], in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // At 144 dots per inch, two pixels per point: vector paths, not a 1:1 image.
        let rendered = try await ChildProcess.run(pdftoppm, ["-png", "-r", "144", "-singlefile", scratch.path("out.pdf"),
                                                             scratch.path("page")])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        try await Self.expectStrokes(in: scratch.path("page.png"), pixelsPerPoint: 2)
    }

    /// A PDF and an SVG hold a brush stroke as an image of its dabs: poppler draws the PDF's within a few levels of the
    /// PNG export, grain and all (not a round path as wide as the dabs reach), and the SVG has an image for it.
    @Test func aBrushStrokeIsAnImageOfItsDabsInThePDFAndTheSVG() async throws {
        let pdftoppm = "/usr/bin/pdftoppm"
        try #require(FileManager.default.isExecutableFile(atPath: pdftoppm), "pdftoppm is not installed (apt-get install poppler-utils)")
        let preset = try #require(try BrushCatalog.preset(named: "classic/charcoal"))
        let charcoal = try BrushCatalog.strokeBrush(of: preset.resized(toRadius: 7))
        var stroke = Stroke(color: .black, width: 4)
        for step in 0...100 {
            let t = Double(step) / 100
            stroke.append(StrokePoint(Point(x: 100 + 200 * t, y: 150 + 40 * sin(6 * t)), time: .milliseconds(1000 * t)),
                          pen: StrokePen(pressure: 0.9))
        }
        var drawing = Drawing()
        _ = drawing.add(stroke.painted(with: charcoal))
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.path("d.fpdraw"), contents: Data(DrawingDocument.encode(drawing))))
        for output in ["out.png", "out.pdf", "out.svg"] {
            let result = try await Self.export(["--export", output, "d.fpdraw"], in: scratch)
            #expect(result.status == 0, "\(output): \(result.standardError)")
        }
        let rendered = try await ChildProcess.run(pdftoppm, ["-png", "-r", "72", "-singlefile", scratch.path("out.pdf"),
                                                             scratch.path("page")])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let probe = try await PNGReader.pixels(in: scratch.path("out.png"), at: [(0, 0)])
        let points = (0..<probe.height).flatMap { y in (0..<probe.width).map { (x: $0, y: y) } }
        let png = try await PNGReader.pixels(in: scratch.path("out.png"), at: points)
        let page = try await PNGReader.pixels(in: scratch.path("page.png"), at: points)
        #expect(page.width == png.width && page.height == png.height, "\(page.width)x\(page.height) against \(png.width)x\(png.height)")
        // Compared in squares of 6 pixels, where the grain of a stroke drawn at twice the pixels and scaled down by
        // poppler mostly averages out (its small dabs are drawn otherwise at another scale); a round path as wide as
        // the dabs reach would be solid black where the charcoal is grainy and the paper shows.
        let side = 6
        var inked = 0, far = 0, apart = 0
        for top in stride(from: 0, to: png.height - side, by: side) {
            for left in stride(from: 0, to: png.width - side, by: side) {
                var ours = 0, theirs = 0
                for y in top..<(top + side) {
                    for x in left..<(left + side) {
                        ours += png.pixels[y * png.width + x].red
                        theirs += page.pixels[y * page.width + x].red
                    }
                }
                guard ours < 250 * side * side || theirs < 250 * side * side else { continue }
                inked += 1
                apart += abs(ours - theirs)
                if abs(ours - theirs) > 48 * side * side { far += 1 }
            }
        }
        let mean = Double(apart) / Double(max(inked, 1) * side * side)
        #expect(inked > 40 && mean < 30 && far * 20 <= inked,
                "the PDF's squares \(mean) levels from the PNG's on average, \(far) of \(inked) by more than 48")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out.pdf")))
        #expect(pdf.range(of: Data("/Subtype /Image".utf8)) != nil, "the PDF holds no image")
        let elements = try Self.svgElements(in: scratch.path("out.svg"))
        #expect(elements.contains { $0.name == "image" }, "\(elements.map(\.name))")
        #expect(!elements.contains { $0.name == "path" && ($0.attributes["style"] ?? "").contains("stroke:") })
    }

    /// A drawing of two layers: the black line and red dot on the bottom one, and over them a 50 % multiply layer
    /// with a wide blue stroke from (120, 180) to (280, 180) over paper and a blue dot on the line, all within the
    /// area of the bottom layer's strokes.
    static func layeredDrawing() -> Drawing {
        var drawing = drawing()
        drawing.addLayer(at: 1, LayerAttributes(name: "Blue", opacity: 0.5, blendMode: .multiply))
        drawing.apply(.selectLayer(1))
        drawing.add(Stroke(points: [StrokePoint(Point(x: 120, y: 180)), StrokePoint(Point(x: 280, y: 180))],
                           color: Color(red: 0, green: 0, blue: 1), width: 30))
        drawing.add(Stroke(points: [StrokePoint(Point(x: 150, y: 100))], color: Color(red: 0, green: 0, blue: 1), width: 20))
        return drawing
    }

    /// Each export puts the layers over each other as Krita does: a 50 % multiply blue over paper is (128, 128,
    /// 255), over black it stays black; the PDF, drawn by poppler, agrees.
    @Test(arguments: ["out.png", "out.pdf", "out.svg"])
    func aLayeredDrawingIsExportedWithItsLayersBlended(name: String) async throws {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.path("d.fpdraw"),
                                               contents: Data(DrawingDocument.encode(Self.layeredDrawing()))))
        let result = try await Self.export(["--export", name, "d.fpdraw"], in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        var png = scratch.path(name)
        let scale = 1.0
        if name.hasSuffix(".pdf") {
            let rendered = try await ChildProcess.run("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile",
                                                                            scratch.path(name), scratch.path("page")])
            #expect(rendered.status == 0, "\(rendered.standardError)")
            png = scratch.path("page.png")
        }
        if name.hasSuffix(".svg") {
            // librsvg draws CSS's mix-blend-mode; at 72 dots per inch, a pixel a point.
            let rendered = try await ChildProcess.run("/usr/bin/rsvg-convert", ["--dpi-x", "72", "--dpi-y", "72", "-o",
                                                                                scratch.path("page.png"), scratch.path(name)])
            #expect(rendered.status == 0, "\(rendered.standardError)")
            png = scratch.path("page.png")
        }
        let place = { (x: Double, y: Double) in
            (Int((x - Double(Self.area.x)) * scale), Int((y - Double(Self.area.y)) * scale))
        }
        let image = try await PNGReader.pixels(in: png, at: [place(250, 180), place(150, 100), place(200, 250)])
        let blue = image.pixels[0]
        #expect((126...129).contains(blue.red) && (126...129).contains(blue.green) && blue.blue > 250, "\(image.pixels)")
        #expect(Self.isBlack(image.pixels[1]) && Self.isRed(image.pixels[2]), "\(image.pixels)")
    }

    /// The elements of the SVG file at `path`, in document order; the file must parse.
    private static func svgElements(in path: String) throws -> [SVGElements.Element] {
        let reader = SVGElements()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return reader.elements
    }

    /// An SVG holds each layer as a group of its own, labelled with the layer's name and styled with its opacity and
    /// blend mode, the strokes in it still paths.
    @Test func anSVGHoldsEachLayerAsAGroupWithItsNameOpacityAndBlendMode() async throws {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.path("d.fpdraw"),
                                               contents: Data(DrawingDocument.encode(Self.layeredDrawing()))))
        let result = try await Self.export(["--export", "out.svg", "d.fpdraw"], in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let elements = try Self.svgElements(in: scratch.path("out.svg"))
        let groups = elements.filter { $0.name == "g" && $0.attributes["inkscape:groupmode"] == "layer" }
        #expect(groups.map { $0.attributes["inkscape:label"] } == ["Layer 1", "Blue"], "\(groups)")
        let style = groups.last?.attributes["style"] ?? ""
        #expect(style.contains("mix-blend-mode:multiply") && style.contains("opacity:0.5"), "\(style)")
        let plainStyle = groups.first?.attributes["style"] ?? ""
        #expect(!plainStyle.contains("mix-blend-mode"), "\(plainStyle)")
        #expect(!elements.contains { $0.name == "image" }, "strokes stay paths")
        let ids = elements.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "an id is used twice: \(ids)")
    }

    @Test(arguments: ["out.png", "out.svg", "out.pdf"])
    func anExistingFileIsNotReplacedWithoutOverwrite(name: String) async throws {
        let scratch = try Self.scratchWithDrawing()
        let kept = try scratch.write(name, "my notes\n")
        let refused = try await Self.export(["--export", name, "d.fpdraw"], in: scratch)
        #expect(refused.status == 2)
        #expect(refused.standardError == "fingerpaint: cannot write \(kept): it already exists (add --overwrite to replace it); nothing was written\n")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "my notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["d.fpdraw", name])
        let replaced = try await Self.export(["--export", name, "d.fpdraw", "--overwrite"], in: scratch)
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)).count > 100)
    }

    @Test func aDrawingIsNeverReplacedEvenWithOverwriteOrAnotherName() async throws {
        let scratch = try Self.scratchWithDrawing()
        let original = try Data(contentsOf: URL(fileURLWithPath: scratch.path("d.fpdraw")))
        // A drawing saved under a picture's name is still a drawing.
        #expect(FileManager.default.createFile(atPath: scratch.path("looks-like.png"), contents: original))
        for arguments in [["--export", "looks-like.png", "d.fpdraw", "--overwrite"], ["--export", "d.fpdraw", "d.fpdraw"],
                          ["--export", "d.fpdraw", "d.fpdraw", "--overwrite"]] {
            let result = try await Self.export(arguments, in: scratch)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("d.fpdraw"))) == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("looks-like.png"))) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["d.fpdraw", "looks-like.png"])
    }

    @Test func aMissingFolderOrANonDrawingIsSaidInOneLine() async throws {
        let scratch = try Self.scratchWithDrawing()
        let missing = try await Self.export(["--export", "no/such/out.png", "d.fpdraw"], in: scratch)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasSuffix("no/such/out.png: its folder does not exist; nothing was written\n"),
                "\(missing.standardError)")
        let notes = try scratch.write("notes.txt", "not a drawing\n")
        let foreign = try await Self.export(["--export", "out.png", "notes.txt"], in: scratch)
        #expect(foreign.status == 2 && foreign.standardError.hasPrefix("fingerpaint: \(notes): "), "\(foreign.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.png")))
        let unknown = try await Self.export(["--export", "out.jpg", "d.fpdraw"], in: scratch)
        #expect(unknown.status == 2 && unknown.standardError.contains(".png, .svg, .pdf or .ora"), "\(unknown.standardError)")
    }

    /// The thumbnailer as the file manager runs it: the `Exec` line of the file `make install-data` installs, with
    /// `%s %i %o` given, into an output file the thumbnail factory made beforehand.
    @Test func theInstalledThumbnailerWritesAScaledPNG() async throws {
        let scratch = try Self.scratchWithDrawing()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let installed = try await ChildProcess.run("/usr/bin/make", ["-C", root, "install-data", "DESTDIR=\(scratch.path("root"))",
                                                                     "PREFIX=/usr"])
        #expect(installed.status == 0, "\(installed.standardError)")
        let entry = try String(contentsOfFile: scratch.path("root/usr/share/thumbnailers/io.github.fingerpaint.FingerPaint.thumbnailer"),
                               encoding: .utf8)
        #expect(entry.contains("MimeType=application/x-fingerpaint-drawing;"))
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        let output = try scratch.write("thumbnail.png", "")
        let arguments = exec.split(separator: " ").map { word -> String in
            switch word {
            case "%s": "122"
            case "%i": scratch.path("d.fpdraw")
            case "%o": output
            default: String(word)
            }
        }
        #expect(arguments.first == "fingerpaint")
        let result = try await ChildProcess.run(ChildProcess.product("fingerpaint"), Array(arguments.dropFirst()))
        #expect(result.status == 0, "\(result.standardError)")
        // 244 × 199 points scaled to fit 122 pixels: half size.
        try await Self.expectStrokes(in: output, pixelsPerPoint: 0.5)
        // And the pages --help names are installed.
        for page in ["pen-and-palm.md", "document-format.md", "trace-format.md", "export.md"] {
            #expect(FileManager.default.fileExists(atPath: scratch.path("root/usr/share/doc/fingerpaint/\(page)")), "\(page)")
        }
    }
}

/// The elements of an XML document with their attributes, in document order.
private final class SVGElements: NSObject, XMLParserDelegate {
    struct Element: CustomStringConvertible {
        var name: String
        var attributes: [String: String]
        var description: String { "<\(name) \(attributes)>" }
    }

    var elements: [Element] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(Element(name: elementName, attributes: attributeDict))
    }
}
