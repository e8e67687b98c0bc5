// Thumbnails: scaled down to fit, proportions kept, each pixel the average of the area it covers.
@testable import ImageDecoding
import PropertyBased
import Testing

@Suite struct ScalingTests {
    @Test func aCheckerboardAveragesToGreyNotToOneOfItsSquares() throws {
        let pixels = (0..<64).map { ($0 % 8 + $0 / 8) % 2 == 0 ? UInt32(0xff00_0000) : 0xffff_ffff }
        let image = try #require(RasterImage(width: 8, height: 8, pixels: pixels))
        let small = image.scaled(toFit: 1)
        #expect(small.width == 1 && small.height == 1)
        #expect(small.pixel(x: 0, y: 0)?.argb == 0xff80_8080)
    }

    @Test func aThreeToTwoReductionWeighsThePixelsItCuts() throws {
        // 0, 90, 180 across: two pixels, each covering one and a half: (0 + 45) / 1.5 = 30, (45 + 180) / 1.5 = 150.
        let image = try #require(RasterImage(width: 3, height: 1, pixels: [0xff00_0000, 0xff5a_5a5a, 0xffb4_b4b4]))
        let small = image.scaled(toFit: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.pixel(x: 0, y: 0)?.argb == 0xff1e_1e1e)
        #expect(small.pixel(x: 1, y: 0)?.argb == 0xff96_9696)
    }

    @Test func proportionsAreKeptAndSmallImagesStayAsTheyAre() throws {
        let wide = try #require(RasterImage(width: 300, height: 100, filledWith: .init(red: 1, green: 2, blue: 3)))
        #expect((wide.scaled(toFit: 256).width, wide.scaled(toFit: 256).height) == (256, 85))
        let tall = try #require(RasterImage(width: 10, height: 4000, filledWith: .init(red: 1, green: 2, blue: 3)))
        #expect((tall.scaled(toFit: 256).width, tall.scaled(toFit: 256).height) == (1, 256))
        #expect(wide.scaled(toFit: 300) == wide)
        #expect(wide.scaled(toFit: 0).width == 1 && wide.scaled(toFit: -5).height == 1)
    }

    /// Any image at any size: the copy fits, keeps one colour where the image has one, and stays validly premultiplied.
    @Test func thumbnailsFitAndKeepAUniformColour() async throws {
        await propertyCheck(count: 300, input: Gen.int(in: 1...300), Gen.int(in: 1...300), Gen.int(in: -2...64), Gen.uint32()) { width, height, side, seed in
            let alpha = seed >> 24, colour = alpha == 0 ? 0 : (seed & 0xff) % (alpha + 1)
            let argb = alpha << 24 | colour << 16 | colour << 8 | colour
            guard let image = RasterImage(width: width, height: height, pixels: [UInt32](repeating: argb, count: width * height)) else {
                Issue.record("no image")
                return
            }
            let small = image.scaled(toFit: side)
            let limit = max(side, 1)
            #expect(small.width <= max(limit, width <= limit && height <= limit ? width : 0))
            #expect(small.width >= 1 && small.height >= 1)
            #expect(width > limit || height > limit || small == image)
            #expect(small.width <= limit || small == image)
            #expect(small.height <= limit || small == image)
            #expect(small.pixels.allSatisfy { $0 == argb }, "\(width) × \(height) to \(side)")
        }
    }
}
