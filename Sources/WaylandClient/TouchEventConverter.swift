// wl_touch events as SeatEvents, one to one: the testable half of the touch listener.
import SeatStream
import Geometry

/// Turns each `wl_touch` event into one ``SeatEvent``, in the order the compositor sent them.
///
/// Frames are not assembled here: `SeatEventTranslator` (SeatInput) groups events by `frame`, delivers a group
/// whose frame never comes (weston 10 after the last up) and survives unknown and duplicate IDs, for live seats and
/// replayed traces alike.
///
/// - `frame` and `cancel` carry no time: they get the latest event's.
/// - `shape` becomes a motion to the touch point's last location carrying the shape; the translator folds it into
///   the down or motion it follows in the same frame. A shape for a point that is not down is dropped.
struct TouchEventConverter {
    /// The touch points that are down, with their last location.
    private(set) var locations: [Int32: Point] = [:]
    private var latestTime: Double = 0

    var activeIDs: Set<Int32> { Set(locations.keys) }

    mutating func down(id: Int32, location: Point, time: Double) -> SeatEvent {
        latestTime = time
        locations[id] = location
        return SeatEvent(time: .milliseconds(time), .touchDown(id: id, location: location))
    }

    mutating func motion(id: Int32, location: Point, time: Double) -> SeatEvent {
        latestTime = time
        if locations[id] != nil { locations[id] = location }
        return SeatEvent(time: .milliseconds(time), .touchMotion(id: id, location: location))
    }

    mutating func up(id: Int32, time: Double) -> SeatEvent {
        latestTime = time
        locations[id] = nil
        return SeatEvent(time: .milliseconds(time), .touchUp(id: id))
    }

    func shape(id: Int32, major: Double, minor: Double) -> SeatEvent? {
        guard let location = locations[id] else { return nil }
        return SeatEvent(time: .milliseconds(latestTime), .touchMotion(id: id, location: location, shape: TouchShape(major: major, minor: minor)))
    }

    func frame() -> SeatEvent {
        SeatEvent(time: .milliseconds(latestTime), .touchFrame)
    }

    /// `wl_touch.cancel`: every touch point is gone.
    mutating func cancel() -> SeatEvent {
        locations.removeAll()
        return SeatEvent(time: .milliseconds(latestTime), .touchCancel)
    }
}

extension SeatEvent {
    /// The touch ID of a touch down, motion or up.
    var touchID: Int32? {
        switch kind {
        case let .touchDown(id, _, _), let .touchMotion(id, _, _), let .touchUp(id): id
        default: nil
        }
    }
}
