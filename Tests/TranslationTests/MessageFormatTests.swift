@testable import Localization
import PropertyBased
import Testing

/// How a message's arguments fill it, in English and in a translation, and what a broken translation does: the
/// English message, never a trap (docs/translations.md).
@Suite struct MessageFormatTests {
    @Test func argumentsFillTheDirectivesInOrder() {
        #expect(MessageFormat.fill("%s has %d layers", fallback: "", with: ["Cat", "3"]) == "Cat has 3 layers")
        #expect(MessageFormat.fill("100 %% and upright", fallback: "", with: []) == "100 % and upright")
        #expect(MessageFormat.fill("no directive", fallback: "", with: ["unused"]) == "no directive")
    }

    @Test func aTranslationMayReorderTheArgumentsByNumber() {
        let french = MessageFormat.fill("%2$s : %1$s", fallback: "%s: %s", with: ["why", "name"])
        #expect(french == "name : why")
    }

    /// A translation whose directives ask for more than there is, or that cannot be read, gives the English text.
    @Test func aBrokenTranslationGivesTheEnglishMessage() {
        for broken in ["%s %s %s", "%3$s", "50 %", "%x", "%1$s %s", "%0$s", "%10$s", "%"] {
            #expect(MessageFormat.fill(broken, fallback: "Saved %s", with: ["Cat"]) == "Saved Cat", "\(broken)")
        }
        #expect(MessageFormat.fill("%q", fallback: "%q", with: []) == "%q")
    }

    @Test func onlyTheFilledDirectivesAreWellFormed() {
        for good in ["", "plain", "%s", "%d", "%1$s %2$d", "%%", "100 %% of %s"] {
            #expect(Localization.isWellFormed(good), "\(good)")
        }
        for bad in ["100 % and", "%", "%f", "%1$s %s", "%s %1$s", "%1$", "%$s", "%10$s"] {
            #expect(!Localization.isWellFormed(bad), "\(bad)")
        }
    }

    static let pieces = ["%", "s", "d", "$", "1", "2", "9", "x", " ", "é", "%%", "%s", "%1$s", "%2$d"]

    /// Whatever a catalogue holds, filling it gives text: the translation filled when its directives fit the
    /// arguments, else the English message filled, and every argument placed as it is.
    @Test func anyTranslationFillsWithoutTrapping() async {
        let formats = Gen.element(of: Self.pieces).array(of: 0...12).map { $0.compactMap { $0 }.joined() }
        await propertyCheck(count: 2000, input: formats, Gen.int(in: 0...3)) { format, count in
            let arguments = (0..<count).map { "<\($0)>" }
            let filled = MessageFormat.fill(format, fallback: String(repeating: "%s ", count: count), with: arguments)
            if let pieces = MessageFormat.pieces(of: format),
               pieces.allSatisfy({ if case let .argument(index) = $0 { index < count } else { true } }) {
                #expect(!filled.contains("%") || format.contains("%%"), "\(format) → \(filled)")
            } else {
                #expect(filled == arguments.map { $0 + " " }.joined(), "\(format) → \(filled)")
            }
        }
    }

    /// With no catalogue for the domain (the tests' C locale), a message is its English text, filled.
    @Test func withoutATranslationTheMessageIsEnglish() {
        #expect(localized("Layer %d of %s", 2, "Cat") == "Layer 2 of Cat")
        #expect(localizedPlural("%d stroke", "%d strokes", count: 1, 1) == "1 stroke")
        #expect(localizedPlural("%d stroke", "%d strokes", count: 4, 4) == "4 strokes")
        #expect(localizedPlural("%d stroke", "%d strokes", count: 0, 0) == "0 strokes")
        #expect(localized("100 %% and upright") == "100 % and upright")
    }
}
