// Realistic seat-event streams: taps, drags sampled at the display rate, two-finger pinches and rotations.
import Foundation
import SeatInput
import TouchUI

/// Makes realistic seat-event streams to feed a ``TouchScript`` (``TouchScript/play(_:)``) or to save as traces.
///
/// Times are milliseconds; locations are window points; every change is followed by a `frame`, and the fingers of
/// a two-finger gesture change in the same frame, as a touchscreen reports them. Moves are sampled at `rate`
/// (60 Hz by default, a touchscreen's usual report rate), with a last sample exactly at the end.
public enum SeatEvents {
    /// A finger coming down at `location` at `t` and lifting `holdFor` ms later without moving.
    public static func tap(_ finger: Int = 1, at location: (Double, Double), t: Double,
                           holdFor duration: Double = 60) -> [SeatEvent] {
        let id = Int32(finger)
        let point = Point(x: location.0, y: location.1)
        return [
            SeatEvent(time: .milliseconds(t), .touchDown(id: id, location: point)), SeatEvent(time: .milliseconds(t), .touchFrame),
            SeatEvent(time: .milliseconds(t + duration), .touchUp(id: id)), SeatEvent(time: .milliseconds(t + duration), .touchFrame),
        ]
    }

    /// A finger coming down at `from` at `t`, moving in a straight line at a steady speed to `to` over `duration`
    /// ms, and lifting there at the end (or staying down when `lift` is false).
    public static func drag(_ finger: Int = 1, from: (Double, Double), to: (Double, Double), t: Double,
                            duration: Double, rate: Double = 60, lift: Bool = true) -> [SeatEvent] {
        let id = Int32(finger)
        let start = Point(x: from.0, y: from.1), end = Point(x: to.0, y: to.1)
        var events = [SeatEvent(time: .milliseconds(t), .touchDown(id: id, location: start)), SeatEvent(time: .milliseconds(t), .touchFrame)]
        for (time, fraction) in samples(t: t, duration: duration, rate: rate) {
            let point = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            events += [SeatEvent(time: .milliseconds(time), .touchMotion(id: id, location: point)), SeatEvent(time: .milliseconds(time), .touchFrame)]
        }
        if lift { events += [SeatEvent(time: .milliseconds(t + duration), .touchUp(id: id)), SeatEvent(time: .milliseconds(t + duration), .touchFrame)] }
        return events
    }

    /// Two fingers placed symmetrically around `center`, `span` apart on a line at `angle` (radians, clockwise on
    /// screen from the x axis), coming down together at `t`, then turning and spreading steadily to `toSpan` and
    /// `toAngle` over `duration` ms, and lifting together (unless `lift` is false). A pinch when only the span
    /// changes, a rotation when only the angle does.
    public static func twoFingers(_ fingers: (Int, Int) = (1, 2), center: (Double, Double), span: Double,
                                  toSpan: Double, angle: Double = 0, toAngle: Double? = nil, t: Double,
                                  duration: Double, rate: Double = 60, lift: Bool = true) -> [SeatEvent] {
        let ids = (Int32(fingers.0), Int32(fingers.1))
        let toAngle = toAngle ?? angle
        func positions(span: Double, angle: Double) -> (Point, Point) {
            let half = Vector(dx: cos(angle) * span / 2, dy: sin(angle) * span / 2)
            let c = Point(x: center.0, y: center.1)
            return (c - half, c + half)
        }
        let (a, b) = positions(span: span, angle: angle)
        var events = [
            SeatEvent(time: .milliseconds(t), .touchDown(id: ids.0, location: a)), SeatEvent(time: .milliseconds(t), .touchDown(id: ids.1, location: b)),
            SeatEvent(time: .milliseconds(t), .touchFrame),
        ]
        for (time, fraction) in samples(t: t, duration: duration, rate: rate) {
            let (a, b) = positions(span: span + (toSpan - span) * fraction, angle: angle + (toAngle - angle) * fraction)
            events += [
                SeatEvent(time: .milliseconds(time), .touchMotion(id: ids.0, location: a)),
                SeatEvent(time: .milliseconds(time), .touchMotion(id: ids.1, location: b)),
                SeatEvent(time: .milliseconds(time), .touchFrame),
            ]
        }
        if lift {
            let end = t + duration
            events += [
                SeatEvent(time: .milliseconds(end), .touchUp(id: ids.0)), SeatEvent(time: .milliseconds(end), .touchUp(id: ids.1)),
                SeatEvent(time: .milliseconds(end), .touchFrame),
            ]
        }
        return events
    }

    /// Sample times after `t` up to `t + duration` at `rate` Hz, the last exactly at the end, with the fraction of
    /// the way done at each.
    static func samples(t: Double, duration: Double, rate: Double) -> [(time: Double, fraction: Double)] {
        guard duration > 0 else { return [] }
        let step = 1000 / rate
        var result: [(Double, Double)] = []
        var elapsed = step
        while elapsed < duration - 1e-9 {
            result.append((t + elapsed, elapsed / duration))
            elapsed += step
        }
        result.append((t + duration, 1))
        return result
    }
}
