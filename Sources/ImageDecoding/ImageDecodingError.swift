// Why a picture could not be opened, in a painter's words.

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
            "the file is empty: there is no picture in it"
        case .notAPicture:
            "this is not a picture fingerpaint can open"
        case .unsupported(.fingerpaintDrawing):
            "this is a fingerpaint drawing, not a picture: open it as a drawing"
        case let .unsupported(format):
            "fingerpaint opens PNG and JPEG pictures; this is \(format.kindOfFile)"
        case let .tooLarge(width, height, limits):
            "this picture is \(width) × \(height) pixels, too large to open: fingerpaint opens pictures of up to "
                + "\(limits.maximumSide) pixels a side and \(megapixels(limits.maximumPixels)) megapixels"
        case let .truncated(format):
            "this \(format.name) picture is cut short: the file ends before the picture does"
        case let .damaged(format):
            "this \(format.name) picture is damaged and cannot be opened"
        case let .outOfMemory(format):
            "this \(format.name) picture needs more memory than fingerpaint can give it"
        }
    }
}

/// `count` pixels in megapixels, with one decimal when it is not whole.
private func megapixels(_ count: Int) -> String {
    let tenths = (count + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
}
