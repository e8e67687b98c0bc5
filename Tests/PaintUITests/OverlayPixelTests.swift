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
        ("fullscreen", .fullscreen), ("colorChooser", .colorChooser), ("eyedropper", .eyedropper), ("gallery", .gallery),
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
                var overlay = Overlay(frame: Rect(x: 0, y: 0, width: 520, height: 44), items: items, hasMoreBefore: true,
                                      hasMoreAfter: true)
                overlay.style = style
                found["\(style) bar at \(scale)"] = hash([drawn(overlay, size: Size(width: 520, height: 44), scale: scale)])
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
        "clear": "482dfe73eaca7d80",
        "colorChooser": "b07e82c6414c22ea",
        "copy": "1085f319231b63af",
        "eraser": "7931b3920f84e5d6",
        "eyedropper": "b93dfff765fba9fc",
        "fullscreen": "8443784d63249f8d",
        "gallery": "8566623c6cdc41f",
        "hand": "5fd3ffc584ecf7eb",
        "redo": "7748646b33f29b68",
        "save": "54eca8be19607be3",
        "swatch": "eb69d77eb326383f",
        "undo": "e05bf7003d956f03",
        "width 4": "ae572c2db700799f",
        "width 64": "99f66996c84d2a94",
    ]
    private static let darkIcons: [String: String] = [
        "clear": "61b31b6340a6fa1c",
        "colorChooser": "59b665a4c9d80169",
        "copy": "44b800942fb3fbba",
        "eraser": "532ee7a580ccaf0b",
        "eyedropper": "6b3b861a9fe0eb1",
        "fullscreen": "2e2a80673ecc73e9",
        "gallery": "5c48fdea2c089678",
        "hand": "142c7e50ae21e07a",
        "redo": "65e198af053815b1",
        "save": "546b1568274796ad",
        "swatch": "623e468084032c32",
        "undo": "3d5585eb147e2354",
        "width 4": "8ee39634a1760d7f",
        "width 64": "f013a1da818340e0",
    ]
    private static let bars: [String: String] = [
        "dark bar at 1": "ad908c30aab20f90",
        "dark bar at 2": "594491786e62c01f",
        "light bar at 1": "3efeadad3ce4b80d",
        "light bar at 2": "ead60fdb7cfd516d",
    ]
    private static let panels: [String: String] = [
        "brush preview": "79cde5281195dfae",
        "dark chooser": "ea28ea8613489689",
        "eraser preview": "82b6e5ff59a0f042",
        "light chooser": "eae0ae5939b10ba7",
        "loupe": "ecf06b57b351dde4",
    ]
}
