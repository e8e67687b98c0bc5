// Why an OpenRaster file cannot be read or written, in a painter's words, and the limits a file is held to before
// anything it claims is allocated.
import Localization

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
        // Translators: %s says why, as "it is not a zip archive".
        case .notAZipArchive, .notOpenRaster: localized("This is not an OpenRaster file: %s.", reason)
        // Translators: %s says why, as "its part “stack.xml” is encrypted".
        case .zip64, .splitArchive, .encrypted, .unsupportedCompression: localized("This .ora file cannot be opened: %s.", reason)
        // Translators: %s says why, as "its end is missing".
        case let .imageSize(width, height) where width < 1 || height < 1: localized("This .ora file is damaged: %s.", reason)
        case let .layerSize(_, width, height) where width < 1 || height < 1: localized("This .ora file is damaged: %s.", reason)
        case .thumbnailSize: localized("This .ora file cannot be written: %s.", reason)
        case .fileTooLarge, .tooManyEntries, .entryTooLarge, .suspiciousCompression, .totalTooLarge, .imageSize,
             .tooManyLayers, .layerSize, .layerPosition:
            // Translators: %s says why, as "it has 5000 parts, more than 4096".
            localized("This .ora file is too large to open: %s.", reason)
        default: localized("This .ora file is damaged: %s.", reason)
        }
    }

    /// The reason alone, without the sentence's start: for ``description`` and for a note of a layer left out.
    /// A part's or a layer's name in it is quoted (``quoted(_:)``), or "without a name".
    var reason: String {
        switch self {
        case .notAZipArchive: localized("it is not a zip archive")
        case .notOpenRaster(nil): localized("it is a zip archive without the “mimetype” that says “image/openraster”")
        // Translators: %s is what the file's “mimetype” part says, as "application/zip".
        case let .notOpenRaster(mimetype?): localized("its “mimetype” says “%s”, not “image/openraster”", mimetype)
        case .truncated: localized("its end is missing")
        case let .damagedDirectory(detail): detail
        // Translators: %1$s is the quoted name of a part of a zip archive (a file in it), %2$s what is wrong with it,
        // as "it is cut short".
        case let .damagedEntry(entry, detail): localized("in its part %1$s, %2$s", quoted(entry), detail)
        case let .checksumMismatch(entry):
            // Translators: %s is the quoted name of a part of a zip archive (a file in it).
            localized("its part %s has changed since it was written (its checksum differs)", quoted(entry))
        // Translators: %s is the quoted name of a part of a zip archive (a file in it).
        case let .duplicateEntry(entry): localized("it holds two parts named %s", quoted(entry))
        // Translators: %s is the quoted name of a part of a zip archive (a file in it).
        case let .encrypted(entry): localized("its part %s is encrypted", quoted(entry))
        case let .unsupportedCompression(entry, method):
            // Translators: %1$s is the quoted name of a part of a zip archive (a file in it), %2$d a number.
            localized("its part %1$s is compressed by a method fingerpaint does not know (%2$d)", quoted(entry), method)
        case .zip64: localized("it is a ZIP64 archive (over 4 GB or 65 535 parts), which fingerpaint does not read or write")
        case .splitArchive: localized("it is split across several files")
        case let .fileTooLarge(bytes, limit):
            // Translators: %1$s and %2$s are sizes, as "1074 MB".
            localized("it is %1$s, more than the %2$s fingerpaint opens", megabytes(bytes), megabytes(limit))
        case let .tooManyEntries(count, limit): localized("it has %1$d parts, more than %2$d", count, limit)
        case let .entryTooLarge(entry, bytes, limit):
            // Translators: %1$s is the quoted name of a part of a zip archive (a file in it), %2$s and %3$s sizes,
            // as "537 MB".
            localized("its part %1$s unpacks to %2$s, more than %3$s", quoted(entry), megabytes(bytes), megabytes(limit))
        case let .suspiciousCompression(entry):
            // Translators: %s is the quoted name of a part of a zip archive (a file in it).
            localized("its part %s claims to unpack to far more than it could hold", quoted(entry))
        // Translators: %s is a size, as "1074 MB".
        case let .totalTooLarge(limit): localized("it unpacks to more than %s", megabytes(limit))
        case .missingStack: localized("its list of layers (stack.xml) is missing")
        // Translators: %s says what is wrong with it, as "is not valid XML" or "does not describe an image".
        case let .damagedStack(detail): localized("its list of layers (stack.xml) %s", detail)
        case let .imageSize(width, height):
            width < 1 || height < 1 ? localized("its size, %1$d × %2$d pixels, is empty", width, height)
                : localized("it is %1$d × %2$d pixels, more than 16 384 a side or 100 megapixels", width, height)
        case let .tooManyLayers(limit): localized("it has more than %d layers", limit)
        case let .unsafeLayerPath(layer, path):
            // Translators: %1$s is a layer's quoted name, %2$s the path of its picture in the file.
            localized("the layer %1$s points outside the file (%2$s)", quoted(layer), String(path.prefix(80)))
        case let .missingLayerFile(layer, path):
            // Translators: %1$s is a layer's quoted name, %2$s the path of its picture in the file.
            localized("the picture of the layer %1$s (%2$s) is missing", quoted(layer), String(path.prefix(80)))
        case let .layerNotPNG(layer, path):
            // Translators: %1$s is a layer's quoted name, %2$s the path of its picture in the file.
            localized("the picture of the layer %1$s (%2$s) is not a PNG image", quoted(layer), String(path.prefix(80)))
        case let .layerSize(layer, width, height):
            width < 1 || height < 1
                // Translators: %1$s is a layer's quoted name, %2$d × %3$d its size.
                ? localized("the layer %1$s is %2$d × %3$d pixels, empty", quoted(layer), width, height)
                // Translators: %1$s is a layer's quoted name, %2$d × %3$d its size.
                : localized("the layer %1$s is %2$d × %3$d pixels, more than 16 384 a side or 100 megapixels",
                            quoted(layer), width, height)
        case let .layerPosition(layer, x, y):
            // Translators: %1$s is a layer's quoted name, %2$d, %3$d where it lies, in pixels.
            localized("the layer %1$s lies too far away, at %2$d, %3$d", quoted(layer), x, y)
        case let .thumbnailSize(width, height):
            localized("its thumbnail is %1$d × %2$d pixels, not a PNG of at most 256 a side", width, height)
        }
    }
}

/// A byte count in megabytes (MB, 10⁶ bytes), rounded up, as a painter reads it.
private func megabytes(_ bytes: Int) -> String {
    let megabytes = bytes / 1_000_000 + (bytes % 1_000_000 == 0 ? 0 : 1)
    // Translators: a size in megabytes (10⁶ bytes).
    return localized("%d MB", megabytes)
}
