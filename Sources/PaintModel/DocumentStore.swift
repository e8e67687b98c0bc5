// Where a drawing lives on disk: saved atomically, opened with damaged files kept aside.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Saves and opens drawing documents at a path.
///
/// Saving is atomic: the bytes go to a temporary file in the same folder, which is flushed to disk (`fsync`) and
/// then renamed over the document, and the folder is flushed too; a crash leaves the old document or the new
/// one, never half of one. Opening a document that cannot be read does not lose it: the file is renamed to
/// `NAME.corrupt-<timestamp>` and the caller gets a one-line message and a blank drawing.
public struct DocumentStore: Sendable {
    /// What opening a document found.
    public enum OpenResult: Sendable {
        /// The document's strokes.
        case opened([Stroke])
        /// There is no document yet: start blank.
        case missing
        /// The document could not be read; it was moved to `keptAt`. `message` is one line for the user.
        case unreadable(message: String, keptAt: URL?)
    }

    /// A save that failed, with the reason.
    public struct SaveError: Error, CustomStringConvertible {
        /// The document's path.
        public var path: String
        /// Why it failed (the system's error text).
        public var reason: String
        public var description: String { "cannot save \(path): \(reason)" }
    }

    /// The document's path.
    public let url: URL

    /// The document at a path.
    public init(url: URL) {
        self.url = url
    }

    /// The autosave document: `$XDG_DATA_HOME/fingerpaint/drawing.fpdraw`, `$XDG_DATA_HOME` defaulting to
    /// `~/.local/share`.
    public static func autosave(environment: [String: String] = ProcessInfo.processInfo.environment) -> DocumentStore {
        let dataHome: URL
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: value, isDirectory: true)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        }
        let folder = dataHome.appendingPathComponent("fingerpaint", isDirectory: true)
        return DocumentStore(url: folder.appendingPathComponent("drawing.\(DrawingDocument.fileExtension)"))
    }

    /// Writes the strokes to the document atomically, creating its folder when needed.
    public func save(_ strokes: [Stroke]) throws(SaveError) {
        let bytes = DrawingDocument.encode(strokes)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SaveError(path: url.path, reason: "cannot create \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let fd = Glibc.open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SaveError(path: url.path, reason: Self.errnoText()) }
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return Self.errnoText()
                }
                written += result
            }
            return fsync(fd) == 0 ? nil : Self.errnoText()
        }
        close(fd)
        if let failure {
            unlink(temporary.path)
            throw SaveError(path: url.path, reason: failure)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = Self.errnoText()
            unlink(temporary.path)
            throw SaveError(path: url.path, reason: reason)
        }
        // The rename is durable only once the folder's entry is on disk.
        let folderFD = Glibc.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Reads the document. A file that is not a readable drawing is renamed aside, never overwritten.
    public func open(now: Date = Date()) -> OpenResult {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        let reason: String
        do {
            let data = try Data(contentsOf: url)
            do {
                return .opened(try DrawingDocument.decode(Array(data)))
            } catch {
                reason = error.description
            }
        } catch {
            reason = "cannot read it (\(error.localizedDescription))"
        }
        let kept = keepAside(now: now)
        let place = kept.map { "kept it as \($0.path)" } ?? "could not move it aside"
        return .unreadable(message: "fingerpaint: \(url.path): \(reason); \(place); starting with a blank drawing",
                           keptAt: kept)
    }

    /// Renames the document to `NAME.corrupt-<UTC timestamp>`; `nil` when that fails.
    private func keepAside(now: Date) -> URL? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = url.path + ".corrupt-" + formatter.string(from: now)
        var candidate = base
        var suffix = 1
        while FileManager.default.fileExists(atPath: candidate) {
            suffix += 1
            candidate = base + "-\(suffix)"
        }
        guard rename(url.path, candidate) == 0 else { return nil }
        return URL(fileURLWithPath: candidate)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
