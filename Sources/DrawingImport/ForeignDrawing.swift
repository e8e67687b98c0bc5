// A drawing made from another program's file: a picture (PNG, JPEG, SVG) or an OpenRaster painting, read and never
// written (docs/layers.md, "Pictures", and docs/openraster.md, "Reading").
import FoundationEssentials
import Geometry
import Glibc
import ImageDecoding
import Localization
import OpenRaster
import PaintModel

/// Files that are not fingerpaint drawings but make one: a PNG or JPEG picture becomes a drawing whose bottom layer
/// is the picture, one point a pixel, with an empty layer above it to paint on (an SVG drawing the same, at its own
/// size in points, two pixels a point); an OpenRaster painting (Krita's,
/// MyPaint's, GIMP's, ours) becomes a drawing of its layers, each a picture layer with its name, opacity,
/// visibility, blend mode and lock. The file is only read.
public enum ForeignDrawing {
    /// The kinds of file that make a drawing.
    public enum Kind: Hashable, Sendable {
        /// A PNG, JPEG or SVG picture.
        case picture(ImageFormat)
        /// An OpenRaster painting.
        case openRaster
    }

    /// A drawing made from a file, what to call it, and what could only be approximated, in sentences for a banner.
    public struct Imported: Sendable {
        /// The drawing, with no history: undo takes none of its layers away.
        public var drawing: Drawing
        /// The file's name without its extension: the new drawing's name.
        public var name: String
        /// What the drawing shows differently from the program that wrote the file (OpenRaster's notes).
        public var notes: [String]
    }

    /// Why a file makes no drawing, in a painter's words (`description`).
    public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file's path.
        public var path: String
        /// Why, in words that fit after "cannot open PATH: ".
        public var reason: String
        /// Whether there is a file at `path` (it is never written: the description says it was left as it was).
        public var fileIsThere = true

        public var description: String {
            // Translators: %1$s is a file's path, %2$s why it cannot be opened.
            fileIsThere ? localized("cannot open %1$s: %2$s; the file was left as it was", path, reason)
                // Translators: %1$s is a file's path, %2$s why it cannot be opened.
                : localized("cannot open %1$s: %2$s", path, reason)
        }
    }

    /// The largest file read: 1 GiB, OpenRaster's own limit (a picture's is smaller, its pixels' limits first).
    public static let largestFile = OpenRasterLimits.standard.fileBytes

    /// What a file starting with `bytes` makes: `nil` for a fingerpaint drawing and for anything else.
    public static func kind(ofFileStarting bytes: some Collection<UInt8>) -> Kind? {
        switch ImageFormat(sniffing: bytes) {
        case .png: .picture(.png)
        case .jpeg: .picture(.jpeg)
        case .svg: .picture(.svg)
        case .openRaster: .openRaster
        default: nil
        }
    }

    /// What the file at `url` makes, read from its first bytes: `nil` when it is missing, not a regular file, a
    /// drawing, or anything else (the caller opens it as a drawing, or says why it cannot).
    public static func kind(ofFileAt url: URL) -> Kind? {
        guard let head = try? read(url, upTo: 4096) else { return nil }
        return kind(ofFileStarting: head)
    }

    /// The drawing the file at `url` makes; throws why it makes none. The file is opened read-only and left as it
    /// was.
    public static func read(_ url: URL) throws(ImportError) -> Imported {
        let bytes = try read(url, upTo: largestFile)
        return try drawing(from: bytes, named: url.deletingPathExtension().lastPathComponent, path: url.path)
    }

    /// A new drawing in `library`'s folder, named after the file at `url`, made from it (``read(_:)``): the
    /// document's location, and what the painting lost. Throws ``ImportError`` when the file makes no drawing, or
    /// the library's error when the document cannot be written. The file is only read.
    public static func makeDocument(from url: URL, in library: DocumentLibrary) throws -> (document: URL, notes: [String]) {
        let imported = try read(url)
        return (try library.newDocument(named: imported.name, holding: imported.drawing), imported.notes)
    }

    /// The picture in the PNG, JPEG or SVG file at `url`, one point a pixel from the drawing's origin, to place in a
    /// drawing (its frame is the caller's); throws why the file is no such picture. The file is only read.
    public static func picture(at url: URL) throws(ImportError) -> LayerImage {
        try picture(from: try read(url, upTo: largestFile), path: url.path)
    }

    /// The picture PNG, JPEG or SVG `bytes` hold (a file's, or the clipboard's, which `path` names in the error), at
    /// the drawing's origin: one point a pixel, an SVG at its own size in points; throws why they are no such picture.
    public static func picture(from bytes: [UInt8], path: String) throws(ImportError) -> LayerImage {
        guard case let .picture(format) = kind(ofFileStarting: bytes) else {
            let reason = ImageFormat(sniffing: bytes).map {
                // Translators: %s is a kind of file, as "a Photoshop document" or "a zip archive".
                localized("this is %s; fingerpaint places PNG, JPEG and SVG pictures", $0.kindOfFile)
            } ?? localized("this is not a picture; fingerpaint places PNG, JPEG and SVG pictures")
            throw ImportError(path: path, reason: reason)
        }
        guard format == .svg else {
            do {
                return try LayerImage(bytes: bytes)
            } catch {
                throw ImportError(path: path, reason: "\(error)")
            }
        }
        do throws(SVGPicture.Failure) {
            // Kept as the PNG of its pixels: a drawing holds pictures as PNG or JPEG.
            let drawn = try SVGPicture.rasterize(bytes)
            let png: [UInt8]
            do {
                png = try drawn.pixels.pngData()
            } catch {
                throw SVGPicture.Failure(description: "\(error)")
            }
            do {
                return try LayerImage(bytes: png, pixels: drawn.pixels,
                                      frame: Rect(x: 0, y: 0, width: drawn.size.width, height: drawn.size.height))
            } catch {
                throw SVGPicture.Failure(description: "\(error)")
            }
        } catch {
            throw ImportError(path: path, reason: error.description)
        }
    }

    /// The drawing a file's bytes make, named `name`; throws why they make none (`path` names the file in it).
    public static func drawing(from bytes: [UInt8], named name: String, path: String = localized("the file")) throws(ImportError) -> Imported {
        switch kind(ofFileStarting: bytes) {
        case .picture:
            let image = try picture(from: bytes, path: path)
            let layers = [Layer(attributes: LayerAttributes(name: name), image: image),
                          Layer(attributes: LayerAttributes(name: LayerAttributes.defaultName(number: 1)))]
            var drawing = Drawing(layers: layers)
            drawing.selectLayer(at: 1)
            return Imported(drawing: drawing, name: name, notes: [])
        case .openRaster:
            return try openRaster(bytes, named: name, path: path)
        case nil:
            if bytes.starts(with: DrawingDocument.magic) {
                throw ImportError(path: path, reason: localized("it is a fingerpaint drawing: open it as one"))
            }
            let reason = ImageFormat(sniffing: bytes).map {
                // Translators: %s is a kind of file, as "a Photoshop document" or "a zip archive".
                localized("this is %s; fingerpaint opens its drawings, PNG, JPEG and SVG pictures and OpenRaster paintings",
                          $0.kindOfFile)
            } ?? localized("this is not a picture or a painting; fingerpaint opens its drawings, PNG, JPEG and SVG pictures and OpenRaster paintings")
            throw ImportError(path: path, reason: reason)
        }
    }

    /// An OpenRaster painting's layers as picture layers; a layer whose picture does not decode is left out with a
    /// note, as a missing one is.
    private static func openRaster(_ bytes: [UInt8], named name: String, path: String) throws(ImportError) -> Imported {
        let image: OpenRasterImage
        do {
            image = try OpenRasterReader(skipsDamagedLayers: true).read(bytes)
        } catch {
            throw ImportError(path: path, reason: "\(error)")
        }
        var notes = image.notes.map(\.description)
        var layers: [Layer] = []
        var current = 0
        for (position, layer) in image.layers.enumerated() {
            let attributes = LayerAttributes(name: layer.name, opacity: layer.opacity, isVisible: layer.isVisible,
                                             blendMode: layer.blendMode, isLocked: layer.isLocked)
            do {
                let picture = try LayerImage(bytes: layer.png, origin: Point(x: Double(layer.x), y: Double(layer.y)))
                if position == image.currentLayerIndex { current = layers.count }
                layers.append(Layer(attributes: attributes, image: picture))
            } catch {
                // Translators: %1$s is a layer's name, %2$s why its picture could not be read.
                notes.append(localized("The layer “%1$s” was left out: %2$s.", layer.name, "\(error)"))
            }
        }
        if layers.isEmpty {
            notes.append(localized("The painting has no layer fingerpaint could read; it opens as an empty drawing."))
        }
        var drawing = Drawing(layers: layers)
        drawing.selectLayer(at: current)
        return Imported(drawing: drawing, name: name, notes: notes)
    }

    /// At most `limit` bytes of the regular file at `url`, opened read-only; throws when it cannot be read or is
    /// larger than `limit` and `limit` is ``largestFile``.
    private static func read(_ url: URL, upTo limit: Int) throws(ImportError) -> [UInt8] {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            let failure = errno
            throw ImportError(path: url.path, reason: String(cString: strerror(failure)), fileIsThere: failure != ENOENT)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ImportError(path: url.path, reason: localized("it is not a regular file"))
        }
        let size = Int(status.st_size)
        if limit == largestFile, size > limit {
            throw ImportError(path: url.path, reason: localized("it is larger than fingerpaint opens (1 GiB)"))
        }
        let wanted = min(size, limit)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, wanted - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == wanted || limit != largestFile else {
            throw ImportError(path: url.path, reason: localized("it changed while it was read"))
        }
        return Array(bytes.prefix(filled))
    }
}
