import FingerPaintCore
import Foundation
import Geometry
import Glibc
import PaintModel
import ProcessTesting
import SeatInput
import Testing

/// The painter's own language (issue #40): the window's words and the program's refusals in French with
/// `LANGUAGE=fr` in a French locale, read from po/fr.po built as `make translations` builds it; English for a language
/// with no translation and for a damaged catalogue (docs/translations.md).
@Suite struct TranslatedWindowTests {
    typealias Window = FingerPaintWindowTests
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `scratch/locale/LANG/LC_MESSAGES/fingerpaint.mo` from po/LANG.po for each language; the folder's path.
    static func catalogues(in scratch: TemporaryDirectory, languages: [String] = ["fr"]) async throws -> String {
        for language in languages {
            let folder = scratch.path("locale/\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let built = try await ChildProcess.run("/usr/bin/msgfmt", ["-o", folder + "/fingerpaint.mo", root + "/po/\(language).po"])
            #expect(built.status == 0, "\(built.standardError)")
        }
        return scratch.path("locale")
    }

    /// French as the C library's gettext reads it from the same catalogue: the test's second reader.
    static func french(_ message: String, locale: String) async throws -> String {
        let result = try await ChildProcess.run("/usr/bin/gettext", ["-d", "fingerpaint", "--", message],
                                                environment: ["TEXTDOMAINDIR": locale, "LANGUAGE": "fr", "LANG": "fr_FR.UTF-8", "LC_ALL": ""])
        return result.standardOutput
    }

    static func environment(language: String, locale: String) -> [String: String] {
        ["LANGUAGE": language, "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "FINGERPAINT_LOCALEDIR": locale]
    }

    /// Whether the C library has the locale fr_FR.UTF-8 (`make test-deps` generates it): without it, gettext
    /// ignores `LANGUAGE`, as GNU programs do.
    static func requireFrenchLocale() throws {
        try requireLocale("fr_FR.UTF-8")
    }

    static func requireLocale(_ name: String) throws {
        let locale = try #require(newlocale(1 << LC_MESSAGES, name, nil), "the locale \(name) is missing: make test-deps generates it")
        freelocale(locale)
    }

    /// A file that is not a drawing: its refusal, the file as it was.
    static func refusal(language: String, locale: String, in scratch: TemporaryDirectory) async throws -> (status: Int32, text: String) {
        let notes = try scratch.write("notes.txt", "a shopping list\n")
        let result = try await ChildProcess.run(ChildProcess.product("fingerpaint"), [notes],
                                                environment: Window.environment(in: scratch).merging(environment(language: language, locale: locale)) { $1 })
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "a shopping list\n")
        return (result.status, result.standardError)
    }

    @Test func aFileThatIsNotADrawingIsRefusedInFrench() async throws {
        try Self.requireFrenchLocale()
        let scratch = try TemporaryDirectory()
        let locale = try await Self.catalogues(in: scratch)
        let refused = try await Self.refusal(language: "fr", locale: locale, in: scratch)
        #expect(refused.status == 2)
        let reason = try await Self.french("not a fingerpaint drawing", locale: locale)
        let line = try await Self.french("%1$s: %2$s; the file was left as it was", locale: locale)
        #expect(reason != "not a fingerpaint drawing" && !line.contains("left as it was"))
        let expected = "fingerpaint: " + line.replacingOccurrences(of: "%1$s", with: scratch.path("notes.txt"))
            .replacingOccurrences(of: "%2$s", with: reason) + "\n"
        #expect(refused.text == expected)
        #expect(refused.text.contains("dessin"), "\(refused.text)")
    }

    /// `LANGUAGE=xx`, a language with no catalogue, in a French locale: English, as GNU programs say it.
    @Test func aLanguageWithNoTranslationIsEnglish() async throws {
        let scratch = try TemporaryDirectory()
        let locale = try await Self.catalogues(in: scratch)
        let refused = try await Self.refusal(language: "xx", locale: locale, in: scratch)
        #expect(refused.status == 2)
        #expect(refused.text == "fingerpaint: \(scratch.path("notes.txt")): not a fingerpaint drawing; the file was left as it was\n")
    }

    /// A catalogue that is not one (random bytes), and one cut short (glibc would read past its end): English,
    /// never a crash, and standard error says why.
    @Test(arguments: ["garbage", "cut short"])
    func aDamagedCatalogueIsEnglish(_ damage: String) async throws {
        try Self.requireFrenchLocale()
        let scratch = try TemporaryDirectory()
        let locale = try await Self.catalogues(in: scratch)
        let mo = locale + "/fr/LC_MESSAGES/fingerpaint.mo"
        let whole = try Data(contentsOf: URL(fileURLWithPath: mo))
        let damaged = damage == "garbage" ? Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
            : whole.prefix(whole.count / 3)
        try damaged.write(to: URL(fileURLWithPath: mo))
        let refused = try await Self.refusal(language: "fr", locale: locale, in: scratch)
        #expect(refused.status == 2)
        #expect(refused.text == "fingerpaint: the translation \(mo) is damaged: the messages are in English\n"
            + "fingerpaint: \(scratch.path("notes.txt")): not a fingerpaint drawing; the file was left as it was\n")
    }

    /// Through touch-replay, in French: the undo button held shows its label in French, and a copy's banner is
    /// French (the lines the window prints for them with `--verbose`).
    @Test func theUndoButtonsLabelAndABannerAreFrench() async throws {
        try Self.requireFrenchLocale()
        let scratch = try TemporaryDirectory()
        let locale = try await Self.catalogues(in: scratch)
        let layout = InterfaceLayout(size: Size(width: 800, height: 568))
        let undo = try #require(layout.frame(of: .undo)).center
        let button = Point(x: undo.x, y: undo.y + 32)
        let events = Window.twoFingerStrokes + [
            SeatEvent(time: .milliseconds(700), .touchDown(id: 9, location: button)), SeatEvent(time: .milliseconds(700), .touchFrame),
            SeatEvent(time: .milliseconds(1500), .touchUp(id: 9)), SeatEvent(time: .milliseconds(1500), .touchFrame),
            SeatEvent(time: .milliseconds(1700), .key(KeyChord("c", modifiers: .ctrl))),
            SeatEvent(time: .milliseconds(2700), .pointerEnter(location: Point(x: 790, y: 200))),
        ]
        let result = try await Window.paint(events, in: scratch, programOptions: ["--verbose"],
                                            environment: Self.environment(language: "fr", locale: locale))
        #expect(result.status == 0, "\(result.standardError)")
        let label = try await Self.french("Undo (two-finger tap)", locale: locale)
        let banner = try await Self.french("Copied the drawing to the clipboard.", locale: locale)
        #expect(label != "Undo (two-finger tap)" && banner != "Copied the drawing to the clipboard.")
        let labels = result.standardError.split(separator: "\n").compactMap { line in
            line.hasPrefix("fingerpaint: debug: label: ") ? String(line.dropFirst("fingerpaint: debug: label: ".count)) : nil
        }
        #expect(labels == [label], "\(result.standardError)")
        #expect(Window.banners(in: result.standardError) == [banner], "\(result.standardError)")
        // Held to read its label, the button undid nothing: both strokes are in the drawing.
        #expect(Window.savedStrokes(in: scratch)?.count == 2)
    }
}

/// Every language's words in their places (issue #40): the window at 1024x768 and 420x700 shows its bar, the More
/// menu, the layers panel and a layer's menu, the brushes panel, the colour chooser, the gallery and a drawing's
/// menu there, the guide with its keys, and a selection's menu, and nothing is cut short with an ellipsis (the
/// window's `cut short:` debug lines, `--verbose`).
@Suite struct TranslationFitTests {
    typealias Window = FingerPaintWindowTests
    /// English (no catalogue) and every translation.
    static let languages = ["en", "bg", "de", "es", "fr", "it", "pt_BR"]
    static let sizes = [Size(width: 1024, height: 768), Size(width: 420, height: 700)]

    /// Taps and keys that open each place in turn, each shown for a moment, in a window of `size`.
    static func visits(in size: Size) -> [SeatEvent] {
        let content = Size(width: size.width, height: size.height - 32)
        let layout = InterfaceLayout(size: content)
        func center(_ rect: Rect) -> Point { Point(x: rect.midX, y: rect.midY + 32) }
        var time = 0.0
        var events: [SeatEvent] = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 10, y: 40)))]
        func tap(_ point: Point, holding: Double = 0.05) {
            events += [SeatEvent(time: .milliseconds(time * 1000), .touchDown(id: 5, location: point)),
                       SeatEvent(time: .milliseconds(time * 1000), .touchFrame),
                       SeatEvent(time: .milliseconds((time + holding) * 1000), .touchUp(id: 5)),
                       SeatEvent(time: .milliseconds((time + holding) * 1000), .touchFrame)]
            time += holding + 0.5
        }
        func key(_ name: String, _ modifiers: KeyModifiers = []) {
            events.append(SeatEvent(time: .milliseconds(time * 1000), .key(KeyChord(name, modifiers: modifiers))))
            time += 0.5
        }
        if let more = layout.frame(of: .openMore) {
            tap(center(more))
            tap(center(more))
        }
        key("l")
        let panel = layout.panel(of: LayersPanelView.size(layers: 1, fitting: layout.bar.minY - 2 * PanelPlacement.gap),
                                 openedBy: .openLayers)
        tap(Point(x: panel.midX, y: 32 + panel.minY + 6 + 22), holding: 0.8)
        // The layer's menu's last row, found where the same app in this process puts it: the blend modes' list.
        if let blend = Self.layerMenuRows(after: events, content: content).last {
            tap(Point(x: blend.midX, y: blend.midY + 32))
            key("Escape")
        }
        key("Escape")
        key("Escape")
        key("B", .shift)
        key("Escape")
        if let chooser = layout.frame(of: .openColorChooser) {
            tap(center(chooser))
            key("Escape")
        }
        key("g")
        // A long press on the drawing's tile: its menu.
        let gallery = GalleryView(frame: Rect(origin: .zero, size: content))
        gallery.drawings = [LibraryDrawing(url: URL(fileURLWithPath: "/d.fpdraw"), modified: Date(), size: 0, isUntitled: true)]
        gallery.isHidden = false
        if let tile = gallery.overlayGallery?.tiles.last?.frame {
            tap(Point(x: tile.midX, y: tile.midY + 32), holding: 0.8)
            key("Escape")
        }
        key("Escape")
        key("F1")
        time += 0.5
        key("Escape")
        // A stroke, the lasso round it, and a long press inside: the selection's menu.
        func path(_ points: [Point]) {
            for (index, point) in points.enumerated() {
                let at = Timestamp.milliseconds((time + Double(index) * 0.016) * 1000)
                events += [SeatEvent(time: at, index == 0 ? .touchDown(id: 6, location: point) : .touchMotion(id: 6, location: point)),
                           SeatEvent(time: at, .touchFrame)]
            }
            time += Double(points.count) * 0.016
            events += [SeatEvent(time: .milliseconds(time * 1000), .touchUp(id: 6)), SeatEvent(time: .milliseconds(time * 1000), .touchFrame)]
            time += 0.4
        }
        path((0...10).map { Point(x: 150 + 10 * Double($0), y: 150) })
        key("s")
        path((0...24).map { step in
            let angle = Double(step) / 24 * 2 * .pi
            return Point(x: 200 + 90 * cos(angle), y: 150 + 40 * sin(angle))
        })
        tap(Point(x: 200, y: 150), holding: 0.8)
        key("Escape")
        key("Escape")
        return events
    }

    /// The rows of the layer menu the app in this process shows after `events` (window points, the title bar's
    /// 32 points above the content), its timers run every 16 ms.
    static func layerMenuRows(after events: [SeatEvent], content: Size) -> [Rect] {
        let app = FingerPaintApp(size: content, drawing: Drawing())
        func inContent(_ point: Point) -> Point { Point(x: point.x, y: point.y - 32) }
        var clock = 0.0
        func run(until milliseconds: Double) {
            while clock < milliseconds {
                app.handle(SeatEvent(time: .milliseconds(clock), .tick))
                _ = app.renderFrame(at: .milliseconds(clock))
                clock += 16
            }
        }
        for event in events {
            run(until: event.time.milliseconds)
            let kind: SeatEvent.Kind = switch event.kind {
            case let .touchDown(id, location, shape): .touchDown(id: id, location: inContent(location), shape: shape)
            case let .touchMotion(id, location, shape): .touchMotion(id: id, location: inContent(location), shape: shape)
            case let .pointerEnter(location): .pointerEnter(location: inContent(location))
            default: event.kind
            }
            app.handle(SeatEvent(time: event.time, kind))
        }
        run(until: clock + 1000)
        return app.layerMenuView.rowFrames
    }

    @Test(arguments: languages, sizes)
    func nothingIsCutShort(language: String, size: Size) async throws {
        try TranslatedWindowTests.requireLocale("fr_FR.UTF-8")
        let scratch = try TemporaryDirectory()
        let locale = try await TranslatedWindowTests.catalogues(in: scratch, languages: language == "en" ? [] : [language])
        let trace = try scratch.write("visits.jsonl", Trace(canvasSize: size, events: Self.visits(in: size)).serialized())
        try FileManager.default.createDirectory(atPath: scratch.path("state/fingerpaint"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: scratch.path("state/fingerpaint/guide-shown"), contents: nil)
        let result = try await ChildProcess.run(
            Window.touchReplay, ["--trace", trace, "--size", "\(Int(size.width))x\(Int(size.height))",
                                 "--output", scratch.path("window.png"), "--", Window.fingerpaint, "--verbose"],
            environment: Window.environment(in: scratch).merging(
                TranslatedWindowTests.environment(language: language, locale: locale)) { $1 }, timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        let cut = result.standardError.split(separator: "\n").filter { $0.hasPrefix("fingerpaint: debug: cut short: ") }
        #expect(cut.isEmpty, "\(language) at \(size.width)x\(size.height): \(cut.joined(separator: "\n"))")
        // The visits showed what they were meant to: the layers panel, whose title is the language's.
        #expect(result.standardError.contains("fingerpaint: debug:"), "\(result.standardError)")
    }
}
