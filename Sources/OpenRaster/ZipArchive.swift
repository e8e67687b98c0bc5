// The zip container of an OpenRaster file, read from its bytes (PKWARE's APPNOTE, without ZIP64, encryption or
// split archives): the central directory, checked against the limits before anything is allocated for it, then each
// entry's bytes on demand, inflated to exactly the size declared and checked by CRC-32.

import Localization
import PaintModel

/// A zip archive's table of contents over its bytes; entries' contents are read when asked for.
struct ZipArchive {
    /// One file in the archive, as the central directory describes it.
    struct Entry: Equatable {
        var name: String
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
    }

    /// The entries in the order of the central directory.
    let entries: [Entry]
    /// Each entry's place in ``entries`` by name.
    private let places: [String: Int]
    private let bytes: [UInt8]
    private let limits: OpenRasterLimits

    /// Reads the central directory of `bytes`, refusing what the limits exclude or the format does not allow.
    init(_ bytes: [UInt8], limits: OpenRasterLimits) throws(OpenRasterError) {
        guard bytes.count <= limits.fileBytes else { throw .fileTooLarge(bytes: bytes.count, limit: limits.fileBytes) }
        self.bytes = bytes
        self.limits = limits
        let reader = LittleEndianReader(bytes)
        let end = try Self.endOfCentralDirectory(in: reader)
        // ZIP64 marks its fields with all ones and puts a locator just before the end record.
        if end.entryCount == 0xFFFF || end.directorySize == 0xFFFF_FFFF || end.directoryOffset == 0xFFFF_FFFF
            || (end.position >= 20 && reader.uint32(at: end.position - 20) == 0x0706_4B50) {
            throw .zip64
        }
        guard end.disk == 0, end.directoryDisk == 0, end.entriesOnDisk == end.entryCount else { throw .splitArchive }
        guard end.entryCount <= limits.entries else {
            throw .tooManyEntries(count: end.entryCount, limit: limits.entries)
        }
        guard end.directoryOffset <= end.position, end.directorySize <= end.position - end.directoryOffset else {
            throw .damagedDirectory(localized("its table of contents lies outside the file"))
        }
        var entries: [Entry] = []
        entries.reserveCapacity(end.entryCount)
        var places: [String: Int] = [:]
        var total = 0
        var offset = end.directoryOffset
        let directoryEnd = end.directoryOffset + end.directorySize
        for _ in 0..<end.entryCount {
            guard directoryEnd - offset >= 46, reader.uint32(at: offset) == 0x0201_4B50 else {
                throw .damagedDirectory(localized("its table of contents is cut short"))
            }
            let flags = reader.uint16(at: offset + 8)
            let method = reader.uint16(at: offset + 10)
            let compressedSize = Int(reader.uint32(at: offset + 20))
            let size = Int(reader.uint32(at: offset + 24))
            let nameLength = Int(reader.uint16(at: offset + 28))
            let extraLength = Int(reader.uint16(at: offset + 30))
            let commentLength = Int(reader.uint16(at: offset + 32))
            let localHeaderOffset = Int(reader.uint32(at: offset + 42))
            let recordLength = 46 + nameLength + extraLength + commentLength
            guard directoryEnd - offset >= recordLength else {
                throw .damagedDirectory(localized("its table of contents is cut short"))
            }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            offset += recordLength
            if compressedSize == 0xFFFF_FFFF || size == 0xFFFF_FFFF || localHeaderOffset == 0xFFFF_FFFF { throw .zip64 }
            // Bit 0: encrypted; bit 6: strong encryption; bit 13: the local headers masked (also encryption).
            guard flags & 0x2041 == 0 else { throw .encrypted(entry: name) }
            guard method == 0 || method == 8 else { throw .unsupportedCompression(entry: name, method: method) }
            guard places.updateValue(entries.count, forKey: name) == nil else { throw .duplicateEntry(name) }
            guard size <= limits.entryBytes else {
                throw .entryTooLarge(entry: name, bytes: size, limit: limits.entryBytes)
            }
            guard method == 8 || compressedSize == size else {
                throw .damagedEntry(entry: name, detail: localized("its stored size and its length differ"))
            }
            // Deflate cannot shrink data by more than about 1 032 to 1: a claim beyond the ratio is a bomb or a lie.
            if size > limits.ratioCheckedAboveBytes, size / max(compressedSize, 1) >= limits.compressionRatio {
                throw .suspiciousCompression(entry: name)
            }
            total += size
            guard total <= limits.totalBytes else { throw .totalTooLarge(limit: limits.totalBytes) }
            entries.append(Entry(name: name, method: method, crc: reader.uint32(at: offset - recordLength + 16),
                                 compressedSize: compressedSize, size: size, localHeaderOffset: localHeaderOffset))
        }
        self.entries = entries
        self.places = places
    }

    /// The entry named `name`, if the archive has one.
    func entry(named name: String) -> Entry? {
        places[name].map { entries[$0] }
    }

    /// The bytes of `entry`, inflated if need be, their CRC-32 checked.
    func contents(of entry: Entry) throws(OpenRasterError) -> [UInt8] {
        let reader = LittleEndianReader(bytes)
        let header = entry.localHeaderOffset
        guard header <= bytes.count, bytes.count - header >= 30, reader.uint32(at: header) == 0x0403_4B50 else {
            throw .damagedEntry(entry: entry.name, detail: localized("its header is missing"))
        }
        let start = header + 30 + Int(reader.uint16(at: header + 26)) + Int(reader.uint16(at: header + 28))
        guard start <= bytes.count, bytes.count - start >= entry.compressedSize else {
            throw .damagedEntry(entry: entry.name, detail: localized("it is cut short"))
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        let contents: [UInt8]
        if entry.method == 0 {
            contents = Array(data)
        } else {
            do {
                contents = try Deflate.decompress(data, size: entry.size)
            } catch {
                switch error {
                case .longer: throw .damagedEntry(entry: entry.name, detail: localized("it holds more than it says"))
                case .shorter: throw .damagedEntry(entry: entry.name, detail: localized("it holds less than it says"))
                case .damaged: throw .damagedEntry(entry: entry.name, detail: localized("its compressed data is damaged"))
                }
            }
        }
        guard CRC32.checksum(contents[...]) == entry.crc else { throw .checksumMismatch(entry: entry.name) }
        return contents
    }

    /// Where the end-of-central-directory record says the directory is.
    private struct End {
        var position: Int
        var disk: Int, directoryDisk: Int, entriesOnDisk: Int, entryCount: Int
        var directorySize: Int, directoryOffset: Int
    }

    /// The last end-of-central-directory record whose comment fits in the file.
    private static func endOfCentralDirectory(in reader: LittleEndianReader) throws(OpenRasterError) -> End {
        let count = reader.count
        guard count >= 22 else { throw .notAZipArchive }
        // The record is 22 bytes and its comment at most 65 535.
        var position = count - 22
        let lowest = max(0, count - 22 - 0xFFFF)
        while position >= lowest {
            let commentLength = Int(reader.uint16(at: position + 20))
            if reader.uint32(at: position) == 0x0605_4B50, commentLength <= count - 22 - position {
                let field16 = { (offset: Int) in Int(reader.uint16(at: position + offset)) }
                let field32 = { (offset: Int) in Int(reader.uint32(at: position + offset)) }
                return End(position: position, disk: field16(4), directoryDisk: field16(6), entriesOnDisk: field16(8),
                           entryCount: field16(10), directorySize: field32(12), directoryOffset: field32(16))
            }
            position -= 1
        }
        // A zip's local header at the start but no end record: the file was cut short.
        if reader.uint32(at: 0) == 0x0403_4B50 { throw .truncated }
        throw .notAZipArchive
    }
}

/// Little-endian integers at offsets of a byte array; 0 for what lies past its end.
struct LittleEndianReader {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    func uint8(at offset: Int) -> UInt8 {
        offset >= 0 && offset < bytes.count ? bytes[offset] : 0
    }

    func uint16(at offset: Int) -> UInt16 {
        UInt16(uint8(at: offset)) | UInt16(uint8(at: offset &+ 1)) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset &+ 2)) << 16
    }
}
