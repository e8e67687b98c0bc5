// The document format: a drawing's strokes as bytes, and back, with a magic, a version and a checksum.
import Geometry

/// The file form of a drawing: its strokes (points, times, colour, width) in order. See `docs/document-format.md`.
///
/// A compact little-endian binary: an 8-byte magic, a version, the stroke count, the strokes, and a CRC-32 of
/// everything before it, so that a truncated, foreign or damaged file is told apart from a drawing.
public enum DrawingDocument {
    /// The first eight bytes of every document: `FPDRAW` then CR LF, which catches text-mode mangling.
    public static let magic: [UInt8] = Array("FPDRAW\r\n".utf8)
    /// The version this program writes and reads.
    public static let version: UInt16 = 1
    /// The file name extension of documents.
    public static let fileExtension = "fpdraw"

    /// Why bytes are not a drawing this program reads.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The bytes do not start with the magic: not a drawing of ours.
        case notADrawing
        /// A drawing of another version.
        case unsupportedVersion(UInt16)
        /// The bytes end before the document does.
        case truncated
        /// The checksum does not match, or a value is impossible: the file was damaged.
        case damaged(String)

        public var description: String {
            switch self {
            case .notADrawing: "not a fingerpaint drawing"
            case let .unsupportedVersion(version): "a drawing of version \(version), this program reads version \(DrawingDocument.version)"
            case .truncated: "the file is truncated"
            case let .damaged(reason): "the file is damaged (\(reason))"
            }
        }
    }

    /// The document bytes of some strokes.
    public static func encode(_ strokes: [Stroke]) -> [UInt8] {
        var size = magic.count + 8 + 4
        for stroke in strokes {
            let hasTimes = stroke.points.contains { $0.time != nil }
            size += 48 + stroke.points.count * (hasTimes ? 24 : 16)
        }
        var writer = ByteWriter(capacity: size)
        writer.append(magic)
        writer.append(version)
        writer.append(UInt16(0))  // flags, none yet
        writer.append(UInt32(strokes.count))
        for stroke in strokes {
            for component in [stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha] {
                writer.append(component)
            }
            writer.append(stroke.width)
            writer.append(UInt32(stroke.points.count))
            let hasTimes = stroke.points.contains { $0.time != nil }
            writer.append(UInt32(hasTimes ? 1 : 0))
            for point in stroke.points {
                writer.append(point.location.x)
                writer.append(point.location.y)
            }
            if hasTimes {
                for point in stroke.points { writer.append(point.time?.seconds ?? .nan) }
            }
        }
        return writer.finish()
    }

    /// The strokes of document bytes.
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> [Stroke] {
        guard bytes.count >= magic.count else {
            throw magic.starts(with: bytes) && !bytes.isEmpty ? .truncated : .notADrawing
        }
        guard bytes.starts(with: magic) else { throw .notADrawing }
        var reader = ByteReader(bytes: bytes, offset: magic.count)
        let fileVersion: UInt16 = try reader.read()
        guard fileVersion == version else { throw .unsupportedVersion(fileVersion) }
        guard bytes.count >= magic.count + 8 + 4 else { throw .truncated }  // header and checksum
        let stored = ByteReader(bytes: bytes, offset: bytes.count - 4).peekUInt32()
        let checksumMatches = CRC32.checksum(bytes[..<(bytes.count - 4)]) == stored
        let _: UInt16 = try reader.read()  // flags
        let count: UInt32 = try reader.read()
        var strokes: [Stroke] = []
        do throws(ReadError) {
            reader.end = bytes.count - 4
            for _ in 0..<count {
                let red: Double = try reader.read(), green: Double = try reader.read()
                let blue: Double = try reader.read(), alpha: Double = try reader.read()
                let width: Double = try reader.read()
                let pointCount = Int(try reader.read() as UInt32)
                let hasTimes: UInt32 = try reader.read()
                guard hasTimes <= 1, width.isFinite, width > 0 else { throw .damaged("impossible values") }
                guard reader.remaining >= pointCount * (hasTimes == 1 ? 24 : 16) else { throw .truncated }
                var points: [StrokePoint] = []
                points.reserveCapacity(pointCount)
                for _ in 0..<pointCount {
                    let x: Double = try reader.read(), y: Double = try reader.read()
                    points.append(StrokePoint(Point(x: x, y: y)))
                }
                if hasTimes == 1 {
                    for index in 0..<pointCount {
                        let seconds: Double = try reader.read()
                        if !seconds.isNaN { points[index].time = Timestamp(seconds: seconds) }
                    }
                }
                strokes.append(Stroke(points: points, color: Color(red: red, green: green, blue: blue, alpha: alpha),
                                      width: width))
            }
            guard reader.remaining == 0 else { throw .damaged("extra bytes after the strokes") }
        } catch {
            // A short file reads its checksum from the middle of a stroke: call it what it is.
            guard error == .truncated else { throw error }
            throw checksumMatches ? .damaged("stroke data ends early") : .truncated
        }
        guard checksumMatches else { throw .damaged("checksum mismatch") }
        return strokes
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
    let bytes: [UInt8]
    var offset: Int
    var end: Int

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = bytes.count
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

    private mutating func readUnsigned(_ size: Int) throws(DrawingDocument.ReadError) -> UInt64 {
        guard remaining >= size else { throw .truncated }
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }
}
