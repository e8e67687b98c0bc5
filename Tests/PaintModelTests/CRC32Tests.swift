import Testing
@testable import PaintModel

@Suite struct CRC32Tests {
    @Test func matchesZlibsCheckValue() {
        // The standard check value of CRC-32/ISO-HDLC: the CRC of "123456789".
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum([][...]) == 0)
    }

    /// A checksum continued over pieces (a document read a chunk at a time) is the checksum of the bytes whole, for
    /// every cut, folded runs included.
    @Test func aChecksumContinuedOverTwoPiecesIsTheWholeOnes() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 3) }
        let whole = CRC32.checksum(bytes[...])
        for cut in 0...bytes.count {
            let first = CRC32.checksum(bytes[..<cut])
            let both = bytes[cut...].withUnsafeBytes { CRC32.checksum($0, continuing: first) }
            #expect(both == whole, "cut at \(cut)")
        }
    }

    @Test func everyLengthAgreesWithTheBytewiseDefinition() {
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for length in 0...bytes.count {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes.prefix(length) {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            #expect(CRC32.checksum(bytes[..<length]) == crc ^ 0xFFFF_FFFF)
        }
    }

    /// Runs of 64 bytes and more are folded by carry-less multiplication where the processor can: every length and
    /// start around the folds' steps (64 bytes, then 16) gives the bytewise definition's value.
    @Test func foldedRunsAgreeWithTheBytewiseDefinitionAtEveryLengthAndStart() {
        let bytes = (0..<420).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ ($0 >> 3) &* 7 &+ 5) }
        for start in [0, 1, 7, 13] {
            for length in 56...(bytes.count - start) {
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in bytes[start..<(start + length)] {
                    crc ^= UInt32(byte)
                    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
                }
                #expect(CRC32.checksum(bytes[start..<(start + length)]) == crc ^ 0xFFFF_FFFF, "start \(start), length \(length)")
            }
        }
    }

    /// A tile's worth of pixels (256 × 256 × 4 bytes and a few more), folded where the processor can, against the
    /// values Python's `zlib.crc32` gives for the same bytes.
    @Test func aTilesPixelsMatchZlib() {
        let bytes = (0..<(262_144 + 13)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7 &* ($0 >> 8)) }
        #expect(CRC32.checksum(bytes[...]) == 0xE242_6858)
        #expect(CRC32.checksum(bytes[..<64]) == 0x9E27_9317)
        #expect(CRC32.checksum(bytes[..<1000]) == 0x2186_FC02)
        #expect(CRC32.checksum(bytes[5..<(262_144 + 5)]) == 0xF910_1412)
        #expect(bytes.withUnsafeBytes { CRC32.checksumByTables($0) } == 0xE242_6858)
    }

    /// This machine's processor folds (x86-64 with PCLMULQDQ), so the tests above went through the fold.
    @Test(.enabled(if: CCRC32Probe.isX86)) func theFoldIsUsedOnThisProcessor() {
        #expect(CRC32.folds)
    }
}

enum CCRC32Probe {
    #if arch(x86_64)
    static let isX86 = true
    #else
    static let isX86 = false
    #endif
}
