import Foundation
import Glibc
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The window keeps the tiles it showed on disk when it closes, and the next launch of the same drawing reads them
/// (docs/tile-cache.md).
@Suite struct TileCacheWindowTests {
    /// The pointer resting over the canvas for 1.5 s: nothing drawn, time for the tiles to be read and shown.
    static let idle = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 60))),
                       SeatEvent(time: .milliseconds(1_500), .pointerMotion(location: Point(x: 705, y: 60)))]

    /// A little-endian `u64` of a cache file's header.
    private static func number(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        bytes[offset..<(offset + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test func theWindowKeepsItsTilesOnCloseAndTheNextLaunchTakesThemWithoutWritingThemAgain() async throws {
        let scratch = try TemporaryDirectory()
        let first = try await FingerPaintWindowTests.paint(FingerPaintWindowTests.twoFingerStrokes, in: scratch)
        #expect(first.status == 0, "\(first.standardError)")
        let folder = scratch.path("cache") + "/fingerpaint/tiles"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".fptiles") }
        #expect(names.count == 1, "\(names)")
        let file = folder + "/" + (try #require(names.first))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(Array(bytes.prefix(8)) == Array("FPTILE\r\n".utf8))
        // Kept for the document as the window left it: its size and modification time.
        var document = stat()
        #expect(stat(scratch.path("drawing.fpdraw"), &document) == 0)
        #expect(Self.number(bytes, at: 16) == UInt64(document.st_size))
        #expect(Int64(bitPattern: Self.number(bytes, at: 24)) == Int64(document.st_mtim.tv_sec))
        // 800x600 at 100 %: twelve tiles, each kept (paper or pixels).
        #expect(bytes[12] == 12)
        // Made an hour old, then the same drawing opened again and closed with no edit: the launch takes the file
        // (marks it used now), and closing does not write it again (the same inode).
        var kept = stat()
        #expect(stat(file, &kept) == 0)
        var old = [timespec(tv_sec: kept.st_mtim.tv_sec - 3_600, tv_nsec: 0), timespec(tv_sec: kept.st_mtim.tv_sec - 3_600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file, &old, 0) == 0)
        let second = try await FingerPaintWindowTests.paint(Self.idle, in: scratch, png: "again.png")
        #expect(second.status == 0, "\(second.standardError)")
        var after = stat()
        #expect(stat(file, &after) == 0)
        #expect(after.st_ino == kept.st_ino)
        #expect(after.st_mtim.tv_sec >= kept.st_mtim.tv_sec)
        let image = try await PNGReader.pixels(in: scratch.path("again.png"), at: [(150, 100), (250, 200), (600, 450)])
        #expect(image.pixels[0].red < 100 && image.pixels[1].red < 100, "\(image.pixels)")
        #expect(image.pixels[2].red > 240, "\(image.pixels)")
    }
}
