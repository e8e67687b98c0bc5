// A name laid out on a few lines of a given width, so that names alike at the start still read apart.
// Contract: a pure function of the text, the width and a measure of a line's width; every line it returns fits the
// width (but for a single character wider than it), and it never returns more lines than asked for.

/// Lays `text` out on at most `maximumLines` lines of `width` points, `measure` giving a line's width.
///
/// Lines break at spaces, and a word wider than a line breaks anywhere. When the text still needs more lines,
/// the last line keeps the end of what is left with "…" in the middle, because names alike at the start
/// ("Drawing 2026-12-01 21.04.33", "… (copy)") differ at the end.
func captionLines(_ text: String, width: Double, maximumLines: Int = 2, measure: (String) -> Double) -> [String] {
    let limit = max(maximumLines, 1)
    let words = text.split(separator: " ").joined(separator: " ")
    let wrapped = wrappedLines(words, width: width, measure: measure)
    guard wrapped.count > limit else { return wrapped }
    // The lines before the last as wrapped; the last holds the rest of the words, cut in the middle.
    let kept = Array(wrapped.prefix(limit - 1))
    let characters = Array(words)
    var used = 0
    for line in kept {
        used += line.count
        if used < characters.count, characters[used] == " " { used += 1 }
    }
    return kept + [middleTruncated(String(characters[min(used, characters.count)...]), width: width, measure: measure)]
}

/// The text wrapped at spaces into lines no wider than `width`, as many as it takes; a word wider than a line is
/// broken between characters.
private func wrappedLines(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
        let joined = line.isEmpty ? word : line + " " + word
        if measure(joined) <= width {
            line = joined
            continue
        }
        if !line.isEmpty { lines.append(line) }
        line = ""
        // The word alone on a line, broken where it does not fit.
        for character in word {
            let longer = line + String(character)
            if measure(longer) > width, !line.isEmpty {
                lines.append(line)
                line = String(character)
            } else {
                line = longer
            }
        }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

/// The text with characters taken out of its middle, replaced by "…", until it fits `width`: a third of what is
/// kept from the start and two thirds from the end.
private func middleTruncated(_ text: String, width: Double, measure: (String) -> Double) -> String {
    guard measure(text) > width else { return text }
    let characters = Array(text)
    var kept = characters.count - 1
    while kept > 0 {
        let head = kept / 3, tail = kept - head
        let candidate = String(characters.prefix(head)) + "…" + String(characters.suffix(tail))
        if measure(candidate) <= width { return candidate }
        kept -= 1
    }
    return "…"
}
