// Pictures drawn on another thread cross back as plain pixels: an image's pixels row by row without padding, and an
// image made of them again. Contract: the pixels are as Cairo's image surfaces hold them (premultiplied ARGB, or
// XRGB for an opaque one).
import PaintRender

extension ImageSurface {
    /// The image's pixels, row by row without the padding at each row's end.
    var rowPixels: [UInt32] {
        var rows = [UInt32](repeating: 0, count: width * height)
        let rowBytes = width * 4
        rows.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress else { return }
            for row in 0..<height {
                (base + row * rowBytes).copyMemory(from: UnsafeRawPointer(pixels + row * stride), byteCount: rowBytes)
            }
        }
        return rows
    }

    /// An image of `width` × `height` holding `rows` (as ``rowPixels`` gives them): premultiplied ARGB, or, `isOpaque`,
    /// XRGB (a picture on paper); `nil` when their count is not `width * height`.
    static func made(of rows: [UInt32], width: Int, height: Int, isOpaque: Bool = false) -> ImageSurface? {
        guard width > 0, height > 0, rows.count == width * height else { return nil }
        let image = isOpaque ? ImageSurface(width: width, height: height, fill: nil) : ImageSurface(clearWidth: width, height: height)
        let rowBytes = width * 4
        rows.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                UnsafeMutableRawPointer(image.pixels + row * image.stride).copyMemory(from: base + row * rowBytes, byteCount: rowBytes)
            }
        }
        image.markDirty()
        return image
    }
}
