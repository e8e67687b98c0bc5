import CCairo
import Foundation
@testable import GestureDemoKit
import PaintRender
import SeatInput
import Testing
import TouchUI

/// `gesture-demo --arena`: the arena's decisions in the log and in the window, and nothing of them without it.
@Suite struct GestureDemoArenaTests {
    /// Two fingers 100 pt apart (x 150 and 250) spreading to 200 pt over 48 ms, then lifted: a pinch.
    static let pinch: [SeatEvent] = {
        var events = [SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: Point(x: 150, y: 300))),
                      SeatEvent(time: .milliseconds(0), .touchDown(id: 2, location: Point(x: 250, y: 300))),
                      SeatEvent(time: .milliseconds(0), .touchFrame)]
        for (t, spread) in [(16.0, 10.0), (32, 30), (48, 50)] {
            events += [SeatEvent(time: .milliseconds(t), .touchMotion(id: 1, location: Point(x: 150 - spread, y: 300))),
                       SeatEvent(time: .milliseconds(t), .touchMotion(id: 2, location: Point(x: 250 + spread, y: 300))),
                       SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        return events + [SeatEvent(time: .milliseconds(64), .touchUp(id: 1)), SeatEvent(time: .milliseconds(64), .touchUp(id: 2)),
                         SeatEvent(time: .milliseconds(64), .touchFrame)]
    }()

    /// The arena's lines of the pinch's log: the pinch begins, the pan loses to it, the two- and three-finger taps
    /// fail because they required it to fail (the one-finger recognizers gave up at the touch-down).
    static let pinchArenaLines = [
        #"{"t": 0, "arena": "TapGestureRecognizer \"tap\" [touches 1,2] failed: its own rule"}"#,
        #"{"t": 0, "arena": "TapGestureRecognizer \"double-tap\" [touches 1,2] failed: its own rule"}"#,
        #"{"t": 0, "arena": "LongPressGestureRecognizer \"long-press\" [touches 1,2] failed: its own rule"}"#,
        #"{"t": 0, "arena": "SwipeGestureRecognizer \"swipe\" [touches 1,2] failed: its own rule"}"#,
        #"{"t": 0, "arena": "CheckmarkGestureRecognizer \"checkmark\" [touches 1,2] failed: its own rule"}"#,
        #"{"t": 16, "arena": "PinchGestureRecognizer \"pinch\" [touches 1,2] began"}"#,
        #"{"t": 16, "arena": "PanGestureRecognizer \"pan\" [touches 1,2] failed: PinchGestureRecognizer \"pinch\" recognized and they may not recognize simultaneously"}"#,
        #"{"t": 16, "arena": "TapGestureRecognizer \"two-finger-tap\" [touches 1,2] failed: it requires PinchGestureRecognizer \"pinch\" to fail, which recognized"}"#,
        #"{"t": 16, "arena": "TapGestureRecognizer \"three-finger-tap\" [touches 1,2] failed: it requires PinchGestureRecognizer \"pinch\" to fail, which recognized"}"#,
        #"{"t": 64, "arena": "RotationGestureRecognizer \"rotation\" [touches 1,2] failed: its own rule"}"#,
    ]

    /// The log's lines for events played headless, and the scene after them.
    private func log(_ events: [SeatEvent], size: Size = Size(width: 800, height: 600),
                     arena: Bool) -> (lines: [String], scene: GestureDemoScene) {
        var lines: [String] = []
        let scene = GestureDemoScene.replay(Trace(canvasSize: size, events: events), showsArenaDecisions: arena) {
            lines.append($0.jsonLine)
        }
        return (lines, scene)
    }

    private static func isArenaLine(_ line: String) -> Bool { line.hasPrefix(#"{"t": "#) && line.contains(#", "arena": "#) }

    @Test func aPinchWinsOverAPanAndTheTapsThatRequiredItToFailFail() throws {
        let (lines, _) = log(Self.pinch, arena: true)
        #expect(lines.filter(Self.isArenaLine) == Self.pinchArenaLines)
        // Each is JSON, the decision's own line without its prefix.
        for line in lines.filter(Self.isArenaLine) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object.keys.sorted() == ["arena", "t"])
            let text = try #require(object["arena"] as? String)
            #expect(!text.hasPrefix("arena: ") && text.contains(" [touches 1,2] "))
        }
        // A decision comes before the state change it brings about: the pinch's begin, the pan's failure.
        let pinchBegan = try #require(lines.firstIndex { $0.contains(#""recognizer": "pinch", "state": "began""#) })
        let pinchDecided = try #require(lines.firstIndex(of: Self.pinchArenaLines[5]))
        #expect(pinchDecided < pinchBegan)
    }

    @Test func withoutArenaTheLogTheSceneAndItsLayoutAreAsBefore() throws {
        let demoTrace = try Trace(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/gesture-demo.jsonl"))
        for events in [Self.pinch, demoTrace.events] {
            let (plain, scene) = log(events, arena: false)
            let (withArena, _) = log(events, arena: true)
            #expect(!plain.contains(where: Self.isArenaLine))
            #expect(withArena.contains(where: Self.isArenaLine))
            #expect(withArena.filter { !Self.isArenaLine($0) } == plain)
            #expect(scene.recentArenaDecisions.isEmpty && scene.window.onArenaDecision == nil)
            for size in GestureDemoLayoutTests.sizes {
                #expect(scene.layout(size: size) == GestureDemoLayout(size: size, rowCount: scene.rows.count))
                #expect(scene.layout(size: size).arenaDecisions.isEmpty)
            }
        }
    }

    @Test func theSceneKeepsTheLastFiveDecisionsWithTheRecognizersCalledByTheirNames() {
        let (_, scene) = log(Self.pinch, arena: true)
        #expect(scene.recentArenaDecisions == [
            "   0.02 s  pinch [touches 1,2] began",
            "   0.02 s  pan [touches 1,2] failed: pinch recognized and they may not recognize simultaneously",
            "   0.02 s  two-finger-tap [touches 1,2] failed: it requires pinch to fail, which recognized",
            "   0.02 s  three-finger-tap [touches 1,2] failed: it requires pinch to fail, which recognized",
            "   0.06 s  rotation [touches 1,2] failed: its own rule",
        ])
    }

    @Test(arguments: GestureDemoLayoutTests.sizes)
    func theArenasLinesFitBetweenTheShapeAndTheEvents(size: Size) {
        let scene = GestureDemoScene(size: size, showsArenaDecisions: true)
        let layout = scene.layout(size: size)
        let window = Rect(origin: .zero, size: size)
        #expect(layout.arenaDecisions.count == GestureDemoScene.arenaLineCount && layout.recentEvents.count == 4)
        #expect(layout.shapeArea.width >= 200 && layout.shapeArea.height >= 150, "\(layout.shapeArea)")
        for (index, line) in layout.arenaDecisions.enumerated() {
            #expect(contains(window, line) && line.width >= 300, "\(line)")
            for other in [layout.panel, layout.shapeArea] + layout.recentEvents + layout.arenaDecisions[(index + 1)...] {
                #expect(!overlap(line, other), "\(line) \(other)")
            }
        }
        for event in layout.recentEvents { #expect(!overlap(event, layout.shapeArea) && !overlap(event, layout.panel)) }
    }

    /// The window's picture with `--arena` has the arena's pale violet text on each of its lines; without, it has
    /// none anywhere there.
    @Test(arguments: [Size(width: 420, height: 700), Size(width: 800, height: 600)])
    func theWindowShowsTheLastDecisions(size: Size) throws {
        let (_, shown) = log(Self.pinch, size: size, arena: true)
        let (_, plain) = log(Self.pinch, size: size, arena: false)
        let places = shown.layout(size: size).arenaDecisions
        #expect(places.count == 5)
        let withArena = try violetPixels(drawing: shown, size: size, in: places)
        let without = try violetPixels(drawing: plain, size: size, in: places)
        for (line, count) in withArena.enumerated() { #expect(count > 40, "line \(line): \(count) violet pixels") }
        #expect(without.allSatisfy { $0 == 0 }, "\(without)")
    }

    /// How many pixels of each rectangle are the arena text's pale violet (red above green, blue well above both).
    private func violetPixels(drawing scene: GestureDemoScene, size: Size, in places: [Rect]) throws -> [Int] {
        let image = ImageSurface(width: Int(size.width), height: Int(size.height))
        let cr = try #require(cairo_create(image.surface))
        GestureDemoRenderer.draw(scene, in: cr, size: size)
        cairo_destroy(cr)
        return places.map { place in
            var count = 0
            for y in Int(place.minY)..<Int(place.maxY) {
                for x in Int(place.minX)..<Int(place.maxX) {
                    let pixel = image.pixel(x: x, y: y)
                    let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                    if r > g + 5 && b > g + 20 { count += 1 }
                }
            }
            return count
        }
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.minY >= outer.minY - 1e-9 && inner.maxX <= outer.maxX + 1e-9
            && inner.maxY <= outer.maxY + 1e-9
    }

    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}

extension GestureDemoArenaTests {
    @Test func anArenaRecordEscapesItsTextAsJSON() throws {
        let decision = ArenaDecision(recognizer: "Odd \"a\\b\"\n\u{1}", touches: [1], outcome: .began)
        let line = GestureDemoRecord(time: .milliseconds(1.5), arena: decision).jsonLine
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["arena"] as? String == "Odd \"a\\b\"\n\u{1} [touches 1] began")
        #expect(object["t"] as? Double == 1.5)
    }
}
