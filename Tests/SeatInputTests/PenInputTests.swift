import Testing
import SeatInput
import TouchUI

/// A pen's trace lines and what the translator makes of them (issue 14).
@Suite struct PenInputTests {
    /// A pen comes near, presses harder from 0.1 to 1.0 over a short stroke, lifts and leaves; every line its own
    /// frame, as a compositor sends them.
    static let penStroke = """
        {"canvas": [800, 600]}
        {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 100, "y": 200}
        {"t": 0, "tablet": "frame"}
        {"t": 5, "tablet": "down"}
        {"t": 5, "tablet": "motion", "x": 100, "y": 200, "pressure": 0.1, "tilt_x": 12.5, "tilt_y": -3}
        {"t": 5, "tablet": "frame"}
        {"t": 21, "tablet": "motion", "x": 140, "y": 210, "pressure": 0.4}
        {"t": 21, "tablet": "frame"}
        {"t": 37, "tablet": "motion", "x": 180, "y": 220, "pressure": 0.7, "distance": 0}
        {"t": 37, "tablet": "frame"}
        {"t": 53, "tablet": "motion", "x": 220, "y": 230, "pressure": 1}
        {"t": 53, "tablet": "frame"}
        {"t": 60, "tablet": "button", "button": "stylus", "state": "pressed"}
        {"t": 60, "tablet": "frame"}
        {"t": 70, "tablet": "button", "button": "stylus2", "state": "released", "id": 1}
        {"t": 70, "tablet": "frame", "id": 1}
        {"t": 90, "tablet": "up"}
        {"t": 90, "tablet": "frame"}
        {"t": 95, "tablet": "proximity_out"}
        {"t": 95, "tablet": "frame"}

        """

    // MARK: - Trace lines

    @Test func readsEveryTabletLine() throws {
        let trace = try Trace(parsing: Self.penStroke)
        #expect(trace.events.count == 19)
        #expect(trace.events[0] == at(0, .tablet(.proximityIn(.pen, location: point(100, 200)))))
        #expect(trace.events[1] == at(0, .tablet(.frame)))
        #expect(trace.events[2] == at(5, .tablet(.down)))
        #expect(trace.events[3] == at(5, .tablet(.motion(location: point(100, 200),
                                                         axes: TabletAxes(pressure: 0.1, tiltX: 12.5, tiltY: -3)))))
        #expect(trace.events[7] == at(37, .tablet(.motion(location: point(180, 220),
                                                          axes: TabletAxes(pressure: 0.7, distance: 0)))))
        #expect(trace.events[11] == at(60, .tablet(.button(.stylus, isPressed: true))))
        #expect(trace.events[13] == at(70, .tablet(.button(.stylus2, isPressed: false), tool: 1)))
        #expect(trace.events[15] == at(90, .tablet(.up)))
        #expect(trace.events[17] == at(95, .tablet(.proximityOut)))
    }

    @Test func eraserProximityIsAnEraserTool() throws {
        let trace = try Trace(parsing: #"{"t": 3, "tablet": "proximity_in", "tool": "eraser", "x": 1.5, "y": 2}"#)
        #expect(trace.events == [at(3, .tablet(.proximityIn(.eraser, location: point(1.5, 2))))])
    }

    @Test func tabletLinesWrittenAndReadBackAreTheSameText() throws {
        let trace = try Trace(parsing: Self.penStroke)
        #expect(trace.serialized() == Self.penStroke.replacingOccurrences(of: "\n\n", with: "\n"))
    }

    @Test(arguments: [
        (#"{"t": 1, "tablet": "motion", "x": 1, "y": 1, "pressure": 1.5}"#, #""pressure" must be from 0 to 1 (got 1.5)"#),
        (#"{"t": 1, "tablet": "motion", "x": 1, "y": 1, "pressure": -0.1}"#, #""pressure" must be from 0 to 1 (got -0.1)"#),
        (#"{"t": 1, "tablet": "motion", "x": 1, "y": 1, "tilt_x": 91}"#, #""tilt_x" must be from -90 to 90 (got 91)"#),
        (#"{"t": 1, "tablet": "motion", "x": 1, "y": 1, "tilt_y": -120}"#, #""tilt_y" must be from -90 to 90 (got -120)"#),
        (#"{"t": 1, "tablet": "motion", "x": 1, "y": 1, "distance": 2}"#, #""distance" must be from 0 to 1 (got 2)"#),
        (#"{"t": 1, "tablet": "motion", "x": 1, "y": 1, "pressure": "hard"}"#, #""pressure" must be a number"#),
        (#"{"t": 1, "tablet": "motion", "y": 1}"#, #""x" and "y" must be numbers"#),
        (#"{"t": 1, "tablet": "proximity_in", "tool": "brush", "x": 1, "y": 1}"#, #""tool" must be "pen" or "eraser""#),
        (#"{"t": 1, "tablet": "proximity_in", "x": 1, "y": 1}"#, #""tool" must be "pen" or "eraser""#),
        (#"{"t": 1, "tablet": "button", "button": "barrel", "state": "pressed"}"#, #""button" must be "stylus" or "stylus2""#),
        (#"{"t": 1, "tablet": "button", "button": "stylus", "state": "held"}"#, #""state" must be "pressed" or "released""#),
        (#"{"t": 1, "tablet": "hover"}"#, #"unknown "tablet" event "hover""#),
        (#"{"t": 1, "tablet": "down", "id": -1}"#, #""id" of a tablet tool must be a whole number from 0 to 2147483647"#),
        (#"{"t": 1, "tablet": "down", "id": 1.5}"#, #""id" of a tablet tool must be a whole number"#),
    ])
    func aBadTabletValueIsAnErrorNamingTheFileTheLineAndTheLimit(line: String, message: String) {
        #expect {
            _ = try Trace(parsing: "{\"t\": 0, \"tick\": true}\n" + line, file: "pen.jsonl")
        } throws: { error in
            "\(error)".hasPrefix("pen.jsonl:2: ") && "\(error)".contains(message)
        }
    }

    // MARK: - Translation

    @Test func aPenStrokeIsOnePencilTouchWhoseForceRisesWithThePressure() throws {
        let recorder = RecordingWindow()
        recorder.feed(try Trace(parsing: Self.penStroke).events)
        // The motion in the down's frame, where the pen came down, gives the down its pressure instead of a move.
        #expect(recorder.entries == ["began(1)", "moved(1)", "moved(1)", "moved(1)", "ended(1)"])
        #expect(recorder.canvas.kindsByTouch[1]?.allSatisfy { $0 == .pencil } == true)
        #expect(recorder.canvas.forcesByTouch[1] == [0.1, 0.4, 0.7, 1, 1])
        #expect(recorder.canvas.samples[1]?.last == point(220, 230))
    }

    @Test func theTiltOfAPenBecomesItsAltitudeAndAzimuth() throws {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .tablet(.proximityIn(.pen, location: point(10, 10)))),
            at(0, .tablet(.motion(location: point(10, 10), axes: TabletAxes(pressure: 0.5, tiltX: 45, tiltY: 0)))),
            at(0, .tablet(.down)),
            at(0, .tablet(.frame)),
        ])
        let touch = try #require(recorder.window.activeTouches.first)
        #expect(touch.kind == .pencil)
        #expect(touch.force == 0.5)
        #expect(touch.maximumPossibleForce == 1)
        #expect(abs(touch.altitudeAngle - .pi / 4) < 1e-9)
        #expect(abs(touch.azimuthAngle(in: nil)) < 1e-9)
    }

    @Test func theEraserEndIsAnEraserTouch() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .tablet(.proximityIn(.eraser, location: point(50, 50)))), at(0, .tablet(.frame)),
            at(5, .tablet(.down)), at(5, .tablet(.frame)),
            at(20, .tablet(.motion(location: point(80, 50)))), at(20, .tablet(.frame)),
            at(30, .tablet(.up)), at(30, .tablet(.frame)),
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)", "ended(1)"])
        #expect(recorder.canvas.kindsByTouch[1] == [.eraser, .eraser, .eraser])
    }

    @Test func proximityIsPensInProximityAndHoverIsNoTouch() {
        let recorder = RecordingWindow()
        recorder.feed([at(0, .tablet(.proximityIn(.pen, location: point(50, 50)), tool: 3)), at(0, .tablet(.frame, tool: 3))])
        #expect(recorder.window.pensInProximity == [3])
        recorder.feed([at(10, .tablet(.motion(location: point(60, 50)), tool: 3)), at(10, .tablet(.frame, tool: 3))])
        #expect(recorder.entries.isEmpty)
        #expect(recorder.heard.penHovers == [point(50, 50), point(60, 50)])
        recorder.feed([at(20, .tablet(.proximityOut, tool: 3)), at(20, .tablet(.frame, tool: 3))])
        #expect(recorder.window.pensInProximity.isEmpty)
        #expect(recorder.heard.penHovers.last == .some(nil))
    }

    @Test func leavingProximityWhileDownEndsTheStrokeWhereThePenWas() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .tablet(.proximityIn(.pen, location: point(50, 50)))), at(0, .tablet(.down)), at(0, .tablet(.frame)),
            at(10, .tablet(.motion(location: point(70, 50)))), at(10, .tablet(.frame)),
            at(20, .tablet(.proximityOut)), at(20, .tablet(.frame)),
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)", "ended(1)"])
        #expect(recorder.canvas.samples[1]?.last == point(70, 50))
        #expect(recorder.translator.anomalies[.penLeftWhileDown] == 1)
        #expect(recorder.window.activeTouches.isEmpty)
        #expect(recorder.window.pensInProximity.isEmpty)
    }

    @Test func penButtonsAreReportedAndReleasedWhenThePenLeaves() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .tablet(.proximityIn(.pen, location: point(50, 50)))),
            at(0, .tablet(.button(.stylus, isPressed: true))), at(0, .tablet(.frame)),
        ])
        #expect(recorder.translator.heldButtons(ofPen: 0) == [.stylus])
        recorder.feed([at(10, .tablet(.proximityOut)), at(10, .tablet(.frame))])
        #expect(recorder.heard.penButtons == ["0 stylus pressed", "0 stylus released"])
        #expect(recorder.translator.heldButtons(ofPen: 0).isEmpty)
    }

    @Test func aTouchCancelLeavesThePenDown() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .tablet(.proximityIn(.pen, location: point(50, 50)))), at(0, .tablet(.down)), at(0, .tablet(.frame)),
            at(0, .touchDown(id: 1, location: point(300, 300))), at(0, .touchFrame),
            at(10, .touchCancel),
        ])
        #expect(recorder.entries == ["began(1)", "began(2)", "cancelled(2)"])
        #expect(recorder.window.activeTouches.map(\.kind) == [.pencil])
    }

    @Test func malformedPenSequencesAreCountedAndSurvived() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .tablet(.down)),                                           // down without proximity
            at(1, .tablet(.motion(location: point(10, 10)))),                // motion without proximity
            at(2, .tablet(.proximityIn(.pen, location: point(10, 10)))),
            at(3, .tablet(.up)),                                             // up while not down
            at(4, .tablet(.down)), at(4, .tablet(.frame)),
            at(5, .tablet(.down)),                                           // duplicate down: the stroke goes on
            at(6, .tablet(.motion(location: point(.nan, 10)))),              // dropped
            at(7, .tablet(.motion(location: point(20, 10)))), at(7, .tablet(.frame)),
            at(8, .tablet(.up)), at(8, .tablet(.proximityOut)), at(8, .tablet(.frame)),
            at(9, .tablet(.motion(location: point(30, 10)))),                // motion after proximity-out
            at(9, .tablet(.proximityOut)),                                   // proximity-out twice
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)", "ended(1)"])
        #expect(recorder.translator.anomalies[.penNotInProximity] == 4)
        #expect(recorder.translator.anomalies[.unmatchedPenUp] == 1)
        #expect(recorder.translator.anomalies[.duplicatePenDown] == 1)
        #expect(recorder.translator.anomalies[.invalidCoordinates] == 1)
        #expect(recorder.window.activeTouches.isEmpty)
        #expect(recorder.window.pensInProximity.isEmpty)
    }

    @Test func theEndOfInputCancelsAPenDownAndTakesItAway() {
        let recorder = RecordingWindow()
        recorder.feed([at(0, .tablet(.proximityIn(.pen, location: point(50, 50)))), at(0, .tablet(.down)), at(0, .tablet(.frame))])
        recorder.translator.finish()
        #expect(recorder.entries == ["began(1)", "cancelled(1)"])
        #expect(recorder.window.pensInProximity.isEmpty)
    }
}
