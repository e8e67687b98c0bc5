import Dispatch
import FingerPaintCore
import Foundation
import Geometry
import Glibc
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

/// The visible tiles kept on disk (docs/tile-cache.md): a reopened drawing shows them instead of drawing them, and
/// nothing else — a changed document, a damaged or foreign file, a folder that cannot be written — ever shows
/// anything but what a fresh render shows.
@Suite struct TileStoreTests {
    static let size = Size(width: 600, height: 400)

    /// A drawing saved as a document in a folder of its own, and a tile cache in another.
    struct Fixture {
        let folder = temporaryFolder()
        var document: URL { folder.appendingPathComponent("drawing.fpdraw") }
        var store: TileStore { TileStore(folder: folder.appendingPathComponent("cache/fingerpaint/tiles")) }
        let drawing: Drawing

        init(strokes: [Stroke] = TileWorkerTests.crossingStrokes()) throws {
            drawing = Drawing(strokes: strokes)
            try DocumentFile.writeNew(drawing, to: document)
        }

        /// The window before: its tiles drawn at once, then those of the launch view handed out and written.
        func storeTiles(of strokes: [Stroke]? = nil) throws -> TileStore.Snapshot {
            let renderer = CanvasRenderer(logicalSize: TileStoreTests.size, strokes: strokes ?? drawing.strokes)
            renderer.renderFrame(liveStrokes: [:])
            let snapshot = try #require(renderer.tilesForStore())
            let document = try #require(TileStore.Document(document))
            #expect(store.store(snapshot, of: document))
            return snapshot
        }

        /// A window opening the document as it is now, its tiles read from the cache and the others drawn on the
        /// worker: its frame once every tile is in, and how many tiles came from the cache.
        func reopen(strokes: [Stroke]? = nil) -> (frame: ImageSurface, fromStore: Int) {
            let renderer = CanvasRenderer(logicalSize: TileStoreTests.size, strokes: strokes ?? drawing.strokes,
                                          drawsTilesInBackground: true)
            renderer.loadStoredTiles(from: store, document: document)
            // Read before the first frame (a small drawing's first frame would otherwise draw its few-stroke tiles
            // at once, racing the read), then the rest drawn.
            renderer.waitForTiles()
            renderer.renderFrame(liveStrokes: [:])
            renderer.waitForTiles()
            renderer.renderFrame(liveStrokes: [:])
            return (renderer.frame, renderer.tilesShownFromStore)
        }

        var cacheFile: URL { store.file(forDocument: document.standardizedFileURL.path) }
    }

    static func freshFrame(_ strokes: [Stroke]) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: size, strokes: strokes)
        fresh.renderFrame(liveStrokes: [:])
        return fresh.frame
    }

    @Test func aReopenedDrawingShowsItsTilesFromTheCacheEqualToAFreshRender() throws {
        let fixture = try Fixture()
        let snapshot = try fixture.storeTiles()
        // 600x400 at 100 %: three columns and two rows of tiles, some with strokes.
        #expect(snapshot.tiles.count == 6)
        #expect(snapshot.tiles.contains { $0.hasPixels })
        let reopened = fixture.reopen()
        #expect(reopened.fromStore == 6)
        #expect(largestDifference(reopened.frame, Self.freshFrame(fixture.drawing.strokes), rows: 400) == 0)
    }

    /// A drawing opened in place of another (the gallery, the open dialog) reads the disk cache as a launch does:
    /// its tiles are shown from the cache, with no tile drawn (the worker draws only when asked, and never is), equal
    /// to a fresh render.
    @Test func aDrawingOpenedInPlaceOfAnotherShowsItsTilesFromTheCache() throws {
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        let home = fixture.folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let painter = try Painter(opening: home.appendingPathComponent("first.fpdraw"), home: home, size: Self.size)
        let renderer = painter.app.renderer
        renderer.drawTiles(on: TileWorker(pace: .whenAsked))
        renderer.syncTileBudget = 0
        painter.app.readStoredTiles(from: fixture.store)
        painter.app.renderFrame()
        painter.app.open(fixture.document)
        #expect(painter.app.document?.url.standardizedFileURL == fixture.document.standardizedFileURL)
        #expect(painter.app.drawing.strokes == fixture.drawing.strokes)
        // The frame after the open starts the read; once it is in, the next frame shows the tiles.
        painter.app.renderFrame()
        renderer.tiles.waitForStoredTiles()
        painter.app.renderFrame()
        #expect(renderer.tilesShownFromStore == 6)
        let rows = Int(Self.size.height - PaletteView.height)
        #expect(largestDifference(renderer.frame, Self.freshFrame(fixture.drawing.strokes), rows: rows) == 0)
    }

    /// A window launched on the fixture's document, its tiles stored on disk, whose reading after the first frame
    /// (docs/loading.md) waits on `gate` until the test resumes it; tiles drawn only when the test asks.
    private func launchHoldingItsReading(_ fixture: Fixture) throws -> (Painter, gate: DispatchQueue) {
        _ = try fixture.storeTiles()
        let begun = try DocumentFile.begin(fixture.document, create: false)
        guard case let .reading(opening) = begun else {
            throw LaunchFailure(message: "the document was opened whole, not read after the first frame")
        }
        let painter = Painter(size: Self.size)
        painter.app.renderer.drawTiles(on: TileWorker(pace: .whenAsked))
        painter.app.renderer.syncTileBudget = 0
        painter.app.readStoredTiles(from: fixture.store)
        let gate = DispatchQueue(label: "gate")
        gate.suspend()
        painter.app.load(opening, library: DocumentLibrary(environment: ["HOME": fixture.folder.path]), on: gate)
        return (painter, gate)
    }

    private struct LaunchFailure: Error { var message: String }

    /// A launch's document read after the first frame (docs/loading.md) has its disk cache's tiles read in the same
    /// job: the frame after the drawing is adopted shows them, with no tile drawn by the worker or on this thread.
    @Test func aLaunchReadsItsTilesWithItsDocumentAndTheFrameAfterTheDrawingIsInShowsThem() throws {
        let fixture = try Fixture()
        let (painter, gate) = try launchHoldingItsReading(fixture)
        let renderer = painter.app.renderer
        // The first frame starts the reading, held until the test lets it go; then the drawing is taken.
        painter.app.renderFrame()
        #expect(painter.app.isLoadingDocument)
        gate.resume()
        painter.app.waitForLoadedDocument()
        #expect(painter.app.drawing.strokes == fixture.drawing.strokes)
        painter.app.renderFrame()
        #expect(renderer.tilesShownFromStore == 6)
        let rows = Int(Self.size.height - PaletteView.height)
        #expect(largestDifference(renderer.frame, Self.freshFrame(fixture.drawing.strokes), rows: rows) == 0)
        painter.app.finishDocument()
    }

    /// A clear made while the launch's document is read changes the strokes under the tiles read with it: they are
    /// not shown, and what shows is what a fresh render of the cleared drawing shows.
    @Test func aClearMadeWhileTheDocumentIsReadDropsTheTilesReadWithIt() throws {
        let fixture = try Fixture()
        let (painter, gate) = try launchHoldingItsReading(fixture)
        let renderer = painter.app.renderer
        painter.app.renderFrame()
        painter.key("Delete")
        gate.resume()
        painter.app.waitForLoadedDocument()
        #expect(painter.app.drawing.strokes.isEmpty)
        painter.app.renderFrame()
        painter.app.waitForTiles()
        painter.app.renderFrame()
        #expect(renderer.tilesShownFromStore == 0)
        let rows = Int(Self.size.height - PaletteView.height)
        #expect(largestDifference(renderer.frame, Self.freshFrame([]), rows: rows) == 0)
        painter.app.finishDocument()
    }

    /// A drawing left for another (the gallery) is saved and closed while its tiles are still the renderer's: handed
    /// to the cache then (as the window does, `FingerPaintLive`), they are what its next opening shows.
    @Test func aDrawingLeftForAnotherHandsItsTilesOverOnceSavedAndClosed() throws {
        let fixture = try Fixture()
        let home = fixture.folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let other = home.appendingPathComponent("other.fpdraw")
        try DocumentFile.writeNew(Drawing(), to: other)
        let painter = try Painter(opening: fixture.document, home: home, size: Self.size)
        painter.drag([(1, point(40, 300), point(560, 60))])
        let host = TileWritingHost(fixture: fixture)
        painter.app.delegate = host
        painter.app.renderFrame()
        painter.app.open(other)
        #expect(painter.app.document?.url.lastPathComponent == "other.fpdraw")
        #expect(host.written == 6)
        // Opened again as saved: every tile from the cache, as a fresh render of what was saved shows.
        let saved = try DocumentFile.read(fixture.document).drawing.strokes
        #expect(saved.count == fixture.drawing.strokes.count + 1)
        let reopened = fixture.reopen(strokes: saved)
        #expect(reopened.fromStore == 6)
        #expect(largestDifference(reopened.frame, Self.freshFrame(saved), rows: 400) == 0)
    }

    @Test func aTileLentToTheWriterNeverChangesUnderItWhileTheWindowDrawsOn() throws {
        let fixture = try Fixture()
        let renderer = CanvasRenderer(logicalSize: Self.size, strokes: fixture.drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        let snapshot = try #require(renderer.tilesForStore())
        // The tiles' own images are lent, not copied; what the writer will read, as it was lent:
        #expect(snapshot.tiles.contains { $0.lent != nil })
        func checksums() -> [UInt32?] { snapshot.tiles.map { tile in tile.withPixels { $0.map(CRC32.checksum) } } }
        let lent = checksums()
        // A wide stroke across every tile, drawn into the cached tiles before the writer has written them.
        var drawing = fixture.drawing
        let across = Stroke(points: [StrokePoint(Point(x: 10, y: 10)), StrokePoint(Point(x: 590, y: 390))],
                            color: .black, width: 30)
        let added = drawing.add(across)
        renderer.apply(try #require(added), strokes: drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        #expect(checksums() == lent)
        // The window shows the stroke, as a fresh render does.
        #expect(largestDifference(renderer.frame, Self.freshFrame(drawing.strokes), rows: 400) == 0)
        // What is written is the drawing the snapshot was taken of: reopened, it shows what a fresh render does.
        let document = try #require(TileStore.Document(fixture.document))
        #expect(fixture.store.store(snapshot, of: document))
        let reopened = fixture.reopen()
        #expect(reopened.fromStore == 6)
        #expect(largestDifference(reopened.frame, Self.freshFrame(fixture.drawing.strokes), rows: 400) == 0)
    }

    @Test func theCacheIsWrittenOnlyWhenTheTilesOrTheDrawingChanged() throws {
        let fixture = try Fixture()
        let renderer = CanvasRenderer(logicalSize: Self.size, strokes: fixture.drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        #expect(renderer.tilesForStore() != nil)
        #expect(renderer.tilesForStore() == nil)
        #expect(renderer.tilesForStore(evenIfHandedOut: true) != nil)
        var drawing = fixture.drawing
        let added = drawing.add(Stroke(points: [StrokePoint(Point(x: 30, y: 30))], color: .black, width: 8))
        renderer.apply(try #require(added),
                       strokes: drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        let after = try #require(renderer.tilesForStore())
        #expect(after.strokes.count == fixture.drawing.strokes.count + 1)
    }

    @Test func aDrawingChangedSinceIsNeverShownFromTheCache() throws {
        // A stroke added and saved elsewhere (another program, another machine's copy synced in).
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        let opened = try DocumentFile.open(fixture.document, create: false)
        let journal = try #require(opened.journal)
        var drawing = opened.drawing
        let extra = Stroke(points: [StrokePoint(Point(x: 100, y: 100)), StrokePoint(Point(x: 300, y: 200))], color: .black, width: 16)
        _ = drawing.add(extra)
        journal.record(.add(extra))
        _ = journal.flush(drawing)
        journal.close()
        let reopened = fixture.reopen(strokes: drawing.strokes)
        #expect(reopened.fromStore == 0)
        #expect(largestDifference(reopened.frame, Self.freshFrame(drawing.strokes), rows: 400) == 0)
    }

    @Test func aFileReplacedByAnotherDrawingOfTheSameSizeAndTimeIsNotShownFromTheCache() throws {
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        // The same number of strokes and bytes, one stroke in another colour, written over the same file (same
        // inode), and its modification time put back: only the strokes' digest tells them apart.
        var strokes = fixture.drawing.strokes
        strokes[4].color = strokes[4].color == .black ? .white : .black
        let other = Drawing(strokes: strokes)
        var before = stat()
        stat(fixture.document.path, &before)
        let bytes = DrawingDocument.encode(other)
        #expect(bytes.count == Int(before.st_size))
        let handle = try FileHandle(forWritingTo: fixture.document)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, fixture.document.path, &times, 0) == 0)
        #expect(TileStore.Document(fixture.document) == TileStore.Document(
            path: fixture.document.standardizedFileURL.path, device: UInt64(before.st_dev), inode: UInt64(before.st_ino),
            size: UInt64(before.st_size), modifiedSeconds: Int64(before.st_mtim.tv_sec),
            modifiedNanoseconds: UInt32(before.st_mtim.tv_nsec)))
        let reopened = fixture.reopen(strokes: other.strokes)
        #expect(reopened.fromStore == 0)
        #expect(largestDifference(reopened.frame, Self.freshFrame(other.strokes), rows: 400) == 0)
    }

    @Test func tilesReadForADrawingThatChangedWhileTheyWereReadAreNotShown() throws {
        // A drawing large enough that its index is built on the worker: the first frame shows paper and asks for no
        // tile, and the stroke below is drawn into none.
        let many = Array(repeating: TileWorkerTests.crossingStrokes(), count: 34).flatMap { $0 }
        #expect(many.count >= CanvasRenderer.deferredIndexThreshold)
        let fixture = try Fixture(strokes: many)
        _ = try fixture.storeTiles()
        var drawing = fixture.drawing
        let renderer = CanvasRenderer(logicalSize: Self.size, strokes: drawing.strokes, drawsTilesInBackground: true)
        renderer.loadStoredTiles(from: fixture.store, document: fixture.document)
        // The first frame starts the reading; a stroke completes before the tiles are taken.
        renderer.renderFrame(liveStrokes: [:])
        let stroke = Stroke(points: [StrokePoint(Point(x: 20, y: 300)), StrokePoint(Point(x: 580, y: 40))], color: .black, width: 24)
        let added = drawing.add(stroke)
        renderer.apply(try #require(added), strokes: drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        renderer.waitForTiles()
        renderer.renderFrame(liveStrokes: [:])
        #expect(renderer.tilesShownFromStore == 0)
        #expect(largestDifference(renderer.frame, Self.freshFrame(drawing.strokes), rows: 400) == 0)
    }

    /// Every way a file can be wrong: each is ignored, and the window shows what a fresh render shows.
    @Test(arguments: ["truncated in the header", "truncated in the table", "truncated in the pixels", "a byte more",
                      "a pixel changed", "the header changed", "the table changed", "a PNG", "empty", "a folder",
                      "another version", "a tile twice", "a zoom no launch shows"])
    func aDamagedOrForeignCacheFileIsIgnored(_ damage: String) throws {
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        let path = fixture.cacheFile.path
        var bytes = try [UInt8](Data(contentsOf: fixture.cacheFile))
        let headerEnd = TileStoreFormat.fixedHeader + fixture.document.standardizedFileURL.path.utf8.count + 4
        let tableEnd = headerEnd + 6 * TileStoreFormat.tableEntry + 4
        switch damage {
        case "truncated in the header": bytes.removeLast(bytes.count - 40)
        case "truncated in the table": bytes.removeLast(bytes.count - headerEnd - 20)
        case "truncated in the pixels": bytes.removeLast(1_000)
        case "a byte more": bytes.append(0)
        case "a pixel changed": bytes[bytes.count - 500] ^= 0x10
        case "the header changed": bytes[60] ^= 1
        case "the table changed": bytes[headerEnd + 2] ^= 1
        case "a PNG": bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(bytes[8...])
        case "empty": bytes = []
        case "another version": bytes[8] = 2
        case "a zoom no launch shows":
            // Pixels per point 1e-300, with the header's checksum made right: tiles no launch view has.
            withUnsafeBytes(of: (1e-300).bitPattern.littleEndian) { for (offset, byte) in $0.enumerated() { bytes[72 + offset] = byte } }
            let checksum = CRC32.checksum(bytes[..<(headerEnd - 4)])
            withUnsafeBytes(of: checksum.littleEndian) { for (offset, byte) in $0.enumerated() { bytes[headerEnd - 4 + offset] = byte } }
        case "a tile twice":
            // The second table entry names the first tile again, with the table's checksum made right.
            for offset in 0..<8 { bytes[headerEnd + 16 + offset] = bytes[headerEnd + offset] }
            let checksum = CRC32.checksum(bytes[headerEnd..<(tableEnd - 4)])
            withUnsafeBytes(of: checksum.littleEndian) { for (offset, byte) in $0.enumerated() { bytes[tableEnd - 4 + offset] = byte } }
        default: break
        }
        try FileManager.default.removeItem(atPath: path)
        if damage == "a folder" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            try Data(bytes).write(to: fixture.cacheFile)
        }
        let reopened = fixture.reopen()
        #expect(reopened.fromStore == 0)
        #expect(largestDifference(reopened.frame, Self.freshFrame(fixture.drawing.strokes), rows: 400) == 0)
    }

    /// Random bytes, and random changes to a good file, never trap, are never read beyond the file's length, and
    /// never give a tile that is not in the file unchanged.
    @Test func randomBytesAreReadSafely() async throws {
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        let good = try [UInt8](Data(contentsOf: fixture.cacheFile))
        let generator = Gen.int(in: 0...Int.max).array(of: 1...12)
        await propertyCheck(count: 300, input: generator) { numbers in
            var bytes: [UInt8]
            if numbers[0] % 3 == 0 {
                // Noise, sometimes after the magic.
                bytes = (0..<(numbers[0] % 4_000)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) ^ numbers[0] >> 7) }
                if numbers[0] % 2 == 0 { bytes = TileStoreFormat.magic + bytes }
            } else {
                // The good file, cut and with a few bytes changed: most in the header and the table, which are small.
                bytes = Array(good.prefix(numbers[0] % 5 == 0 ? numbers[0] % good.count : good.count))
                let tableEnd = TileStoreFormat.fixedHeader + fixture.document.standardizedFileURL.path.utf8.count + 4
                    + 6 * TileStoreFormat.tableEntry + 4
                for number in numbers.dropFirst() where !bytes.isEmpty {
                    let reach = number % 4 == 0 ? bytes.count : min(bytes.count, tableEnd)
                    bytes[(number >> 2) % reach] ^= UInt8(truncatingIfNeeded: number >> 20) | 1
                }
            }
            var readBeyond = false
            let contents = TileStoreFormat.decode(length: bytes.count, read: { offset, count in
                guard offset >= 0, count >= 0, offset + count <= bytes.count else {
                    readBeyond = true
                    return nil
                }
                return Array(bytes[offset..<(offset + count)])
            }, expecting: { _ in true })
            #expect(!readBeyond)
            if let contents {
                // Only the good file itself decodes (a change the checksums miss is not among these).
                #expect(bytes == good, "\(numbers)")
                #expect(contents.tiles.count == 6)
            }
        }
    }

    @Test func theCacheNeverExceedsItsLimitAndDropsTheLeastRecentlyUsed() throws {
        let fixture = try Fixture()
        let snapshot = try fixture.storeTiles()
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: fixture.cacheFile.path)[.size] as? Int)
        // Room for three files.
        let store = TileStore(folder: fixture.store.folder, sizeLimit: fileSize * 3 + fileSize / 2)
        // A file of someone else's in the folder is never counted or removed.
        let foreign = store.folder.appendingPathComponent("notes.txt")
        try Data(repeating: 7, count: fileSize * 4).write(to: foreign)
        var written: [URL] = []
        for number in 0..<7 {
            let document = fixture.folder.appendingPathComponent("drawing \(number).fpdraw")
            try DocumentFile.writeNew(fixture.drawing, to: document)
            let identity = try #require(TileStore.Document(document))
            #expect(store.store(snapshot, of: identity))
            written.append(store.file(forDocument: identity.path))
            let names = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
            let total = try names.filter(TileStore.isCacheFileName).reduce(0) { total, name in
                try total + (FileManager.default.attributesOfItem(atPath: store.folder.appendingPathComponent(name).path)[.size] as? Int ?? 0)
            }
            #expect(total <= store.sizeLimit)
            #expect(FileManager.default.fileExists(atPath: try #require(written.last).path))
            // Each write is at least a second's nanoseconds later by the clock the times come from.
            usleep(20_000)
        }
        let kept = written.filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(kept == Array(written.suffix(3)))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        #expect(!FileManager.default.fileExists(atPath: fixture.cacheFile.path))
    }

    @Test func cacheFilesDatedAnywhereAreTrimmedWithoutTrapping() throws {
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: fixture.cacheFile.path)[.size] as? Int)
        // Two more files of ours: one dated in the year 2445 (ext4 keeps times up to 2446; in nanoseconds that is
        // past Int64), one in 1901.
        let future = fixture.store.folder.appendingPathComponent(String(repeating: "a", count: 32) + ".fptiles")
        let past = fixture.store.folder.appendingPathComponent(String(repeating: "b", count: 32) + ".fptiles")
        try FileManager.default.copyItem(at: fixture.cacheFile, to: future)
        try FileManager.default.copyItem(at: fixture.cacheFile, to: past)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 15_000_000_000)],
                                              ofItemAtPath: future.path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: -2_100_000_000)],
                                              ofItemAtPath: past.path)
        TileStore(folder: fixture.store.folder, sizeLimit: fileSize * 2 + fileSize / 2).trim()
        // The least recently used went: the file of 1901; the one of 2445 counts as the most recent.
        #expect(!FileManager.default.fileExists(atPath: past.path))
        #expect(FileManager.default.fileExists(atPath: future.path))
        #expect(FileManager.default.fileExists(atPath: fixture.cacheFile.path))
    }

    @Test func aCacheFolderThatCannotBeWrittenLosesNothing() throws {
        let fixture = try Fixture()
        // A file where the cache's folder should be.
        let blocked = fixture.folder.appendingPathComponent("cache")
        try Data("not a folder".utf8).write(to: blocked)
        let renderer = CanvasRenderer(logicalSize: Self.size, strokes: fixture.drawing.strokes)
        renderer.renderFrame(liveStrokes: [:])
        let snapshot = try #require(renderer.tilesForStore())
        let document = try #require(TileStore.Document(fixture.document))
        let writer = TileStoreWriter(store: fixture.store)
        writer.write(snapshot, of: document)
        #expect(writer.waitUntilIdle())
        #expect(writer.lastReport?.isWritten == false)
        #expect(try Data(contentsOf: blocked) == Data("not a folder".utf8))
        // The document is untouched and opens with every stroke; the window shows what a fresh render shows.
        let opened = try DocumentFile.open(fixture.document, create: false)
        opened.journal?.close()
        #expect(opened.drawing.strokes == fixture.drawing.strokes)
        let reopened = fixture.reopen()
        #expect(reopened.fromStore == 0)
        #expect(largestDifference(reopened.frame, Self.freshFrame(fixture.drawing.strokes), rows: 400) == 0)
    }

    @Test func aTemporaryFileOfAWriterThatIsGoneIsRemovedAndOnlyThat() throws {
        let fixture = try Fixture()
        _ = try fixture.storeTiles()
        let name = fixture.cacheFile.lastPathComponent
        // Process ids are below 2^22 on Linux: this one cannot be running.
        let stale = fixture.store.folder.appendingPathComponent(".\(name).99999999.12345")
        let notOurs = fixture.store.folder.appendingPathComponent(".\(name).backup")
        try Data([1, 2, 3]).write(to: stale)
        try Data([1, 2, 3]).write(to: notOurs)
        fixture.store.trim()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: notOurs.path))
        #expect(FileManager.default.fileExists(atPath: fixture.cacheFile.path))
    }
}

/// A host that writes the tiles of a drawing left for another to the fixture's cache, as the window does
/// (`FingerPaintLive`), and counts them.
private final class TileWritingHost: FingerPaintAppDelegate {
    let fixture: TileStoreTests.Fixture
    var written = 0

    init(fixture: TileStoreTests.Fixture) { self.fixture = fixture }

    func fingerPaintAppWillLeaveDocument(_ app: FingerPaintApp) {
        guard let snapshot = app.renderer.tilesForStore(evenIfHandedOut: true),
              let document = TileStore.Document(fixture.document) else { return }
        if fixture.store.store(snapshot, of: document) { written = snapshot.tiles.count }
    }
}
