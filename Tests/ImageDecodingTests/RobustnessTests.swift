// Bad input never traps: valid PNG and JPEG files mutated and cut anywhere decode or throw, within the limits.
@testable import ImageDecoding
import PropertyBased
import Testing

@Suite struct RobustnessTests {
    /// Valid files to damage: PNGs of several kinds (interlaced, palette, 16-bit) and JPEGs (progressive, grey,
    /// CMYK, with EXIF).
    static let files: [[UInt8]] = {
        var files = [
            PNGDecodingTests.picture(.rgba, depth: 16, interlaced: true).0.bytes,
            PNGDecodingTests.picture(.palette, depth: 4, interlaced: false).0.bytes,
            PNGDecodingTests.picture(.grey, depth: 2, interlaced: true).0.bytes,
            JPEGWriter.jpeg(width: 24, height: 16, app1: JPEGWriter.exif(orientation: 6)) { x, y in [UInt8(x * 9), UInt8(y * 15), 77] },
            JPEGWriter.jpeg(width: 16, height: 24, progressive: true, app1: JPEGWriter.exif(orientation: 8, littleEndian: true)) { x, y in [UInt8(x * 15), 40, UInt8(y * 9)] },
            JPEGWriter.jpeg(width: 16, height: 8, kind: .grey) { x, _ in [UInt8(x * 16)] },
            JPEGWriter.jpeg(width: 8, height: 8, kind: .ycck) { x, y in [UInt8(x * 30), UInt8(y * 30), 0, 100] },
        ]
        if let image = RasterImage(width: 5, height: 3, pixels: (0..<15).map { UInt32($0) * 0x0101_0101 }), let png = try? image.pngData() {
            files.append(png)
        }
        return files
    }()

    /// Every file to damage is there and decodes whole at the size it was made (orientations 6 and 8 turn their
    /// JPEGs a quarter, so their sides swap): a mutation test over files that do not decode would test nothing.
    @Test func theFilesToDamageAreValid() throws {
        let sizes = [(11, 7), (11, 7), (11, 7), (16, 24), (24, 16), (16, 8), (8, 8), (5, 3)]
        #expect(Self.files.count == sizes.count)
        for (file, size) in zip(Self.files, sizes) {
            let image = try RasterImage(decoding: file)
            #expect(image.width == size.0 && image.height == size.1, "\(image.width)x\(image.height), not \(size)")
        }
    }

    @Test func mutatedAndTruncatedFilesDecodeOrThrow() async {
        let edits = zip(Gen.int(in: 0...4095), Gen.uint8(), Gen.int(in: 0...3)).array(of: 1...8)
        await propertyCheck(count: 2000, input: Gen.int(in: 0...Self.files.count - 1), edits, Gen.int(in: 0...100)) { which, edits, keep in
            var bytes = Self.files[which]
            for (position, value, kind) in edits {
                let at = position % max(bytes.count, 1)
                switch kind {
                case 0 where !bytes.isEmpty: bytes[at] = value
                case 1 where !bytes.isEmpty: bytes[at] ^= 1 << (value % 8)
                case 2: bytes.insert(value, at: at)
                default: if !bytes.isEmpty { bytes.remove(at: at) }
                }
            }
            if keep < 50 { bytes = Array(bytes.prefix(bytes.count * keep / 50)) }
            let limits = ImageLimits(maximumSide: 2048, maximumPixels: 1 << 20)
            switch Result(catching: { () throws(ImageDecodingError) in try RasterImage(decoding: bytes, limits: limits) }) {
            case let .success(image):
                #expect(limits.allows(width: image.width, height: image.height) && image.pixels.count == image.width * image.height)
            case let .failure(error):
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// EXIF bytes of any shape give an orientation or none, never a trap.
    @Test func anyExifGivesAnOrientation() async {
        let valid = JPEGWriter.exif(orientation: 6)
        await propertyCheck(count: 2000, input: Gen.int(in: 0...valid.count + 4), Gen.int(in: 0...valid.count - 1), Gen.uint8()) { length, position, value in
            var bytes = Array((valid + [1, 2, 3, 4]).prefix(length))
            if position < bytes.count { bytes[position] = value }
            #expect(ExifOrientation.allCases.contains(ExifOrientation(exif: bytes)))
        }
    }
}
