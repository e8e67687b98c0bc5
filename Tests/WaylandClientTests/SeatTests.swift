import ProcessTesting
// Real wl_touch and wl_keyboard events, scripted by the in-process fake compositor, through the client to the window.
import SeatInput
import Testing
import TouchUI
@testable import WaylandClient

/// A client window on a fresh fake compositor, configured, recording the seat events it gets.
private final class SeatFixture {
    let fake: FakeCompositor
    let display: Display
    let window: ToplevelWindow
    /// The window's program: it records the events unless a test says otherwise.
    let program: WindowProgram
    var events: [SeatEvent] = []

    init(repeatInfo: (rate: Int32, delay: Int32) = (0, 0)) throws {
        fake = try FakeCompositor(repeatInfo: repeatInfo)
        display = try Display(name: fake.socket)
        window = try ToplevelWindow(display: display, title: "seat test", appID: "test.seat", width: 200, height: 200)
        program = WindowProgram(window)
        program.receives = { [unowned self] in self.events.append($0) }
        #expect(try run { self.window.committedFrameCount >= 1 })
    }

    /// The server goes first; the client's objects then go in property order, the display's reference before the
    /// window's (the order that once crashed the client: the window must keep the connection alive).
    deinit {
        fake.stop()
    }

    /// Runs fake and client in turn until `condition` holds or `timeout` passes.
    @discardableResult
    func run(timeout: Duration = .seconds(3), until condition: () -> Bool) throws(WaylandError) -> Bool {
        let deadline = MonotonicClock.now + timeout
        while !condition() {
            if MonotonicClock.now >= deadline { return false }
            try display.dispatch(timeout: .milliseconds(2))
        }
        return true
    }
}

/// Where finger 0 goes down, and where it moves.
private let downPoint = Point(x: 10.5, y: 20.25)
private let movedPoint = Point(x: 30, y: 40)
/// Where finger 1 goes down.
private let secondPoint = Point(x: 120, y: 80)

@Suite("Seat events from a scripted compositor")
struct SeatTests {
    @Test("Input that comes with the frame callback is in the frame drawn for it, not the frame after")
    func inputWithTheFrameCallbackIsInThatFrame() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.touchCount == 1 })
        var eventsSeenByDraws: [Int] = []
        fixture.program.draws = { _, _ in
            eventsSeenByDraws.append(fixture.events.count)
            return []
        }
        fixture.program.receives = { event in
            fixture.events.append(event)
            fixture.window.setNeedsDisplay()
        }
        // A frame is drawn and its callback held: the compositor has not shown it yet.
        fixture.fake.holdsFrameCallbacks = true
        fixture.window.setNeedsDisplay()
        #expect(try fixture.run { fixture.fake.heldFrameCallbackCount == 1 })
        let drawsBefore = eventsSeenByDraws.count
        // The callback and a finger's first touch arrive together.
        fixture.fake.together {
            fixture.fake.releaseFrameCallbacks()
            fixture.fake.touchDown(id: 0, x: downPoint.x, y: downPoint.y, time: 2000)
            fixture.fake.touchFrame()
        }
        #expect(try fixture.run { eventsSeenByDraws.count > drawsBefore })
        #expect((eventsSeenByDraws.dropFirst(drawsBefore).first ?? 0) > 0, "events seen by each draw: \(eventsSeenByDraws)")
    }

    @Test("Touch events reach the window one to one, in surface coordinates, with the compositor's times")
    func touchFrames() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.touchCount == 1 })
        fixture.fake.touchDown(id: 0, x: downPoint.x, y: downPoint.y, time: 1000)
        fixture.fake.touchDown(id: 1, x: secondPoint.x, y: secondPoint.y, time: 1000)
        fixture.fake.touchFrame()
        fixture.fake.touchMotion(id: 0, x: movedPoint.x, y: movedPoint.y, time: 1016)
        fixture.fake.touchFrame()
        fixture.fake.touchUp(id: 1, time: 1030)
        fixture.fake.touchFrame()
        // weston 10: no frame after the last up (https://gitlab.freedesktop.org/wayland/weston/-/issues/44); the
        // window's SeatEventTranslator delivers the up without one.
        fixture.fake.touchUp(id: 0, time: 1040)
        #expect(try fixture.run { fixture.events.count >= 8 })
        #expect(fixture.events == [
            SeatEvent(time: .milliseconds(1000), .touchDown(id: 0, location: downPoint)),
            SeatEvent(time: .milliseconds(1000), .touchDown(id: 1, location: secondPoint)),
            SeatEvent(time: .milliseconds(1000), .touchFrame),
            SeatEvent(time: .milliseconds(1016), .touchMotion(id: 0, location: movedPoint)),
            SeatEvent(time: .milliseconds(1016), .touchFrame),
            SeatEvent(time: .milliseconds(1030), .touchUp(id: 1)),
            SeatEvent(time: .milliseconds(1030), .touchFrame),
            SeatEvent(time: .milliseconds(1040), .touchUp(id: 0)),
        ])
    }

    @Test("Cancel ends every touch point with one touchCancel, after the events before it")
    func touchCancel() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.touchCount == 1 })
        fixture.fake.touchDown(id: 3, x: downPoint.x, y: downPoint.y, time: 500)
        fixture.fake.touchFrame()
        fixture.fake.touchMotion(id: 3, x: movedPoint.x, y: movedPoint.y, time: 510)
        fixture.fake.touchCancel()
        #expect(try fixture.run { fixture.events.last?.kind == .touchCancel })
        #expect(fixture.events == [
            SeatEvent(time: .milliseconds(500), .touchDown(id: 3, location: downPoint)),
            SeatEvent(time: .milliseconds(500), .touchFrame),
            SeatEvent(time: .milliseconds(510), .touchMotion(id: 3, location: movedPoint)),
            SeatEvent(time: .milliseconds(510), .touchCancel),
        ])
    }

    @Test("Losing the touch capability releases wl_touch; getting it back binds a new one")
    func capabilitiesComeAndGo() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.touchCount == 1 && fixture.fake.keyboardCount == 1 })
        fixture.fake.sendCapabilities(touch: false, keyboard: true)
        #expect(try fixture.run { (fixture.fake.touchCount == 0) })
        #expect(fixture.fake.requestLog.contains("wl_touch.release"))
        #expect(fixture.fake.keyboardCount == 1)
        fixture.fake.sendCapabilities(touch: true, keyboard: true)
        #expect(try fixture.run { fixture.fake.touchCount == 1 })
    }

    @Test("A key press becomes a chord with its modifiers; modifier keys say they are held; other releases say nothing")
    func keyChords() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.keyboardCount == 1 })
        fixture.fake.keyboardEnter()
        fixture.fake.key(30, isPressed: true, time: 100)  // KEY_A
        fixture.fake.key(30, isPressed: false, time: 110)
        fixture.fake.key(42, isPressed: true, time: 200)  // KEY_LEFTSHIFT
        fixture.fake.key(29, isPressed: true, time: 201)  // KEY_LEFTCTRL
        fixture.fake.modifiers(depressed: fixture.fake.shiftMask | fixture.fake.controlMask)
        fixture.fake.key(44, isPressed: true, time: 210)  // KEY_Z
        fixture.fake.key(1, isPressed: true, time: 300)   // KEY_ESC
        fixture.fake.key(29, isPressed: false, time: 400)
        #expect(try fixture.run { fixture.events.count >= 6 })
        #expect(fixture.events == [
            SeatEvent(time: .milliseconds(100), .key(KeyChord("a"))),
            SeatEvent(time: .milliseconds(200), .keyState(KeyChord("shift"), isPressed: true)),
            SeatEvent(time: .milliseconds(201), .keyState(KeyChord("ctrl"), isPressed: true)),
            SeatEvent(time: .milliseconds(210), .key(KeyChord("z", modifiers: [.ctrl, .shift]))),
            SeatEvent(time: .milliseconds(300), .key(KeyChord("Escape", modifiers: [.ctrl, .shift]))),
            SeatEvent(time: .milliseconds(400), .keyState(KeyChord("ctrl"), isPressed: false)),
        ])
    }

    @Test("A held key repeats at the compositor's rate after its delay, and stops on release and on leave")
    func keyRepeat() throws {
        // 100 a second after 50 ms: a short test.
        let fixture = try SeatFixture(repeatInfo: (rate: 100, delay: 50))
        #expect(try fixture.run { fixture.fake.keyboardCount == 1 })
        fixture.fake.keyboardEnter()
        fixture.fake.key(30, isPressed: true, time: 100)
        #expect(try fixture.run { fixture.events.count >= 4 })
        fixture.fake.key(30, isPressed: false, time: 200)
        // Let the release arrive, then check that nothing more comes.
        _ = try fixture.run(timeout: .milliseconds(30)) { false }
        let afterRelease = fixture.events.count
        _ = try fixture.run(timeout: .milliseconds(100)) { false }
        #expect(fixture.events.count == afterRelease)
        #expect(fixture.events.allSatisfy { $0.kind == .key(KeyChord("a")) })

        fixture.fake.key(30, isPressed: true, time: 300)
        #expect(try fixture.run { fixture.events.count > afterRelease })
        fixture.fake.keyboardLeave()
        _ = try fixture.run(timeout: .milliseconds(30)) { false }
        let afterLeave = fixture.events.count
        _ = try fixture.run(timeout: .milliseconds(100)) { false }
        #expect(fixture.events.count == afterLeave)
    }

    @Test("Pointer events come a frame at a time; the wheel's axis_value120 wins; set_cursor follows enter")
    func pointerFrames() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.pointerCount == 1 })
        fixture.fake.pointerEnter(x: 5, y: 6)
        fixture.fake.pointerFrame()
        fixture.fake.pointerMotion(x: downPoint.x, y: downPoint.y, time: 700)
        fixture.fake.pointerButton(0x110, isPressed: true, time: 700)
        fixture.fake.pointerFrame()
        fixture.fake.pointerWheel(value120: 240, axisValue: 20, time: 720)
        fixture.fake.pointerFrame()
        fixture.fake.pointerButton(0x110, isPressed: false, time: 730)
        fixture.fake.pointerLeave()
        fixture.fake.pointerFrame()
        #expect(try fixture.run { fixture.events.last?.kind == .pointerLeave })
        #expect(fixture.events.map(\.kind) == [
            .pointerEnter(location: Point(x: 5, y: 6)),
            .pointerMotion(location: downPoint),
            .pointerButton(.left, isPressed: true),
            .pointerAxis(dx: 0, dy: 2 * PointerFrameAssembler.pointsPerWheelDetent),
            .pointerButton(.left, isPressed: false),
            .pointerLeave,
        ])
        #expect(fixture.events[1].time == .milliseconds(700) && fixture.events[3].time == .milliseconds(720))
        #expect(try fixture.run { fixture.fake.requestLog.contains("wl_pointer.set_cursor") })
    }

    @Test("beginMove after a press asks the compositor to move the window with that press's serial")
    func interactiveMove() throws {
        let fixture = try SeatFixture()
        #expect(try fixture.run { fixture.fake.pointerCount == 1 })
        fixture.window.beginMove()  // no press yet: nothing
        fixture.program.receives = { [unowned fixture] event in
            fixture.events.append(event)
            if case .pointerButton(.left, isPressed: true) = event.kind { fixture.window.beginMove() }
        }
        fixture.fake.pointerEnter(x: 5, y: 5)
        fixture.fake.pointerButton(0x110, isPressed: true, time: 10)
        fixture.fake.pointerFrame()
        #expect(try fixture.run { fixture.fake.requestLog.contains("xdg_toplevel.move") })
        #expect(fixture.fake.requestLog.filter { $0 == "xdg_toplevel.move" }.count == 1)
    }

    @Test("The program may release the display before its window: the window's objects keep the connection alive")
    func displayReleasedBeforeWindow() throws {
        let fake = try FakeCompositor()
        defer { fake.stop() }
        var display: Display? = try Display(name: fake.socket)
        var window: ToplevelWindow? = try ToplevelWindow(
            display: try #require(display), title: "t", appID: "t", width: 50, height: 50
        )
        let deadline = MonotonicClock.now + .seconds(3)
        while try #require(window).committedFrameCount == 0, MonotonicClock.now < deadline {
            try #require(display).dispatch(timeout: .milliseconds(2))
        }
        #expect(try #require(window).committedFrameCount == 1)
        weak let released = display
        display = nil
        #expect(released != nil)
        window = nil
        #expect(released == nil)
    }

    @Test("Releasing the program's window releases the display, keyboard timer and all: nothing keeps it alive")
    func displayIsReleased() throws {
        let fake = try FakeCompositor(repeatInfo: (rate: 25, delay: 600))
        defer { fake.stop() }
        weak var released: Display?
        do {
            let display = try Display(name: fake.socket)
            let window = try ToplevelWindow(display: display, title: "t", appID: "t", width: 50, height: 50)
            let deadline = MonotonicClock.now + .seconds(3)
            while fake.keyboardCount == 0 || window.committedFrameCount == 0, MonotonicClock.now < deadline {
                try display.dispatch(timeout: .milliseconds(2))
            }
            #expect(fake.keyboardCount == 1)
            released = display
        }
        #expect(released == nil)
        // The client's deinit released the keyboard and disconnected.
        #expect(waitUntil(timeout: .seconds(3)) { fake.keyboardCount == 0 })
    }
}

@Suite("Pens from a scripted compositor (tablet-unstable-v2)")
struct TabletSeatTests {
    @Test("A pen's events reach the window a frame at a time; pads are let go; a removed tool is destroyed")
    func penFrames() throws {
        let fixture = try SeatFixture()
        // The manager came before the seat: the client still asks for the seat's tablets, and lets the pad go.
        #expect(try fixture.run { fixture.fake.tabletToolCount == 1 && fixture.fake.tabletPadCount == 0 })
        #expect(fixture.fake.requestLog.contains("zwp_tablet_pad_v2.destroy"))
        fixture.fake.together {
            fixture.fake.tool(.proximityIn)
            fixture.fake.tool(.motion(50, 60))
            fixture.fake.tool(.frame(500))
            fixture.fake.tool(.down)
            fixture.fake.tool(.motion(52, 60))
            fixture.fake.tool(.pressure(32768))
            fixture.fake.tool(.tilt(20, -5))
            fixture.fake.tool(.frame(516))
            fixture.fake.tool(.button(0x14c, isPressed: true))
            fixture.fake.tool(.up)
            fixture.fake.tool(.proximityOut)
            fixture.fake.tool(.frame(530))
        }
        #expect(try fixture.run { fixture.events.count >= 9 })
        #expect(fixture.events == [
            SeatEvent(time: .milliseconds(500), .tablet(.proximityIn(.pen, location: Point(x: 50, y: 60)))),
            SeatEvent(time: .milliseconds(500), .tablet(.frame)),
            SeatEvent(time: .milliseconds(516), .tablet(.down)),
            SeatEvent(time: .milliseconds(516), .tablet(.motion(location: Point(x: 52, y: 60),
                                                                axes: TabletAxes(pressure: 0.5, tiltX: 20, tiltY: -5)))),
            SeatEvent(time: .milliseconds(516), .tablet(.frame)),
            SeatEvent(time: .milliseconds(530), .tablet(.button(.stylus2, isPressed: true))),
            SeatEvent(time: .milliseconds(530), .tablet(.up)),
            SeatEvent(time: .milliseconds(530), .tablet(.proximityOut)),
            SeatEvent(time: .milliseconds(530), .tablet(.frame)),
        ])
        fixture.fake.tool(.removed)
        #expect(try fixture.run { fixture.fake.tabletToolCount == 0 })
        #expect(fixture.fake.requestLog.contains("zwp_tablet_tool_v2.destroy"))
    }
}
