// zwp_tablet_tool_v2 events as SeatEvents, a frame at a time: the testable half of the tablet tool listener.
import Geometry
import SeatStream

/// Turns one tablet tool's events into ``SeatEvent``s, handed out at each `frame`.
///
/// tablet-v2 dates only its `frame`, so every event of a frame gets the frame's time. Frames are not assembled
/// further here: `SeatEventTranslator` groups them for the core, as it does `wl_touch` frames.
///
/// - `proximity_in` carries no position: it takes that of the `motion` that follows it in the frame (every
///   compositor sends one), else the tool's last position; with neither it is dropped.
/// - `tilt` reports the axes that changed (a trace line may give one).
/// - `motion`, `pressure`, `distance` and `tilt` make one ``TabletEvent/motion(location:axes:)`` until an axis
///   comes twice (a second position is a second motion); an axis alone moves to the last position.
/// - `pressure` and `distance` (0…65535) become 0…1 to 4 decimals (10 001 levels, more than the 8192 of the finest
///   pens); tilt stays in degrees, to 2 decimals (`wl_fixed_t` has 1/256). So a trace's values with at most that many
///   decimals come back unchanged through a compositor, and a recording replays to the same numbers.
/// - Tool types other than the eraser are pens.
struct TabletEventConverter {
    /// An event of the frame under way, as received.
    private enum Received {
        case proximityIn
        case proximityOut
        case down
        case up
        case button(PenButton, isPressed: Bool)
        case axes(location: Point?, TabletAxes)
    }

    /// The tool's type, from its `type` event.
    private(set) var type: TabletToolType = .pen
    /// The tool's last position on the surface it is over.
    private(set) var location: Point?
    private var received: [Received] = []
    /// The tilt reported since the tool came near.
    private var lastTilt: (x: Double, y: Double)?

    /// `zwp_tablet_tool_v2.type`.
    mutating func setType(_ protocolType: UInt32) {
        type = protocolType == 0x141 ? .eraser : .pen
    }

    mutating func proximityIn() {
        received.append(.proximityIn)
        lastTilt = nil
    }

    mutating func proximityOut() {
        received.append(.proximityOut)
        lastTilt = nil
    }

    mutating func down() { received.append(.down) }

    mutating func up() { received.append(.up) }

    mutating func button(code: UInt32, isPressed: Bool) {
        received.append(.button(PenButton(code: code), isPressed: isPressed))
    }

    mutating func motion(_ point: Point) {
        if case let .axes(nil, axes)? = received.last {
            received[received.count - 1] = .axes(location: point, axes)
        } else {
            received.append(.axes(location: point, TabletAxes()))
        }
    }

    mutating func pressure(_ value: UInt32) {
        amendAxes(TabletAxes(pressure: Self.fraction(value))) { $0.pressure == nil }
    }

    mutating func distance(_ value: UInt32) {
        amendAxes(TabletAxes(distance: Self.fraction(value))) { $0.distance == nil }
    }

    /// `tilt` carries both axes; only those that changed since the tool came near are reported, as a trace line
    /// gives them.
    mutating func tilt(x: Double, y: Double) {
        let x = (x * 100).rounded() / 100, y = (y * 100).rounded() / 100
        var axes = TabletAxes(tiltX: x == lastTilt?.x ? nil : x, tiltY: y == lastTilt?.y ? nil : y)
        if axes.isEmpty { axes = TabletAxes(tiltX: x, tiltY: y) }
        lastTilt = (x, y)
        amendAxes(axes) { $0.tiltX == nil && $0.tiltY == nil }
    }

    /// `zwp_tablet_tool_v2.frame`: the frame's events, each at its time, then a tablet frame. Empty when the frame
    /// held nothing this converter reports.
    mutating func frame(time: Double, tool: Int) -> [SeatEvent] {
        var events: [TabletEvent] = []
        var index = received.startIndex
        while index < received.endIndex {
            switch received[index] {
            case .proximityIn:
                // The motion right after it gives its position; with nothing else in that motion it is used up.
                if index + 1 < received.endIndex, case let .axes(point?, axes) = received[index + 1] {
                    location = point
                    events.append(.proximityIn(type, location: point))
                    if axes.isEmpty { index += 1 } else { received[index + 1] = .axes(location: nil, axes) }
                } else if let location {
                    events.append(.proximityIn(type, location: location))
                }
            case .proximityOut: events.append(.proximityOut)
            case .down: events.append(.down)
            case .up: events.append(.up)
            case let .button(button, isPressed): events.append(.button(button, isPressed: isPressed))
            case let .axes(point, axes):
                if let point { location = point }
                if let location { events.append(.motion(location: location, axes: axes)) }
            }
            index += 1
        }
        received = []
        guard !events.isEmpty else { return [] }
        return (events + [.frame]).map { SeatEvent(time: .milliseconds(time), .tablet($0, tool: tool)) }
    }

    /// Adds axes to the motion under way, or starts one at the last position when that motion has them already.
    private mutating func amendAxes(_ newer: TabletAxes, if isFree: (TabletAxes) -> Bool) {
        if case let .axes(point, axes)? = received.last, isFree(axes) {
            received[received.count - 1] = .axes(location: point, axes.updated(with: newer))
        } else {
            received.append(.axes(location: nil, newer))
        }
    }

    /// A protocol value 0…65535 as 0…1, to 4 decimals.
    static func fraction(_ value: UInt32) -> Double {
        (Double(min(value, 65535)) / 65535 * 10_000).rounded() / 10_000
    }
}
