import CCairo
import Geometry
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

/// A layer's pixels put over an opaque image without Cairo, against Cairo's painting of the same.
@Suite struct OpaqueBlendingTests {
    /// A 24 × 20 layer image of premultiplied pixels from `numbers`: each pixel clear, opaque or translucent in turn
    /// of the numbers, every channel at most its alpha.
    static func layerImage(_ numbers: [Int]) -> ImageSurface {
        let image = ImageSurface(clearWidth: 24, height: 20)
        let pixels = UnsafeMutableRawPointer(image.pixels)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let number = UInt64(truncatingIfNeeded: numbers[(y * image.width + x) % numbers.count])
                    &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(y * image.width + x) &* 0xBF58_476D_1CE4_E5B9
                let alpha: UInt32 = switch number >> 60 { case 0...3: 0; case 4...8: 255; default: UInt32(number & 0xFF) }
                func channel(_ shift: UInt64) -> UInt32 { alpha == 0 ? 0 : UInt32(number >> shift & 0xFFFF) % (alpha + 1) }
                let pixel = alpha << 24 | channel(8) << 16 | channel(24) << 8 | channel(40)
                pixels.storeBytes(of: pixel, toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(image.surface)
        return image
    }

    /// A 30 × 26 opaque image of any colours from `numbers`.
    static func opaqueImage(_ numbers: [Int]) -> ImageSurface {
        let image = ImageSurface(width: 30, height: 26, fill: .white)
        let pixels = UnsafeMutableRawPointer(image.pixels)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let number = UInt64(truncatingIfNeeded: numbers[(x * 7 + y) % numbers.count]) &+ UInt64(x * 131 + y * 17)
                pixels.storeBytes(of: 0xFF00_0000 | UInt32(truncatingIfNeeded: number &* 0x2545_F491_4F6C_DD1D >> 20) & 0x00FF_FFFF,
                                  toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(image.surface)
        return image
    }

    /// Every pixel's colour, as `0x00RRGGBB`.
    static func colours(of image: ImageSurface) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
    }

    /// Any layer pixels, any opaque pixels under them, any opacity (those at the ends and Cairo's opaque threshold
    /// among them), the layer anywhere over them (partly off the image too), within any rectangle, over it whole or
    /// row by row: each mode put here gives the very pixels Cairo paints with the mode's operator, and nothing outside
    /// the rectangle changes.
    @Test func aLayerPutOverAnOpaqueImageIsCairosPaintingToTheBit() async throws {
        let modes = BlendMode.allCases.filter(OpaqueBlending.Source.puts)
        let opacities = [0, 0.001, 0.002, 0.5, 0.3, 0.996, 0.9961, 0.99999, 1]
        let input = zip(Gen.int(in: 0...Int.max).array(of: 1...40), Gen.int(in: 0...Int.max).array(of: 1...40),
                        Gen.int(in: 0...Int.max).array(of: 5...5))
        await propertyCheck(count: 1_000, input: input) { layerNumbers, imageNumbers, choices in
            let layer = Self.layerImage(layerNumbers)
            let mode = modes[choices[0] % modes.count]
            let opacity = choices[1] % 3 == 0 ? Double(choices[1] % 1001) / 1000 : opacities[choices[1] % opacities.count]
            let origin = (x: choices[2] % 20 - 6, y: choices[3] % 18 - 6)
            let rect = PixelRect(x: choices[4] % 10, y: choices[4] / 10 % 10, width: 4 + choices[4] / 100 % 24,
                                 height: 3 + choices[4] / 3000 % 22)
            let ours = Self.opaqueImage(imageNumbers), cairos = Self.opaqueImage(imageNumbers)
            let look = LayerBlend(strokeCount: 0, opacity: opacity, blendMode: mode)
            if OpaqueBlending.puts(mode), choices[0] / modes.count % 2 == 0 {
                #expect(OpaqueBlending.put(layer, at: origin, over: ours, within: rect, look: look))
            } else {
                // Row by row, as a frame puts a stroke in progress together, each row clipped to the rectangle.
                let source = try #require(OpaqueBlending.Source(layer, at: origin, look: look))
                let pixels = UnsafeMutableRawPointer(ours.pixels)
                for row in rect.y..<min(rect.maxY, ours.height) {
                    source.put(overRow: row, from: rect.x, count: min(rect.maxX, ours.width) - rect.x,
                               of: (pixels + row * ours.stride).assumingMemoryBound(to: UInt32.self))
                }
                ours.markDirty()
            }
            let context = try #require(cairo_create(cairos.surface))
            cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(context)
            cairo_set_source_surface(context, layer.surface, Double(origin.x), Double(origin.y))
            cairo_set_operator(context, mode.cairoOperator)
            cairo_paint_with_alpha(context, opacity)
            cairo_destroy(context)
            let expected = Self.colours(of: cairos), found = Self.colours(of: ours)
            let differing = found.indices.filter { found[$0] != expected[$0] }
            #expect(differing.isEmpty, """
                \(mode) at \(opacity), layer at \(origin) within \(rect): \(differing.count) pixels differ, the first \
                \(differing.first.map { "(\($0 % 30), \($0 / 30)): \(String(found[$0], radix: 16)) for Cairo's \(String(expected[$0], radix: 16))" } ?? "")
                """)
        }
    }

    /// Normal over a rectangle (Cairo's `OVER` is faster; row by row it is put here), the modes pixman blends in
    /// floating point, and a layer or an image in another format, are left to Cairo.
    @Test func whatIsNotPutHereIsLeftAsItWas() {
        let layer = Self.layerImage([1, 2, 3]), image = Self.opaqueImage([4, 5])
        let before = Self.colours(of: image)
        let rect = PixelRect(x: 0, y: 0, width: 30, height: 26)
        for mode in [BlendMode.normal, .colorDodge, .colorBurn, .softLight, .hue, .saturation, .color, .luminosity] {
            let look = LayerBlend(strokeCount: 0, opacity: 1, blendMode: mode)
            #expect(!OpaqueBlending.put(layer, at: (0, 0), over: image, within: rect, look: look))
            #expect((OpaqueBlending.Source(layer, at: (0, 0), look: look) != nil) == (mode == .normal))
        }
        #expect(OpaqueBlending.Source(Self.opaqueImage([6]), at: (0, 0),
                                      look: LayerBlend(strokeCount: 0, opacity: 1, blendMode: .normal)) == nil)
        let multiply = LayerBlend(strokeCount: 0, opacity: 1, blendMode: .multiply)
        #expect(!OpaqueBlending.put(Self.opaqueImage([6]), at: (0, 0), over: image, within: rect, look: multiply))
        #expect(!OpaqueBlending.put(layer, at: (0, 0), over: Self.layerImage([7]), within: rect, look: multiply))
        #expect(Self.colours(of: image) == before)
    }
}
