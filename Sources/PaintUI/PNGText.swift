// A PNG's text chunks (tEXt, and uncompressed iTXt), read and added without decoding its pixels.
import PaintModel

/// The key-value text of a PNG file (its `tEXt` chunks, and `iTXt` chunks that are not compressed), which the
/// freedesktop thumbnail cache keeps its `Thumb::` attributes in. Cairo writes PNGs but no text: ``inserting(_:into:)``
/// adds chunks after the header.
public enum PNGText {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of a PNG, in order: type and where its data is. `nil` when `bytes` is not a PNG with whole chunks.
    private static func chunks(_ bytes: [UInt8]) -> [(type: String, data: Range<Int>)]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [(type: String, data: Range<Int>)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let start = offset + 8
            guard length <= bytes.count - start - 4 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<start], as: UTF8.self)
            chunks.append((type, start..<(start + length)))
            offset = start + length + 4
            if type == "IEND" { return chunks }
        }
        return nil
    }

    /// The text entries of a PNG by keyword (the first of a keyword wins); `nil` when `bytes` is not a whole PNG.
    public static func entries(of bytes: [UInt8]) -> [String: String]? {
        guard let chunks = chunks(bytes) else { return nil }
        var entries: [String: String] = [:]
        for chunk in chunks where chunk.type == "tEXt" || chunk.type == "iTXt" {
            let data = bytes[chunk.data]
            guard let end = data.firstIndex(of: 0) else { continue }
            let keyword = String(decoding: data[data.startIndex..<end], as: UTF8.self)
            var text: String
            if chunk.type == "tEXt" {
                text = String(data[(end + 1)...].map { Character(Unicode.Scalar($0)) })
            } else {
                // Keyword, 0, compression flag, method, language tag, 0, translated keyword, 0, UTF-8 text.
                guard end + 2 < data.endIndex, data[end + 1] == 0 else { continue }
                let rest = data[(end + 3)...]
                guard let language = rest.firstIndex(of: 0),
                      let translated = rest[(language + 1)...].firstIndex(of: 0) else { continue }
                text = String(decoding: rest[(translated + 1)...], as: UTF8.self)
            }
            if entries[keyword] == nil { entries[keyword] = text }
        }
        return entries
    }

    /// The PNG with a `tEXt` chunk for each entry right after its header; `nil` when `bytes` is not a whole PNG or
    /// an entry cannot be Latin-1 text (a keyword of 1 to 79 characters, no NUL).
    public static func inserting(_ entries: [(key: String, value: String)], into bytes: [UInt8]) -> [UInt8]? {
        guard let chunks = chunks(bytes), let header = chunks.first, header.type == "IHDR" else { return nil }
        var added: [UInt8] = []
        for entry in entries {
            guard let key = latin1(entry.key), (1...79).contains(key.count), let value = latin1(entry.value) else { return nil }
            let data = Array("tEXt".utf8) + key + [0] + value
            let length = UInt32(data.count - 4)
            added += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> UInt32($0)) }
            added += data
            let crc = CRC32.checksum(data[...])
            added += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) }
        }
        let split = header.data.upperBound + 4
        return Array(bytes[..<split]) + added + Array(bytes[split...])
    }

    /// A text's Latin-1 bytes; `nil` when it has a NUL or a character past U+00FF.
    private static func latin1(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard scalar.value > 0, scalar.value <= 0xFF else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }
}
