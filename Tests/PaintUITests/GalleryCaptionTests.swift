// The gallery's captions: names alike at the start read apart, on at most two lines that fit the tile.
import CCairo
import Geometry
@testable import PaintUI
import PropertyBased
import Testing

@Suite struct GalleryCaptionTests {
    /// The width a caption's name has in the narrowest tile (180 points, 2 either side).
    static let width = 176.0

    /// Measures lines as the gallery draws names: DejaVu Sans Bold at 13 points.
    final class Measure {
        private let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4)
        private let context: OpaquePointer?

        init() {
            context = cairo_create(surface)
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(context, 13)
        }

        deinit {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }

        func callAsFunction(_ text: String) -> Double {
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, text, &extents)
            return extents.x_advance
        }
    }

    @Test func untitledDrawingsAndTheirCopiesReadApart() {
        let measure = Measure()
        let names = ["Drawing 2026-12-01 21.04.33", "Drawing 2026-12-01 21.04.33 (copy)",
                     "Drawing 2026-12-01 21.04.33 (copy 2)", "Drawing 2026-12-01 21.04.34"]
        let captions = names.map { captionLines($0, width: Self.width, measure: measure.callAsFunction) }
        #expect(Set(captions).count == names.count, "\(captions)")
        for (name, lines) in zip(names, captions) {
            #expect(lines.count <= 2 && lines.allSatisfy { measure($0) <= Self.width }, "\(lines)")
            // Two lines are room enough for these: the whole name, broken at a space.
            #expect(lines.joined(separator: " ") == name, "\(lines)")
        }
    }

    @Test func aNameTooLongKeepsItsStartAndItsEnd() throws {
        let measure = Measure()
        let name = "A very long name for a drawing of the harbour at dawn with all the boats still in (copy 3)"
        let lines = captionLines(name, width: Self.width, measure: measure.callAsFunction)
        try #require(lines.count == 2)
        #expect(name.hasPrefix(lines[0]))
        #expect(lines[1].contains("…") && lines[1].hasSuffix("(copy 3)"), "\(lines)")
        #expect(lines.allSatisfy { measure($0) <= Self.width }, "\(lines)")
    }

    @Test func aLongWordBreaksAnywhere() {
        let lines = captionLines("abcdefghijklmnopqrstuvwxyz", width: 70) { Double($0.count) * 7 }
        #expect(lines == ["abcdefghij", "klm…uvwxyz"])
        #expect(captionLines("abcdefghijklmnopqrst", width: 70) { Double($0.count) * 7 } == ["abcdefghij", "klmnopqrst"])
    }

    static let pieces = ["Drawing", " ", "2026-12-01", "21.04.33", "(copy)", "x", "supercalifragilistic", "  ", "été", "猫"]

    /// Names of every shape — spaces anywhere, long words, one character, empty — at widths down to nothing: at most
    /// two lines, each fitting (a single character always shows); the whole name when it fits, else its end.
    @Test func everyCaptionFitsItsWidthOnTwoLinesAtMost() async {
        let names = Gen.element(of: Self.pieces).array(of: 0...8).map { $0.compactMap { $0 }.joined() }
        await propertyCheck(count: 1000, input: names, Gen.int(in: 0...30)) { name, characters in
            let width = Double(characters) * 7
            let measure = { (text: String) in Double(text.count) * 7 }
            let lines = captionLines(name, width: width, measure: measure)
            #expect(lines.count <= 2, "\(name) at \(width): \(lines)")
            #expect(lines.allSatisfy { measure($0) <= max(width, 7) }, "\(name) at \(width): \(lines)")
            let letters = name.filter { $0 != " " }
            if let last = lines.last, last.contains("…") {
                let end = last.split(separator: "…", omittingEmptySubsequences: false).last ?? ""
                #expect(name.split(separator: " ").joined(separator: " ").hasSuffix(end), "\(name): \(lines)")
            } else {
                #expect(lines.joined().filter { $0 != " " } == letters, "\(name) at \(width): \(lines)")
            }
        }
    }
}
