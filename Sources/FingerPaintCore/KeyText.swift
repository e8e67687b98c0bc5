// The text a key types, from its xkb keysym name and Shift: what a text field (the gallery's rename panel) takes.
// Contract: a pure function of the chord; a chord with Ctrl, Alt or Super, or a key that types nothing, gives nil.
import CXKBCommon
import SeatInput

extension KeyChord {
    /// The text the key types, or `nil` for one that types none (a command, an arrow, a function key).
    ///
    /// The keysym's character is libxkbcommon's (`xkb_keysym_to_utf32`), so every keysym name it knows types what it
    /// does in any other program: `parenleft`, `eacute`, the keypad's digits, `U20AC` for "€". A name of a single
    /// character types that character. Letters are upper case with Shift. Caps Lock is not seen: a chord has no lock
    /// state.
    var typedText: String? {
        guard modifiers.isDisjoint(with: [.ctrl, .alt, .super]) else { return nil }
        let character: Character
        if keysym.count == 1, let single = keysym.first {
            character = single
        } else {
            let symbol = xkb_keysym_from_name(keysym, XKB_KEYSYM_NO_FLAGS)
            guard symbol != 0, let scalar = Unicode.Scalar(xkb_keysym_to_utf32(symbol)),
                  scalar.value != 0, scalar.properties.generalCategory != .control else { return nil }
            character = Character(scalar)
        }
        return character.isLetter && modifiers.contains(.shift) ? character.uppercased() : String(character)
    }
}
