// Renaming a drawing in its folder: checked first, then moved in one step that never replaces a file, with the
// recent list and the last document following it. Contract: a refused rename moves, writes and deletes nothing.
import CShims
import FoundationEssentials
import Geometry
import Localization
#if canImport(Glibc)
import Glibc
#endif

extension DocumentLibrary {
    /// Why a drawing was not renamed; nothing was moved.
    public enum RenameFailure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The new name is empty (or only spaces).
        case emptyName
        /// The new name has a character no file name may have ("/", NUL), or a control character (a line break).
        case forbiddenCharacter(String)
        /// The new name starts with ".", which hides a file.
        case startsWithDot
        /// The new name is longer than ``DocumentLibrary/longestName`` bytes.
        case tooLong
        /// Another file in the folder has the name already.
        case nameTaken(String)
        /// The file is not a fingerpaint drawing: it is left alone.
        case notADrawing
        /// The drawing is no longer there.
        case missing
        /// Another window is painting the drawing.
        case openInAnotherWindow
        /// The system refused: its reason.
        case failed(String)

        /// The reason in plain words, for a banner.
        public var description: String {
            switch self {
            case .emptyName: localized("a drawing needs a name")
            // Translators: %s is a character, as "“/”", or "a NUL character".
            case let .forbiddenCharacter(character): localized("a name cannot have %s in it", character)
            case .startsWithDot: localized("a name cannot start with “.”")
            case .tooLong: localized("the name is longer than %d bytes", DocumentLibrary.longestName)
            // Translators: %s is a file's name.
            case let .nameTaken(name): localized("another file is named %s already", name)
            case .notADrawing: localized("it is not a fingerpaint drawing")
            case .missing: localized("it is no longer there")
            case .openInAnotherWindow: localized("it is open in another fingerpaint window")
            case let .failed(reason): reason
            }
        }
    }

    /// The longest name a drawing may be given, in UTF-8 bytes (its file's name has `.fpdraw` after it).
    public static let longestName = 200

    /// The name a drawing would be renamed to: `name` without the spaces around it, checked. Throws the first
    /// rule it breaks: not empty, no "/" and no control character (NUL, a line break), no "." first, at most
    /// ``longestName`` bytes.
    public static func checkedName(_ name: String) throws(RenameFailure) -> String {
        let trimmed = trimming(name, \.properties.isWhitespace)
        guard !trimmed.isEmpty else { throw .emptyName }
        if trimmed.contains("/") { throw .forbiddenCharacter("“/”") }
        if trimmed.unicodeScalars.contains("\0") { throw .forbiddenCharacter(localized("a NUL character")) }
        // A line break would split the recent list's line.
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .forbiddenCharacter(localized("a line break or another control character"))
        }
        guard !trimmed.hasPrefix(".") else { throw .startsWithDot }
        guard trimmed.utf8.count <= longestName else { throw .tooLong }
        return trimmed
    }

    /// Renames a drawing to `name` (``checkedName(_:)``) in its folder and returns where it is now; the recent
    /// list and the last document follow it.
    ///
    /// `journal` is the open document's, when the drawing is the one painted now: it writes at the new path from
    /// then on, and keeps the document's lock (an `flock` on the file itself, which moves with it). Any other
    /// drawing is locked for the rename and refused while another window holds it. The move is one `renameat2`
    /// with `RENAME_NOREPLACE`: it never replaces a file. Refused, nothing moves.
    public func rename(_ document: URL, to name: String, journal: DocumentJournal? = nil) throws(RenameFailure) -> URL {
        let name = try Self.checkedName(name)
        let folder = document.deletingLastPathComponent()
        let renamed = folder.appendingPathComponent("\(name).\(DrawingDocument.fileExtension)")
        guard renamed.lastPathComponent != document.lastPathComponent else {
            guard regularFile(at: document) != nil else { throw .missing }
            return document
        }
        let fd = Glibc.open(document.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .failed(String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .notADrawing }
        guard OutputFile.startsAsDrawing(fd) else { throw .notADrawing }
        // Another window's drawing is not moved under it; the open one's lock is the journal's.
        if journal == nil, flock(fd, LOCK_EX | LOCK_NB) != 0 { throw .openInAnotherWindow }
        let move = { () -> Int32 in
            CShims_renameNoReplace(document.path, renamed.path) == 0 ? 0 : errno
        }
        let error = journal.map { $0.move(to: renamed, by: move) } ?? move()
        switch error {
        case 0: break
        case EEXIST, ENOTEMPTY: throw .nameTaken(name)
        case ENOENT: throw .missing
        default: throw .failed(String(cString: strerror(error)))
        }
        DocumentFile.syncFolder(folder)
        renamedInLists(from: document, to: renamed)
        return renamed
    }
}
