// An SVG drawing turned into a picture by librsvg, GNOME's SVG renderer (docs/images.md, "SVG"): at its own size in
// points, two pixels a point, so it stays sharp at 100 % on a 2× display and at 200 % on a 1× one.
// Contract: librsvg is loaded with dlopen the first time an SVG comes, so a window that never sees one maps none of
// it, and a machine without it says so instead of failing to start; no SVG can reach a file or the network (the
// handle is made from bytes alone, with no base file to resolve references against). Any thread may call it.
import CCairo
import CGLib
import Geometry
import Glibc
import ImageDecoding
import Localization

/// SVG drawings as pictures.
enum SVGPicture {
    /// The pixels a point an SVG is drawn at, fewer only when the picture would pass ``ImageLimits/standard``.
    static let pixelsPerPoint = 2.0
    /// The largest SVG read: 64 MiB of text.
    static let largestSVG = 64 << 20

    /// A drawing, rasterized.
    struct Rasterized {
        /// Its pixels, premultiplied.
        var pixels: RasterImage
        /// Its size in points: the SVG's own width and height, else its viewBox's.
        var size: Size
    }

    /// Why an SVG makes no picture, in words that fit after "cannot open PATH: ".
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The picture `bytes` draw; throws why they draw none.
    static func rasterize(_ bytes: [UInt8]) throws(Failure) -> Rasterized {
        guard bytes.count <= largestSVG else { throw Failure(description: localized("the SVG is larger than 64 MiB")) }
        guard let library = Librsvg.shared else {
            throw Failure(description: localized("SVG pictures need librsvg (Debian's librsvg2-2 package), which is not installed"))
        }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = bytes.withUnsafeBufferPointer({ library.newFromData($0.baseAddress, gsize($0.count), &error) }) else {
            throw Failure(description: localized("this SVG is damaged (%s)", library.message(of: error)))
        }
        defer { library.unref(handle) }
        library.setDPI(handle, 96)
        let size = try pointSize(of: handle, library)
        let scale = min(pixelsPerPoint, Double(ImageLimits.standard.maximumSide) / max(size.width, size.height),
                        (Double(ImageLimits.standard.maximumPixels) / (size.width * size.height)).squareRoot())
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        guard ImageLimits.standard.allows(width: width, height: height) else {
            throw Failure(description: localized("this SVG is smaller than a pixel"))
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: localized("there is not enough memory for a picture of %1$d × %2$d pixels", width, height))
        }
        cairo_scale(context, scale, scale)
        // An RsvgRectangle: x, y, width, height.
        let viewport = [0, 0, size.width, size.height]
        guard library.renderDocument(handle, context, viewport, &error) != 0 else {
            throw Failure(description: localized("librsvg could not draw this SVG (%s)", library.message(of: error)))
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw Failure(description: localized("librsvg could not draw this SVG"))
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let image = RasterImage(width: width, height: height, bytesPerRow: stride,
                                      copying: UnsafeRawBufferPointer(start: data, count: stride * height)) else {
            throw Failure(description: localized("librsvg could not draw this SVG"))
        }
        return Rasterized(pixels: image, size: size)
    }

    /// The SVG's size in points (CSS pixels): its width and height, else its viewBox's; throws when it gives
    /// neither, or one that makes no picture.
    private static func pointSize(of handle: OpaquePointer, _ library: Librsvg) throws(Failure) -> Size {
        var width = 0.0, height = 0.0
        if library.intrinsicSizeInPixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = [Double](repeating: 0, count: 4)  // An RsvgRectangle: x, y, width, height.
            library.intrinsicDimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                throw Failure(description: localized("this SVG says neither how wide nor how tall it is"))
            }
            width = viewBox[2]
            height = viewBox[3]
        }
        guard width.isFinite, height.isFinite, width <= 1_048_576, height <= 1_048_576 else {
            throw Failure(description: localized("this SVG is larger than a drawing can hold"))
        }
        guard width >= 1, height >= 1 else { throw Failure(description: localized("this SVG is narrower or lower than a point")) }
        return Size(width: width, height: height)
    }
}

/// The few functions of librsvg 2.52 and later that a picture needs, found in the library loaded with dlopen.
private struct Librsvg: @unchecked Sendable {
    typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, gsize, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
    typealias SetDPI = @convention(c) (OpaquePointer, Double) -> Void
    typealias IntrinsicSizeInPixels = @convention(c) (OpaquePointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> gboolean
    typealias IntrinsicDimensions = @convention(c) (OpaquePointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                                    UnsafeMutableRawPointer?, UnsafeMutablePointer<gboolean>?, UnsafeMutablePointer<Double>?) -> Void
    typealias RenderDocument = @convention(c) (OpaquePointer, OpaquePointer?, UnsafePointer<Double>,
                                               UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean
    typealias Unref = @convention(c) (OpaquePointer) -> Void

    let newFromData: NewFromData
    let setDPI: SetDPI
    let intrinsicSizeInPixels: IntrinsicSizeInPixels
    let intrinsicDimensions: IntrinsicDimensions
    let renderDocument: RenderDocument
    let unref: Unref

    /// The library, loaded once; `nil` when it is not installed or too old.
    static let shared: Librsvg? = {
        guard let library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func find<Function>(_ name: String, as _: Function.Type) -> Function? {
            dlsym(library, name).map { unsafeBitCast($0, to: Function.self) }
        }
        guard let newFromData = find("rsvg_handle_new_from_data", as: NewFromData.self),
              let setDPI = find("rsvg_handle_set_dpi", as: SetDPI.self),
              let intrinsicSizeInPixels = find("rsvg_handle_get_intrinsic_size_in_pixels", as: IntrinsicSizeInPixels.self),
              let intrinsicDimensions = find("rsvg_handle_get_intrinsic_dimensions", as: IntrinsicDimensions.self),
              let renderDocument = find("rsvg_handle_render_document", as: RenderDocument.self),
              let unref = find("g_object_unref", as: Unref.self) else { return nil }
        return Librsvg(newFromData: newFromData, setDPI: setDPI, intrinsicSizeInPixels: intrinsicSizeInPixels,
                       intrinsicDimensions: intrinsicDimensions, renderDocument: renderDocument, unref: unref)
    }()

    /// A GError's message, freed; "no reason given" for none.
    func message(of error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return localized("no reason given") }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? localized("no reason given")
    }
}
