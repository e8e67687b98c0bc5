// The largest picture a decoder takes, checked against the size a file's header gives before any pixel is allocated.

/// The largest picture the decoders take: a side of at most ``maximumSide`` pixels and at most ``maximumPixels`` in
/// all.
public struct ImageLimits: Sendable, Hashable {
    /// The longest side, in pixels.
    public var maximumSide: Int
    /// The most pixels in all (width × height).
    public var maximumPixels: Int

    /// A limit of `maximumSide` pixels a side and `maximumPixels` in all.
    public init(maximumSide: Int, maximumPixels: Int) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }

    /// fingerpaint's: 16384 pixels a side and 100 megapixels (400 MB of pixels).
    public static let standard = ImageLimits(maximumSide: 16384, maximumPixels: 100_000_000)

    /// Whether a picture of `width` × `height` is within the limits (and not empty).
    public func allows(width: Int, height: Int) -> Bool {
        guard width >= 1, height >= 1, width <= maximumSide, height <= maximumSide else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maximumPixels
    }
}
