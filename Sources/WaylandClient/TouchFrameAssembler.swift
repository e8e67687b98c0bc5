// wl_touch events grouped by frame, as plain values: the testable half of the touch listener.
import SeatInput
import TouchUI

/// Turns the `wl_touch` event sequence into ``SeatEvent``s delivered a frame at a time.
///
/// - down, motion, up and shape are queued until `frame`, then handed out together, followed by `.touchFrame`.
/// - When the last touch point goes up the queue is handed out at once with a `.touchFrame` of its own: weston 10
///   sends no frame after the last up (https://gitlab.freedesktop.org/wayland/weston/-/issues/44); a frame that
///   does follow then finds the queue empty and is dropped.
/// - `cancel` drops the queue and every active touch point and hands out `.touchCancel`.
/// - `shape` amends the queued down or motion of its touch point, or becomes a motion at the last location.
struct TouchFrameAssembler {
    private var queue: [SeatEvent] = []
    /// The touch points that are down, with their last location.
    private(set) var locations: [Int32: Point] = [:]
    private var latestTime: Double = 0

    var activeIDs: Set<Int32> { Set(locations.keys) }

    mutating func down(id: Int32, location: Point, time: Double) {
        latestTime = time
        locations[id] = location
        queue.append(SeatEvent(time: time, .touchDown(id: id, location: location)))
    }

    mutating func motion(id: Int32, location: Point, time: Double) {
        latestTime = time
        guard locations[id] != nil else { return }
        locations[id] = location
        queue.append(SeatEvent(time: time, .touchMotion(id: id, location: location)))
    }

    /// Returns the frame when this was the last touch point down.
    mutating func up(id: Int32, time: Double) -> [SeatEvent] {
        latestTime = time
        guard locations.removeValue(forKey: id) != nil else { return [] }
        queue.append(SeatEvent(time: time, .touchUp(id: id)))
        return locations.isEmpty ? frame() : []
    }

    mutating func shape(id: Int32, major: Double, minor: Double) {
        let shape = TouchShape(major: major, minor: minor)
        if let index = queue.lastIndex(where: { $0.touchID == id && $0.isDownOrMotion }) {
            switch queue[index].kind {
            case let .touchDown(id, location, _): queue[index].kind = .touchDown(id: id, location: location, shape: shape)
            case let .touchMotion(id, location, _):
                queue[index].kind = .touchMotion(id: id, location: location, shape: shape)
            default: break
            }
        } else if let location = locations[id] {
            queue.append(SeatEvent(time: latestTime, .touchMotion(id: id, location: location, shape: shape)))
        }
    }

    /// The queued events and a `.touchFrame`; nothing when nothing is queued.
    mutating func frame() -> [SeatEvent] {
        guard !queue.isEmpty else { return [] }
        let events = queue + [SeatEvent(time: queue.last!.time, .touchFrame)]
        queue.removeAll()
        return events
    }

    /// Drops everything queued and every touch point; `wl_touch.cancel` carries no time, so the latest is used.
    mutating func cancel() -> [SeatEvent] {
        queue.removeAll()
        guard !locations.isEmpty else { return [] }
        locations.removeAll()
        return [SeatEvent(time: latestTime, .touchCancel)]
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

    fileprivate var isDownOrMotion: Bool {
        switch kind {
        case .touchDown, .touchMotion: true
        default: false
        }
    }
}
