// The bar's colour indicators stay readable in both styles (issue #35): a width dot or a swatch as dark or as light
// as the bar keeps a ring that stands out from it. Contract: read on the pixels of the bar's image, as the window
// shows them, at scales 1 and 2.
import Geometry
import Glibc
import PaintModel
@testable import PaintRender
@testable import PaintUI
import Testing

@Suite struct OverlayOutlineTests {
    /// The contrast a control's outline needs against what lies around it (WCAG 2.1, 1.4.11: 3 to 1).
    static let contrast = 3.0

    /// The relative luminance (WCAG) of a buffer pixel.
    private static func luminance(_ pixel: UInt32) -> Double {
        func linear(_ shift: UInt32) -> Double {
            let value = Double((pixel >> shift) & 0xFF) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(16) + 0.7152 * linear(8) + 0.0722 * linear(0)
    }

    /// The contrast ratio of two pixels, 1 to 21.
    private static func ratio(_ a: UInt32, _ b: UInt32) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The strongest contrast with the bar of any pixel of a lone control of `content`, in `style`, at `scale`.
    private static func strongestContrast(of content: Overlay.Item.Content, style: OverlayStyle,
                                          scale: Int) throws -> Double {
        let item = Rect(x: 8, y: 8, width: 40, height: 40)
        var overlay = Overlay(frame: Rect(x: 0, y: 0, width: 120, height: 56),
                              items: [Overlay.Item(content: content, frame: item)])
        overlay.style = style
        let bar = try #require(BarImage(overlay, scale: scale)).image
        let background = bar.pixel(x: 100 * scale, y: 28 * scale)
        var strongest = 1.0
        for y in Int(item.minY) * scale..<Int(item.maxY) * scale {
            for x in Int(item.minX) * scale..<Int(item.maxX) * scale {
                strongest = max(strongest, ratio(bar.pixel(x: x, y: y), background))
            }
        }
        return strongest
    }

    @Test(arguments: [1, 2])
    func theThinnestWidthDotInTheBrushsBlackShowsOnTheDarkBar(scale: Int) throws {
        let found = try Self.strongestContrast(of: .width(1, .black), style: .dark, scale: scale)
        #expect(found >= Self.contrast, "\(found)")
    }

    @Test(arguments: [1, 2])
    func theThinnestWidthDotInWhiteShowsOnTheLightBar(scale: Int) throws {
        let found = try Self.strongestContrast(of: .width(1, .white), style: .light, scale: scale)
        #expect(found >= Self.contrast, "\(found)")
    }

    @Test(arguments: [1, 2])
    func aWhiteSwatchShowsOnTheLightBar(scale: Int) throws {
        let found = try Self.strongestContrast(of: .swatch(.white), style: .light, scale: scale)
        #expect(found >= Self.contrast, "\(found)")
    }

    @Test(arguments: [1, 2])
    func aBlackSwatchShowsOnTheDarkBar(scale: Int) throws {
        let found = try Self.strongestContrast(of: .swatch(.black), style: .dark, scale: scale)
        #expect(found >= Self.contrast, "\(found)")
    }
}
