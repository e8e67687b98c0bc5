import Foundation
import Geometry
import PaintModel
import Testing

/// The gallery's list of drawings (the untitled ones and the recent list), duplicates, and the freedesktop Trash.
@Suite struct LibraryAndTrashTests {
    static func home() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func drawing(at url: URL, modified: Date) throws {
        try DocumentFile.writeNew(Drawing(), to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
    }

    @Test func theListHasTheUntitledAndRecentDrawingsThatExistNewestFirstEachOnce() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let library = DocumentLibrary(environment: ["HOME": home.path])
        let untitled = try library.newUntitledDocument(now: Date(timeIntervalSince1970: 0))
        try Self.drawing(at: untitled, modified: Date(timeIntervalSince1970: 3000))
        let named = home.appendingPathComponent("named.fpdraw"), gone = home.appendingPathComponent("gone.fpdraw")
        try Self.drawing(at: named, modified: Date(timeIntervalSince1970: 5000))
        try Self.drawing(at: gone, modified: Date(timeIntervalSince1970: 9000))
        for url in [gone, named, untitled, named] { library.remember(url) }
        try FileManager.default.removeItem(at: gone)
        // A folder named like a drawing is not one.
        try FileManager.default.createDirectory(at: library.dataFolder.appendingPathComponent("folder.fpdraw"),
                                                withIntermediateDirectories: true)
        let drawings = library.drawings()
        #expect(drawings.map(\.url.lastPathComponent) == ["named.fpdraw", untitled.lastPathComponent])
        #expect(drawings.map(\.isUntitled) == [false, true] && drawings[0].name == "named")
        library.forget(named)
        #expect(library.drawings().map(\.url) == [untitled.standardizedFileURL])
        // The last document is still the one used last, for a bare `fingerpaint`.
        #expect(library.documentToReopen()?.standardizedFileURL == named.standardizedFileURL)
    }

    @Test func aDuplicateIsANewFileBesideItNeverOverAnother() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let library = DocumentLibrary(environment: ["HOME": home.path])
        let original = home.appendingPathComponent("cat.fpdraw")
        var drawing = Drawing()
        drawing.add(Stroke(points: [StrokePoint(Point(x: 1, y: 2))], color: .black, width: 3))
        try DocumentFile.writeNew(drawing, to: original)
        let first = try library.duplicate(original), second = try library.duplicate(original)
        #expect(first.lastPathComponent == "cat (copy).fpdraw" && second.lastPathComponent == "cat (copy 2).fpdraw")
        #expect(try DocumentFile.read(second).drawing == drawing)
        // A copy of a copy is numbered after the original's name, not "cat (copy) (copy)".
        #expect(try library.duplicate(first).lastPathComponent == "cat (copy 3).fpdraw")
        #expect(try library.duplicate(second).lastPathComponent == "cat (copy 4).fpdraw")
        // Names that only look alike are names of their own.
        for name in ["cat (copyist)", "cat (copy x)", "(copy)", "cat (copy 2) sketch"] {
            let other = home.appendingPathComponent("\(name).fpdraw")
            try DocumentFile.writeNew(drawing, to: other)
            #expect(try library.duplicate(other).lastPathComponent == "\(name) (copy).fpdraw")
        }
        // Something that is not a drawing is not duplicated, and nothing is written.
        let notes = home.appendingPathComponent("notes.fpdraw")
        try Data("text".utf8).write(to: notes)
        #expect(throws: DocumentOpenError.self) { try library.duplicate(notes) }
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("notes (copy).fpdraw").path))
    }

    @Test func aTrashedFileHasItsInfoAndComesBackAndNamesNeverCollide() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let trash = Trash(environment: ["HOME": home.path])
        let folder = home.appendingPathComponent("my drawings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("été.fpdraw")
        try Data("one".utf8).write(to: file)
        let first = try trash.moveToTrash(file, now: Date(timeIntervalSince1970: 0))
        try Data("two".utf8).write(to: file)
        let second = try trash.moveToTrash(file)
        #expect(first.trashedFile.lastPathComponent == "été.fpdraw" && second.trashedFile.lastPathComponent == "été.2.fpdraw")
        #expect(second.infoFile.lastPathComponent == "été.2.fpdraw.trashinfo")
        let info = try String(contentsOf: first.infoFile, encoding: .utf8)
        let path = file.standardizedFileURL.path.replacingOccurrences(of: "my drawings/été", with: "my%20drawings/%C3%A9t%C3%A9")
        #expect(info.hasPrefix("[Trash Info]\nPath=\(path)\nDeletionDate="))
        #expect(try Data(contentsOf: second.trashedFile) == Data("two".utf8))
        // Back where it was; refused while another file has its place, and then left in the Trash.
        try trash.restore(second)
        #expect(try Data(contentsOf: file) == Data("two".utf8) && !FileManager.default.fileExists(atPath: second.infoFile.path))
        #expect(throws: Trash.Failure.self) { try trash.restore(first) }
        #expect(try Data(contentsOf: first.trashedFile) == Data("one".utf8) && FileManager.default.fileExists(atPath: first.infoFile.path))
        #expect(try Data(contentsOf: file) == Data("two".utf8))
    }

    @Test func aFileThatCannotBeMovedIsLeftWhereItIsWithNoInfoBehind() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let trash = Trash(environment: ["HOME": home.path])
        #expect(throws: Trash.Failure.self) { try trash.moveToTrash(home.appendingPathComponent("missing.fpdraw")) }
        let info = trash.folder.appendingPathComponent("info")
        #expect(try FileManager.default.contentsOfDirectory(atPath: info.path).isEmpty)
    }
}
