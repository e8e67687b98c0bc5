import Testing
@testable import PaintModel

@Suite struct CRC32Tests {
    @Test func matchesZlibsCheckValue() {
        // The standard check value of CRC-32/ISO-HDLC: the CRC of "123456789".
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum([][...]) == 0)
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
}
