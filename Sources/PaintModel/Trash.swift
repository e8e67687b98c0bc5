// The desktop's Trash, as the freedesktop.org Trash specification lays it out: deleting a drawing is restorable.
import FoundationEssentials
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// The user's home Trash (`$XDG_DATA_HOME/Trash`, the freedesktop.org Trash specification 1.0): a file is moved
/// into its `files` folder, and a `.trashinfo` of the same name in its `info` folder says where it came from and
/// when, so that the file manager (Nautilus, Dolphin) lists it and restores it, and so can ``restore(_:)``.
public struct Trash: Sendable {
    /// The Trash folder, holding `files` and `info`.
    public var folder: URL

    /// The home Trash under the XDG base directory of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? homeFolderPath(), isDirectory: true)
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? home.appendingPathComponent(".local/share", isDirectory: true)
        folder = dataHome.appendingPathComponent("Trash", isDirectory: true)
    }

    /// A file in the Trash: where it is now and where it came from.
    public struct Item: Hashable, Sendable {
        /// The file's place in the Trash's `files` folder.
        public var trashedFile: URL
        /// Its `.trashinfo` in the `info` folder.
        public var infoFile: URL
        /// Where it was, and goes back to.
        public var originalFile: URL
    }

    /// Why a file could not be moved to the Trash or back; the file is left where it was.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// Why, in plain words.
        public var reason: String
        // Translators: moving a file to the Trash or back failed; %1$s is its path, %2$s why.
        public var description: String { localized("cannot move %1$s: %2$s", path, reason) }
    }

    /// Moves a file into the Trash: its `.trashinfo` is made first (claiming a name no trashed file has), then the
    /// file is renamed into `files`. A file on another file system than the Trash is refused, not copied.
    public func moveToTrash(_ file: URL, now: Date = Date()) throws(Failure) -> Item {
        let original = file.standardizedFileURL
        let files = folder.appendingPathComponent("files", isDirectory: true)
        let info = folder.appendingPathComponent("info", isDirectory: true)
        for subfolder in [files, info] {
            guard (try? FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)) != nil else {
                throw Failure(path: original.path, reason: localized("the Trash folder %s cannot be made", subfolder.path))
            }
        }
        let contents = "[Trash Info]\nPath=\(Self.escaped(original.path))\nDeletionDate=\(Self.stamp(now))\n"
        let stem = original.deletingPathExtension().lastPathComponent, ext = original.pathExtension
        for number in 1...10_000 {
            let name = number == 1 ? original.lastPathComponent : "\(stem).\(number)\(ext.isEmpty ? "" : ".\(ext)")"
            let infoFile = info.appendingPathComponent(name + ".trashinfo")
            let trashedFile = files.appendingPathComponent(name)
            let fd = Glibc.open(infoFile.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(path: original.path, reason: localized("the Trash cannot be written (%s)", String(cString: strerror(errno))))
            }
            let bytes = Array(contents.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            // A file of that name in `files` without its info: another name.
            guard written == bytes.count, access(trashedFile.path, F_OK) != 0 else {
                unlink(infoFile.path)
                if written != bytes.count { throw Failure(path: original.path, reason: localized("the Trash cannot be written")) }
                continue
            }
            guard rename(original.path, trashedFile.path) == 0 else {
                let code = errno
                unlink(infoFile.path)
                throw Failure(path: original.path, reason: code == EXDEV
                              ? localized("it is on another disk than your Trash; it was left where it is")
                              : String(cString: strerror(code)))
            }
            return Item(trashedFile: trashedFile, infoFile: infoFile, originalFile: original)
        }
        throw Failure(path: original.path, reason: localized("the Trash has too many files of that name"))
    }

    /// Puts a trashed file back where it came from and removes its `.trashinfo`; refused when a file is there now.
    public func restore(_ item: Item) throws(Failure) {
        guard access(item.originalFile.path, F_OK) != 0 else {
            throw Failure(path: item.trashedFile.path, reason: localized("a file named %s is there now", item.originalFile.lastPathComponent))
        }
        // Not over a file: linked under the old name (failing if one appeared meanwhile), then unlinked here.
        guard link(item.trashedFile.path, item.originalFile.path) == 0 else {
            throw Failure(path: item.trashedFile.path, reason: String(cString: strerror(errno)))
        }
        unlink(item.trashedFile.path)
        unlink(item.infoFile.path)
    }

    /// A path as the `Path` key holds it: each byte outside the unreserved set and `/` as `%XX` (RFC 2396).
    static func escaped(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/".utf8)
        return path.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : percentEscape($0) }.joined()
    }

    /// `%XX` for a byte, two upper-case hexadecimal digits (`String(format: "%%%02X")`).
    private static func percentEscape(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return (digits.count < 2 ? "%0" : "%") + digits
    }

    /// A local time as the `DeletionDate` key holds it: `YYYY-MM-DDThh:mm:ss`.
    static func stamp(_ date: Date) -> String {
        let local = CivilTime.local(date)
        return zeroPadded(local.year, 4) + "-" + zeroPadded(local.month, 2) + "-" + zeroPadded(local.day, 2) + "T"
            + zeroPadded(local.hour, 2) + ":" + zeroPadded(local.minute, 2) + ":" + zeroPadded(local.second, 2)
    }
}
