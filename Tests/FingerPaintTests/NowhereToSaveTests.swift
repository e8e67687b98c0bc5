import Foundation
import FingerPaintCore
import Glibc
import PaintModel
import Testing

/// A full disk under the document and the state folder: the drawing goes to a recovery document in the next folder
/// that takes it; when none does, the window refuses the first close and says why, and closes on the second.
@Suite(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"), .serialized)
struct NowhereToSaveTests {
    /// A 64 KiB tmpfs in a new folder, for the test's life; `nil` when it cannot be mounted.
    final class SmallDisk {
        let folder = temporaryFolder()
        var path: String { folder.appendingPathComponent("disk").path }
        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try #require(mount("tmpfs", path, "tmpfs", 0, "size=64k") == 0, "cannot mount a tmpfs: \(String(cString: strerror(errno)))")
        }
        /// Fills what is left of the disk.
        func fill() {
            let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            defer { close(fd) }
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        }
        deinit {
            umount2(path, Int32(MNT_DETACH))
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A stroke of 200 samples: its record (about 5 KB) needs space the full disk does not have.
    static func drawLongStroke(_ painter: Painter) {
        let points = (0..<200).map { point(20 + Double($0) * 1.5, 100 + 20 * sin(Double($0) / 10)) }
        painter.stroke(1, through: points)
        painter.app.waitForSaves()
    }

    @Test func whenNothingCanBeWrittenTheFirstCloseIsRefusedWithTheReasonAndTheSecondGoesAhead() throws {
        let disk = try SmallDisk()
        let home = URL(fileURLWithPath: disk.path + "/home")
        let painter = try Painter(opening: URL(fileURLWithPath: disk.path + "/drawing.fpdraw"), home: home)
        disk.fill()
        Self.drawLongStroke(painter)
        #expect(!painter.app.requestClose())
        let banner = try #require(painter.app.banner)
        #expect(banner.contains("Cannot save drawing anywhere") && banner.contains("1 stroke") && banner.contains("close again"))
        #expect(painter.app.requestClose())
        #expect(!painter.app.finishDocument())
    }

    @Test func whenTheStateFolderIsFullTooTheRecoveryGoesToTheDataFolderOnceAndTheWindowCloses() throws {
        let disk = try SmallDisk()
        let elsewhere = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let library = DocumentLibrary(environment: ["HOME": disk.path + "/home", "XDG_DATA_HOME": elsewhere.path])
        let opened = try DocumentFile.open(URL(fileURLWithPath: disk.path + "/drawing.fpdraw"), create: true)
        let painter = Painter(drawing: opened.drawing, document: PaintDocument(opened, library: library))
        disk.fill()
        Self.drawLongStroke(painter)
        painter.messages = []
        #expect(painter.app.requestClose())
        #expect(!painter.app.finishDocument())
        let recoveries = try FileManager.default.contentsOfDirectory(atPath: library.dataFolder.path).filter { $0.hasSuffix(".fpdraw") }
        #expect(recoveries.count == 1 && recoveries.first?.hasPrefix("drawing (recovered") == true)
        let recovery = library.dataFolder.appendingPathComponent(try #require(recoveries.first))
        #expect(try DocumentFile.read(recovery).drawing == painter.app.drawing)
        #expect(painter.messages.last?.contains(recovery.path) == true)
    }
}
