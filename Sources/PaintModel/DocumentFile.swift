// Opening a drawing document on disk: refused untouched when it is not ours, locked for one writer, repaired.
import FoundationEssentials
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// Why a document cannot be opened. The file, if there is one, was left exactly as it was.
public struct DocumentOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the path.
    public enum Reason: Hashable, Sendable {
        /// The path names a folder.
        case isAFolder
        /// The folder the document would be in does not exist.
        case noSuchFolder
        /// The path names no file and the caller did not ask to create one.
        case noSuchFile
        /// Not a regular file (a device, a pipe, a socket).
        case notARegularFile
        /// The user may not read it.
        case permissionDenied
        /// The file is not a fingerpaint drawing, or one this program cannot read; the text says why.
        case unreadable(DrawingDocument.ReadError)
        /// Reading or creating failed for another reason: the system's text.
        case failed(String)
    }

    /// The document's path.
    public var path: String
    /// Why it cannot be opened.
    public var reason: Reason

    /// The error of a path and a reason.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// One line for the user: the path and the reason.
    public var description: String {
        let text = switch reason {
        // Translators: follows a file's path and ": ".
        case .isAFolder: localized("is a folder, not a drawing")
        case .noSuchFolder: localized("its folder does not exist")
        case .noSuchFile: localized("no such file")
        // Translators: follows a file's path and ": ".
        case .notARegularFile: localized("is not a regular file")
        case .permissionDenied: localized("you do not have permission to read it")
        case let .unreadable(error): "\(error)"
        case let .failed(text): text
        }
        // Only a file that is there was left as it was.
        switch reason {
        case .noSuchFolder, .noSuchFile: return "\(path): \(text)"
        // Translators: %1$s is a file's path, %2$s why it cannot be opened.
        default: return localized("%1$s: %2$s; the file was left as it was", path, text)
        }
    }
}

/// A document opened for painting: its drawing, and whether this process may write it.
public struct OpenedDocument: Sendable {
    /// Why this process may not write the document.
    public enum ReadOnlyReason: Hashable, Sendable, CustomStringConvertible {
        /// Another process holds the document's lock: another window is painting it.
        case openInAnotherWindow
        /// The file or its folder cannot be written: the system's text.
        case notWritable(String)

        public var description: String {
            switch self {
            case .openInAnotherWindow: localized("it is open in another fingerpaint window")
            // Translators: %s is the system's reason, as "Permission denied".
            case let .notWritable(text): localized("it cannot be written (%s)", text)
            }
        }
    }

    /// The document's path.
    public var url: URL
    /// The drawing with its history, as the file holds it.
    public var drawing: Drawing
    /// The journal that saves every edit, locked to this process; `nil` when the document is read-only here.
    public var journal: DocumentJournal?
    /// Why the document is read-only here; `nil` when ``journal`` saves it.
    public var readOnlyReason: ReadOnlyReason?
    /// Whether the file did not exist and was created.
    public var wasCreated: Bool
    /// What opening found and did that the user should know (records recovered, a copy kept), one line each.
    public var notices: [String]
    /// What could not be read, and where the original is; `nil` when the whole file was read.
    public var damage: DocumentDamage?
}

/// Opens drawing documents: reads them, refuses what is not a readable drawing without touching it, takes the
/// one-writer lock, and repairs what a crash or damage left.
///
/// The lock is an advisory `flock` on the document file, held for the life of its ``DocumentJournal``; a
/// compaction's new file is locked before it is renamed over the old one, so the lock never lapses.
public enum DocumentFile {
    /// Opens a document for painting, creating it (an empty journal) when it does not exist and `create` is true.
    ///
    /// - A folder, a missing folder, a file the user may not read, a file that is not a drawing and a drawing of
    ///   a newer version throw, and the file is left exactly as it was.
    /// - A drawing another process holds the lock of, or that cannot be written, opens read-only.
    /// - A journal whose end is torn (a record cut short) is cut back to its valid records; one with damaged
    ///   records is rewritten from the valid ones. Either first keeps its original bytes as a copy beside it
    ///   (`NAME.damaged-<UTC time>`), or, where it cannot, opens read-only and is left as it was;
    ///   ``OpenedDocument/damage`` and ``OpenedDocument/notices`` say so.
    /// - A document of version 1 is rewritten as a journal before the first edit is saved.
    public static func open(_ url: URL, create: Bool, now: Date = Date()) throws(DocumentOpenError) -> OpenedDocument {
        switch try begin(url, create: create, now: now) {
        case let .opened(opened): return opened
        case let .reading(opening): return try opening.read(now: now)
        }
    }

    /// What ``begin(_:create:now:)`` did: opened the document whole, or checked it as far as its header and left
    /// its records to be read (``DocumentOpening/read(now:)``, on another thread).
    public enum Beginning: Sendable {
        /// Opened whole: created, empty, or of version 1 (one checksum over the whole file, so only reading it
        /// all tells whether it is a drawing).
        case opened(OpenedDocument)
        /// A journal whose header is whole and of a version this program reads: reading its records refuses
        /// nothing more (damage in them is repaired, as ``open(_:create:now:)`` says).
        case reading(DocumentOpening)
    }

    /// Does everything ``open(_:create:now:)`` does that can refuse the file, and no more: the path, the file's
    /// kind, the permission, the lock, and the header — a file that is not a drawing of ours, or of a newer version,
    /// throws here, with the same error and the file untouched. A launch shows its window after this and reads the
    /// records on another thread (docs/loading.md).
    public static func begin(_ url: URL, create: Bool, now: Date = Date()) throws(DocumentOpenError) -> Beginning {
        let path = url.path
        func failure(_ reason: DocumentOpenError.Reason) -> DocumentOpenError { DocumentOpenError(path: path, reason: reason) }

        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw failure(reasonForErrno(errno)) }
            var folderInfo = stat()
            let folder = url.deletingLastPathComponent().path
            guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else { throw failure(.noSuchFolder) }
            guard create else { throw failure(.noSuchFile) }
            if let created = try createJournal(url) { return .opened(created) }
            // Another process created it first: open what it made.
            return try begin(url, create: false, now: now)
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw failure(.isAFolder) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure(.notARegularFile) }

        // Open for writing when allowed (opening changes nothing), else for reading only.
        var readOnlyReason: OpenedDocument.ReadOnlyReason?
        var fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let writeError = errno
            fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw failure(reasonForErrno(errno)) }
            readOnlyReason = .notWritable(errnoText(writeError))
        }
        guard isRegularFile(fd) else {
            close(fd)
            throw failure(.notARegularFile)
        }
        if readOnlyReason == nil, !lockBriefly(fd) {
            readOnlyReason = .openInAnotherWindow
        }
        let opening = DocumentOpening(url: url, descriptor: fd, readOnlyReason: readOnlyReason)
        // A journal with a whole header of a known version: its records are read later, and refuse nothing.
        if DrawingDocument.isJournalHeader(opening.header()) { return .reading(opening) }
        return .opened(try opening.read(now: now))
    }

    /// Reads, checks and repairs an open document's records into the drawing (the rest of ``open(_:create:now:)``).
    /// Closes `fd` unless the journal keeps it.
    fileprivate static func read(_ url: URL, descriptor fd: Int32, readOnlyReason: OpenedDocument.ReadOnlyReason?,
                                 now: Date) throws(DocumentOpenError) -> OpenedDocument {
        let path = url.path
        func failure(_ reason: DocumentOpenError.Reason) -> DocumentOpenError { DocumentOpenError(path: path, reason: reason) }
        var keepDescriptor = false
        defer { if !keepDescriptor { close(fd) } }

        var decoder = DrawingDocument.Decoder()
        do {
            try decode(fd, into: &decoder)
        } catch {
            throw failure(.failed(localized("cannot read it (%s)", error.reason)))
        }
        let contents: DrawingDocument.Contents
        do {
            contents = try decoder.finish()
        } catch {
            // An empty file another window has just created and not yet written is a blank drawing.
            if decoder.byteCount == 0, readOnlyReason == .openInAnotherWindow {
                return OpenedDocument(url: url, drawing: Drawing(), journal: nil, readOnlyReason: readOnlyReason,
                                      wasCreated: false, notices: [])
            }
            throw failure(.unreadable(error))
        }
        if let readOnlyReason {
            let damage = DocumentDamage(contents, url: url, original: .notRepaired)
            return OpenedDocument(url: url, drawing: contents.drawing, journal: nil, readOnlyReason: readOnlyReason,
                                  wasCreated: false, notices: damage.map { ["\($0)"] } ?? [], damage: damage)
        }

        var needsRewrite = contents.version != DrawingDocument.version
        var damage: DocumentDamage?
        if contents.hasUnreadBytes {
            // Nothing is cut off a document, damage nor a torn end, before its original bytes are kept beside it.
            // Where they cannot be (a folder the user may not write), it opens read-only with what was read, the
            // file as it was.
            do {
                let copy = try keepCopy(of: fd, length: decoder.byteCount, beside: url, suffix: "damaged", now: now)
                damage = DocumentDamage(contents, url: url, original: .keptAs(copy))
            } catch {
                let damage = DocumentDamage(contents, url: url, original: .folderNotWritable)
                return OpenedDocument(url: url, drawing: contents.drawing, journal: nil,
                                      readOnlyReason: .notWritable(localized("its folder cannot be written")), wasCreated: false,
                                      notices: damage.map { ["\($0)"] } ?? [], damage: damage)
            }
        }
        if contents.isDamaged {
            needsRewrite = true
        } else if contents.tornBytes > 0 {
            // A record torn by a crash or a file cut short: nothing after it is valid; cut it off so the next record
            // follows the last.
            if ftruncate(fd, off_t(contents.validLength)) != 0 { needsRewrite = true }
        }
        keepDescriptor = true
        let journal = DocumentJournal(url: url, descriptor: fd, length: contents.validLength, ledger: contents.ledger,
                                      drawing: needsRewrite ? contents.drawing : nil, needsRewrite: needsRewrite,
                                      brushes: contents.brushes)
        if contents.isDamaged { journal.rewriteNow() }
        return OpenedDocument(url: url, drawing: contents.drawing, journal: journal, readOnlyReason: nil,
                              wasCreated: false, notices: damage.map { ["\($0)"] } ?? [], damage: damage)
    }

    /// Reads a document without locking or writing it (a replay's starting drawing).
    public static func read(_ url: URL) throws(DocumentOpenError) -> DrawingDocument.Contents {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw DocumentOpenError(path: path, reason: errno == ENOENT ? .noSuchFile : reasonForErrno(errno))
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw DocumentOpenError(path: path, reason: .isAFolder) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw DocumentOpenError(path: path, reason: .notARegularFile) }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DocumentOpenError(path: path, reason: reasonForErrno(errno)) }
        defer { close(fd) }
        guard isRegularFile(fd) else { throw DocumentOpenError(path: path, reason: .notARegularFile) }
        var decoder = DrawingDocument.Decoder()
        do {
            try decode(fd, into: &decoder)
        } catch {
            throw DocumentOpenError(path: path, reason: .failed(localized("cannot read it")))
        }
        do {
            return try decoder.finish()
        } catch {
            throw DocumentOpenError(path: path, reason: .unreadable(error))
        }
    }

    /// Writes a new document holding a drawing (a copy, a recovery document) at a path where no file is, atomically;
    /// never replaces a file.
    public static func writeNew(_ drawing: Drawing, to url: URL) throws(DocumentWriteError) {
        let descriptor = try writeAtomically(DrawingDocument.encode(drawing), to: url, replacing: false)
        close(descriptor)
    }

    // MARK: - Internals shared with the journal

    /// Writes bytes to a temporary file in the destination's folder, flushes it, locks it, and renames it over
    /// `url` (or links it there, failing if a file is there, when `replacing` is false); flushes the folder.
    /// Returns the new file's descriptor, open for writing and locked.
    static func writeAtomically(_ bytes: [UInt8], to url: URL, replacing: Bool) throws(DocumentWriteError) -> Int32 {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let fd = Glibc.open(temporary.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DocumentWriteError(path: url.path, errno: errno) }
        var isDone = false
        defer {
            if !isDone {
                close(fd)
                unlink(temporary.path)
            }
        }
        flock(fd, LOCK_EX | LOCK_NB)
        try writeAll(bytes, to: fd, at: 0, path: url.path)
        guard fsync(fd) == 0 else { throw DocumentWriteError(path: url.path, errno: errno) }
        if replacing {
            guard rename(temporary.path, url.path) == 0 else { throw DocumentWriteError(path: url.path, errno: errno) }
        } else {
            guard link(temporary.path, url.path) == 0 else { throw DocumentWriteError(path: url.path, errno: errno) }
            unlink(temporary.path)
        }
        syncFolder(folder)
        isDone = true
        return fd
    }

    /// Writes every byte at an offset, retrying short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, at offset: Int, path: String) throws(DocumentWriteError) {
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = pwrite(fd, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let failure { throw DocumentWriteError(path: path, errno: failure) }
    }

    /// Flushes a folder's entries, so that a rename or a new file in it survives power loss.
    static func syncFolder(_ folder: URL) {
        let fd = Glibc.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Creates an empty journal where no file is; `nil` when a file appeared there first.
    /// Whether an open file is a regular file. Documents are opened with `O_NONBLOCK` and checked with this: the
    /// check by name comes first, but a FIFO put there after it would hold a blocking `open` until something wrote to
    /// it (`O_NONBLOCK` changes nothing for a regular file's reads and writes).
    private static func isRegularFile(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Takes the document's lock, trying a few times over 40 ms: a child process this program started (another
    /// thread's, between its fork and its exec) holds a copy of every descriptor for that moment, and with it the
    /// lock of a document just closed here.
    private static func lockBriefly(_ fd: Int32) -> Bool {
        for attempt in 0..<5 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR, attempt < 4 else { return false }
            usleep(10_000)
        }
        return false
    }

    private static func createJournal(_ url: URL) throws(DocumentOpenError) -> OpenedDocument? {
        let fd = Glibc.open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 {
            if errno == EEXIST { return nil }
            throw DocumentOpenError(path: url.path, reason: reasonForErrno(errno))
        }
        flock(fd, LOCK_EX | LOCK_NB)
        do {
            try writeAll(DrawingDocument.header(), to: fd, at: 0, path: url.path)
        } catch {
            close(fd)
            unlink(url.path)
            throw DocumentOpenError(path: url.path, reason: .failed(error.reason))
        }
        fsync(fd)
        syncFolder(url.deletingLastPathComponent())
        let journal = DocumentJournal(url: url, descriptor: fd, length: DrawingDocument.headerSize, ledger: JournalLedger(),
                                      drawing: nil, needsRewrite: false)
        return OpenedDocument(url: url, drawing: Drawing(), journal: journal, readOnlyReason: nil, wasCreated: true,
                              notices: [])
    }

    /// Copies the first `length` bytes of the file open at `source` (what was read of it), a chunk at a time, to a
    /// new file beside `url` named `NAME.SUFFIX-<UTC time>` (with a number when taken).
    private static func keepCopy(of source: Int32, length: Int, beside url: URL, suffix: String,
                                 now: Date) throws(DocumentOpenError) -> URL {
        let base = url.path + ".\(suffix)-" + utcStamp(now)
        var candidate = base
        var number = 1
        while true {
            let fd = Glibc.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                defer { close(fd) }
                do throws(DocumentWriteError) {
                    var chunk = [UInt8](repeating: 0, count: min(DrawingDocument.Decoder.chunkSize, max(length, 1)))
                    var offset = 0
                    while offset < length {
                        let count = try readChunk(source, at: offset, into: &chunk, limit: length - offset)
                        // The file got shorter than what was read: the copy cannot be what was read.
                        guard count > 0 else { throw DocumentWriteError(path: url.path, errno: EIO) }
                        try writeAll(Array(chunk[..<count]), to: fd, at: offset, path: candidate)
                        offset += count
                    }
                } catch {
                    unlink(candidate)
                    throw DocumentOpenError(path: url.path, reason: .failed(localized("cannot keep a copy of the damaged file (%s)", error.reason)))
                }
                fsync(fd)
                return URL(fileURLWithPath: candidate)
            }
            guard errno == EEXIST else {
                throw DocumentOpenError(path: url.path, reason: .failed(localized("cannot keep a copy of the damaged file (%s)", errnoText(errno))))
            }
            number += 1
            candidate = base + "-\(number)"
        }
    }

    /// Feeds the whole file open at `fd` to a decoder a chunk at a time (one buffer, reused), from its start, until
    /// its end or until the decoder has decided (a file that is not a drawing is not read further).
    private static func decode(_ fd: Int32, into decoder: inout DrawingDocument.Decoder) throws(DocumentWriteError) {
        var chunk = [UInt8](repeating: 0, count: DrawingDocument.Decoder.chunkSize)
        var offset = 0
        while decoder.wantsMore {
            let count = try readChunk(fd, at: offset, into: &chunk, limit: chunk.count)
            if count == 0 { return }
            decoder.feed(chunk[..<count])
            offset += count
        }
    }

    /// Reads up to `limit` bytes (at most the chunk's size) at `offset` into the start of `chunk`, retrying
    /// interruptions; how many, 0 at the file's end.
    private static func readChunk(_ fd: Int32, at offset: Int, into chunk: inout [UInt8],
                                  limit: Int) throws(DocumentWriteError) -> Int {
        let wanted = min(limit, chunk.count)
        while true {
            let result = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, wanted, off_t(offset)) }
            if result >= 0 { return result }
            if errno != EINTR { throw DocumentWriteError(path: "", errno: errno) }
        }
    }

    private static func reasonForErrno(_ code: Int32) -> DocumentOpenError.Reason {
        switch code {
        case EACCES, EPERM: .permissionDenied
        case ENOENT, ENOTDIR: .noSuchFolder
        case EISDIR: .isAFolder
        default: .failed(errnoText(code))
        }
    }
}

/// A write to a document that failed, with the system's reason.
public struct DocumentWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document's path.
    public var path: String
    /// The system's error number.
    public var code: Int32
    /// The system's text for it.
    public var reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        self.code = code
        self.reason = errnoText(code)
    }

    // Translators: %1$s is a file's path, %2$s the system's reason.
    public var description: String { localized("cannot save %1$s: %2$s", path, reason) }
}

/// The system's text for an error number.
func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// A UTC time as `yyyyMMdd'T'HHmmss'Z'`, for names of kept copies.
func utcStamp(_ date: Date) -> String {
    let time = CivilTime.utc(date)
    return zeroPadded(time.year, 4) + zeroPadded(time.month, 2) + zeroPadded(time.day, 2) + "T"
        + zeroPadded(time.hour, 2) + zeroPadded(time.minute, 2) + zeroPadded(time.second, 2) + "Z"
}

/// A document checked as far as its header by ``DocumentFile/begin(_:create:now:)``, its file open (and locked
/// when this process may write it), its records not read yet. Read it once, with ``read(now:)`` (on any thread),
/// or let it go with ``abandon()``: either closes the file. Abandoning writes nothing.
public struct DocumentOpening: Sendable {
    /// The document's path.
    public let url: URL
    fileprivate let descriptor: Int32
    /// Why this process may not write the document; `nil` when it holds the lock.
    public let readOnlyReason: OpenedDocument.ReadOnlyReason?

    fileprivate init(url: URL, descriptor: Int32, readOnlyReason: OpenedDocument.ReadOnlyReason?) {
        self.url = url
        self.descriptor = descriptor
        self.readOnlyReason = readOnlyReason
    }

    /// The file's first bytes, up to a header's length.
    fileprivate func header() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: DrawingDocument.headerSize)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return Array(bytes.prefix(max(count, 0)))
    }

    /// Reads the records, as ``DocumentFile/open(_:create:now:)`` does: the drawing with its history, a torn
    /// record cut off, damaged ones recovered with the original kept beside it. Throws only when the file cannot
    /// be read (or changed under the lock since its header was checked).
    public func read(now: Date = Date()) throws(DocumentOpenError) -> OpenedDocument {
        try DocumentFile.read(url, descriptor: descriptor, readOnlyReason: readOnlyReason, now: now)
    }

    /// Closes the file without reading it: nothing is written, the lock is let go.
    public func abandon() {
        close(descriptor)
    }
}
