// The zip container of an OpenRaster file, written: each entry's local header and bytes (stored or deflated), then
// the central directory and its end record. No data descriptors, no extra fields, no ZIP64: an archive that would
// need it is refused.

import PaintModel

/// Builds a zip archive in memory, entry by entry, in the order they are added. Package-wide, so that the fuzz
/// target and the tests can make archives no OpenRaster writer would.
package struct ZipWriter {
    /// How an entry's bytes are kept.
    package enum Method: UInt16 {
        case stored = 0
        case deflated = 8
    }

    private var bytes: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    /// An empty archive.
    package init() {}

    /// Appends an entry named `name` (ASCII, as ours are) holding `contents`.
    package mutating func add(_ name: String, _ contents: [UInt8], method: Method) throws(OpenRasterError) {
        // Sizes and offsets of all ones mean ZIP64, so the largest is one less.
        let limit = Int(UInt32.max) - 1
        guard contents.count <= limit, bytes.count <= limit, count < 0xFFFF else { throw .zip64 }
        let data = method == .deflated ? Deflate.compress(contents[...]) : contents
        guard data.count <= limit else { throw .zip64 }
        let name = Array(name.utf8)
        precondition(name.count <= 0xFFFF, "an entry's name is ours, and short")
        let offset = bytes.count
        // The fields the local header and the directory share, from the version needed to the extra field's length.
        // Version 2.0 reads deflate; 1.0 anything stored. Time and date: 1980-01-01 00:00, the format's zero, so that
        // the same image gives the same bytes. No flags, no extra field.
        var shared: [UInt8] = []
        shared.append(uint16: method == .deflated ? 20 : 10)
        shared.append(uint16: 0)
        shared.append(uint16: method.rawValue)
        shared.append(uint16: 0)
        shared.append(uint16: 1 << 5 | 1)
        shared.append(uint32: CRC32.checksum(contents[...]))
        shared.append(uint32: UInt32(data.count))
        shared.append(uint32: UInt32(contents.count))
        shared.append(uint16: UInt16(name.count))
        shared.append(uint16: 0)

        bytes.append(uint32: 0x0403_4B50)
        bytes += shared
        bytes += name
        bytes += data

        directory.append(uint32: 0x0201_4B50)
        directory.append(uint16: 3 << 8 | 20)  // made by Unix, version 2.0
        directory += shared
        directory.append(uint16: 0)  // comment
        directory.append(uint16: 0)  // disk
        directory.append(uint16: 0)  // internal attributes
        directory.append(uint32: 0o100644 << 16)  // a regular file, rw-r--r--
        directory.append(uint32: UInt32(offset))
        directory += name
        count += 1
    }

    /// The archive: the entries, their central directory and its end record.
    package func finish() throws(OpenRasterError) -> [UInt8] {
        let offset = bytes.count
        guard offset <= Int(UInt32.max) - directory.count - 22 else { throw .zip64 }
        var archive = bytes + directory
        archive.append(uint32: 0x0605_4B50)
        archive.append(uint16: 0)
        archive.append(uint16: 0)
        archive.append(uint16: UInt16(count))
        archive.append(uint16: UInt16(count))
        archive.append(uint32: UInt32(directory.count))
        archive.append(uint32: UInt32(offset))
        archive.append(uint16: 0)  // no comment
        return archive
    }
}

fileprivate extension [UInt8] {
    mutating func append(uint16 value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func append(uint32 value: UInt32) {
        append(uint16: UInt16(truncatingIfNeeded: value))
        append(uint16: UInt16(truncatingIfNeeded: value >> 16))
    }
}
