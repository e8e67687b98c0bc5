// Test support: small PNG files made with Cairo (the module itself never decodes or encodes pixels), and a little
// archive builder for files no writer of ours would make.
import CCairo
import Foundation
@testable import OpenRaster

/// PNGs made with Cairo for the layers of test images.
enum TestPictures {
    /// A straight-alpha colour, 0 to 255 each.
    struct Colour {
        var red: Int, green: Int, blue: Int, alpha: Int = 255
    }

    /// A `width` by `height` PNG, transparent but for `rectangles` filled with their colours.
    static func png(width: Int, height: Int, _ rectangles: [(x: Int, y: Int, width: Int, height: Int, colour: Colour)] = [])
        -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        for rectangle in rectangles {
            let colour = rectangle.colour
            cairo_set_source_rgba(context, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
                                  Double(colour.alpha) / 255)
            cairo_rectangle(context, Double(rectangle.x), Double(rectangle.y), Double(rectangle.width), Double(rectangle.height))
            cairo_fill(context)
        }
        cairo_destroy(context)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        precondition(status == CAIRO_STATUS_SUCCESS, "Cairo could not write a PNG")
        return sink.bytes
    }

    /// A small opaque PNG of one colour.
    static func solid(_ colour: Colour, width: Int = 4, height: Int = 3) -> [UInt8] {
        png(width: width, height: height, [(0, 0, width, height, colour)])
    }

    /// An archive holding `entries` in order (`mimetype` first unless left out), written by our zip writer.
    static func archive(_ entries: [(name: String, bytes: [UInt8])], deflating: Bool = false) throws -> [UInt8] {
        var zip = ZipWriter()
        for entry in entries {
            try zip.add(entry.name, entry.bytes, method: deflating && entry.name != "mimetype" ? .deflated : .stored)
        }
        return try zip.finish()
    }

    /// An OpenRaster archive whose `stack.xml` is `stack` and whose other entries are `files`.
    static func openRaster(stack: String, files: [(name: String, bytes: [UInt8])] = [], deflating: Bool = false) throws
        -> [UInt8] {
        try archive([("mimetype", Array("image/openraster".utf8)), ("stack.xml", Array(stack.utf8))] + files,
                    deflating: deflating)
    }
}
