// The desktop's shared thumbnail cache (the freedesktop.org Thumbnail Managing Standard), read and written.
import CCairo
import FoundationEssentials
import Glibc
import PaintModel
import PaintRender

/// The freedesktop.org thumbnail cache, `$XDG_CACHE_HOME/thumbnails/` (docs/gallery.md, "Thumbnails"), which the
/// gallery shares with Nautilus, Dolphin and every file manager that follows the standard.
///
/// A file's thumbnail is `FLAVOR/MD5(URI).png`, its largest side at most the flavour's (128 `normal`, 256 `large`,
/// 512 `x-large`, 1024 `xx-large`), with the PNG text `Thumb::URI` (the file's URI) and `Thumb::MTime` (its
/// modification time in whole seconds): one whose text does not match the file as it is now is out of date. What
/// this program writes also carries `Thumb::Size`, `Software` and `X-FingerPaint::Damaged`, and is written whole
/// into a temporary file then renamed (mode 0600, folders 0700). Every failure to read or write is silent: the
/// cache is only ever a shortcut.
public struct ThumbnailCache: Sendable {
    /// A size of thumbnail and the folder it lives in.
    public enum Flavor: String, CaseIterable, Sendable {
        case normal, large, xLarge = "x-large", xxLarge = "xx-large"

        /// The largest side of its thumbnails, in pixels.
        public var side: Int {
            switch self {
            case .normal: 128
            case .large: 256
            case .xLarge: 512
            case .xxLarge: 1024
            }
        }

        /// The smallest flavour at least `side` pixels (the largest for more).
        public init(fitting side: Int) {
            self = Self.allCases.first { $0.side >= side } ?? .xxLarge
        }
    }

    /// A file as the cache knows it: its URI, modification time and size.
    public struct Source: Sendable, Equatable {
        /// The `file://` URI, escaped as GLib escapes it.
        public var uri: String
        /// The modification time in whole seconds since 1970.
        public var modified: Int
        /// The size in bytes.
        public var size: Int

        /// The file at `url` as it is now; `nil` when it is not a regular file.
        public init?(_ url: URL) {
            var status = stat()
            guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            uri = ThumbnailCache.uri(forPath: url.standardizedFileURL.path)
            modified = Int(status.st_mtim.tv_sec)
            size = Int(status.st_size)
        }
    }

    /// The cache's folder, `thumbnails` in the user's cache folder.
    public var folder: URL
    /// What `Software` says.
    public static let software = "fingerpaint"
    /// The text key that says the drawing had damage (it opens with what could be recovered).
    static let damagedKey = "X-FingerPaint::Damaged"

    /// The cache in `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The cache under the XDG base directories of `environment`: `$XDG_CACHE_HOME/thumbnails`, by default
    /// `~/.cache/thumbnails`.
    public init(environment: [String: String]) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? homeFolderPath(), isDirectory: true)
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? home.appendingPathComponent(".cache", isDirectory: true)
        self.init(folder: cache.appendingPathComponent("thumbnails", isDirectory: true))
    }

    /// A local file's URI as GLib's `g_filename_to_uri` writes it (so the names match GNOME's): every byte but
    /// letters, digits and `!$&'()*+,-./:=@_~` as `%XX` in capitals.
    public static func uri(forPath path: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$&'()*+,-./:=@_~".utf8)
        let digits = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        for byte in path.utf8 {
            if kept.contains(byte) { escaped.append(byte) } else { escaped += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        }
        return "file://" + String(decoding: escaped, as: UTF8.self)
    }

    /// Where the thumbnail of the file with `uri` is kept in a flavour.
    public func file(forURI uri: String, flavor: Flavor) -> URL {
        folder.appendingPathComponent(flavor.rawValue, isDirectory: true).appendingPathComponent(MD5.hex(uri) + ".png")
    }

    /// The cached thumbnail of `source` in a flavour, painted over white, and whether the drawing had damage;
    /// `nil` when there is none, it is not a PNG, or its `Thumb::URI` or `Thumb::MTime` (or `Thumb::Size`, when it
    /// has one) is not the file's as it is now.
    public func thumbnail(of source: Source, flavor: Flavor) -> (image: ImageSurface, isDamaged: Bool)? {
        guard let data = FileManager.default.contents(atPath: file(forURI: source.uri, flavor: flavor).path) else { return nil }
        let bytes = [UInt8](data)
        guard let text = PNGText.entries(of: bytes), text["Thumb::URI"] == source.uri,
              text["Thumb::MTime"].flatMap({ Int($0) }) == source.modified,
              text["Thumb::Size"].map({ Int($0) == source.size }) ?? true,
              let image = ImageSurface(pngBytes: bytes), max(image.width, image.height) <= flavor.side
        else { return nil }
        return (image, text[Self.damagedKey] == "1")
    }

    /// Keeps `image` as the thumbnail of `source` in a flavour: written whole to a temporary file beside it, then
    /// renamed over the old one. Whether it was kept; a failure (a read-only or full disk) leaves nothing behind.
    @discardableResult
    public func store(_ image: ImageSurface, of source: Source, flavor: Flavor, isDamaged: Bool) -> Bool {
        write(image, to: file(forURI: source.uri, flavor: flavor), entries: [
            ("Thumb::URI", source.uri), ("Thumb::MTime", String(source.modified)), ("Thumb::Size", String(source.size)),
            ("Software", Self.software), (Self.damagedKey, isDamaged ? "1" : "0"),
        ])
    }

    /// Writes `image` with the text `entries` to `destination` through a temporary file beside it (mode 0600,
    /// folders made 0700); whether it is there.
    private func write(_ image: ImageSurface, to destination: URL, entries: [(String, String)]) -> Bool {
        let entries = entries.map { (key: $0.0, value: $0.1) }
        guard let png = image.pngBytes(), let bytes = PNGText.inserting(entries, into: png),
              PrivateFolder.make(destination.deletingLastPathComponent())
        else { return false }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var offset = 0
        var failed = fchmod(descriptor, 0o600) != 0
        while offset < bytes.count, !failed {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if errno != EINTR { failed = true }
        }
        if close(descriptor) != 0 { failed = true }
        if !failed, rename(temporary, destination.path) == 0 { return true }
        unlink(temporary)
        return false
    }

    /// Where the cache remembers that `uri` could not be thumbnailed by this program: `fail/fingerpaint/MD5.png`.
    public func failureFile(forURI uri: String) -> URL {
        folder.appendingPathComponent("fail/\(Self.software)", isDirectory: true).appendingPathComponent(MD5.hex(uri) + ".png")
    }

    /// Whether the cache says `source`, as it is now, is not a drawing this program can read (its failure entry's
    /// `Thumb::URI` and `Thumb::MTime` match).
    public func hasFailure(for source: Source) -> Bool {
        guard let data = FileManager.default.contents(atPath: failureFile(forURI: source.uri).path),
              let text = PNGText.entries(of: [UInt8](data)) else { return false }
        return text["Thumb::URI"] == source.uri && text["Thumb::MTime"].flatMap({ Int($0) }) == source.modified
            && (text["Thumb::Size"].map({ Int($0) == source.size }) ?? true)
    }

    /// Remembers that `source` is not a drawing this program can read (a 1x1 PNG with its text, as the standard's
    /// failure entries are), so that it is not read again until it changes. Whether it was kept.
    @discardableResult
    public func storeFailure(of source: Source) -> Bool {
        write(ImageSurface(width: 1, height: 1), to: failureFile(forURI: source.uri), entries: [
            ("Thumb::URI", source.uri), ("Thumb::MTime", String(source.modified)), ("Thumb::Size", String(source.size)),
            ("Software", Self.software),
        ])
    }
}
