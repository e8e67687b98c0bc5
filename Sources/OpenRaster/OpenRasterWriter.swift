// Writes an OpenRaster file: `mimetype` first and stored, `stack.xml` with every attribute explicit, one PNG per
// layer under `data/`, the merged image and the thumbnail (docs/openraster.md).
import PaintModel

/// Makes the bytes of an OpenRaster file from an image.
public enum OpenRasterWriter {
    /// The file's bytes for `image`: its layers (bottom first) listed top first in `stack.xml`, each with its
    /// name, position, opacity, visibility, blend mode, lock and whether it is the current one; its PNGs stored as
    /// given. Throws when the image is empty or beyond ``OpenRasterLimits/standard`` (its size, its number of layers,
    /// a layer's position), when the thumbnail is not a PNG of at most 256 pixels a side, or when the file would pass
    /// the 4 GB a zip without ZIP64 holds.
    public static func bytes(for image: OpenRasterImage) throws(OpenRasterError) -> [UInt8] {
        let limits = OpenRasterLimits.standard
        guard limits.allows(width: image.width, height: image.height) else {
            throw .imageSize(width: image.width, height: image.height)
        }
        guard image.layers.count <= limits.layers else { throw .tooManyLayers(limit: limits.layers) }
        if let thumbnail = image.thumbnailPNG {
            let size = PNGHeader.size(of: thumbnail) ?? (0, 0)
            guard (1...256).contains(size.width), (1...256).contains(size.height) else {
                throw .thumbnailSize(width: size.width, height: size.height)
            }
        }
        var stack = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        stack += "<image version=\"0.0.5\" w=\"\(image.width)\" h=\"\(image.height)\">\n <stack>\n"
        for (index, layer) in image.layers.enumerated().reversed() {
            guard layer.x.magnitude <= limits.offset.magnitude, layer.y.magnitude <= limits.offset.magnitude else {
                throw .layerPosition(layer: layer.name, x: layer.x, y: layer.y)
            }
            let opacity = layer.opacity.isNaN ? 1 : min(max(layer.opacity, 0), 1)
            stack += "  <layer name=\"\(XMLText.attribute(layer.name))\" src=\"\(path(ofLayer: index))\""
            stack += " x=\"\(layer.x)\" y=\"\(layer.y)\" opacity=\"\(opacity)\""
            stack += " visibility=\"\(layer.isVisible ? "visible" : "hidden")\""
            stack += " composite-op=\"\(layer.blendMode.compositeOp)\""
            stack += " edit-locked=\"\(layer.isLocked)\" selected=\"\(index == image.currentLayerIndex)\"/>\n"
        }
        stack += " </stack>\n</image>\n"

        var zip = ZipWriter()
        try zip.add("mimetype", Array("image/openraster".utf8), method: .stored)
        try zip.add("stack.xml", Array(stack.utf8), method: .deflated)
        // PNGs are compressed already: stored, they cost nothing to write or read.
        for (index, layer) in image.layers.enumerated() {
            try zip.add(path(ofLayer: index), layer.png, method: .stored)
        }
        if let merged = image.mergedImagePNG { try zip.add("mergedimage.png", merged, method: .stored) }
        if let thumbnail = image.thumbnailPNG { try zip.add("Thumbnails/thumbnail.png", thumbnail, method: .stored) }
        return try zip.finish()
    }

    /// Where the layer at `index` (bottom first) is kept in the archive.
    static func path(ofLayer index: Int) -> String {
        "data/layer\(index).png"
    }
}
