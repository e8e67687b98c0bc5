// A drawing as an OpenRaster image (docs/openraster.md): each layer drawn alone at 100 %, cropped to its ink, over a
// layer of paper, with the flattened picture and a thumbnail. The pixels come from PaintRender's pictures, the PNG
// files from ImageDecoding, the container from OpenRaster.
import Geometry
import ImageDecoding
import Localization
import OpenRaster
import PaintModel
import PaintRender

/// Writing a drawing as OpenRaster, for Krita, MyPaint and GIMP.
public enum DrawingOpenRaster {
    /// The name of the layer of paper put under the drawing's layers: Krita and MyPaint show what is under the
    /// bottom layer as transparency, and the drawing is on paper.
    public static let paperLayerName = "Paper"
    /// The largest side of the thumbnail, in pixels (OpenRaster's limit).
    public static let thumbnailSide = 256

    /// Why a drawing could not be made into OpenRaster, in a painter's words.
    public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason.
        public var reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// The OpenRaster image of a drawing: its area at 100 % (as the PNG export is), a locked layer of paper, then
    /// each of the drawing's layers bottom first with its name, opacity, visibility, blend mode and lock, cropped to
    /// its ink; the current layer selected.
    public static func image(of drawing: Drawing, paper: Color = .white) throws(ExportError) -> OpenRasterImage {
        // Every layer's strokes, hidden ones too, decide the area, so that each fits.
        let all = DrawingPicture(layers: drawing.layers.map(PictureLayer.init), paper: paper)
        let shown = try raster(of: DrawingPicture(drawing: drawing, paper: paper, area: all.area).image())
        // The picture has no alpha of its own: its top byte is made opaque.
        guard let flattened = RasterImage(width: shown.width, height: shown.height,
                                          pixels: shown.pixels.map { $0 | 0xFF00_0000 }),
              let sheet = RasterImage(width: shown.width, height: shown.height, filledWith: RasterImage.Pixel(
                  red: level(paper.red), green: level(paper.green), blue: level(paper.blue)))
        else { throw ExportError(reason: localized("the drawing is too large for an OpenRaster file")) }
        var layers = [OpenRasterLayer(name: paperLayerName, png: try png(of: sheet), isLocked: true)]
        for (position, layer) in drawing.layers.enumerated() {
            guard let drawn = all.layerImage(at: position) else { continue }
            let whole = try raster(of: drawn)
            // Cropped to its ink, with its offset; a layer without ink is one clear pixel at the origin.
            let region = whole.visibleRegion ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            guard let ink = whole.cropped(to: region) else {
                throw ExportError(reason: localized("a layer could not be cut to its ink"))
            }
            let attributes = layer.attributes
            layers.append(OpenRasterLayer(name: attributes.name, png: try png(of: ink), opacity: attributes.opacity,
                                          isVisible: attributes.isVisible, blendMode: attributes.blendMode,
                                          isLocked: attributes.isLocked, x: region.x, y: region.y))
        }
        return OpenRasterImage(width: shown.width, height: shown.height, layers: layers,
                               currentLayerIndex: drawing.currentLayerIndex + 1, mergedImagePNG: try png(of: flattened),
                               thumbnailPNG: try png(of: flattened.scaled(toFit: thumbnailSide)))
    }

    /// The bytes of a drawing's OpenRaster file (``image(of:paper:)``).
    public static func bytes(of drawing: Drawing, paper: Color = .white) throws(ExportError) -> [UInt8] {
        let image = try image(of: drawing, paper: paper)
        do {
            return try OpenRasterWriter.bytes(for: image)
        } catch {
            throw ExportError(reason: "\(error)")
        }
    }

    /// A colour component as an 8-bit level.
    private static func level(_ value: Double) -> UInt8 {
        UInt8((min(max(value.isNaN ? 1 : value, 0), 1) * 255).rounded())
    }

    /// A picture's pixels as a raster image (premultiplied ARGB, as the surface holds them).
    private static func raster(of image: ImageSurface) throws(ExportError) -> RasterImage {
        let bytes = UnsafeRawBufferPointer(start: image.pixels, count: image.stride * image.height)
        guard let raster = RasterImage(width: image.width, height: image.height, bytesPerRow: image.stride,
                                       copying: bytes) else { throw ExportError(reason: localized("the drawing is too large for an OpenRaster file")) }
        return raster
    }

    /// A raster image as PNG bytes.
    private static func png(of image: RasterImage) throws(ExportError) -> [UInt8] {
        do {
            return try image.pngData()
        } catch {
            throw ExportError(reason: "\(error)")
        }
    }
}
