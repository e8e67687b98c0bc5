// Text for XML, as the files we write that are XML hold it: OpenRaster's stack.xml and the SVG export.

/// Text in XML documents we write.
package enum XMLText {
    /// `text` as an XML attribute value between double quotes: markup characters and the whitespace an XML reader
    /// would otherwise fold into spaces as references, characters XML cannot hold at all (controls, U+FFFE, U+FFFF)
    /// as U+FFFD.
    package static func attribute(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
