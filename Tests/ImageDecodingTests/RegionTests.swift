// Copying pixels from a Cairo surface, and cropping an image to its visible pixels.
import CCairo
import Geometry
@testable import ImageDecoding
import PropertyBased
import Testing

@Suite struct RegionTests {
    /// A surface wider than the image copied from it, so its stride is not the image's.
    @Test func pixelsAreCopiedFromACairoSurfaceRowByRow() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 37, 5))
        defer { cairo_surface_destroy(surface) }
        let cairo = try #require(cairo_create(surface))
        cairo_set_source_rgba(cairo, 0.2, 0.6, 1, 0.5)
        cairo_rectangle(cairo, 3, 1, 4, 2)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        let bytes = UnsafeRawBufferPointer(start: data, count: stride * 5)
        // The left 10 columns of the surface, its full stride between rows.
        let image = try #require(RasterImage(width: 10, height: 5, bytesPerRow: stride, copying: bytes))
        for y in 0..<5 {
            for x in 0..<10 {
                #expect(image.pixel(x: x, y: y)?.argb == UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self))
            }
        }
        #expect(image.visibleRegion == PixelRect(x: 3, y: 1, width: 4, height: 2))
        #expect(RasterImage(width: 38, height: 5, bytesPerRow: stride, copying: bytes) == nil)
        #expect(RasterImage(width: 10, height: 6, bytesPerRow: stride, copying: bytes) == nil)
        #expect(RasterImage(width: 10, height: 5, bytesPerRow: 39, copying: bytes) == nil)
        #expect(RasterImage(width: 10, height: Int.max, bytesPerRow: stride, copying: bytes) == nil)
    }

    /// Any few visible pixels on a transparent image: the visible region holds exactly them, and cropping to it
    /// keeps each in its place less the region's corner.
    @Test func theVisibleRegionHoldsEveryVisiblePixel() async {
        let points = zip(Gen.int(in: 0...49), Gen.int(in: 0...29)).array(of: 0...6)
        await propertyCheck(count: 300, input: points) { points in
            var image = RasterImage(width: 50, height: 30, pixels: [UInt32](repeating: 0, count: 1500))
            for (x, y) in points { image?.setPixel(.init(red: 9, green: 8, blue: 7, alpha: 200), x: x, y: y) }
            guard let image else { return }
            guard let region = image.visibleRegion else {
                #expect(points.isEmpty)
                return
            }
            let xs = points.map(\.0), ys = points.map(\.1)
            #expect(region == PixelRect(x: xs.min() ?? -1, y: ys.min() ?? -1, width: (xs.max() ?? 0) - (xs.min() ?? 0) + 1,
                                          height: (ys.max() ?? 0) - (ys.min() ?? 0) + 1))
            let cropped = image.cropped(to: region)
            for (x, y) in points { #expect(cropped?.pixel(x: x - region.x, y: y - region.y)?.alpha == 200) }
        }
    }

    @Test func regionsOutsideTheImageAreRefused() throws {
        let image = try #require(RasterImage(width: 4, height: 3, filledWith: .init(red: 1, green: 2, blue: 3)))
        #expect(image.cropped(to: PixelRect(x: 0, y: 0, width: 4, height: 3)) == image)
        #expect(image.cropped(to: PixelRect(x: 1, y: 1, width: 3, height: 2))?.width == 3)
        for region in [PixelRect(x: 1, y: 0, width: 4, height: 3), PixelRect(x: -1, y: 0, width: 2, height: 2),
                       PixelRect(x: 0, y: 0, width: 0, height: 1), PixelRect(x: Int.max, y: 0, width: 2, height: 1),
                       PixelRect(x: 2, y: 2, width: Int.max, height: 1)] {
            #expect(image.cropped(to: region) == nil, "\(region)")
        }
    }
}
