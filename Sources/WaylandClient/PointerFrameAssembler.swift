// wl_pointer events grouped by frame, as plain values: the testable half of the pointer listener.
import SeatStream
import Geometry

/// Turns `wl_pointer` events into ``SeatEvent``s, one frame at a time (seat version 5 and later group them).
///
/// Scrolling within a frame is summed per axis. A wheel's `axis_value120` (seat version 8) wins over the
/// continuous `axis` value of the same frame and is converted at ``pointsPerWheelDetent``; touchpads send only
/// `axis`, already in surface-local points.
struct PointerFrameAssembler {
    /// How far one wheel detent (120 units of `axis_value120`) scrolls.
    static let pointsPerWheelDetent = 15.0

    private var queue: [SeatEvent] = []
    private var axis: (dx: Double, dy: Double)?
    private var value120: (dx: Double, dy: Double)?
    private var axisTime: Double = 0

    mutating func append(_ event: SeatEvent) {
        queue.append(event)
    }

    /// `wl_pointer.axis`: `isHorizontal` for `horizontal_scroll`, the value in points.
    mutating func axis(isHorizontal: Bool, value: Double, time: Double) {
        var sum = axis ?? (0, 0)
        if isHorizontal { sum.dx += value } else { sum.dy += value }
        axis = sum
        axisTime = time
    }

    /// `wl_pointer.axis_value120` (no time of its own: it belongs to the frame's `axis`).
    mutating func axisValue120(isHorizontal: Bool, value: Int32) {
        var sum = value120 ?? (0, 0)
        let points = Double(value) / 120 * Self.pointsPerWheelDetent
        if isHorizontal { sum.dx += points } else { sum.dy += points }
        value120 = sum
    }

    /// The frame's events in order, the summed scroll last.
    mutating func frame() -> [SeatEvent] {
        var events = queue
        if let scroll = value120 ?? axis, scroll.dx != 0 || scroll.dy != 0 {
            events.append(SeatEvent(time: .milliseconds(axisTime), .pointerAxis(dx: scroll.dx, dy: scroll.dy)))
        }
        queue.removeAll()
        axis = nil
        value120 = nil
        return events
    }
}
