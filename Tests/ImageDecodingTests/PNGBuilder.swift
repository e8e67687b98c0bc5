// PNG files built byte by byte for the tests, in every colour type, bit depth and interlacing, without libpng: the
// chunks, their CRCs, and the pixels in stored (uncompressed) deflate blocks with zlib's Adler-32.

/// A PNG file to build: its header, palette and transparency, and its samples.
struct PNGBuilder {
    enum ColorType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    var width: Int
    var height: Int
    var colorType: ColorType
    var bitDepth: UInt8
    var interlaced = false
    /// PLTE's entries.
    var palette: [(UInt8, UInt8, UInt8)] = []
    /// tRNS's bytes as they are written: a palette's alphas, or the grey or RGB key as 16-bit values.
    var transparency: [UInt8]? = nil
    /// Each pixel's samples (`colorType.channels` of them, below 2^bitDepth), row after row.
    var samples: [[UInt16]]

    /// The file's bytes.
    var bytes: [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        file += Self.chunk("IHDR", Self.be32(width) + Self.be32(height) + [bitDepth, colorType.rawValue, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { file += Self.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines))
        file += Self.chunk("IEND", [])
        return file
    }

    /// The filtered (filter 0) scanlines: the whole image, or Adam7's seven passes one after another.
    var scanlines: [UInt8] {
        guard interlaced else { return rows(xStart: 0, yStart: 0, xStep: 1, yStep: 1) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.flatMap { rows(xStart: $0.0, yStart: $0.1, xStep: $0.2, yStep: $0.3) }
    }

    private func rows(xStart: Int, yStart: Int, xStep: Int, yStep: Int) -> [UInt8] {
        let xs = Array(stride(from: xStart, to: width, by: xStep))
        guard !xs.isEmpty else { return [] }
        var out: [UInt8] = []
        for y in stride(from: yStart, to: height, by: yStep) {
            out.append(0)
            var bits: [UInt16] = []
            for x in xs { bits += samples[y * width + x] }
            out += pack(bits)
        }
        return out
    }

    private func pack(_ values: [UInt16]) -> [UInt8] {
        switch bitDepth {
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
        case 8: return values.map { UInt8($0) }
        default:
            let depth = Int(bitDepth)
            var out = [UInt8](repeating: 0, count: (values.count * depth + 7) / 8)
            for (index, value) in values.enumerated() {
                let bit = index * depth
                out[bit / 8] |= UInt8(value) << (8 - depth - bit % 8)
            }
            return out
        }
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8(~count >> 8 & 0xff)]
            out += data[start..<start + count]
            start += count
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(Int(b << 16 | a))
    }
}
