// The part of a window's buffer that a program's content draws into: below the title bar, if there is one.
import CCairo
import WaylandClient

/// Pixels of a buffer to draw into: the content area of the window, in logical points from its own top-left corner.
public final class DrawTarget {
    /// The content area's first pixel: native-endian 32-bit XRGB, rows ``stride`` bytes apart.
    public let pixels: UnsafeMutableRawPointer
    /// Bytes from one row to the next.
    public let stride: Int
    /// The size in pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per logical point.
    public let scale: Int
    /// A Cairo image surface (`CAIRO_FORMAT_RGB24`) over the content area, with device scale ``scale``: draw in
    /// logical points.
    public let cairoSurface: OpaquePointer
    /// The buffer the pixels belong to: the same object for every frame drawn into that buffer, so that a
    /// program can remember what each buffer shows.
    public let buffer: AnyObject

    /// The content area of `buffer`: all of it below its first `top` logical points.
    init(buffer: Buffer, top: Int) {
        self.buffer = buffer
        scale = Int(buffer.scale)
        stride = Int(buffer.stride)
        let skipped = min(top * scale, Int(buffer.pixelHeight))
        pixels = buffer.pixels + skipped * stride
        pixelWidth = Int(buffer.pixelWidth)
        pixelHeight = Int(buffer.pixelHeight) - skipped
        cairoSurface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight),
            Int32(stride))
        cairo_surface_set_device_scale(cairoSurface, Double(scale), Double(scale))
    }

    deinit {
        cairo_surface_flush(cairoSurface)
        cairo_surface_destroy(cairoSurface)
    }

    /// The size in logical points.
    public var width: Int { pixelWidth / scale }
    public var height: Int { pixelHeight / scale }
}
