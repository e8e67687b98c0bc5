// Seat events from scripted wl_touch and wl_pointer callbacks.
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

@Suite("Touch event converter")
struct TouchEventConverterTests {
    @Test("Each wl_touch event is one seat event, in order; frame and cancel carry the latest time")
    func oneToOne() {
        var converter = TouchEventConverter()
        #expect(converter.down(id: 0, location: start, time: 100) == SeatEvent(time: .milliseconds(100), .touchDown(id: 0, location: start)))
        #expect(converter.down(id: 1, location: second, time: 100) == SeatEvent(time: .milliseconds(100), .touchDown(id: 1, location: second)))
        #expect(converter.frame() == SeatEvent(time: .milliseconds(100), .touchFrame))
        #expect(converter.motion(id: 0, location: moved, time: 116) == SeatEvent(time: .milliseconds(116), .touchMotion(id: 0, location: moved)))
        #expect(converter.up(id: 1, time: 130) == SeatEvent(time: .milliseconds(130), .touchUp(id: 1)))
        #expect(converter.activeIDs == [0])
        #expect(converter.cancel() == SeatEvent(time: .milliseconds(130), .touchCancel))
        #expect(converter.activeIDs.isEmpty)
    }

    @Test("Shape is a motion to the point's last location carrying the shape; for a point not down, nothing")
    func shapeBecomesAMotionAtTheLastLocation() {
        var converter = TouchEventConverter()
        _ = converter.down(id: 0, location: start, time: 100)
        #expect(converter.shape(id: 0, major: 8, minor: 6)
                == SeatEvent(time: .milliseconds(100), .touchMotion(id: 0, location: start, shape: TouchShape(major: 8, minor: 6))))
        _ = converter.motion(id: 0, location: moved, time: 116)
        #expect(converter.shape(id: 0, major: 9, minor: 7)
                == SeatEvent(time: .milliseconds(116), .touchMotion(id: 0, location: moved, shape: TouchShape(major: 9, minor: 7))))
        _ = converter.up(id: 0, time: 120)
        #expect(converter.shape(id: 0, major: 9, minor: 7) == nil)
        #expect(converter.shape(id: 5, major: 9, minor: 7) == nil)
    }

    // sway 1.7 sends no cancel when a touch ends elsewhere; a reused ID must start over cleanly.
    @Test("An ID reused after its up is a new touch point")
    func reusedIDStartsOver() {
        var converter = TouchEventConverter()
        _ = converter.down(id: 0, location: start, time: 100)
        _ = converter.up(id: 0, time: 120)
        #expect(converter.down(id: 0, location: second, time: 200) == SeatEvent(time: .milliseconds(200), .touchDown(id: 0, location: second)))
        #expect(converter.shape(id: 0, major: 4, minor: 4)
                == SeatEvent(time: .milliseconds(200), .touchMotion(id: 0, location: second, shape: TouchShape(major: 4, minor: 4))))
    }
}

@Suite("Pointer frame assembler")
struct PointerFrameAssemblerTests {
    @Test("A frame's scroll is summed after its other events; axis_value120 wins over axis")
    func value120IsPreferred() {
        var assembler = PointerFrameAssembler()
        assembler.append(SeatEvent(time: .milliseconds(5), .pointerMotion(location: start)))
        assembler.axis(isHorizontal: false, value: 10, time: 5)
        assembler.axisValue120(isHorizontal: false, value: 120)
        #expect(assembler.frame() == [
            SeatEvent(time: .milliseconds(5), .pointerMotion(location: start)),
            SeatEvent(time: .milliseconds(5), .pointerAxis(dx: 0, dy: PointerFrameAssembler.pointsPerWheelDetent)),
        ])
        // A touchpad sends axis only, already in points.
        assembler.axis(isHorizontal: true, value: -3.5, time: 9)
        assembler.axis(isHorizontal: true, value: -1.5, time: 9)
        #expect(assembler.frame() == [SeatEvent(time: .milliseconds(9), .pointerAxis(dx: -5, dy: 0))])
        #expect(assembler.frame() == [])
    }
}
