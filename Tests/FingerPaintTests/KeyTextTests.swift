@testable import FingerPaintCore
import SeatInput
import Testing

/// The text a key types into the gallery's rename field, from its xkb keysym name and Shift.
@Suite struct KeyTextTests {
    @Test(arguments: [
        ("a", "a"), ("shift+s", "S"), ("7", "7"), ("space", " "), ("parenleft", "("), ("eacute", "é"),
        ("shift+Eacute", "É"), ("U20AC", "€"), ("KP_5", "5"), ("KP_Decimal", "."), ("ssharp", "ß"),
        ("division", "÷"), ("degree", "°"),
    ])
    func aKeyThatTypesGivesItsText(key: String, text: String) throws {
        let chord = try #require(KeyChord(parsing: key))
        #expect(chord.typedText == text, "\(key)")
    }

    @Test(arguments: ["BackSpace", "Return", "Tab", "Escape", "F1", "Left", "ctrl+a", "alt+x", "super+e", "Shift_L",
                      "U0007", "NoSuchKey"])
    func aKeyThatTypesNothingGivesNone(key: String) throws {
        let chord = try #require(KeyChord(parsing: key))
        #expect(chord.typedText == nil, "\(key)")
    }
}
