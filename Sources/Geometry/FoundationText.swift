// Text trimmed as Foundation's CharacterSets trimmed it, for the modules that no longer link Foundation (issue #22).

/// `text` without the scalars at its ends for which `isCut` holds (`trimmingCharacters(in:)`).
package func trimming(_ text: some StringProtocol, _ isCut: (Unicode.Scalar) -> Bool) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isCut($0) }), let last = scalars.lastIndex(where: { !isCut($0) }) else {
        return ""
    }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.newlines`: U+000A to U+000D, U+0085, U+2028, U+2029.
    package var isFoundationNewline: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// In Foundation's `CharacterSet.whitespaces`: the tab, the zero-width space (as CoreFoundation counts it) and
    /// Unicode's space separators.
    package var isFoundationWhitespace: Bool {
        self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`.
    package var isFoundationWhitespaceOrNewline: Bool {
        isFoundationNewline || isFoundationWhitespace
    }
}
