// The example app's program, built from its own package (Examples/UndoGesture, an outside package by path), run as
// a child process: on touch-replay, and its command line. The board's own tests are in the example package.
import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUI
import TouchUITesting

/// The example's `undo-gesture`, built once per test run in `.build/undo-gesture` (scripts/check-undo-gesture.sh's
/// scratch folder).
func undoGesture() async throws -> String {
    try await ExamplePrograms.shared.path(of: "undo-gesture", inExample: "UndoGesture", scratch: "undo-gesture")
}

/// `count` fingers tapping together around (400, 300) at `t`.
func tap(fingers count: Int, t: Double) -> [SeatEvent] {
    let ids = (10..<(10 + count)).map(Int32.init)
    let downs = ids.enumerated().map { index, id in
        SeatEvent(time: .milliseconds(t), .touchDown(id: id, location: Point(x: 360 + Double(index) * 40, y: 300)))
    }
    let ups = ids.map { SeatEvent(time: .milliseconds(t + 80), .touchUp(id: $0)) }
    return downs + [SeatEvent(time: .milliseconds(t), .touchFrame)] + ups + [SeatEvent(time: .milliseconds(t + 80), .touchFrame)]
}

/// `undo-gesture` in its window on touch-replay: the picture where the fingers put it, in the pixels it committed.
@Suite struct UndoGestureWindowTests {
    /// The window's content starts below the 32-point title bar the app draws on touch-replay; the picture's card is
    /// 240x160 points around the content's centre, (400, 316) on the surface.
    static func run(_ events: [SeatEvent]) async throws -> [RGBA] {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("pinch.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: events).serialized())
        let png = scratch.path("undo-gesture.png")
        let program = try await undoGesture()
        let result = try await ChildProcess.run(
            ChildProcess.product("touch-replay"), ["--trace", trace, "--output", png, "--", program], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        // Inside the card as drawn; outside it, but inside it twice as big.
        return try await PNGReader.pixels(in: png, at: [(300, 380), (200, 316)]).pixels
    }

    static func isCard(_ pixel: RGBA) -> Bool { pixel.red > 200 && pixel.green > 100 && pixel.green < 180 && pixel.blue < 90 }

    @Test func aPinchDoublesThePictureAndATwoFingerTapPutsItBack() async throws {
        let pinch = SeatEvents.twoFingers(center: (400, 316), span: 100, toSpan: 200, t: 0, duration: 300)
        let pinched = try await Self.run(pinch)
        #expect(Self.isCard(pinched[0]) && Self.isCard(pinched[1]), "\(pinched)")
        let undone = try await Self.run(pinch + tap(fingers: 2, t: 800)
            + [SeatEvent(time: .milliseconds(1400), .tick)])
        #expect(Self.isCard(undone[0]) && !Self.isCard(undone[1]), "\(undone)")
    }
}

/// Its command line, as every program of the package takes one (`CommandLineTests` for the others).
@Suite struct UndoGestureCommandLineTests {
    /// The newest version CHANGELOG.md names: `0.7.0` from "## Unreleased (0.7.0)".
    static func changelogVersion() throws -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("## ") }
            .compactMap { $0.firstMatch(of: /(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?/).map { String($0.output.0) } }.first
    }

    @Test func versionAndHelpPrintOnStandardOutputAndExitZero() async throws {
        let path = try await undoGesture()
        let version = try await ChildProcess.run(path, ["--version"])
        let expected = try #require(try Self.changelogVersion())
        #expect(version.status == 0 && version.standardOutput == "\(expected)\n", "\(version.standardError)")
        let help = try await ChildProcess.run(path, ["--help"])
        #expect(help.status == 0 && help.standardError.isEmpty, "\(help.standardError)")
        #expect(help.standardOutput.contains("USAGE: undo-gesture") && help.standardOutput.contains("--version"), "\(help.standardOutput)")
    }

    @Test func anUnknownOptionIsAUsageErrorNamingIt() async throws {
        let result = try await ChildProcess.run(try await undoGesture(), ["--frobnicate", "--", "true"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("undo-gesture: Unknown option '--frobnicate'"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
