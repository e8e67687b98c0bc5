import Foundation
import ProcessTesting
import Testing

/// The messages' catalogues in po/: every string a user reads is marked in Sources or listed as untranslated, the
/// template is the sources' own, every language has every message, and msgfmt finds nothing wrong
/// (docs/translations.md).
@Suite struct CatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let tool = ChildProcess.product("message-catalogue")

    static var languages: [String] {
        let list = (try? String(contentsOfFile: root + "/po/LINGUAS", encoding: .utf8)) ?? ""
        return list.split(separator: "\n").map { $0.split(separator: "#", omittingEmptySubsequences: false)[0] }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func everyStringAUserReadsIsMarkedOrListed() async throws {
        let result = try await ChildProcess.run(Self.tool, ["check", "--root", Self.root], timeout: 60)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    /// A package of one file with an unmarked sentence, a marked one that interpolates, a listed one and a marked
    /// one: the check names the first two by file and line and fails; once they are fixed, it passes.
    @Test func theCheckFailsOnAnUnmarkedOrInterpolatedMessage() async throws {
        let package = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: package.path("Sources/Tool"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: package.path("po"), withIntermediateDirectories: true)
        _ = try package.write("po/untranslated.txt", "# Not words\n\"trace line \\(…)\"\n")
        let source = """
            let a = "Cannot open the file"
            let b = localized("Saved \\(name)")
            let c = "trace line \\(count)"
            let d = localized("Saved %s", name)
            let e = localizedPlural("%d layer", "%d layers", count: n, n)

            """
        _ = try package.write("Sources/Tool/File.swift", source)
        let failing = try await ChildProcess.run(Self.tool, ["check", "--root", package.path], timeout: 60)
        #expect(failing.status == 1)
        #expect(failing.standardOutput == """
            Sources/Tool/File.swift:2: a message cannot interpolate: write %s and pass the value
            Sources/Tool/File.swift:1: not marked for translation: "Cannot open the file"

            """)
        _ = try package.write("Sources/Tool/File.swift", source.replacingOccurrences(of: "\"Cannot open the file\"",
            with: "localized(\"Cannot open the file\")").replacingOccurrences(of: "\\(name)\")", with: "%s\", name)"))
        let passing = try await ChildProcess.run(Self.tool, ["check", "--root", package.path], timeout: 60)
        #expect(passing.status == 0, "\(passing.standardOutput)")
        let template = try await ChildProcess.run(Self.tool, ["extract", "--root", package.path], timeout: 60)
        #expect(template.standardOutput.contains("""
            #: Sources/Tool/File.swift
            #, c-format
            msgid "%d layer"
            msgid_plural "%d layers"
            msgstr[0] ""
            msgstr[1] ""
            """))
    }

    /// The template holds the value the compiler makes of a literal: a multi-line literal without its indentation,
    /// its continued lines joined; escapes decoded, then written as a PO file writes them.
    @Test func theTemplateHoldsEachLiteralsValue() async throws {
        let package = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: package.path("Sources/Tool"), withIntermediateDirectories: true)
        _ = try package.write("Sources/Tool/File.swift", #"""
            func help() -> String {
                // Translators: the help's first paragraph.
                localized("""
                    Paint with
                    several fingers, \
                    at once.
                    """)
                    + localized("Tab\tand \u{2026} and \"quotes\"")
            }

            """#)
        let result = try await ChildProcess.run(Self.tool, ["extract", "--root", package.path], timeout: 60)
        #expect(result.standardOutput.hasSuffix("""

            #. Translators: the help's first paragraph.
            #: Sources/Tool/File.swift
            msgid ""
            "Paint with\\n"
            "several fingers, at once."
            msgstr ""

            #: Sources/Tool/File.swift
            msgid "Tab\\tand … and \\"quotes\\""
            msgstr ""

            """), "\(result.standardOutput)")
        // And the same literals, compiled, are those values.
        let compiled = """
            Paint with
            several fingers, \
            at once.
            """
        #expect(compiled == "Paint with\nseveral fingers, at once.")
    }

    @Test func theTemplateIsTheSourcesOwn() async throws {
        let result = try await ChildProcess.run(Self.tool, ["extract", "--root", Self.root], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        let template = try String(contentsOfFile: Self.root + "/po/fingerpaint.pot", encoding: .utf8)
        #expect(result.standardOutput == template, "po/fingerpaint.pot is not the sources' messages: run scripts/update-translations.sh")
    }

    @Test func theLanguagesAreThoseTheIssueNames() {
        #expect(Set(Self.languages) == ["bg", "de", "es", "fr", "it", "pt_BR"])
    }

    /// Each language translates every message of the template (msgcmp counts a fuzzy or empty one as missing) and
    /// passes msgfmt's checks: the directives of each translation are its message's, the header and plural forms
    /// are sound.
    @Test(arguments: languages)
    func everyLanguageHasEveryMessageAndPassesMsgfmt(_ language: String) async throws {
        let po = Self.root + "/po/\(language).po"
        let compared = try await ChildProcess.run("/usr/bin/msgcmp", [po, Self.root + "/po/fingerpaint.pot"], timeout: 60)
        #expect(compared.status == 0, "\(compared.standardError)")
        let checked = try await ChildProcess.run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", po], timeout: 60)
        #expect(checked.status == 0, "\(checked.standardError)")
        let untranslatedOrFuzzy = try await ChildProcess.run("/usr/bin/msgattrib", ["--only-fuzzy", po], timeout: 60)
        #expect(untranslatedOrFuzzy.standardOutput.isEmpty, "fuzzy messages in \(language).po")
    }
}
