// An image as PNG bytes in memory and back (the thumbnail cache's files), through Cairo's PNG streams.
import CCairo

extension ImageSurface {
    /// The image as PNG bytes; `nil` when Cairo cannot make them.
    package func pngBytes() -> [UInt8]? {
        let sink = ByteSink()
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(surface, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
        return withExtendedLifetime(sink) { status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil }
    }

    /// The image in PNG bytes, painted over white; `nil` when they are not a PNG Cairo can read.
    package convenience init?(pngBytes bytes: [UInt8]) {
        let source = ByteSource(bytes)
        guard let png = cairo_image_surface_create_from_png_stream(ByteSource.read, Unmanaged.passUnretained(source).toOpaque())
        else { return nil }
        defer { cairo_surface_destroy(png) }
        withExtendedLifetime(source) {}
        guard cairo_surface_status(png) == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Int(cairo_image_surface_get_width(png)), height = Int(cairo_image_surface_get_height(png))
        guard width > 0, height > 0, width <= 4096, height <= 4096 else { return nil }
        self.init(width: width, height: height)
        let context = cairo_create(surface)
        cairo_set_source_surface(context, png, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
    }
}

/// Where Cairo's PNG reader takes its bytes from.
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard count <= source.bytes.count - source.offset else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + source.offset, count: count) }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
