import Foundation
import Glibc
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// `fingerpaint` in its window, on touch-replay's compositor: real wl_touch, wl_pointer and wl_keyboard events in,
/// the committed buffer out.
@Suite struct FingerPaintWindowTests {
    static let fingerpaint = ChildProcess.product("fingerpaint")
    static let touchReplay = ChildProcess.product("touch-replay")
    /// The window's app_id (xdg_toplevel.set_app_id), the name of its desktop file.
    static let appID = "io.github.fingerpaint.FingerPaint"

    /// Two fingers drawing at once (y = 100 and y = 200), the pointer drawing (y = 300), and a tap (a dot).
    static let strokes: [SeatEvent] = {
        var events: [SeatEvent] = []
        for step in 0...20 {
            let t = Double(step) * 16, x = 100 + Double(step) * 10
            events += [
                SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 1, location: Point(x: x, y: 100))
                                              : .touchMotion(id: 1, location: Point(x: x, y: 100))),
                SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 2, location: Point(x: x, y: 200))
                                              : .touchMotion(id: 2, location: Point(x: x, y: 200))),
                SeatEvent(time: .milliseconds(t), .touchFrame),
            ]
        }
        events += [SeatEvent(time: .milliseconds(340), .touchUp(id: 1)), SeatEvent(time: .milliseconds(340), .touchUp(id: 2)), SeatEvent(time: .milliseconds(340), .touchFrame)]
        events += [SeatEvent(time: .milliseconds(400), .pointerEnter(location: Point(x: 100, y: 300))),
                   SeatEvent(time: .milliseconds(410), .pointerButton(.left, isPressed: true))]
        for step in 1...20 {
            events.append(SeatEvent(time: .milliseconds(410 + Double(step) * 16), .pointerMotion(location: Point(x: 100 + Double(step) * 10, y: 300))))
        }
        events.append(SeatEvent(time: .milliseconds(800), .pointerButton(.left, isPressed: false)))
        events += [SeatEvent(time: .milliseconds(900), .touchDown(id: 3, location: Point(x: 500, y: 400))), SeatEvent(time: .milliseconds(900), .touchFrame),
                   SeatEvent(time: .milliseconds(950), .touchUp(id: 3)), SeatEvent(time: .milliseconds(950), .touchFrame)]
        return events
    }()

    /// Finger 1 draws along y = 100 and is lifted at 200 ms; finger 2 draws along y = 200 and is never lifted.
    static let oneStrokeLiftedOneLeftDown: [SeatEvent] = {
        var events: [SeatEvent] = []
        for step in 0...10 {
            let t = Double(step) * 16, x = 100 + Double(step) * 20
            events += [SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 1, location: Point(x: x, y: 100))
                                                    : .touchMotion(id: 1, location: Point(x: x, y: 100))),
                       SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 2, location: Point(x: x, y: 200))
                                                    : .touchMotion(id: 2, location: Point(x: x, y: 200))),
                       SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        return events + [SeatEvent(time: .milliseconds(200), .touchUp(id: 1)), SeatEvent(time: .milliseconds(200), .touchFrame)]
    }()

    /// Just the two fingers' strokes, lifted at 340 ms.
    static let twoFingerStrokes = Array(strokes.prefix(66))

    /// Plays `events` on an 800x600 canvas into `fingerpaint DOCUMENT` on touch-replay (its own files under
    /// `scratch/data` and `scratch/state`); touch-replay writes the window to `scratch/PNG`. `document` is a path in
    /// the scratch folder, or `nil` for a bare `fingerpaint`. `environment` is added to the program's; `standardError`, a
    /// path, has what was said so far while it runs; `firstLaunch` leaves the guide to show as at a first launch.
    static func paint(
        _ events: [SeatEvent], in scratch: TemporaryDirectory, replayOptions: [String] = [], programOptions: [String] = [],
        document: String? = "drawing.fpdraw", png: String = "window.png", timeout: Double = 20,
        environment extra: [String: String] = [:], standardError: String? = nil, whileRunning: ((Int32) async throws -> Void)? = nil,
        firstLaunch: Bool = false
    ) async throws -> ProcessResult {
        let trace = try scratch.write("\(png).trace.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: events).serialized())
        // The guide to the gestures counts as shown (GuideWindowTests shows it), unless `firstLaunch`.
        if !firstLaunch {
            try FileManager.default.createDirectory(atPath: scratch.path("state/fingerpaint"), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: scratch.path("state/fingerpaint/guide-shown"), contents: nil)
        }
        return try await ChildProcess.run(
            touchReplay,
            replayOptions + ["--trace", trace, "--output", scratch.path(png), "--", fingerpaint]
                + (document.map { [scratch.path($0)] } ?? []) + programOptions,
            environment: environment(in: scratch).merging(extra) { $1 }, timeout: timeout,
            standardErrorFile: standardError, whileRunning: whileRunning)
    }

    /// The program's own folders in the scratch folder, never the user's; and no session bus (no desktop portal).
    static func environment(in scratch: TemporaryDirectory) -> [String: String] {
        // The brush's settings too (XDG_CONFIG_HOME): a test that chooses a colour or a width never changes another's.
        ["XDG_DATA_HOME": scratch.path("data"), "XDG_STATE_HOME": scratch.path("state"), "XDG_CACHE_HOME": scratch.path("cache"),
         "XDG_CONFIG_HOME": scratch.path("config"), "DBUS_SESSION_BUS_ADDRESS": ""]
    }

    /// Waits until the program's recording of its input satisfies `condition`; throws after two minutes (a debug
    /// build starting on a machine busy with other builds can take tens of seconds to connect).
    static func waitForRecording(_ path: String, until condition: (String) -> Bool) async throws {
        // Checked after every wait, the last one included: a busy test pool can wake this task past the deadline.
        let deadline = Date().addingTimeInterval(120)
        while true {
            if condition((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") { return }
            if Date() >= deadline { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let recorded = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(no file)"
        throw CompositorFailure(message: "the recording \(path) never showed what the test waits for; it has:\n\(recorded.suffix(2000))")
    }

    /// What the window's banner showed, in order, from the line the program prints for each text it shows when
    /// run with `--verbose` (`fingerpaint: debug: banner: TEXT`).
    static func banners(in standardError: String) -> [String] {
        let prefix = "fingerpaint: debug: banner: "
        return standardError.split(separator: "\n").compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
    }

    /// The strokes of the document the program painted, `folder/drawing.fpdraw` unless said, if it reads.
    static func savedStrokes(in folder: TemporaryDirectory, document: String = "drawing.fpdraw") -> [Stroke]? {
        (try? DocumentFile.read(URL(fileURLWithPath: folder.path(document))))?.drawing.strokes
    }

    private func isPainted(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }
    private func isBlank(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    @Test func fingersThePointerAndATapPaintWhereTheyWentAndTheDrawingIsSavedOnClose() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Self.paint(Self.strokes, in: scratch)
        let png = scratch.path("window.png")
        #expect(result.status == 0, "\(result.standardError)")
        let points: [(x: Int, y: Int)] = [(150, 100), (250, 200), (200, 300), (500, 400), (400, 100), (500, 250), (650, 420)]
        let image = try await PNGReader.pixels(in: png, at: points)
        #expect(image.width == 800 && image.height == 600)
        for pixel in image.pixels.prefix(4) { #expect(isPainted(pixel), "\(pixel)") }
        for pixel in image.pixels.suffix(3) { #expect(isBlank(pixel), "\(pixel)") }
        // touch-replay closes the window at the end: the program saved first.
        #expect(Self.savedStrokes(in: scratch)?.count == 4)
    }

    @Test func shortcutsComeThroughARealKeymap() async throws {
        let scratch = try TemporaryDirectory()
        // A stroke, Ctrl+Z (gone), Ctrl+Shift+Z (back), a second stroke, Delete (both gone), Ctrl+Z (both back),
        // Ctrl+Z (the second gone again).
        var events = Self.twoFingerStrokes
        events += [SeatEvent(time: .milliseconds(400), .key(KeyChord("z", modifiers: .ctrl))),
                   SeatEvent(time: .milliseconds(450), .key(KeyChord("z", modifiers: [.ctrl, .shift]))),
                   SeatEvent(time: .milliseconds(500), .touchDown(id: 5, location: Point(x: 600, y: 450))), SeatEvent(time: .milliseconds(500), .touchFrame),
                   SeatEvent(time: .milliseconds(516), .touchMotion(id: 5, location: Point(x: 700, y: 450))), SeatEvent(time: .milliseconds(516), .touchFrame),
                   SeatEvent(time: .milliseconds(532), .touchUp(id: 5)), SeatEvent(time: .milliseconds(532), .touchFrame),
                   SeatEvent(time: .milliseconds(600), .key(KeyChord("Delete"))),
                   SeatEvent(time: .milliseconds(650), .key(KeyChord("z", modifiers: .ctrl))),
                   SeatEvent(time: .milliseconds(700), .key(KeyChord("z", modifiers: .ctrl)))]
        let result = try await Self.paint(events, in: scratch)
        let png = scratch.path("window.png")
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [(150, 100), (250, 200), (650, 450)])
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]))
        #expect(isBlank(image.pixels[2]))
    }

    @Test func whenTheCompositorGoesAwayMidStrokeTheCompletedStrokesAreSaved() async throws {
        let scratch = try TemporaryDirectory()
        // One stroke completed, then a second one still down when the compositor dies.
        var events = Self.twoFingerStrokes
        events += [SeatEvent(time: .milliseconds(400), .touchDown(id: 7, location: Point(x: 100, y: 500))), SeatEvent(time: .milliseconds(400), .touchFrame)]
        for step in 1...10 {
            let t = 400 + Double(step) * 16
            events += [SeatEvent(time: .milliseconds(t), .touchMotion(id: 7, location: Point(x: 100 + Double(step) * 20, y: 500))),
                       SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        events.append(SeatEvent(time: .milliseconds(300_000), .tick))
        let recording = scratch.path("recording.jsonl")
        let result = try await Self.paint(
            events, in: scratch, replayOptions: ["--realtime"], programOptions: ["--record", recording], timeout: 400
        ) { compositor in
            // The program records what it gets: once the second stroke's last motion is in, kill the compositor.
            try await Self.waitForRecording(recording) { $0.contains("\"id\": 7, \"x\": 300,") }
            kill(compositor, SIGKILL)
        }
        #expect(result.status == SIGKILL, "\(result.standardError)")
        // The program, orphaned, reports and saves; wait for the save to show.
        var saved: [Stroke]?
        for _ in 0..<500 {
            saved = Self.savedStrokes(in: scratch)
            if saved != nil { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        // The two completed strokes are kept; the one in progress is dropped.
        #expect(saved?.count == 2)
        // The recording is a trace that reads back, and holds the touches the program got.
        let recorded = try Trace(contentsOf: URL(fileURLWithPath: recording))
        // In the content's coordinates: the window less the 32-point title bar the program draws on touch-replay.
        #expect(recorded.canvasSize == Size(width: 800, height: 568))
        #expect(recorded.events.contains { if case .touchDown(_, _, _) = $0.kind { true } else { false } })
    }

    @Test func onAScaleTwoOutputTheBufferHasTwiceThePixelsAndTheStrokesLandAtTwiceTheCoordinates() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Self.paint(Self.twoFingerStrokes, in: scratch, replayOptions: ["--scale", "2"])
        let png = scratch.path("window.png")
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [(300, 200), (500, 400), (300, 240), (1300, 600)])
        #expect(image.width == 1600 && image.height == 1200)
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]))
        #expect(isBlank(image.pixels[2]) && isBlank(image.pixels[3]))
    }

    @Test func atFractionalScaleOneAndAHalfTheBufferIsDrawnAtTwoAndTheViewportMapsItOntoTheLogicalSize() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Self.paint(
            Self.twoFingerStrokes, in: scratch, replayOptions: ["--fractional-scale", "1.5", "--stats"])
        let png = scratch.path("window.png")
        #expect(result.status == 0, "\(result.standardError)")
        // Preferred scale 180/120 = 1.5 rounds up to buffers at scale 2: the PNG is the buffer as committed.
        let image = try await PNGReader.pixels(in: png, at: [(300, 200), (500, 400), (300, 240), (1300, 600)])
        #expect(image.width == 1600 && image.height == 1200)
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]))
        #expect(isBlank(image.pixels[2]) && isBlank(image.pixels[3]))
        // The viewport maps that buffer onto the 800x600 logical window (buffer scale 1).
        let statsLine = try #require(result.standardOutput.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(statsLine.utf8)) as? [String: Any])
        #expect(stats["viewport_destination"] as? [Int] == [800, 600])
    }

    @Test func onAnIntegerScaleOutputNoViewportIsUsed() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Self.paint(Self.twoFingerStrokes, in: scratch, replayOptions: ["--scale", "2", "--stats"])
        #expect(result.status == 0, "\(result.standardError)")
        let statsLine = try #require(result.standardOutput.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(statsLine.utf8)) as? [String: Any])
        #expect(stats["viewport_destination"] is NSNull)
    }

    @Test func whileTheCompositorHoldsABufferTheProgramDrawsIntoAnother() async throws {
        let scratch = try TemporaryDirectory()
        // The compositor keeps the first committed buffer for good: every later frame needs one of the others.
        let result = try await Self.paint(Self.strokes, in: scratch, replayOptions: ["--hold-buffers", "1"])
        let png = scratch.path("window.png")
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [(150, 100), (250, 200), (200, 300), (500, 400), (400, 100)])
        for pixel in image.pixels.prefix(4) { #expect(isPainted(pixel), "\(pixel)") }
        #expect(isBlank(image.pixels[4]))
    }

    @Test func aTapOnTheTitleBarsCloseButtonSavesAndQuits() async throws {
        let scratch = try TemporaryDirectory()
        // touch-replay offers no server-side decorations, so the program draws its title bar: close is its right
        // end. The tick five minutes later would keep the trace going if the program did not quit: ending in far less
        // than that (whatever the machine's load) means the tap closed it.
        let events = Self.twoFingerStrokes + [
            SeatEvent(time: .milliseconds(500), .touchDown(id: 9, location: Point(x: 785, y: 16))), SeatEvent(time: .milliseconds(500), .touchFrame),
            SeatEvent(time: .milliseconds(560), .touchUp(id: 9)), SeatEvent(time: .milliseconds(560), .touchFrame),
            SeatEvent(time: .milliseconds(300_000), .tick),
        ]
        let started = Date()
        let result = try await Self.paint(events, in: scratch, replayOptions: ["--realtime"], timeout: 400)
        #expect(Date().timeIntervalSince(started) < 200)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.savedStrokes(in: scratch)?.count == 2)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalSavesBeforeTheProgramEnds(signal: Int32) async throws {
        let scratch = try TemporaryDirectory()
        let events = Self.twoFingerStrokes + [SeatEvent(time: .milliseconds(300_000), .tick)]
        let recording = scratch.path("recording.jsonl")
        let result = try await Self.paint(
            events, in: scratch, replayOptions: ["--realtime"], programOptions: ["--record", recording], timeout: 400
        ) { compositor in
            // Once both strokes are lifted (and before the autosave's second has passed), signal the program.
            try await Self.waitForRecording(recording) { $0.components(separatedBy: "\"up\"").count == 3 }
            let children = try await ChildProcess.run("/usr/bin/pgrep", ["-P", "\(compositor)"])
            for child in children.standardOutput.split(separator: "\n").compactMap({ Int32($0) }) { kill(child, signal) }
        }
        // touch-replay ends with the program's status: 128 + the signal, after saving.
        #expect(result.status == 128 + signal, "\(result.standardError)")
        #expect(Self.savedStrokes(in: scratch)?.count == 2)
    }

    @Test func aRecordedSessionReplaysToTheSameDrawing() async throws {
        let scratch = try TemporaryDirectory()
        let recording = scratch.path("recording.jsonl")
        let live = try await Self.paint(Self.strokes, in: scratch, programOptions: ["--record", recording])
        #expect(live.status == 0, "\(live.standardError)")
        // The bug report: the recording rendered with no compositor. It is in the canvas's coordinates, 32 points
        // above the window's (the title bar).
        let png = scratch.path("replayed.png")
        let replay = try await ChildProcess.run(Self.fingerpaint, ["--replay", recording, "--output", png])
        #expect(replay.status == 0, "\(replay.standardError)")
        let image = try await PNGReader.pixels(in: png, at: [(150, 68), (250, 168), (200, 268), (500, 368), (400, 20), (650, 300)])
        #expect(image.width == 800 && image.height == 568)
        for pixel in image.pixels.prefix(4) { #expect(isPainted(pixel), "\(pixel)") }
        for pixel in image.pixels.suffix(2) { #expect(isBlank(pixel), "\(pixel)") }
        #expect(Self.savedStrokes(in: scratch)?.count == 4)
    }

    @Test func aRecordedSessionReplaysThroughTouchReplayToTheSamePixels() async throws {
        let scratch = try TemporaryDirectory()
        let recording = scratch.path("recording.jsonl")
        let live = try await Self.paint(Self.strokes, in: scratch, programOptions: ["--record", recording])
        #expect(live.status == 0, "\(live.standardError)")
        // The canvas line says where the canvas was on the window: under the 32-point title bar.
        let recorded = try Trace(contentsOf: URL(fileURLWithPath: recording))
        #expect(recorded.canvasSize == Size(width: 800, height: 568) && recorded.canvasOrigin == Point(x: 0, y: 32))
        // Played into a window again (a drawing of the same name, so the title bar is the same), it lands where it
        // was painted.
        let again = try TemporaryDirectory()
        let replay = try await ChildProcess.run(
            Self.touchReplay, ["--trace", recording, "--output", again.path("window.png"), "--", Self.fingerpaint,
                               again.path("drawing.fpdraw")],
            environment: Self.environment(in: again), timeout: 60)
        #expect(replay.status == 0, "\(replay.standardError)")
        let grid = stride(from: 4, to: 800, by: 24).flatMap { x in stride(from: 4, to: 600, by: 24).map { (x: x, y: $0) } }
        let original = try await PNGReader.pixels(in: scratch.path("window.png"), at: grid)
        let replayed = try await PNGReader.pixels(in: again.path("window.png"), at: grid)
        #expect(original.width == replayed.width && original.height == replayed.height)
        let differing = zip(grid, zip(original.pixels, replayed.pixels)).filter { $0.1.0 != $0.1.1 }.map(\.0)
        #expect(differing.isEmpty, "\(differing.count) of \(grid.count) pixels differ, first at \(differing.prefix(5))")
        #expect(Self.savedStrokes(in: again)?.count == 4)
    }

    /// The touch-up's frame shows the completed strokes drawn as they were in progress, committed before they are
    /// drawn into their tiles (docs/frame-pacing.md, "The touch-up"); baked, the window shows what the drawing,
    /// reopened in a new window, shows.
    @Test func theTouchUpFrameIsCommittedBeforeTheStrokesAreBakedAndTheBakedWindowIsAFreshOne() async throws {
        let scratch = try TemporaryDirectory()
        let log = scratch.path("frames.txt")
        var environment = Self.environment(in: scratch)
        environment["FINGERPAINT_FRAME_LOG"] = log
        // The strokes, then a pointer moving without a button two seconds later: the baked frame comes after the
        // last touch-up's, and a loaded machine (the full suite under CI) once drew the two 850 ms apart.
        let events = Self.strokes + [SeatEvent(time: .milliseconds(3000), .pointerMotion(location: Point(x: 301, y: 300)))]
        let trace = try scratch.write("strokes.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: events).serialized())
        let live = try await ChildProcess.run(
            Self.touchReplay, ["--trace", trace, "--output", scratch.path("window.png"), "--", Self.fingerpaint,
                               scratch.path("drawing.fpdraw")], environment: environment, timeout: 60)
        #expect(live.status == 0, "\(live.standardError)")
        let notes = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        // Each touch-up's frame completed strokes without baking them; the last frame has none left to bake.
        let touchUps = notes.filter { $0.contains("strokes+") && !$0.contains("strokes+0") }
        #expect(!touchUps.isEmpty && touchUps.allSatisfy { line in
            line.split(separator: " ").contains { $0.hasPrefix("unbaked") && $0 != "unbaked0" }
        }, "\(notes)")
        #expect(notes.last?.contains("unbaked0") == true, "\(notes)")
        #expect(Self.savedStrokes(in: scratch)?.count == 4)
        // The same drawing in a new window: its first frames drawn from the document.
        let idle = try scratch.write("idle.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: [
            SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 400, y: 300))),
            SeatEvent(time: .milliseconds(300), .pointerMotion(location: Point(x: 401, y: 300))),
        ]).serialized())
        let reopened = try await ChildProcess.run(
            Self.touchReplay, ["--trace", idle, "--output", scratch.path("reopened.png"), "--", Self.fingerpaint,
                               scratch.path("drawing.fpdraw")], environment: Self.environment(in: scratch), timeout: 60)
        #expect(reopened.status == 0, "\(reopened.standardError)")
        // The canvas between the title bar and the palette, every other pixel of every fourth row.
        let grid = stride(from: 40, to: 540, by: 4).flatMap { y in stride(from: 0, to: 800, by: 2).map { (x: $0, y: y) } }
        let painted = try await PNGReader.pixels(in: scratch.path("window.png"), at: grid)
        let fresh = try await PNGReader.pixels(in: scratch.path("reopened.png"), at: grid)
        #expect(fresh.pixels.filter(isPainted).count > 200)
        let differing = zip(grid, zip(painted.pixels, fresh.pixels)).filter { $0.1.0 != $0.1.1 }.map(\.0)
        #expect(differing.isEmpty, "\(differing.count) of \(grid.count) pixels differ, first at \(differing.prefix(5))")
    }

    @Test func fingersLeftDownWhenTouchReplaysTraceEndsAreCancelled() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Self.paint(Self.oneStrokeLiftedOneLeftDown, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(200, 100), (200, 200)])
        #expect(isPainted(image.pixels[0]))
        #expect(isBlank(image.pixels[1]), "the stroke of the finger left down is still shown")
        #expect(Self.savedStrokes(in: scratch)?.count == 1)
    }

    @Test func aLiveReplayThatEndsWithAFingerDownCancelsItsStroke() async throws {
        let scratch = try TemporaryDirectory()
        // The program replays the two fingers into its window; touch-replay only keeps the window open for 2.5 s,
        // with a pointer that moves without a button.
        let trace = try scratch.write(
            "replayed.jsonl", Trace(canvasSize: Size(width: 800, height: 568), events: Self.oneStrokeLiftedOneLeftDown).serialized())
        let result = try await Self.paint([SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 500))),
                                           SeatEvent(time: .milliseconds(2500), .pointerMotion(location: Point(x: 710, y: 500)))], in: scratch, replayOptions: ["--realtime"],
                                          programOptions: ["--replay", trace], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        // Window coordinates: the content starts under the 32-point title bar.
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(200, 132), (200, 232)])
        #expect(isPainted(image.pixels[0]))
        #expect(isBlank(image.pixels[1]), "the stroke of the finger left down is still shown")
        #expect(Self.savedStrokes(in: scratch)?.count == 1)
    }

    @Test(arguments: [["--output", "out.png"], []])
    func aTraceWithAnAbsurdCanvasIsAnErrorNotACrash(output: [String]) async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("big.jsonl", "{\"canvas\": [100000, 100000]}\n{\"t\": 0, \"tick\": true}\n")
        let result = try await ChildProcess.run(
            Self.fingerpaint, ["--new", "--replay", trace] + output.map { $0.hasSuffix(".png") ? scratch.path($0) : $0 },
            environment: Self.environment(in: scratch).merging(["WAYLAND_DISPLAY": "no-such-display"]) { $1 })
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError == "fingerpaint: \(trace):1: \"canvas\" is 100000x100000; the largest is 16384x16384\n")
    }

    @Test func atStartItPrintsNothingTheUserWouldNotMissAndVerboseSaysWhatTheCompositorLacks() async throws {
        let scratch = try TemporaryDirectory()
        // touch-replay offers a seat but no xdg-decoration: the program draws its title bar, which nobody misses.
        let quiet = try await Self.paint(Self.twoFingerStrokes, in: scratch)
        #expect(quiet.status == 0)
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
        let verbose = try await Self.paint(Self.twoFingerStrokes, in: scratch, programOptions: ["--verbose"], png: "verbose.png")
        #expect(verbose.status == 0)
        #expect(verbose.standardError.contains("fingerpaint: debug: the compositor does not offer zxdg_decoration_manager_v1"),
                "\(verbose.standardError)")
        #expect(verbose.standardError.contains("fingerpaint: debug: configured 800x600 at scale 1"))
    }

    @Test func aLongTitleStopsShortOfTheTitleBarsButtons() async throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("narrow.jsonl", "{\"canvas\": [420, 300]}\n{\"t\": 0, \"pointer\": \"enter\", \"x\": 5, \"y\": 200}\n")
        let result = try await ChildProcess.run(
            Self.touchReplay, ["--trace", trace, "--output", scratch.path("narrow.png"), "--", Self.fingerpaint,
                               scratch.path("a drawing with a name much longer than a narrow window.fpdraw")],
            environment: Self.environment(in: scratch))
        #expect(result.status == 0, "\(result.standardError)")
        // The title ends 8 points before the minimize button (the leftmost, 3 buttons of 32 from the right, at 324).
        let strip = (317..<324).flatMap { x in (8..<24).map { (x: x, y: $0) } }
        let image = try await PNGReader.pixels(in: scratch.path("narrow.png"), at: strip)
        #expect(image.pixels.allSatisfy { $0.red < 120 }, "the title runs into the buttons")
        // It still shows its beginning.
        let start = try await PNGReader.pixels(in: scratch.path("narrow.png"), at: (12..<60).map { (x: $0, y: 16) })
        #expect(start.pixels.contains { $0.red > 200 })
    }

    @Test func withoutACompositorItSaysSoInOneLine() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await ChildProcess.run(
            Self.fingerpaint, ["--new"],
            environment: Self.environment(in: scratch).merging(
                ["WAYLAND_DISPLAY": "no-such-display", "XDG_RUNTIME_DIR": scratch.url.path]) { $1 })
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.standardError.contains("WAYLAND_DISPLAY") && result.standardError.contains("XDG_RUNTIME_DIR"))
        // No window opened, so the guide to the gestures is still to show.
        #expect(!FileManager.default.fileExists(atPath: scratch.path("state/fingerpaint/guide-shown")))
    }
}

/// Window management where the program draws its decorations (touch-replay offers none): the borders resize from
/// every edge and corner by pointer and by finger, the title bar maximizes on a double tap and double click, the
/// buttons maximize and minimize. touch-replay records the requests in `--stats`.
@Suite struct WindowManagementTests {
    /// The `--stats` line of a run.
    private func statistics(_ result: ProcessResult) throws -> [String: Any] {
        let line = try #require(result.standardOutput.split(separator: "\n").last { $0.hasPrefix("{") })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Presses on an 800x600 window's borders (window coordinates): (where, the edges it resizes).
    static let borders: [(Point, Int)] = [
        (Point(x: 2, y: 300), 4), (Point(x: 797, y: 300), 8), (Point(x: 400, y: 2), 1), (Point(x: 400, y: 597), 2),
        (Point(x: 3, y: 3), 5), (Point(x: 796, y: 10), 9), (Point(x: 10, y: 597), 6), (Point(x: 797, y: 597), 10),
    ]

    @Test func everyEdgeAndCornerResizesByPointerAndByFinger() async throws {
        let scratch = try TemporaryDirectory()
        var events: [SeatEvent] = []
        var time = 0.0
        for (place, _) in Self.borders {
            events += [SeatEvent(time: .milliseconds(time), .pointerMotion(location: place)), SeatEvent(time: .milliseconds(time + 10), .pointerButton(.left, isPressed: true)),
                       SeatEvent(time: .milliseconds(time + 30), .pointerButton(.left, isPressed: false))]
            time += 100
        }
        for (index, (place, _)) in Self.borders.enumerated() {
            let id = Int32(index + 1)
            events += [SeatEvent(time: .milliseconds(time), .touchDown(id: id, location: place)), SeatEvent(time: .milliseconds(time), .touchFrame),
                       SeatEvent(time: .milliseconds(time + 30), .touchUp(id: id)), SeatEvent(time: .milliseconds(time + 30), .touchFrame)]
            time += 100
        }
        events.insert(SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 400, y: 300))), at: 0)
        let result = try await FingerPaintWindowTests.paint(events, in: scratch, replayOptions: ["--stats"])
        #expect(result.status == 0, "\(result.standardError)")
        let edges = Self.borders.map(\.1)
        #expect(try statistics(result)["resize_edges"] as? [Int] == edges + edges)
        // Nothing was painted by the presses on the borders.
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.isEmpty == true)
    }

    @Test func aDoubleTapAndADoubleClickOnTheTitleMaximizeAndTheButtonsMaximizeAndMinimize() async throws {
        let scratch = try TemporaryDirectory()
        var events: [SeatEvent] = []
        // A double tap on the title, then a double click.
        for (time, id) in [(0.0, Int32(1)), (200, 2)] {
            events += [SeatEvent(time: .milliseconds(time), .touchDown(id: id, location: Point(x: 300, y: 16))), SeatEvent(time: .milliseconds(time), .touchFrame),
                       SeatEvent(time: .milliseconds(time + 40), .touchUp(id: id)), SeatEvent(time: .milliseconds(time + 40), .touchFrame)]
        }
        events.append(SeatEvent(time: .milliseconds(1000), .pointerEnter(location: Point(x: 300, y: 16))))
        for time in [1000.0, 1200] {
            events += [SeatEvent(time: .milliseconds(time), .pointerButton(.left, isPressed: true)),
                       SeatEvent(time: .milliseconds(time + 40), .pointerButton(.left, isPressed: false))]
        }
        // The maximize button (left of close), by finger; the minimize button (left of it), by pointer.
        events += [SeatEvent(time: .milliseconds(2000), .touchDown(id: 3, location: Point(x: 752, y: 16))), SeatEvent(time: .milliseconds(2000), .touchFrame),
                   SeatEvent(time: .milliseconds(2040), .touchUp(id: 3)), SeatEvent(time: .milliseconds(2040), .touchFrame),
                   SeatEvent(time: .milliseconds(2500), .pointerMotion(location: Point(x: 720, y: 16))),
                   SeatEvent(time: .milliseconds(2510), .pointerButton(.left, isPressed: true)),
                   SeatEvent(time: .milliseconds(2550), .pointerButton(.left, isPressed: false))]
        let result = try await FingerPaintWindowTests.paint(events, in: scratch, replayOptions: ["--stats"])
        #expect(result.status == 0, "\(result.standardError)")
        let stats = try statistics(result)
        // touch-replay maximizes at once: the double tap maximizes, the double click restores, the button maximizes.
        #expect(stats["maximize_requests"] as? Int == 2)
        #expect(stats["minimize_requests"] as? Int == 1)
        #expect(stats["resize_edges"] as? [Int] == [])
    }
}
