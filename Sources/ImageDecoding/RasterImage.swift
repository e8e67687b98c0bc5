// A picture's pixels as Cairo keeps them (CAIRO_FORMAT_ARGB32): premultiplied ARGB in native byte order, rows of
// width × 4 bytes, so the renderer wraps them in an image surface without converting them.

/// A picture in memory: premultiplied ARGB32 pixels, row by row from the top left.
///
/// Each pixel is one `UInt32` holding alpha in its top byte, then red, green and blue, each colour already
/// multiplied by alpha: Cairo's `CAIRO_FORMAT_ARGB32`, whose stride for a width is `width * 4` bytes.
public struct RasterImage: Sendable, Equatable {
    /// The width in pixels, at least 1.
    public let width: Int
    /// The height in pixels, at least 1.
    public let height: Int
    /// `width * height` premultiplied ARGB32 pixels, row after row from the top.
    public private(set) var pixels: [UInt32]

    /// An image of the given pixels (premultiplied ARGB32, `width * height` of them, row after row); `nil` when a side
    /// is below 1 or the count does not match.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width >= 1, height >= 1 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count == pixels.count else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour; `nil` when a side is below 1 or the image would exceed `limits`.
    public init?(width: Int, height: Int, filledWith pixel: Pixel, limits: ImageLimits = .standard) {
        guard width >= 1, height >= 1, limits.allows(width: width, height: height) else { return nil }
        self.init(width: width, height: height, pixels: [UInt32](repeating: pixel.argb, count: width * height))
    }

    /// Takes pixels the decoders made; the caller has checked the size.
    init(uncheckedWidth width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The bytes from one row's start to the next: `width * 4`, what Cairo's `cairo_format_stride_for_width` gives for
    /// `CAIRO_FORMAT_ARGB32`.
    public var bytesPerRow: Int { width * 4 }

    /// The pixel at column `x` and row `y` from the top left, or `nil` outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return Pixel(argb: pixels[y * width + x])
    }

    /// Sets the pixel at column `x` and row `y`; does nothing outside the image.
    public mutating func setPixel(_ pixel: Pixel, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        pixels[y * width + x] = pixel.argb
    }

    /// Whether every pixel is opaque.
    public var isOpaque: Bool { pixels.allSatisfy { $0 >> 24 == 0xff } }

    /// Calls `body` with the pixels' bytes, `height` rows of ``bytesPerRow`` bytes, as Cairo reads them.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result: Swift.Result<Result, Failure> = pixels.withUnsafeBytes { bytes in
            do throws(Failure) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Calls `body` with the pixels' bytes to change in place, as a Cairo image surface made over them draws into
    /// them; the pixels must stay premultiplied.
    public mutating func withUnsafeMutableBytes<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result: Swift.Result<Result, Failure> = pixels.withUnsafeMutableBytes { bytes in
            do throws(Failure) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

extension RasterImage {
    /// One premultiplied ARGB32 pixel.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        /// Alpha in the top byte, then red, green and blue, each multiplied by alpha.
        public var argb: UInt32

        /// A pixel from its premultiplied ARGB32 value.
        public init(argb: UInt32) {
            self.argb = argb
        }

        /// A pixel from straight (not premultiplied) components, 0–255 each, which it premultiplies.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            let a = UInt32(alpha)
            argb = a << 24 | premultiply(red, by: alpha) << 16 | premultiply(green, by: alpha) << 8
                | premultiply(blue, by: alpha)
        }

        /// Alpha, 0 (transparent) to 255 (opaque).
        public var alpha: UInt8 { UInt8(truncatingIfNeeded: argb >> 24) }
        /// Red multiplied by alpha.
        public var premultipliedRed: UInt8 { UInt8(truncatingIfNeeded: argb >> 16) }
        /// Green multiplied by alpha.
        public var premultipliedGreen: UInt8 { UInt8(truncatingIfNeeded: argb >> 8) }
        /// Blue multiplied by alpha.
        public var premultipliedBlue: UInt8 { UInt8(truncatingIfNeeded: argb) }

        /// Red, green, blue and alpha with the colours divided by alpha again (0, 0, 0, 0 where alpha is 0), as a
        /// PNG stores them.
        public var straight: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let a = alpha
            return (unpremultiply(premultipliedRed, by: a), unpremultiply(premultipliedGreen, by: a),
                    unpremultiply(premultipliedBlue, by: a), a)
        }

        /// The pixel as "r g b a" with straight components.
        public var description: String {
            let (r, g, b, a) = straight
            return "(\(r), \(g), \(b), alpha \(a))"
        }
    }
}

/// `value * alpha / 255`, rounded to the nearest.
@inline(__always)
func premultiply(_ value: UInt8, by alpha: UInt8) -> UInt32 {
    let product = UInt32(value) * UInt32(alpha) + 128
    return (product + product >> 8) >> 8
}

/// `value * 255 / alpha`, rounded to the nearest, at most 255; 0 where alpha is 0.
@inline(__always)
func unpremultiply(_ value: UInt8, by alpha: UInt8) -> UInt8 {
    guard alpha != 0 else { return 0 }
    guard alpha != 255 else { return value }
    let a = UInt32(alpha)
    return UInt8(min(255, (UInt32(value) * 255 + a / 2) / a))
}
