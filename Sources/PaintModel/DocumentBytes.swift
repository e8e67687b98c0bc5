// Little-endian bytes of the document format: a writer into an array sized up front, a reader that throws past
// its end.

/// Writes little-endian values into a byte array sized up front.
struct ByteWriter {
    private(set) var bytes: [UInt8]
    private var offset = 0

    init(capacity: Int) {
        bytes = [UInt8](repeating: 0, count: capacity)
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.replaceSubrange(offset..<(offset + raw.count), with: raw)
        offset += raw.count
    }

    mutating func append(_ value: UInt8) { store(value) }
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
struct ByteReader {
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

    mutating func read() throws(DrawingDocument.ReadError) -> UInt8 {
        UInt8(truncatingIfNeeded: try readUnsigned(1))
    }

    /// The next `count` bytes.
    mutating func read(count: Int) throws(DrawingDocument.ReadError) -> ArraySlice<UInt8> {
        guard count >= 0, remaining >= count else { throw .truncated }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
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
