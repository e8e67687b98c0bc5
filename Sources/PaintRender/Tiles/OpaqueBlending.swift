// A layer's pixels put over an opaque image with its opacity and a separable blend mode as Cairo's image compositor
// puts them (pixman's 8-bit combiners, their rounding), bit for bit, without a Cairo context: the tiles' parts are
// put together at every frame a finger draws on a layer under others (TileLayers.composite), and pixman has a fast
// path for normal alone (multiply 8.2 ns a pixel there against 0.27 for normal; here 1.3: `paint-benchmark blend`).
import CCairo
import CShims
import Geometry
import PaintModel

/// Puts premultiplied pixels (`CAIRO_FORMAT_ARGB32`) over an XRGB image (`CAIRO_FORMAT_RGB24`, opaque) with an
/// opacity and a separable blend mode, to the pixel Cairo paints with `cairo_paint_with_alpha` and the mode's
/// operator (``BlendMode/cairoOperator``):
/// - the opacity becomes the 8-bit mask Cairo gives pixman (its 16-bit alpha, the top byte), none at all from
///   `0xff00 / 0xffff` up, and nothing is put at 0;
/// - each source channel is multiplied by the mask (x · m / 255, rounded as pixman rounds);
/// - normal is pixman's `OVER`, s + d · (255 − the source's alpha), and multiply its own combiner, each product
///   rounded apart; screen, overlay, darken, lighten, hard light, difference and exclusion are pixman's separable
///   formula, divided by 255 once at the end.
///
/// Normal is put here only row by row (``Source``), Cairo's `OVER` being faster over a rectangle; colour dodge,
/// colour burn, soft light and the four non-separable modes, which pixman computes in floating point, are left to
/// Cairo (``puts(_:)``). The loops have no branch, so that the compiler can do several pixels at once; a clear
/// source pixel leaves its target as it was in every mode. The image's unused top byte is written 255.
package enum OpaqueBlending {
    /// Whether `mode` is put here over a rectangle (``put(_:at:over:within:look:)``); the others go through Cairo.
    /// Normal is put here only row by row (``Source``): over a rectangle Cairo's `OVER` is faster.
    package static func puts(_ mode: BlendMode) -> Bool {
        mode != .normal && Source.puts(mode)
    }

    /// Puts `source`, its pixel (0, 0) at `origin` of `target`, over the pixels `rect` of `target` with `look`'s
    /// opacity and blend mode; the source is clear beyond its edges. `false`, nothing done, when the mode is not put
    /// here (``puts(_:)``) or the images are not of the formats above.
    @discardableResult
    package static func put(_ source: ImageSurface, at origin: (x: Int, y: Int), over target: ImageSurface,
                            within rect: PixelRect, look: LayerBlend) -> Bool {
        guard puts(look.blendMode), cairo_image_surface_get_format(target.surface) == CAIRO_FORMAT_RGB24,
              let placed = Source(source, at: origin, look: look) else { return false }
        guard let area = rect.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height)) else {
            return true
        }
        let pixels = UnsafeMutableRawPointer(target.pixels)
        for row in area.y..<area.maxY {
            placed.put(overRow: row, from: area.x, count: area.width,
                       of: (pixels + row * target.stride).assumingMemoryBound(to: UInt32.self))
        }
        cairo_surface_mark_dirty(target.surface)
        return true
    }

    /// A layer's pixels to put over an opaque image's rows (its pixel (0, 0) at `origin` of the image): the mode,
    /// the mask and the format made out once, for the many short rows a frame puts together where a stroke in
    /// progress changed its layer (``TileLayers``). The image's pixels must stay as they are while it is used.
    package struct Source {
        private let pixels: UnsafePointer<UInt32>
        private let rowPixels: Int
        private let bounds: PixelRect
        private let mode: BlendMode
        private let mask: UInt32

        /// Whether `mode` is put row by row: every mode pixman blends in integers, normal among them.
        static func puts(_ mode: BlendMode) -> Bool {
            switch mode {
            case .normal, .multiply, .screen, .overlay, .darken, .lighten, .hardLight, .difference, .exclusion: true
            case .colorDodge, .colorBurn, .softLight, .hue, .saturation, .color, .luminosity: false
            }
        }

        /// `image` (premultiplied, `CAIRO_FORMAT_ARGB32`) placed at `origin`, put with `look`'s opacity and blend
        /// mode; `nil` when the mode is not put here (``puts(_:)``) or the image is of another format.
        package init?(_ image: ImageSurface, at origin: (x: Int, y: Int), look: LayerBlend) {
            guard Self.puts(look.blendMode), cairo_image_surface_get_format(image.surface) == CAIRO_FORMAT_ARGB32 else {
                return nil
            }
            pixels = UnsafeRawPointer(image.pixels).assumingMemoryBound(to: UInt32.self)
            rowPixels = image.stride / 4
            bounds = PixelRect(x: origin.x, y: origin.y, width: image.width, height: image.height)
            mode = look.blendMode
            // The 8-bit mask Cairo composites the opacity with (from `0xff00 / 0xffff` up, where Cairo paints
            // without one, it is 255 anyway).
            mask = .cairoByte(look.opacity)
        }

        /// Asks the processor to read ahead the source's pixels under the image's pixels `x..<x + count` of row `y`,
        /// those it has.
        package func readAhead(x: Int, y: Int, count: Int) {
            let start = max(x, bounds.x), end = min(x + count, bounds.maxX)
            guard y >= bounds.y, y < bounds.maxY, start < end else { return }
            let row = pixels + (y - bounds.y) * rowPixels - bounds.x
            var pixel = start
            while pixel < end {
                CShims_prefetch(row + pixel)
                pixel += 16
            }
            CShims_prefetch(row + end - 1)
        }

        /// Puts the source over the pixels `x..<x + count` of the image's row `y`, whose first pixel is at `row`;
        /// clear beyond the source's edges.
        package func put(overRow y: Int, from x: Int, count: Int, of row: UnsafeMutablePointer<UInt32>) {
            let start = max(x, bounds.x), end = min(x + count, bounds.maxX)
            guard mask > 0, y >= bounds.y, y < bounds.maxY, start < end else { return }
            let pixels = Row(source: self.pixels + (y - bounds.y) * rowPixels + (start - bounds.x),
                             target: row + start, count: end - start, mask: mask)
            switch mode {
            case .normal: pixels.put(Over.self)
            case .multiply: pixels.put(Multiply.self)
            case .screen: pixels.put(Separable<Screen>.self)
            case .overlay: pixels.put(Separable<Overlay>.self)
            case .darken: pixels.put(Separable<Darken>.self)
            case .lighten: pixels.put(Separable<Lighten>.self)
            case .hardLight: pixels.put(Separable<HardLight>.self)
            case .difference: pixels.put(Separable<Difference>.self)
            case .exclusion: pixels.put(Separable<Exclusion>.self)
            case .colorDodge, .colorBurn, .softLight, .hue, .saturation, .color, .luminosity: break
            }
        }
    }

    /// One row of the pixels put: the source's, masked, over the target's.
    private struct Row {
        let source: UnsafePointer<UInt32>
        let target: UnsafeMutablePointer<UInt32>
        let count: Int
        let mask: UInt32

        /// Puts each source pixel, masked, over its target pixel with `blend` (a type, so that each loop is made
        /// for its mode).
        @inline(__always)
        func put<Blend: PixelBlend>(_ blend: Blend.Type) {
            if mask == 255 {
                for column in 0..<count { target[column] = 0xFF00_0000 | Blend.put(source[column], over: target[column]) }
            } else {
                for column in 0..<count {
                    let pixel = source[column]
                    // Two channels at once, 16 bits apart, as pixman does.
                    let masked = (pixel & 0x00FF_00FF).timesPair(mask) | (pixel >> 8 & 0x00FF_00FF).timesPair(mask) << 8
                    target[column] = 0xFF00_0000 | Blend.put(masked, over: target[column])
                }
            }
        }
    }
}

/// A blend mode's pixel over an opaque one: the colour channels of the result of a premultiplied source pixel over
/// a target pixel.
private protocol PixelBlend {
    static func put(_ source: UInt32, over target: UInt32) -> UInt32
}

/// Pixman's `OVER` over an opaque target: each channel s + d · (255 − the source's alpha), the product rounded, the
/// sum at most 255.
private enum Over: PixelBlend {
    @inline(__always)
    static func put(_ source: UInt32, over target: UInt32) -> UInt32 {
        let left = 255 &- source >> 24
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            min((target >> shift & 0xFF).times(left) &+ (source >> shift & 0xFF), 255) << shift
        }
        return channel(0) | channel(8) | channel(16)
    }
}

/// Pixman's multiply over an opaque target: each channel d · s + d · (255 − the source's alpha), each product rounded
/// apart, the sum at most 255.
private enum Multiply: PixelBlend {
    @inline(__always)
    static func put(_ source: UInt32, over target: UInt32) -> UInt32 {
        let left = 255 &- source >> 24
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let d = target >> shift & 0xFF
            return min(d.times(source >> shift & 0xFF) &+ d.times(left), 255) << shift
        }
        return channel(0) | channel(8) | channel(16)
    }
}

/// A separable mode's blend function times both alphas (the target's 255), of a target channel `d`, a source channel
/// `s` and the source's alpha `sa`, as pixman writes it.
private protocol SeparableFunction {
    static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32
}

/// Pixman's separable formula over an opaque target: (255 − the source's alpha) · d + the blend function, kept
/// within 0…255², divided by 255 once. The blend is done in wrapping arithmetic, as pixman's is: its value may be
/// below 0 on the way but not at the end.
private enum Separable<Function: SeparableFunction>: PixelBlend {
    @inline(__always)
    static func put(_ source: UInt32, over target: UInt32) -> UInt32 {
        let alpha = Int32(source >> 24)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let d = Int32(target >> shift & 0xFF), s = Int32(source >> shift & 0xFF)
            let value = min(max((255 &- alpha) &* d &+ Function.blend(d, s, alpha), 0), 255 * 255)
            return UInt32(value).dividedBy255 << shift
        }
        return channel(0) | channel(8) | channel(16)
    }
}

private enum Screen: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 { 255 &* s &+ sa &* d &- s &* d }
}

private enum Overlay: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 {
        2 &* d < 255 ? 2 &* s &* d : sa &* 255 &- 2 &* (255 &- d) &* (sa &- s)
    }
}

private enum Darken: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 { min(255 &* s, sa &* d) }
}

private enum Lighten: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 { max(255 &* s, sa &* d) }
}

private enum HardLight: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 {
        2 &* s < sa ? 2 &* s &* d : sa &* 255 &- 2 &* (255 &- d) &* (sa &- s)
    }
}

private enum Difference: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 {
        max(255 &* s, sa &* d) &- min(255 &* s, sa &* d)
    }
}

private enum Exclusion: SeparableFunction {
    @inline(__always) static func blend(_ d: Int32, _ s: Int32, _ sa: Int32) -> Int32 { 255 &* s &+ sa &* d &- 2 &* s &* d }
}
