// Touch frames from scripted wl_touch callbacks, with the compositor quirks each as a regression test.
import SeatInput
import Testing
import TouchUI
@testable import WaylandClient

/// Where finger 0 goes down.
private let start = Point(x: 10, y: 20)
/// Where it moves to, in the same or a later frame.
private let moved = Point(x: 14, y: 26)
/// Where finger 1 goes down.
private let second = Point(x: 100, y: 50)

@Suite("Touch frame assembler")
struct TouchFrameAssemblerTests {
    @Test("Events wait for the frame and come out in order with a touchFrame")
    func eventsWaitForFrame() {
        var assembler = TouchFrameAssembler()
        assembler.down(id: 0, location: start, time: 100)
        assembler.down(id: 1, location: second, time: 100)
        #expect(assembler.frame() == [
            SeatEvent(time: 100, .touchDown(id: 0, location: start)),
            SeatEvent(time: 100, .touchDown(id: 1, location: second)),
            SeatEvent(time: 100, .touchFrame),
        ])
        assembler.motion(id: 0, location: moved, time: 116)
        #expect(assembler.frame() == [
            SeatEvent(time: 116, .touchMotion(id: 0, location: moved)),
            SeatEvent(time: 116, .touchFrame),
        ])
    }

    @Test("An up that is not the last waits for its frame")
    func upWaitsForFrameWhileOthersAreDown() {
        var assembler = TouchFrameAssembler()
        assembler.down(id: 0, location: start, time: 100)
        assembler.down(id: 1, location: second, time: 100)
        _ = assembler.frame()
        #expect(assembler.up(id: 1, time: 150) == [])
        #expect(assembler.frame() == [SeatEvent(time: 150, .touchUp(id: 1)), SeatEvent(time: 150, .touchFrame)])
        #expect(assembler.activeIDs == [0])
    }

    // weston 10 sends no wl_touch.frame after the last up: https://gitlab.freedesktop.org/wayland/weston/-/issues/44
    @Test("The last up is handed out at once with a frame of its own; a late frame adds nothing")
    func lastUpFlushesWithoutFrame() {
        var assembler = TouchFrameAssembler()
        assembler.down(id: 0, location: start, time: 100)
        _ = assembler.frame()
        assembler.motion(id: 0, location: moved, time: 110)
        #expect(assembler.up(id: 0, time: 120) == [
            SeatEvent(time: 110, .touchMotion(id: 0, location: moved)),
            SeatEvent(time: 120, .touchUp(id: 0)),
            SeatEvent(time: 120, .touchFrame),
        ])
        #expect(assembler.frame() == [])
    }

    @Test("Cancel drops what is queued and every touch point, and carries the latest time")
    func cancelDropsEverything() {
        var assembler = TouchFrameAssembler()
        assembler.down(id: 0, location: start, time: 100)
        assembler.down(id: 1, location: second, time: 100)
        _ = assembler.frame()
        assembler.motion(id: 0, location: moved, time: 130)
        #expect(assembler.cancel() == [SeatEvent(time: 130, .touchCancel)])
        #expect(assembler.activeIDs.isEmpty)
        #expect(assembler.frame() == [])
        // Nothing is down: a second cancel says nothing.
        #expect(assembler.cancel() == [])
    }

    // sway 1.7 sends no cancel when a touch ends elsewhere; a reused ID must start over cleanly.
    @Test("An ID reused after its up is a new touch point")
    func reusedIDStartsOver() {
        var assembler = TouchFrameAssembler()
        assembler.down(id: 0, location: start, time: 100)
        _ = assembler.frame()
        _ = assembler.up(id: 0, time: 120)
        assembler.down(id: 0, location: second, time: 200)
        #expect(assembler.frame() == [
            SeatEvent(time: 200, .touchDown(id: 0, location: second)),
            SeatEvent(time: 200, .touchFrame),
        ])
    }

    @Test("Shape amends the queued down of its touch point, or becomes a motion at the last location")
    func shapeAmendsOrBecomesMotion() {
        var assembler = TouchFrameAssembler()
        assembler.down(id: 0, location: start, time: 100)
        assembler.shape(id: 0, major: 8, minor: 6)
        #expect(assembler.frame() == [
            SeatEvent(time: 100, .touchDown(id: 0, location: start, shape: TouchShape(major: 8, minor: 6))),
            SeatEvent(time: 100, .touchFrame),
        ])
        assembler.shape(id: 0, major: 9, minor: 7)
        #expect(assembler.frame() == [
            SeatEvent(time: 100, .touchMotion(id: 0, location: start, shape: TouchShape(major: 9, minor: 7))),
            SeatEvent(time: 100, .touchFrame),
        ])
    }

    @Test("Motion and up for an ID that is not down are ignored")
    func unknownIDsAreIgnored() {
        var assembler = TouchFrameAssembler()
        assembler.motion(id: 5, location: moved, time: 100)
        #expect(assembler.up(id: 5, time: 110) == [])
        #expect(assembler.frame() == [])
    }
}

@Suite("Pointer frame assembler")
struct PointerFrameAssemblerTests {
    @Test("A frame's scroll is summed after its other events; axis_value120 wins over axis")
    func value120IsPreferred() {
        var assembler = PointerFrameAssembler()
        assembler.append(SeatEvent(time: 5, .pointerMotion(location: start)))
        assembler.axis(isHorizontal: false, value: 10, time: 5)
        assembler.axisValue120(isHorizontal: false, value: 120)
        #expect(assembler.frame() == [
            SeatEvent(time: 5, .pointerMotion(location: start)),
            SeatEvent(time: 5, .pointerAxis(dx: 0, dy: PointerFrameAssembler.pointsPerWheelDetent)),
        ])
        // A touchpad sends axis only, already in points.
        assembler.axis(isHorizontal: true, value: -3.5, time: 9)
        assembler.axis(isHorizontal: true, value: -1.5, time: 9)
        #expect(assembler.frame() == [SeatEvent(time: 9, .pointerAxis(dx: -5, dy: 0))])
        #expect(assembler.frame() == [])
    }
}
