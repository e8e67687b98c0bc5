// The OpenRaster reader on arbitrary bytes (docs/openraster.md): it reads or throws, never traps, keeps to its limits,
// and what it reads is written and read back the same.
import OpenRaster

extension FuzzTargets {
    /// The reader, refusing damaged layers and skipping them; an image read is within the limits, and written and
    /// read again gives the same layers (names aside where XML cannot hold their characters), sizes and pictures.
    public static func openRaster(_ bytes: [UInt8]) {
        let limits = OpenRasterLimits.standard
        for skipping in [false, true] {
            guard let image = try? OpenRasterReader(skipsDamagedLayers: skipping).read(bytes) else { continue }
            precondition((1...limits.side).contains(image.width) && (1...limits.side).contains(image.height)
                && image.width * image.height <= limits.pixels, "an image outside the limits was read")
            precondition(image.layers.count <= limits.layers, "more layers than the limit were read")
            precondition(image.currentLayerIndex.map { image.layers.indices.contains($0) } ?? true, "no such current layer")
            for layer in image.layers {
                precondition((0...1).contains(layer.opacity), "an opacity outside 0...1 was read")
                precondition(layer.x.magnitude <= limits.offset && layer.y.magnitude <= limits.offset, "a layer too far away")
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
                if before.name.unicodeScalars.contains(where: { ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0))
                    || $0 == "\u{FFFE}" || $0 == "\u{FFFF}" }) {
                    before.name = after.name
                }
                precondition(before == after, "a layer read, written and read again changed: \(before.name)")
            }
        }
    }
}
