// Where fingerpaint keeps its own files: untitled documents, the document used last, recovery documents.
import FoundationEssentials
import Geometry
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// The folders fingerpaint keeps its own files in (`docs/document-format.md`, "Folders"):
///
/// - `$XDG_DATA_HOME/fingerpaint/` (default `~/.local/share/fingerpaint/`): untitled documents, each under a
///   unique name (`Drawing 2026-11-23 14.05.09.fpdraw`). The single autosave of earlier versions,
///   `drawing.fpdraw`, is one of them.
/// - `$XDG_STATE_HOME/fingerpaint/` (default `~/.local/state/fingerpaint/`): `last-document`, the path of the
///   document used last; `recent-documents`, the documents opened before, newest first (the gallery's named
///   drawings); `guide-shown`, there once the first window showed the guide to the gestures; and recovery
///   documents written when a document could not be saved on quit.
public struct DocumentLibrary: Sendable {
    /// Where untitled documents live.
    public var dataFolder: URL
    /// Where the last document's path and recovery documents live.
    public var stateFolder: URL
    /// The home folder: the last place a recovery document is tried.
    public var home: URL
    /// The desktop's thumbnail cache, `$XDG_CACHE_HOME/thumbnails` (docs/gallery.md, "Thumbnails").
    public var thumbnailFolder: URL

    /// The folders under the XDG base directories of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? homeFolderPath(), isDirectory: true)
        self.home = home
        func base(_ variable: String, default relative: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return home.appendingPathComponent(relative, isDirectory: true)
        }
        dataFolder = base("XDG_DATA_HOME", default: ".local/share").appendingPathComponent("fingerpaint", isDirectory: true)
        stateFolder = base("XDG_STATE_HOME", default: ".local/state").appendingPathComponent("fingerpaint", isDirectory: true)
        thumbnailFolder = base("XDG_CACHE_HOME", default: ".cache").appendingPathComponent("thumbnails", isDirectory: true)
    }

    /// The single autosave document of versions before documents had names; it counts as an untitled document.
    public var legacyAutosave: URL {
        dataFolder.appendingPathComponent("drawing.\(DrawingDocument.fileExtension)")
    }

    private var lastDocumentFile: URL { stateFolder.appendingPathComponent("last-document") }

    /// The document a bare `fingerpaint` reopens: the one used last while it still exists, else the autosave of
    /// an earlier version (migrated: it becomes an untitled document), else `nil` (start a new one).
    public func documentToReopen() -> URL? {
        if let text = try? String(contentsOf: lastDocumentFile, encoding: .utf8) {
            let path = trimming(text, \.isFoundationNewline)
            if path.hasPrefix("/"), FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path) }
        }
        return FileManager.default.fileExists(atPath: legacyAutosave.path) ? legacyAutosave : nil
    }

    private var recentDocumentsFile: URL { stateFolder.appendingPathComponent("recent-documents") }

    private var guideShownFile: URL { stateFolder.appendingPathComponent("guide-shown") }

    /// Whether the guide to the gestures is still to show (no window showed it before), noting that it shows now.
    /// Best effort: when the state folder cannot be written, it shows at every launch.
    public func takeFirstGuide() -> Bool {
        guard !FileManager.default.fileExists(atPath: guideShownFile.path) else { return false }
        write("", to: guideShownFile)
        return true
    }

    /// How many documents the recent list keeps.
    public static let recentLimit = 500

    /// Remembers the document used last, for the next bare `fingerpaint`, and puts it first in the recent list
    /// (the gallery's). Best effort: a failure only means the next start opens a new document.
    public func remember(_ document: URL) {
        let path = document.standardizedFileURL.path
        write(path + "\n", to: lastDocumentFile)
        let others = recentPaths.filter { $0 != path }
        write(([path] + others.prefix(Self.recentLimit - 1)).map { $0 + "\n" }.joined(), to: recentDocumentsFile)
    }

    /// Takes a document out of the recent list (it was moved to the Trash).
    public func forget(_ document: URL) {
        let path = document.standardizedFileURL.path
        let paths = recentPaths
        guard paths.contains(path) else { return }
        write(paths.filter { $0 != path }.map { $0 + "\n" }.joined(), to: recentDocumentsFile)
    }

    /// Puts a renamed document's new path where its old one was in the recent list, and in `last-document` when
    /// it was the one used last.
    func renamedInLists(from old: URL, to new: URL) {
        let (oldPath, newPath) = (old.standardizedFileURL.path, new.standardizedFileURL.path)
        let paths = recentPaths
        if paths.contains(oldPath) {
            write(paths.filter { $0 != newPath }.map { ($0 == oldPath ? newPath : $0) + "\n" }.joined(), to: recentDocumentsFile)
        }
        if let text = try? String(contentsOf: lastDocumentFile, encoding: .utf8), trimming(text, \.isFoundationNewline) == oldPath {
            write(newPath + "\n", to: lastDocumentFile)
        }
    }

    /// The paths of the recent list, newest first, whether or not the files still exist.
    private var recentPaths: [String] {
        guard let text = try? String(contentsOf: recentDocumentsFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
    }

    /// Replaces a file of the state folder whole (a temporary file renamed over it). Best effort.
    private func write(_ text: String, to file: URL) {
        guard (try? FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)) != nil else {
            return
        }
        let temporary = stateFolder.appendingPathComponent(".\(file.lastPathComponent).tmp-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else { return }
        if Glibc.rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }

    /// The user's drawings, as the gallery shows them: the untitled ones in the data folder and every document
    /// of the recent list that still exists, each once, most recently changed first.
    public func drawings() -> [LibraryDrawing] {
        let untitled = ((try? FileManager.default.contentsOfDirectory(atPath: dataFolder.path)) ?? [])
            .filter { $0.hasSuffix(".\(DrawingDocument.fileExtension)") && !$0.hasPrefix(".") }
            .map { dataFolder.appendingPathComponent($0).standardizedFileURL.path }
        var seen: Set<String> = []
        var drawings: [LibraryDrawing] = []
        for path in untitled + recentPaths where seen.insert(path).inserted {
            let url = URL(fileURLWithPath: path)
            // Regular files only: a folder or a device named like a drawing is not one.
            guard let file = regularFile(at: url) else { continue }
            drawings.append(LibraryDrawing(url: url, modified: file.modified, size: file.size, isUntitled: isUntitled(url)))
        }
        return drawings.sorted { ($0.modified, $0.url.path) > ($1.modified, $1.url.path) }
    }

    /// A copy of a drawing beside it (in the data folder when its own folder cannot be written), named
    /// "NAME (copy)", "NAME (copy 2)"…: the drawing with its history, written as a new file, never over one that
    /// exists. A copy of a copy is numbered after the original's name: a copy of "NAME (copy)" is "NAME (copy 2)".
    /// Throws ``DocumentOpenError`` when the drawing cannot be read, ``DocumentWriteError`` when no copy can be
    /// written.
    public func duplicate(_ document: URL) throws -> URL {
        let drawing = try DocumentFile.read(document).drawing
        let original = Self.nameCopied(document.deletingPathExtension().lastPathComponent)
        var lastError: DocumentWriteError?
        for folder in [document.deletingLastPathComponent(), dataFolder] {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = firstFreeFile(in: folder) { number in
                "\(original) (copy\(number == 1 ? "" : " \(number)")).\(DrawingDocument.fileExtension)"
            }
            do {
                try DocumentFile.writeNew(drawing, to: copy)
                return copy
            } catch {
                lastError = error
            }
        }
        throw lastError ?? DocumentWriteError(path: document.path, errno: EACCES)
    }

    /// A path for a new untitled document, named after `now`, where no file is yet (creating it is the caller's:
    /// ``DocumentFile/open(_:create:now:)`` creates it exclusively). Creates the data folder.
    public func newUntitledDocument(now: Date = Date()) throws(DocumentOpenError) -> URL {
        do {
            try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
        } catch {
            throw DocumentOpenError(path: dataFolder.path, reason: .failed(localized("cannot create the folder")))
        }
        // Translators: the file name of a new drawing, without its extension; %s is the date and time, as
        // "2026-12-07 23.45.56".
        let stem = localized("Drawing %s", Self.localStamp(now)).replacing("/", with: "-")
        return uniqueFile(in: dataFolder, stem: stem.hasPrefix(".") ? "_" + stem : stem, extension: DrawingDocument.fileExtension)
    }

    /// A new document named `name` (or "NAME 2"…, never over a file) in the data folder, holding `drawing`: a
    /// drawing made from a picture or a painting of another program. Creates the data folder.
    public func newDocument(named name: String, holding drawing: Drawing) throws -> URL {
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
        let stem = name.isEmpty ? "Picture" : name.replacing("/", with: "-")
        let file = uniqueFile(in: dataFolder, stem: stem, extension: DrawingDocument.fileExtension)
        try DocumentFile.writeNew(drawing, to: file)
        return file
    }

    /// Whether a document is one of the untitled ones (fingerpaint named it, in the data folder).
    public func isUntitled(_ document: URL) -> Bool {
        document.deletingLastPathComponent().standardizedFileURL.path == dataFolder.standardizedFileURL.path
    }

    /// Where recovery documents go, in the order they are tried: the state folder, then the data folder, then the
    /// home folder (docs/document-format.md, "Saving").
    public var recoveryFolders: [URL] {
        [stateFolder, dataFolder, home]
    }

    /// A path for a recovery document of `document`, in `folder` (the state folder by default), where no file is
    /// yet. Creates the folder.
    public func recoveryDocument(for document: URL, in folder: URL? = nil, now: Date = Date()) throws(DocumentWriteError) -> URL {
        let folder = folder ?? stateFolder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            // The system's reason in plain words, not Foundation's "NSCocoaErrorDomain error 256".
            let code = ((error as? CocoaError)?.underlying as? POSIXError)?.code.rawValue
            throw DocumentWriteError(path: folder.path, errno: code ?? EACCES)
        }
        let name = document.deletingPathExtension().lastPathComponent
        return uniqueFile(in: folder, stem: "\(name) (recovered \(Self.localStamp(now)))",
                          extension: DrawingDocument.fileExtension)
    }

    /// The recovery document of `document` to offer when it opens: the newest one in the recovery folders written
    /// after the document last changed, or `nil` when there is none (the document holds everything since).
    public func recovery(for document: URL) -> URL? {
        let stem = document.deletingPathExtension().lastPathComponent + " (recovered "
        let changed = modificationDate(of: document) ?? .distantPast
        var newest: (url: URL, date: Date)?
        for folder in recoveryFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasPrefix(stem) && name.hasSuffix(").\(DrawingDocument.fileExtension)") {
                let url = folder.appendingPathComponent(name)
                guard let date = modificationDate(of: url), date > changed, date > newest?.date ?? .distantPast else { continue }
                newest = (url, date)
            }
        }
        return newest?.url
    }

    private func modificationDate(of url: URL) -> Date? {
        regularFile(at: url)?.modified
    }

    /// When a regular file was last changed and its size; `nil` for anything else (missing, a folder, a device).
    func regularFile(at url: URL) -> (modified: Date, size: Int)? {
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        return (modified, Int(status.st_size))
    }

    private func uniqueFile(in folder: URL, stem: String, extension: String) -> URL {
        firstFreeFile(in: folder) { $0 == 1 ? "\(stem).\(`extension`)" : "\(stem) \($0).\(`extension`)" }
    }

    /// The first of the names `name(1)`, `name(2)`… that no file in `folder` has.
    private func firstFreeFile(in folder: URL, named name: (Int) -> String) -> URL {
        var number = 1
        var candidate = folder.appendingPathComponent(name(number))
        while FileManager.default.fileExists(atPath: candidate.path) {
            number += 1
            candidate = folder.appendingPathComponent(name(number))
        }
        return candidate
    }

    /// The name a copy's name was made from: "NAME" for "NAME (copy)" and "NAME (copy 7)", the name itself
    /// otherwise.
    static func nameCopied(_ name: String) -> String {
        guard name.hasSuffix(")") else { return name }
        var inside = name.dropLast()
        // "(copy 7)": the number after the last space goes first.
        if let space = inside.lastIndex(of: " ") {
            let number = inside[inside.index(after: space)...]
            if !number.isEmpty, number.allSatisfy({ ("0"..."9").contains($0) }) { inside = inside[..<space] }
        }
        let marker = " (copy"
        guard inside.hasSuffix(marker), inside.count > marker.count else { return name }
        return String(inside.dropLast(marker.count))
    }

    /// A local time as `yyyy-MM-dd HH.mm.ss`, for names a user reads: the C library's local time, not a
    /// `DateFormatter`, whose locale and calendar data from ICU would stay resident in every window started without a
    /// document (about 4 MiB).
    private static func localStamp(_ date: Date) -> String {
        let local = CivilTime.local(date)
        return zeroPadded(local.year, 4) + "-" + zeroPadded(local.month, 2) + "-" + zeroPadded(local.day, 2) + " "
            + zeroPadded(local.hour, 2) + "." + zeroPadded(local.minute, 2) + "." + zeroPadded(local.second, 2)
    }
}

/// A drawing of the user's, as the gallery lists it.
public struct LibraryDrawing: Hashable, Sendable {
    /// Where it is.
    public var url: URL
    /// When it was last changed.
    public var modified: Date
    /// Its size in bytes: with ``modified``, what tells a thumbnail made before from one to make anew.
    public var size: Int
    /// Whether it is one of the untitled ones (in the data folder).
    public var isUntitled: Bool

    /// The name a user reads: the file's, without its extension.
    public var name: String { url.deletingPathExtension().lastPathComponent }

    public init(url: URL, modified: Date, size: Int, isUntitled: Bool) {
        self.url = url
        self.modified = modified
        self.size = size
        self.isUntitled = isUntitled
    }
}
