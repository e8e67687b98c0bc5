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
