import Foundation
import ProcessTesting
import Testing

/// `gesture-demo` run as a program, the way scripts and bug reports use it.
@Suite struct GestureDemoCommandTests {
    static let demo = ChildProcess.product("gesture-demo")
    static let demoTrace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/gesture-demo.jsonl").path

    @Test func theHeadlessLogGoesToStandardOutputOrAFileAlike() async throws {
        let scratch = try TemporaryDirectory()
        let toStdout = try await ChildProcess.run(Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", "-"])
        #expect(toStdout.status == 0)
        let toFile = try await ChildProcess.run(
            Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", scratch.path("log.jsonl")])
        #expect(toFile.status == 0 && toFile.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: scratch.path("log.jsonl"), encoding: .utf8) == toStdout.standardOutput)
        let lines = toStdout.standardOutput.split(separator: "\n")
        // Every recognizer of the demo shows up in the demo trace, each doing its thing.
        for expected in ["\"tap\", \"state\": \"ended\"", "\"double-tap\", \"state\": \"ended\"",
                         "\"long-press\", \"state\": \"began\"", "\"pinch\", \"state\": \"began\"",
                         "\"rotation\", \"state\": \"began\"", "\"pan\", \"state\": \"began\"",
                         "\"swipe\", \"state\": \"ended\"", "\"checkmark\", \"state\": \"ended\""] {
            #expect(lines.contains { $0.contains(expected) }, "no line with \(expected)")
        }
    }

    @Test func withTouchUIDebugArenaEveryArenaDecisionGoesToStandardError() async throws {
        let scratch = try TemporaryDirectory()
        let quiet = try await ChildProcess.run(Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", scratch.path("a")])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty)
        let debugged = try await ChildProcess.run(
            Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", scratch.path("b")],
            environment: ["TOUCHUI_DEBUG": "arena"])
        #expect(debugged.status == 0)
        let lines = debugged.standardError.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("arena: ") }, "\(debugged.standardError.prefix(500))")
        #expect(lines.contains { $0.hasPrefix("arena: PinchGestureRecognizer") && $0.hasSuffix("began") })
        #expect(lines.contains { $0.contains("failed: ") })
        // The log the demo writes is the same with the diagnostics on.
        #expect(try String(contentsOfFile: scratch.path("a"), encoding: .utf8) == String(contentsOfFile: scratch.path("b"), encoding: .utf8))
    }

    /// A pinch in the demo window's canvas on touch-replay (under its 32-point title bar): two fingers 100 pt apart
    /// spreading to 200 pt, then lifted. The window tests play the same file.
    static let pinchTrace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/pinch.jsonl").path

    /// The arena's decisions of a log: its `{"t", "arena"}` lines.
    static func arenaLines(_ log: String) -> [Substring] {
        log.split(separator: "\n").filter { $0.hasPrefix(#"{"t": "#) && $0.contains(#", "arena": "#) }
    }

    @Test func withArenaTheHeadlessLogHasALineForEachDecisionAndIsOtherwiseTheSame() async throws {
        let trace = Self.pinchTrace
        let plain = try await ChildProcess.run(Self.demo, ["--replay", trace, "--headless", "--log", "-"])
        let withArena = try await ChildProcess.run(Self.demo, ["--replay", trace, "--headless", "--arena", "--log", "-"])
        #expect(plain.status == 0 && withArena.status == 0, "\(withArena.standardError)")
        #expect(withArena.standardError.isEmpty)
        let arena = Self.arenaLines(withArena.standardOutput)
        // The pinch begins and the pan loses to it; the two-finger tap fails because it required the pinch to fail.
        #expect(arena.contains(#"{"t": 16, "arena": "PinchGestureRecognizer \"pinch\" [touches 1,2] began"}"#))
        #expect(arena.contains(#"{"t": 16, "arena": "PanGestureRecognizer \"pan\" [touches 1,2] failed: PinchGestureRecognizer \"pinch\" recognized and they may not recognize simultaneously"}"#))
        #expect(arena.contains(#"{"t": 16, "arena": "TapGestureRecognizer \"two-finger-tap\" [touches 1,2] failed: it requires PinchGestureRecognizer \"pinch\" to fail, which recognized"}"#))
        #expect(arena.count == 10, "\(arena)")
        // Without --arena, not one of them, and every other line as with it.
        #expect(Self.arenaLines(plain.standardOutput).isEmpty)
        #expect(withArena.standardOutput.split(separator: "\n").filter { !arena.contains($0) }
            == plain.standardOutput.split(separator: "\n"))
        // The demo trace too: every line but the arena's is the plain log's.
        let demoPlain = try await ChildProcess.run(Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", "-"])
        let demoArena = try await ChildProcess.run(Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", "-", "--arena"])
        let demoArenaLines = Set(Self.arenaLines(demoArena.standardOutput))
        #expect(demoArenaLines.count > 20)
        #expect(demoArena.standardOutput.split(separator: "\n").filter { !demoArenaLines.contains($0) }
            == demoPlain.standardOutput.split(separator: "\n"))
    }

    @Test func theHelpNamesTheArenaOption() async throws {
        let help = try await ChildProcess.run(Self.demo, ["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--arena"), "\(help.standardOutput)")
    }

    @Test func theLastFrameIsWrittenAsAPicture() async throws {
        let scratch = try TemporaryDirectory()
        let png = scratch.path("demo.png")
        let result = try await ChildProcess.run(
            Self.demo, ["--replay", Self.demoTrace, "--headless", "--log", scratch.path("log"), "--output", png,
                        "--size", "1024x640"])
        #expect(result.status == 0)
        // The background at the top left, the panel's dark body on the right, a failed (red) state dot in it.
        let image = try await PNGReader.pixels(in: png, at: [(x: 5, y: 5), (x: 700, y: 30), (x: 670, y: 81)])
        #expect(image.width == 1024 && image.height == 640)
        #expect(image.pixels[0] == RGBA(red: 25, green: 28, blue: 35, alpha: 255))
        #expect(image.pixels[1].red < 30 && image.pixels[1].blue < 40)
        #expect(image.pixels[2].red > 200 && image.pixels[2].green < 120)
    }

    @Test func aTraceThatCannotBeReadIsAClearErrorWithItsLineNumber() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("bad.jsonl", "{\"t\": 0, \"touch\": \"frame\"}\n{\"t\": 5, \"touch\": \"down\"}\n")
        let result = try await ChildProcess.run(Self.demo, ["--replay", trace, "--headless", "--log", "-"])
        #expect(result.status == 1)
        #expect(result.standardError == "gesture-demo: \(trace):2: \"id\" must be a whole number from -2147483648 to 2147483647\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [
        ["--headless", "--log", "-"],
        ["--replay", "x.jsonl", "--headless"],
        ["--replay", "x.jsonl", "--headless", "--log", "-", "--size", "huge"],
        ["--frobnicate"],
    ])
    func wrongArgumentsAreAUsageError(arguments: [String]) async throws {
        let result = try await ChildProcess.run(Self.demo, arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("gesture-demo: "))
    }
}
