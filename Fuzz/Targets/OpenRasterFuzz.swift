// The OpenRaster reader on arbitrary bytes (docs/openraster.md): it reads or throws, never traps, keeps to its limits,
// and what it reads is written and read back the same.
import OpenRaster

extension FuzzTargets {
    /// The reader, refusing damaged layers and skipping them; an image read is within the limits, and written and
    /// read again gives the same layers (names aside where XML cannot hold their characters), sizes and pictures.
    ///
    /// Bytes starting with 0x01 are the rest taken as `stack.xml` in an archive of small PNGs (`a.png`, `data/b.png`,
    /// `mergedimage.png`, `Thumbnails/thumbnail.png`), so that the parser meets them past the archive's CRC-32;
    /// any other bytes are a whole file.
    public static func openRaster(_ bytes: [UInt8]) {
        let limits = OpenRasterLimits.standard
        let bytes = bytes.first == 1 ? archive(stack: bytes.dropFirst()) : bytes
        for skipping in [false, true] {
            guard let image = try? OpenRasterReader(skipsDamagedLayers: skipping).read(bytes) else { continue }
            precondition((1...limits.side).contains(image.width) && (1...limits.side).contains(image.height)
                && image.width * image.height <= limits.pixels, "an image outside the limits was read")
            precondition(image.layers.count <= limits.layers, "more layers than the limit were read")
            precondition(image.currentLayerIndex.map { image.layers.indices.contains($0) } ?? true,
                         "no such current layer")
            for layer in image.layers {
                precondition((0...1).contains(layer.opacity), "an opacity outside 0...1 was read")
                precondition(layer.x.magnitude <= limits.offset && layer.y.magnitude <= limits.offset,
                             "a layer too far away")
            }
            guard let written = try? OpenRasterWriter.bytes(for: image) else {
                preconditionFailure("an image that was read cannot be written")
            }
            guard let again = try? OpenRasterReader().read(written) else {
                preconditionFailure("an image written from one read does not read back")
            }
            precondition(again.notes.isEmpty, "an image we wrote reads with notes: \(again.notes)")
            precondition(again.width == image.width && again.height == image.height
                && again.currentLayerIndex == image.currentLayerIndex && again.mergedImagePNG == image.mergedImagePNG
                && again.thumbnailPNG == image.thumbnailPNG && again.layers.count == image.layers.count,
                "an image read, written and read again changed")
            for (before, after) in zip(image.layers, again.layers) {
                var before = before
                let unwritable = { (scalar: Unicode.Scalar) in
                    (scalar.value < 0x20 && !"\t\n\r".unicodeScalars.contains(scalar))
                        || scalar == "\u{FFFE}" || scalar == "\u{FFFF}"
                }
                if before.name.unicodeScalars.contains(where: unwritable) {
                    before.name = after.name
                }
                precondition(before == after, "a layer read, written and read again changed: \(before.name)")
            }
        }
    }

    /// A 2 by 2 PNG, half-transparent red.
    static let smallPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D,
        0x24, 0x00, 0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0xC0, 0xD0,
        0x00, 0xC2, 0x0C, 0x30, 0x06, 0x00, 0x38, 0xE8, 0x05, 0xFD, 0x6C, 0xDC, 0xAF, 0xD7, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// An OpenRaster archive whose stack.xml is `stack`, beside small PNGs.
    static func archive(stack: ArraySlice<UInt8>) -> [UInt8] {
        var zip = ZipWriter()
        let entries: [(String, [UInt8])] = [
            ("mimetype", Array("image/openraster".utf8)), ("stack.xml", Array(stack)), ("a.png", smallPNG),
            ("data/b.png", smallPNG), ("mergedimage.png", smallPNG), ("Thumbnails/thumbnail.png", smallPNG),
        ]
        for (name, contents) in entries {
            guard (try? zip.add(name, contents, method: .stored)) != nil else { return [] }
        }
        return (try? zip.finish()) ?? []
    }
}
