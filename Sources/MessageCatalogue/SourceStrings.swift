// The string literals of a Swift source file, each with its line and, for the messages (the arguments of
// `localized` and `localizedPlural` that are messages), which call and argument it is: enough of Swift's lexical
// grammar for this package's sources — comments, plain, multi-line and raw literals, interpolations with literals of
// their own inside — and the value a literal stands for, decoded as the compiler does.

/// One string literal of a source file.
struct SourceString: Equatable {
    /// The literal's text between its delimiters as written: escapes as they are, an interpolation as `\(…)`.
    var text: String
    /// The line it starts on, from 1.
    var line: Int
    /// For a message, the marker function, its call (numbered from 0 in the file) and which of the messages of that
    /// call it is (0, and 1 for `localizedPlural`'s plural).
    var message: (function: String, call: Int, argument: Int)?
    /// Whether it holds an interpolation.
    var isInterpolated: Bool
    /// Whether it is a multi-line (`"""`) literal.
    var isMultiline: Bool
    /// Whether it is a raw (`#"…"#`) literal.
    var isRaw: Bool
    /// The `// Translators:` comment just above it, without the `//`s.
    var translatorComment: String?

    static func == (lhs: SourceString, rhs: SourceString) -> Bool {
        lhs.text == rhs.text && lhs.line == rhs.line && lhs.message?.function == rhs.message?.function
            && lhs.message?.call == rhs.message?.call && lhs.message?.argument == rhs.message?.argument
    }

    /// The value the compiler makes of the literal (for a plain or multi-line one without interpolation): escapes
    /// decoded, a multi-line literal's indentation (its closing delimiter's) and its first and last line breaks
    /// removed, its lines ending in `\` joined; `nil` when an escape is malformed or a line lacks the indentation.
    var value: String? {
        guard !isInterpolated, !isRaw else { return nil }
        var raw = text
        if isMultiline {
            var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 2, lines.first?.allSatisfy(\.isWhitespace) == true,
                  let indentation = lines.last, indentation.allSatisfy({ $0 == " " || $0 == "\t" })
            else { return nil }
            lines = Array(lines.dropFirst().dropLast())
            var stripped: [String] = []
            for line in lines {
                if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    stripped.append("")
                } else if line.hasPrefix(indentation) {
                    stripped.append(String(line.dropFirst(indentation.count)))
                } else {
                    return nil
                }
            }
            raw = stripped.joined(separator: "\n")
        }
        return Self.decodingEscapes(raw)
    }

    /// `raw` with Swift's escapes decoded; a backslash before a line break joins the lines.
    static func decodingEscapes(_ raw: String) -> String? {
        var value = ""
        var characters = raw[...]
        while let character = characters.popFirst() {
            guard character == "\\" else {
                value.append(character)
                continue
            }
            switch characters.popFirst() {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\\": value.append("\\")
            case "\"": value.append("\"")
            case "'": value.append("'")
            case "\n":
                // A line continuation: the break and the next line's leading blanks are not part of the value.
                break
            case "u":
                guard characters.popFirst() == "{", let end = characters.firstIndex(of: "}"),
                      let scalar = UInt32(characters[..<end], radix: 16).flatMap(Unicode.Scalar.init)
                else { return nil }
                value.unicodeScalars.append(scalar)
                characters = characters[characters.index(after: end)...]
            default: return nil
            }
        }
        return value
    }
}

/// Reads the literals of Swift source text.
struct SourceStringScanner {
    /// The functions whose first arguments are messages, and how many of them each takes.
    static let markers = ["localized": 1, "localizedPlural": 2, "localizedDateFormat": 1]
    /// The markers whose messages are printf formats (the others are `strftime`'s).
    static let printfMarkers: Set = ["localized", "localizedPlural"]

    /// A call of a marker whose parenthesis is open.
    private struct OpenCall {
        var function: String
        var call: Int
        var argument = 0
        var literals = 0
    }

    private let characters: [Character]
    private var position = 0
    private var line = 1
    private var found: [SourceString] = []
    /// For each open parenthesis: the marker call it opened, if it did.
    private var parentheses: [OpenCall?] = []
    private var lastIdentifier = ""
    private var calls = 0
    private var comment: (text: String, lastLine: Int)?
    /// Marker calls whose message is not a literal written in the call: their lines.
    private(set) var callsWithoutLiteral: [Int] = []

    /// The literals of `source`, in order (literals inside interpolations too), and the lines of marker calls whose
    /// messages are not literals.
    static func scan(_ source: String) -> (strings: [SourceString], callsWithoutLiteral: [Int]) {
        var scanner = SourceStringScanner(characters: Array(source))
        scanner.scan(untilClosingParenthesis: false)
        return (scanner.found, scanner.callsWithoutLiteral)
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private func peek(_ offset: Int = 0) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private mutating func advance() {
        if characters[position] == "\n" { line += 1 }
        position += 1
    }

    /// Scans code; inside an interpolation, stops after the parenthesis that closes it.
    private mutating func scan(untilClosingParenthesis: Bool) {
        var depth = 0
        while let character = peek() {
            if character == "/", peek(1) == "/" {
                lineComment()
            } else if character == "/", peek(1) == "*" {
                skipBlockComment()
            } else if character == "\"" || (character == "#" && (peek(1) == "\"" || peek(1) == "#")) {
                literal()
            } else if character.isLetter || character == "_" {
                var identifier = ""
                while let next = peek(), next.isLetter || next.isNumber || next == "_" {
                    identifier.append(next)
                    advance()
                }
                // `func localized(` declares a marker rather than calls it.
                lastIdentifier = lastIdentifier == "func" && identifier != "func" ? "" : identifier
                continue
            } else if character == "(" {
                if let count = Self.markers[lastIdentifier], count > 0 {
                    parentheses.append(OpenCall(function: lastIdentifier, call: calls))
                    calls += 1
                } else {
                    parentheses.append(nil)
                }
                depth += 1
                advance()
            } else if character == ")" {
                if let open = parentheses.popLast(), let open, open.literals == 0 {
                    callsWithoutLiteral.append(line)
                }
                advance()
                if untilClosingParenthesis {
                    if depth == 0 { return }
                    depth -= 1
                }
            } else if character == "," {
                if var open = parentheses.last ?? nil {
                    open.argument += 1
                    parentheses[parentheses.count - 1] = open
                }
                advance()
            } else {
                advance()
            }
            if !character.isWhitespace { lastIdentifier = "" }
        }
    }

    /// A `//` comment; a `// Translators:` one, with the `//` lines right after it, is kept for the next message.
    private mutating func lineComment() {
        var text = ""
        while let next = peek(), next != "\n" {
            text.append(next)
            advance()
        }
        let body = text.drop { $0 == "/" }.trimmingPrefix(while: \.isWhitespace)
        if body.hasPrefix("Translators:") {
            comment = (String(body), line)
        } else if let previous = comment, previous.lastLine == line - 1 {
            comment = (previous.text + " " + body, line)
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while let character = peek() {
            if character == "/", peek(1) == "*" {
                depth += 1
                advance()
            } else if character == "*", peek(1) == "/" {
                depth -= 1
                advance()
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// A literal at `position`: `#`s, one or three quotes, the text, the same quotes and `#`s.
    private mutating func literal() {
        let startLine = line
        var message: (function: String, call: Int, argument: Int)?
        if var open = parentheses.last ?? nil, open.argument < Self.markers[open.function, default: 0] {
            message = (open.function, open.call, open.argument)
            open.literals += 1
            parentheses[parentheses.count - 1] = open
        }
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            advance()
        }
        guard peek() == "\"" else { return }
        let isMultiline = peek(1) == "\"" && peek(2) == "\""
        let quotes = isMultiline ? 3 : 1
        for _ in 0..<quotes { advance() }
        var text = ""
        var isInterpolated = false
        while let character = peek() {
            if character == "\"", (0..<quotes).allSatisfy({ peek($0) == "\"" }),
               (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" }) {
                for _ in 0..<(quotes + hashes) { advance() }
                break
            }
            if character == "\\", (0..<hashes).allSatisfy({ peek(1 + $0) == "#" }) {
                let after = peek(1 + hashes)
                for _ in 0..<(1 + hashes) { advance() }
                if after == "(" {
                    isInterpolated = true
                    advance()
                    let saved = parentheses
                    parentheses = []
                    scan(untilClosingParenthesis: true)
                    parentheses = saved
                    text += "\\(…)"
                    continue
                }
                text.append("\\")
                if let after {
                    text.append(after)
                    advance()
                }
                continue
            }
            text.append(character)
            advance()
        }
        let translatorComment = message != nil && (comment.map { $0.lastLine >= startLine - 2 } ?? false)
            ? comment?.text : nil
        if message != nil { comment = nil }
        found.append(SourceString(text: text, line: startLine, message: message, isInterpolated: isInterpolated,
                                  isMultiline: isMultiline, isRaw: hashes > 0, translatorComment: translatorComment))
    }
}
