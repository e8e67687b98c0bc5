// The orientation a camera records in a JPEG's EXIF (tag 0x0112, values 1–8), read from the APP1 marker's bytes
// with every offset checked, and the image turned by it so the picture is upright as phones show it.

/// How the stored pixels are turned from the upright picture: EXIF's orientation tag.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the diagonal from the top left (rows become columns).
    case leftMirrored = 5
    /// 6: shown turned a quarter clockwise (the stored top row becomes the right column).
    case right = 6
    /// 7: mirrored across the other diagonal.
    case rightMirrored = 7
    /// 8: shown turned a quarter anticlockwise (the stored top row becomes the left column).
    case left = 8

    /// The orientation in an APP1 marker's bytes ("Exif\0\0" then TIFF), or ``up`` where there is none or it is
    /// out of range.
    public init(exif: some RandomAccessCollection<UInt8>) {
        self = Self.read(Array(exif)) ?? .up
    }

    private static func read(_ bytes: [UInt8]) -> ExifOrientation? {
        let tiff = 6
        guard bytes.count >= tiff + 8, bytes.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let littleEndian: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4d, 0x4d): littleEndian = false
        default: return nil
        }
        func number(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
            let field = bytes[offset..<offset + size]
            return littleEndian ? field.reversed().reduce(0) { $0 << 8 | Int($1) } : field.reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(at: tiff + 2, size: 2) == 42, let ifd = number(at: tiff + 4, size: 4),
              let count = number(at: tiff + ifd, size: 2)
        else { return nil }
        for entry in 0..<min(count, 512) {
            let start = tiff + ifd + 2 + entry * 12
            guard let tag = number(at: start, size: 2), let type = number(at: start + 2, size: 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // A SHORT (type 3), whose value sits in the entry's first two bytes of value.
            guard type == 3, let value = number(at: start + 8, size: 2) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    /// Whether the upright picture's width is the stored height.
    public var swapsSides: Bool { rawValue >= 5 }
}

extension RasterImage {
    /// The image turned upright from pixels stored with `orientation`.
    public func oriented(_ orientation: ExifOrientation) -> RasterImage {
        guard orientation != .up else { return self }
        let (w, h) = (width, height)
        let (outWidth, outHeight) = orientation.swapsSides ? (h, w) : (w, h)
        let result = [UInt32](unsafeUninitializedCapacity: w * h) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                for y in 0..<h {
                    for x in 0..<w {
                        let (outX, outY): (Int, Int) = switch orientation {
                        case .up: (x, y)
                        case .upMirrored: (w - 1 - x, y)
                        case .down: (w - 1 - x, h - 1 - y)
                        case .downMirrored: (x, h - 1 - y)
                        case .leftMirrored: (y, x)
                        case .right: (h - 1 - y, x)
                        case .rightMirrored: (h - 1 - y, w - 1 - x)
                        case .left: (y, w - 1 - x)
                        }
                        out[outY * outWidth + outX] = source[y * w + x]
                    }
                }
            }
            initialized = w * h
        }
        return RasterImage(uncheckedWidth: outWidth, height: outHeight, pixels: result)
    }
}
