// What we write reads back as written: layers, their order, attributes and PNG bytes, whatever their names hold;
// and the file's layout is the one OpenRaster requires (mimetype first, stored, no extra field).
@testable import OpenRaster
import PaintModel
import PropertyBased
import Testing

@Suite struct RoundTripTests {
    static let white = TestPictures.solid(.init(red: 255, green: 255, blue: 255))
    static let blue = TestPictures.solid(.init(red: 0, green: 0, blue: 255))

    static func twoLayers() -> OpenRasterImage {
        OpenRasterImage(
            width: 40, height: 30,
            layers: [
                OpenRasterLayer(name: "Paper", png: white, isLocked: true),
                OpenRasterLayer(name: "Ink <&> \"quoted\" 'too'\nsecond line", png: blue, opacity: 0.5, isVisible: false,
                                blendMode: .multiply, x: 7, y: -3),
            ],
            currentLayerIndex: 1, mergedImagePNG: white, thumbnailPNG: blue)
    }

    @Test func aWrittenImageReadsBackWithItsLayersAttributesAndBytes() throws {
        let image = Self.twoLayers()
        let read = try OpenRasterReader().read(try OpenRasterWriter.bytes(for: image))
        #expect(read == image)
        #expect(read.notes.isEmpty)
    }

    @Test func theMimetypeComesFirstStoredWithoutExtraFieldHoldingExactlyImageOpenraster() throws {
        let bytes = try OpenRasterWriter.bytes(for: Self.twoLayers())
        #expect(bytes.prefix(4).elementsEqual([0x50, 0x4B, 0x03, 0x04]))
        let uint16 = { (offset: Int) in Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
        #expect(uint16(8) == 0, "compression method")
        #expect(uint16(6) & 0x08 == 0, "no data descriptor")
        #expect(uint16(26) == 8 && String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(uint16(28) == 0, "extra field length")
        #expect(String(decoding: bytes[38..<54], as: UTF8.self) == "image/openraster")
        #expect(bytes[54...].starts(with: [0x50, 0x4B, 0x03, 0x04]), "the next entry starts right after")
    }

    /// The layers listed top first in stack.xml, every attribute written.
    @Test func stackXMLListsTheTopLayerFirstWithEveryAttribute() throws {
        let bytes = try OpenRasterWriter.bytes(for: Self.twoLayers())
        let text = try #require(stackXML(in: bytes))
        let escaped = "name=\"Ink &lt;&amp;&gt; &quot;quoted&quot; &apos;too&apos;&#10;second line\""
        let ink = try #require(text.range(of: escaped))
        let paper = try #require(text.range(of: "name=\"Paper\""))
        #expect(ink.lowerBound < paper.lowerBound)
        for attribute in ["src=", "x=\"7\"", "y=\"-3\"", "opacity=\"0.5\"", "visibility=\"hidden\"", "composite-op=\"svg:multiply\"",
                          "edit-locked=\"false\"", "selected=\"true\"", "composite-op=\"svg:src-over\"", "edit-locked=\"true\"",
                          "w=\"40\"", "h=\"30\""] {
            #expect(text.contains(attribute), "\(attribute)")
        }
    }

    /// Characters XML cannot hold at all become U+FFFD; everything else survives.
    @Test func controlCharactersInANameBecomeReplacementCharacters() throws {
        var image = Self.twoLayers()
        image.layers[0].name = "a\u{1}b\u{0}c\u{FFFF}"
        let read = try OpenRasterReader().read(try OpenRasterWriter.bytes(for: image))
        #expect(read.layers[0].name == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    @Test func everyBlendModeSurvivesByItsCompositeOp() throws {
        var image = Self.twoLayers()
        image.layers = BlendMode.allCases.map { OpenRasterLayer(name: $0.rawValue, png: Self.blue, blendMode: $0) }
        let read = try OpenRasterReader().read(try OpenRasterWriter.bytes(for: image))
        #expect(read.layers.map(\.blendMode) == BlendMode.allCases)
    }

    @Test func randomStacksOfLayersWithOddNamesReadBackAsWritten() async {
        // Printable ASCII, the XML's markup and whitespace characters, the rest of the BMP and the astral planes.
        let scalar = zip(Gen.int(in: 0...4), Gen.int(in: 0...0x10FFFF)).map { kind, raw -> Unicode.Scalar? in
            let special: [UInt32] = [0x9, 0xA, 0xD, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x20, 0xFEFF]
            switch kind {
            case 0: return Unicode.Scalar(UInt32(0x20 + raw % 0x5F))
            case 1: return Unicode.Scalar(special[raw % special.count])
            case 2: return Unicode.Scalar(UInt32(0xA0 + raw % (0xFFFE - 0xA0)))
            default: return Unicode.Scalar(UInt32(0x10000 + raw % 0x100000))
            }
        }
        let name = scalar.array(of: 0...12).map { String(String.UnicodeScalarView($0.compactMap { $0 })) }
        let layer = zip(name, Gen.double(in: 0...1), Gen.bool, Gen.int(in: 0...15).map { BlendMode.allCases[$0] }, Gen.bool,
                        Gen.int(in: -5000...5000), Gen.int(in: -5000...5000), Gen.int(in: 1...5))
            .map { name, opacity, isVisible, mode, isLocked, x, y, side in
                OpenRasterLayer(name: name, png: TestPictures.solid(.init(red: side * 40, green: 9, blue: 200, alpha: 128),
                                                                    width: side, height: 6 - side),
                                opacity: opacity, isVisible: isVisible, blendMode: mode, isLocked: isLocked, x: x, y: y)
            }
        let input = zip(layer.array(of: 0...8), Gen.int(in: 1...16384), Gen.int(in: 1...6000), Gen.int(in: -1...8), Gen.bool)
        await propertyCheck(count: 60, input: input) { layers, width, height, current, withPictures in
            let image = OpenRasterImage(width: width, height: height, layers: layers,
                                        currentLayerIndex: layers.indices.contains(current) ? current : nil,
                                        mergedImagePNG: withPictures ? Self.white : nil,
                                        thumbnailPNG: withPictures ? Self.blue : nil)
            do {
                let read = try OpenRasterReader().read(try OpenRasterWriter.bytes(for: image))
                #expect(read == image)
                for (written, back) in zip(image.layers, read.layers) where written.name != back.name {
                    let scalars = { (name: String) in name.unicodeScalars.map { String($0.value, radix: 16) } }
                    Issue.record("the name \(scalars(written.name)) read back as \(scalars(back.name))")
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func theWriterRefusesWhatNoReaderTakes() {
        var image = Self.twoLayers()
        image.width = 16385
        #expect(throws: OpenRasterError.imageSize(width: 16385, height: 30)) { try OpenRasterWriter.bytes(for: image) }
        image.width = 0
        #expect(throws: OpenRasterError.imageSize(width: 0, height: 30)) { try OpenRasterWriter.bytes(for: image) }
        image = Self.twoLayers()
        image.layers = Array(repeating: image.layers[0], count: 1001)
        #expect(throws: OpenRasterError.tooManyLayers(limit: 1000)) { try OpenRasterWriter.bytes(for: image) }
        image = Self.twoLayers()
        image.thumbnailPNG = TestPictures.solid(.init(red: 1, green: 2, blue: 3), width: 257, height: 10)
        #expect(throws: OpenRasterError.thumbnailSize(width: 257, height: 10)) { try OpenRasterWriter.bytes(for: image) }
        image.thumbnailPNG = [1, 2, 3]
        #expect(throws: OpenRasterError.thumbnailSize(width: 0, height: 0)) { try OpenRasterWriter.bytes(for: image) }
        image = Self.twoLayers()
        image.layers[1].x = .min
        #expect(throws: OpenRasterError.layerPosition(layer: image.layers[1].name, x: .min, y: -3)) {
            try OpenRasterWriter.bytes(for: image)
        }
    }
}

/// The text of `stack.xml` in a file we wrote (stored or deflated), through the reader's own archive.
func stackXML(in bytes: [UInt8]) -> String? {
    guard let archive = try? ZipArchive(bytes, limits: .standard), let entry = archive.entry(named: "stack.xml"),
          let text = try? archive.contents(of: entry)
    else { return nil }
    return String(decoding: text, as: UTF8.self)
}
