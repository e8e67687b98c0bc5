// message-catalogue: the messages of the sources as a gettext template, and a check of how they are marked
// (docs/translations.md). For the package's own scripts and tests; not installed.
import ArgumentParser
import CommandLineSupport
import Foundation

struct MessageCatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message-catalogue",
        abstract: "The messages of the package's sources: their gettext template, and a check of their marking.",
        discussion: """
            extract writes the template of every message marked in Sources (po/fingerpaint.pot). check lists each \
            message marked wrongly, and each string a user reads that is neither marked nor in a list of untranslated \
            ones. Exit status: 0 done, nothing to mark; 1 strings to mark or list, or a file that cannot be read or \
            written; 2 a usage error.
            """,
        version: ProgramVersion.current
    )

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case extract, check
    }

    @Argument(help: "extract or check.")
    var action: Action

    @Option(help: "The package's root folder (its Sources are read).")
    var root = "."

    @Option(help: "extract: the file to write; standard output by default.")
    var output: String?

    @Option(help: "check: a list of modules and strings that are not translated (more than one may be given).")
    var untranslated = ["po/untranslated.txt"]

    func extract() throws {
        let files = try Catalogue.sourceFiles(in: "Sources", root: root)
        let (entries, problems) = try Catalogue.messages(of: files, root: root)
        guard problems.isEmpty else { throw CatalogueError(problems.map(\.description).joined(separator: "\n")) }
        let template = Catalogue.template(of: entries, version: ProgramVersion.current)
        guard let output else {
            print(template, terminator: "")
            return
        }
        do {
            try template.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            throw CatalogueError("cannot write \(output): \(error)")
        }
    }

    /// The problems of the sources' marking, each printed on standard output; `false` when there is one.
    func check() throws -> Bool {
        let files = try Catalogue.sourceFiles(in: "Sources", root: root)
        var list = ""
        for path in untranslated {
            guard let text = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8))
                ?? (try? String(contentsOfFile: path, encoding: .utf8))
            else { throw CatalogueError("cannot read \(path)") }
            list += text + "\n"
        }
        let problems = try Catalogue.messages(of: files, root: root).problems
            + Catalogue.unmarked(in: files, root: root, exemptions: Exemptions(list: list))
        for problem in problems { print(problem) }
        if !problems.isEmpty { Self.complain("\(problems.count) strings to mark or list") }
        return problems.isEmpty
    }

    static func complain(_ message: String) {
        FileHandle.standardError.write(Data("message-catalogue: \(message)\n".utf8))
    }
}

let command = MessageCatalogueCommand.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
do {
    switch command.action {
    case .extract: try command.extract()
    case .check: if try !command.check() { exit(1) }
    }
} catch {
    MessageCatalogueCommand.complain("\(error)")
    exit(1)
}
