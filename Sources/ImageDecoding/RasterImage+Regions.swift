// Parts of a RasterImage: a copy of pixels from memory in any row stride (a Cairo surface's), the rectangle its
// visible pixels fill, and a cropped copy, as OpenRaster's layer files are cropped to their pixels with an offset.
import Geometry

extension RasterImage {
    /// A copy of `height` rows of `width` premultiplied ARGB32 pixels, each row starting `bytesPerRow` bytes after the
    /// last, as a Cairo image surface's data is laid out (`cairo_image_surface_get_stride`); `nil` when a side is
    /// below 1, the rows overlap or `bytes` is too short.
    public init?(width: Int, height: Int, bytesPerRow: Int, copying bytes: UnsafeRawBufferPointer) {
        guard width >= 1, height >= 1 else { return nil }
        let (rowBytes, overflow) = width.multipliedReportingOverflow(by: 4)
        guard !overflow, bytesPerRow >= rowBytes else { return nil }
        let (span, spanOverflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !spanOverflow, span <= bytes.count, rowBytes <= bytes.count - span else { return nil }
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { out, initialized in
            let destination = UnsafeMutableRawBufferPointer(out)
            for row in 0..<height {
                let source = UnsafeRawBufferPointer(rebasing: bytes[row * bytesPerRow..<row * bytesPerRow + rowBytes])
                UnsafeMutableRawBufferPointer(rebasing: destination[row * rowBytes..<(row + 1) * rowBytes])
                    .copyMemory(from: source)
            }
            initialized = width * height
        }
        self.init(uncheckedWidth: width, height: height, pixels: pixels)
    }

    /// The smallest rectangle holding every pixel that is not fully transparent; `nil` when every pixel is.
    public var visibleRegion: PixelRect? {
        var (left, top, right, bottom) = (width, height, -1, -1)
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = y * width
                guard let first = (0..<width).first(where: { pixels[row + $0] >> 24 != 0 }) else { continue }
                let last = (first..<width).last { pixels[row + $0] >> 24 != 0 } ?? first
                (left, right) = (min(left, first), max(right, last))
                (top, bottom) = (min(top, y), y)
            }
        }
        guard right >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// A copy of the pixels in `region`, or `nil` when the region is empty or not wholly inside the image.
    public func cropped(to region: PixelRect) -> RasterImage? {
        guard region.width >= 1, region.height >= 1, region.x >= 0, region.y >= 0,
              region.x <= width - region.width, region.y <= height - region.height
        else { return nil }
        guard region != PixelRect(x: 0, y: 0, width: width, height: height) else { return self }
        var result: [UInt32] = []
        result.reserveCapacity(region.width * region.height)
        for y in region.y..<region.y + region.height {
            let start = y * width + region.x
            result += pixels[start..<start + region.width]
        }
        return RasterImage(uncheckedWidth: region.width, height: region.height, pixels: result)
    }
}
