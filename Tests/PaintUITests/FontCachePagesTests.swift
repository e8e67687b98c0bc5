import CCairo
import PaintRender
@testable import PaintUI
import PaintModel
import Testing

/// fontconfig's font list (its cache files, read whole to find the overlay's font) is let go from resident memory
/// once the overlay's font is loaded, and text is drawn as before (docs/performance.md, "Memory at 4K").
@Suite struct FontCachePagesTests {
    @Test func onlyFontconfigsCacheFilesMappedReadOnlyAreTaken() throws {
        let cache = try #require(FontCachePages.Mapping(mapsLine:
            "7f803c600000-7f803ca03000 r--s 00000000 fe:00 6578203                    /var/cache/fontconfig/0bd3dc0958fa2205aaaa8ebb13e2872b-le64.cache-8\n"))
        #expect(cache.isFontCache)
        #expect(cache.start == 0x7f80_3c60_0000 && cache.end == 0x7f80_3ca0_3000)
        let home = try #require(FontCachePages.Mapping(mapsLine:
            "7f8040dc0000-7f8040dcd000 r--p 00000000 fe:00 12 /home/a b/.cache/fontconfig/a4e6-le64.cache-9"))
        #expect(home.isFontCache)
        let others = [
            "7f8040dc0000-7f8040dcd000 rw-s 00000000 fe:00 12 /var/cache/fontconfig/a4e6-le64.cache-8",
            "7f8040dc0000-7f8040dcd000 r--s 00000000 fe:00 12 /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "7f8040dc0000-7f8040dcd000 r--s 00000000 fe:00 12 /var/cache/other/x.cache-8",
            "7f8040dc0000-7f8040dcd000 r--s 00000000 fe:00 12 /var/cache/fontconfig/x.cache-",
            "7f8040dc0000-7f8040dcd000 rw-p 00000000 00:00 0",
        ]
        for line in others {
            #expect(FontCachePages.Mapping(mapsLine: line)?.isFontCache == false, "\(line)")
        }
        #expect(FontCachePages.Mapping(mapsLine: "Rss:                4 kB") == nil)
    }

    @Test func theOverlaysFontLoadedLeavesFontconfigsListOutOfResidentMemory() throws {
        /// The overlay's text, as its labels draw it, in both weights.
        func drawn() throws -> [UInt8] {
            let image = ImageSurface(width: 160, height: 60, fill: .white)
            let context = try #require(cairo_create(image.surface))
            for (row, weight) in [CAIRO_FONT_WEIGHT_NORMAL, CAIRO_FONT_WEIGHT_BOLD].enumerated() {
                cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight)
                cairo_set_font_size(context, 13)
                cairo_set_source_rgb(context, 0.1, 0.2, 0.3)
                cairo_move_to(context, 4, 20 + 26 * Double(row))
                cairo_show_text(context, "100 %  0° Undo")
            }
            cairo_destroy(context)
            cairo_surface_flush(image.surface)
            return (0..<image.height).flatMap { row in
                (0..<image.width * 4).map { image.pixels[row * image.stride + $0] }
            }
        }
        let before = try drawn()
        loadOverlayFont()
        let mapped = FontCachePages.mappedBytes()
        try #require(mapped > 0, "fontconfig maps no cache file here: nothing to let go")
        // What a concurrent test's first font might read back aside, next to nothing of the list stays.
        #expect(FontCachePages.residentBytes() < mapped / 4)
        #expect(try drawn() == before)
    }
}
