import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// A pen through touch-replay's tablet (zwp_tablet_manager_v2) into the programs' windows (issue 14).
@Suite struct PenWindowTests {
    /// A pen comes near over (100, 200), leans, comes down with pressure 0.1, presses harder to 1.0 along a stroke,
    /// presses its barrel button, lifts and leaves; its eraser end comes near, erases a little and leaves. Every
    /// line is in its own frame, as a compositor sends them. In the
    /// content's coordinates, below the 32-point title bar the programs draw on touch-replay.
    static let penStroke = """
        {"canvas": [800, 568], "origin": [0, 32]}
        {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 100, "y": 200}
        {"t": 0, "tablet": "frame"}
        {"t": 20, "tablet": "motion", "x": 110, "y": 200, "tilt_x": 30, "tilt_y": -10, "distance": 0.2}
        {"t": 20, "tablet": "frame"}
        {"t": 40, "tablet": "down"}
        {"t": 40, "tablet": "motion", "x": 110, "y": 200, "pressure": 0.1, "distance": 0}
        {"t": 40, "tablet": "frame"}
        {"t": 60, "tablet": "motion", "x": 150, "y": 210, "pressure": 0.4}
        {"t": 60, "tablet": "frame"}
        {"t": 80, "tablet": "motion", "x": 190, "y": 220, "pressure": 0.7, "tilt_x": 35.5}
        {"t": 80, "tablet": "frame"}
        {"t": 100, "tablet": "motion", "x": 230, "y": 230, "pressure": 1}
        {"t": 100, "tablet": "frame"}
        {"t": 110, "tablet": "button", "button": "stylus", "state": "pressed"}
        {"t": 110, "tablet": "frame"}
        {"t": 115, "tablet": "button", "button": "stylus", "state": "released"}
        {"t": 115, "tablet": "frame"}
        {"t": 120, "tablet": "up"}
        {"t": 120, "tablet": "frame"}
        {"t": 130, "tablet": "proximity_out"}
        {"t": 130, "tablet": "frame"}
        {"t": 140, "tablet": "proximity_in", "tool": "eraser", "x": 300, "y": 300}
        {"t": 140, "tablet": "frame"}
        {"t": 150, "tablet": "down"}
        {"t": 150, "tablet": "frame"}
        {"t": 170, "tablet": "motion", "x": 340, "y": 300, "pressure": 0.5}
        {"t": 170, "tablet": "frame"}
        {"t": 190, "tablet": "up"}
        {"t": 190, "tablet": "proximity_out"}
        {"t": 190, "tablet": "frame"}

        """

    /// The log's pen-touch lines without their time (the window's clock is real input's), as JSON objects.
    private static func penTouches(in log: String) throws -> [NSDictionary] {
        try log.split(separator: "\n").filter { $0.contains("\"touch\"") }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
            let copy = try #require(object.mutableCopy() as? NSMutableDictionary)
            copy.removeObject(forKey: "t")
            return copy
        }
    }

    @Test func aPenInTheDemoWindowLogsThePencilTouchesAndForcesTheHeadlessDemoLogs() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("pen.jsonl", Self.penStroke)
        let demo = ChildProcess.product("gesture-demo")
        let headless = try await ChildProcess.run(demo, ["--replay", trace, "--headless", "--log", "-"])
        #expect(headless.status == 0, "\(headless.standardError)")
        let live = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            ["--fast", "--trace", trace, "--output", scratch.path("demo.png"), "--", demo, "--log", scratch.path("live.jsonl")])
        #expect(live.status == 0, "\(live.standardError)")
        let expected = try Self.penTouches(in: headless.standardOutput)
        // The pencil's five deliveries, then the eraser's three.
        #expect(expected.map { "\($0["kind"] ?? "") \($0["touch"] ?? "")" } == [
            "pencil began", "pencil moved", "pencil moved", "pencil moved", "pencil ended",
            "eraser began", "eraser moved", "eraser ended",
        ])
        #expect(expected.compactMap { $0["force"] as? Double } == [0.1, 0.4, 0.7, 1, 1, 0, 0.5, 0.5])
        #expect(try Self.penTouches(in: scratch.read("live.jsonl")) == expected)
        // The hover recognizer's lines, without their time: the same through the compositor's tablet as headless.
        func hovers(_ log: String) -> [Substring] {
            log.split(separator: "\n").filter { $0.contains("\"recognizer\": \"hover\"") }.map { $0.drop { $0 != "," } }
        }
        #expect(hovers(headless.standardOutput).count == 9, "\(hovers(headless.standardOutput))")
        #expect(hovers(scratch.read("live.jsonl")) == hovers(headless.standardOutput))
    }

    /// Paints a trace into fingerpaint headless (`headless.png`) and in its window through touch-replay
    /// (`live.png`), both in `scratch`, each expected to exit 0; returns the program and the environment they used.
    private static func paintHeadlessAndThroughTouchReplay(_ trace: String, in scratch: TemporaryDirectory) async throws
        -> (fingerpaint: String, environment: [String: String]) {
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_STATE_HOME": scratch.path("state"),
                           "XDG_CACHE_HOME": scratch.path("cache")]
        let fingerpaint = ChildProcess.product("fingerpaint")
        let headless = try await ChildProcess.run(
            fingerpaint, ["--replay", trace, "--output", scratch.path("headless.png")], environment: environment)
        #expect(headless.status == 0, "\(headless.standardError)")
        let live = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            ["--fast", "--trace", trace, "--output", scratch.path("live.png"), "--", fingerpaint, scratch.path("pen.fpdraw")],
            environment: environment)
        #expect(live.status == 0, "\(live.standardError)")
        return (fingerpaint, environment)
    }

    @Test func fingerpaintPaintsAPenStrokeHeadlessInItsWindowAndReplayingInItsWindow() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("pen.jsonl", Self.penStroke)
        let (fingerpaint, environment) = try await Self.paintHeadlessAndThroughTouchReplay(trace, in: scratch)
        // `--replay` in the window: the program plays the trace itself while touch-replay only waits (1.5 s).
        let idle = try scratch.write("idle.jsonl", "{\"t\": 0, \"tick\": true}\n{\"t\": 1500, \"tick\": true}\n")
        let windowReplay = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            ["--trace", idle, "--output", scratch.path("window-replay.png"), "--", fingerpaint, scratch.path("replay.fpdraw"),
             "--replay", trace],
            environment: environment)
        #expect(windowReplay.status == 0, "\(windowReplay.standardError)")
        // The middle of the pen's stroke is ink; 60 points below it, paper. In the window, below the title bar.
        for (png, top) in [("headless.png", 0), ("live.png", 32), ("window-replay.png", 32)] {
            let image = try await PNGReader.pixels(in: scratch.path(png), at: [(170, 215 + top), (170, 275 + top)])
            #expect(image.pixels[0].red < 100 && image.pixels[0].green < 100, "\(png): \(image.pixels[0])")
            #expect(image.pixels[1].red > 240 && image.pixels[1].green > 240, "\(png): \(image.pixels[1])")
        }
    }

    /// A short pen stroke along y = 200, then the pen lifts and hovers to (400, 300) and on to (420, 300), 5 ms a
    /// sample; with `leaving`, it then leaves proximity. Content coordinates, below the 32-point title bar.
    static func strokeThenHover(leaving: Bool) -> String {
        """
        {"canvas": [800, 568], "origin": [0, 32]}
        {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 100, "y": 200}
        {"t": 0, "tablet": "frame"}
        {"t": 5, "tablet": "down"}
        {"t": 5, "tablet": "motion", "x": 100, "y": 200, "pressure": 0.8}
        {"t": 5, "tablet": "frame"}
        {"t": 10, "tablet": "motion", "x": 160, "y": 200, "pressure": 0.8}
        {"t": 10, "tablet": "frame"}
        {"t": 15, "tablet": "motion", "x": 220, "y": 200, "pressure": 0.8}
        {"t": 15, "tablet": "frame"}
        {"t": 20, "tablet": "up"}
        {"t": 20, "tablet": "frame"}
        {"t": 25, "tablet": "motion", "x": 300, "y": 250, "distance": 0.3}
        {"t": 25, "tablet": "frame"}
        {"t": 30, "tablet": "motion", "x": 400, "y": 300}
        {"t": 30, "tablet": "frame"}
        {"t": 35, "tablet": "motion", "x": 420, "y": 300}
        {"t": 35, "tablet": "frame"}

        """ + (leaving ? """
        {"t": 40, "tablet": "proximity_out"}
        {"t": 40, "tablet": "frame"}

        """ : "")
    }

    @Test func aHoveringPenShowsTheBrushUnderItInFingerpaintsWindowAndNotInTheDocument() async throws {
        let scratch = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_STATE_HOME": scratch.path("state"),
                           "XDG_CACHE_HOME": scratch.path("cache")]
        var strokes: [String: [PaintModel.Stroke]] = [:]
        for (name, leaving) in [("hovering", false), ("left", true)] {
            let trace = try scratch.write("\(name).jsonl", Self.strokeThenHover(leaving: leaving))
            let result = try await ChildProcess.run(
                ChildProcess.product("touch-replay"),
                ["--fast", "--trace", trace, "--output", scratch.path("\(name).png"), "--", ChildProcess.product("fingerpaint"),
                 scratch.path("\(name).fpdraw")],
                environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            strokes[name] = try DocumentFile.read(URL(fileURLWithPath: scratch.path("\(name).fpdraw"))).drawing.strokes
        }
        // Hovering at (420, 300): the default brush (8 points, the first colour) as a disc under the pen; where it
        // hovered before, and 10 points beside it, paper. The stroke is ink.
        let brush = Brush()
        let hovering = try await PNGReader.pixels(in: scratch.path("hovering.png"),
                                                  at: [(420, 332), (400, 332), (430, 332), (160, 232)])
        let color = hovering.pixels[0]
        #expect(abs(Double(color.red) - 255 * brush.color.red) < 40 && abs(Double(color.green) - 255 * brush.color.green) < 40
                    && abs(Double(color.blue) - 255 * brush.color.blue) < 40, "\(color)")
        #expect(hovering.pixels[1].red > 240 && hovering.pixels[1].green > 240, "\(hovering.pixels[1])")
        #expect(hovering.pixels[2].red > 240 && hovering.pixels[2].green > 240, "\(hovering.pixels[2])")
        #expect(hovering.pixels[3].red < 100, "\(hovering.pixels[3])")
        // The pen left: no preview.
        let left = try await PNGReader.pixels(in: scratch.path("left.png"), at: [(420, 332)])
        #expect(left.pixels[0].red > 240 && left.pixels[0].green > 240, "\(left.pixels[0])")
        // The documents hold the stroke alone, the same with and without the hover: nothing hovering drew is in them.
        #expect(strokes["hovering"]?.count == 1)
        #expect(strokes["hovering"]?.map { $0.points.map(\.location) } == strokes["left"]?.map { $0.points.map(\.location) })
        #expect(strokes["hovering"]?.first?.points.allSatisfy { $0.location.y == 200 } == true)
    }

    /// A straight pen stroke along y = 300 whose pressure rises from 0.1 at x = 100 to 1.0 at x = 640, one sample
    /// every 60 points, each line in its own frame. In the content's coordinates, below the 32-point title bar.
    static let risingPressure = """
        {"canvas": [800, 568], "origin": [0, 32]}
        {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 100, "y": 300}
        {"t": 0, "tablet": "frame"}
        {"t": 10, "tablet": "down"}
        {"t": 10, "tablet": "motion", "x": 100, "y": 300, "pressure": 0.1}
        {"t": 10, "tablet": "frame"}
        {"t": 26, "tablet": "motion", "x": 160, "y": 300, "pressure": 0.2}
        {"t": 26, "tablet": "frame"}
        {"t": 42, "tablet": "motion", "x": 220, "y": 300, "pressure": 0.3}
        {"t": 42, "tablet": "frame"}
        {"t": 58, "tablet": "motion", "x": 280, "y": 300, "pressure": 0.4}
        {"t": 58, "tablet": "frame"}
        {"t": 74, "tablet": "motion", "x": 340, "y": 300, "pressure": 0.5}
        {"t": 74, "tablet": "frame"}
        {"t": 90, "tablet": "motion", "x": 400, "y": 300, "pressure": 0.6}
        {"t": 90, "tablet": "frame"}
        {"t": 106, "tablet": "motion", "x": 460, "y": 300, "pressure": 0.7}
        {"t": 106, "tablet": "frame"}
        {"t": 122, "tablet": "motion", "x": 520, "y": 300, "pressure": 0.8}
        {"t": 122, "tablet": "frame"}
        {"t": 138, "tablet": "motion", "x": 580, "y": 300, "pressure": 0.9}
        {"t": 138, "tablet": "frame"}
        {"t": 154, "tablet": "motion", "x": 640, "y": 300, "pressure": 1}
        {"t": 154, "tablet": "frame"}
        {"t": 170, "tablet": "up"}
        {"t": 170, "tablet": "frame"}
        {"t": 180, "tablet": "proximity_out"}
        {"t": 180, "tablet": "frame"}

        """

    /// How many pixels of a column of the picture, from `top` to `bottom`, are ink.
    private static func inkHeight(_ png: String, x: Int, from top: Int, to bottom: Int) async throws -> Int {
        let image = try await PNGReader.pixels(in: png, at: (top..<bottom).map { (x, $0) })
        return image.pixels.filter { $0.red < 128 && $0.green < 128 && $0.blue < 128 }.count
    }

    @Test func aPenStrokeWhosePressureRisesIsThinnerAtItsStartThanAtItsEndHeadlessAndThroughACompositor() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("rising.jsonl", Self.risingPressure)
        _ = try await Self.paintHeadlessAndThroughTouchReplay(trace, in: scratch)
        var heights: [String: (start: Int, end: Int)] = [:]
        for (png, top) in [("headless.png", 0), ("live.png", 32)] {
            // Near the start (pressure about 0.1) and near the end (about 0.95), across the line.
            let start = try await Self.inkHeight(scratch.path(png), x: 140, from: 270 + top, to: 330 + top)
            let end = try await Self.inkHeight(scratch.path(png), x: 600, from: 270 + top, to: 330 + top)
            heights[png] = (start, end)
            #expect(start >= 1, "\(png): no ink at the stroke's start")
            #expect(end >= 2 * start + 2, "\(png): \(start) pixels of ink at the start, \(end) at the end")
        }
        // Headless and through the compositor, the same stroke is the same width.
        #expect(heights["headless.png"].map { "\($0)" } == heights["live.png"].map { "\($0)" })
    }

    /// Two finger strokes with contact size (`wl_touch.shape` through the compositor), each in its frames: along
    /// y = 150 a contact 48 points across (a radius of 24: at the palm threshold, not over it), then along y = 350
    /// one 49 points across (a palm). Content coordinates, below the 32-point title bar.
    static let fingerThenPalm: String = {
        var lines = [#"{"canvas": [800, 568], "origin": [0, 32]}"#]
        for (id, y, major, start) in [(1, 150, 48, 0), (2, 350, 49, 300)] {
            for step in 0...5 {
                let kind = step == 0 ? "down" : "motion"
                lines.append(#"{"t": \#(start + 16 * step), "touch": "\#(kind)", "id": \#(id), "x": \#(100 + 60 * step), "y": \#(y), "major": \#(major), "minor": 30}"#)
                lines.append(#"{"t": \#(start + 16 * step), "touch": "frame"}"#)
            }
            lines += [#"{"t": \#(start + 100), "touch": "up", "id": \#(id)}"#, #"{"t": \#(start + 100), "touch": "frame"}"#]
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The palm threshold (`ContactRules.palmRadius`) from outside, where PenPaintingTests checks it inside: through the
    /// program headless and in its window through the compositor's `wl_touch.shape`, a finger 48 points across paints
    /// and one 49 points across paints nothing.
    @Test func aFingerAtThePalmThresholdPaintsAndOneJustOverItDoesNotHeadlessAndThroughACompositor() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("palm.jsonl", Self.fingerThenPalm)
        _ = try await Self.paintHeadlessAndThroughTouchReplay(trace, in: scratch)
        for (png, top) in [("headless.png", 0), ("live.png", 32)] {
            for x in [160, 250, 340] {
                let finger = try await Self.inkHeight(scratch.path(png), x: x, from: 120 + top, to: 180 + top)
                let palm = try await Self.inkHeight(scratch.path(png), x: x, from: 320 + top, to: 380 + top)
                #expect(finger >= 4, "\(png): \(finger) pixels of the finger's ink at x = \(x)")
                #expect(palm == 0, "\(png): \(palm) pixels of the palm's ink at x = \(x)")
            }
        }
    }

    @Test func aRecordedPenSessionReplaysToTheSameEvents() async throws {
        let scratch = try TemporaryDirectory()
        let original = try Trace(parsing: Self.penStroke)
        /// Plays a trace into fingerpaint on touch-replay and returns what fingerpaint recorded.
        func record(_ trace: String, as name: String) async throws -> Trace {
            let recording = scratch.path(name)
            let result = try await ChildProcess.run(
                ChildProcess.product("touch-replay"),
                ["--fast", "--trace", trace, "--output", scratch.path("\(name).png"), "--", ChildProcess.product("fingerpaint"),
                 scratch.path("\(name).fpdraw"), "--record", recording],
                environment: ["XDG_DATA_HOME": scratch.path("data"), "XDG_STATE_HOME": scratch.path("state"),
                              "XDG_CACHE_HOME": scratch.path("cache")])
            #expect(result.status == 0, "\(result.standardError)")
            return try Trace(contentsOf: URL(fileURLWithPath: recording))
        }
        let first = try await record(try scratch.write("pen.jsonl", Self.penStroke), as: "first.jsonl")
        // The recording holds the trace's tablet lines (the times are the client's clock's), in the content's
        // coordinates below the same title bar.
        #expect(first.canvasOrigin == original.canvasOrigin)
        #expect(first.events.filter(\.isTablet).map(\.kind) == original.events.map(\.kind))
        // Replayed, the recording records the same again.
        let second = try await record(scratch.path("first.jsonl"), as: "second.jsonl")
        #expect(second.events.filter(\.isTablet).map(\.kind) == first.events.filter(\.isTablet).map(\.kind))
    }
}

extension SeatEvent {
    fileprivate var isTablet: Bool {
        if case .tablet = kind { true } else { false }
    }
}
