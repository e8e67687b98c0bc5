// The visible tiles of a drawing kept on disk between launches, as a painting program keeps its rendered layers
// (docs/tile-cache.md): written when the window rests and when it closes, read back at launch on another thread.
import CCairo
import Dispatch
import FoundationEssentials
import Glibc
import PaintModel
import Threading

/// The tile cache on disk, `$XDG_CACHE_HOME/fingerpaint/tiles/` (docs/tile-cache.md): one file a document, holding
/// the tiles of the view a launch shows (100 %, from the document's origin) as they were last shown, keyed so that a
/// changed document never shows them: the document's path, device, inode, size and modification time, and the
/// number and a digest of its strokes.
///
/// Every failure to read or write is silent and changes nothing else: the cache is only ever a shortcut. Files are
/// written whole to a temporary file, then renamed; a file that is not one of ours (by name and magic) is never
/// replaced or removed; the folder keeps within ``sizeLimit``, the least recently used files dropped first.
public struct TileStore: Sendable {
    /// The folder the files live in.
    public var folder: URL
    /// The most bytes the folder's tile files may take together.
    public var sizeLimit: Int

    /// The most bytes the cache takes by default: about five 4K windows' worth.
    public static let defaultSizeLimit = 256 << 20

    /// The cache in `folder`.
    public init(folder: URL, sizeLimit: Int = TileStore.defaultSizeLimit) {
        self.folder = folder
        self.sizeLimit = sizeLimit
    }

    /// The cache under the XDG base directories of `environment`: `$XDG_CACHE_HOME/fingerpaint/tiles`, by default
    /// `~/.cache/fingerpaint/tiles` (beside the thumbnails).
    public init(environment: [String: String], sizeLimit: Int = TileStore.defaultSizeLimit) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? homeFolderPath(), isDirectory: true)
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? home.appendingPathComponent(".cache", isDirectory: true)
        self.init(folder: cache.appendingPathComponent("fingerpaint/tiles", isDirectory: true), sizeLimit: sizeLimit)
    }

    /// A document file as the cache knows it: where it is and which version of it.
    public struct Document: Sendable, Equatable {
        /// The absolute path, standardized.
        public var path: String
        /// The file system's device and the file's inode: a file put in its place by rename has another.
        public var device: UInt64
        public var inode: UInt64
        /// The size in bytes.
        public var size: UInt64
        /// The modification time: seconds since 1970 and nanoseconds.
        public var modifiedSeconds: Int64
        public var modifiedNanoseconds: UInt32

        /// The file at `url` as it is now; `nil` when it is not a regular file.
        public init?(_ url: URL) {
            let path = url.standardizedFileURL.path
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            self.path = path
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = UInt64(max(status.st_size, 0))
            modifiedSeconds = Int64(status.st_mtim.tv_sec)
            modifiedNanoseconds = UInt32(clamping: status.st_mtim.tv_nsec)
        }

        init(path: String, device: UInt64, inode: UInt64, size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: UInt32) {
            self.path = path
            self.device = device
            self.inode = inode
            self.size = size
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
        }
    }

    /// One tile: where it lies in the grid of 256-pixel tiles of the document drawn at the file's pixels per point,
    /// and its pixels (rows of 256 × 4 bytes, Cairo's RGB24), `nil` for paper only.
    public struct Tile: Sendable, Equatable {
        /// The tile's column and row: it shows the document's pixels from (column × 256, row × 256).
        public var column: Int
        public var row: Int
        /// Rows of 256 × 4 bytes; `nil`: paper only, or pixels lent by the renderer (``lent``).
        public var pixels: [UInt8]?
        /// The renderer's own tile image, lent to the writer instead of copied (``LentTile``).
        var lent: LentTile?

        /// A tile of bytes (`nil`: paper only).
        public init(column: Int, row: Int, pixels: [UInt8]?) {
            self.column = column
            self.row = row
            self.pixels = pixels
        }

        /// A tile whose pixels are the renderer's image, lent until the writer is done with it.
        init(column: Int, row: Int, lent: LentTile) {
            self.init(column: column, row: row, pixels: nil)
            self.lent = lent
        }

        /// Whether the tile has pixels (rather than paper only).
        var hasPixels: Bool { pixels != nil || lent != nil }

        /// Runs `body` with the tile's pixels, rows of 256 × 4 bytes (`nil`: paper only).
        func withPixels<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
            if let pixels { return pixels.withUnsafeBytes { body($0) } }
            guard let lent else { return body(nil) }
            return withExtendedLifetime(lent) { body(UnsafeRawBufferPointer(start: lent.pixels, count: lent.byteCount)) }
        }

        public static func == (lhs: Tile, rhs: Tile) -> Bool {
            lhs.column == rhs.column && lhs.row == rhs.row
                && lhs.withPixels { left in rhs.withPixels { right in
                    switch (left, right) {
                    case (nil, nil): true
                    case let (left?, right?): left.elementsEqual(right)
                    default: false
                    }
                } }
        }
    }

    /// What a file holds: the document and drawing it shows, how it was drawn, and the tiles.
    public struct Contents: Sendable, Equatable {
        /// The document file as it was when the tiles were written.
        public var document: Document
        /// The number of strokes shown and their digest (``TileStore/digest(of:)``).
        public var strokeCount: Int
        public var strokesDigest: UInt64
        /// Buffer pixels per document point the tiles were drawn at (the zoom, 1, times the buffer scale).
        public var pixelsPerPoint: Double
        /// The paper as a pixel.
        public var paperPixel: UInt32
        /// The tiles, in the file's order.
        public var tiles: [Tile]
    }

    /// What the renderer hands over to be written: the tiles of the launch view it has sharp, and the strokes they
    /// show (their digest is computed by the writer, off the Wayland thread).
    public struct Snapshot: Sendable {
        /// The strokes the tiles show, all of them, in painting order.
        public var strokes: [Stroke]
        /// Buffer pixels per document point the tiles were drawn at.
        public var pixelsPerPoint: Double
        /// The paper as a pixel.
        public var paperPixel: UInt32
        /// The tiles.
        public var tiles: [Tile]
    }

    // MARK: - Names

    /// The file of the document at `path`: the lowercase hex MD5 of its standardized path, `.fptiles`.
    public func file(forDocument path: String) -> URL {
        folder.appendingPathComponent(MD5.hex(path) + Self.fileExtension)
    }

    static let fileExtension = ".fptiles"

    /// Whether a name in the folder is one of the cache's files: 32 lowercase hex digits and ``fileExtension``.
    static func isCacheFileName(_ name: String) -> Bool {
        guard name.hasSuffix(fileExtension) else { return false }
        let stem = name.utf8.dropLast(fileExtension.utf8.count)
        return stem.count == 32 && stem.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether a name is one of the cache's temporary files: `.NAME.fptiles.PID.RANDOM`; its writer's process id.
    static func temporaryWriter(ofName name: String) -> pid_t? {
        guard name.hasPrefix(".") else { return nil }
        let parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, isCacheFileName(parts[0] + "." + parts[1]), let pid = pid_t(parts[2]), UInt32(parts[3]) != nil
        else { return nil }
        return pid
    }

    // MARK: - Reading

    /// What the cache keeps for `document` as it is now, showing `strokes` on `paperPixel`; `nil` when there is
    /// nothing or the file is not for exactly that (another version of the document, other strokes, other paper,
    /// another renderer), is damaged, truncated or not ours. A file taken is marked used (its modification time),
    /// so the size limit drops it last.
    public func load(_ document: Document, strokes: [Stroke], paperPixel: UInt32) -> Contents? {
        let path = file(forDocument: document.path).path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let length = Int(status.st_size)
        guard let contents = TileStoreFormat.decode(length: length, read: { offset, count in
            Self.read(descriptor, at: offset, count: count)
        }, expecting: { header in
            header.document == document && header.strokeCount == strokes.count && header.paperPixel == paperPixel && header.strokesDigest == Self.digest(of: strokes)
        }) else { return nil }
        // Used now: the least recently used files go first when the folder is over its limit.
        futimens(descriptor, nil)
        return contents
    }

    /// `count` bytes at `offset` of a file, or `nil` when fewer can be read.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        let failed = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got > 0 { done += got } else if got < 0, errno == EINTR { continue } else { return true }
            }
            return false
        }
        return failed ? nil : bytes
    }

    // MARK: - Writing

    /// Writes the tiles of `snapshot` as the cache's file for `document` (the document as it is now: ``Document``),
    /// through a temporary file beside it (mode 0600, folders made 0700), then keeps the folder within its limit.
    /// Whether the file is there. A file at that name that is not one of ours is left alone (and nothing written).
    @discardableResult
    public func store(_ snapshot: Snapshot, of document: Document) -> Bool {
        let contents = Contents(document: document, strokeCount: snapshot.strokes.count,
                                strokesDigest: Self.digest(of: snapshot.strokes), pixelsPerPoint: snapshot.pixelsPerPoint,
                                paperPixel: snapshot.paperPixel, tiles: snapshot.tiles)
        guard let head = TileStoreFormat.encodeHead(contents), PrivateFolder.make(folder) else { return false }
        let destination = file(forDocument: document.path)
        guard Self.isOursOrMissing(destination.path) else { return false }
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        // The header and table, then each tile's pixels from where they are: the file is never whole in memory.
        var failed = fchmod(descriptor, 0o600) != 0 || !Self.writeAll(head, to: descriptor)
        for tile in contents.tiles where !failed {
            if !tile.withPixels({ pixels in pixels.map { Self.writeAll($0, to: descriptor) } ?? true }) { failed = true }
        }
        if close(descriptor) != 0 { failed = true }
        if !failed, rename(temporary, destination.path) == 0 {
            trim(keeping: destination.lastPathComponent)
            return true
        }
        unlink(temporary)
        return false
    }

    /// Writes all of `bytes`; whether it could.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `buffer`; whether it could.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }

    /// Whether `path` names nothing, or a regular file that starts with the cache's magic.
    private static func isOursOrMissing(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        return status.st_mode & S_IFMT == S_IFREG && startsWithMagic(path)
    }

    private static func startsWithMagic(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return read(descriptor, at: 0, count: TileStoreFormat.magic.count) == TileStoreFormat.magic
    }

    /// Keeps the folder within ``sizeLimit``: the cache's files (by name and magic) least recently used first go,
    /// `kept` last; temporary files of writers that are gone, or older than an hour, go too. Nothing else is touched.
    public func trim(keeping kept: String? = nil) {
        let folderPath = folder.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { return }
        // A file's path is the folder's and its name joined as text: the folder lists only names (no "/"), and a
        // `URL` made for each of a hundred files cost more than the rest of the trim together.
        let prefix = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
        // Times and sizes as the file system gives them: any 64-bit value (a file's time set far off, a sparse file),
        // so nothing here is arithmetic that can overflow.
        var files: [(name: String, bytes: Int, used: (seconds: Int64, nanoseconds: Int64))] = []
        let now = Int64(time(nil))
        for name in names {
            let path = prefix + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if let writer = Self.temporaryWriter(ofName: name) {
                let gone = writer != getpid() && kill(writer, 0) != 0 && errno == ESRCH
                if gone || Int64(status.st_mtim.tv_sec) < now.subtractingReportingOverflow(3_600).partialValue { unlink(path) }
                continue
            }
            guard Self.isCacheFileName(name), Self.startsWithMagic(path) else { continue }
            files.append((name, Int(status.st_size), (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))))
        }
        var total = files.reduce(0) { sum, file in
            let (added, overflow) = sum.addingReportingOverflow(file.bytes)
            return overflow ? .max : added
        }
        for file in files.sorted(by: { ($0.name == kept ? 1 : 0, $0.used.seconds, $0.used.nanoseconds)
                                        < ($1.name == kept ? 1 : 0, $1.used.seconds, $1.used.nanoseconds) }) {
            guard total > sizeLimit else { break }
            if unlink(prefix + file.name) == 0 { total -= file.bytes }
        }
    }

    // MARK: - The strokes' digest

    /// A 64-bit digest of everything a stroke is drawn from — its colour, width, points (and their times) and pen
    /// values, by their bit patterns — over every stroke in order (docs/tile-cache.md, "The strokes' digest").
    public static func digest(of strokes: [Stroke]) -> UInt64 {
        var digest = StrokesDigest()
        for stroke in strokes {
            digest.add(UInt64(stroke.points.count))
            digest.add(UInt64(stroke.pen.count))
            digest.add(stroke.width.bitPattern)
            for component in [stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha] {
                digest.add(component.bitPattern)
            }
            // Each sample as the three doubles (x, y, seconds) it was before strokes were stored compactly.
            for point in stroke.points {
                digest.add(point.location.x.bitPattern)
                digest.add(point.location.y.bitPattern)
                digest.add(point.timeBitPattern)
            }
            for pen in stroke.pen {
                digest.add(UInt64(pen.pressure.bitPattern) | UInt64(pen.altitude.bitPattern) << 32)
                digest.add(UInt64(pen.azimuth.bitPattern))
            }
        }
        return digest.value
    }
}

/// A 64-bit digest of a sequence of 64-bit words: each word goes in as xxHash64 takes its last 8-byte words
/// (multiplied, turned and multiplied by its primes, then folded into the state), and the end mixes the state as
/// xxHash64's avalanche does. Not a cryptographic hash: it tells a changed drawing from the one the tiles show.
struct StrokesDigest {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var state = StrokesDigest.prime5
    private var words: UInt64 = 0

    private static func turned(_ value: UInt64, by bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }

    mutating func add(_ word: UInt64) {
        let mixed = Self.turned(word &* Self.prime2, by: 31) &* Self.prime1
        state = Self.turned(state ^ mixed, by: 27) &* Self.prime1 &+ Self.prime4
        words &+= 1
    }

    var value: UInt64 {
        var hash = state ^ words
        hash ^= hash >> 33
        hash = hash &* Self.prime2
        hash ^= hash >> 29
        hash = hash &* Self.prime3
        hash ^= hash >> 32
        return hash
    }
}

/// The bytes of a tile cache file (docs/tile-cache.md): encoded whole, decoded piece by piece with every length,
/// count and position checked before it is believed, so no file, however made, is read beyond its length or traps.
enum TileStoreFormat {
    /// `FPTILE\r\n`.
    static let magic: [UInt8] = [0x46, 0x50, 0x54, 0x49, 0x4C, 0x45, 0x0D, 0x0A]
    static let version: UInt16 = 1
    /// The renderer's own version: bumped whenever the way a tile is drawn changes its pixels.
    static let rendererVersion: UInt32 = 1
    /// Bytes of the fixed header before the path.
    static let fixedHeader = 96
    static let longestPath = 4_096
    /// The largest buffer scale whose tiles a file may hold.
    static let largestScale = 16
    /// The most tiles a file holds: a 4K window at scale 2 needs about 560.
    static let mostTiles = 1_024
    /// Tiles lie within this many columns or rows of the origin, either way.
    static let farthestTile = 1 << 22
    static let tableEntry = 16
    static let side = TileKey.side
    static let tileBytes = TileKey.side * TileKey.side * 4
    /// `cairo_version()` of the library the tiles were drawn with.
    static var cairoVersion: UInt32 { UInt32(clamping: cairo_version()) }

    /// The file's header and tile table with their checksums: what comes before the tiles' pixels (each tile of
    /// pixels then follows, in the table's order); `nil` when the contents cannot be written.
    static func encodeHead(_ contents: TileStore.Contents) -> [UInt8]? {
        let path = Array(contents.document.path.utf8)
        guard path.count <= longestPath, contents.tiles.count <= mostTiles,
              (1...Double(largestScale)).contains(contents.pixelsPerPoint), contents.pixelsPerPoint.rounded() == contents.pixelsPerPoint,
              contents.tiles.allSatisfy({ tile in tile.withPixels { $0 == nil || $0!.count == tileBytes } }),
              contents.tiles.allSatisfy({ abs($0.column) <= farthestTile && abs($0.row) <= farthestTile })
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fixedHeader + path.count + 8 + contents.tiles.count * tableEntry)
        bytes += magic
        append(version, to: &bytes)
        append(UInt16(0), to: &bytes)
        append(UInt32(contents.tiles.count), to: &bytes)
        append(contents.document.size, to: &bytes)
        append(UInt64(bitPattern: contents.document.modifiedSeconds), to: &bytes)
        append(contents.document.modifiedNanoseconds, to: &bytes)
        append(UInt32(path.count), to: &bytes)
        append(contents.document.device, to: &bytes)
        append(contents.document.inode, to: &bytes)
        append(UInt64(contents.strokeCount), to: &bytes)
        append(contents.strokesDigest, to: &bytes)
        append(contents.pixelsPerPoint.bitPattern, to: &bytes)
        append(contents.paperPixel, to: &bytes)
        append(rendererVersion, to: &bytes)
        append(cairoVersion, to: &bytes)
        append(UInt16(side), to: &bytes)
        append(UInt16(1), to: &bytes)
        bytes += path
        append(CRC32.checksum(bytes[...]), to: &bytes)
        let tableStart = bytes.count
        for tile in contents.tiles {
            append(UInt32(bitPattern: Int32(tile.column)), to: &bytes)
            append(UInt32(bitPattern: Int32(tile.row)), to: &bytes)
            append(UInt32(tile.hasPixels ? 1 : 0), to: &bytes)
            append(tile.withPixels { $0.map { CRC32.checksum($0) } } ?? 0, to: &bytes)
        }
        append(CRC32.checksum(bytes[tableStart...]), to: &bytes)
        return bytes
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// Reads a file of `length` bytes through `read` (bytes at an offset; `nil` when they cannot be read): its
    /// header first, given to `expecting` (the tiles are read only when it says yes), then the table and the tiles,
    /// each checked against its checksum. `nil` for anything that is not a whole, undamaged file of this version.
    static func decode(length: Int, read: (_ offset: Int, _ count: Int) -> [UInt8]?,
                       expecting: (TileStore.Contents) -> Bool) -> TileStore.Contents? {
        guard length >= fixedHeader + 4, let fixed = read(0, fixedHeader), fixed.count == fixedHeader,
              Array(fixed[0..<8]) == magic
        else { return nil }
        var reader = ByteReader(bytes: fixed, offset: 8)
        let fileVersion: UInt16 = reader.next()
        _ = reader.next() as UInt16
        let tileCount = Int(reader.next() as UInt32)
        let size: UInt64 = reader.next()
        let seconds = Int64(bitPattern: reader.next() as UInt64)
        let nanoseconds: UInt32 = reader.next()
        let pathLength = Int(reader.next() as UInt32)
        let device: UInt64 = reader.next()
        let inode: UInt64 = reader.next()
        let strokeCount: UInt64 = reader.next()
        let digest: UInt64 = reader.next()
        let pixelsPerPoint = Double(bitPattern: reader.next() as UInt64)
        let paper: UInt32 = reader.next()
        let renderer: UInt32 = reader.next()
        let cairo: UInt32 = reader.next()
        let tileSide: UInt16 = reader.next()
        let format: UInt16 = reader.next()
        guard fileVersion == version, pathLength <= longestPath, tileCount <= mostTiles, strokeCount <= UInt64(Int32.max),
              renderer == rendererVersion, cairo == cairoVersion, Int(tileSide) == side, format == 1,
              // A launch view's tiles: 100 % at a whole buffer scale.
              (1...Double(largestScale)).contains(pixelsPerPoint), pixelsPerPoint.rounded() == pixelsPerPoint,
              length >= fixedHeader + pathLength + 4,
              let rest = read(fixedHeader, pathLength + 4), rest.count == pathLength + 4
        else { return nil }
        var checkReader = ByteReader(bytes: rest, offset: pathLength)
        guard CRC32.checksum((fixed + rest[..<pathLength])[...]) == checkReader.next() as UInt32,
              let path = String(validating: rest[..<pathLength], as: UTF8.self)
        else { return nil }
        let document = TileStore.Document(path: path, device: device, inode: inode, size: size, modifiedSeconds: seconds,
                                          modifiedNanoseconds: nanoseconds)
        var contents = TileStore.Contents(document: document, strokeCount: Int(strokeCount), strokesDigest: digest,
                                          pixelsPerPoint: pixelsPerPoint, paperPixel: paper, tiles: [])
        guard expecting(contents) else { return nil }
        let tableStart = fixedHeader + pathLength + 4
        guard length >= tableStart + tileCount * tableEntry + 4,
              let table = read(tableStart, tileCount * tableEntry + 4), table.count == tileCount * tableEntry + 4
        else { return nil }
        var tableReader = ByteReader(bytes: table, offset: tileCount * tableEntry)
        guard CRC32.checksum(table[..<(tileCount * tableEntry)]) == tableReader.next() as UInt32 else { return nil }
        tableReader = ByteReader(bytes: table, offset: 0)
        var entries: [(column: Int, row: Int, hasPixels: Bool, checksum: UInt32)] = []
        var seen = Set<[Int]>()
        for _ in 0..<tileCount {
            let column = Int(Int32(bitPattern: tableReader.next() as UInt32))
            let row = Int(Int32(bitPattern: tableReader.next() as UInt32))
            let kind: UInt32 = tableReader.next()
            let checksum: UInt32 = tableReader.next()
            guard abs(column) <= farthestTile, abs(row) <= farthestTile, kind <= 1, seen.insert([column, row]).inserted
            else { return nil }
            entries.append((column, row, kind == 1, checksum))
        }
        let pixelTiles = entries.filter(\.hasPixels).count
        guard length == tableStart + tileCount * tableEntry + 4 + pixelTiles * tileBytes else { return nil }
        var offset = tableStart + tileCount * tableEntry + 4
        for entry in entries {
            var pixels: [UInt8]?
            if entry.hasPixels {
                guard let bytes = read(offset, tileBytes), bytes.count == tileBytes,
                      CRC32.checksum(bytes[...]) == entry.checksum
                else { return nil }
                pixels = bytes
                offset += tileBytes
            }
            contents.tiles.append(TileStore.Tile(column: entry.column, row: entry.row, pixels: pixels))
        }
        return contents
    }

    /// Little-endian numbers read from bytes whose length the caller has checked.
    private struct ByteReader {
        var bytes: [UInt8]
        var offset: Int

        mutating func next<Value: FixedWidthInteger>() -> Value {
            let size = MemoryLayout<Value>.size
            guard offset + size <= bytes.count else { return 0 }
            let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
            offset += size
            return Value(littleEndian: value)
        }
    }
}

/// Writes tile cache files on a queue of its own, off the Wayland thread: the snapshot (plain values) goes in, the
/// strokes' digest, the encoding and the file are made there. A write asked for while another waits replaces it.
public final class TileStoreWriter: Sendable {
    /// What the last write did, for the benchmark and the tests.
    public struct Report: Sendable, Equatable {
        /// Whether the file was written.
        public var isWritten: Bool
        /// The time the write took on the writer's queue, in milliseconds, and the file's size in bytes.
        public var milliseconds: Double
        public var bytes: Int
    }

    /// Where the files go.
    public let store: TileStore
    private let queue = DispatchQueue(label: "fingerpaint.tile-store", qos: .utility)
    /// The write waiting to start (a later one replaces it), and the report of the last one done.
    private let state = Locked<(next: (TileStore.Snapshot, TileStore.Document)?, report: Report?)>((nil, nil))

    /// A writer into `store`.
    public init(store: TileStore) {
        self.store = store
    }

    /// Writes `snapshot` as the file of `document` (as the caller found it when it took the snapshot), soon.
    public func write(_ snapshot: TileStore.Snapshot, of document: TileStore.Document) {
        let wasWaiting = state.withLock { state in
            defer { state.next = (snapshot, document) }
            return state.next != nil
        }
        guard !wasWaiting else { return }
        queue.async { [self] in
            guard let (snapshot, document) = state.withLock({ state in
                defer { state.next = nil }
                return state.next
            }) else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            let isWritten = store.store(snapshot, of: document)
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            var size = stat()
            let bytes = isWritten && stat(store.file(forDocument: document.path).path, &size) == 0 ? Int(size.st_size) : 0
            state.withLock { $0.report = Report(isWritten: isWritten, milliseconds: milliseconds, bytes: bytes) }
        }
    }

    /// Waits until the writes asked for are done, at most `timeout`; whether they are.
    @discardableResult
    public func waitUntilIdle(timeout: Duration = .seconds(3_600)) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        return done.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success
    }

    /// What the last write did; `nil` before any.
    public var lastReport: Report? { state.withLock { $0.report } }
}
