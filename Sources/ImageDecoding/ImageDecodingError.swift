// Why a picture could not be opened, in a painter's words.
import Localization

/// Why bytes could not be decoded into a picture; `description` is the sentence to show.
public enum ImageDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// Bytes of no format fingerpaint knows.
    case notAPicture
    /// A format fingerpaint knows but does not open (GIF, WebP, its own drawings...).
    case unsupported(ImageFormat)
    /// A picture beyond the limits, with the size its header gives.
    case tooLarge(width: Int, height: Int, limits: ImageLimits)
    /// A picture whose file ends before its pixels do.
    case truncated(ImageFormat)
    /// A picture the library refused: corrupt data or an impossible header.
    case damaged(ImageFormat)
    /// A picture that needs more memory than fingerpaint gives a picture of its size.
    case outOfMemory(ImageFormat)

    /// The sentence to show the painter.
    public var description: String {
        switch self {
        case .empty:
            localized("the file is empty: there is no picture in it")
        case .notAPicture:
            localized("this is not a picture fingerpaint can open")
        case .unsupported(.fingerpaintDrawing):
            localized("this is a fingerpaint drawing, not a picture: open it as a drawing")
        case let .unsupported(format):
            // Translators: %s is a kind of file, as "a WebP picture" or "a Photoshop document".
            localized("fingerpaint opens PNG and JPEG pictures; this is %s", format.kindOfFile)
        case let .tooLarge(width, height, limits):
            // Translators: %1$d × %2$d is a picture's size, %3$d the most pixels a side, %4$s the most megapixels
            // (as "100" or "12.5").
            localized("""
                this picture is %1$d × %2$d pixels, too large to open: fingerpaint opens pictures of up to \
                %3$d pixels a side and %4$s megapixels
                """, width, height, limits.maximumSide, megapixels(limits.maximumPixels))
        case let .truncated(format):
            // Translators: %s is a picture's format, as "PNG" or "JPEG".
            localized("this %s picture is cut short: the file ends before the picture does", format.name)
        case let .damaged(format):
            // Translators: %s is a picture's format, as "PNG" or "JPEG".
            localized("this %s picture is damaged and cannot be opened", format.name)
        case let .outOfMemory(format):
            // Translators: %s is a picture's format, as "PNG" or "JPEG".
            localized("this %s picture needs more memory than fingerpaint can give it", format.name)
        }
    }
}

/// `count` pixels in megapixels, with one decimal when it is not whole.
private func megapixels(_ count: Int) -> String {
    let tenths = (count + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
}
