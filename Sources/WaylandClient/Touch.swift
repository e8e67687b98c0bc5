// wl_touch: touch points, event by event, routed to the window each went down on.
import CWaylandClient
import CWaylandProtocols
import SeatStream
import Geometry

/// Owns one `wl_touch` and hands its events, one to one, to the windows the touch points went down on; the
/// windows' `SeatEventTranslator`s group them by frame.
final class Touch {
    private let pointer: OpaquePointer
    private unowned let display: Display
    private let listener: UnsafeMutablePointer<wl_touch_listener>
    private let version: UInt32
    private let seat: OpaquePointer
    private var converter = TouchEventConverter()
    /// The window each active touch point went down on.
    private var targets: [Int32: WeakBox<ToplevelWindow>] = [:]
    /// The windows that got touch events since the last frame: the frame goes to each.
    private var windowsInFrame: [WeakBox<ToplevelWindow>] = []

    init(display: Display, seat: OpaquePointer, version: UInt32) {
        self.display = display
        self.version = version
        self.seat = seat
        pointer = wl_seat_get_touch(seat)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_touch_listener(
            down: { data, _, serial, time, surface, id, x, y in
                let touch = Touch.from(data)
                touch.display.noteInteraction(seat: touch.seat, serial: serial)
                touch.down(surface: surface, time: time, id: id, x: x, y: y)
            },
            up: { data, _, _, time, id in
                let touch = Touch.from(data)
                touch.deliver(touch.converter.up(id: id, time: Double(time)))
            },
            motion: { data, _, time, id, x, y in
                let touch = Touch.from(data)
                touch.deliver(touch.converter.motion(
                    id: id, location: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), time: Double(time)
                ))
            },
            frame: { data, _ in
                let touch = Touch.from(data)
                touch.deliver(touch.converter.frame())
            },
            cancel: { data, _ in
                let touch = Touch.from(data)
                touch.deliver(touch.converter.cancel())
            },
            shape: { data, _, id, major, minor in
                let touch = Touch.from(data)
                guard let event = touch.converter.shape(
                    id: id, major: wl_fixed_to_double(major), minor: wl_fixed_to_double(minor)
                ) else { return }
                touch.deliver(event)
            },
            orientation: { _, _, _, _ in }
        ))
        wl_touch_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if version >= WL_TOUCH_RELEASE_SINCE_VERSION { wl_touch_release(pointer) } else { wl_touch_destroy(pointer) }
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Touch {
        Unmanaged<Touch>.fromOpaque(data!).takeUnretainedValue()
    }

    private func down(surface: OpaquePointer?, time: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        guard let window = display.window(for: surface) else { return }
        // The box of another point down on the window, if there is one: the frame's list then holds one box a window.
        targets[id] = targets.values.first { $0.value === window } ?? WeakBox(window)
        deliver(converter.down(id: id, location: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), time: Double(time)))
    }

    /// Hands an event to its windows: a touch event to its point's window, a frame to every window that got events
    /// since the last one, a cancel to every window with a touch point down.
    private func deliver(_ event: SeatEvent) {
        switch event.kind {
        case .touchFrame:
            // The list's storage is reused frame after frame: a frame allocates nothing.
            var windows: [WeakBox<ToplevelWindow>] = []
            swap(&windows, &windowsInFrame)
            for box in windows { box.value?.deliver(event) }
            if windowsInFrame.isEmpty {
                windows.removeAll(keepingCapacity: true)
                swap(&windows, &windowsInFrame)
            }
        case .touchCancel:
            var windows: [ToplevelWindow] = []
            for window in targets.values.compactMap(\.value) where !windows.contains(where: { $0 === window }) {
                windows.append(window)
            }
            targets.removeAll()
            windowsInFrame.removeAll()
            for window in windows { window.deliver(event) }
        default:
            guard let id = event.touchID, let box = targets[id], let window = box.value else { return }
            if case .touchUp = event.kind { targets[id] = nil }
            // The point's own box: no weak reference read to compare, none made (a window's points share it).
            if !windowsInFrame.contains(where: { $0 === box || $0.value === window }) { windowsInFrame.append(box) }
            window.deliver(event)
        }
    }
}
