// What bounds the fill tool (docs/selection.md, "Fill"): the coverage of a picture's visible paint, strokes and
// pictures of every visible layer at their opacity, a byte a pixel, as RegionFill reads it.
import CCairo
import PaintModel

extension DrawingPicture {
    /// The most pixels a fill's barrier holds: a 4K view at scale 1, and more than a 1920x1080 one at scale 2.
    public static let largestBarrierPixels = 3840 * 2160

    /// The coverage of the picture's paint over its ``area`` at `pixelsPerPoint` (its alpha, without paper);
    /// `nil` for an area of no pixel or of more than ``largestBarrierPixels``.
    public func fillBarrier(pixelsPerPoint: Double) -> FillBarrier? {
        let width = area.width * pixelsPerPoint, height = area.height * pixelsPerPoint
        guard width.isFinite, height.isFinite, width >= 1, height >= 1,
              width * height <= Double(Self.largestBarrierPixels) else { return nil }
        let image = ImageSurface(clearWidth: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
        guard let context = cairo_create(image.surface) else { return nil }
        draw(into: context, pixelsPerPoint: pixelsPerPoint, onPaper: false)
        cairo_destroy(context)
        let pixels = image.pixels
        var coverage = [UInt8](repeating: 0, count: image.width * image.height)
        for row in 0..<image.height {
            let line = UnsafeRawPointer(pixels + row * image.stride)
            // Premultiplied ARGB32 in the machine's byte order: alpha is a pixel's top byte.
            for column in 0..<image.width {
                coverage[row * image.width + column] = UInt8(line.load(fromByteOffset: 4 * column, as: UInt32.self) >> 24)
            }
        }
        return FillBarrier(width: image.width, height: image.height, coverage: coverage)
    }
}
