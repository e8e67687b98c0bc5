// Files the programs write on request (an export, a replay's PNG, a recording, a log): never over a drawing, never
// over another file unless asked, never into anything but a regular file.
import FoundationEssentials
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// The one rule for every file a program writes because an option named it (`fingerpaint --export`, `--output`,
/// `--record`, `--thumbnail`, `touch-replay --output`, `gesture-demo --output` and `--log`, `paint-benchmark
/// long-trace`; the list is `OutputSafetyTests.writers`): an existing file is replaced only when the user said so (`--overwrite`), a
/// fingerpaint drawing never (whatever its name), and a folder or anything but a regular file never. A picture
/// appears whole or not at all (``write(_:overwrite:produce:)``): it is written beside its place under a temporary
/// name and then linked (or, to replace, renamed) into place; a file written as it goes (a recording, a log) is
/// opened by ``create(_:overwrite:)``.
public enum OutputFile {
    /// Why a path may not be written, in plain words after the path (`nil`: it may).
    public static func refusal(toWrite path: String, overwrite: Bool) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT {
                var folder = stat()
                let parent = PathText.deletingLastComponent(path)
                guard stat(parent.isEmpty ? "." : parent, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                    return localized("its folder does not exist")
                }
                return nil
            }
            return reason(errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return localized("it is a folder")
        case S_IFREG, S_IFLNK: break
        default: return notARegularFile
        }
        if path.lowercased().hasSuffix(".fpdraw") || isDrawing(path) { return aDrawing }
        return overwrite ? nil : alreadyExists
    }

    /// Throws the refusal of ``refusal(toWrite:overwrite:)`` as ``write(_:overwrite:produce:)`` would, for a program
    /// that checks its files before it does anything.
    public static func check(_ path: String, overwrite: Bool) throws(OutputFileError) {
        if let refusal = refusal(toWrite: path, overwrite: overwrite) {
            throw OutputFileError(path: path, reason: refusal, wasRefused: true)
        }
    }

    /// The reasons of a refusal, in the words every program says them.
    static var notARegularFile: String { localized("it is not a regular file") }
    static var aDrawing: String { localized("it is a fingerpaint drawing, which is never written over (choose another name)") }
    // Translators: "--overwrite" is an option of the command line: keep it as it is.
    static var alreadyExists: String { localized("it already exists (add --overwrite to replace it)") }

    /// Whether the file at a path starts as a fingerpaint drawing does.
    static func isDrawing(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return startsAsDrawing(descriptor)
    }

    /// Whether the open file starts as a fingerpaint drawing does (read from its start, whatever its offset).
    static func startsAsDrawing(_ descriptor: Int32) -> Bool {
        var head = [UInt8](repeating: 0, count: DrawingDocument.magic.count)
        return pread(descriptor, &head, head.count, 0) == head.count && head == DrawingDocument.magic
    }

    /// Opens a file that is written as it goes (a recording, a log), by the same rule: a new file, or with
    /// `overwrite` an existing regular file that is not a drawing, emptied only after the open file itself was
    /// checked (a drawing put at `path` after the check by name is left whole). Returns the descriptor, open for
    /// writing with `O_CLOEXEC`; the caller closes it.
    public static func create(_ path: String, overwrite: Bool) throws(OutputFileError) -> Int32 {
        func refused(_ reason: String) -> OutputFileError { OutputFileError(path: path, reason: reason, wasRefused: true) }
        try check(path, overwrite: overwrite)
        // Never blocking: a FIFO put there since the check would hold open() until something read it.
        let descriptor = open(path, O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (overwrite ? O_RDWR : O_WRONLY | O_EXCL), 0o644)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? refused(alreadyExists) : OutputFileError(path: path, reason: reason(errno))
        }
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        if !isRegular || startsAsDrawing(descriptor) {
            close(descriptor)
            throw refused(isRegular ? aDrawing : notARegularFile)
        }
        guard ftruncate(descriptor, 0) == 0, fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0 else {
            let failure = errno
            close(descriptor)
            throw OutputFileError(path: path, reason: reason(failure))
        }
        return descriptor
    }

    /// Writes a file through `produce`, which is given a temporary path beside `path` to write, then puts it in
    /// place: beside nothing, or over an existing file only when `overwrite` (never over a drawing). Whatever fails,
    /// the temporary file is removed and the file at `path`, if any, is left as it was.
    public static func write(_ path: String, overwrite: Bool,
                             produce: (String) throws -> Void) throws(OutputFileError) {
        try check(path, overwrite: overwrite)
        let folder = PathText.deletingLastComponent(path)
        let name = PathText.lastComponent(path)
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).tmp-\(getpid())"
        defer { unlink(temporary) }
        do {
            try produce(temporary)
        } catch {
            // The producer's own words name the temporary file: say the one the user asked for.
            throw OutputFileError(path: path, reason: reason(in: "\(error)", writing: temporary))
        }
        if overwrite {
            // Checked again just before: a drawing put there meanwhile is still never replaced.
            try check(path, overwrite: true)
            guard rename(temporary, path) == 0 else { throw OutputFileError(path: path, reason: reason(errno)) }
        } else {
            guard link(temporary, path) == 0 else {
                throw errno == EEXIST
                    ? OutputFileError(path: path, reason: alreadyExists, wasRefused: true)
                    : OutputFileError(path: path, reason: reason(errno))
            }
        }
    }

    /// Writes `bytes` to a new file at `path` (never over one: ``write(_:overwrite:produce:)`` puts files in place)
    /// and flushes them to the disk.
    public static func writeNew(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputFileError(path: path, reason: reason(errno)) }
        var offset = 0
        var failure: Int32?
        while offset < bytes.count, failure == nil {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if errno != EINTR { failure = errno }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw OutputFileError(path: path, reason: reason(failure)) }
    }

    /// The reason in a writer's words "cannot write PATH: REASON" (``OutputFileError``'s, or another's in the same
    /// message), in the user's language: `text` without the words around the reason that name `path` (a temporary
    /// file the user never asked for); `text` as it is when it does not have them.
    public static func reason(in text: String, writing path: String) -> String {
        let marker = "\u{1}"
        let template = localized("cannot write %1$s: %2$s", path, marker)
        let parts = template.split(separator: marker, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return text }
        let (before, after) = (String(parts[0]), String(parts[1]))
        // What comes after the reason stays (a refusal's "; nothing was written") unless the message puts words there.
        guard !after.isEmpty else { return text.replacing(before, with: "") }
        guard text.hasPrefix(before) else { return text }
        var rest = String(text.dropFirst(before.count))
        if let range = rest.firstRange(of: after) { rest.removeSubrange(range) }
        return rest
    }

    /// A system error number in plain words.
    public static func reason(_ errorNumber: Int32) -> String {
        switch errorNumber {
        case ENOSPC, EDQUOT: localized("the disk is full")
        case ENOENT: localized("its folder does not exist")
        case ENOTDIR: localized("a part of its path is not a folder")
        case EACCES, EPERM: localized("you do not have permission to write there")
        case EROFS: localized("the disk is read-only")
        case EISDIR: localized("it is a folder")
        case EXDEV, EMLINK: localized("the file system does not allow it")
        default: String(cString: strerror(errorNumber))
        }
    }
}

/// A file that was not written, and why; whatever was at its path is as it was.
public struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path asked for.
    public var path: String
    /// Why, in plain words.
    public var reason: String
    /// Whether the file was refused by the rule (a drawing, an existing file without `--overwrite`, a folder)
    /// rather than failing to be written (a full disk, a folder that cannot be written).
    public var wasRefused = false

    /// One line: the path and the reason; a refusal says that nothing was written.
    public var description: String {
        // Translators: %1$s is a file's path, %2$s why it was not written.
        localized("cannot write %1$s: %2$s", path, reason)
            // Translators: follows "cannot write FILE: REASON" when the file was refused.
            + (wasRefused ? localized("; nothing was written") : "")
    }
}
