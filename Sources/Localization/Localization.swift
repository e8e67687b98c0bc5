// The painter's own language: every word a program shows or prints for a user goes through `localized` or
// `localizedPlural`, which ask GNU gettext (glibc's) for its translation in the domain "fingerpaint". The messages
// are extracted from the sources into po/fingerpaint.pot by scripts/update-translations.sh; docs/translations.md says
// how a language is added. A message is a static string: its arguments are printf's `%s` and `%d` (`%1$s` where a
// translation reorders them), and a literal percent sign is `%%`.
import CShims
import Glibc

/// How the programs choose the language of their messages.
public enum Localization {
    /// The gettext domain of every program of the suite: its catalogues are `LANG/LC_MESSAGES/fingerpaint.mo`.
    public static let domain = "fingerpaint"

    /// The environment variable naming a folder of catalogues to use instead of the installed ones (for translators
    /// trying a `.po` against the window, and for the tests).
    public static let directoryVariable = "FINGERPAINT_LOCALEDIR"

    /// Chooses the language as GNU programs do, from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`, and the
    /// catalogues from `FINGERPAINT_LOCALEDIR` or `share/locale` beside the program's `bin` folder. Only the
    /// messages' category, the character type and the dates' format follow the locale: numbers are read and written
    /// as in the C locale, as the files' formats need. A damaged catalogue of the user's language is not read: the
    /// messages are in English, and standard error says why. Call once, first thing, before any message is made.
    public static func start() {
        setlocale(LC_CTYPE, "")
        let locale = setlocale(LC_MESSAGES, "").map { String(cString: $0) } ?? "C"
        setlocale(LC_TIME, "")
        var directory = getenv(directoryVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? installedDirectory()
        let language = getenv("LANGUAGE").map { String(cString: $0) }
        for path in CatalogueFile.candidates(domain: domain, directory: directory, locale: locale, language: language) {
            guard let bytes = CatalogueFile.contents(of: path), !CatalogueFile.isSound(bytes) else { continue }
            let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? domain
            let line = "\(program): the translation \(path) is damaged: the messages are in English\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            // A folder with no catalogues: every message is its English text.
            directory = "/nonexistent/\(domain)-locale"
            break
        }
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// `share/locale` beside the folder the running program is in (`/usr/bin/fingerpaint` reads
    /// `/usr/share/locale`); `/usr/share/locale` when the program's path cannot be read.
    static func installedDirectory() -> String {
        guard let path = realpath("/proc/self/exe", nil) else { return "/usr/share/locale" }
        defer { free(path) }
        let prefix = String(cString: path).split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
        return (prefix + ["share", "locale"]).joined(separator: "/")
    }
}

/// `message` in the user's language (its translation in the domain "fingerpaint", whichever program the module is
/// part of), its `%s` and `%d` replaced by `arguments` in order (`%2$s` names the second).
/// With no translation, or one whose directives do not fit the arguments (a broken catalogue), the English message.
public func localized(_ message: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    let english = string(message)
    let translated = english.withCString { String(cString: dgettext(Localization.domain, $0)) }
    return MessageFormat.fill(translated.isEmpty ? english : translated, fallback: english,
                              with: arguments.map(\.description))
}

/// The form of `singular` or `plural` that `count` takes in the user's language (some languages have more than
/// two), with its directives replaced by `arguments` as ``localized(_:_:)`` does; the count is not an argument
/// unless passed as one.
public func localizedPlural(_ singular: StaticString, _ plural: StaticString, count: Int,
                            _ arguments: any CustomStringConvertible...) -> String {
    let one = string(singular), many = string(plural)
    let english = count == 1 ? one : many
    let translated = one.withCString { one in
        many.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(clamping: count.magnitude))) }
    }
    return MessageFormat.fill(translated.isEmpty ? english : translated, fallback: english,
                              with: arguments.map(\.description))
}

/// The `strftime` format `format` in the user's language (a translation may order the day and month as its
/// language does), not filled: the C library writes the date with it, month and day names in the locale's `LC_TIME`.
public func localizedDateFormat(_ format: StaticString) -> String {
    let english = string(format)
    let translated = english.withCString { String(cString: dgettext(Localization.domain, $0)) }
    return translated.isEmpty ? english : translated
}

private func string(_ message: StaticString) -> String {
    message.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
}

/// The printf directives a message may hold, and their filling.
package enum MessageFormat {
    /// One piece of a message: text as it is, or the argument at an index (from 0).
    enum Piece: Equatable {
        case text(String)
        case argument(Int)
    }

    /// `format`'s pieces: `%%` is a percent sign; `%s` and `%d` take the next argument, `%N$s` and `%N$d` the
    /// Nth; `nil` for any other directive, a dangling `%`, or a mix of numbered and unnumbered directives.
    static func pieces(of format: String) -> [Piece]? {
        var pieces: [Piece] = []
        var text = ""
        var next = 0
        var numbered: Bool?
        var characters = format[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                text.append(character)
                continue
            }
            guard let directive = characters.popFirst() else { return nil }
            if directive == "%" {
                text.append("%")
                continue
            }
            var index = next
            var conversion = directive
            if directive.isASCII, directive.isNumber {
                var digits = String(directive)
                while let digit = characters.first, digit.isASCII, digit.isNumber {
                    digits.append(digit)
                    characters.removeFirst()
                }
                guard characters.popFirst() == "$", let number = Int(digits), (1...9).contains(number),
                      let letter = characters.popFirst()
                else { return nil }
                guard numbered != false else { return nil }
                numbered = true
                index = number - 1
                conversion = letter
            } else {
                guard numbered != true else { return nil }
                numbered = false
                next += 1
            }
            guard conversion == "s" || conversion == "d" else { return nil }
            if !text.isEmpty {
                pieces.append(.text(text))
                text = ""
            }
            pieces.append(.argument(index))
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// `format` filled with `arguments`; `fallback` filled instead when `format`'s directives are malformed or ask
    /// for an argument there is not; `fallback` as it is when it cannot be filled either.
    package static func fill(_ format: String, fallback: String, with arguments: [String]) -> String {
        for candidate in [format, fallback] {
            guard let pieces = pieces(of: candidate),
                  pieces.allSatisfy({ if case let .argument(index) = $0 { index < arguments.count } else { true } })
            else { continue }
            return pieces.map { piece in
                switch piece {
                case let .text(text): text
                case let .argument(index): arguments[index]
                }
            }.joined()
        }
        return fallback
    }
}

extension Localization {
    /// Whether `message`'s directives are the ones ``localized(_:_:)`` fills: `%s` and `%d`, or `%N$s` and `%N$d`
    /// (not both kinds), and `%%` for a percent sign.
    public static func isWellFormed(_ message: String) -> Bool {
        MessageFormat.pieces(of: message) != nil
    }
}
