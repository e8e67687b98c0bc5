// A drawing as a picture of its own: PNG, SVG or PDF of the strokes' bounds, and thumbnails (docs/export.md).
import CCairo
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Localization
import PaintModel

/// The kinds of picture a drawing is exported as, told by the file name's extension.
public enum PictureFormat: String, CaseIterable, Sendable {
    /// A PNG image at 100 %: Cairo's image surface.
    case png
    /// An SVG document, strokes as vector paths: Cairo's SVG surface.
    case svg
    /// A one-page PDF, strokes as vector paths: Cairo's PDF surface.
    case pdf

    /// The format a path's extension names (any case), or `nil`.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}

/// One layer of a ``DrawingPicture``: its picture and strokes, and how it is put over the layers below.
public struct PictureLayer: Sendable {
    /// The layer's name, as an SVG export's group is labelled.
    public var name = ""
    /// The layer's picture, under its strokes.
    public var picture: PicturePixels?
    /// The strokes, in painting order.
    public var strokes: [Stroke]
    /// How much of the layer shows, from 0 to 1.
    public var opacity: Double
    /// How the layer's colours combine with those below (Cairo's operator of the same name).
    public var blendMode: BlendMode

    /// A layer of strokes over a picture, by default opaque and normal.
    public init(picture: PicturePixels? = nil, strokes: [Stroke], opacity: Double = 1, blendMode: BlendMode = .normal) {
        self.picture = picture
        self.strokes = strokes
        self.opacity = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        self.blendMode = blendMode
    }

    /// A drawing's layer: its picture, strokes, opacity and blend mode.
    public init(_ layer: Layer) {
        self.init(picture: layer.image.map(PicturePixels.of), strokes: layer.strokes, opacity: layer.attributes.opacity,
                  blendMode: layer.attributes.blendMode)
        name = layer.attributes.name
    }

    /// Whether the layer draws nothing: no picture, no stroke.
    var isEmpty: Bool { picture == nil && strokes.isEmpty }

    /// Whether the layer is drawn straight onto the ones below: opaque and normal.
    var isPlain: Bool { opacity >= 1 && blendMode == .normal }
}

/// A drawing's strokes as a picture of their own: the area they cover plus a margin, on paper, at 100 % (one
/// pixel or one PostScript point per document point), whatever the window's view. Exports (``write(to:format:)``)
/// and thumbnails (``thumbnail(fitting:)``, the gallery's and the file manager's) are made here.
public struct DrawingPicture: Sendable {
    /// Paper around the strokes, in document points.
    public static let margin = 16.0
    /// The widest and tallest PNG export, in pixels: a larger drawing is scaled down to fit (Cairo's image
    /// surfaces stop at 32 767).
    public static let largestImageSide = 16_384
    /// The largest thumbnail side asked for, in pixels (the freedesktop sizes stop at 1 024).
    public static let largestThumbnail = 4_096
    /// The side of an empty drawing's picture: paper only.
    static let emptySide = 2 * margin

    /// The layers shown, bottom first, each put over the ones below with its opacity and blend mode.
    public let layers: [PictureLayer]
    /// The paper colour, under every layer.
    public var paper: Color
    /// The document area the picture shows: the strokes' bounds plus ``margin`` and the layers' pictures, or a small
    /// square of paper for an empty drawing. Strokes beyond ``PaintModel/Stroke/isWithinLimits`` (only a damaged document holds them) are
    /// left out.
    public let area: Rect

    /// The picture of some strokes on paper: one layer, drawn straight onto it.
    public init(strokes: [Stroke], paper: Color = .white) {
        self.init(layers: [PictureLayer(strokes: strokes)], paper: paper)
    }

    /// The picture of a drawing's visible layers on paper, showing `area` (by default their strokes' bounds plus
    /// ``margin``).
    public init(drawing: Drawing, paper: Color = .white, area: Rect? = nil) {
        self.init(layers: drawing.layers.filter(\.attributes.isVisible).map(PictureLayer.init), paper: paper, area: area)
    }

    /// The picture of layers on paper, bottom first, showing `area` (document points; by default the strokes'
    /// bounds plus ``margin``).
    public init(layers: [PictureLayer], paper: Color = .white, area: Rect? = nil) {
        self.layers = layers.map { layer in
            var kept = layer
            kept.strokes = layer.strokes.filter(\.isWithinLimits)
            return kept
        }
        self.paper = paper
        self.area = area ?? Self.area(of: self.layers.flatMap(\.strokes), pictures: self.layers.compactMap(\.picture))
    }

    /// One layer alone over the picture's area at 100 % (or at `pixelsPerPoint`; scaled down as
    /// ``image(pixelsPerPoint:rasterizer:)`` is past ``largestImageSide``), on no paper: premultiplied ARGB, clear
    /// where it has no ink. What an OpenRaster layer file holds. `nil` for a position outside ``layers``.
    public func layerImage(at position: Int, pixelsPerPoint: Double = 1) -> ImageSurface? {
        guard layers.indices.contains(position) else { return nil }
        let scale = min(pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1,
                        Double(Self.largestImageSide) / max(area.width, area.height, 1))
        let image = ImageSurface(clearWidth: Self.pixels(area.width * scale), height: Self.pixels(area.height * scale))
        guard !layers[position].isEmpty else { return image }
        draw(layers[position], into: image, scale: scale, raster: CapsuleRaster(width: TileKey.side, height: TileKey.side))
        cairo_surface_mark_dirty(image.surface)
        return image
    }

    /// The layers put together over the picture's area at 100 % (scaled as ``image(pixelsPerPoint:rasterizer:)`` is
    /// past ``largestImageSide``) on no paper: premultiplied ARGB, clear where no layer has ink. What a layer merged
    /// down into the one below holds.
    public func imageWithoutPaper() -> ImageSurface {
        let scale = imageScale
        let image = ImageSurface(clearWidth: Self.pixels(area.width * scale), height: Self.pixels(area.height * scale))
        composite(into: image, scale: scale, raster: CapsuleRaster(width: TileKey.side, height: TileKey.side))
        return image
    }

    /// Draws each layer into a clear image of its own and puts it over what `image` holds (paper, or nothing) with
    /// its opacity and blend mode, at `scale` pixels per point from the area's origin.
    private func composite(into image: ImageSurface, scale: Double, raster: CapsuleRaster) {
        guard let context = cairo_create(image.surface) else { return }
        defer {
            cairo_destroy(context)
            cairo_surface_flush(image.surface)
        }
        for layer in layers where !layer.isEmpty {
            let drawn = ImageSurface(clearWidth: image.width, height: image.height)
            draw(layer, into: drawn, scale: scale, raster: raster)
            cairo_surface_mark_dirty(drawn.surface)
            cairo_set_source_surface(context, drawn.surface, 0, 0)
            cairo_set_operator(context, layer.blendMode.cairoOperator)
            cairo_paint_with_alpha(context, layer.opacity)
        }
    }

    /// Draws a layer alone, its picture then its strokes, into `image` at `scale` pixels per point from the area's
    /// origin.
    private func draw(_ layer: PictureLayer, into image: ImageSurface, scale: Double, raster: CapsuleRaster) {
        if let picture = layer.picture, let context = cairo_create(image.surface) {
            cairo_scale(context, scale, scale)
            cairo_translate(context, -area.minX, -area.minY)
            picture.draw(in: context)
            cairo_destroy(context)
            cairo_surface_flush(image.surface)
        }
        guard !layer.strokes.isEmpty else { return }
        draw(layer.strokes, into: image, scale: scale, raster: raster)
    }

    /// Every stroke of the picture, in painting order.
    public var strokes: [Stroke] { layers.flatMap(\.strokes) }

    /// Whether every layer is drawn straight onto the ones below (opaque, normal) and holds no picture: the picture
    /// is its strokes.
    var isFlat: Bool { layers.allSatisfy { $0.isPlain && $0.picture == nil } }

    /// The pictures' frames, and the strokes' bounds plus the margin where they reach past the pictures, on whole
    /// points: a photo painted on is exported at its own size.
    static func area(of strokes: [Stroke], pictures: [PicturePixels]) -> Rect {
        let framed = pictures.map(\.frame).reduce(Rect.zero) { $0.union($1) }
        guard !framed.isEmpty else { return area(of: strokes) }
        let strokeBounds = strokes.filter { !$0.points.isEmpty }.map(\.bounds).reduce(Rect.zero) { $0.union($1) }
        let isWithin = strokeBounds.isEmpty || framed.union(strokeBounds) == framed
        let inked = isWithin ? framed : area(of: strokes).union(framed)
        let left = inked.minX.rounded(.down), top = inked.minY.rounded(.down)
        return Rect(x: left, y: top, width: inked.maxX.rounded(.up) - left, height: inked.maxY.rounded(.up) - top)
    }

    /// The strokes' bounds plus the margin, on whole points.
    static func area(of strokes: [Stroke]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for stroke in strokes where !stroke.points.isEmpty {
            let bounds = stroke.bounds
            minX = min(minX, bounds.minX)
            minY = min(minY, bounds.minY)
            maxX = max(maxX, bounds.maxX)
            maxY = max(maxY, bounds.maxY)
        }
        guard minX <= maxX, minY <= maxY, (maxX - minX).isFinite, (maxY - minY).isFinite else {
            return Rect(x: 0, y: 0, width: emptySide, height: emptySide)
        }
        let left = (minX - margin).rounded(.down), top = (minY - margin).rounded(.down)
        return Rect(x: left, y: top, width: (maxX + margin).rounded(.up) - left,
                    height: (maxY + margin).rounded(.up) - top)
    }

    /// Pixels per document point of the PNG: 1, or less for a drawing larger than ``largestImageSide``.
    var imageScale: Double {
        min(1, Double(Self.largestImageSide) / max(area.width, area.height, 1))
    }

    /// Pixels a point of a brush stroke's image in an SVG or a PDF: twice the picture's points, as a screen of scale 2
    /// shows them.
    static let vectorBrushScale = 2.0

    /// Draws the picture into a Cairo context whose unit is `pixelsPerPoint` of the area's points, from its origin;
    /// on its paper unless `onPaper` is `false`. A stroke painted with a brush is its dabs drawn into an image of its
    /// own at `brushScale` pixels a point (by default `pixelsPerPoint`), placed where it is.
    func draw(into context: OpaquePointer, pixelsPerPoint: Double, onPaper: Bool = true, brushScale: Double? = nil) {
        cairo_save(context)
        if onPaper {
            cairo_set_source_rgb(context, paper.red, paper.green, paper.blue)
            cairo_paint(context)
        }
        prepareForStrokes(context, pixelsPerPoint: pixelsPerPoint)
        cairo_translate(context, -area.minX, -area.minY)
        for layer in layers where !layer.isEmpty {
            // A layer that is not plain is drawn apart, then put over the layers below as its blend mode says.
            if !layer.isPlain { cairo_push_group(context) }
            layer.picture?.draw(in: context)
            for stroke in layer.strokes {
                guard stroke.brush != nil else {
                    drawStroke(stroke, in: context)
                    continue
                }
                drawBrushStroke(stroke, in: context, pixelsPerPoint: brushScale ?? pixelsPerPoint)
            }
            if !layer.isPlain {
                cairo_pop_group_to_source(context)
                cairo_set_operator(context, layer.blendMode.cairoOperator)
                cairo_paint_with_alpha(context, layer.opacity)
                cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            }
        }
        cairo_restore(context)
    }

    /// The picture as an image, scaled to `pixelsPerPoint` (at most ``largestImageSide`` a side), drawn as the
    /// window's tiles draw the drawing (`rasterizer`: ours by default, so a copy or an export looks as shown): the
    /// image in pieces of a tile's size, each with the strokes that reach it.
    public func image(pixelsPerPoint: Double = 1, rasterizer: StrokeRasterizer = .own) -> ImageSurface {
        let scale = min(pixelsPerPoint, imageScale)
        let image = ImageSurface(width: Self.pixels(area.width * scale), height: Self.pixels(area.height * scale),
                                 fill: rasterizer == .own ? paper : nil)
        guard rasterizer == .own else {
            let context = cairo_create(image.surface)!
            draw(into: context, pixelsPerPoint: scale)
            cairo_destroy(context)
            return image
        }
        let strokes = strokes
        guard !layers.allSatisfy(\.isEmpty), scale > 0 else { return image }
        let raster = CapsuleRaster(width: TileKey.side, height: TileKey.side)
        guard isFlat else {
            // Each layer drawn into an image of its own, clear, then put over the paper and the layers below.
            composite(into: image, scale: scale, raster: raster)
            return image
        }
        draw(strokes, into: image, scale: scale, raster: raster)
        return image
    }

    /// Draws strokes into `image` at `scale` pixels per point from the area's origin, as the tiles draw them: in
    /// pieces of a tile's size, each with the strokes that reach it.
    private func draw(_ strokes: [Stroke], into image: ImageSurface, scale: Double, raster: CapsuleRaster) {
        let index = StrokeIndex(strokes)
        let side = TileKey.side
        var pieceY = 0
        while pieceY < image.height {
            var pieceX = 0
            while pieceX < image.width {
                let piece = PixelRect(x: pieceX, y: pieceY, width: min(side, image.width - pieceX),
                                      height: min(side, image.height - pieceY))
                let reaching = index.strokes(reaching: Rect(
                    x: area.minX + Double(piece.x) / scale, y: area.minY + Double(piece.y) / scale,
                    width: Double(piece.width) / scale, height: Double(piece.height) / scale))
                if !reaching.isEmpty {
                    // The document's point (0, 0) in the piece's pixels.
                    let placement = CapsuleRaster.Placement(pixelsPerPoint: scale,
                                                            offsetX: -area.minX * scale - Double(piece.x),
                                                            offsetY: -area.minY * scale - Double(piece.y))
                    drawStrokes(reaching.map { strokes[$0] }[...], with: raster, in: piece, placement: placement,
                                into: image, paper: paper) {
                        let context = cairo_create(image.surface)!
                        cairo_rectangle(context, Double(piece.x), Double(piece.y), Double(piece.width),
                                        Double(piece.height))
                        cairo_clip(context)
                        prepareForStrokes(context, pixelsPerPoint: scale)
                        cairo_translate(context, -area.minX, -area.minY)
                        return context
                    }
                }
                pieceX += side
            }
            pieceY += side
        }
    }

    /// A thumbnail: the picture scaled down (never up) so that its longer side is at most `side` pixels.
    public func thumbnail(fitting side: Int) -> ImageSurface {
        image(pixelsPerPoint: min(1, Double(max(side, 1)) / max(area.width, area.height, 1)))
    }

    /// A drawing's thumbnail, at most `side` pixels wide and high: what the gallery shows, keeps in the desktop's
    /// thumbnail cache, and what `fingerpaint --thumbnail` gives the file manager.
    public static func thumbnail(of drawing: Drawing, fitting side: Int) -> ImageSurface {
        DrawingPicture(drawing: drawing).thumbnail(fitting: side)
    }

    /// A whole number of pixels from 1 to ``largestImageSide`` for a length: never traps, whatever the length.
    static func pixels(_ length: Double) -> Int {
        min(max(Int(saturating: length.rounded(.up)), 1), largestImageSide)
    }

    /// Writes the picture to a new file in a format: PNG at 100 % (scaled down past ``largestImageSide``), or SVG or
    /// PDF with the strokes as vector paths (a pressure stroke as its filled outline), sized in points. Fails when a
    /// file is at `path` (``OutputFile`` puts files in place).
    public func write(to path: String, format: PictureFormat) throws(RenderError) {
        let bytes = try bytes(format: format)
        do {
            try OutputFile.writeNew(bytes, to: path)
        } catch {
            throw RenderError(message: "\(error)")
        }
    }
}

extension DrawingPicture {
    /// The picture's bytes in a format, as ``write(to:format:)`` would write them (for the clipboard).
    public func bytes(format: PictureFormat) throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let status: cairo_status_t
        switch format {
        case .png:
            let image = image()
            cairo_surface_flush(image.surface)
            status = cairo_surface_write_to_png_stream(image.surface, ByteSink.write, closure)
        case .svg:
            return try layeredSVG()
        case .pdf:
            let surface = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, area.width, area.height)!
            let context = cairo_create(surface)!
            draw(into: context, pixelsPerPoint: 1, brushScale: Self.vectorBrushScale)
            cairo_destroy(context)
            cairo_surface_finish(surface)
            status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
        }
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            // Translators: %1$s is a kind of file, "png", "svg" or "pdf"; %2$s Cairo's reason.
            throw RenderError(message: localized("cannot make the %1$s: %2$s", format.rawValue,
                                                 String(cString: cairo_status_to_string(status))))
        }
        return sink.bytes
    }
}

/// Where Cairo's stream writers put their bytes.
final class ByteSink {
    var bytes: [UInt8] = []

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes
            .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}

extension RenderError {
    /// Why Cairo could not write a file, in plain words (Cairo's own, "error while writing to output stream", says
    /// nothing of the reason): the system's reason where it left one.
    init(writing path: String, status: cairo_status_t, errorNumber: Int32 = errno) {
        let reason = switch status {
        case CAIRO_STATUS_WRITE_ERROR, CAIRO_STATUS_FILE_NOT_FOUND:
            errorNumber == 0 ? localized("it could not be written") : OutputFile.reason(errorNumber)
        case CAIRO_STATUS_NO_MEMORY: localized("there is not enough memory")
        default: String(cString: cairo_status_to_string(status))
        }
        // Translators: %1$s is a file's path, %2$s why it was not written.
        self.init(message: localized("cannot write %1$s: %2$s", path, reason))
    }
}
