// Where fingerpaint keeps its own files: untitled documents, the document used last, recovery documents.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folders fingerpaint keeps its own files in (`docs/document-format.md`, "Folders"):
///
/// - `$XDG_DATA_HOME/fingerpaint/` (default `~/.local/share/fingerpaint/`): untitled documents, each under a
///   unique name (`Drawing 2026-11-23 14.05.09.fpdraw`). The single autosave of earlier versions,
///   `drawing.fpdraw`, is one of them.
/// - `$XDG_STATE_HOME/fingerpaint/` (default `~/.local/state/fingerpaint/`): `last-document`, the path of the
///   document used last, and recovery documents written when a document could not be saved on quit.
public struct DocumentLibrary: Sendable {
    /// Where untitled documents live.
    public var dataFolder: URL
    /// Where the last document's path and recovery documents live.
    public var stateFolder: URL

    /// The folders under the XDG base directories of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        func base(_ variable: String, default relative: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return home.appendingPathComponent(relative, isDirectory: true)
        }
        dataFolder = base("XDG_DATA_HOME", default: ".local/share").appendingPathComponent("fingerpaint", isDirectory: true)
        stateFolder = base("XDG_STATE_HOME", default: ".local/state").appendingPathComponent("fingerpaint", isDirectory: true)
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
            let path = text.trimmingCharacters(in: .newlines)
            if path.hasPrefix("/"), FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path) }
        }
        return FileManager.default.fileExists(atPath: legacyAutosave.path) ? legacyAutosave : nil
    }

    /// Remembers the document used last, for the next bare `fingerpaint`. Best effort: a failure only means the
    /// next start opens a new document.
    public func remember(_ document: URL) {
        guard (try? FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)) != nil else {
            return
        }
        let temporary = stateFolder.appendingPathComponent(".last-document.tmp-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data((document.path + "\n").utf8)) else { return }
        if rename(temporary.path, lastDocumentFile.path) != 0 { unlink(temporary.path) }
    }

    /// A path for a new untitled document, named after `now`, where no file is yet (creating it is the caller's:
    /// ``DocumentFile/open(_:create:now:)`` creates it exclusively). Creates the data folder.
    public func newUntitledDocument(now: Date = Date()) throws(DocumentOpenError) -> URL {
        do {
            try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
        } catch {
            throw DocumentOpenError(path: dataFolder.path, reason: .failed("cannot create the folder"))
        }
        return uniqueFile(in: dataFolder, stem: "Drawing " + Self.localStamp(now), extension: DrawingDocument.fileExtension)
    }

    /// Whether a document is one of the untitled ones (fingerpaint named it, in the data folder).
    public func isUntitled(_ document: URL) -> Bool {
        document.deletingLastPathComponent().standardizedFileURL.path == dataFolder.standardizedFileURL.path
    }

    /// A path for a recovery document of `document`, in the state folder, where no file is yet. Creates the folder.
    public func recoveryDocument(for document: URL, now: Date = Date()) throws(DocumentWriteError) -> URL {
        do {
            try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        } catch {
            // The system's reason in plain words, not Foundation's "NSCocoaErrorDomain error 256".
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw DocumentWriteError(path: stateFolder.path, errno: code.map { Int32($0) } ?? EACCES)
        }
        let name = document.deletingPathExtension().lastPathComponent
        return uniqueFile(in: stateFolder, stem: "\(name) (recovered \(Self.localStamp(now)))",
                          extension: DrawingDocument.fileExtension)
    }

    private func uniqueFile(in folder: URL, stem: String, extension: String) -> URL {
        var candidate = folder.appendingPathComponent("\(stem).\(`extension`)")
        var number = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            number += 1
            candidate = folder.appendingPathComponent("\(stem) \(number).\(`extension`)")
        }
        return candidate
    }

    /// A local time as `yyyy-MM-dd HH.mm.ss`, for names a user reads.
    private static func localStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH.mm.ss"
        return formatter.string(from: date)
    }
}
