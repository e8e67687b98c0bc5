// The document format: a drawing's journal as bytes, and back, with a magic, a version and checksums.
import Geometry

/// The file form of a drawing: a journal of what was done to it. See `docs/document-format.md`.
///
/// A compact little-endian binary: an 8-byte magic, a version and a header checksum, then records appended one
/// at a time — a stroke added, an undo, a redo, a clear — each with its own CRC-32, so that saving a stroke
/// writes that stroke only, the history survives, a torn last record is told apart from the records before
/// it, and a damaged record in the middle costs only itself. Version 3 adds each sample's pressure and tilt and
/// the erase record, version 4 the replace record (a held stroke become a shape); documents of versions 3, 2 (the
/// journal without pressure and erasing) and 1 (one checksummed list of strokes, no history) are still read.
public enum DrawingDocument {
    /// The first eight bytes of every document: `FPDRAW` then CR LF, which catches text-mode mangling.
    public static let magic: [UInt8] = Array("FPDRAW\r\n".utf8)
    /// The version this program writes: the journal, with pressure, erasing and replacing.
    public static let version: UInt16 = 4
    /// The file name extension of documents.
    public static let fileExtension = "fpdraw"
    /// The size of the header: magic, version, flags and the header's checksum.
    public static let headerSize = 16

    /// Why bytes are not a drawing this program reads.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The bytes do not start with the magic: not a drawing of ours.
        case notADrawing
        /// A drawing of a version this program does not know (a newer program wrote it).
        case unsupportedVersion(UInt16)
        /// The bytes end before the document does.
        case truncated
        /// The checksum does not match, or a value is impossible: the file was damaged.
        case damaged(String)

        public var description: String {
            switch self {
            case .notADrawing: "not a fingerpaint drawing"
            case let .unsupportedVersion(version):
                "a drawing of version \(version), made by a newer fingerpaint; this one reads versions 1 to \(DrawingDocument.version)"
            case .truncated: "the file is truncated"
            case let .damaged(reason): "the file is damaged (\(reason))"
            }
        }
    }

    /// What a document's bytes hold, and what reading them had to leave out.
    public struct Contents: Sendable {
        /// The drawing, with its history.
        public var drawing: Drawing
        /// The version the bytes were written in: 1 (no history) or 2 (no pressure), both rewritten as the current
        /// version before any append; or 3.
        public var version: UInt16
        /// How many bytes are the header and whole, valid records: where the next record goes. For version 1,
        /// the whole file.
        public var validLength: Int
        /// Bytes after the last valid record that make no record: a record torn by a crash or power loss while
        /// it was appended, or a file cut short. They are dropped.
        public var tornBytes: Int
        /// What the record cut short at the end was, as far as its bytes tell; `nil` when the end is whole.
        public var tornEnd: TornEnd?
        /// Runs of damaged bytes between valid records that were skipped: each cost the records in it.
        public var damagedRuns: Int
        /// The sizes a compacted journal of the drawing would hold, for deciding when to compact.
        var ledger = JournalLedger()

        /// Whether records in the middle were lost: the file is not as it was written.
        public var isDamaged: Bool { damagedRuns > 0 }

        /// Whether some bytes could not be read: damaged records, or a torn end (``DocumentDamage``).
        public var hasUnreadBytes: Bool { isDamaged || tornBytes > 0 }

        /// How many bytes a compacted journal of the drawing holds (``DrawingDocument/encode(_:)``), counted from the
        /// records as they were read.
        public var liveBytes: Int { ledger.liveBytes }
    }

    /// What the record cut short at a journal's end was, as far as its bytes tell. What came after it, if
    /// anything did, cannot be told: a journal says nowhere how many records it holds.
    public enum TornEnd: Hashable, Sendable {
        /// A stroke's record (a stroke added, a base stroke, a shape put in a stroke's place): one stroke lost.
        case stroke
        /// The record of an edit without a stroke (an undo, a redo, a clear, an erase).
        case edit
        /// Fewer bytes than a record's header, or a header of no known kind: what they began cannot be told.
        case unknown
    }

    /// The kinds of journal record, as stored.
    enum RecordKind: UInt16 {
        case baseStroke = 1, add = 2, clear = 3, undo = 4, redo = 5, erase = 6, replace = 7
    }

    /// The bits of a stored stroke's point-data field: which arrays follow its points.
    private enum PointData {
        static let times: UInt32 = 1
        /// Version 3 on: pressure, altitude and azimuth, `f32` each, per point.
        static let pen: UInt32 = 2
    }

    /// The size of a record's header: payload length, kind and the header's own check.
    static let recordHeaderSize = 8
    /// A record's bytes beyond its payload: the header and the CRC-32 at the end.
    static let recordOverhead = recordHeaderSize + 4

    // MARK: - Writing

    /// The header that starts every journal.
    public static func header() -> [UInt8] {
        header(version: version)
    }

    /// The header a fingerpaint writing documents of `version` would write (tests make newer ones with it).
    public static func header(version: UInt16) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize)
        writer.append(magic)
        writer.append(version)
        writer.append(UInt16(0))  // flags, none yet
        let check = CRC32.checksum(writer.bytes[..<12])
        writer.append(check)
        return writer.bytes
    }

    /// The record of one edit, to append to a journal.
    public static func record(_ edit: DrawingEdit) -> [UInt8] {
        switch edit {
        case let .add(stroke): record(.add, stroke: stroke)
        case .clear: record(.clear, stroke: nil)
        case let .erase(indices): record(erasing: indices)
        case let .replace(index, stroke): record(replacing: index, with: stroke)
        case .undo: record(.undo, stroke: nil)
        case .redo: record(.redo, stroke: nil)
        }
    }

    /// A compacted journal: the header, the base strokes and the shortest history that makes the drawing again.
    ///
    /// The bytes are one allocation of the journal's size (and `extra` bytes more, for records the caller appends):
    /// grown by doubling, a 48 MB journal held up to 64 MiB, and both the old and the new storage while it grew
    /// (docs/performance.md, "Memory").
    public static func encode(_ drawing: Drawing, reservingExtra extra: Int = 0) -> [UInt8] {
        let edits = drawing.compactEdits
        var bytes = header()
        let size = drawing.baseStrokes.reduce(bytes.count + max(extra, 0)) { $0 + recordOverhead + strokeSize($1) }
        bytes.reserveCapacity(edits.reduce(size) { $0 + recordSize(of: $1) })
        for stroke in drawing.baseStrokes { bytes += record(.baseStroke, stroke: stroke) }
        for edit in edits { bytes += record(edit) }
        return bytes
    }

    /// The size of an edit's record, without encoding it.
    public static func recordSize(of edit: DrawingEdit) -> Int {
        switch edit {
        case let .add(stroke): recordOverhead + strokeSize(stroke)
        case let .erase(indices): recordOverhead + 4 + 4 * indices.count
        case let .replace(_, stroke): recordOverhead + 4 + strokeSize(stroke)
        case .clear, .undo, .redo: recordOverhead
        }
    }

    /// The bytes of a document of version 1 (every stroke, no history, one checksum): what fingerpaint wrote
    /// before the journal. For tools and tests that make such documents; the program no longer writes them.
    public static func encodeVersion1(_ strokes: [Stroke]) -> [UInt8] {
        var writer = ByteWriter(capacity: magic.count + 8 + 4 + strokes.reduce(0) { $0 + strokeSize($1) })
        writer.append(magic)
        writer.append(UInt16(1))
        writer.append(UInt16(0))  // flags
        writer.append(UInt32(strokes.count))
        for stroke in strokes { append(stroke, to: &writer) }
        return writer.finish()
    }

    /// The bytes of a document of version 2 (the journal before pressure and erasing), for tools and tests that
    /// make such documents; `nil` for a drawing with pressure, an erase or a replace in its history, which version
    /// 2 cannot hold. Version 2 is laid out as version 4 without those, so it is the same journal with another
    /// version.
    public static func encodeVersion2(_ drawing: Drawing) -> [UInt8]? {
        let strokes = drawing.baseStrokes + drawing.compactEdits.compactMap { edit -> Stroke? in
            if case let .add(stroke) = edit { stroke } else { nil }
        }
        let erases = drawing.compactEdits.contains {
            switch $0 {
            case .erase, .replace: true
            case .add, .clear, .undo, .redo: false
            }
        }
        guard !erases, !strokes.contains(where: \.hasPressure) else { return nil }
        var bytes = encode(drawing)
        bytes[8] = 2
        let check = CRC32.checksum(bytes[..<12])
        for index in 0..<4 { bytes[12 + index] = UInt8(truncatingIfNeeded: check >> (8 * index)) }
        return bytes
    }

    private static func record(_ kind: RecordKind, stroke: Stroke?) -> [UInt8] {
        let payload = stroke.map(strokeSize) ?? 0
        var writer = recordWriter(kind, payload: payload)
        if let stroke { append(stroke, to: &writer) }
        return writer.finish()
    }

    /// An erase record: the count of positions, then the positions, `u32` each.
    private static func record(erasing indices: [Int]) -> [UInt8] {
        var writer = recordWriter(.erase, payload: 4 + 4 * indices.count)
        writer.append(UInt32(indices.count))
        for index in indices { writer.append(UInt32(truncatingIfNeeded: index)) }
        return writer.finish()
    }

    /// A replace record: the position, `u32`, then the stroke that takes its place.
    private static func record(replacing index: Int, with stroke: Stroke) -> [UInt8] {
        var writer = recordWriter(.replace, payload: 4 + strokeSize(stroke))
        writer.append(UInt32(truncatingIfNeeded: index))
        append(stroke, to: &writer)
        return writer.finish()
    }

    /// A writer holding a record's header, with room for its payload and CRC.
    private static func recordWriter(_ kind: RecordKind, payload: Int) -> ByteWriter {
        var writer = ByteWriter(capacity: recordOverhead + payload)
        writer.append(UInt32(payload))
        writer.append(kind.rawValue)
        writer.append(UInt16(truncatingIfNeeded: CRC32.checksum(writer.bytes[..<6])))
        return writer
    }

    private static func strokeSize(_ stroke: Stroke) -> Int {
        48 + stroke.points.count * (16 + (hasTimes(stroke) ? 8 : 0) + (stroke.hasPressure ? 12 : 0))
    }

    private static func hasTimes(_ stroke: Stroke) -> Bool {
        stroke.points.contains { $0.time != nil }
    }

    private static func append(_ stroke: Stroke, to writer: inout ByteWriter) {
        for component in [stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha] {
            writer.append(component)
        }
        writer.append(stroke.width)
        writer.append(UInt32(stroke.points.count))
        let hasTimes = hasTimes(stroke)
        writer.append((hasTimes ? PointData.times : 0) | (stroke.hasPressure ? PointData.pen : 0))
        for point in stroke.points {
            writer.append(point.location.x)
            writer.append(point.location.y)
        }
        if hasTimes {
            for point in stroke.points { writer.append(point.time?.seconds ?? .nan) }
        }
        for sample in stroke.pen {
            writer.append(sample.pressure)
            writer.append(sample.altitude)
            writer.append(sample.azimuth)
        }
    }

    // MARK: - Reading

    /// Reads a document of either version: the bytes fed to a ``Decoder`` a chunk at a time, as a file is read.
    ///
    /// A journal's torn last record is dropped (``Contents/tornBytes``); damaged records in the middle are
    /// skipped and the valid ones after them kept (``Contents/damagedRuns``). Throws when the bytes are not a
    /// drawing of ours, of a version this program does not know, or a version-1 document that is truncated or
    /// damaged (it has one checksum for everything).
    public static func read(_ bytes: [UInt8]) throws(ReadError) -> Contents {
        try read(bytes, chunkSize: Decoder.chunkSize)
    }

    /// Reads a document fed to the decoder `chunkSize` bytes at a time (at least one): the same contents, or the
    /// same error, whatever the size.
    static func read(_ bytes: [UInt8], chunkSize: Int) throws(ReadError) -> Contents {
        var decoder = Decoder()
        var start = 0
        let step = max(chunkSize, 1)
        while start < bytes.count, decoder.wantsMore {
            let end = bytes.count - start > step ? start + step : bytes.count
            decoder.feed(bytes[start..<end])
            start = end
        }
        return try decoder.finish()
    }

    /// Whether `bytes` (a file's first ``headerSize`` bytes or fewer) are a whole journal header of a version this
    /// program reads: then ``read(_:)`` of the whole file throws nothing (its records' damage is repaired, not
    /// refused).
    public static func isJournalHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= headerSize, bytes.starts(with: magic) else { return false }
        guard (2...4).contains(UInt16(bytes[8]) | UInt16(bytes[9]) << 8) else { return false }
        return CRC32.checksum(bytes[..<12]) == ByteReader(bytes: bytes, offset: 12).peekUInt32()
    }

    private enum ReadEdit {
        case base(Stroke)
        case edit(DrawingEdit)
    }

    /// What a valid record means; throws when its payload is not what its kind needs.
    private static func meaning(of kind: RecordKind, payload: ArraySlice<UInt8>, afterEdits: Bool,
                                version: UInt16) throws(ReadError) -> ReadEdit {
        switch kind {
        case .baseStroke, .add:
            var reader = ByteReader(bytes: payload)
            let stroke = try readStroke(from: &reader, version: version)
            guard reader.remaining == 0 else { throw .damaged("a stroke record with extra bytes") }
            if kind == .add { return .edit(.add(stroke)) }
            // Base strokes come first, before any edit: one later is not something this program writes.
            guard !afterEdits else { throw .damaged("a base stroke after an edit") }
            return .base(stroke)
        case .erase:
            guard version >= 3 else { throw .damaged("an erase record in a version-\(version) document") }
            var reader = ByteReader(bytes: payload)
            let count = Int(try reader.read() as UInt32)
            guard reader.remaining == 4 * count else { throw .damaged("an erase record of the wrong size") }
            var indices: [Int] = []
            indices.reserveCapacity(count)
            for _ in 0..<count { indices.append(Int(try reader.read() as UInt32)) }
            return .edit(.erase(indices))
        case .replace:
            guard version >= 4 else { throw .damaged("a replace record in a version-\(version) document") }
            var reader = ByteReader(bytes: payload)
            let index = Int(try reader.read() as UInt32)
            let stroke = try readStroke(from: &reader, version: version)
            guard reader.remaining == 0 else { throw .damaged("a replace record with extra bytes") }
            return .edit(.replace(at: index, with: stroke))
        case .clear, .undo, .redo:
            guard payload.isEmpty else { throw .damaged("an edit record with a payload") }
            return .edit(kind == .clear ? .clear : kind == .undo ? .undo : .redo)
        }
    }

    /// What the bytes at an offset are, as far as the bytes received tell.
    private enum RecordCheck {
        /// A whole record whose checksums match: its kind and its payload's range in the decoder's buffer.
        case valid(RecordKind, Range<Int>)
        /// No record starts here.
        case invalid
        /// The record's bytes have not all come yet.
        case needsMore
    }

    /// The header bytes at `offset`, the bytes from it to the end of the document, and whether they are what an
    /// append cut short leaves: less than a record's header, or a whole header (its checksum right) whose record
    /// runs past the end.
    static func isTornAppend(header: ArraySlice<UInt8>, remaining: Int) -> Bool {
        guard remaining >= recordHeaderSize, header.count >= recordHeaderSize else { return true }
        guard headerCheckMatches(header) else { return false }
        return Int(ByteReader(bytes: header).peekUInt32()) + recordOverhead > remaining
    }

    /// Whether a record header's own check (its last two bytes) matches its first six: a whole header.
    private static func headerCheckMatches(_ header: ArraySlice<UInt8>) -> Bool {
        let start = header.startIndex
        let check = UInt16(header[start + 6]) | UInt16(header[start + 7]) << 8
        return UInt16(truncatingIfNeeded: CRC32.checksum(header[start..<(start + 6)])) == check
    }

    /// What a torn record was, from its header bytes (what ``isTornAppend(header:remaining:)`` found torn): its kind
    /// when the header is whole and its check matches.
    static func tornEnd(header: ArraySlice<UInt8>) -> TornEnd {
        let start = header.startIndex
        guard header.count >= recordHeaderSize, headerCheckMatches(header),
              let kind = RecordKind(rawValue: UInt16(header[start + 4]) | UInt16(header[start + 5]) << 8)
        else { return .unknown }
        switch kind {
        case .baseStroke, .add, .replace: return .stroke
        case .clear, .undo, .redo, .erase: return .edit
        }
    }

    private static func readStroke(from reader: inout ByteReader, version: UInt16) throws(ReadError) -> Stroke {
        let red: Double = try reader.read(), green: Double = try reader.read()
        let blue: Double = try reader.read(), alpha: Double = try reader.read()
        let width: Double = try reader.read()
        let pointCount = Int(try reader.read() as UInt32)
        let pointData: UInt32 = try reader.read()
        let known = version >= 3 ? PointData.times | PointData.pen : PointData.times
        guard pointData & ~known == 0, width.isFinite, width > 0 else { throw .damaged("impossible values") }
        let hasTimes = pointData & PointData.times != 0, hasPen = pointData & PointData.pen != 0
        guard reader.remaining >= pointCount * (16 + (hasTimes ? 8 : 0) + (hasPen ? 12 : 0)) else { throw .truncated }
        var points: [StrokePoint] = []
        points.reserveCapacity(pointCount)
        for _ in 0..<pointCount {
            let x: Double = try reader.read(), y: Double = try reader.read()
            points.append(StrokePoint(Point(x: x, y: y)))
        }
        if hasTimes {
            for index in 0..<pointCount {
                let seconds: Double = try reader.read()
                if !seconds.isNaN { points[index].time = Timestamp(seconds: seconds) }
            }
        }
        var pen: [StrokePen] = []
        if hasPen {
            pen.reserveCapacity(pointCount)
            for _ in 0..<pointCount {
                let pressure: Float = try reader.read(), altitude: Float = try reader.read()
                let azimuth: Float = try reader.read()
                guard let sample = StrokePen(storedPressure: pressure, altitude: altitude, azimuth: azimuth) else {
                    throw .damaged("a pressure or tilt out of range")
                }
                pen.append(sample)
            }
        }
        let color = Color(red: red, green: green, blue: blue, alpha: alpha)
        // A coordinate that is not a number, or out of reach, is damage like a bad checksum: the stroke is dropped.
        guard let stroke = Stroke(points: points, pen: pen, color: color, width: width), stroke.isWithinLimits,
              [red, green, blue, alpha].allSatisfy({ $0.isFinite })
        else { throw .damaged("impossible values") }
        return stroke
    }
}

/// Writes little-endian values into a byte array sized up front.
private struct ByteWriter {
    private(set) var bytes: [UInt8]
    private var offset = 0

    init(capacity: Int) {
        bytes = [UInt8](repeating: 0, count: capacity)
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.replaceSubrange(offset..<(offset + raw.count), with: raw)
        offset += raw.count
    }

    mutating func append(_ value: UInt16) { store(value.littleEndian) }
    mutating func append(_ value: UInt32) { store(value.littleEndian) }
    mutating func append(_ value: Double) { store(value.bitPattern.littleEndian) }
    mutating func append(_ value: Float) { store(value.bitPattern.littleEndian) }

    /// The bytes written so far, with the checksum of them appended.
    mutating func finish() -> [UInt8] {
        let checksum = CRC32.checksum(bytes[..<offset])
        append(checksum)
        precondition(offset == bytes.count, "the document's size was miscounted")
        return bytes
    }

    private mutating func store<T: FixedWidthInteger>(_ value: T) {
        let position = offset
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: position, as: T.self) }
        offset += MemoryLayout<T>.size
    }
}

/// Reads little-endian values from a byte array, throwing ``DrawingDocument/ReadError/truncated`` past its end.
private struct ByteReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int
    var end: Int

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes[...]
        self.offset = offset
        self.end = bytes.count
    }

    /// A reader of a slice's bytes (indexed as in its array), from its start to its end.
    init(bytes slice: ArraySlice<UInt8>) {
        self.bytes = slice
        self.offset = slice.startIndex
        self.end = slice.endIndex
    }

    var remaining: Int { end - offset }

    func peekUInt32() -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    mutating func read() throws(DrawingDocument.ReadError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readUnsigned(2))
    }

    mutating func read() throws(DrawingDocument.ReadError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readUnsigned(4))
    }

    mutating func read() throws(DrawingDocument.ReadError) -> Double {
        Double(bitPattern: try readUnsigned(8))
    }

    mutating func read() throws(DrawingDocument.ReadError) -> Float {
        Float(bitPattern: UInt32(truncatingIfNeeded: try readUnsigned(4)))
    }

    private mutating func readUnsigned(_ size: Int) throws(DrawingDocument.ReadError) -> UInt64 {
        guard remaining >= size else { throw .truncated }
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }
}

extension DrawingDocument {
    /// Reads a document from its bytes as they come, a chunk at a time: each record is decoded as soon as its last
    /// byte has come, and a record cut by a chunk's end waits in the decoder for the rest. Only the bytes not
    /// decoded yet are kept (one buffer, reused), so opening a document never holds its bytes whole beside its
    /// strokes. This is the only reader of the format: ``DrawingDocument/read(_:)`` feeds it from an array.
    ///
    /// Whatever the chunks' sizes, ``finish()`` gives the same contents, or throws the same error, as the bytes
    /// fed all at once. A decision that needs bytes not yet come (a record's checksum, whether bytes are the torn
    /// end of the file) waits for them, or for ``finish()``, which says there are no more.
    ///
    /// Memory: the buffer holds the longest record (or, in a version-1 document, stroke) that is not decoded yet
    /// and the last chunk. In a damaged journal, a wrong record header whose checksum happens to match (one
    /// position in 2^16 with a known kind) keeps the bytes up to the length it claims, at most the rest of the file.
    public struct Decoder {
        /// The size of the chunks a file is read in.
        public static let chunkSize = 1 << 20

        /// Where the reading is.
        private enum Stage {
            /// Waiting for the header.
            case header
            /// A document of version 1: one list of strokes and a checksum of the whole file.
            case version1(Version1)
            /// A journal: records one after the other.
            case journal(Journal)
            /// Decided: nothing that comes later changes the outcome.
            case done(Result<Contents, ReadError>)
        }

        private struct Version1 {
            /// How many strokes the document says it holds; `nil` until its bytes have come.
            var count: UInt32?
            var strokes: [Stroke] = []
            /// Where the next stroke starts (before the count is read, where the count is).
            var offset = magic.count + 4
            /// The CRC-32 of the bytes before `checked`.
            var checksum: UInt32 = 0
            var checked = 0
        }

        private struct Journal {
            var contents: Contents
            var version: UInt16
            /// The strokes that come first; the drawing is made from them when the first edit comes.
            var baseStrokes: [Stroke] = []
            var drawing: Drawing?
            /// Where the next record should start.
            var offset = headerSize
            var isInDamage = false
            /// Looking for the next valid record after `offset`, which holds none: the next place to try, and the
            /// first bytes at `offset` (up to a record header's), to tell a torn end from damage.
            var search: (candidate: Int, header: [UInt8])?
        }

        private var stage = Stage.header
        /// The bytes from `base` on that are still needed.
        private var buffer: [UInt8] = []
        /// The offset in the document of `buffer`'s first byte.
        private var base = 0
        /// How many bytes have come.
        public private(set) var byteCount = 0
        private var isAtEnd = false

        /// A decoder before the document's first byte.
        public init() {}

        /// Whether more bytes can change the outcome: `false` once the bytes are known not to be a drawing this
        /// program reads (a foreign file is not read further).
        public var wantsMore: Bool {
            if case .done = stage { return false }
            return !isAtEnd
        }

        /// Takes the next bytes of the document and decodes every record they complete.
        public mutating func feed(_ bytes: ArraySlice<UInt8>) {
            guard wantsMore, !bytes.isEmpty else { return }
            buffer.append(contentsOf: bytes)
            byteCount += bytes.count
            advance()
        }

        /// Says the document has no more bytes: what it holds, or why it is not a drawing this program reads.
        public mutating func finish() throws(ReadError) -> Contents {
            isAtEnd = true
            advance()
            guard case let .done(result) = stage else { preconditionFailure("the decoder left undecided at the end") }
            return try result.get()
        }

        // MARK: - Decoding

        /// Decodes as far as the bytes come so far allow, then lets go of the bytes no longer needed.
        private mutating func advance() {
            switch stage {
            case .header: decideHeader()
            case .version1, .journal, .done: break
            }
            switch stage {
            case .header, .done: break
            case var .version1(state):
                stage = .header  // not a copy kept while the state changes
                stage = decode(&state)
            case var .journal(state):
                stage = .header
                stage = decode(&state)
            }
            let needed: Int
            switch stage {
            case .header: needed = 0
            case .done: needed = byteCount
            case let .version1(state): needed = min(state.offset, state.checked)
            case let .journal(state): needed = state.search?.candidate ?? state.offset
            }
            if needed > base {
                buffer.removeSubrange(0..<(min(needed, byteCount) - base))
                base = min(needed, byteCount)
            }
        }

        /// The byte at an offset in the document, which must still be in the buffer.
        private func byte(at offset: Int) -> UInt8 { buffer[offset - base] }

        /// The bytes from `start` to `end` in the document, as a slice of the buffer (indexed in the buffer).
        private func bytes(_ start: Int, _ end: Int) -> ArraySlice<UInt8> { buffer[(start - base)..<(end - base)] }

        /// Reads the header once it has come (or the document ended before it): its version chooses the reading.
        private mutating func decideHeader() {
            guard byteCount >= headerSize || isAtEnd else { return }
            let header = bytes(0, min(byteCount, headerSize))
            guard header.count >= magic.count + 2 else {
                let isTruncated = magic.starts(with: header) && !header.isEmpty
                stage = .done(.failure(isTruncated ? .truncated : .notADrawing))
                return
            }
            guard header.starts(with: magic) else {
                stage = .done(.failure(.notADrawing))
                return
            }
            let version = UInt16(header[8]) | UInt16(header[9]) << 8
            let headerIsWhole = header.count >= headerSize
                && CRC32.checksum(header[..<12]) == ByteReader(bytes: header[12...]).peekUInt32()
            switch version {
            case 1:
                stage = .version1(Version1())
            case 2, 3, 4:
                guard header.count >= headerSize else {
                    stage = .done(.failure(.truncated))
                    return
                }
                guard headerIsWhole else {
                    stage = .done(.failure(.damaged("header checksum mismatch")))
                    return
                }
                let contents = Contents(drawing: Drawing(), version: version, validLength: headerSize, tornBytes: 0,
                                        damagedRuns: 0)
                stage = .journal(Journal(contents: contents, version: version))
            default:
                // The version is believed only when the header's checksum says the header is whole: a damaged byte
                // there is damage, not a drawing of a newer fingerpaint.
                stage = .done(.failure(headerIsWhole ? .unsupportedVersion(version) : .damaged("header checksum mismatch")))
            }
        }

        /// Decodes the journal's records that have come; the next stage.
        private func decode(_ state: inout Journal) -> Stage {
            while true {
                if let search = state.search {
                    // Not a record at `offset`: look for the next one. None later means the tail was torn, if it
                    // is the start of a record cut short; a whole record that is wrong is damage.
                    var candidate = search.candidate
                    var found = false
                    searching: while true {
                        if byteCount - candidate < recordOverhead {
                            guard isAtEnd else { break }
                            state.search = nil
                            if isTornAppend(header: search.header[...], remaining: byteCount - state.offset) {
                                state.contents.tornBytes = byteCount - state.offset
                                state.contents.tornEnd = tornEnd(header: search.header[...])
                            } else if !state.isInDamage {
                                state.contents.damagedRuns += 1
                            }
                            return .done(.success(finished(state)))
                        }
                        switch check(at: candidate) {
                        case .valid:
                            found = true
                            break searching
                        case .invalid:
                            candidate += 1
                        case .needsMore:
                            break searching
                        }
                    }
                    guard found else {
                        state.search = (candidate, search.header)
                        return .journal(state)
                    }
                    if !state.isInDamage { state.contents.damagedRuns += 1 }
                    state.isInDamage = true
                    state.offset = candidate
                    state.search = nil
                }
                guard state.offset < byteCount else {
                    return isAtEnd ? .done(.success(finished(state))) : .journal(state)
                }
                switch check(at: state.offset) {
                case .needsMore:
                    return .journal(state)
                case let .valid(kind, payload):
                    if let meaning = try? meaning(of: kind, payload: buffer[payload], afterEdits: state.drawing != nil,
                                                  version: state.version) {
                        let size = payload.count + recordOverhead
                        switch meaning {
                        case let .base(stroke):
                            state.baseStrokes.append(stroke)
                            state.contents.ledger.addBaseStroke(recordSize: size)
                        case let .edit(edit):
                            if state.drawing == nil { state.drawing = Drawing(strokes: state.baseStrokes) }
                            if state.drawing?.apply(edit) != nil { state.contents.ledger.apply(edit, recordSize: size) }
                        }
                        state.offset += size
                        state.contents.validLength = state.offset
                        state.isInDamage = false
                        continue
                    }
                case .invalid:
                    break
                }
                let header = Array(bytes(state.offset, min(state.offset + recordHeaderSize, byteCount)))
                state.search = (state.offset + 1, header)
            }
        }

        private func finished(_ state: Journal) -> Contents {
            var contents = state.contents
            contents.drawing = state.drawing ?? Drawing(strokes: state.baseStrokes)
            return contents
        }

        /// Whether a whole record whose checksums match starts at `offset`, or its bytes have not all come.
        private func check(at offset: Int) -> RecordCheck {
            let available = byteCount - offset
            guard available >= recordOverhead else { return isAtEnd ? .invalid : .needsMore }
            let length = Int(ByteReader(bytes: bytes(offset, offset + 4)).peekUInt32())
            let kindValue = UInt16(byte(at: offset + 4)) | UInt16(byte(at: offset + 5)) << 8
            let check = UInt16(byte(at: offset + 6)) | UInt16(byte(at: offset + 7)) << 8
            guard UInt16(truncatingIfNeeded: CRC32.checksum(bytes(offset, offset + 6))) == check,
                  let kind = RecordKind(rawValue: kindValue)
            else { return .invalid }
            guard length <= available - recordOverhead else { return isAtEnd ? .invalid : .needsMore }
            let end = offset + recordHeaderSize + length
            guard CRC32.checksum(bytes(offset, end)) == ByteReader(bytes: bytes(end, end + 4)).peekUInt32() else {
                return .invalid
            }
            return .valid(kind, (offset + recordHeaderSize - base)..<(end - base))
        }

        /// Decodes the strokes of a version-1 document that have come; the next stage.
        ///
        /// The last four bytes of the document are its checksum, so a stroke is read only from bytes at least four
        /// before the last that has come; until the end, a stroke cut short waits for more.
        private func decode(_ state: inout Version1) -> Stage {
            // The bytes that are surely not the checksum: all but the last four.
            let strokeEnd = max(byteCount - 4, 0)
            if state.checked < strokeEnd {
                state.checksum = bytes(state.checked, strokeEnd).withUnsafeBytes {
                    CRC32.checksum($0, continuing: state.checksum)
                }
                state.checked = strokeEnd
            }
            guard byteCount >= magic.count + 8 + 4 else {  // header and checksum
                return isAtEnd ? .done(.failure(.truncated)) : .version1(state)
            }
            let count: UInt32
            if let known = state.count {
                count = known
            } else {
                count = ByteReader(bytes: bytes(magic.count + 4, magic.count + 8)).peekUInt32()
                state.count = count
                state.offset = magic.count + 8
            }
            var checksumMatches: Bool {
                state.checksum == ByteReader(bytes: bytes(byteCount - 4, byteCount)).peekUInt32()
            }
            while state.strokes.count < Int(count) {
                var reader = ByteReader(bytes: bytes(state.offset, max(strokeEnd, state.offset)))
                do throws(ReadError) {
                    state.strokes.append(try readStroke(from: &reader, version: 1))
                    state.offset = reader.offset + base
                } catch {
                    // A stroke cut short waits for its bytes; at the end a short file reads its checksum from the
                    // middle of a stroke: call it what it is.
                    guard error == .truncated else { return .done(.failure(error)) }
                    guard isAtEnd else { return .version1(state) }
                    return .done(.failure(checksumMatches ? .damaged("stroke data ends early") : .truncated))
                }
            }
            guard state.offset == strokeEnd else {
                // More bytes than the strokes and the checksum are extra whatever comes; fewer wait for the end.
                if state.offset < strokeEnd { return .done(.failure(.damaged("extra bytes after the strokes"))) }
                return isAtEnd ? .done(.failure(.damaged("extra bytes after the strokes"))) : .version1(state)
            }
            guard isAtEnd else { return .version1(state) }
            guard checksumMatches else { return .done(.failure(.damaged("checksum mismatch"))) }
            var contents = Contents(drawing: Drawing(strokes: state.strokes), version: 1, validLength: byteCount,
                                    tornBytes: 0, damagedRuns: 0)
            for stroke in state.strokes { contents.ledger.addBaseStroke(recordSize: recordSize(of: .add(stroke))) }
            return .done(.success(contents))
        }
    }
}
