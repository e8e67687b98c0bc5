// touch-replay, run as a child process against weston-simple-touch (Debian's weston package) and small shell clients.
import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// weston-simple-touch: a 600x500 ARGB8888 window that paints a 5-pixel cross at every touch down and motion, red
/// for touch ID 0 and yellow for ID 1, on a translucent grey (0x40404040, premultiplied) background.
let simpleTouch = "/usr/bin/weston-simple-touch"
let red = RGBA(red: 255, green: 0, blue: 0, alpha: 255)
private let yellow = RGBA(red: 255, green: 255, blue: 0, alpha: 255)

/// A finger going down at `from`, moving in `steps` frames of 8 ms to `to`, and lifting.
func drag(id: Int32, from: Point, to: Point, steps: Int, start: Double = 0) -> [SeatEvent] {
    var events: [SeatEvent] = [
        SeatEvent(time: .milliseconds(start), .touchDown(id: id, location: from, shape: TouchShape(major: 12, minor: 10))),
        SeatEvent(time: .milliseconds(start), .touchFrame),
    ]
    for step in 1...steps {
        let fraction = Double(step) / Double(steps)
        let location = Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
        events.append(SeatEvent(time: .milliseconds(start + Double(step) * 8), .touchMotion(id: id, location: location)))
        events.append(SeatEvent(time: .milliseconds(start + Double(step) * 8), .touchFrame))
    }
    events.append(SeatEvent(time: .milliseconds(start + Double(steps + 1) * 8), .touchUp(id: id)))
    events.append(SeatEvent(time: .milliseconds(start + Double(steps + 1) * 8), .touchFrame))
    return events
}

/// The touch locations (down and motion) of a trace, as whole pixels.
private func touchPoints(of events: [SeatEvent]) -> [(x: Int, y: Int)] {
    events.compactMap { event in
        switch event.kind {
        case let .touchDown(_, location, _), let .touchMotion(_, location, _): (Int(location.x), Int(location.y))
        default: nil
        }
    }
}

@Suite("touch-replay")
struct TouchReplayTests {
    @Test("A finger dragged across weston-simple-touch paints its crosses where the finger went, and nowhere else")
    func paintsWhereTheFingerWent() async throws {
        let scratch = try TemporaryDirectory()
        let events = drag(id: 0, from: Point(x: 100, y: 100), to: Point(x: 500, y: 400), steps: 40)
        let trace = try scratch.write("drag.jsonl", Trace(canvasSize: Size(width: 600, height: 500), events: events).serialized())
        let png = scratch.path("drag.png")

        let result = try await ReplayRunner.replay(["--trace", trace, "--output", png, "--", simpleTouch])
        #expect(result.status == 0, "\(result.standardError)")

        let painted = touchPoints(of: events)
        // Away from the diagonal: two corners and a point beside the path.
        let untouched = [(x: 40, y: 450), (x: 560, y: 40), (x: 300, y: 100)]
        let image = try await PNGReader.pixels(in: png, at: painted + untouched)
        #expect(image.width == 600 && image.height == 500)
        for (point, pixel) in zip(painted, image.pixels.prefix(painted.count)) {
            #expect(pixel == red, "at \(point)")
        }
        for (point, pixel) in zip(untouched, image.pixels.suffix(untouched.count)) {
            #expect(pixel != red && pixel.alpha < 255, "at \(point): \(pixel)")
        }
    }

    @Test("Two fingers at once paint in their own colours; --stats prints one JSON line with the counts")
    func twoFingersAndStats() async throws {
        let scratch = try TemporaryDirectory()
        // Interleave two drags into shared frames: finger 0 across the top, finger 1 across the bottom.
        let top = drag(id: 0, from: Point(x: 100, y: 100), to: Point(x: 500, y: 100), steps: 20)
        let bottom = drag(id: 1, from: Point(x: 100, y: 400), to: Point(x: 500, y: 400), steps: 20)
        var events: [SeatEvent] = []
        for (first, second) in zip(top.chunked(), bottom.chunked()) {
            events += first.filter { $0.kind != .touchFrame } + second.filter { $0.kind != .touchFrame }
            events.append(SeatEvent(time: first[0].time, .touchFrame))
        }
        let trace = try scratch.write("two.jsonl", Trace(events: events).serialized())
        let png = scratch.path("two.png")

        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", png, "--size", "600x500", "--stats", "--hold-buffers", "1", "--", simpleTouch]
        )
        #expect(result.status == 0, "\(result.standardError)")

        let image = try await PNGReader.pixels(in: png, at: [(300, 100), (500, 100), (300, 400), (500, 400), (300, 250)])
        #expect(image.pixels[0] == red && image.pixels[1] == red)
        #expect(image.pixels[2] == yellow && image.pixels[3] == yellow)
        #expect(image.pixels[4].alpha < 255)

        let lines = result.standardOutput.split(separator: "\n")
        try #require(lines.count == 1, "\(result.standardOutput)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        // 42 touch points, each committed by weston-simple-touch, plus its initial and first-buffer commits.
        #expect(stats["commits"] as? Int == 44)
        #expect(stats["frame_callbacks"] as? Int == 0)
        // Per finger: down, 20 motions, up; one frame per trace frame (22). weston-simple-touch binds wl_seat
        // version 1, so the shapes in the trace are not sent (wl_touch.shape is version 6).
        #expect(stats["events_sent"] as? Int == 2 * (1 + 20 + 1) + 22)
        let latency = try #require(stats["input_to_next_commit_ms"] as? [String: Any])
        #expect((latency["p50"] as? Double ?? -1) >= 0)
        #expect((latency["p99"] as? Double ?? -1) >= (latency["p50"] as? Double ?? 0))
        #expect(stats["latency_ms"] == nil)
        // weston-simple-touch draws a cross at every touch point in the commit that follows it: every one of the 42
        // points is inked.
        let ink = try #require(stats["input_to_ink_ms"] as? [String: Any])
        #expect(ink["samples"] as? Int == 42 && ink["never_inked"] as? Int == 0, "\(ink)")
        #expect((ink["p50"] as? Double ?? -1) >= 0 && (ink["max"] as? Double ?? -1) >= (ink["p99"] as? Double ?? 0))
        let intervals = try #require(stats["frame_interval_ms"] as? [String: Any])
        #expect((intervals["p50"] as? Double ?? -1) >= 0)
        #expect((stats["map_ms"] as? Double ?? -1) > 0)
        #expect(stats["refresh_hz"] as? Double == 60, "the display's refresh by default")
        // weston-simple-touch's own peak, a few MiB: not touch-replay's, which posix_spawn's ru_maxrss would count.
        let peak = try #require(stats["client_peak_rss_mib"] as? Double)
        #expect(peak > 0.5 && peak < 64, "\(peak) MiB")
    }

    @Test("Usage errors exit with status 2 and say what is wrong", arguments: [
        ([], "Missing expected argument '--trace <FILE>'"),
        (["--trace", "t.jsonl"], "Missing expected argument '--output <OUT.png>'"),
        (["--trace", "t.jsonl", "--output", "o.png"], "missing the client"),
        (["--trace", "t.jsonl", "--output", "o.png", "--size", "600by500", "--", "true"], "'--size <WxH>': a size is WIDTHxHEIGHT"),
        (["--trace", "t.jsonl", "--output", "o.png", "--size", "0x500", "--", "true"], "from 1x1 to 16384x16384"),
        (["--trace", "t.jsonl", "--output", "o.png", "--size", "20000x500", "--", "true"], "from 1x1 to 16384x16384"),
        (["--trace", "t.jsonl", "--output", "o.png", "--scale", "3", "--", "true"], "--scale must be 1 or 2"),
        (["--trace", "t.jsonl", "--output", "o.png", "--fractional-scale", "0.5", "--", "true"], "--fractional-scale must be a number from 1 to 4"),
        (["--trace", "t.jsonl", "--output", "o.png", "--scale", "2", "--fractional-scale", "1.5", "--", "true"], "cannot be used together"),
        (["--trace", "t.jsonl", "--output", "o.png", "--bogus", "--", "true"], "Unknown option '--bogus'"),
        (["--trace", "t.jsonl", "--output", "o.png", "--refresh", "250", "--", "true"], "--refresh must be a number of Hz from 30 to 240"),
        (["--trace", "t.jsonl", "--output", "o.png", "--refresh", "nan", "--", "true"], "--refresh must be a number of Hz from 30 to 240"),
        (["--trace", "t.jsonl", "--output", "o.png", "--latch-ms", "soon", "--", "true"], "--latch-ms must be a number of milliseconds from 0"),
        (["--trace", "t.jsonl", "--output", "o.png", "--refresh", "120", "--latch-ms", "9", "--", "true"], "--latch-ms must be less than one refresh (8.333 ms at 120 Hz)"),
        (["--trace", "t.jsonl", "--output", "o.png", "--refresh", "144", "--quirks", "weston", "--", "true"],
         "--quirks weston takes frames 7 ms before each vblank, not less than one refresh (6.944 ms at 144 Hz): give --latch-ms too"),
    ])
    func usageErrors(arguments: [String], message: String) async throws {
        let result = try await ReplayRunner.replay(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.hasPrefix("touch-replay: "))
        #expect(result.standardError.contains("touch-replay --trace FILE --output OUT.png"))
    }

    @Test("A trace that cannot be read stops it with status 1 and one line naming the file and line")
    func unreadableTrace() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write(
            "bad.jsonl", "{\"canvas\": [600, 500]}\n{\"t\": 0, \"touch\": \"down\", \"id\": 0, \"x\": 1, \"y\": 2}\n{\"t\": 5, \"touch\": \"wiggle\"}\n"
        )
        let result = try await ReplayRunner.replay(["--trace", trace, "--output", scratch.path("o.png"), "--", simpleTouch])
        #expect(result.status == 1)
        #expect(result.standardError == "touch-replay: \(trace):3: unknown \"touch\" event \"wiggle\"\n")

        let missing = try await ReplayRunner.replay(
            ["--trace", scratch.path("absent.jsonl"), "--output", scratch.path("o.png"), "--", simpleTouch]
        )
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("touch-replay: \(scratch.path("absent.jsonl")): cannot read the file"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("o.png")))
    }

    @Test("A key the us keyboard cannot type stops it with status 1 before the client starts")
    func unknownKey() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("keys.jsonl"
        , 
            Trace(events: [SeatEvent(time: .milliseconds(0), .key(KeyChord("NoSuchKey", modifiers: [.ctrl])))]).serialized())
        let result = try await ReplayRunner.replay(["--trace", trace, "--output", scratch.path("o.png"), "--", simpleTouch])
        #expect(result.status == 1)
        #expect(result.standardError.contains("ctrl+NoSuchKey"), "\(result.standardError)")
    }

    @Test("A client that exits with a non-zero status after showing its window passes that status on")
    func clientStatusPassesThrough() async throws {
        let scratch = try TemporaryDirectory()
        let events = drag(id: 0, from: Point(x: 200, y: 200), to: Point(x: 300, y: 200), steps: 5)
        let trace = try scratch.write("drag.jsonl", Trace(events: events).serialized())
        let png = scratch.path("o.png")
        // weston-simple-touch exits 0 on xdg_toplevel.close; the shell around it then exits 3.
        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", png, "--", "/bin/sh", "-c", "\(simpleTouch); exit 3"]
        )
        #expect(result.status == 3, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [(300, 200)])
        #expect(image.pixels == [red])
    }

    @Test("A client that ends without showing a window is an error with status 1")
    func clientWithoutWindow() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("tick.jsonl", Trace(events: [SeatEvent(time: .milliseconds(0), .tick)]).serialized())
        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("o.png"), "--", "/bin/sh", "-c", "exit 4"]
        )
        #expect(result.status == 1)
        #expect(result.standardError == "touch-replay: the client exited with status 4 before it showed a window\n")
    }
}

extension TouchReplayTests {
    @Test("A client that shows no window in time is killed and is an error with status 1 (--map-timeout)")
    func clientThatNeverMaps() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("tick.jsonl", Trace(events: [SeatEvent(time: .milliseconds(0), .tick)]).serialized())
        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("o.png"), "--map-timeout", "0.3", "--", "/bin/sleep", "30"], timeout: 10
        )
        #expect(result.status == 1)
        #expect(result.standardError == "touch-replay: the client showed no window within 0.3 s\n")
    }
}

extension TouchReplayTests {
    @Test("input_to_ink_ms reports a client that draws a frame late as a frame later")
    func inkLatencyCatchesAClientThatDrawsLate() async throws {
        let scratch = try TemporaryDirectory()
        // One finger across the window at 60 Hz for half a second, in real time.
        let trace = try scratch.write("drag.jsonl", Trace(events: drag(id: 0, from: Point(x: 100, y: 200), to: Point(x: 500, y: 200), steps: 30)).serialized())
        let hello = ChildProcess.product("wayland-hello")
        func inkLatency(_ clientOptions: [String]) async throws -> [String: Any] {
            let result = try await ReplayRunner.replay(
                ["--trace", trace, "--output", scratch.path("o.png"), "--overwrite", "--size", "600x400", "--realtime", "--stats", "--", hello]
                    + clientOptions)
            #expect(result.status == 0, "\(result.standardError)")
            let line = try #require(result.standardOutput.split(separator: "\n").last { $0.hasPrefix("{") })
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(stats["input_to_ink_ms"] as? [String: Any])
        }
        let prompt = try await inkLatency([])
        let late = try await inkLatency(["--ink-delay-frames", "3"])
        #expect(prompt["never_inked"] as? Int == 0 && late["never_inked"] as? Int == 0)
        let promptMedian = try #require(prompt["p50"] as? Double), lateMedian = try #require(late["p50"] as? Double)
        // A frame at 60 Hz is 16.7 ms: the late client's ink comes three frames (50 ms) later. Half of that is the
        // margin, so that a busy machine slowing either run by a frame does not decide the test.
        #expect(lateMedian >= 33, "prompt \(prompt), late \(late)")
        #expect(lateMedian >= promptMedian + 25, "prompt \(prompt), late \(late)")
    }

    @Test("At the trace's timing the first touch comes once the window's first frame is on the display")
    func theTraceStartsWhenTheWindowIsShown() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("drag.jsonl", Trace(events: drag(id: 0, from: Point(x: 100, y: 200), to: Point(x: 300, y: 200), steps: 2)).serialized())
        // libwayland prints every request and event of the client, in order, on its standard error, which the client
        // shares with touch-replay.
        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("o.png"), "--overwrite", "--size", "600x400", "--",
             ChildProcess.product("wayland-hello")], environment: ["WAYLAND_DEBUG": "client"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        // The first frame callback the window asks for comes with the vblank that presents its first buffer.
        let request = try #require(lines.first { $0.contains("-> wl_surface@") && $0.contains(".frame(new id wl_callback@") })
        let callback = try #require(request.split(separator: "new id ").last?.prefix { $0 != ")" })
        let shown = try #require(lines.firstIndex { $0.contains("] \(callback).done(") }, "\(result.standardError)")
        let firstTouch = try #require(lines.firstIndex { $0.contains(".down(") && $0.contains("wl_touch@") })
        // Before, the first touch came as soon as the window mapped, while its first frame still waited for the
        // vblank: a client that draws once its frame is shown could draw that touch only a vblank later.
        #expect(shown < firstTouch, "\(lines[min(shown, firstTouch)...max(shown, firstTouch)])")
    }

    @Test("wp_presentation: each frame is presented at the next simulated 60 Hz vblank")
    func presentationFeedbackAtEachVblank() async throws {
        // Two seconds at the trace's timing (120 vblanks), with nothing to send but a pointer: long enough that a
        // loaded machine stalling touch-replay for half a second (seen once in CI, after which only 15 of 36 frames
        // were presented in a 0.6 s trace) still leaves far more than the 20 frames asked for below.
        let (intervals, output) = try await presentationIntervals(overMilliseconds: 2000)
        #expect(intervals.count >= 20, "\(output)")
        let sorted = intervals.sorted()
        let median = try #require(sorted.isEmpty ? nil : sorted[sorted.count / 2])
        // Presented at vblanks, not as fast as the client commits (which would be well under a millisecond apart),
        // and most at the next one. A loaded machine makes touch-replay late for some (intervals of 11 to 120 ms
        // were seen); it keeps its clock's phase, so the one after a late vblank comes early.
        #expect(sorted[0] > 8_000, "presentation intervals (µs): \(sorted)")
        #expect(median > 15_000 && median < 25_000, "presentation intervals (µs): \(sorted)")
    }

    @Test("wp_presentation: the presentation times lie on one grid of the display's refresh (60 Hz, or --refresh), however late touch-replay comes to a vblank",
          arguments: [60.0, 144.0, 59.94])
    func presentationTimesOnOneGrid(hertz: Double) async throws {
        // "p2p 16528 us": from the last presentation to this one, whole microseconds. A display's vblank
        // timestamps are a whole number of refreshes apart; touch-replay's loop wakes tens of microseconds to
        // milliseconds after a vblank, and stamping that moment put them anywhere.
        let (intervals, output) = try await presentationIntervals(overMilliseconds: 1000,
                                                                  options: hertz == 60 ? [] : ["--refresh", "\(hertz)"])
        #expect(intervals.count >= 10, "\(output)")
        let refresh = 1_000_000.0 / hertz
        let offGrid = intervals.filter { interval in
            abs(interval - (interval / refresh).rounded() * refresh) > 2 || interval < refresh / 2
        }
        #expect(offGrid.isEmpty, "intervals (µs) not a whole number of refreshes: \(offGrid) of \(intervals.count)")
    }

    /// weston-presentation-shm run through touch-replay for a trace of `milliseconds` with nothing but a pointer:
    /// the intervals between its presented frames, µs, and what it printed. It prints a line per presented frame:
    /// "N: f2c …, c2p … ms, …, p2p 16528 us, …, seq N".
    private func presentationIntervals(overMilliseconds milliseconds: Int, options: [String] = []) async throws
        -> (intervals: [Double], output: String) {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("idle.jsonl", """
            {"t": 0, "pointer": "enter", "x": 5, "y": 5}
            {"t": \(milliseconds), "pointer": "motion", "x": 6, "y": 5}

            """)
        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("o.png")] + options + ["--", "/usr/bin/weston-presentation-shm"])
        #expect(result.status == 0, "\(result.standardError)")
        let intervals = result.standardOutput.split(separator: "\n").compactMap { line -> Double? in
            // Right-aligned ("p2p  6944 us" at 144 Hz); 0 where it starts counting again (the first frames).
            guard line.contains("seq"), let range = line.range(of: "p2p ") else { return nil }
            return Double(line[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }).flatMap { $0 > 0 ? $0 : nil }
        }
        return (intervals, result.standardOutput)
    }

    @Test("--latch-ms and --quirks: a frame committed after the latch is presented a vblank later; --stats says the latch")
    func aFrameCommittedAfterTheLatchWaitsForTheNextVblank() async throws {
        // weston-simple-touch commits a frame at every touch event: a drag of 8 ms steps commits at every phase of
        // the 60 Hz grid. Every point's ink is presented at a vblank at least the latch after its commit; without a
        // latch, many sooner. `--quirks weston` takes weston's 7 ms unless `--latch-ms` says otherwise.
        func run(_ display: [String]) async throws -> (gaps: [Double], stats: [String: Any]) {
            let scratch = try TemporaryDirectory()
            let trace = try scratch.write("drag.jsonl", Trace(events: drag(id: 0, from: Point(x: 100, y: 100),
                                                                           to: Point(x: 500, y: 300), steps: 100)).serialized())
            let log = scratch.path("ink.log")
            let result = try await ReplayRunner.replay(
                ["--trace", trace, "--output", scratch.path("o.png"), "--size", "600x500", "--stats"]
                    + display + ["--", simpleTouch],
                environment: ["TOUCH_REPLAY_INK_LOG": log])
            #expect(result.status == 0, "\(result.standardError)")
            let line = try #require(result.standardOutput.split(separator: "\n").first)
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let gaps = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { row -> Double? in
                let times = row.split(separator: " ").compactMap { Double($0) }
                return times.count == 3 ? times[2] - times[1] : nil
            }
            return (gaps, stats)
        }
        for display in [["--latch-ms", "7"], ["--quirks", "weston"]] {
            let latched = try await run(display)
            #expect(latched.stats["latch_ms"] as? Double == 7, "\(display)")
            #expect(latched.gaps.count > 50, "\(display): \(latched.gaps.count) points presented")
            #expect(latched.gaps.allSatisfy { $0 >= 7 - 0.01 },
                    "\(display): presented sooner than the latch after their commit: \(latched.gaps.filter { $0 < 7 })")
        }
        let unlatched = try await run([])
        #expect(unlatched.stats["latch_ms"] as? Double == 0)
        #expect(unlatched.gaps.contains { $0 < 6 }, "without a latch, some ink is presented within 6 ms of its commit")
        let chosen = try await run(["--quirks", "weston", "--latch-ms", "2"])
        #expect(chosen.stats["latch_ms"] as? Double == 2, "--latch-ms over the compositor's own")
    }

    @Test("SIGTERM stops it: the client is killed and the status is 128 + 15")
    func stopsOnSigterm() async throws {
        let scratch = try TemporaryDirectory()
        // Ten minutes of real time: the signal comes long before the end, even when a loaded machine keeps this
        // test from running for a while (a ten-second trace could end first, and the run exit 0 with its PNG).
        let events = stride(from: 0.0, through: 600_000, by: 100).map { SeatEvent(time: .milliseconds($0), .tick) }
        let trace = try scratch.write("long.jsonl", Trace(events: events).serialized())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ReplayRunner.executable)
        // The client writes its process ID to a file, then becomes weston-simple-touch (exec keeps the ID).
        let pidFile = scratch.path("client.pid")
        process.arguments = ["--trace", trace, "--output", scratch.path("o.png"), "--", "/bin/sh", "-c",
                             "echo $$ > \(pidFile).tmp && mv \(pidFile).tmp \(pidFile) && exec \(simpleTouch)"]
        #expect(FileManager.default.createFile(atPath: scratch.path("stderr"), contents: nil))
        process.standardError = FileHandle(forWritingAtPath: scratch.path("stderr"))
        try process.run()
        let pid = process.processIdentifier
        // The client is started after the signal handling is set up: wait for it (a minute, for a loaded machine).
        // Read after every wait, the last one included: in a full run the test pool's threads can be kept busy past
        // the deadline while this task sleeps, and the file written long before must still be found.
        var client: Int32?
        let searchDeadline = Date().addingTimeInterval(60)
        while true {
            client = Int32(scratch.read("client.pid").trimmingCharacters(in: .whitespacesAndNewlines))
            if client != nil || Date() >= searchDeadline { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let clientID = try #require(client, "touch-replay (running: \(process.isRunning)) said: \(scratch.read("stderr"))")
        try #require(process.isRunning, "touch-replay ended before the signal: \(scratch.read("stderr"))")
        process.terminate()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!process.isRunning)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM)
        #expect(kill(clientID, 0) == -1)
        if process.isRunning { kill(pid, SIGKILL) }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("o.png")))
    }
}

extension Array where Element == SeatEvent {
    /// The events split into runs with the same time.
    fileprivate func chunked() -> [[SeatEvent]] {
        var chunks: [[SeatEvent]] = []
        for event in self {
            if let last = chunks.last?.last, last.time == event.time {
                chunks[chunks.count - 1].append(event)
            } else {
                chunks.append([event])
            }
        }
        return chunks
    }
}

@Suite("touch-replay with pointer, keyboard, scale and time")
struct TouchReplayInputTests {
    @Test("Pointer and keyboard events arrive as weston-eventdemo reports them: us keycodes, modifiers, BTN_LEFT; --size wins over the canvas")
    func pointerAndKeyboard() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write(
            "input.jsonl", Trace(canvasSize: Size(width: 400, height: 300), events: [
                SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 50, y: 60))),
                SeatEvent(time: .milliseconds(10), .pointerMotion(location: Point(x: 70, y: 80))),
                SeatEvent(time: .milliseconds(20), .pointerButton(.left, isPressed: true)),
                SeatEvent(time: .milliseconds(30), .pointerButton(.left, isPressed: false)),
                SeatEvent(time: .milliseconds(40), .pointerAxis(dx: 0, dy: 10)),
                SeatEvent(time: .milliseconds(50), .key(KeyChord("a"))),
                SeatEvent(time: .milliseconds(60), .key(KeyChord("z", modifiers: [.ctrl, .shift]))),
                SeatEvent(time: .milliseconds(70), .key(KeyChord("plus"))),
            ]).serialized()
        )
        let png = scratch.path("o.png")
        let result = try await ReplayRunner.replay([
            "--trace", trace, "--output", png, "--size", "600x500", "--",
            "/usr/bin/weston-eventdemo", "--log-key", "--log-button", "--log-axis", "--log-motion",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        // The toplevel was configured to 600x500: weston's toy toolkit takes that as its window geometry and draws a
        // 32-pixel shadow around it.
        let image = try await PNGReader.pixels(in: png, at: [])
        #expect(image.width == 600 + 64 && image.height == 500 + 64)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // weston-eventdemo's modifier bits: shift 0x1, control 0x4. Keys are evdev codes: A 30, Z 44, equal 13.
        let expected = [
            "motion time: 10, x: 70.000000, y: 80.000000",
            "button time: 20, button: 272, state: pressed, x: 70, y: 80",
            "button time: 30, button: 272, state: released, x: 70, y: 80",
            "axis time: 40, axis: vertical, value: 10.000000",
            "key key: 30, unicode: 97, state: pressed, modifiers: 0x0",
            "key key: 30, unicode: 97, state: released, modifiers: 0x0",
            "key key: 29, unicode: 65507, state: pressed, modifiers: 0x0",
            "key key: 42, unicode: 65505, state: pressed, modifiers: 0x4",
            "key key: 44, unicode: 90, state: pressed, modifiers: 0x5",
            "key key: 44, unicode: 90, state: released, modifiers: 0x5",
            "key key: 42, unicode: 65505, state: released, modifiers: 0x5",
            "key key: 29, unicode: 65507, state: released, modifiers: 0x4",
            "key key: 42, unicode: 65505, state: pressed, modifiers: 0x0",
            "key key: 13, unicode: 43, state: pressed, modifiers: 0x1",
            "key key: 13, unicode: 43, state: released, modifiers: 0x1",
            "key key: 42, unicode: 65505, state: released, modifiers: 0x1",
        ]
        #expect(lines.filter { $0.hasPrefix("motion") || $0.hasPrefix("button") || $0.hasPrefix("axis") || $0.hasPrefix("key") } == expected)
    }

    @Test("The client sees the seat, output, configure, keymap and touch shapes and cancel the way the protocol says")
    func protocolAsTheClientSeesIt() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write(
            "shape.jsonl", Trace(canvasSize: Size(width: 500, height: 400), events: [
                SeatEvent(time: .milliseconds(0), .touchDown(id: 3, location: Point(x: 100, y: 120), shape: TouchShape(major: 12, minor: 10))),
                SeatEvent(time: .milliseconds(0), .touchFrame),
                SeatEvent(time: .milliseconds(8), .touchMotion(id: 3, location: Point(x: 110, y: 125), shape: TouchShape(major: 14, minor: 11))),
                SeatEvent(time: .milliseconds(8), .touchFrame),
                SeatEvent(time: .milliseconds(16), .touchCancel),
            ]).serialized()
        )
        // libwayland-client's own log of the events the client got (weston-eventdemo binds wl_seat v7).
        let result = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("o.png"), "--scale", "2", "--", "/usr/bin/weston-eventdemo"],
            environment: ["WAYLAND_DEBUG": "client"]
        )
        #expect(result.status == 0)
        let received = result.standardError.split(separator: "\n")
            .filter { $0.hasPrefix("[") && !$0.contains("]  -> ") }
            .map { String($0.drop { $0 != "]" }.dropFirst(2)).replacing(/@\d+/, with: "") }
        for line in [
            "wl_seat.capabilities(7)",
            "wl_seat.name(\"seat0\")",
            "wl_output.mode(3, 1000, 800, 60000)",
            "wl_output.scale(2)",
            "wl_output.done()",
            "wl_surface.enter(wl_output)",
            "xdg_toplevel.configure(500, 400, array[4])",
            "wl_keyboard.repeat_info(25, 600)",
        ] {
            #expect(received.contains(line), "\(line)")
        }
        #expect(received.contains { $0.hasPrefix("wl_keyboard.keymap(1, fd ") })
        let touch = received.filter { $0.hasPrefix("wl_touch.") }.map { $0.replacing(#/down\(\d+, /#, with: "down(SERIAL, ") }
        #expect(touch == [
            "wl_touch.down(SERIAL, 0, wl_surface, 3, 100.00000000, 120.00000000)",
            "wl_touch.shape(3, 12.00000000, 10.00000000)",
            "wl_touch.frame()",
            "wl_touch.motion(8, 3, 110.00000000, 125.00000000)",
            "wl_touch.shape(3, 14.00000000, 11.00000000)",
            "wl_touch.frame()",
            "wl_touch.cancel()",
        ])
    }

    @Test("With --scale 2 a client drawing at buffer scale 2 is saved at buffer size; frames follow the virtual clock")
    func bufferScaleAndFrames() async throws {
        let scratch = try TemporaryDirectory()
        // One second of ticks: weston-simple-damage animates on frame callbacks, one per 60 Hz tick.
        let events = stride(from: 0.0, through: 1000, by: 100).map { SeatEvent(time: .milliseconds($0), .tick) }
        let trace = try scratch.write("ticks.jsonl", Trace(events: events).serialized())
        let png = scratch.path("o.png")
        let result = try await ReplayRunner.replay([
            "--fast", "--trace", trace, "--output", png, "--scale", "2", "--stats", "--",
            "/usr/bin/weston-simple-damage", "--width=300", "--height=200", "--scale=2",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [])
        #expect(image.width == 600 && image.height == 400)
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("{\"commits\"") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // 61 ticks of the frame clock in [0, 1000] ms, then up to 30 settling frames, plus any before the map.
        let frames = try #require(stats["frame_callbacks"] as? Int)
        #expect(frames >= 61 && frames <= 61 + 30 + 5, "\(frames)")
        #expect(stats["events_sent"] as? Int == 0)
    }

    @Test("Replaced buffers are released; with --hold-buffers a double-buffering client runs out of free buffers")
    func bufferRelease() async throws {
        let scratch = try TemporaryDirectory()
        let events = stride(from: 0.0, through: 300, by: 50).map { SeatEvent(time: .milliseconds($0), .tick) }
        let trace = try scratch.write("ticks.jsonl", Trace(events: events).serialized())
        // weston-simple-shm draws each frame into whichever of its two buffers is released, and aborts when neither is.
        let released = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("a.png"), "--stats", "--", "/usr/bin/weston-simple-shm"]
        )
        #expect(released.status == 0, "\(released.standardError)")
        let line = try #require(released.standardOutput.split(separator: "\n").first { $0.hasPrefix("{\"commits\"") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect((stats["commits"] as? Int ?? 0) > 10)

        let held = try await ReplayRunner.replay(
            ["--trace", trace, "--output", scratch.path("b.png"), "--hold-buffers", "1", "--", "/usr/bin/weston-simple-shm"]
        )
        #expect(held.status == 128 + SIGABRT)
        #expect(held.standardError.contains("Both buffers busy"), "\(held.standardError)")
        #expect(held.standardError.contains("touch-replay: the client was killed by signal 6 during playback"))
    }

    @Test("--fast sends the next events as soon as the client has answered for the last ones, not after an idle time")
    func fastGoesOnAtTheClientsAnswer() async throws {
        let scratch = try TemporaryDirectory()
        // 600 groups of a finger's motion: after most, the client has a frame callback pending and commits nothing
        // until the next frame, and each waited the 20 ms idle time (12 s in all; 0.6 s now on a quiet machine, so
        // the wall time is not what is checked: a loaded machine stretches both).
        let events = drag(id: 0, from: Point(x: 50, y: 200), to: Point(x: 550, y: 200), steps: 598)
        let trace = try scratch.write("drag.jsonl", Trace(events: events).serialized())
        let result = try await ReplayRunner.replay(
            ["--fast", "--trace", trace, "--output", scratch.path("o.png"), "--size", "600x400", "--stats", "--",
             ChildProcess.product("wayland-hello")], environment: ["WAYLAND_DEBUG": "server"], timeout: 60)
        #expect(result.status == 0, "\(result.standardError.suffix(2000))")
        // libwayland's log, `[   1234.567]  -> xdg_wm_base@8.ping(5)` sent and `[   1234.600] xdg_wm_base@8.pong(5)`
        // received (milliseconds, padded to 7 digits): after each pong, what touch-replay sends next (the next group,
        // or a frame) follows at once.
        let lines = result.standardError.split(separator: "\n").compactMap { line -> (ms: Double, text: Substring)? in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"),
                  let ms = Double(line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces))
            else { return nil }
            return (ms, line[line.index(after: close)...].drop { $0 == " " })
        }
        var gaps: [Double] = []
        for (index, line) in lines.enumerated() where line.text.contains("xdg_wm_base@") && line.text.contains(".pong(") {
            if let next = lines[(index + 1)...].first(where: { $0.text.hasPrefix("->") }) { gaps.append(next.ms - line.ms) }
        }
        try #require(gaps.count >= 598, "\(gaps.count) pongs followed by an event")
        let median = gaps.sorted()[gaps.count / 2]
        #expect(median < 5, "median \(median) ms from the client's answer to the next event")
        // Every point was still drawn: none was left behind by the shorter waits.
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("{\"commits\"") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let ink = try #require(stats["input_to_ink_ms"] as? [String: Any])
        #expect(ink["never_inked"] as? Int == 0 && ink["samples"] as? Int == 599, "\(ink)")
    }

    @Test("--realtime plays at the trace's real pace")
    func realtime() async throws {
        let scratch = try TemporaryDirectory()
        let events = drag(id: 0, from: Point(x: 100, y: 250), to: Point(x: 500, y: 250), steps: 50)  // 408 ms
        let trace = try scratch.write("drag.jsonl", Trace(events: events).serialized())
        let png = scratch.path("o.png")
        let clock = ContinuousClock()
        var result: ProcessResult?
        let realtime = try await clock.measure {
            result = try await ReplayRunner.replay(["--trace", trace, "--output", png, "--realtime", "--", simpleTouch])
        }
        #expect(result?.status == 0)
        #expect(realtime >= .milliseconds(408))
        let image = try await PNGReader.pixels(in: png, at: [(300, 250), (500, 250)])
        #expect(image.pixels == [red, red])
    }
}
