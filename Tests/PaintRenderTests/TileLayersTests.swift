// A tile's parts put together again where a stroke in progress changed its layer only, against the whole rectangle
// put together.
import CCairo
import Geometry
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

@Suite struct TileLayersTests {
    /// A tile-sized layer image, clear but for a rectangle of premultiplied pixels from `numbers` (clear, opaque or
    /// translucent in turn), every channel at most its alpha; `nil` for a layer with nothing in the tile.
    static func ownPixels(_ numbers: [Int]) -> ImageSurface? {
        guard numbers[0] % 5 != 0 else { return nil }
        let image = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
        let x0 = numbers[0] % 200, y0 = numbers[1 % numbers.count] % 200
        let pixels = UnsafeMutableRawPointer(image.pixels)
        for y in y0..<min(y0 + 40 + numbers[2 % numbers.count] % 120, TileKey.side) {
            for x in x0..<min(x0 + 30 + numbers[3 % numbers.count] % 150, TileKey.side) {
                pixels.storeBytes(of: Self.pixel(numbers[(x + y) % numbers.count], x, y),
                                  toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            }
        }
        image.markDirty()
        return image
    }

    /// A premultiplied pixel made of a number and a place.
    static func pixel(_ number: Int, _ x: Int, _ y: Int) -> UInt32 {
        let mixed = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(x &* 31 &+ y) &* 0xBF58_476D_1CE4_E5B9
        let alpha: UInt32 = switch mixed >> 60 { case 0...4: 0; case 5...9: 255; default: UInt32(mixed & 0xFF) }
        func channel(_ shift: UInt64) -> UInt32 { alpha == 0 ? 0 : UInt32(mixed >> shift & 0xFFFF) % (alpha + 1) }
        return alpha << 24 | channel(8) << 16 | channel(24) << 8 | channel(40)
    }

    /// Stacks of 2 to 6 layers: how many, the numbers their looks and own pixels are made of, and six choices.
    static let stacks = zip(Gen.int(in: 2...6), Gen.int(in: 0...Int.max).array(of: 8...40),
                            Gen.int(in: 0...Int.max).array(of: 6...6))

    /// The paper under the stacks.
    static let paper = Color(red: 0.95, green: 0.9, blue: 0.8)

    /// A stack of `count` layers with looks and own pixels made of `numbers`, split around the layer `inkLayer`
    /// (modulo the count); `nil` where the split has too many groups.
    static func stack(of count: Int, from numbers: [Int], inkLayer: Int)
        -> (composition: [LayerBlend], split: LayerSplit, own: [ImageSurface?])? {
        let composition = (0..<count).map { position in
            let (opacity, mode) = Self.looks[numbers[position % numbers.count] % Self.looks.count]
            return LayerBlend(strokeCount: 1, opacity: opacity, blendMode: mode)
        }
        guard let split = LayerSplit(composition: composition, ink: inkLayer % count) else { return nil }
        let own = (0..<count).map { position in
            Self.ownPixels(numbers.indices.map { numbers[($0 + position * 3) % numbers.count] &+ position })
        }
        return (composition, split, own)
    }

    /// The looks layers get, every mode put row by row among them.
    static let looks: [(Double, BlendMode)] = [(1, .normal), (0.5, .normal), (0.5, .multiply), (1, .multiply),
                                               (1, .screen), (0.7, .overlay), (1, .darken), (0.6, .lighten),
                                               (1, .hardLight), (0.7, .difference), (1, .exclusion)]

    /// Any stack of layers with any looks, any layer painted on, its pixels changed anywhere within any rectangle
    /// of the tile (as a stroke in progress drawn onto a copy of them changes them): put together where they changed
    /// over the tile's image, the frame is the rectangle put together whole, to the bit. It fails when a row's span
    /// misses its first or last changed pixel, or a part above is left out.
    @Test func puttingTogetherWhereTheInkChangedEqualsPuttingTogetherTheWholeRectangle() async throws {
        await propertyCheck(count: 150, input: Self.stacks) { layerCount, numbers, choices in
            guard let stack = Self.stack(of: layerCount, from: numbers, inkLayer: choices[0]) else { return }
            let (composition, split, own, inkLayer, paper) = (stack.composition, stack.split, stack.own, stack.split.ink,
                                                              Self.paper)
            let layers = TileLayers(split: split, own: own, paper: paper)
            let whole = PixelRect(x: 0, y: 0, width: TileKey.side, height: TileKey.side)
            // The tile's image, as the frame copied it in.
            let tile = ImageSurface(width: TileKey.side, height: TileKey.side, fill: paper)
            layers.composite(whole, into: tile, at: (0, 0), paper: paper)
            let rect = PixelRect(x: choices[1] % 200, y: choices[2] % 200, width: 1 + choices[3] % 56,
                                 height: 1 + choices[3] / 56 % 56)
            // The ink layer's pixels over the rectangle with some of them changed, in the scratch image's corner.
            let scratch = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
            if let ink = own[inkLayer] { scratch.copy(rect, of: ink, to: 0, 0) }
            let pixels = UnsafeMutableRawPointer(scratch.pixels)
            let changedX = choices[4] % rect.width, changedY = choices[4] / 64 % rect.height
            for y in changedY..<min(changedY + 1 + choices[5] % 20, rect.height) {
                for x in changedX..<min(changedX + 1 + choices[5] / 20 % 30, rect.width) where (x * 7 + y) % 4 != 0 {
                    pixels.storeBytes(of: Self.pixel(choices[5] &+ x, x, y),
                                      toByteOffset: y * scratch.stride + x * 4, as: UInt32.self)
                }
            }
            scratch.markDirty()
            let inkOrigin = (x: rect.x, y: rect.y)
            // Both into a frame holding the tile's image, the rectangle placed elsewhere in it.
            let frameRect = PixelRect(x: 3, y: 5, width: TileKey.side, height: TileKey.side)
            let expected = ImageSurface(width: 300, height: 280, fill: .white)
            let found = ImageSurface(width: 300, height: 280, fill: .white)
            for frame in [expected, found] { frame.copy(whole, of: tile, to: frameRect.x, frameRect.y) }
            let at = (x: frameRect.x + rect.x, y: frameRect.y + rect.y)
            layers.composite(rect, into: expected, at: at, paper: paper, ink: scratch, inkOrigin: inkOrigin)
            #expect(layers.composite(changesOf: scratch, inkOrigin: inkOrigin, within: rect, into: found, at: at,
                                     paper: paper))
            var differing: [(Int, Int)] = []
            for y in 0..<found.height {
                for x in 0..<found.width where found.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
                    differing.append((x, y))
                }
            }
            #expect(differing.isEmpty, """
                \(layerCount) layers \(composition.map { "\($0.blendMode)@\($0.opacity)" }), ink layer \(inkLayer), \
                \(rect): \(differing.count) pixels differ, the first \(differing.first.map { "\($0)" } ?? "")
                """)
        }
    }

    /// A stroke drawn onto the ink layer's own pixels, compared with a copy of them from before (as a stroke added
    /// to a layer under others is): put together where they changed, the tile's image is the rectangle put together
    /// whole from the new pixels, to the bit. It fails when the copy from before is not what is compared with.
    @Test func puttingTogetherWhereTheOwnPixelsChangedSinceACopyEqualsPuttingTogetherTheWholeRectangle() async throws {
        await propertyCheck(count: 100, input: Self.stacks) { layerCount, numbers, choices in
            guard let stack = Self.stack(of: layerCount, from: numbers, inkLayer: choices[0]) else { return }
            let (composition, split, inkLayer, paper) = (stack.composition, stack.split, stack.split.ink, Self.paper)
            var own = stack.own
            let whole = PixelRect(x: 0, y: 0, width: TileKey.side, height: TileKey.side)
            let tile = ImageSurface(width: TileKey.side, height: TileKey.side, fill: paper)
            TileLayers(split: split, own: own, paper: paper).composite(whole, into: tile, at: (0, 0), paper: paper)
            // The ink layer's pixels before (the copy), then changed in place within the rectangle.
            let earlier = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
            if let ink = own[inkLayer] { earlier.copy(whole, of: ink, to: 0, 0) }
            let ink = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
            ink.copy(whole, of: earlier, to: 0, 0)
            let rect = PixelRect(x: choices[1] % 200, y: choices[2] % 200, width: 1 + choices[3] % 56,
                                 height: 1 + choices[3] / 56 % 56)
            let pixels = UnsafeMutableRawPointer(ink.pixels)
            let changedX = rect.x + choices[4] % rect.width, changedY = rect.y + choices[4] / 64 % rect.height
            for y in changedY..<min(changedY + 1 + choices[5] % 20, rect.maxY) {
                for x in changedX..<min(changedX + 1 + choices[5] / 20 % 30, rect.maxX) where (x * 7 + y) % 4 != 0 {
                    pixels.storeBytes(of: Self.pixel(choices[5] &+ x, x, y), toByteOffset: y * ink.stride + x * 4,
                                      as: UInt32.self)
                }
            }
            ink.markDirty()
            own[inkLayer] = ink
            let layers = TileLayers(split: split, own: own, paper: paper)
            let expected = ImageSurface(width: TileKey.side, height: TileKey.side, fill: .white)
            let found = ImageSurface(width: TileKey.side, height: TileKey.side, fill: .white)
            for image in [expected, found] { image.copy(whole, of: tile, to: 0, 0) }
            layers.composite(rect, into: expected, at: (rect.x, rect.y), paper: paper)
            #expect(layers.composite(changesOf: ink, inkOrigin: (0, 0), from: earlier, within: rect, into: found,
                                     at: (rect.x, rect.y), paper: paper))
            let differing = (0..<TileKey.side * TileKey.side).filter {
                found.pixel(x: $0 % TileKey.side, y: $0 / TileKey.side)
                    != expected.pixel(x: $0 % TileKey.side, y: $0 / TileKey.side)
            }
            #expect(differing.isEmpty, """
                \(layerCount) layers \(composition.map { "\($0.blendMode)@\($0.opacity)" }), ink layer \(inkLayer), \
                \(rect): \(differing.count) pixels differ
                """)
        }
    }

    /// A part put with a mode pixman blends in floating point is not put together row by row: nothing is done, and
    /// the caller puts the whole rectangle together.
    @Test func aLayerOfAFloatingPointModeAboveLeavesTheRowsToTheWholeRectangle() throws {
        let composition = [LayerBlend(strokeCount: 1, opacity: 1, blendMode: .normal),
                           LayerBlend(strokeCount: 1, opacity: 1, blendMode: .softLight)]
        let split = try #require(LayerSplit(composition: composition, ink: 0))
        let own = [Self.ownPixels([1, 2, 3, 4]), Self.ownPixels([6, 7, 8, 9])]
        let layers = TileLayers(split: split, own: own, paper: .white)
        let frame = ImageSurface(width: TileKey.side, height: TileKey.side, fill: .white)
        let before = (0..<TileKey.side).map { frame.pixel(x: $0, y: 40) }
        let scratch = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
        scratch.fill(PixelRect(x: 0, y: 0, width: 50, height: 50), with: .black)
        let rect = PixelRect(x: 10, y: 10, width: 50, height: 50)
        #expect(!layers.composite(changesOf: scratch, inkOrigin: (10, 10), within: rect, into: frame, at: (10, 10),
                                  paper: .white))
        #expect((0..<TileKey.side).map { frame.pixel(x: $0, y: 40) } == before)
    }
}
