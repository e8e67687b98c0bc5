import Foundation
import Testing
import GestureDemoKit
import SeatInput
import TouchUI
import TouchUITesting

/// The demo's headless log for realistic traces, recognizer by recognizer and for the relations between them.
@Suite struct GestureDemoLogTests {
    /// The log lines for a trace, and the scene after it.
    private func log(_ events: [SeatEvent], size: Size = Size(width: 800, height: 600)) -> (lines: [String], scene: GestureDemoScene) {
        var lines: [String] = []
        let scene = GestureDemoScene.replay(Trace(canvasSize: size, events: events)) { lines.append($0.jsonLine) }
        return (lines, scene)
    }

    /// "recognizer.state" for each line, to compare sequences.
    private func states(_ lines: [String]) throws -> [String] {
        try lines.map { line in
            let object = try self.object(line)
            return "\(try #require(object["recognizer"] as? String)).\(try #require(object["state"] as? String))"
        }
    }

    /// A log line as a JSON object.
    private func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
    }

    private func field(_ line: String, _ key: String) throws -> Any? {
        try object(line)[key]
    }

    /// A finger already down moving on, sampled at 60 Hz, and lifted at the end.
    private func moves(_ finger: Int32 = 1, from start: (Double, Double), to end: (Double, Double), t: Double,
                       duration: Double) -> [SeatEvent] {
        let steps = max(1, Int((duration / (1000 / 60)).rounded()))
        var events: [SeatEvent] = []
        for step in 1...steps {
            let f = Double(step) / Double(steps), time = t + duration * f
            let point = Point(x: start.0 + (end.0 - start.0) * f, y: start.1 + (end.1 - start.1) * f)
            events += [SeatEvent(time: .milliseconds(time), .touchMotion(id: finger, location: point)), SeatEvent(time: .milliseconds(time), .touchFrame)]
        }
        return events + [SeatEvent(time: .milliseconds(t + duration), .touchUp(id: finger)), SeatEvent(time: .milliseconds(t + duration), .touchFrame)]
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let (lines, _) = log(SeatEvents.tap(at: (400, 300), t: 0, holdFor: 70))
        // The long press, pan and swipe fail on the lift; the double tap gives up 300 ms later and then the tap fires.
        #expect(try states(lines).suffix(2) == ["double-tap.failed", "tap.ended"])
        #expect(lines.last == #"{"t": 370, "recognizer": "tap", "state": "ended", "location": [400, 300], "touches": 0}"#)
        #expect(try !states(lines).contains("pan.began"))
    }

    @Test func aDoubleTapIsLoggedAndTheSingleTapNeverFires() throws {
        let (lines, _) = log(SeatEvents.tap(at: (400, 300), t: 0) + SeatEvents.tap(at: (401, 301), t: 160))
        #expect(try states(lines).contains("double-tap.ended"))
        #expect(try states(lines).filter { $0.hasPrefix("tap.") } == ["tap.failed"])
        let doubleTap = try #require(lines.first { $0.contains(#""recognizer": "double-tap", "state": "ended""#) })
        #expect(doubleTap == #"{"t": 220, "recognizer": "double-tap", "state": "ended", "location": [401, 301], "touches": 1}"#)
    }

    @Test func twoQuickTapsFarApartAreTwoSingleTaps() throws {
        // The second comes 100 ms after the first lifts, 300 pt away: not a double tap, and the single tap that
        // waited for the double tap to fail is not swallowed by it.
        let (lines, _) = log(SeatEvents.tap(at: (200, 200), t: 0) + SeatEvents.tap(at: (500, 200), t: 160))
        #expect(try states(lines).filter { $0.hasPrefix("tap.") } == ["tap.ended", "tap.ended"])
        #expect(try !states(lines).contains("double-tap.ended"))
    }

    @Test func aLongPressBeginsAtHalfASecondMovesAndEnds() throws {
        let events = SeatEvents.drag(from: (300, 300), to: (302, 300), t: 0, duration: 100, lift: false)
            + [SeatEvent(time: .milliseconds(600), .tick)]
            + moves(from: (302, 300), to: (360, 300), t: 700, duration: 200)
        let (lines, _) = log(events)
        let longPress = try states(lines).filter { $0.hasPrefix("long-press.") }
        #expect(longPress.first == "long-press.began")
        #expect(longPress.last == "long-press.ended")
        #expect(longPress.contains("long-press.changed"))
        #expect(!longPress.contains("long-press.cancelled"))
        let began = try #require(lines.first { $0.contains(#""long-press", "state": "began""#) })
        #expect(try field(began, "t") as? Double == 500)
        #expect(try !states(lines).contains("pan.began"))
    }

    @Test func aFastSwipeIsASwipeAndNotAPan() throws {
        let (lines, _) = log(SeatEvents.drag(from: (200, 300), to: (200, 150), t: 0, duration: 120))
        #expect(try states(lines).contains("swipe.ended"))
        #expect(try !states(lines).contains("pan.began"))
        let swipe = try #require(lines.first { $0.contains(#""swipe", "state": "ended""#) })
        #expect(try field(swipe, "direction") as? String == "up")
    }

    @Test func aSlowPanIsAPanWithTranslationFromTouchDownAndVelocity() throws {
        // 200 pt to the right in 2 s: far too slow for a swipe.
        let (lines, scene) = log(SeatEvents.drag(from: (100, 300), to: (300, 300), t: 0, duration: 2000))
        let pan = lines.filter { $0.contains(#""recognizer": "pan""#) }
        #expect(try states(pan).first == "pan.began")
        #expect(try states(pan).last == "pan.ended")
        #expect(try states(lines).contains("swipe.failed"))
        // The pan waited for the swipe's 300 ms: its first report already counts from where the finger came down.
        let began = try #require(pan.first)
        #expect(try #require(field(began, "t") as? Double) >= 300)
        #expect(try #require(field(began, "translation") as? [Double]).first ?? 0 >= 25)
        let changed = try #require(pan.dropLast().last)
        let velocity = try #require(field(changed, "velocity") as? [Double])
        #expect(abs(velocity[0] - 100) < 15 && abs(velocity[1]) < 1)
        #expect(try field(#require(pan.last), "translation") as? [Double] == [200, 0])
        // The shape followed the finger right, until the panel's edge stopped it.
        let layout = GestureDemoLayout(size: Size(width: 800, height: 600), rowCount: scene.rows.count)
        #expect(scene.shape.center.x > layout.shapeArea.midX + 90)
    }

    @Test func aPinchAlsoRotatingReportsBoth() throws {
        // Two fingers spread from 100 to 200 pt apart while turning a quarter turn clockwise.
        let (lines, scene) = log(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 200, angle: 0,
                                                       toAngle: .pi / 2, t: 0, duration: 500))
        let kinds = try states(lines)
        #expect(kinds.contains("pinch.began") && kinds.contains("pinch.ended"))
        #expect(kinds.contains("rotation.began") && kinds.contains("rotation.ended"))
        let lastPinch = try #require(lines.last { $0.contains(#""recognizer": "pinch", "state": "changed""#) })
        #expect(try abs(#require(field(lastPinch, "scale") as? Double) - 2) < 0.01)
        let lastRotation = try #require(lines.last { $0.contains(#""recognizer": "rotation", "state": "changed""#) })
        #expect(try abs(#require(field(lastRotation, "rotation") as? Double) - .pi / 2) < 0.01)
        #expect(abs(scene.shape.scale - 2) < 0.05 && abs(scene.shape.rotation - .pi / 2) < 0.05)
        #expect(!kinds.contains("pan.began"))
    }

    @Test func aCheckmarkIsRecognizedAlongsideThePan() throws {
        let events = SeatEvents.drag(from: (300, 200), to: (340, 260), t: 0, duration: 400, lift: false)
            + moves(from: (340, 260), to: (420, 140), t: 400, duration: 500)
        let (lines, _) = log(events)
        #expect(try states(lines).contains("checkmark.ended"))
        #expect(try states(lines).contains("pan.began"))
    }

    @Test func everyLineIsOneJSONObjectWithTheDocumentedFields() throws {
        let (lines, _) = log(SeatEvents.tap(at: (100, 100), t: 0) + SeatEvents.drag(from: (100, 300), to: (400, 300), t: 500, duration: 1000))
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try self.object(line)
            #expect(object["t"] is Double && object["touches"] is Int && (object["location"] as? [Double])?.count == 2)
            #expect(GestureDemoScene.recognizerNames.contains(try #require(object["recognizer"] as? String)))
            #expect(["began", "changed", "ended", "cancelled", "failed"].contains(try #require(object["state"] as? String)))
        }
    }

    /// Procreate's undo and redo taps: two and three fingers down together and lifted quickly.
    @Test func twoAndThreeFingerTapsAreLoggedAndNothingElseRecognizes() throws {
        func tap(_ fingers: Int, at start: Double) -> [SeatEvent] {
            let ids = (0..<fingers).map { Int32(10 * fingers + $0) }
            return ids.enumerated().map { SeatEvent(time: .milliseconds(start), .touchDown(id: $1, location: Point(x: 200 + Double($0) * 60, y: 300))) }
                + [SeatEvent(time: .milliseconds(start), .touchFrame)]
                + ids.enumerated().flatMap { index, id in
                    [SeatEvent(time: .milliseconds(start + 80 + Double(index) * 20), .touchUp(id: id)),
                     SeatEvent(time: .milliseconds(start + 80 + Double(index) * 20), .touchFrame)]
                }
        }
        let lines = log(tap(2, at: 0) + tap(3, at: 1000)).lines
        let all = try states(lines)
        let recognized = all.filter { $0.hasSuffix(".ended") || $0.hasSuffix(".began") }
        #expect(recognized == ["two-finger-tap.ended", "three-finger-tap.ended"], "\(all)")
    }
}
