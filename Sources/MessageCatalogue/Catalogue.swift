// The messages of the package's sources as a gettext template (po/fingerpaint.pot), and what is wrong with how the
// sources mark them: a message that interpolates, is raw or malformed; a call whose message is not a literal; and a
// string a user would read that is not marked, unless po/untranslated.txt lists it or its module.
import Foundation
import Localization

/// One message of the template: its English singular (and plural), where it is used, what translators are told.
struct CatalogueEntry: Equatable {
    var singular: String
    var plural: String?
    /// The files it is used in, relative to the package's root, in order of first use.
    var files: [String] = []
    var comments: [String] = []
    /// Whether its directives are printf's (`%s`), which `msgfmt --check` compares, or `strftime`'s.
    var isPrintf = true
}

/// Something wrong at a line of a source file.
struct SourceProblem: CustomStringConvertible {
    var path: String
    var line: Int
    var text: String

    var description: String { "\(path):\(line): \(text)" }
}

/// What po/untranslated.txt exempts from marking: whole modules, and strings by their text as written, anywhere or
/// in one file.
struct Exemptions {
    var modules: Set<String> = []
    /// The strings exempted in every file.
    var strings: Set<String> = []
    /// The strings exempted in one file each, by the file's path relative to the package's root.
    var stringsInFile: [String: Set<String>] = [:]

    /// The list's lines: `module NAME`; a string's text as written between its quotes, in quotes; or a file's path,
    /// a space and such a quoted text, for that file only. `#` starts a comment line.
    init(list: String) {
        for line in list.split(separator: "\n") {
            let line = line.trimmingPrefix(while: \.isWhitespace)
            if line.hasPrefix("module ") {
                modules.insert(String(line.dropFirst("module ".count)).trimmingPrefix(while: \.isWhitespace)
                    .split(separator: " ").first.map(String.init) ?? "")
            } else if line.hasPrefix("\""), line.hasSuffix("\""), line.count >= 2 {
                strings.insert(String(line.dropFirst().dropLast()))
            } else if line.hasPrefix("Sources/"), let space = line.firstIndex(of: " "), line.hasSuffix("\""),
                      line[line.index(after: space)...].hasPrefix("\""), line.distance(from: space, to: line.endIndex) >= 3 {
                let text = line[line.index(space, offsetBy: 2)..<line.index(before: line.endIndex)]
                stringsInFile[String(line[..<space]), default: []].insert(String(text))
            }
        }
    }

    init() {}

    /// Whether `text` (a literal's text, or one line of it) is exempted in the file at `path`.
    func exempts(_ text: String, in path: String) -> Bool {
        strings.contains(text) || stringsInFile[path]?.contains(text) == true
    }
}

enum Catalogue {
    /// A line of a literal a user would read as words: two words with a space between, or one capitalized word.
    nonisolated(unsafe) static let wordy = /[A-Za-z]{2,}[,.:;!?]? +[A-Za-z]|^[A-Z][a-z]+…?$/

    /// Every `.swift` file under `folder`, relative to `root`, sorted.
    static func sourceFiles(in folder: String, root: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder) else {
            throw CatalogueError("cannot read the folder \(root)/\(folder)")
        }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder + "/" + $0 }
    }

    /// The messages of `files` (paths relative to `root`) in order of first use, and the problems of their marking.
    static func messages(of files: [String], root: String) throws -> (entries: [CatalogueEntry], problems: [SourceProblem]) {
        var entries: [CatalogueEntry] = []
        var index: [String: Int] = [:]
        var problems: [SourceProblem] = []
        for path in files {
            let source = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            let scan = SourceStringScanner.scan(source)
            for line in scan.callsWithoutLiteral {
                problems.append(SourceProblem(path: path, line: line, text: "a message is a literal written in the call"))
            }
            var calls: [Int: [SourceString]] = [:]
            for string in scan.strings {
                guard let message = string.message else { continue }
                calls[message.call, default: []].append(string)
            }
            for (_, strings) in calls.sorted(by: { $0.key < $1.key }) {
                guard let first = strings.first, let message = first.message else { continue }
                var values: [String] = []
                for string in strings {
                    if string.isInterpolated {
                        problems.append(SourceProblem(path: path, line: string.line,
                                                      text: "a message cannot interpolate: write %s and pass the value"))
                    } else if string.isRaw {
                        problems.append(SourceProblem(path: path, line: string.line, text: "a message cannot be a raw literal"))
                    } else if let value = string.value {
                        if !SourceStringScanner.printfMarkers.contains(message.function) || Localization.isWellFormed(value) {
                            values.append(value)
                        } else {
                            problems.append(SourceProblem(path: path, line: string.line, text:
                                "a message's only directives are %s, %d, %N$s, %N$d and %% (a percent sign): \(string.text)"))
                        }
                    } else {
                        problems.append(SourceProblem(path: path, line: string.line, text: "a malformed literal"))
                    }
                }
                let count = SourceStringScanner.markers[message.function, default: 1]
                guard values.count == strings.count else { continue }
                guard values.count == count else {
                    problems.append(SourceProblem(path: path, line: first.line,
                                                  text: "\(message.function) takes \(count) literal messages"))
                    continue
                }
                let entry = CatalogueEntry(singular: values[0], plural: values.count > 1 ? values[1] : nil,
                                           isPrintf: SourceStringScanner.printfMarkers.contains(message.function))
                if let existing = index[entry.singular] {
                    guard entries[existing].plural == entry.plural, entries[existing].isPrintf == entry.isPrintf else {
                        problems.append(SourceProblem(path: path, line: first.line,
                                                      text: "the message is used both with and without a plural, or as a date format too"))
                        continue
                    }
                } else {
                    index[entry.singular] = entries.count
                    entries.append(entry)
                }
                let position = index[entry.singular] ?? 0
                if !entries[position].files.contains(path) { entries[position].files.append(path) }
                if let comment = first.translatorComment, !entries[position].comments.contains(comment) {
                    entries[position].comments.append(comment)
                }
            }
        }
        return (entries, problems)
    }

    /// The strings of `files` a user would read that are not marked as messages nor exempted.
    static func unmarked(in files: [String], root: String, exemptions: Exemptions) throws -> [SourceProblem] {
        var problems: [SourceProblem] = []
        for path in files {
            let module = path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            guard !exemptions.modules.contains(module) else { continue }
            let source = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            for string in SourceStringScanner.scan(source).strings where string.message == nil {
                guard !exemptions.exempts(string.text, in: path) else { continue }
                let lines = string.text.split(separator: "\n").map(String.init)
                for (offset, line) in lines.enumerated() {
                    let line = String(line.trimmingPrefix(while: \.isWhitespace).reversed()
                        .trimmingPrefix(while: \.isWhitespace).reversed())
                    guard line.contains(wordy), !exemptions.exempts(String(line), in: path) else { continue }
                    problems.append(SourceProblem(path: path, line: string.line + offset,
                                                  text: "not marked for translation: \"\(line)\""))
                    break
                }
            }
        }
        return problems
    }

    /// The template's text: a header, then each entry with its translators' comments, files and, when it has a
    /// directive, the c-format flag that makes `msgfmt --check` compare a translation's directives with it (or
    /// no-c-format for a `strftime` format).
    static func template(of entries: [CatalogueEntry], version: String) -> String {
        var text = """
            # The messages of fingerpaint, its gesture demo and its tools, in English: the template of every po/LANG.po.
            # Made from the sources by scripts/update-translations.sh; not edited by hand (docs/translations.md).
            #, fuzzy
            msgid ""
            msgstr ""
            "Project-Id-Version: fingerpaint \(version)\\n"
            "Report-Msgid-Bugs-To: https://github.com/fingerpaint/fingerpaint/issues\\n"
            "PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
            "Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
            "Language-Team: LANGUAGE <LL@li.org>\\n"
            "Language: \\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

            """
        for entry in entries {
            text += "\n"
            for comment in entry.comments { text += "#. \(comment)\n" }
            text += "#: " + entry.files.joined(separator: " ") + "\n"
            if !entry.isPrintf {
                text += "#, no-c-format\n"
            } else if entry.singular.contains("%") || (entry.plural?.contains("%") ?? false) {
                text += "#, c-format\n"
            }
            text += quoted("msgid", entry.singular)
            if let plural = entry.plural {
                text += quoted("msgid_plural", plural)
                text += "msgstr[0] \"\"\nmsgstr[1] \"\"\n"
            } else {
                text += "msgstr \"\"\n"
            }
        }
        return text
    }

    /// `keyword "value"` as a PO file writes it, a value with line breaks one quoted line per line.
    static func quoted(_ keyword: String, _ value: String) -> String {
        func escaped(_ text: Substring) -> String {
            var result = ""
            for character in text {
                switch character {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                default: result.append(character)
                }
            }
            return result
        }
        guard value.dropLast().contains("\n") else { return "\(keyword) \"\(escaped(value[...]))\"\n" }
        var text = "\(keyword) \"\"\n"
        var rest = value[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
            text += "\"\(escaped(rest[..<end]))\"\n"
            rest = rest[end...]
        }
        return text
    }
}

/// A failure of the tool itself: a folder or file it cannot read or write.
struct CatalogueError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
