import Foundation
import FingerPaintCore
import Glibc
import PaintModel
import PaintRender
import PaintUI
import Testing

/// The gallery's thumbnails in the desktop's shared cache (docs/gallery.md, "Thumbnails"): the freedesktop.org
/// Thumbnail Managing Standard's names, text and permissions, an up-to-date entry taken instead of the drawing, an
/// out-of-date one replaced, a cache that cannot be written changing nothing, and the memory the gallery keeps bounded.
@Suite struct ThumbnailCacheTests {
    /// The painter of GalleryTests (one stroke in `first.fpdraw`), with its gallery open and its thumbnails made.
    static func galleryWithADrawing() throws -> (Painter, home: URL, drawing: URL) {
        let (painter, home) = try GalleryTests.painterWithADrawing()
        painter.app.waitForSaves()
        GalleryTests.openGallery(painter)
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
        return (painter, home, try #require(painter.app.document?.url))
    }

    /// A painter on `drawing` as it is (nothing drawn), its gallery open and its thumbnails made.
    static func galleryShowing(_ drawing: URL, home: URL) throws -> Painter {
        let painter = try Painter(opening: drawing, home: home, size: GalleryTests.size)
        GalleryTests.openGallery(painter)
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
        return painter
    }

    static func cacheFile(home: URL, drawing: URL) -> URL {
        ThumbnailCache(folder: home.appendingPathComponent(".cache/thumbnails"))
            .file(forURI: ThumbnailCache.uri(forPath: drawing.path), flavor: .large)
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    /// The pixel shown at the middle of a drawing's tile's picture.
    static func middleOfPicture(_ painter: Painter, named name: String) throws -> UInt32 {
        let picture = try GalleryTests.tile(painter, named: name).pictureFrame
        return painter.shown(picture.midX, picture.midY)
    }

    @Test func namesFollowTheStandard() {
        // The standard's own example, and GLib's escaping of a space and a semicolon.
        let cache = ThumbnailCache(folder: URL(fileURLWithPath: "/c"))
        #expect(cache.file(forURI: "file:///home/jens/photos/me.png", flavor: .normal).path
                == "/c/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(ThumbnailCache.uri(forPath: "/tmp/my drawing;1 (ü).fpdraw") == "file:///tmp/my%20drawing%3B1%20(%C3%BC).fpdraw")
        #expect(ThumbnailCache.Flavor(fitting: 252) == .large && ThumbnailCache.Flavor(fitting: 504) == .xLarge)
        #expect(ThumbnailCache(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/x"]).folder.path == "/x/thumbnails")
        #expect(ThumbnailCache(environment: ["HOME": "/h"]).folder.path == "/h/.cache/thumbnails")
    }

    @Test func theGalleryKeepsItsThumbnailsInTheDesktopsCache() throws {
        let (painter, home, drawing) = try Self.galleryWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let file = Self.cacheFile(home: home, drawing: drawing)
        let bytes = [UInt8](try Data(contentsOf: file))
        let text = try #require(PNGText.entries(of: bytes))
        var status = stat()
        #expect(stat(drawing.path, &status) == 0)
        #expect(text["Thumb::URI"] == "file://" + drawing.path)
        #expect(text["Thumb::MTime"] == String(status.st_mtim.tv_sec))
        #expect(text["Thumb::Size"] == String(status.st_size))
        #expect(text["Software"] == "fingerpaint")
        #expect(Self.mode(file.path) == 0o600)
        #expect(Self.mode(file.deletingLastPathComponent().path) == 0o700)
        #expect(Self.mode(file.deletingLastPathComponent().deletingLastPathComponent().path) == 0o700)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [file.lastPathComponent])
        // The picture is the one `fingerpaint --thumbnail 256` gives the file manager, pixel for pixel.
        let cached = try ImageSurface(contentsOfPNG: file.path)
        let made = DrawingPicture.thumbnail(of: try DocumentFile.read(drawing).drawing, fitting: 256)
        #expect(cached.width == made.width && cached.height == made.height && max(made.width, made.height) <= 256)
        let same = (0..<made.height).allSatisfy { y in (0..<made.width).allSatisfy { x in cached.pixel(x: x, y: y) == made.pixel(x: x, y: y) } }
        #expect(same)
        painter.app.finishDocument()
    }

    @Test func anUpToDateThumbnailIsTakenAndAnOutOfDateOneIsMadeAgain() throws {
        let (first, home, drawing) = try Self.galleryWithADrawing()
        first.app.finishDocument()
        defer { try? FileManager.default.removeItem(at: home) }
        // A thumbnail of the file as it is now, but red: the next gallery shows red, so it did not read the drawing.
        let cache = ThumbnailCache(folder: home.appendingPathComponent(".cache/thumbnails"))
        var source = try #require(ThumbnailCache.Source(drawing))
        let red = ImageSurface(width: 256, height: 160, fill: Color(red: 1, green: 0, blue: 0))
        #expect(cache.store(red, of: source, flavor: .large, isDamaged: false))
        let second = try Self.galleryShowing(drawing, home: home)
        #expect(try Self.middleOfPicture(second, named: "first") == 0xFF0000)
        second.app.finishDocument()
        // One whose time is not the file's is out of date: the drawing is read again and the entry replaced.
        source = try #require(ThumbnailCache.Source(drawing))
        source.modified -= 1
        #expect(cache.store(red, of: source, flavor: .large, isDamaged: false))
        let third = try Self.galleryShowing(drawing, home: home)
        #expect(try Self.middleOfPicture(third, named: "first") != 0xFF0000)
        let text = try #require(PNGText.entries(of: [UInt8](try Data(contentsOf: Self.cacheFile(home: home, drawing: drawing)))))
        #expect(text["Thumb::MTime"] == String(try #require(ThumbnailCache.Source(drawing)).modified))
        third.app.finishDocument()
    }

    @Test func aFileThatIsNotADrawingIsRememberedInTheFailFolderUntilItChanges() throws {
        let (first, home, drawing) = try Self.galleryWithADrawing()
        first.app.finishDocument()
        defer { try? FileManager.default.removeItem(at: home) }
        let data = home.appendingPathComponent(".local/share/fingerpaint")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let foreign = data.appendingPathComponent("notes.fpdraw")
        try Data("shopping list\n".utf8).write(to: foreign)
        let second = try Self.galleryShowing(drawing, home: home)
        second.app.finishDocument()
        let cache = ThumbnailCache(folder: home.appendingPathComponent(".cache/thumbnails"))
        let failure = cache.failureFile(forURI: ThumbnailCache.uri(forPath: foreign.path))
        #expect(failure.deletingLastPathComponent().path.hasSuffix(".cache/thumbnails/fail/fingerpaint"))
        let text = try #require(PNGText.entries(of: [UInt8](try Data(contentsOf: failure))))
        #expect(text["Thumb::URI"] == ThumbnailCache.uri(forPath: foreign.path))
        #expect(try Data(contentsOf: foreign) == Data("shopping list\n".utf8))
        // The entry is believed while the file is as it was: planted for the drawing, it marks its tile unreadable.
        #expect(cache.storeFailure(of: try #require(ThumbnailCache.Source(drawing))))
        try FileManager.default.removeItem(at: Self.cacheFile(home: home, drawing: drawing))
        let third = try Self.galleryShowing(drawing, home: home)
        guard case let .drawing(_, detail, _, _, isUnreadable, _) = try GalleryTests.tile(third, named: "first").content else {
            Issue.record("not a drawing")
            return
        }
        #expect(isUnreadable && detail == "Cannot be opened")
        third.app.finishDocument()
    }

    @Test func aCacheThatCannotBeWrittenChangesNothingElse() throws {
        let home = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        // A file where the cache's folder would be: nothing can be written under it, even by root.
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".cache"), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: home.appendingPathComponent(".cache/thumbnails"))
        let painter = try Painter(opening: home.appendingPathComponent("first.fpdraw"), home: home, size: GalleryTests.size)
        painter.drag([(1, point(60, 60), point(300, 160))])
        GalleryTests.openGallery(painter)
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
        let picture = try GalleryTests.tile(painter, named: "first").pictureFrame
        #expect((-3...3).contains { dx in GalleryTests.isInk(painter.shown(picture.midX + Double(dx), picture.midY)) })
        #expect(painter.app.banner == nil)
        #expect(try Data(contentsOf: home.appendingPathComponent(".cache/thumbnails")) == Data("not a folder".utf8))
        painter.app.finishDocument()
    }

    @Test func hundredsOfDrawingsKeepOnlyTheThumbnailsNearTheView() throws {
        let (painter, home) = try GalleryTests.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let data = home.appendingPathComponent(".local/share/fingerpaint")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        var drawing = Drawing()
        drawing.add(Stroke(points: [StrokePoint(point(10, 10)), StrokePoint(point(90, 50))], color: .black, width: 4))
        for index in 0..<300 { try DocumentFile.writeNew(drawing, to: data.appendingPathComponent("Drawing \(index).fpdraw")) }
        GalleryTests.openGallery(painter)
        var most = 0
        for _ in 0..<40 {
            painter.app.galleryView.scroll(by: 600)
            painter.app.waitForThumbnails()
            painter.app.renderFrame()
            most = max(most, painter.app.thumbnailsInMemory)
        }
        // 800x600: four columns, four or five rows in view and a screenful (four rows) either side: at most 13 rows.
        #expect(most > 0 && most <= 4 * 13, "\(most)")
        // The ones in view are shown at the end.
        let last = try #require(try GalleryTests.gallery(painter).tiles.last)
        guard case let .drawing(_, _, thumbnail, _, _, _) = last.content else {
            Issue.record("not a drawing")
            return
        }
        #expect(thumbnail != nil)
        painter.app.finishDocument()
    }
}
