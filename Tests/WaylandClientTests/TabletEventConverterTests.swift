import Geometry
import SeatInput
import Testing
@testable import WaylandClient

/// zwp_tablet_tool_v2 events, as a compositor sends them, into seat events a frame at a time.
@Suite struct TabletEventConverterTests {
    private func tablet(_ events: [SeatEvent]) -> [TabletEvent] {
        events.compactMap { if case let .tablet(event, _) = $0.kind { event } else { nil } }
    }

    @Test func proximityInTakesThePositionOfTheMotionAfterIt() {
        var converter = TabletEventConverter()
        converter.setType(0x141)  // eraser
        converter.proximityIn()
        converter.motion(Point(x: 100, y: 200))
        let events = converter.frame(time: 7, tool: 2)
        #expect(tablet(events) == [.proximityIn(.eraser, location: Point(x: 100, y: 200)), .frame])
        #expect(events.allSatisfy { $0.time == .milliseconds(7) })
        #expect(events.allSatisfy { if case .tablet(_, 2) = $0.kind { true } else { false } })
    }

    @Test func pressureAndDistanceBecomeFractionsAndAxesOfOneMotionAreOneEvent() {
        var converter = TabletEventConverter()
        converter.proximityIn()
        converter.motion(Point(x: 10, y: 10))
        _ = converter.frame(time: 0, tool: 0)
        converter.down()
        converter.motion(Point(x: 12, y: 10))
        converter.pressure(27525)  // 0.42 of 65535
        converter.distance(0)
        converter.tilt(x: 12.5, y: -3)
        #expect(tablet(converter.frame(time: 8, tool: 0)) == [
            .down, .motion(location: Point(x: 12, y: 10), axes: TabletAxes(pressure: 0.42, tiltX: 12.5, tiltY: -3, distance: 0)), .frame,
        ])
        // Pressure alone: a motion where the pen is. A second position in one frame is a second motion.
        converter.pressure(65535)
        converter.motion(Point(x: 14, y: 10))
        converter.motion(Point(x: 16, y: 10))
        #expect(tablet(converter.frame(time: 16, tool: 0)) == [
            .motion(location: Point(x: 14, y: 10), axes: TabletAxes(pressure: 1)),
            .motion(location: Point(x: 16, y: 10)), .frame,
        ])
    }

    @Test func onlyTheTiltAxisThatChangedIsReported() {
        var converter = TabletEventConverter()
        converter.proximityIn()
        converter.motion(Point(x: 10, y: 10))
        converter.tilt(x: 30, y: -10)
        _ = converter.frame(time: 0, tool: 0)
        converter.tilt(x: 35.5, y: -10)
        #expect(tablet(converter.frame(time: 8, tool: 0)) == [
            .motion(location: Point(x: 10, y: 10), axes: TabletAxes(tiltX: 35.5)), .frame,
        ])
    }

    @Test func buttonsUpAndProximityOutComeInTheOrderSent() {
        var converter = TabletEventConverter()
        converter.proximityIn()
        converter.motion(Point(x: 1, y: 2))
        converter.button(code: 0x14b, isPressed: true)
        _ = converter.frame(time: 0, tool: 0)
        converter.up()
        converter.button(code: 0x14b, isPressed: false)
        converter.proximityOut()
        #expect(tablet(converter.frame(time: 5, tool: 0)) == [.up, .button(.stylus, isPressed: false), .proximityOut, .frame])
        // A frame with nothing the converter reports is no event.
        #expect(converter.frame(time: 6, tool: 0).isEmpty)
    }
}
