import Foundation
import Glibc
import ImageDecoding
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// Every program's command line, parsed by swift-argument-parser: `--help`, `--version` and bad options.
@Suite struct CommandLineTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every executable Package.swift declares, by the name it is built as (its `.executable` product's, else its
    /// target's), read from the manifest itself: an executable added there is tested below with no list to update.
    static let executables: [String] = {
        guard let manifest = try? String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        else { return [] }
        let products = Dictionary(manifest.matches(of: /\.executable\(\s*name:\s*"([^"]+)",\s*targets:\s*\["([^"]+)"\]/)
            .map { (String($0.output.2), String($0.output.1)) }) { first, _ in first }
        return manifest.matches(of: /\.executableTarget\(\s*name:\s*"([^"]+)"/).map {
            products[String($0.output.1)] ?? String($0.output.1)
        }
    }()

    /// The programs: every executable but libFuzzer's entry points (`make fuzz`), whose `main` is libFuzzer's.
    static let programs = executables.filter { !$0.hasPrefix("fuzz-") }

    /// The programs that read traces: their `--help` names the page that describes them.
    static let traceReaders: Set = ["fingerpaint", "gesture-demo", "touch-replay", "touchdump", "kwin-replay"]

    @Test func theProgramsAreReadFromTheManifest() {
        // A parse that found nothing would test nothing: these are there today. The example app's `undo-gesture` is
        // its own package's (UndoGestureCommandLineTests).
        let expected = Self.traceReaders.union(["wayland-hello", "fake-portal", "paint-benchmark"])
        #expect(Set(Self.programs).isSuperset(of: expected), "\(Self.programs)")
        #expect(Self.executables.contains("fuzz-document") && !Self.programs.contains("fuzz-document"), "\(Self.executables)")
    }

    @Test(arguments: programs)
    func versionAndHelpPrintOnStandardOutputAndExitZero(program: String) async throws {
        let path = ChildProcess.product(program)
        let version = try await ChildProcess.run(path, ["--version"])
        let expected = try Self.changelogVersions().first
        #expect(version.status == 0 && version.standardOutput == "\(expected ?? "?")\n", "\(version.standardError)")
        let help = try await ChildProcess.run(path, ["--help"])
        #expect(help.status == 0 && help.standardError.isEmpty, "\(help.standardError)")
        #expect(help.standardOutput.contains("USAGE: \(program)") && help.standardOutput.contains("--version"), "\(help.standardOutput)")
        if Self.traceReaders.contains(program) {
            #expect(help.standardOutput.contains("trace-format.md"), "\(help.standardOutput)")
        }
    }

    /// The semantic versions CHANGELOG.md's sections name, newest first: `0.7.0` from "## Unreleased (0.7.0)", then
    /// `0.6.0` from "## 0.6.0 — …", and so on.
    static func changelogVersions() throws -> [String] {
        let url = packageRoot.appendingPathComponent("CHANGELOG.md")
        let semver = /(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?/
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("## ") }
            .compactMap { line in line.firstMatch(of: semver).map { String($0.output.0) } }
    }

    @Test func theChangelogsVersionsAreSemanticAndRiseToTheNewest() throws {
        let versions = try Self.changelogVersions()
        #expect(versions.count >= 3, "\(versions)")
        let numbers = versions.map { $0.split(separator: "-")[0].split(separator: ".").compactMap { Int($0) } }
        #expect(numbers.allSatisfy { $0.count == 3 })
        // Newest first, each above the one after it.
        for (newer, older) in zip(numbers, numbers.dropFirst()) {
            #expect(newer.lexicographicallyPrecedes(older) == false && newer != older, "\(newer) after \(older)")
        }
    }

    @Test func fingerpaintsHelpListsTheKeys() async throws {
        let help = try await ChildProcess.run(ChildProcess.product("fingerpaint"), ["--help"])
        for key in ["Ctrl+Z undo", "Ctrl+Shift+Z or Ctrl+Y redo", "Ctrl+S", "Delete clears", "1 to 9", "F11", "Ctrl+Q"] {
            #expect(help.standardOutput.contains(key), "\(key)")
        }
    }

    /// paint-benchmark's benchmarks read their own arguments, and a bare one runs for minutes.
    @Test(arguments: programs.filter { $0 != "paint-benchmark" })
    func anUnknownOptionIsAUsageErrorNamingIt(program: String) async throws {
        // With what each program needs besides, so that the unknown option is what is wrong.
        let required = ["touch-replay": ["--trace", "t.jsonl", "--output", "o.png"], "touchdump": ["t.jsonl"],
                        "kwin-replay": ["t.jsonl"], "message-catalogue": ["check"]][program] ?? []
        let result = try await ChildProcess.run(ChildProcess.product(program), required + ["--frobnicate", "--", "true"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("\(program): Unknown option '--frobnicate'"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: ["fingerpaint", "gesture-demo", "touch-replay"])
    func aSizeTooLargeSaysTheLargest(program: String) async throws {
        let result = try await ChildProcess.run(ChildProcess.product(program), ["--size", "20000x600"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("'--size <WxH>'") && result.standardError.contains("16384x16384"),
                "\(result.standardError)")
    }

    @Test func kwinReplayWithoutACompositorSaysSoInOneLineOfItsOwn() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 10}\n")
        let result = try await ChildProcess.run(
            ChildProcess.product("kwin-replay"), [trace],
            environment: ["WAYLAND_DISPLAY": "no-such-display", "XDG_RUNTIME_DIR": scratch.path])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kwin-replay: cannot connect to a Wayland compositor (WAYLAND_DISPLAY=no-such-display)"))
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
    }

    @Test func kwinReplayRefusesAWrongLineAnywhereBeforeItConnects() async throws {
        let scratch = try TemporaryDirectory()
        // A trace of many 64 KiB chunks (it is read as a stream), wrong only on its last line.
        var lines = (0..<20_000).map { "{\"t\": \($0), \"touch\": \"frame\"}" }
        lines.append("{\"t\": 20000, \"touch\": \"sideways\"}")
        let trace = try scratch.write("t.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try await ChildProcess.run(
            ChildProcess.product("kwin-replay"), [trace],
            environment: ["WAYLAND_DISPLAY": "no-such-display", "XDG_RUNTIME_DIR": scratch.path])
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("kwin-replay: \(trace):20001:"), "\(result.standardError)")
        #expect(!result.standardError.contains("cannot connect"), "\(result.standardError)")
    }

    @Test func aStyleThatIsNotLightOrDarkIsAUsageError() async throws {
        let result = try await ChildProcess.run(ChildProcess.product("fingerpaint"), ["--style", "purple"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--style") && result.standardError.contains("light"), "\(result.standardError)")
    }

    /// `fingerpaint --list-brushes` prints the brushes' names, one a line: round first, then the MyPaint presets
    /// installed (Debian's mypaint-brushes), sorted, each as its collection and name; with anything else it is a
    /// usage error.
    @Test func theBrushesAreListedOneALineTheRoundOneFirst() async throws {
        let result = try await ChildProcess.run(ChildProcess.product("fingerpaint"), ["--list-brushes"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let names = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(names.first == "round")
        #expect(names.last == "", "the list ends with a newline")
        let presets = Array(names.dropFirst().dropLast())
        #expect(presets.count > 100 && presets == presets.sorted())
        #expect(["classic/pencil", "classic/smudge", "deevad/large_watercolor_fringe"].allSatisfy(presets.contains))
        #expect(presets.allSatisfy { $0.split(separator: "/").count == 2 }, "\(presets.filter { $0.split(separator: "/").count != 2 })")
        for others in [["--list-brushes", "drawing.fpdraw"], ["--list-brushes", "--new"]] {
            let refused = try await ChildProcess.run(ChildProcess.product("fingerpaint"), others)
            #expect(refused.status == 2 && refused.standardError.contains("--list-brushes"), "\(others): \(refused.standardError)")
        }
    }

    /// `fingerpaint --replay TRACE --output OUT.png --brush NAME` renders the trace with that brush: charcoal's
    /// strokes are its grainy dabs, not the round brush's solid line (fewer pixels fully dark, more partly); `round`
    /// is the round brush; a name `--list-brushes` does not print, or `--brush` with `--export`, is a usage error
    /// naming it, and nothing is written.
    @Test func aTraceIsRenderedWithTheBrushNamed() async throws {
        let scratch = try TemporaryDirectory()
        var events: [SeatEvent] = []
        for step in 0...40 {
            let location = Point(x: 60 + Double(step) * 7, y: 150 + 60 * sin(Double(step) / 6))
            events += [SeatEvent(time: .milliseconds(Double(step) * 8), step == 0 ? .touchDown(id: 1, location: location)
                                                                      : .touchMotion(id: 1, location: location)),
                       SeatEvent(time: .milliseconds(Double(step) * 8), .touchFrame)]
        }
        events += [SeatEvent(time: .milliseconds(330), .touchUp(id: 1)), SeatEvent(time: .milliseconds(330), .touchFrame)]
        let trace = try scratch.write("trace.jsonl", Trace(canvasSize: Size(width: 400, height: 300), events: events).serialized())
        var shares: [String: (dark: Int, partial: Int)] = [:]
        for brush in ["round", "classic/charcoal", nil] as [String?] {
            let png = scratch.path("\(brush?.replacingOccurrences(of: "/", with: "-") ?? "default").png")
            let result = try await ChildProcess.run(ChildProcess.product("fingerpaint"),
                                                    ["--replay", trace, "--output", png] + (brush.map { ["--brush", $0] } ?? []))
            #expect(result.status == 0, "\(brush ?? "default"): \(result.standardError)")
            let image = try RasterImage(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: png))))
            var dark = 0, partial = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    guard let pixel = image.pixel(x: x, y: y) else { continue }
                    let lightest = max(pixel.premultipliedRed, pixel.premultipliedGreen, pixel.premultipliedBlue)
                    if lightest < 100 { dark += 1 } else if lightest < 245 { partial += 1 }
                }
            }
            shares[brush ?? "default"] = (dark, partial)
        }
        let round = try #require(shares["round"]), charcoal = try #require(shares["classic/charcoal"])
        #expect(shares["default"].map { $0 == round } == true, "the default is the round brush")
        #expect(round.dark > 1_000 && charcoal.dark + charcoal.partial > 1_000, "\(shares)")
        #expect(Double(charcoal.partial) / Double(max(charcoal.dark, 1)) > 2 * Double(round.partial) / Double(round.dark),
                "charcoal is grainier than the round brush: \(shares)")
        for arguments in [["--replay", trace, "--output", scratch.path("no.png"), "--brush", "classic/nothing-such"],
                          ["--export", scratch.path("no.png"), scratch.path("d.fpdraw"), "--brush", "classic/pencil"]] {
            let refused = try await ChildProcess.run(ChildProcess.product("fingerpaint"), arguments)
            #expect(refused.status == 2
                        && (refused.standardError.contains("--brush") || refused.standardError.contains("no such brush")),
                    "\(arguments): \(refused.standardError)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("no.png")))
        }
    }
}
