// The part of a window's buffer that a program's content draws into: below the title bar, if there is one. Apps
// draw with Cairo (`cairoSurface`) or into the pixels; reduced frames and drawing in parts are the package's own.
import CCairo
import WaylandClient

/// Pixels of a buffer to draw into: the content area of the window, in logical points from its own top-left corner.
///
/// Valid only during the call it is given to (``LiveContent/draw(into:damage:)``): the buffer goes to the
/// compositor after it.
public final class DrawTarget {
    /// The content area's first pixel: native-endian 32-bit XRGB, rows ``stride`` bytes apart.
    public let pixels: UnsafeMutableRawPointer
    /// Bytes from one row to the next.
    public let stride: Int
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Pixels per logical point of the window's full-resolution buffers.
    public let scale: Int
    /// How many times fewer pixels each way than a full-resolution buffer: 1, or 2 or more in a reduced frame
    /// (``LiveContentHooks/drawReduced(into:)``), drawn at ``scale`` / ``reduction`` pixels a point.
    package let reduction: Int
    /// Whether this is a reduced frame's image (``reduction`` above 1).
    package var isReduced: Bool { reduction > 1 }
    /// Whether the content may draw only part of this frame, the rest at the next frame into the same buffer
    /// (the full-resolution frame after a reduced one): it says so with ``isIncomplete``.
    package let mayDrawInParts: Bool
    /// Set by the content when it drew only part of the frame (``mayDrawInParts``).
    package var isIncomplete = false
    /// A Cairo image surface (`CAIRO_FORMAT_RGB24`) over the content area, with the buffer's device scale: draw in
    /// logical points.
    ///
    /// The surface belongs to the target: do not destroy it. A reduced frame's device scale is ``scale`` divided by
    /// its reduction.
    public let cairoSurface: OpaquePointer
    /// The buffer the pixels belong to: the same object for every frame drawn into that buffer, so that a
    /// program can remember what each buffer shows.
    package let buffer: AnyObject
    /// The buffer whose pixels ``buffer``'s are a copy of, neither drawn since (the spare the window filled from its
    /// first frame's buffer on the second core), if any: it shows what that one shows.
    package let copyOf: AnyObject?

    /// The content area of `buffer`: all of it below its first `top` logical points.
    convenience init(buffer: Buffer, top: Int, mayDrawInParts: Bool = false) {
        self.init(buffer: buffer, pixelWidth: Int(buffer.pixelWidth), pixelHeight: Int(buffer.pixelHeight), reduction: 1,
                  top: top, mayDrawInParts: mayDrawInParts)
    }

    /// The content area of a reduced frame's image: all of it below its first `top` logical points.
    convenience init(reduced image: ReducedImage, top: Int) {
        self.init(buffer: image.buffer, pixelWidth: Int(image.pixelWidth), pixelHeight: Int(image.pixelHeight),
                  reduction: Int(image.reduction), top: top, mayDrawInParts: false)
    }

    /// The part of `buffer` from its top-left pixel, `pixelWidth` × `pixelHeight` pixels drawn at its scale divided
    /// by `reduction`, below its first `top` logical points.
    private init(buffer: Buffer, pixelWidth: Int, pixelHeight: Int, reduction: Int, top: Int, mayDrawInParts: Bool) {
        self.buffer = buffer
        // A reduced frame overwrites the buffer: it is no copy of another's pixels any more.
        copyOf = reduction > 1 ? nil : buffer.warmedFrom
        scale = Int(buffer.scale)
        self.reduction = reduction
        self.mayDrawInParts = mayDrawInParts
        stride = Int(buffer.stride)
        let pixelsPerPoint = Double(buffer.scale) / Double(reduction)
        let skipped = min(Int((Double(top) * pixelsPerPoint).rounded(.up)), pixelHeight)
        pixels = buffer.pixels + skipped * stride
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight - skipped
        cairoSurface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(self.pixelHeight),
            Int32(stride))
        cairo_surface_set_device_scale(cairoSurface, pixelsPerPoint, pixelsPerPoint)
    }

    /// Memory the caller owns, `pixelWidth` × `pixelHeight` pixels at `scale`, rows `stride` bytes apart, that
    /// `owner` keeps: the content area of no window, for tests of what a content draws.
    init(pixels: UnsafeMutableRawPointer, stride: Int, pixelWidth: Int, pixelHeight: Int, scale: Int, owner: AnyObject) {
        buffer = owner
        copyOf = nil
        self.scale = scale
        reduction = 1
        mayDrawInParts = false
        self.stride = stride
        self.pixels = pixels
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        cairoSurface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight), Int32(stride))
        cairo_surface_set_device_scale(cairoSurface, Double(scale), Double(scale))
    }

    deinit {
        cairo_surface_flush(cairoSurface)
        cairo_surface_destroy(cairoSurface)
    }

    /// The width in logical points (of a full-resolution buffer).
    public var width: Int { (pixelWidth * reduction) / scale }
    /// The height in logical points (of a full-resolution buffer).
    public var height: Int { (pixelHeight * reduction) / scale }
}
