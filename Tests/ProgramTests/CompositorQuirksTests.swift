import Foundation
import Geometry
import PaintModel
import ProcessTesting
import SeatInput
import Testing

/// The programs under touch-replay's `--quirks`: touches sent as weston and mutter send them (no frame after an up;
/// mutter's three-finger system gesture cancelling every touch), and as KWin and sway do.
@Suite struct CompositorQuirksTests {
    static let touchReplay = ChildProcess.product("touch-replay")
    static let quirks = ["kwin", "sway", "weston", "mutter"]

    /// A stroke, then two at once that lift apart: after the first of the two ups mutter sends no frame, after the
    /// last up of each neither weston nor mutter does.
    static let strokes = """
        {"canvas": [800, 600]}
        {"t": 0, "touch": "down", "id": 1, "x": 100, "y": 100}
        {"t": 0, "touch": "frame"}
        {"t": 16, "touch": "motion", "id": 1, "x": 200, "y": 120}
        {"t": 16, "touch": "frame"}
        {"t": 32, "touch": "motion", "id": 1, "x": 300, "y": 140}
        {"t": 32, "touch": "frame"}
        {"t": 48, "touch": "up", "id": 1}
        {"t": 48, "touch": "frame"}
        {"t": 400, "touch": "down", "id": 2, "x": 100, "y": 300}
        {"t": 400, "touch": "down", "id": 3, "x": 100, "y": 450}
        {"t": 400, "touch": "frame"}
        {"t": 416, "touch": "motion", "id": 2, "x": 250, "y": 300}
        {"t": 416, "touch": "motion", "id": 3, "x": 250, "y": 450}
        {"t": 416, "touch": "frame"}
        {"t": 432, "touch": "motion", "id": 2, "x": 400, "y": 300}
        {"t": 432, "touch": "motion", "id": 3, "x": 400, "y": 450}
        {"t": 432, "touch": "frame"}
        {"t": 448, "touch": "up", "id": 2}
        {"t": 448, "touch": "frame"}
        {"t": 456, "touch": "motion", "id": 3, "x": 450, "y": 450}
        {"t": 456, "touch": "frame"}
        {"t": 464, "touch": "up", "id": 3}
        {"t": 464, "touch": "frame"}

        """

    /// Plays `trace` into `fingerpaint DOCUMENT --record RECORDING` with `--quirks`, and returns the saved strokes and
    /// the recording's lines.
    private func paint(_ trace: String, quirks: String) async throws -> (strokes: [Stroke], recording: [String]) {
        let scratch = try TemporaryDirectory()
        let tracePath = try scratch.write("trace.jsonl", trace)
        let recording = scratch.path("recording.jsonl")
        let result = try await ChildProcess.run(
            Self.touchReplay,
            ["--fast", "--quirks", quirks, "--trace", tracePath, "--output", scratch.path("window.png"), "--",
             FingerPaintWindowTests.fingerpaint, scratch.path("drawing.fpdraw"), "--record", recording],
            environment: FingerPaintWindowTests.environment(in: scratch), timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        let strokes = try #require(FingerPaintWindowTests.savedStrokes(in: scratch))
        return (strokes, scratch.read("recording.jsonl").split(separator: "\n").map(String.init))
    }

    /// The recording's touch lines, each reduced to its kind (`down 1`, `up 2`, `frame`, `cancel`).
    private func touchKinds(_ lines: [String]) throws -> [String] {
        try lines.compactMap { line in
            guard let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let kind = record["touch"] as? String else { return nil }
            return (record["id"] as? Int).map { "\(kind) \($0)" } ?? kind
        }
    }

    @Test(arguments: quirks)
    func fingerpaintPaintsTheSameStrokesWhateverTheCompositorLeavesOut(quirks: String) async throws {
        let (strokes, recording) = try await paint(Self.strokes, quirks: quirks)
        // Three strokes, each from where its finger came down to where it lifted.
        #expect(strokes.count == 3)
        let starts = strokes.compactMap { $0.points.first?.location }.map { [$0.x, $0.y] }.sorted { $0[1] < $1[1] }
        let ends = strokes.compactMap { $0.points.last?.location }.map { [$0.x, $0.y] }.sorted { $0[1] < $1[1] }
        // In the canvas's coordinates: 32 points above the window's (the title bar the program draws).
        let expectedStarts: [[Double]] = [[100, 68], [100, 268], [100, 418]]
        let expectedEnds: [[Double]] = [[300, 108], [400, 268], [450, 418]]
        #expect(starts == expectedStarts, "\(strokes)")
        #expect(ends == expectedEnds, "\(strokes)")
        // What the program got, as the compositor sent it.
        let kinds = try touchKinds(recording)
        let framesAfterUps = zip(kinds, kinds.dropFirst()).filter { $0.0.hasPrefix("up") && $0.1 == "frame" }.count
        switch quirks {
        case "weston": #expect(framesAfterUps == 1, "\(kinds)")   // the up with a finger still down keeps its frame
        case "mutter": #expect(framesAfterUps == 0, "\(kinds)")
        default: #expect(framesAfterUps == 3, "\(kinds)")
        }
    }

    @Test func onMutterThreeFingersDownAreTakenByTheSystemGestureAndPaintNothing() async throws {
        var trace = "{\"canvas\": [800, 600]}\n"
        for id in 1...3 { trace += "{\"t\": \(id * 10), \"touch\": \"down\", \"id\": \(id), \"x\": \(100 * id), \"y\": 100}\n{\"t\": \(id * 10), \"touch\": \"frame\"}\n" }
        for step in 1...5 {
            let t = 30 + step * 16
            for id in 1...3 { trace += "{\"t\": \(t), \"touch\": \"motion\", \"id\": \(id), \"x\": \(100 * id), \"y\": \(100 + step * 40)}\n" }
            trace += "{\"t\": \(t), \"touch\": \"frame\"}\n"
        }
        for id in 1...3 { trace += "{\"t\": 200, \"touch\": \"up\", \"id\": \(id)}\n" }
        trace += "{\"t\": 200, \"touch\": \"frame\"}\n"
        // Afterwards a lone finger paints as usual.
        trace += "{\"t\": 500, \"touch\": \"down\", \"id\": 4, \"x\": 100, \"y\": 500}\n{\"t\": 500, \"touch\": \"frame\"}\n"
        trace += "{\"t\": 516, \"touch\": \"motion\", \"id\": 4, \"x\": 300, \"y\": 500}\n{\"t\": 516, \"touch\": \"frame\"}\n"
        trace += "{\"t\": 532, \"touch\": \"up\", \"id\": 4}\n{\"t\": 532, \"touch\": \"frame\"}\n"

        let onMutter = try await paint(trace, quirks: "mutter")
        #expect(onMutter.strokes.count == 1)
        let start = onMutter.strokes.first?.points.first?.location
        #expect(start == Point(x: 100, y: 468))
        let kinds = try touchKinds(onMutter.recording)
        #expect(kinds.prefix(7) == ["down 1", "frame", "down 2", "frame", "down 3", "frame", "cancel"], "\(kinds)")
        // Nothing of the three fingers after the cancel.
        #expect(!kinds.dropFirst(7).contains { ["motion 1", "motion 2", "motion 3", "up 1", "up 2", "up 3"].contains($0) }, "\(kinds)")

        // On KWin the three fingers paint three strokes.
        let onKWin = try await paint(trace, quirks: "kwin")
        #expect(onKWin.strokes.count == 4)
    }

    @Test(arguments: quirks)
    func theGestureDemoDecidesUnderEveryQuirkWhatItDecidesHeadless(quirks: String) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let trace = root.appendingPathComponent("assets/gesture-demo.jsonl").path
        let demo = ChildProcess.product("gesture-demo")
        let scratch = try TemporaryDirectory()
        let headless = try await ChildProcess.run(demo, ["--replay", trace, "--headless", "--log", scratch.path("headless.jsonl")])
        #expect(headless.status == 0, "\(headless.standardError)")
        let live = try await ChildProcess.run(
            Self.touchReplay,
            ["--quirks", quirks, "--trace", trace, "--output", scratch.path("demo.png"), "--", demo, "--log", scratch.path("live.jsonl")],
            timeout: 120)
        #expect(live.status == 0, "\(live.standardError)")
        // The same decisions in the same order with the same touches (the demo trace never has three fingers down);
        // times and velocities follow the real clock.
        func decisions(_ text: String) -> [String] {
            text.split(separator: "\n").compactMap { line in
                guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let state = record["state"] as? String, state != "changed" else { return nil }
                return "\(record["recognizer"] ?? "") \(state) \(record["touches"] ?? "")"
            }
        }
        let expected = decisions(scratch.read("headless.jsonl"))
        #expect(expected.count > 10)
        #expect(decisions(scratch.read("live.jsonl")) == expected)
    }

    /// Two single-finger taps: weston and mutter send no frame after either up, KWin and sway one after each.
    @Test(arguments: quirks)
    func aLoneFingersUpComesWithoutAFrameOnWestonAndMutter(quirks: String) async throws {
        let trace = """
            {"canvas": [800, 600]}
            {"t": 0, "touch": "down", "id": 1, "x": 100, "y": 200}
            {"t": 0, "touch": "frame"}
            {"t": 16, "touch": "motion", "id": 1, "x": 200, "y": 200}
            {"t": 16, "touch": "frame"}
            {"t": 32, "touch": "up", "id": 1}
            {"t": 32, "touch": "frame"}
            {"t": 300, "touch": "down", "id": 2, "x": 100, "y": 400}
            {"t": 300, "touch": "frame"}
            {"t": 316, "touch": "motion", "id": 2, "x": 200, "y": 400}
            {"t": 316, "touch": "frame"}
            {"t": 332, "touch": "up", "id": 2}
            {"t": 332, "touch": "frame"}

            """
        let (strokes, recording) = try await paint(trace, quirks: quirks)
        // Both strokes, whatever the compositor leaves out.
        #expect(strokes.count == 2)
        let kinds = try touchKinds(recording)
        let framesAfterUps = zip(kinds, kinds.dropFirst()).filter { $0.0.hasPrefix("up") && $0.1 == "frame" }.count
        #expect(framesAfterUps == (quirks == "weston" || quirks == "mutter" ? 0 : 2), "\(kinds)")
    }

    /// Three fingers coming down in one frame: on mutter the system gesture takes them at that frame.
    @Test func onMutterThreeFingersDownTogetherAreCancelledAtTheirFrame() async throws {
        var trace = "{\"canvas\": [800, 600]}\n"
        for id in 1...3 { trace += "{\"t\": 0, \"touch\": \"down\", \"id\": \(id), \"x\": \(150 * id), \"y\": 100}\n" }
        trace += "{\"t\": 0, \"touch\": \"frame\"}\n"
        for step in 1...4 {
            for id in 1...3 { trace += "{\"t\": \(step * 16), \"touch\": \"motion\", \"id\": \(id), \"x\": \(150 * id), \"y\": \(100 + step * 50)}\n" }
            trace += "{\"t\": \(step * 16), \"touch\": \"frame\"}\n"
        }
        for id in 1...3 { trace += "{\"t\": 80, \"touch\": \"up\", \"id\": \(id)}\n" }
        trace += "{\"t\": 80, \"touch\": \"frame\"}\n"
        let onMutter = try await paint(trace, quirks: "mutter")
        #expect(onMutter.strokes.isEmpty)
        let kinds = try touchKinds(onMutter.recording)
        #expect(kinds == ["down 1", "down 2", "down 3", "frame", "cancel"], "\(kinds)")
        let onSway = try await paint(trace, quirks: "sway")
        #expect(onSway.strokes.count == 3)
    }
}
