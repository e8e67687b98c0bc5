@testable import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintRender
import PropertyBased
import SeatInput
import Testing

/// Copy, cut and paste through the desktop's clipboard (here a double holding what was copied, as the Wayland
/// clipboard holds it): strokes as strokes, pictures onto a layer of their own, and every clipboard we cannot use
/// refused in the banner with the drawing unchanged (docs/selection.md, "Copy and paste").
@Suite struct CopyPasteTests {
    /// A painter with the two strokes of ``SelectionTests/twoStrokes()``, a clipboard, and the left stroke selected.
    static func painterWithSelection() throws -> (Painter, DesktopDouble) {
        let painter = Painter(drawing: SelectionTests.twoStrokes())
        let desktop = DesktopDouble()
        painter.app.desktop = desktop
        painter.app.desktopServices = [.clipboard]
        painter.key("s")
        SelectionTests.loop(painter, around: Point(x: 80, y: 60), radius: 60)
        try #require(painter.app.selection?.indices == [0])
        return (painter, desktop)
    }

    /// The middle of the canvas above the bar, in document points (the view at 100 %, unmoved).
    static func viewMiddle(_ painter: Painter) -> Point {
        painter.app.canvasView.viewTransform.documentRect(painter.app.canvasView.bounds).center
    }

    static func banner(_ painter: Painter) -> String? {
        painter.app.renderFrame()
        return painter.app.renderer.overlay?.banner?.text
    }

    @Test func copiedStrokesPasteAsStrokesCentredInTheViewAndSelected() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        painter.key("Ctrl+C")
        #expect(desktop.clipboard.map(\.mimeType) == [FingerPaintApp.strokesMIMEType, "image/png", "image/svg+xml"])
        #expect(Self.banner(painter) == "Copied 1 stroke to the clipboard.")
        let svg = String(decoding: try #require(desktop.clipboard.last?.bytes), as: UTF8.self)
        #expect(svg.contains("<path") && svg.contains("rgb(81.5") && !svg.contains("rgb(9.4"),
                "the SVG of the red stroke alone: \(svg.prefix(400))")
        painter.key("Ctrl+V")
        let strokes = painter.app.drawing.currentLayer.strokes
        try #require(strokes.count == 3)
        // The copy: the red stroke, its points moved so that its middle is the view's.
        let original = strokes[0], pasted = strokes[2]
        #expect(pasted.color == original.color && pasted.width == original.width
                && pasted.points.count == original.points.count)
        let middle = Self.viewMiddle(painter)
        #expect(abs(pasted.bounds.midX - middle.x) < 0.01 && abs(pasted.bounds.midY - middle.y) < 0.01,
                "\(pasted.bounds) about \(middle)")
        let shift = pasted.points[0].location.x - original.points[0].location.x
        #expect(zip(original.points, pasted.points).allSatisfy { abs($1.location.x - $0.location.x - shift) < 0.01 })
        #expect(painter.isPainted(middle.x, middle.y), "painted where it was pasted")
        #expect(painter.app.isSelecting && painter.app.selection?.indices == [2], "the paste selected, to move it")
        // One undo takes the paste away.
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.currentLayer.strokes.count == 2 && !painter.isPainted(middle.x, middle.y))
    }

    @Test func cutCopiesAndDeletesTheSelectionInOneEdit() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        painter.key("Ctrl+X")
        #expect(painter.app.drawing.currentLayer.strokes.map(\.color) == [Color(rgb: 0x1830D0)])
        #expect(painter.app.selection == nil && !painter.isPainted(80, 60))
        #expect(desktop.clipboard.first?.mimeType == FingerPaintApp.strokesMIMEType)
        // Pasted back: the red stroke again, on top.
        painter.key("Ctrl+V")
        #expect(painter.app.drawing.currentLayer.strokes.map(\.color) == [Color(rgb: 0x1830D0), Color(rgb: 0xD01818)])
        painter.key("Ctrl+Z")
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.currentLayer.strokes.count == 2, "the cut undone in one step")
        // Without a selection, cut says how to select and changes nothing.
        painter.key("Escape")
        painter.key("Ctrl+X")
        #expect(Self.banner(painter) == "Select strokes to cut: choose the lasso and draw a loop around them.")
        #expect(painter.app.drawing.currentLayer.strokes.count == 2)
    }

    /// Between two windows the clipboard carries strokes as strokes: one fingerpaint copies, another pastes, its
    /// own drawing kept; a locked layer refuses the paste.
    @Test func strokesPasteIntoAnotherWindowAsStrokes() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        painter.key("Ctrl+C")
        let other = Painter(drawing: Drawing(strokes: [Stroke(points: [StrokePoint(Point(x: 10, y: 10))], color: .black, width: 4)]))
        other.app.desktop = desktop
        other.app.desktopServices = [.clipboard]
        other.key("Ctrl+V")
        #expect(other.app.drawing.currentLayer.strokes.map(\.color) == [.black, Color(rgb: 0xD01818)])
        other.key("Ctrl+Z")
        other.app.perform(.toggleLayerLock(0))
        other.key("Ctrl+V")
        #expect(other.app.drawing.currentLayer.strokes.count == 1)
        #expect(Self.banner(other) == "“Layer 1” is locked: unlock it to paint on it.")
    }

    @Test func aPastedPictureGoesOnANewLayerCentredInTheView() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        let png = try DrawingPicture(strokes: [Stroke(points: [StrokePoint(Point(x: 0, y: 0)), StrokePoint(Point(x: 30, y: 20))],
                                                      color: Color(rgb: 0x20A020), width: 8)]).bytes(format: .png)
        desktop.clipboard = [("text/html", Array("<img>".utf8)), ("image/png", png)]
        painter.key("Ctrl+V")
        #expect(desktop.reads == ["image/png"], "the picture, not the text beside it")
        let layers = painter.app.drawing.layers
        try #require(layers.count == 2)
        #expect(layers[1].attributes.name == "Pasted picture" && painter.app.drawing.currentLayerIndex == 1)
        let image = try #require(layers[1].image)
        #expect(image.bytes == png, "the picture's bytes kept as they came")
        let middle = Self.viewMiddle(painter)
        #expect(abs(image.frame.midX - middle.x) < 0.01 && abs(image.frame.midY - middle.y) < 0.01)
        let shown = painter.shown(middle.x, middle.y)
        #expect((shown >> 8) & 0xFF > (shown >> 16) & 0xFF + 60, "the green stroke's picture shows in the middle")
        painter.key("Ctrl+Z")
        #expect(painter.app.drawing.layers.count == 1)
    }

    /// A drawing program's copy (Inkscape offers an SVG and a PNG of it): the SVG drawn by librsvg at its own size
    /// in points, two pixels a point, kept in the drawing as the PNG of those pixels.
    @Test func aPastedSVGIsDrawnAtItsOwnSizeTwoPixelsAPoint() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 60 40">
              <rect x="0" y="0" width="30" height="40" fill="#ff0000"/>
            </svg>
            """
        let png = try DrawingPicture(strokes: SelectionTests.twoStrokes().strokes).bytes(format: .png)
        desktop.clipboard = [("image/png", png), ("image/svg+xml", Array(svg.utf8))]
        painter.key("Ctrl+V")
        #expect(desktop.reads == ["image/svg+xml"], "the SVG before the PNG of it")
        let image = try #require(painter.app.drawing.layers.last?.image)
        #expect(image.frame.width == 120 && image.frame.height == 80)
        #expect(image.pixels.width == 240 && image.pixels.height == 160)
        #expect(image.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "kept as a PNG")
        // The left half red, the right half clear, the edge between them sharp at two pixels a point.
        #expect(image.pixels.pixels[80 * 240 + 10] == 0xFFFF_0000)
        #expect(image.pixels.pixels[80 * 240 + 119] == 0xFFFF_0000 && image.pixels.pixels[80 * 240 + 120] == 0)
        #expect(image.pixels.pixels[80 * 240 + 230] == 0)
        let shown = painter.shown(image.frame.minX + 20, image.frame.midY)
        #expect((shown >> 16) & 0xFF > 200 && (shown >> 8) & 0xFF < 60, "the red half shows where it was placed")
    }

    /// An SVG naming a file or a web address for its picture shows nothing of it: librsvg is given no base file to
    /// resolve them against, so an SVG from the clipboard cannot read the disk.
    @Test func aPastedSVGReadsNoFileItNames() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-svg-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = try DrawingPicture(strokes: [Stroke(points: [StrokePoint(Point(x: 0, y: 20)), StrokePoint(Point(x: 100, y: 20))],
                                                      color: Color(rgb: 0xFF0000), width: 60)]).bytes(format: .png)
        try Data(red).write(to: folder.appendingPathComponent("red.png"))
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"50\" height=\"50\">"
            + "<image width=\"50\" height=\"50\" xlink:href=\"file://\(folder.path)/red.png\"/>"
            + "<image width=\"50\" height=\"50\" href=\"\(folder.path)/red.png\"/></svg>"
        desktop.clipboard = [("image/svg+xml", Array(svg.utf8))]
        painter.key("Ctrl+V")
        let image = try #require(painter.app.drawing.layers.last?.image)
        #expect(image.pixels.width == 100)
        #expect(image.pixels.pixels.allSatisfy { $0 == 0 }, "nothing of the file it names")
    }

    @Test func aDamagedSVGIsRefusedWithLibrsvgsReason() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        desktop.clipboard = [("image/svg+xml", Array("<svg width=\"10\" height=\"10\"><rect".utf8))]
        let before = painter.app.drawing
        painter.key("Ctrl+V")
        #expect(Self.banner(painter)?.hasPrefix("Cannot paste the clipboard's picture: this SVG is damaged (") == true, "\(Self.banner(painter) ?? "")")
        #expect(painter.app.drawing == before)
    }

    /// A clipboard of text, nothing, a broken or enormous picture, damaged strokes or a list naming no picture:
    /// each refused in the banner, the drawing unchanged.
    @Test(arguments: [
        ([("text/plain;charset=utf-8", Array("hello".utf8)), ("UTF8_STRING", Array("hello".utf8))],
         "The clipboard holds text; fingerpaint pastes strokes and PNG, JPEG or SVG pictures."),
        ([], "The clipboard is empty."),
        ([("image/webp", [0x52, 0x49, 0x46, 0x46])],
         "The clipboard holds a picture of a kind fingerpaint cannot read; fingerpaint pastes strokes and PNG, JPEG or SVG pictures."),
        ([("image/png", Array("not a png at all".utf8))],
         "Cannot paste the clipboard's picture: this is not a picture; fingerpaint places PNG, JPEG and SVG pictures."),
        ([("image/svg+xml", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"10\" height=\"10\"/></svg>".utf8))],
         "Cannot paste the clipboard's picture: this SVG says neither how wide nor how tall it is."),
        ([("image/svg+xml", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0.001\" height=\"5\"/>".utf8))],
         "Cannot paste the clipboard's picture: this SVG is narrower or lower than a point."),
        ([(FingerPaintApp.strokesMIMEType, Array("FPDRAW\r\n garbage".utf8))],
         "Cannot paste the clipboard's strokes: the file is damaged (header checksum mismatch)."),
        ([(FingerPaintApp.strokesMIMEType, [])], "Cannot paste the clipboard's strokes: not a fingerpaint drawing."),
        ([("text/uri-list", Array("# a comment\r\nhttps://example.com/a.png\r\n".utf8))],
         "The clipboard names no file on this computer to paste."),
        ([("text/uri-list", Array("file:///\r\n".utf8))], "Cannot place /: it is not a regular file."),
    ] as [([(String, [UInt8])], String)])
    func whatCannotBePastedIsRefusedInTheBanner(clipboard: [(String, [UInt8])], said: String) throws {
        let (painter, desktop) = try Self.painterWithSelection()
        desktop.clipboard = clipboard.map { (mimeType: $0.0, bytes: $0.1) }
        let before = painter.app.drawing
        painter.key("Ctrl+V")
        #expect(Self.banner(painter) == said)
        #expect(painter.app.drawing == before)
    }

    @Test func aPictureOfThirtyThousandPixelsASideIsRefused() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        var png = try DrawingPicture(strokes: SelectionTests.twoStrokes().strokes).bytes(format: .png)
        // The IHDR's width and height: 30 000 pixels each, and its checksum to match: a picture, only too large.
        png.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let checksum = CRC32.checksum(png[12..<29])
        png.replaceSubrange(29..<33, with: (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (24 - 8 * $0)) })
        desktop.clipboard = [("image/png", png)]
        let before = painter.app.drawing
        painter.key("Ctrl+V")
        #expect(Self.banner(painter) == "Cannot paste the clipboard's picture: this picture is 30000 × 30000 pixels, too large "
                + "to open: fingerpaint opens pictures of up to 16384 pixels a side and 100 megapixels.")
        #expect(painter.app.drawing == before)
    }

    /// A file manager's copy of a picture file: the file a `text/uri-list` names placed as that picture, the file
    /// byte for byte as it was; a folder named is refused.
    @Test func aPictureFileNamedOnTheClipboardIsPlacedAndLeftAsItWas() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-paste-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a flower.png")
        let png = try DrawingPicture(strokes: SelectionTests.twoStrokes().strokes).bytes(format: .png)
        try Data(png).write(to: file)
        desktop.clipboard = [("text/uri-list", Array("file://\(folder.path)/a%20flower.png\r\n".utf8))]
        painter.key("Ctrl+V")
        #expect(painter.app.drawing.layers.map(\.attributes.name) == ["Layer 1", "a flower"])
        #expect(painter.app.drawing.layers.last?.image?.bytes == png)
        #expect(try [UInt8](Data(contentsOf: file)) == png)
        desktop.clipboard = [("text/uri-list", Array("file://\(folder.path)\r\n".utf8))]
        painter.key("Ctrl+V")
        #expect(painter.app.drawing.layers.count == 2)
        #expect(Self.banner(painter)?.hasSuffix("it is not a regular file.") == true)
    }

    /// The selection's menu copies, cuts and pastes too, and the More menu pastes, for a window without keys.
    @Test func theMenusCopyCutAndPasteByTouch() throws {
        let (painter, desktop) = try Self.painterWithSelection()
        let menu = try SelectionTests.holdOnSelection(painter)
        let copyRow = try #require(menu.rows.first { $0.title == "Copy" })
        painter.tap(6, at: copyRow.frame.center)
        #expect(desktop.clipboard.first?.mimeType == FingerPaintApp.strokesMIMEType)
        // The More menu's Paste.
        painter.tap(7, at: painter.paletteCenter(of: .openMore))
        let row = try #require(painter.app.paletteView.layout.moreMenu.rows.first { $0.command == .paste })
        painter.tap(8, at: painter.app.paletteView.convert(row.frame.center, to: nil))
        #expect(painter.app.drawing.currentLayer.strokes.count == 3, "\(row.frame) \(painter.app.paletteView.layout.moreMenu.frame) \(String(describing: Self.banner(painter)))")
    }

    /// Any bytes under any type we take never trap: the drawing gains what they hold or stays as it was.
    @Test func anyBytesPasteSafely() async throws {
        let good = DrawingDocument.encode(SelectionTests.twoStrokes())
        let png = try DrawingPicture(strokes: SelectionTests.twoStrokes().strokes).bytes(format: .png)
        let generator = Gen.int(in: 0...Int.max).array(of: 1...8)
        await propertyCheck(count: 60, input: generator) { numbers in
            let painter = Painter(drawing: SelectionTests.twoStrokes())
            let desktop = DesktopDouble()
            painter.app.desktop = desktop
            painter.app.desktopServices = [.clipboard]
            let type = FingerPaintApp.pastableMIMETypes[numbers[0] % FingerPaintApp.pastableMIMETypes.count]
            var bytes = type == FingerPaintApp.strokesMIMEType ? good : png
            for number in numbers.dropFirst() where !bytes.isEmpty {
                bytes[number % bytes.count] = UInt8(truncatingIfNeeded: number >> 8)
            }
            if numbers[0] % 5 == 0 { bytes = Array(bytes.prefix(numbers.last.map { $0 % (bytes.count + 1) } ?? 0)) }
            desktop.clipboard = [(type, bytes)]
            painter.key("Ctrl+V")
            let layers = painter.app.drawing.layers
            #expect(layers.count <= 2 && layers[0].strokes.count <= 4)
        }
    }
}
