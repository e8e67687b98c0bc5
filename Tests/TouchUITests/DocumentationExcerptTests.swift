import Foundation
import SeatInput
import Testing
import TouchUI
import TouchUITesting

/// The DocC articles quote real code: a Swift block whose paragraph ends by naming a file of the repository
/// (`Examples/UndoGesture/App/main.swift`) must be an unchanged run of that file's lines, so the articles cannot
/// drift from the example and the sources they teach.
@Suite struct DocumentationExcerptTests {
    /// One quoted block: the article, the file it names, and its lines.
    struct Excerpt {
        var article: String
        var file: String
        var lines: [String]
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every article of the four catalogs.
    static func articles() throws -> [URL] {
        try ["TouchUI", "SeatInput", "TouchUITesting", "WaylandApp"].flatMap { module in
            let catalog = root.appendingPathComponent("Sources/\(module)/\(module).docc")
            return try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "md" }
        }
    }

    /// The Swift blocks of `text` whose preceding paragraph's last line names a repository file in backquotes.
    static func excerpts(in text: String, article: String) -> [Excerpt] {
        let lines = text.components(separatedBy: "\n")
        var result: [Excerpt] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```swift" else { continue }
            let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
            let before = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let named = before.split(separator: "`").map(String.init).first {
                ($0.hasPrefix("Examples/") || $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/")) && $0.hasSuffix(".swift")
            }
            if let named {
                result.append(Excerpt(article: article, file: named, lines: Array(lines[(index + 1)..<end])))
            }
            index = end
        }
        return result
    }

    /// Whether `excerpt` is a run of consecutive lines of `file`.
    static func isRun(_ excerpt: [String], of file: [String]) -> Bool {
        guard !excerpt.isEmpty, excerpt.count <= file.count else { return false }
        return (0...(file.count - excerpt.count)).contains { start in Array(file[start..<(start + excerpt.count)]) == excerpt }
    }

    @Test func everyQuotedBlockIsTheNamedFilesCodeUnchanged() throws {
        let articles = try Self.articles()
        #expect(articles.count >= 7)
        var checked = 0
        for article in articles {
            let text = try String(contentsOf: article, encoding: .utf8)
            for excerpt in Self.excerpts(in: text, article: article.lastPathComponent) {
                let source = try String(contentsOf: Self.root.appendingPathComponent(excerpt.file), encoding: .utf8)
                let unchanged = Self.isRun(excerpt.lines, of: source.components(separatedBy: "\n"))
                #expect(unchanged, "\(excerpt.article) quotes \(excerpt.file) with lines that are not in it: \(excerpt.lines.prefix(3))")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    @Test func gettingStartedIsTheExampleAppInUnderAHundredLines() throws {
        let url = Self.root.appendingPathComponent("Sources/TouchUI/TouchUI.docc/GettingStarted.md")
        let excerpts = Self.excerpts(in: try String(contentsOf: url, encoding: .utf8), article: "GettingStarted.md")
        let files = Set(excerpts.map(\.file))
        #expect(files == ["Examples/UndoGesture/Board/PictureBoard.swift", "Examples/UndoGesture/App/main.swift"])
        let total = excerpts.reduce(0) { $0 + $1.lines.count }
        #expect(total > 50 && total < 100, "\(total) lines")
        // The pinch and the taps that wait for it are in what the article shows.
        let shown = excerpts.flatMap(\.lines).joined(separator: "\n")
        #expect(shown.contains("PinchGestureRecognizer()") && shown.contains("tap.require(toFail: placing)"))
    }

    @Test func theCustomRecognizerArticleShowsTheWholeCheckmarkClassInOrder() throws {
        let file = "Sources/TouchUI/CheckmarkGestureRecognizer.swift"
        let url = Self.root.appendingPathComponent("Sources/TouchUI/TouchUI.docc/CustomRecognizer.md")
        let excerpts = Self.excerpts(in: try String(contentsOf: url, encoding: .utf8), article: "CustomRecognizer.md")
        #expect(excerpts.allSatisfy { $0.file == file })
        // The blocks, one after another, are the class from its declaration to its closing brace, every line of it
        // but the blank ones between the blocks: touchesMoved, where the checkmark's logic lives, included.
        let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            .components(separatedBy: "\n")
        let declaration = try #require(source.firstIndex { $0.hasPrefix("open class CheckmarkGestureRecognizer") })
        let nonBlank = { (lines: [String]) in lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } }
        let shown = nonBlank(excerpts.flatMap(\.lines)), whole = nonBlank(Array(source[declaration...]))
        let first = zip(shown, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(shown.count, whole.count)
        let same = shown == whole
        let inClass = first < whole.count ? whole[first] : "(the end)", inArticle = first < shown.count ? shown[first] : "(the end)"
        #expect(same, "they part at the class's line \(first + 1) (blank lines aside): `\(inClass)`, the article's `\(inArticle)`")
    }

    @Test func theArbitrationArticlesArenaLogIsWhatTheArenaPrints() throws {
        let url = Self.root.appendingPathComponent("Sources/TouchUI/TouchUI.docc/Arbitration.md")
        let shown = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            .filter { $0.hasPrefix("    arena: ") }.map { String($0.dropFirst(4)) }
        // The article's story: a pan, a pinch and a two-finger tap that requires the pinch to fail, named as there;
        // two fingers spread slowly, so the pinch begins before they leave the tap's slop.
        let stage = TouchStage()
        var printed: [String] = []
        stage.window.onArenaDecision = { printed.append($0.description) }
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer(), tap = TapGestureRecognizer()
        pan.name = "move"
        pinch.name = "zoom"
        tap.name = "undo"
        tap.numberOfTouchesRequired = 2
        tap.require(toFail: pinch)
        for (recognizer, name) in [(pan, "pan"), (pinch, "pinch"), (tap, "tap")] as [(GestureRecognizer, String)] {
            stage.add(recognizer, as: name)
        }
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 118, t: 0, duration: 150))
        #expect(shown.count == 3)
        #expect(printed == shown)
    }

    @Test func aChangedLineIsNoLongerARunOfTheFile() {
        let file = ["a", "b", "c", "d"]
        #expect(Self.isRun(["b", "c"], of: file))
        #expect(!Self.isRun(["b", "d"], of: file))
        #expect(!Self.isRun(["b", "c "], of: file))
        #expect(!Self.isRun([], of: file))
    }
}
