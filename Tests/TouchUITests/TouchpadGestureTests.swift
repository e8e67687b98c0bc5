import Testing
import TouchUI
import TouchUITesting

/// Touchpad gestures (`zwp_pointer_gestures_v1`) reach recognizers as UIKit's trackpad transform events: no touches,
/// hit-tested at the pointer, UIKit's state machine.
@Suite struct TouchpadGestureTests {
    /// Drives a window's touchpad entry point with times in milliseconds.
    struct Touchpad {
        let window: Window

        func begin(_ kind: TouchpadGestureEvent.Kind = .pinch, fingers: Int = 2, at location: (Double, Double), t: Double) {
            window.handleTouchpadGesture(.begin(kind, fingers: fingers, at: Point(x: location.0, y: location.1)),
                                         at: .milliseconds(t))
        }

        func update(_ kind: TouchpadGestureEvent.Kind = .pinch, dx: Double = 0, dy: Double = 0, scale: Double = 1,
                    rotation: Double = 0, t: Double) {
            window.handleTouchpadGesture(.update(kind, delta: Vector(dx: dx, dy: dy), scale: scale, rotationDelta: rotation),
                                         at: .milliseconds(t))
        }

        func end(_ kind: TouchpadGestureEvent.Kind = .pinch, cancelled: Bool = false, t: Double) {
            window.handleTouchpadGesture(.end(kind, cancelled: cancelled), at: .milliseconds(t))
        }

        /// A two-finger pinch at 10 ms a step: the scale after each update, then the end.
        func pinch(at location: (Double, Double), scales: [Double], rotations: [Double] = [], cancelled: Bool = false) {
            begin(at: location, t: 0)
            for (index, scale) in scales.enumerated() {
                update(scale: scale, rotation: index < rotations.count ? rotations[index] : 0, t: Double(index + 1) * 10)
            }
            end(cancelled: cancelled, t: Double(scales.count + 1) * 10)
        }
    }

    @Test func aTouchpadPinchIsRecognizedWithTheProtocolsCumulativeScale() throws {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        var locations: [Point] = [], touchCounts: [Int] = [], velocities: [Double] = []
        stage.add(pinch, as: "pinch") { GestureLog.format($0.scale) }
        let view = stage.view
        pinch.addTarget { [unowned pinch, unowned view] _ in
            locations.append(pinch.location(in: view))
            touchCounts.append(pinch.numberOfTouches)
            velocities.append(pinch.velocity)
        }
        // The first update only moves the fingers: the scale is still 1, nothing begins.
        Touchpad(window: stage.window).pinch(at: (400, 300), scales: [1, 1.1, 1.2, 1.5])
        #expect(stage.log.entries == ["pinch.began 1.1", "pinch.changed 1.2", "pinch.changed 1.5", "pinch.ended 1.5"])
        #expect(Set(locations) == [Point(x: 400, y: 300)])
        #expect(touchCounts.allSatisfy { $0 == 0 })
        // Growing 10 to 30 per second.
        let changedVelocity = try #require(velocities.dropFirst().first)
        #expect(changedVelocity > 5)
        #expect(pinch.state == .possible)  // reset once the fingers lifted
    }

    @Test func aTouchpadPinchThatTurnsIsRecognizedByRotationInRadians() {
        let stage = TouchStage()
        let rotation = RotationGestureRecognizer()
        stage.add(rotation, as: "rotation") { GestureLog.format($0.rotation * 1000) + " mrad" }
        // 10° a step, clockwise; the protocol's rotation is per update, the recognizer's cumulative.
        Touchpad(window: stage.window).pinch(at: (400, 300), scales: [1, 1, 1], rotations: [10, 10, -5])
        #expect(stage.log.entries == ["rotation.began 174.53 mrad", "rotation.changed 349.07 mrad", "rotation.changed 261.8 mrad", "rotation.ended 261.8 mrad"])
    }

    @Test func pinchAndRotationCompeteForATouchpadPinchAsForTouchesUnlessTheyMayShare() {
        for together in [false, true] {
            let stage = TouchStage()
            let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
            stage.add(pinch, as: "pinch")
            stage.add(rotation, as: "rotation")
            let delegate = ClosureDelegate()
            delegate.shouldRecognizeSimultaneously = { _, _ in together }
            pinch.delegate = delegate
            var rotationStates: [GestureRecognizer.State] = []
            rotation.onStateChange = { rotationStates.append($0.state) }
            Touchpad(window: stage.window).pinch(at: (400, 300), scales: [1.1, 1.2], rotations: [5, 5])
            if together {
                #expect(stage.log.entries == ["pinch.began", "rotation.began", "pinch.changed", "rotation.changed", "pinch.ended", "rotation.ended"])
            } else {
                // The pinch began first: the rotation, sharing the gesture, fails.
                #expect(stage.log.entries == ["pinch.began", "pinch.changed", "pinch.ended"])
                #expect(rotationStates == [.failed, .possible])
            }
        }
    }

    @Test func aCancelledTouchpadPinchIsCancelledAndOneCancelledBeforeItBeganFails() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch") { GestureLog.format($0.scale) }
        var states: [GestureRecognizer.State] = []
        pinch.onStateChange = { states.append($0.state) }
        let touchpad = Touchpad(window: stage.window)
        touchpad.pinch(at: (400, 300), scales: [1.25, 1.5], cancelled: true)
        #expect(stage.log.take() == ["pinch.began 1.25", "pinch.changed 1.5", "pinch.cancelled 1.5"])
        #expect(states.suffix(2) == [.cancelled, .possible])
        states = []
        touchpad.pinch(at: (400, 300), scales: [1], cancelled: true)
        #expect(stage.log.take() == [])
        #expect(states == [.failed, .possible])
    }

    @Test func fingersLiftedBeforeTheScaleChangedFailThePinch() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch")
        var states: [GestureRecognizer.State] = []
        pinch.onStateChange = { states.append($0.state) }
        Touchpad(window: stage.window).pinch(at: (400, 300), scales: [1, 1])
        #expect(stage.log.entries == [])
        #expect(states == [.failed, .possible])
    }

    @Test func aTouchpadPinchIsHitTestedAtThePointerToTheViewAndItsAncestors() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let log = GestureLog()
        let panel = RecordingView("panel", frame: Rect(x: 0, y: 0, width: 400, height: 600), log: log)
        let button = RecordingView("button", frame: Rect(x: 20, y: 20, width: 100, height: 50), log: log)
        let other = RecordingView("other", frame: Rect(x: 400, y: 0, width: 400, height: 600), log: log)
        window.addSubview(panel)
        panel.addSubview(button)
        window.addSubview(other)
        let pinch = PinchGestureRecognizer()
        panel.addGestureRecognizer(pinch)
        log.attach(pinch, as: "pinch")
        let touchpad = Touchpad(window: window)
        // Over the other view: the panel's pinch never hears of it.
        touchpad.pinch(at: (600, 300), scales: [1.5])
        #expect(log.take() == [])
        // Over the panel's subview: the panel is an ancestor of the view hit.
        touchpad.pinch(at: (50, 40), scales: [1.5])
        #expect(log.take() == ["pinch.began", "pinch.ended"])
    }

    @Test func recognizersThatDoNotAllowTouchpadPinchesOrWhoseDelegateDeclinesDoNotFollowThem() {
        let stage = TouchStage()
        let declined = PinchGestureRecognizer(), optedOut = PinchGestureRecognizer(), pan = PanGestureRecognizer()
        stage.add(declined, as: "declined")
        stage.add(optedOut, as: "opted-out")
        stage.add(pan, as: "pan")
        optedOut.allowedTouchpadGestures = []
        let delegate = ClosureDelegate()
        delegate.shouldReceiveTouchpadGesture = { _, _ in false }
        declined.delegate = delegate
        Touchpad(window: stage.window).pinch(at: (400, 300), scales: [1.5, 2])
        #expect(stage.log.entries == [])
    }

    @Test func touchesAreRecognizedAsBeforeWhileATouchpadPinchGoesOn() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let log = GestureLog()
        let photo = RecordingView("photo", frame: Rect(x: 0, y: 0, width: 400, height: 600), log: log)
        let list = RecordingView("list", frame: Rect(x: 400, y: 0, width: 400, height: 600), log: log)
        window.addSubview(photo)
        window.addSubview(list)
        let pinch = PinchGestureRecognizer(), pan = PanGestureRecognizer()
        photo.addGestureRecognizer(pinch)
        list.addGestureRecognizer(pan)
        log.attach(pinch, as: "pinch")
        log.attach(pan, as: "pan")
        let touchpad = Touchpad(window: window)
        let script = TouchScript(window: window)
        // A finger drags on the list while two fingers pinch on the touchpad over the photo, each beginning
        // during the other.
        script.down(1, at: (500, 100), t: 0)
        script.move(1, to: (530, 100), t: 16)
        touchpad.begin(at: (200, 300), t: 20)
        touchpad.update(scale: 1.2, t: 24)
        script.move(1, to: (560, 100), t: 32)
        touchpad.update(scale: 1.4, t: 40)
        script.up(1, t: 48)
        touchpad.end(t: 56)
        // The list hears its finger until the pan takes it; the photo hears nothing of the touchpad.
        #expect(log.entries == [
            "list.began(1)", "list.cancelled(1)", "pan.began", "pinch.began", "pan.changed", "pinch.changed",
            "pan.ended", "pinch.ended",
        ])
    }

    @Test func updatesAndEndsWithoutABeginOrOfAnotherKindAreIgnored() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch") { GestureLog.format($0.scale) }
        let touchpad = Touchpad(window: stage.window)
        touchpad.update(scale: 2, t: 0)
        touchpad.end(t: 5)
        touchpad.begin(at: (400, 300), t: 10)
        touchpad.update(.swipe, dx: 10, t: 20)
        touchpad.update(scale: .nan, t: 25)
        touchpad.update(scale: -1, t: 26)
        touchpad.update(scale: 1.5, t: 30)
        touchpad.end(.swipe, t: 35)
        touchpad.end(t: 40)
        #expect(stage.log.entries == ["pinch.began 1.5", "pinch.ended 1.5"])
    }
}
