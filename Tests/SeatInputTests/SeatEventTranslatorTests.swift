import Testing
import SeatInput
import TouchUI

@Suite struct SeatEventTranslatorTests {
    @Test func eventsBetweenTwoFramesAreOneDelivery() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))),
            at(0, .touchDown(id: 1, location: point(300, 100))),
            at(0, .touchFrame),
            at(16, .touchMotion(id: 0, location: point(110, 100))),
            at(16, .touchMotion(id: 1, location: point(310, 100))),
            at(16, .touchFrame),
            at(32, .touchUp(id: 0)),
            at(32, .touchUp(id: 1)),
            at(32, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1,2)", "moved(1,2)", "ended(1,2)"])
    }

    @Test func nothingIsDeliveredBeforeItsFrame() {
        let recorder = RecordingWindow()
        recorder.feed([at(0, .touchDown(id: 0, location: point(100, 100))), at(0, .touchDown(id: 1, location: point(200, 100)))])
        #expect(recorder.entries.isEmpty)
        recorder.feed([at(0, .touchFrame)])
        #expect(recorder.entries == ["began(1,2)"])
    }

    /// weston 10 and older send no frame after the last up (weston issue 44).
    @Test func aLastUpWithoutAFrameIsStillDelivered() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 3, location: point(100, 100))), at(0, .touchFrame),
            at(40, .touchUp(id: 3)),
        ])
        #expect(recorder.entries == ["began(1)", "ended(1)"])
    }

    /// The Wayland client passes wl_touch.shape on as a motion to where the point is, carrying the shape.
    @Test func aShapeAfterItsDownOrMotionInTheFrameAmendsItInsteadOfAddingAMove() throws {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 3, location: point(100, 100))),
            at(0, .touchMotion(id: 3, location: point(100, 100), shape: TouchShape(major: 8, minor: 6))),
            at(0, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)"])
        #expect(try #require(recorder.window.activeTouches.first).majorRadius == 4)
        recorder.feed([
            at(16, .touchMotion(id: 3, location: point(110, 100))),
            at(16, .touchMotion(id: 3, location: point(110, 100), shape: TouchShape(major: 12, minor: 6))),
            at(16, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)"])
        #expect(try #require(recorder.window.activeTouches.first).majorRadius == 6)
        // A shape with no change of its point in the frame is a change of its own.
        recorder.feed([at(32, .touchMotion(id: 3, location: point(110, 100), shape: TouchShape(major: 4, minor: 4))), at(32, .touchFrame)])
        #expect(recorder.entries == ["began(1)", "moved(1)", "moved(1)"])
        #expect(try #require(recorder.window.activeTouches.first).majorRadius == 2)
        #expect(recorder.translator.anomalies.isEmpty)
    }

    @Test func aGroupWithoutAFrameIsFlushedByALaterEvent() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 3, location: point(100, 100))), at(0, .touchDown(id: 4, location: point(200, 100))),
            at(0, .touchFrame),
            at(16, .touchMotion(id: 3, location: point(105, 100))),
        ])
        #expect(recorder.entries == ["began(1,2)"])
        recorder.feed([at(33, .touchMotion(id: 4, location: point(205, 100)))])
        #expect(recorder.entries == ["began(1,2)", "moved(1)"])
        recorder.feed([at(50, .tick)])
        #expect(recorder.entries == ["began(1,2)", "moved(1)", "moved(2)"])
    }

    @Test func finishDeliversWhatWaitsAndCancelsWhatIsStillDown() {
        let recorder = RecordingWindow()
        recorder.feed([at(0, .touchDown(id: 0, location: point(100, 100)))])
        recorder.translator.finish()
        #expect(recorder.entries == ["began(1)", "cancelled(1)"])
        #expect(recorder.window.activeTouches.isEmpty)
    }

    @Test func cancelEndsEveryActiveTouch() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))), at(0, .touchDown(id: 1, location: point(300, 100))),
            at(0, .touchFrame),
            at(16, .touchMotion(id: 0, location: point(120, 100))), at(16, .touchFrame),
            at(20, .touchCancel),
        ])
        #expect(recorder.entries == ["began(1,2)", "moved(1)", "cancelled(1,2)"])
        #expect(!recorder.translator.hasActiveTouches)
    }

    @Test func anIDReusedAfterCancelIsANewTouch() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))), at(0, .touchFrame),
            at(10, .touchCancel),
            at(20, .touchDown(id: 0, location: point(200, 200))), at(20, .touchFrame),
            at(30, .touchUp(id: 0)), at(30, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "cancelled(1)", "began(2)", "ended(2)"])
    }

    @Test func anIDReusedAfterUpIsANewTouch() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))), at(0, .touchFrame),
            at(10, .touchUp(id: 0)), at(10, .touchFrame),
            at(500, .touchDown(id: 0, location: point(600, 400))), at(500, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "ended(1)", "began(2)"])
    }

    /// sway 1.7 never sends cancel; a down for a live ID means the old touch is gone.
    @Test func aSecondDownForALiveIDCancelsTheOldTouch() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))), at(0, .touchFrame),
            at(10, .touchDown(id: 0, location: point(200, 200))), at(10, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "cancelled(1)", "began(2)"])
        #expect(recorder.translator.anomalies[.duplicateDown] == 1)
    }

    @Test func motionAndUpForUnknownIDsAreIgnoredAndCounted() {
        let recorder = RecordingWindow()
        recorder.feed([at(0, .touchMotion(id: 9, location: point(1, 1))), at(0, .touchUp(id: 9)), at(0, .touchFrame)])
        #expect(recorder.entries.isEmpty)
        #expect(recorder.heard.anomalies == [.unknownTouchID, .unknownTouchID])
    }

    @Test func nonFiniteAndAbsurdCoordinatesAreDropped() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(.nan, 10))), at(0, .touchFrame),
            at(5, .touchDown(id: 1, location: point(100, 100))), at(5, .touchFrame),
            at(10, .touchMotion(id: 1, location: point(.infinity, 100))), at(10, .touchFrame),
            at(15, .touchMotion(id: 1, location: point(1e12, 100))), at(15, .touchFrame),
            at(20, .touchUp(id: 1)), at(20, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "ended(1)"])
        #expect(recorder.translator.anomalies[.invalidCoordinates] == 3)
    }

    @Test func aTouchBeyondTheCoordinateRangeIsDroppedAsATraceRefusesIt() {
        let recorder = RecordingWindow()
        let edge = CoordinateRange.largest
        recorder.feed([
            at(0, .touchDown(id: 1, location: point(100, 100))), at(0, .touchFrame),
            at(5, .touchMotion(id: 1, location: point(edge, 100))), at(5, .touchFrame),
            at(10, .touchMotion(id: 1, location: point(edge + 1, 100))), at(10, .touchFrame),
            at(15, .touchUp(id: 1)), at(15, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)", "ended(1)"])
        #expect(recorder.translator.anomalies[.invalidCoordinates] == 1)
    }

    @Test func timeGoingBackwardsIsHeldAtTheLatestTime() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(100, .touchDown(id: 0, location: point(100, 100))), at(100, .touchFrame),
            at(50, .touchUp(id: 0)), at(50, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "ended(1)"])
        #expect(recorder.translator.anomalies[.timeWentBackwards] == 2)
    }

    @Test func everySampleIsDeliveredEvenTwoInOneFrame() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(0, 0))),
            at(0, .touchMotion(id: 0, location: point(5, 0))),
            at(0, .touchMotion(id: 0, location: point(10, 0))),
            at(0, .touchFrame),
        ])
        #expect(recorder.canvas.samples[1] == [point(0, 0), point(5, 0), point(10, 0)])
    }

    @Test func theLeftButtonIsOneMoreFinger() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))), at(0, .touchFrame),
            at(5, .pointerEnter(location: point(400, 300))),
            at(10, .pointerButton(.left, isPressed: true)),
            at(20, .pointerMotion(location: point(420, 310))),
            at(30, .pointerButton(.left, isPressed: false)),
            at(35, .pointerMotion(location: point(450, 310))),
            at(40, .pointerButton(.right, isPressed: true)),
        ])
        #expect(recorder.entries == ["began(1)", "began(2)", "moved(2)", "ended(2)"])
        #expect(recorder.canvas.samples[2] == [point(400, 300), point(420, 310), point(420, 310)])
        #expect(recorder.window.activeTouches.map(\.kind) == [.direct])
    }

    @Test func aPointerLeavingWithTheButtonHeldEndsItsTouchAndItsLateReleaseIsNoAnomaly() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .pointerEnter(location: point(400, 300))),
            at(0, .pointerButton(.left, isPressed: true)),
            at(10, .pointerMotion(location: point(420, 300))),
            at(20, .pointerLeave),
            at(30, .pointerButton(.left, isPressed: false)),
            at(40, .pointerEnter(location: point(100, 100))),
            at(50, .pointerButton(.left, isPressed: true)),
            at(60, .pointerMotion(location: point(120, 100))),
            at(70, .pointerButton(.left, isPressed: false)),
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)", "ended(1)", "began(2)", "moved(2)", "ended(2)"])
        #expect(recorder.heard.anomalies.isEmpty)
    }

    @Test func aTouchCancelLeavesThePointerFingerAlone() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .pointerEnter(location: point(400, 300))),
            at(0, .pointerButton(.left, isPressed: true)),
            at(5, .touchDown(id: 0, location: point(100, 100))), at(5, .touchFrame),
            at(10, .touchCancel),
            at(20, .pointerButton(.left, isPressed: false)),
        ])
        #expect(recorder.entries == ["began(1)", "began(2)", "cancelled(2)", "ended(1)"])
    }

    @Test func keysAndScrollsGoToTheirHandlers() {
        let recorder = RecordingWindow()
        recorder.feed([at(0, .key(KeyChord("z", modifiers: .ctrl))), at(5, .pointerAxis(dx: 0, dy: -10))])
        #expect(recorder.heard.keys == ["ctrl+z"])
        #expect(recorder.heard.scrolls == [Vector(dx: 0, dy: -10)])
    }

    @Test func keysOnTheirOwnAndPointerPositionsGoToTheirHandlers() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .keyState(KeyChord("shift"), isPressed: true)),
            at(1, .pointerEnter(location: point(10, 20))),
            at(2, .pointerMotion(location: point(30, 40))),
            at(3, .pointerLeave),
            at(4, .keyState(KeyChord("shift"), isPressed: false)),
        ])
        #expect(recorder.heard.keyStates == ["shift true", "shift false"])
        #expect(recorder.heard.pointerLocations == [point(10, 20), point(30, 40), nil])
        #expect(recorder.entries.isEmpty)
    }

    /// weston 10: the frame after the last up is missing, though the earlier ups had theirs.
    @Test func aLastUpWithoutAFrameAfterOthersWithFramesIsStillDelivered() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 3, location: point(100, 100))), at(0, .touchDown(id: 4, location: point(200, 100))),
            at(0, .touchFrame),
            at(30, .touchUp(id: 4)), at(30, .touchFrame),
            at(40, .touchUp(id: 3)),
        ])
        #expect(recorder.entries == ["began(1,2)", "ended(2)", "ended(1)"])
        #expect(recorder.window.activeTouches.isEmpty)
    }

    @Test func aMotionStampedEarlierIsDeliveredAndCounted() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(100, .touchDown(id: 0, location: point(100, 100))), at(100, .touchFrame),
            at(90, .touchMotion(id: 0, location: point(120, 100))), at(90, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1)", "moved(1)"])
        #expect(recorder.translator.anomalies == [.timeWentBackwards: 2])
    }

    @Test func shapesForTwoFingersDownTogetherAmendTheirDowns() throws {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .touchDown(id: 0, location: point(100, 100))),
            at(0, .touchMotion(id: 0, location: point(100, 100), shape: TouchShape(major: 10, minor: 8))),
            at(0, .touchDown(id: 1, location: point(300, 100))),
            at(0, .touchMotion(id: 1, location: point(300, 100), shape: TouchShape(major: 14, minor: 8))),
            at(0, .touchFrame),
        ])
        #expect(recorder.entries == ["began(1,2)"])
        #expect(recorder.window.activeTouches.map(\.majorRadius) == [5, 7])
    }

    @Test func aHeldModifierHoldsUntilItsRelease() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .keyState(KeyChord("ctrl"), isPressed: true)),
            at(5, .pointerAxis(dx: 0, dy: -10)),
            at(6, .key(KeyChord("plus"))),
            at(9, .keyState(KeyChord("ctrl"), isPressed: false)),
            at(10, .pointerAxis(dx: 0, dy: 10)),
            at(11, .key(KeyChord("plus"))),
        ])
        #expect(recorder.heard.modifiersAtScroll == [.ctrl, []])
        #expect(recorder.heard.keys == ["ctrl+plus", "plus"])
    }

    @Test func touchpadGesturesAndOtherButtonsGoToTheirHandlers() {
        let recorder = RecordingWindow()
        recorder.feed([
            at(0, .pointerEnter(location: point(10, 10))),
            at(1, .pointerButton(.middle, isPressed: true)),
            at(2, .touchpadGesture(.begin(.pinch, fingers: 2))),
            at(3, .touchpadGesture(.end(.pinch, cancelled: false))),
            at(4, .pointerButton(.middle, isPressed: false)),
        ])
        #expect(recorder.heard.gestures == [.begin(.pinch, fingers: 2), .end(.pinch, cancelled: false)])
        #expect(recorder.heard.buttons == ["middle true", "middle false"])
        #expect(recorder.entries.isEmpty)
    }

    @Test func aTouchpadPinchReachesTheWindowsRecognizersAtThePointerAndItsHandlerStill() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let left = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        window.addSubview(left)
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        var reports: [String] = []
        let delegate = Together()
        for recognizer in [pinch, rotation] as [GestureRecognizer] {
            left.addGestureRecognizer(recognizer)
            recognizer.delegate = delegate
        }
        pinch.addTarget { [unowned pinch] _ in
            reports.append("pinch.\(pinch.state) \(pinch.scale) at \(pinch.location(in: nil))")
        }
        rotation.addTarget { [unowned rotation] _ in
            reports.append("rotation.\(rotation.state) \((rotation.rotation * 180 / .pi).rounded())°")
        }
        let translator = SeatEventTranslator(window: window)
        let heard = TranslatorLog()
        translator.delegate = heard
        let pinchAt: (Double) -> [SeatEvent] = { t in [
            at(t, .touchpadGesture(.begin(.pinch, fingers: 2))),
            at(t + 10, .touchpadGesture(.update(.pinch, dx: 1, dy: 0, scale: 1.25, rotation: 15))),
            at(t + 20, .touchpadGesture(.update(.pinch, dx: 1, dy: 0, scale: 2, rotation: 15))),
            at(t + 30, .touchpadGesture(.end(.pinch, cancelled: false))),
        ] }
        // With the pointer off the surface the gesture is dropped; over the right half it misses the view.
        translator.handle(pinchAt(0))
        translator.handle([at(50, .pointerEnter(location: point(600, 100)))] + pinchAt(60))
        #expect(reports.isEmpty)
        translator.handle([at(100, .pointerMotion(location: point(120, 80)))] + pinchAt(110))
        #expect(reports == [
            "pinch.began 1.25 at (120.0, 80.0)", "rotation.began 15.0°",
            "pinch.changed 2.0 at (120.0, 80.0)", "rotation.changed 30.0°",
            "pinch.ended 2.0 at (120.0, 80.0)", "rotation.ended 30.0°",
        ])
        #expect(heard.gestures.count == 12)
        #expect(translator.anomalies.isEmpty)
    }

    @Test func aTouchpadPinchLeftOpenAtTheEndOfTheInputIsCancelled() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(pinch)
        var states: [GestureRecognizer.State] = []
        pinch.onStateChange = { states.append($0.state) }
        let translator = SeatEventTranslator(window: window)
        translator.handle([
            at(0, .pointerEnter(location: point(100, 100))),
            at(10, .touchpadGesture(.begin(.pinch, fingers: 2))),
            at(20, .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 1.5, rotation: 0))),
        ])
        translator.finish()
        #expect(states == [.began, .cancelled, .possible])
    }
}

/// Lets every recognizer recognize with every other.
private final class Together: GestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}
