import CCairo
import Geometry
import PaintModel
@testable import PaintRender
@testable import PaintUI
import Testing

/// The bar's icons and the panels without text draw the pixels they drew when these tests were written: each image
/// is reduced to a hash, the values recorded from the drawing code of the time. A change to how an icon is drawn
/// (or to the Cairo state one leaves for the next: line caps, joins, dashes) changes a hash. Text is left out, so
/// that the hashes do not depend on the fonts' hinting.
///
/// A deliberate change to a drawing records the hashes again: a failing test prints every value it found.
@Suite struct OverlayPixelTests {
    /// Every kind of control, each with a name for the hashes.
    private static let kinds: [(name: String, content: Overlay.Item.Content)] = [
        ("swatch", .swatch(Color(red: 0.1, green: 0.7, blue: 0.2, alpha: 0.8))), ("width 4", .width(4, .black)),
        ("width 64", .width(64, Color(red: 0.9, green: 0.3, blue: 0.1))), ("undo", .undo), ("redo", .redo),
        ("clear", .clear), ("save", .save), ("copy", .copy), ("hand", .hand), ("eraser", .eraser),
        ("fullscreen", .fullscreen), ("colorWell", .colorWell(Color(red: 0.2, green: 0.4, blue: 0.6))),
        ("eyedropper", .eyedropper), ("gallery", .gallery), ("brush", .brush), ("more", .more), ("toggle", .toggle),
    ]

    /// FNV-1a (64 bits) of an image's pixels, row by row, as hex.
    private func hash(_ images: [ImageSurface]) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for image in images {
            cairo_surface_flush(image.surface)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    var pixel = image.pixel(x: x, y: y)
                    for _ in 0..<4 {
                        value = (value ^ UInt64(pixel & 0xFF)) &* 0x100_0000_01B3
                        pixel >>= 8
                    }
                }
            }
        }
        return String(value, radix: 16)
    }

    /// `overlay` drawn whole (its bar with Cairo, no bar image) over white at `scale`, `size` points.
    private func drawn(_ overlay: Overlay, size: Size, scale: Int, under: ((OpaquePointer) -> Void)? = nil) -> ImageSurface {
        let image = ImageSurface(width: Int(size.width) * scale, height: Int(size.height) * scale, fill: .white)
        let context = cairo_create(image.surface)!
        cairo_scale(context, Double(scale), Double(scale))
        under?(context)
        drawOverlay(overlay, in: context)
        cairo_destroy(context)
        cairo_surface_flush(image.surface)
        return image
    }

    /// One control alone on a bar 48 points square: enabled at scale 1, then selected and disabled at scale 2.
    private func iconHash(_ content: Overlay.Item.Content, style: OverlayStyle) -> String {
        let size = Size(width: 48, height: 48)
        func bar(isSelected: Bool, isEnabled: Bool) -> Overlay {
            var overlay = Overlay(frame: Rect(origin: .zero, size: size),
                                  items: [Overlay.Item(content: content, frame: Rect(x: 4, y: 4.5, width: 40, height: 38),
                                                       isSelected: isSelected, isEnabled: isEnabled)])
            overlay.style = style
            return overlay
        }
        return hash([drawn(bar(isSelected: false, isEnabled: true), size: size, scale: 1),
                     drawn(bar(isSelected: true, isEnabled: false), size: size, scale: 2)])
    }

    /// Compares found hashes with recorded ones, naming each that differs, and prints them all when any does.
    private func expect(_ found: [String: String], equal recorded: [String: String], label: String) {
        for (name, value) in recorded.sorted(by: { $0.key < $1.key }) {
            #expect(found[name] == value, "\(name)")
        }
        #expect(Set(found.keys) == Set(recorded.keys))
        if found != recorded {
            print(found.sorted { $0.key < $1.key }.map { "\(label) \"\($0.key)\": \"\($0.value)\"," }.joined(separator: "\n"))
        }
    }

    @Test(arguments: OverlayStyle.allCases)
    func eachIconDrawsThePixelsItDrew(style: OverlayStyle) {
        let found = Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0.name, iconHash($0.content, style: style)) })
        expect(found, equal: style == .light ? Self.lightIcons : Self.darkIcons, label: "\(style)Icons")
    }

    /// A bar of every control in a row, at fractional places, one selected and one disabled, with both scroll hints:
    /// each control is drawn after the one before it, in the Cairo state it left.
    @Test func aBarOfEveryControlDrawsThePixelsItDrew() {
        var found: [String: String] = [:]
        for style in OverlayStyle.allCases {
            for scale in [1, 2] {
                let items = Self.kinds.enumerated().map { index, kind in
                    Overlay.Item(content: kind.content, frame: Rect(x: 6.5 + Double(index) * 36, y: 5.25, width: 30, height: 30),
                                 isSelected: index == 3, isEnabled: index != 6)
                }
                var overlay = Overlay(frame: Rect(x: 0, y: 0, width: 620, height: 44), items: items)
                overlay.style = style
                found["\(style) bar at \(scale)"] = hash([drawn(overlay, size: Size(width: 620, height: 44), scale: scale)])
            }
        }
        expect(found, equal: Self.bars, label: "bars")
    }

    /// The colour chooser, the brush's previews and the loupe over a drawing, in both styles.
    @Test func thePanelsWithoutTextDrawThePixelsTheyDrew() {
        var found: [String: String] = [:]
        let size = Size(width: 320, height: 320)
        // Stripes to magnify under the loupe.
        let stripes: (OpaquePointer) -> Void = { context in
            for index in 0..<16 {
                cairo_set_source_rgb(context, Double(index % 3) / 2, Double(index % 5) / 4, Double(index % 2))
                cairo_rectangle(context, Double(index) * 20, 0, 20, 320)
                cairo_fill(context)
            }
        }
        for style in OverlayStyle.allCases {
            var chooser = Overlay(frame: .zero, items: [])
            chooser.style = style
            chooser.colorChooser = Overlay.ColorChooser(frame: Rect(x: 10, y: 10, width: 300, height: 300), hue: 0.3,
                                                        saturation: 0.6, value: 0.7)
            found["\(style) chooser"] = hash([drawn(chooser, size: size, scale: 1), drawn(chooser, size: size, scale: 2)])
        }
        var previews = Overlay(frame: .zero, items: [])
        previews.brushPreview = Overlay.BrushPreview(center: Point(x: 60.5, y: 80.25), radius: 12, color: .init(red: 0.2, green: 0.4, blue: 0.9))
        found["brush preview"] = hash([drawn(previews, size: size, scale: 1), drawn(previews, size: size, scale: 2)])
        previews.brushPreview = Overlay.BrushPreview(center: Point(x: 160, y: 100), radius: 30, color: nil)
        found["eraser preview"] = hash([drawn(previews, size: size, scale: 1), drawn(previews, size: size, scale: 2)])
        var loupe = Overlay(frame: .zero, items: [])
        loupe.loupe = Overlay.Loupe(target: Point(x: 150.5, y: 200), color: Color(red: 0.5, green: 0.25, blue: 1))
        found["loupe"] = hash([drawn(loupe, size: size, scale: 1, under: stripes), drawn(loupe, size: size, scale: 2, under: stripes)])
        expect(found, equal: Self.panels, label: "panels")
    }

    // MARK: - The recorded hashes

    private static let lightIcons: [String: String] = [
        "brush": "87016217bc52247d",
        "clear": "cd6bf0cc622a3610",
        "colorWell": "47aab6977fffb5e7",
        "copy": "ef601927450701d3",
        "eraser": "affafa8e8fd7f8a4",
        "eyedropper": "3cfa7209850e769d",
        "fullscreen": "23570563e4ebf9dc",
        "gallery": "f55bb5eef3847dcc",
        "hand": "5254dd6bf94a8c1b",
        "more": "6a66c5522684240f",
        "redo": "901e599ea1f300fa",
        "save": "1089d1a923ea274a",
        "swatch": "dc4bf5006bd5e3c5",
        "toggle": "ff7a27b6b4fecbd",
        "undo": "99533216a5ae8aec",
        "width 4": "a638c58be2945ba7",
        "width 64": "4ff567ea6ff0d9f5",
    ]
    private static let darkIcons: [String: String] = [
        "brush": "e2b6eee5c96f5c6f",
        "clear": "3adddef9ff1737c1",
        "colorWell": "76e7dda0e62ea9be",
        "copy": "4686296d02c42bc4",
        "eraser": "e083cd613d7892c9",
        "eyedropper": "fb2b5335c0c3b924",
        "fullscreen": "700a57f4c21432db",
        "gallery": "4c85ec7a35e9bfcc",
        "hand": "f0ebe094658d2839",
        "more": "e602d4a71b89478e",
        "redo": "ced300f674cbe0af",
        "save": "fc1a0c14dd960c23",
        "swatch": "a34ed32f06823bb1",
        "toggle": "800761989446ce0b",
        "undo": "e2507e40148d0664",
        "width 4": "9c03972afad8e012",
        "width 64": "43f5ca69c89d11b4",
    ]
    private static let bars: [String: String] = [
        "dark bar at 1": "63277bb38f3e8da1",
        "dark bar at 2": "abc842fe9498798d",
        "light bar at 1": "7886d57c38aef87b",
        "light bar at 2": "d27b1b54b84cec06",
    ]
    private static let panels: [String: String] = [
        "brush preview": "79cde5281195dfae",
        "dark chooser": "6afd4065fad4a151",
        "eraser preview": "82b6e5ff59a0f042",
        "light chooser": "78e4bd517fe438ab",
        "loupe": "ecf06b57b351dde4",
    ]
}
