import Foundation
import Testing
@testable import Geometry

/// `TOUCHUI_DEBUG`'s items are read with the spaces around them cut exactly as Foundation's
/// `trimmingCharacters(in: .whitespaces)` cut them before TouchUI left Foundation: `" arena"` and `"arena\t"` ask for
/// the arena's lines, `"arena\n"` does not.
@Suite struct ArenaDebugVariableTests {
    @Test func itemsAreTrimmedAsFoundationTrimmedThem() {
        let items = ["arena", " arena", "arena ", "\tarena\t", "\u{00A0}arena\u{3000}", "\u{2009}arena", "arena\n", "\narena",
                     " ", "", "\t \u{00A0}", "ar ena", " a ", "\u{200B}arena", "arena\u{0085}", "x\u{202F}"]
        for item in items {
            #expect(trimming(item, \.isFoundationWhitespace) == item.trimmingCharacters(in: .whitespaces), "\(item.debugDescription)")
        }
    }
}
