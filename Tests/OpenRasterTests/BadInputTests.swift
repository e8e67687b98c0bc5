// Every kind of bad .ora file refused with its own error, in a painter's words, or read with a note of what was
// approximated; never a trap.
import OpenRaster
import PaintModel
import Testing

@Suite struct BadInputTests {
    static let png = TestPictures.solid(.init(red: 10, green: 20, blue: 30))

    static func stack(_ layers: String, width: String = "40", height: String = "30") -> String {
        "<?xml version='1.0'?><image w='\(width)' h='\(height)'><stack>\(layers)</stack></image>"
    }

    /// A valid file of one layer (stack.xml stored, so that its bytes can be found and changed).
    static func valid() throws -> [UInt8] {
        try TestPictures.openRaster(stack: stack("<layer name='One' src='data/one.png'/>"), files: [("data/one.png", png)])
    }

    static func read(_ bytes: [UInt8], limits: OpenRasterLimits = .standard, skipping: Bool = false) throws(OpenRasterError)
        -> OpenRasterImage {
        try OpenRasterReader(limits: limits, skipsDamagedLayers: skipping).read(bytes)
    }

    // MARK: Not OpenRaster at all

    @Test func bytesThatAreNoZipAreNotAnOpenRasterFile() {
        for bytes in [[], Array("hello".utf8), Self.png, [UInt8](repeating: 0, count: 100)] {
            #expect(throws: OpenRasterError.notAZipArchive) { try Self.read(bytes) }
        }
        #expect(OpenRasterError.notAZipArchive.description == "This is not an OpenRaster file: it is not a zip archive.")
    }

    @Test func aZipWithoutTheMimetypeOrWithAnotherIsNotAnOpenRasterFile() throws {
        let withoutMimetype = try TestPictures.archive([("stack.xml", Array(Self.stack("").utf8))])
        #expect(throws: OpenRasterError.notOpenRaster(mimetype: nil)) { try Self.read(withoutMimetype) }
        let other = try TestPictures.archive([("mimetype", Array("application/zip".utf8))])
        #expect(throws: OpenRasterError.notOpenRaster(mimetype: "application/zip")) { try Self.read(other) }
        #expect(OpenRasterError.notOpenRaster(mimetype: "application/zip").description
            == "This is not an OpenRaster file: its “mimetype” says “application/zip”, not “image/openraster”.")
    }

    // MARK: The zip container

    @Test func aFileCutShortAnywhereIsRefusedAsDamaged() throws {
        let bytes = try Self.valid()
        for length in stride(from: 1, to: bytes.count, by: 7) {
            #expect(throws: OpenRasterError.self) { try Self.read(Array(bytes.prefix(length))) }
        }
        #expect(throws: OpenRasterError.truncated) { try Self.read(Array(bytes.prefix(bytes.count / 2))) }
        #expect(OpenRasterError.truncated.description == "This .ora file is damaged: its end is missing.")
    }

    @Test func aCentralDirectoryCutShortIsDamaged() throws {
        var bytes = try Self.valid()
        // The end record says one entry more than there is.
        bytes[bytes.count - 12] += 1
        bytes[bytes.count - 14] += 1
        #expect(throws: OpenRasterError.damagedDirectory("its table of contents is cut short")) { try Self.read(bytes) }
        // Or places the directory past the end of the file.
        bytes = try Self.valid()
        bytes[bytes.count - 5] = 0x7F
        #expect(throws: OpenRasterError.damagedDirectory("its table of contents lies outside the file")) { try Self.read(bytes) }
    }

    @Test func aChangedByteInALayerIsACRCMismatch() throws {
        var bytes = try Self.valid()
        let offset = try #require(Zip.dataOffset(of: "data/one.png", in: bytes))
        bytes[offset + 40] ^= 0x55
        #expect(throws: OpenRasterError.checksumMismatch(entry: "data/one.png")) { try Self.read(bytes) }
        // A damaged layer can be left out instead, with a note.
        let image = try Self.read(bytes, skipping: true)
        #expect(image.layers.isEmpty)
        #expect(image.notes == [.layerSkipped(layer: "One", reason: .checksumMismatch(entry: "data/one.png"))])
    }

    @Test func anEncryptedEntryIsRefused() throws {
        var bytes = try Self.valid()
        let entry = try #require(Zip.centralOffset(of: "stack.xml", in: bytes))
        bytes[entry + 8] |= 1
        #expect(throws: OpenRasterError.encrypted(entry: "stack.xml")) { try Self.read(bytes) }
        #expect(OpenRasterError.encrypted(entry: "stack.xml").description.hasPrefix("This .ora file cannot be opened"))
    }

    @Test func anUnknownCompressionMethodIsRefused() throws {
        var bytes = try Self.valid()
        let entry = try #require(Zip.centralOffset(of: "data/one.png", in: bytes))
        bytes[entry + 10] = 12  // bzip2
        #expect(throws: OpenRasterError.unsupportedCompression(entry: "data/one.png", method: 12)) { try Self.read(bytes) }
    }

    @Test func zip64AndSplitArchivesAreRefused() throws {
        var bytes = try Self.valid()
        bytes[bytes.count - 12] = 0xFF
        bytes[bytes.count - 11] = 0xFF
        #expect(throws: OpenRasterError.zip64) { try Self.read(bytes) }
        bytes = try Self.valid()
        let entry = try #require(Zip.centralOffset(of: "data/one.png", in: bytes))
        for index in 20..<24 { bytes[entry + index] = 0xFF }
        #expect(throws: OpenRasterError.zip64) { try Self.read(bytes) }
        bytes = try Self.valid()
        bytes[bytes.count - 18] = 1
        #expect(throws: OpenRasterError.splitArchive) { try Self.read(bytes) }
    }

    @Test func twoEntriesOfOneNameAreRefused() throws {
        let bytes = try TestPictures.openRaster(stack: Self.stack("<layer src='data/one.png'/>"),
                                                files: [("data/one.png", Self.png), ("data/one.png", Self.png)])
        #expect(throws: OpenRasterError.duplicateEntry("data/one.png")) { try Self.read(bytes) }
    }

    @Test func anEntryThatInflatesToAnotherSizeThanDeclaredIsDamaged() throws {
        var bytes = try TestPictures.openRaster(stack: Self.stack("<layer src='data/one.png'/>"),
                                                files: [("data/one.png", Self.png)], deflating: true)
        let entry = try #require(Zip.centralOffset(of: "stack.xml", in: bytes))
        bytes[entry + 24] &+= 1  // the declared size, one more
        #expect(throws: OpenRasterError.damagedEntry(entry: "stack.xml", detail: "it holds less than it says")) {
            try Self.read(bytes)
        }
        bytes[entry + 24] &-= 2  // one less
        #expect(throws: OpenRasterError.damagedEntry(entry: "stack.xml", detail: "it holds more than it says")) {
            try Self.read(bytes)
        }
    }

    // MARK: Zip bombs and limits

    @Test func aZipBombIsRefusedBeforeItIsInflated() throws {
        // 64 MB of zeros deflate to about 64 kB: a ratio of about 1 000 to 1.
        let zeros = [UInt8](repeating: 0, count: 64 << 20)
        let bytes = try TestPictures.openRaster(stack: Self.stack(""), files: [("data/bomb.png", zeros)], deflating: true)
        #expect(throws: OpenRasterError.suspiciousCompression(entry: "data/bomb.png")) { try Self.read(bytes) }
        var limits = OpenRasterLimits.standard
        limits.entryBytes = 1 << 20
        #expect(throws: OpenRasterError.entryTooLarge(entry: "data/bomb.png", bytes: 64 << 20, limit: 1 << 20)) {
            try Self.read(bytes, limits: limits)
        }
    }

    @Test func filesBeyondTheLimitsAreRefusedWithTheLimitSaid() throws {
        let bytes = try Self.valid()
        var limits = OpenRasterLimits.standard
        limits.fileBytes = 100
        #expect(throws: OpenRasterError.fileTooLarge(bytes: bytes.count, limit: 100)) { try Self.read(bytes, limits: limits) }
        limits = .standard
        limits.entries = 2
        #expect(throws: OpenRasterError.tooManyEntries(count: 3, limit: 2)) { try Self.read(bytes, limits: limits) }
        limits = .standard
        limits.totalBytes = 100
        #expect(throws: OpenRasterError.totalTooLarge(limit: 100)) { try Self.read(bytes, limits: limits) }
        #expect(OpenRasterError.totalTooLarge(limit: 100).description
            == "This .ora file is too large to open: it unpacks to more than 1 MB.")
    }

    @Test func absurdImageSizesAreRefused() throws {
        for (width, height) in [(16385, 10), (10, 16385), (0, 10), (10, -1), (10001, 10000)] {
            let bytes = try TestPictures.openRaster(stack: Self.stack("", width: "\(width)", height: "\(height)"))
            #expect(throws: OpenRasterError.imageSize(width: width, height: height)) { try Self.read(bytes) }
        }
        let huge = try TestPictures.openRaster(stack: Self.stack("", width: "99999999999999999999999"))
        #expect(throws: OpenRasterError.damagedStack("gives a size that is not a number")) { try Self.read(huge) }
        let missing = try TestPictures.openRaster(stack: "<image><stack/></image>")
        #expect(throws: OpenRasterError.damagedStack("does not give the image's size")) { try Self.read(missing) }
        #expect(OpenRasterError.imageSize(width: 0, height: 10).description.hasPrefix("This .ora file is damaged"))
    }

    @Test func aLayerPictureTooLargeOrNotAPNGIsRefused() throws {
        var wide = Self.png
        // The IHDR's width: 20 000 pixels.
        wide.replaceSubrange(16..<20, with: [0, 0, 0x4E, 0x20])
        let bytes = try TestPictures.openRaster(stack: Self.stack("<layer name='W' src='w.png'/><layer name='T' src='t.txt'/>"),
                                                files: [("w.png", wide), ("t.txt", Array("text".utf8))])
        // The top layer (listed first) is read first.
        #expect(throws: OpenRasterError.layerSize(layer: "W", width: 20000, height: 3)) { try Self.read(bytes) }
        let image = try Self.read(bytes, skipping: true)
        #expect(image.notes == [.layerSkipped(layer: "W", reason: .layerSize(layer: "W", width: 20000, height: 3)),
                                .layerSkipped(layer: "T", reason: .layerNotPNG(layer: "T", path: "t.txt"))])
        #expect(image.notes.map(\.description) == [
            "The layer “W” was left out: its picture is 20000 × 3 pixels, more than 16 384 a side or 100 megapixels.",
            "The layer “T” was left out: its picture (t.txt) is not a PNG image.",
        ])
    }

    /// A thumbnail over 256 pixels a side, or a merged image that is no PNG, is read as none.
    @Test func aThumbnailTooLargeOrAMergedImageThatIsNoPNGIsLeftOut() throws {
        let big = TestPictures.solid(.init(red: 1, green: 2, blue: 3), width: 300, height: 2)
        let bytes = try TestPictures.openRaster(stack: Self.stack(""), files: [("Thumbnails/thumbnail.png", big),
                                                                                ("mergedimage.png", Array("no".utf8))])
        let image = try Self.read(bytes)
        #expect(image.thumbnailPNG == nil && image.mergedImagePNG == nil)
        let fine = try TestPictures.openRaster(stack: Self.stack(""), files: [("Thumbnails/thumbnail.png", Self.png),
                                                                               ("mergedimage.png", big)])
        #expect(try Self.read(fine).thumbnailPNG == Self.png && Self.read(fine).mergedImagePNG == big)
    }

    @Test func moreThanAThousandLayersAreRefused() throws {
        let layers = String(repeating: "<layer src='data/one.png'/>", count: 1001)
        let bytes = try TestPictures.openRaster(stack: Self.stack(layers), files: [("data/one.png", Self.png)])
        #expect(throws: OpenRasterError.tooManyLayers(limit: 1000)) { try Self.read(bytes) }
        let groups = String(repeating: "<stack>", count: 1002) + String(repeating: "</stack>", count: 1002)
        #expect(throws: OpenRasterError.self) { try Self.read(try TestPictures.openRaster(stack: Self.stack(groups))) }
    }

    @Test func aLayerFarAwayIsRefused() throws {
        let bytes = try TestPictures.openRaster(stack: Self.stack("<layer name='Far' src='a.png' x='5000000'/>"),
                                                files: [("a.png", Self.png)])
        #expect(throws: OpenRasterError.layerPosition(layer: "Far", x: 5_000_000, y: 0)) { try Self.read(bytes) }
    }

    // MARK: Layers' paths and files

    @Test func aLayerPathOutsideTheArchiveIsRefused() throws {
        for path in ["../one.png", "/data/one.png", "data\\one.png", "data/../../one.png", "C:one.png"] {
            let bytes = try TestPictures.openRaster(stack: Self.stack("<layer name='L' src='\(path)'/>"),
                                                    files: [("data/one.png", Self.png)])
            #expect(throws: OpenRasterError.unsafeLayerPath(layer: "L", path: path)) { try Self.read(bytes) }
        }
        // A path with "./" is inside.
        let dotted = try TestPictures.openRaster(stack: Self.stack("<layer src='./data/one.png'/>"),
                                                 files: [("data/one.png", Self.png)])
        #expect(try Self.read(dotted).layers.count == 1)
    }

    @Test func aMissingLayerFileIsRefusedOrLeftOutWithANote() throws {
        let bytes = try TestPictures.openRaster(
            stack: Self.stack("<layer name='Gone' src='data/gone.png'/><layer name='Here' src='data/one.png'/>"
                + "<layer name='No src'/>"),
            files: [("data/one.png", Self.png)])
        #expect(throws: OpenRasterError.missingLayerFile(layer: "Gone", path: "data/gone.png")) { try Self.read(bytes) }
        let image = try Self.read(bytes, skipping: true)
        #expect(image.layers.map(\.name) == ["Here"])
        #expect(image.notes == [.layerSkipped(layer: "Gone", reason: .missingLayerFile(layer: "Gone", path: "data/gone.png")),
                                .layerSkipped(layer: "No src", reason: .missingLayerFile(layer: "No src", path: ""))])
        #expect(image.notes[0].description == "The layer “Gone” was left out: its picture (data/gone.png) is missing.")
    }

    // MARK: stack.xml

    @Test func aMissingOrBrokenStackIsDamaged() throws {
        let noStack = try TestPictures.archive([("mimetype", Array("image/openraster".utf8))])
        #expect(throws: OpenRasterError.missingStack) { try Self.read(noStack) }
        let broken = ["<image w='1' h='1'><stack>", "not xml", "<image w='1' h='1'><stack></image>", "<image w='&bogus;' h='1'/>",
                      "\u{FF}"]
        for text in broken {
            let bytes = try TestPictures.openRaster(stack: text)
            #expect {
                try Self.read(bytes)
            } throws: { error in
                guard case .damagedStack(let detail) = error as? OpenRasterError else { return false }
                return detail.hasPrefix("is not valid XML") || detail == "is empty"
            }
        }
        let notImage = try TestPictures.openRaster(stack: "<svg w='1' h='1'/>")
        #expect(throws: OpenRasterError.damagedStack("does not describe an image")) { try Self.read(notImage) }
        #expect(OpenRasterError.missingStack.description == "This .ora file is damaged: its list of layers (stack.xml) is missing.")
    }

    /// Entities a document declares are never expanded (GMarkup knows only XML's five), and groups nest at most 64
    /// deep: neither a billion laughs nor a deep stack costs more than the text's size.
    @Test func declaredEntitiesAndGroupsNestedTooDeeplyAreRefused() throws {
        let laughs = "<!DOCTYPE image [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">]>"
            + "<image w='1' h='1'><stack><layer name='&lol2;'/></stack></image>"
        #expect {
            try Self.read(try TestPictures.openRaster(stack: laughs))
        } throws: { error in
            guard case .damagedStack(let detail) = error as? OpenRasterError else { return false }
            return detail.hasPrefix("is not valid XML")
        }
        let deep = "<image w='1' h='1'>" + String(repeating: "<stack>", count: 64) + String(repeating: "</stack>", count: 64)
            + "</image>"
        #expect {
            try Self.read(try TestPictures.openRaster(stack: deep))
        } throws: { error in
            guard case .damagedStack(let detail) = error as? OpenRasterError else { return false }
            return detail.contains("groups nested too deeply")
        }
        let shallow = "<image w='1' h='1'>" + String(repeating: "<stack>", count: 63) + String(repeating: "</stack>", count: 63)
            + "</image>"
        #expect(try Self.read(try TestPictures.openRaster(stack: shallow)).notes.count == 62)
    }

    @Test func theStacksOfOtherProgramsReadWithNotesOfWhatWasApproximated() throws {
        let stack = """
            <image w='40' h='30' version='0.0.1'><stack opacity='1' name=''>
              <layer name='Top' src='a.png' composite-op='svg:plus' opacity='half'/>
              <stack name='Group' opacity='0.5' visibility='hidden' x='3' y='4'>
                <layer name='In group' src='a.png' opacity='0.5' x='1' y='2' composite-op='svg:screen'/>
              </stack>
              <filter name='Blur' type='applications:krita:blur'/>
              <layer name='Plain' src='a.png' visibility='sometimes' x='1.6'/>
            </stack></image>
            """
        let bytes = try TestPictures.openRaster(stack: stack, files: [("a.png", Self.png)])
        let image = try Self.read(bytes)
        #expect(image.layers.map(\.name) == ["Plain", "In group", "Top"])
        let plain = image.layers[0], inGroup = image.layers[1], top = image.layers[2]
        #expect(top.blendMode == .normal && top.opacity == 1)
        #expect(inGroup.opacity == 0.25 && !inGroup.isVisible && inGroup.x == 4 && inGroup.y == 6 && inGroup.blendMode == .screen)
        #expect(plain.isVisible && plain.x == 2 && plain.blendMode == .normal)
        #expect(image.notes == [
            .attributeIgnored(layer: "Top", attribute: "opacity", value: "half"),
            .blendModeReadAsNormal(layer: "Top", compositeOp: "svg:plus"),
            .groupFlattened(name: "Group"),
            .elementIgnored(element: "filter", name: "Blur"),
            .attributeIgnored(layer: "Plain", attribute: "visibility", value: "sometimes"),
        ])
        #expect(image.notes[2].description
            == "The group “Group” became separate layers; its own blend mode, if it had one, is lost.")
    }
}

/// Offsets in archives our zip writer made (no comment, no extra fields).
enum Zip {
    static func uint16(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
    static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int { uint16(bytes, offset) | uint16(bytes, offset + 2) << 16 }

    /// Where the central directory's record of `name` starts.
    static func centralOffset(of name: String, in bytes: [UInt8]) -> Int? {
        var offset = uint32(bytes, bytes.count - 6)
        while offset + 46 <= bytes.count, uint32(bytes, offset) == 0x0201_4B50 {
            let length = uint16(bytes, offset + 28)
            if Array(bytes[(offset + 46)..<(offset + 46 + length)]) == Array(name.utf8) { return offset }
            offset += 46 + length + uint16(bytes, offset + 30) + uint16(bytes, offset + 32)
        }
        return nil
    }

    /// Where the bytes of the entry `name` start.
    static func dataOffset(of name: String, in bytes: [UInt8]) -> Int? {
        guard let central = centralOffset(of: name, in: bytes) else { return nil }
        let local = uint32(bytes, central + 42)
        return local + 30 + uint16(bytes, local + 26) + uint16(bytes, local + 28)
    }
}
