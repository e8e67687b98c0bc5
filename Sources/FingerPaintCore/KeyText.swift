// The text a key types, from its xkb keysym name and Shift: what a text field (the gallery's rename panel) takes.
// Contract: a pure function of the chord; a chord with Ctrl, Alt or Super, or a key that types nothing, gives nil.
import SeatInput

extension KeyChord {
    /// The text the key types, or `nil` for one that types none (a command, an arrow, a function key).
    ///
    /// Letters are upper case with Shift. Keys are named by their xkb keysyms: single characters as themselves,
    /// ASCII punctuation and Latin-1 letters by their names (`parenleft`, `eacute`), the keypad's digits, and any
    /// other character by its `U` and hexadecimal code (`U20AC` for "€"). Caps Lock is not seen: a chord has no
    /// lock state.
    var typedText: String? {
        guard modifiers.isDisjoint(with: [.ctrl, .alt, .super]) else { return nil }
        if keysym.count == 1, let character = keysym.first {
            return character.isLetter && modifiers.contains(.shift) ? character.uppercased() : String(character)
        }
        if let character = Self.namedCharacters[keysym] { return String(character) }
        if keysym.hasPrefix("KP_"), keysym.count == 4, let digit = keysym.last, digit.isASCII, digit.isNumber {
            return String(digit)
        }
        if keysym.hasPrefix("U"), keysym.count > 1, let code = UInt32(keysym.dropFirst(), radix: 16),
           let scalar = Unicode.Scalar(code), scalar.properties.generalCategory != .control {
            return String(Character(scalar))
        }
        return nil
    }

    /// The keysym names of the characters that have one: ASCII punctuation, and Latin-1's from U+00A0 (whose
    /// keysyms are their code points).
    private static let namedCharacters: [String: Character] = {
        var names: [String: Character] = [
            "space": " ", "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
            "ampersand": "&", "apostrophe": "'", "parenleft": "(", "parenright": ")", "asterisk": "*", "plus": "+",
            "comma": ",", "minus": "-", "period": ".", "slash": "/", "colon": ":", "semicolon": ";", "less": "<",
            "equal": "=", "greater": ">", "question": "?", "at": "@", "bracketleft": "[", "backslash": "\\",
            "bracketright": "]", "asciicircum": "^", "underscore": "_", "grave": "`", "braceleft": "{", "bar": "|",
            "braceright": "}", "asciitilde": "~", "KP_Space": " ", "KP_Decimal": ".", "KP_Add": "+",
            "KP_Subtract": "-", "KP_Multiply": "*", "KP_Divide": "/", "KP_Equal": "=",
        ]
        let upper = ["Agrave", "Aacute", "Acircumflex", "Atilde", "Adiaeresis", "Aring", "AE", "Ccedilla", "Egrave",
                     "Eacute", "Ecircumflex", "Ediaeresis", "Igrave", "Iacute", "Icircumflex", "Idiaeresis", "ETH",
                     "Ntilde", "Ograve", "Oacute", "Ocircumflex", "Otilde", "Odiaeresis", "multiply", "Oslash",
                     "Ugrave", "Uacute", "Ucircumflex", "Udiaeresis", "Yacute", "THORN"]
        for (offset, name) in upper.enumerated() {
            let code = 0xC0 + UInt32(offset)
            guard let capital = Unicode.Scalar(code), let small = Unicode.Scalar(code + 0x20) else { continue }
            names[name] = Character(capital)
            // The small letters are named in lower case, 0x20 above; "multiply" has "division" there.
            names[name == "multiply" ? "division" : name.lowercased()] = Character(small)
        }
        let symbols = ["nobreakspace", "exclamdown", "cent", "sterling", "currency", "yen", "brokenbar", "section",
                       "diaeresis", "copyright", "ordfeminine", "guillemotleft", "notsign", "hyphen", "registered",
                       "macron", "degree", "plusminus", "twosuperior", "threesuperior", "acute", "mu", "paragraph",
                       "periodcentered", "cedilla", "onesuperior", "masculine", "guillemotright", "onequarter",
                       "onehalf", "threequarters", "questiondown"]
        for (offset, name) in symbols.enumerated() {
            if let scalar = Unicode.Scalar(0xA0 + UInt32(offset)) { names[name] = Character(scalar) }
        }
        names["ssharp"] = "ß"
        names["ydiaeresis"] = "ÿ"
        return names
    }()
}
