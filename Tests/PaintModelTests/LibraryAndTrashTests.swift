import Foundation
import Geometry
import PaintModel
import PropertyBased
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

    /// A folder with a drawing of one stroke, `cat.fpdraw`, remembered, and another file, `taken.fpdraw`.
    static func folderToRename() throws -> (home: URL, library: DocumentLibrary, cat: URL) {
        let home = try Self.home()
        let library = DocumentLibrary(environment: ["HOME": home.path])
        let cat = home.appendingPathComponent("cat.fpdraw")
        var drawing = Drawing()
        drawing.add(Stroke(points: [StrokePoint(Point(x: 1, y: 2)), StrokePoint(Point(x: 5, y: 9))], color: .black, width: 3))
        try DocumentFile.writeNew(drawing, to: cat)
        try Data("someone else's".utf8).write(to: home.appendingPathComponent("taken.fpdraw"))
        library.remember(cat)
        return (home, library, cat)
    }

    /// Every file under a folder and its bytes.
    static func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    static let namePieces = ["cat", " ", "Sun set", "/", "\0", ".", "..", "été", "taken", "(copy 2)", "猫",
                             String(repeating: "x", count: 120), "\n", "-"]

    /// Whatever the name: renamed, the drawing's bytes are under the new name alone and the lists follow it;
    /// refused, every file is byte for byte as it was.
    @Test func aRenameMovesTheDrawingWholeOrNothingAtAll() async throws {
        let names = Gen.element(of: Self.namePieces).array(of: 0...3).map { $0.compactMap { $0 }.joined() }
        await propertyCheck(count: 150, input: names) { name in
            let (home, library, cat) = try Self.folderToRename()
            defer { try? FileManager.default.removeItem(at: home) }
            let before = try Self.contents(of: home)
            do {
                let renamed = try library.rename(cat, to: name)
                let stem = renamed.deletingPathExtension().lastPathComponent
                #expect(stem == trimming(name, \.properties.isWhitespace) && !stem.isEmpty && stem.utf8.count <= 200)
                #expect(!stem.contains("/") && !stem.hasPrefix(".") && stem != "taken")
                #expect(!stem.unicodeScalars.contains { $0.properties.generalCategory == .control })
                #expect(try Data(contentsOf: renamed) == before["cat.fpdraw"])
                #expect(stem == "cat" || !FileManager.default.fileExists(atPath: cat.path))
                #expect(library.drawings().map(\.url) == [renamed.standardizedFileURL])
                #expect(library.documentToReopen()?.standardizedFileURL == renamed.standardizedFileURL)
            } catch {
                #expect(try Self.contents(of: home) == before, "\(name): \(error)")
            }
        }
    }

    @Test func badNamesAndFilesNotOursAreRefusedWithTheirReason() throws {
        let (home, library, cat) = try Self.folderToRename()
        defer { try? FileManager.default.removeItem(at: home) }
        let refusals: [(String, DocumentLibrary.RenameFailure)] = [
            ("", .emptyName), ("   ", .emptyName), ("a/b", .forbiddenCharacter("“/”")),
            ("a\0b", .forbiddenCharacter("a NUL character")), (".hidden", .startsWithDot), ("..", .startsWithDot),
            ("two\nlines", .forbiddenCharacter("a line break or another control character")),
            (String(repeating: "é", count: 101), .tooLong), ("taken", .nameTaken("taken")),
        ]
        for (name, failure) in refusals {
            #expect(throws: failure) { try library.rename(cat, to: name) }
        }
        #expect(try library.rename(cat, to: String(repeating: "é", count: 100)).lastPathComponent.utf8.count == 207)
        // Not a drawing of ours, or no longer there: nothing moves.
        let taken = home.appendingPathComponent("taken.fpdraw")
        #expect(throws: DocumentLibrary.RenameFailure.notADrawing) { try library.rename(taken, to: "mine now") }
        #expect(try Data(contentsOf: taken) == Data("someone else's".utf8))
        #expect(throws: DocumentLibrary.RenameFailure.missing) { try library.rename(cat, to: "dog") }
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("dog.fpdraw").path))
    }

    @Test func aDrawingAnotherWindowPaintsIsNotMovedButTheOpenOneMovesWithItsJournal() throws {
        let (home, library, cat) = try Self.folderToRename()
        defer { try? FileManager.default.removeItem(at: home) }
        let opened = try DocumentFile.open(cat, create: false)
        let journal = try #require(opened.journal)
        // Its lock is held (as another window's would be): refused without the journal.
        #expect(throws: DocumentLibrary.RenameFailure.openInAnotherWindow) { try library.rename(cat, to: "dog") }
        #expect(FileManager.default.fileExists(atPath: cat.path))
        let dog = try library.rename(cat, to: "dog", journal: journal)
        var drawing = opened.drawing
        let stroke = Stroke(points: [StrokePoint(Point(x: 7, y: 7)), StrokePoint(Point(x: 8, y: 9))], color: .black, width: 2)
        drawing.add(stroke)
        journal.record(.add(stroke))
        journal.flush(drawing)
        #expect(try DocumentFile.read(dog).drawing.strokes.count == 2)
        #expect(!FileManager.default.fileExists(atPath: cat.path))
        // The lock went with the file: another opening of it is read-only.
        #expect(try DocumentFile.open(dog, create: false).readOnlyReason == .openInAnotherWindow)
        journal.close()
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
