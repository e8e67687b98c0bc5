// JPEG files libjpeg wrote (colour, grey, CMYK and YCCK, baseline and progressive) decode to their colours, and
// their EXIF orientation turns them upright as a phone shows them.
@testable import ImageDecoding
import Testing

@Suite struct JPEGDecodingTests {
    static let red: [UInt8] = [230, 30, 20], green: [UInt8] = [20, 200, 40]
    static let blue: [UInt8] = [30, 40, 220], white: [UInt8] = [250, 250, 250]

    /// 64 × 32 in four quadrants: red top left, green top right, blue bottom left, white bottom right.
    static func quadrants(_ x: Int, _ y: Int) -> [UInt8] {
        switch (x < 32, y < 16) {
        case (true, true): red
        case (false, true): green
        case (true, false): blue
        case (false, false): white
        }
    }

    /// The colour at the middle of each quadrant of `image`: top left, top right, bottom left, bottom right.
    static func corners(of image: RasterImage) -> [[UInt8]] {
        let (w, h) = (image.width, image.height)
        return [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)].map { x, y in
            guard let (r, g, b, _) = image.pixel(x: x, y: y)?.straight else { return [] }
            return [r, g, b]
        }
    }

    static func close(_ a: [UInt8], _ b: [UInt8], within tolerance: Int = 6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test(arguments: [false, true])
    func colourPicturesDecodeToTheirColours(progressive: Bool) throws {
        let jpeg = JPEGWriter.jpeg(width: 64, height: 32, progressive: progressive, sample: Self.quadrants)
        let image = try RasterImage(decoding: jpeg)
        #expect(image.width == 64 && image.height == 32 && image.isOpaque)
        let found = Self.corners(of: image)
        for (colour, expected) in zip(found, [Self.red, Self.green, Self.blue, Self.white]) {
            #expect(Self.close(colour, expected), "\(colour), not \(expected)")
        }
    }

    @Test(arguments: [false, true])
    func greyPicturesDecodeToGrey(progressive: Bool) throws {
        let jpeg = JPEGWriter.jpeg(width: 32, height: 16, kind: .grey, progressive: progressive) { x, _ in [x < 16 ? 40 : 210] }
        let image = try RasterImage(decoding: jpeg)
        let left = try #require(image.pixel(x: 4, y: 8)).straight, right = try #require(image.pixel(x: 28, y: 8)).straight
        #expect(Self.close([left.red, left.green, left.blue], [40, 40, 40], within: 2))
        #expect(Self.close([right.red, right.green, right.blue], [210, 210, 210], within: 2))
    }

    /// CMYK as Photoshop writes it (with Adobe's marker, inks inverted: 255 is none), stored as CMYK or as YCCK.
    @Test(arguments: [JPEGWriter.Kind.cmyk, .ycck])
    func cmykPicturesDecodeToTheColoursTheirInksMake(kind: JPEGWriter.Kind) throws {
        // Left: magenta and yellow at full, no cyan, no black: red. Right: half black only: mid grey.
        let jpeg = JPEGWriter.jpeg(width: 32, height: 16, kind: kind) { x, _ in
            x < 16 ? [255, 0, 0, 255] : [255, 255, 255, 128]
        }
        let image = try RasterImage(decoding: jpeg)
        let left = try #require(image.pixel(x: 4, y: 8)).straight, right = try #require(image.pixel(x: 28, y: 8)).straight
        #expect(Self.close([left.red, left.green, left.blue], [255, 0, 0]), "\(left)")
        #expect(Self.close([right.red, right.green, right.blue], [128, 128, 128]), "\(right)")
    }

    /// Without Adobe's marker, CMYK's inks are plain: 255 is full ink.
    @Test func cmykWithoutAdobesMarkerHasPlainInks() throws {
        let written = JPEGWriter.jpeg(width: 32, height: 16, kind: .cmyk) { x, _ in x < 16 ? [0, 255, 255, 0] : [255, 255, 255, 128] }
        // libjpeg writes the marker for CMYK: APP14 (FF EE), its length, "Adobe".
        let marker = try #require((0..<written.count - 1).first { written[$0] == 0xff && written[$0 + 1] == 0xee })
        let length = Int(written[marker + 2]) << 8 | Int(written[marker + 3])
        let jpeg = Array(written[..<marker] + written[(marker + 2 + length)...])
        let image = try RasterImage(decoding: jpeg)
        let left = try #require(image.pixel(x: 4, y: 8)).straight, right = try #require(image.pixel(x: 28, y: 8)).straight
        #expect(Self.close([left.red, left.green, left.blue], [255, 0, 0]), "\(left)")
        #expect(Self.close([right.red, right.green, right.blue], [0, 0, 0]), "\(right)")
    }

    /// Each orientation's quadrants as a phone shows the picture: top left, top right, bottom left, bottom right.
    static let upright: [Int: [[UInt8]]] = [
        1: [red, green, blue, white], 2: [green, red, white, blue], 3: [white, blue, green, red],
        4: [blue, white, red, green], 5: [red, blue, green, white], 6: [blue, red, white, green],
        7: [white, green, blue, red], 8: [green, white, red, blue],
    ]

    @Test(arguments: 1...8, [false, true])
    func everyExifOrientationIsTurnedUpright(orientation: Int, littleEndian: Bool) throws {
        let exif = JPEGWriter.exif(orientation: UInt16(orientation), littleEndian: littleEndian)
        let jpeg = JPEGWriter.jpeg(width: 64, height: 32, app1: exif, sample: Self.quadrants)
        let image = try RasterImage(decoding: jpeg)
        let sides = orientation >= 5 ? (32, 64) : (64, 32)
        #expect(image.width == sides.0 && image.height == sides.1)
        let found = Self.corners(of: image)
        let expected = try #require(Self.upright[orientation])
        #expect(zip(found, expected).allSatisfy { Self.close($0, $1) }, "orientation \(orientation): \(found)")
    }

    /// Orientation 6, a phone held upright: the picture turns a quarter clockwise, its top left pixel to the top right.
    @Test func orientationSixTurnsThePictureAQuarterClockwise() throws {
        let jpeg = JPEGWriter.jpeg(width: 64, height: 32, app1: JPEGWriter.exif(orientation: 6), sample: Self.quadrants)
        let image = try RasterImage(decoding: jpeg)
        #expect(image.width == 32 && image.height == 64)
        let topRight = try #require(image.pixel(x: 31, y: 0)).straight
        #expect(Self.close([topRight.red, topRight.green, topRight.blue], Self.red))
    }

    @Test(arguments: [0, 9, 0xffff])
    func anOrientationOutOfRangeLeavesThePictureAsStored(orientation: Int) throws {
        let jpeg = JPEGWriter.jpeg(width: 64, height: 32, app1: JPEGWriter.exif(orientation: UInt16(orientation)), sample: Self.quadrants)
        let image = try RasterImage(decoding: jpeg)
        #expect(image.width == 64 && image.height == 32)
        #expect(zip(Self.corners(of: image), [Self.red, Self.green, Self.blue, Self.white]).allSatisfy { Self.close($0, $1) })
    }
}
