// Why an OpenRaster file cannot be read or written, in a painter's words, and the limits a file is held to before
// anything it claims is allocated.

/// The limits a read holds an OpenRaster file to, each checked before allocating what it bounds.
public struct OpenRasterLimits: Hashable, Sendable {
    /// The largest file read, in bytes.
    public var fileBytes = 1 << 30
    /// The most entries (files) in the archive.
    public var entries = 4096
    /// The most bytes one entry may hold once inflated.
    public var entryBytes = 512 << 20
    /// The most bytes all entries together may hold once inflated.
    public var totalBytes = 1 << 30
    /// The ratio of inflated to compressed size from which an entry is taken for a zip bomb...
    public var compressionRatio = 1024
    /// ...when it inflates to more than this many bytes (a small file may compress very well).
    public var ratioCheckedAboveBytes = 1 << 20
    /// The most bytes of `stack.xml`.
    public var stackBytes = 8 << 20
    /// The widest and tallest image or layer, in pixels.
    public var side = 16384
    /// The most pixels of an image or a layer.
    public var pixels = 100_000_000
    /// The most layers, and separately the most other elements (groups, filters) in `stack.xml`.
    public var layers = 1000
    /// The farthest a layer may lie from the image's origin, in pixels either way.
    public var offset = 1 << 20

    /// The limits documented in docs/openraster.md.
    public static let standard = OpenRasterLimits()

    /// Whether an image or layer of `width` by `height` pixels is within ``side`` and ``pixels``, and not empty.
    func allows(width: Int, height: Int) -> Bool {
        guard (1...max(side, 1)).contains(width), (1...max(side, 1)).contains(height) else { return false }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && product <= pixels
    }
}

/// Why an OpenRaster file could not be read or written. Its description is one sentence for the painter.
public enum OpenRasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are no zip archive at all.
    case notAZipArchive
    /// A zip archive, but not an OpenRaster one: its `mimetype` entry is missing or says something else.
    case notOpenRaster(mimetype: String?)
    /// The file ends early: a zip's start without its end.
    case truncated
    /// The archive's table of contents (central directory) is damaged.
    case damagedDirectory(String)
    /// An entry's bytes are damaged (its header, its length, its compressed data).
    case damagedEntry(entry: String, detail: String)
    /// An entry's bytes do not match their CRC-32.
    case checksumMismatch(entry: String)
    /// Two entries have the same name.
    case duplicateEntry(String)
    /// An entry is encrypted.
    case encrypted(entry: String)
    /// An entry is compressed by a method other than stored (0) and deflate (8).
    case unsupportedCompression(entry: String, method: UInt16)
    /// The archive uses (or, written, would need) ZIP64: more than 4 GiB or 65 535 entries.
    case zip64
    /// The archive is split across several files (disks).
    case splitArchive
    /// The file is larger than the reader takes.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The archive has more entries than the reader takes.
    case tooManyEntries(count: Int, limit: Int)
    /// An entry inflates to more than the reader takes.
    case entryTooLarge(entry: String, bytes: Int, limit: Int)
    /// An entry claims to inflate far more than deflate can: a zip bomb.
    case suspiciousCompression(entry: String)
    /// All the entries together inflate to more than the reader takes.
    case totalTooLarge(limit: Int)
    /// There is no `stack.xml`.
    case missingStack
    /// `stack.xml` is not well-formed XML, or not OpenRaster's (no `image`, no size).
    case damagedStack(String)
    /// The image is empty or larger than the limits (16 384 pixels a side, 100 megapixels).
    case imageSize(width: Int, height: Int)
    /// More layers (or more groups and other elements) than the limit.
    case tooManyLayers(limit: Int)
    /// A layer's `src` is not a plain path inside the archive (absolute, with `..` or a backslash).
    case unsafeLayerPath(layer: String, path: String)
    /// A layer's `src` names no entry of the archive.
    case missingLayerFile(layer: String, path: String)
    /// A layer's picture is not a PNG file.
    case layerNotPNG(layer: String, path: String)
    /// A layer's picture is empty or larger than the limits.
    case layerSize(layer: String, width: Int, height: Int)
    /// A layer lies farther from the image than the limit.
    case layerPosition(layer: String, x: Int, y: Int)
    /// The thumbnail given to the writer is more than 256 pixels a side, or not a PNG.
    case thumbnailSize(width: Int, height: Int)

    /// The error as one sentence for the painter: what kind of trouble ("This .ora file is damaged: "), then why.
    public var description: String {
        switch self {
        case .notAZipArchive, .notOpenRaster: "This is not an OpenRaster file: \(reason)."
        case .zip64, .splitArchive, .encrypted, .unsupportedCompression: "This .ora file cannot be opened: \(reason)."
        case let .imageSize(width, height) where width < 1 || height < 1: "This .ora file is damaged: \(reason)."
        case let .layerSize(_, width, height) where width < 1 || height < 1: "This .ora file is damaged: \(reason)."
        case .thumbnailSize: "This .ora file cannot be written: \(reason)."
        case .fileTooLarge, .tooManyEntries, .entryTooLarge, .suspiciousCompression, .totalTooLarge, .imageSize,
             .tooManyLayers, .layerSize, .layerPosition:
            "This .ora file is too large to open: \(reason)."
        default: "This .ora file is damaged: \(reason)."
        }
    }

    /// The reason alone, without the sentence's start: for ``description`` and for a note of a layer left out.
    var reason: String {
        switch self {
        case .notAZipArchive: "it is not a zip archive"
        case .notOpenRaster(nil): "it is a zip archive without the “mimetype” that says “image/openraster”"
        case let .notOpenRaster(mimetype?): "its “mimetype” says “\(mimetype)”, not “image/openraster”"
        case .truncated: "its end is missing"
        case let .damagedDirectory(detail): detail
        case let .damagedEntry(entry, detail): "in its part \(quoted(entry)), \(detail)"
        case let .checksumMismatch(entry):
            "its part \(quoted(entry)) has changed since it was written (its checksum differs)"
        case let .duplicateEntry(entry): "it holds two parts named \(quoted(entry))"
        case let .encrypted(entry): "its part \(quoted(entry)) is encrypted"
        case let .unsupportedCompression(entry, method):
            "its part \(quoted(entry)) is compressed by a method fingerpaint does not know (\(method))"
        case .zip64: "it is a ZIP64 archive (over 4 GB or 65 535 parts), which fingerpaint does not read or write"
        case .splitArchive: "it is split across several files"
        case let .fileTooLarge(bytes, limit):
            "it is \(megabytes(bytes)), more than the \(megabytes(limit)) fingerpaint opens"
        case let .tooManyEntries(count, limit): "it has \(count) parts, more than \(limit)"
        case let .entryTooLarge(entry, bytes, limit):
            "its part \(quoted(entry)) unpacks to \(megabytes(bytes)), more than \(megabytes(limit))"
        case let .suspiciousCompression(entry):
            "its part \(quoted(entry)) claims to unpack to far more than it could hold"
        case let .totalTooLarge(limit): "it unpacks to more than \(megabytes(limit))"
        case .missingStack: "its list of layers (stack.xml) is missing"
        case let .damagedStack(detail): "its list of layers (stack.xml) \(detail)"
        case let .imageSize(width, height):
            width < 1 || height < 1 ? "its size, \(width) × \(height) pixels, is empty"
                : "it is \(width) × \(height) pixels, more than 16 384 a side or 100 megapixels"
        case let .tooManyLayers(limit): "it has more than \(limit) layers"
        case let .unsafeLayerPath(layer, path):
            "the layer \(quoted(layer)) points outside the file (\(path.prefix(80)))"
        case let .missingLayerFile(layer, path):
            "the picture of the layer \(quoted(layer)) (\(path.prefix(80))) is missing"
        case let .layerNotPNG(layer, path):
            "the picture of the layer \(quoted(layer)) (\(path.prefix(80))) is not a PNG image"
        case let .layerSize(layer, width, height):
            "the layer \(quoted(layer)) is \(width) × \(height) pixels, "
                + (width < 1 || height < 1 ? "empty" : "more than 16 384 a side or 100 megapixels")
        case let .layerPosition(layer, x, y): "the layer \(quoted(layer)) lies too far away, at \(x), \(y)"
        case let .thumbnailSize(width, height):
            "its thumbnail is \(width) × \(height) pixels, not a PNG of at most 256 a side"
        }
    }
}

/// A byte count in megabytes (MB, 10⁶ bytes), rounded up, as a painter reads it.
private func megabytes(_ bytes: Int) -> String {
    let megabytes = bytes / 1_000_000 + (bytes % 1_000_000 == 0 ? 0 : 1)
    return "\(megabytes) MB"
}
