// CRC-32 (the IEEE 802.3 polynomial that zlib and PNG use), for the document's checksum.

import CCRC32

/// The CRC-32 checksum of the IEEE 802.3 polynomial (reflected, `0xEDB88320`), as zlib computes it.
///
/// Long runs folded sixteen bytes at a time by carry-less multiplication where the processor has it (CCRC32), the
/// rest eight bytes at a time ("slicing by 8": eight tables, one per byte position), so that checking a document of
/// several megabytes, or writing the tile cache's pixels, takes little.
public enum CRC32 {
    /// `tables[k][b]`: the CRC of byte `b` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of some bytes.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// Whether the processor folds long runs of bytes by carry-less multiplication (`CCRC32_fold`).
    static let folds = CCRC32_isAvailable() != 0

    /// The checksum of the bytes in memory: runs of 64 bytes or more folded 16 bytes at a time by carry-less
    /// multiplication where the processor can (about a tenth of the tables' instructions), their ends and
    /// everything else through the tables. The same value either way.
    public static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        checksum(buffer, continuing: 0)
    }

    /// The checksum of some bytes that follow those whose checksum is `previous` (0 before any byte): the checksum
    /// of both runs together, for bytes that come in pieces (a document read a chunk at a time).
    public static func checksum(_ buffer: UnsafeRawBufferPointer, continuing previous: UInt32) -> UInt32 {
        let register = previous ^ 0xFFFF_FFFF
        guard folds, buffer.count >= 64, let base = buffer.baseAddress else {
            return update(register, with: buffer) ^ 0xFFFF_FFFF
        }
        var folded: (UInt64, UInt64) = (0, 0)
        let done = withUnsafeMutableBytes(of: &folded) { folded in
            CCRC32_fold(register, base.assumingMemoryBound(to: UInt8.self), buffer.count,
                        folded.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        var crc = withUnsafeBytes(of: &folded) { update(0, with: $0) }
        crc = update(crc, with: UnsafeRawBufferPointer(rebasing: buffer[done...]))
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum of the bytes in memory through the tables alone.
    static func checksumByTables(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        update(0xFFFF_FFFF, with: buffer) ^ 0xFFFF_FFFF
    }

    /// The CRC register after `buffer` from `crc`, without the inversions at either end.
    private static func update(_ register: UInt32, with buffer: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc = register
            var offset = 0
            let count = buffer.count
            while offset + 8 <= count {
                let low = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < count {
                crc = table[Int((crc ^ UInt32(buffer[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
            return crc
        }
    }
}
