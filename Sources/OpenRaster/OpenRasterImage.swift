// What an OpenRaster (.ora) file holds, as values: the image's size, its layers bottom first with their attributes
// and PNG bytes, the merged image and thumbnail, and what a read had to approximate. No pixels are decoded here.

import Localization
import PaintModel

/// One layer of an OpenRaster image: its attributes in `stack.xml` and its picture as PNG bytes.
public struct OpenRasterLayer: Hashable, Sendable {
    /// The layer's name as the painter gave it: any text.
    public var name: String
    /// How opaque the layer is, from 0 (invisible) to 1; written and read clamped to that range.
    public var opacity: Double
    /// Whether the layer is shown (`visibility="visible"`) or hidden.
    public var isVisible: Bool
    /// How the layer composites over those below it (`composite-op`).
    public var blendMode: BlendMode
    /// Whether the layer refuses painting (`edit-locked="true"`, as Krita and MyPaint write it).
    public var isLocked: Bool
    /// Where the PNG's top-left pixel lies on the image, in pixels from the image's top-left corner (`x`, `y`).
    public var x: Int
    /// See ``x``.
    public var y: Int
    /// The layer's picture: a PNG file's bytes, in straight (not premultiplied) alpha, as OpenRaster requires.
    public var png: [UInt8]

    /// A layer with the given picture; by default a visible, unlocked, opaque, normal layer at the origin.
    public init(name: String, png: [UInt8], opacity: Double = 1, isVisible: Bool = true, blendMode: BlendMode = .normal,
                isLocked: Bool = false, x: Int = 0, y: Int = 0) {
        self.name = name
        self.png = png
        self.opacity = opacity
        self.isVisible = isVisible
        self.blendMode = blendMode
        self.isLocked = isLocked
        self.x = x
        self.y = y
    }
}

/// An OpenRaster image: its size, its layers and the pictures of the whole.
public struct OpenRasterImage: Hashable, Sendable {
    /// The image's width in pixels (`w`), from 1 to ``OpenRasterLimits/side``.
    public var width: Int
    /// The image's height in pixels (`h`), from 1 to ``OpenRasterLimits/side``.
    public var height: Int
    /// The layers, the bottom one first (`stack.xml` lists them the other way: the top first).
    public var layers: [OpenRasterLayer]
    /// The index in ``layers`` of the layer being painted on (`selected="true"`), if any.
    public var currentLayerIndex: Int?
    /// The whole image flattened, as PNG bytes (`mergedimage.png`), the same size as the image; `nil` when a file
    /// read has none.
    public var mergedImagePNG: [UInt8]?
    /// A small picture of the image, at most 256 pixels a side, as PNG bytes (`Thumbnails/thumbnail.png`); `nil` when
    /// a file read has none.
    public var thumbnailPNG: [UInt8]?
    /// What a read could only approximate (a group flattened, an unknown blend mode read as normal, a damaged layer
    /// skipped), each a sentence for a banner; empty for an image read exactly and for one about to be written.
    public var notes: [OpenRasterNote]

    /// An image of the given size and layers (bottom first), its merged image and thumbnail.
    public init(width: Int, height: Int, layers: [OpenRasterLayer], currentLayerIndex: Int? = nil,
                mergedImagePNG: [UInt8]?, thumbnailPNG: [UInt8]?, notes: [OpenRasterNote] = []) {
        self.width = width
        self.height = height
        self.layers = layers
        self.currentLayerIndex = currentLayerIndex
        self.mergedImagePNG = mergedImagePNG
        self.thumbnailPNG = thumbnailPNG
        self.notes = notes
    }
}

/// Something a read of an OpenRaster file could only approximate: the image read is usable, but differs from what
/// the program that wrote it shows. Its description is a sentence for the painter.
public enum OpenRasterNote: Hashable, Sendable, CustomStringConvertible {
    /// A group (a `stack` within the stack) became its layers, in order, its opacity and visibility folded into
    /// theirs; its own blend mode, if any, is lost.
    case groupFlattened(name: String)
    /// A layer's `composite-op` is none of ours (a Porter–Duff operator, another program's own): read as normal.
    case blendModeReadAsNormal(layer: String, compositeOp: String)
    /// A layer's attribute had a value that means nothing (`opacity="half"`): its default was used.
    case attributeIgnored(layer: String, attribute: String, value: String)
    /// An element that is not a layer or a group (a filter, a text) was left out.
    case elementIgnored(element: String, name: String)
    /// A layer whose picture is missing or damaged was left out (only when reading with
    /// ``OpenRasterReader/skipsDamagedLayers``).
    case layerSkipped(layer: String, reason: OpenRasterError)

    /// The note as one sentence for a banner.
    public var description: String {
        switch self {
        case let .groupFlattened(name):
            // Translators: %s is a group of layers' quoted name.
            localized("The group %s became separate layers; its own blend mode, if it had one, is lost.", quoted(name))
        case let .blendModeReadAsNormal(layer, compositeOp):
            // Translators: %1$s is a layer's quoted name, %2$s the blend mode the file names, as "svg:xor".
            localized("The layer %1$s uses a blend mode fingerpaint does not have (%2$s); it is shown as normal.",
                      quoted(layer), compositeOp)
        case let .attributeIgnored(layer, attribute, value):
            // Translators: %1$s is a layer's quoted name, %2$s the name of an attribute in the file, as "opacity" or
            // "visibility" (as the file spells it), %3$s its quoted value.
            localized("The layer %1$s has an unreadable %2$s (%3$s); the usual value was used.",
                      quoted(layer), attribute, quoted(value))
        case let .elementIgnored(element, name):
            // Translators: %1$s is the name of an element of the file, as "filter" or "text" (as the file spells it),
            // %2$s its quoted name.
            localized("The %1$s %2$s is not a picture layer and was left out.", element, quoted(name))
        case let .layerSkipped(layer, reason):
            // Translators: %1$s is a layer's quoted name, %2$s why, as "its picture is missing".
            localized("The layer %1$s was left out: %2$s.", quoted(layer), Self.why(reason))
        }
    }
}

extension OpenRasterNote {
    /// Why a layer was left out, said of the layer itself ("its picture is missing").
    private static func why(_ reason: OpenRasterError) -> String {
        switch reason {
        case let .missingLayerFile(_, path):
            // Translators: %s is the path of a layer's picture in the file.
            path.isEmpty ? localized("it names no picture") : localized("its picture (%s) is missing", String(path.prefix(80)))
        // Translators: %s is the path of a layer's picture in the file.
        case let .layerNotPNG(_, path): localized("its picture (%s) is not a PNG image", String(path.prefix(80)))
        // Translators: %s is the path of a layer's picture in the file.
        case let .unsafeLayerPath(_, path): localized("its picture (%s) would lie outside the file", String(path.prefix(80)))
        case let .layerSize(_, width, height) where width < 1 || height < 1: localized("its picture is empty")
        case let .layerSize(_, width, height):
            localized("its picture is %1$d × %2$d pixels, more than 16 384 a side or 100 megapixels", width, height)
        // Translators: %1$d, %2$d is where a layer lies, in pixels.
        case let .layerPosition(_, x, y): localized("it lies too far away, at %1$d, %2$d", x, y)
        // Translators: %s says why, as "in its part “data/a.png”, it is cut short".
        default: localized("its picture is damaged (%s)", reason.reason)
        }
    }
}

/// A name between quotation marks, or "without a name" for an empty one, cut to a banner's length.
func quoted(_ name: String) -> String {
    // Translators: said of a layer or a part of a file that has no name, in place of its quoted name.
    guard !name.isEmpty else { return localized("without a name") }
    let short = name.count > 60 ? name.prefix(59) + "…" : Substring(name)
    // Translators: a name between quotation marks: use your language's.
    return localized("“%s”", String(short))
}
