// wl_pointer: enter, leave, motion, buttons and scrolling, grouped by frame, to the window under the pointer.
import CWaylandClient
import CWaylandProtocols
import SeatStream
import Geometry

/// Owns one `wl_pointer`, shows the crosshair cursor over our windows, and hands its events to the focused one.
final class Pointer {
    private let pointer: OpaquePointer
    private unowned let display: Display
    private let listener: UnsafeMutablePointer<wl_pointer_listener>
    private let version: UInt32
    private let seat: OpaquePointer
    private var assembler = PointerFrameAssembler()
    private weak var focus: ToplevelWindow?
    /// The window that last received an event, for the frame in progress (`leave` clears `focus` before it).
    private weak var frameTarget: ToplevelWindow?
    private let cursor: Cursor?
    private var lastTime: Double = 0
    /// The serial of the last enter, which `set_cursor` must quote.
    private var enterSerial: UInt32 = 0
    /// Touchpad gestures, where the compositor offers `zwp_pointer_gestures_v1`.
    private var gestures: TouchpadGestures?

    init(display: Display, seat: OpaquePointer, version: UInt32) {
        self.display = display
        self.version = version
        self.seat = seat
        pointer = wl_seat_get_pointer(seat)!
        cursor = Cursor(display: display)
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                Pointer.from(data).enter(serial: serial, surface: surface, x: x, y: y)
            },
            leave: { data, _, _, _ in
                let pointer = Pointer.from(data)
                pointer.queue(.pointerLeave, time: pointer.lastTime)
                pointer.focus = nil
            },
            motion: { data, _, time, x, y in
                Pointer.from(data).queue(
                    .pointerMotion(location: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))),
                    time: Double(time)
                )
            },
            button: { data, _, serial, time, button, state in
                let pointer = Pointer.from(data)
                if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue {
                    pointer.display.noteInteraction(seat: pointer.seat, serial: serial)
                }
                pointer.queue(
                    .pointerButton(PointerButton(code: button), isPressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue),
                    time: Double(time)
                )
            },
            axis: { data, _, time, axis, value in
                let pointer = Pointer.from(data)
                pointer.lastTime = Double(time)
                pointer.assembler.axis(
                    isHorizontal: axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue,
                    value: wl_fixed_to_double(value), time: Double(time)
                )
                pointer.flushUnlessFramed()
            },
            frame: { data, _ in Pointer.from(data).flush() },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { data, _, axis, value in
                Pointer.from(data).assembler.axisValue120(
                    isHorizontal: axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, value: value
                )
            }
        ))
        wl_pointer_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
        if let manager = display.registry?.pointerGestures {
            gestures = TouchpadGestures(display: display, manager: manager, pointer: pointer)
        }
    }

    deinit {
        gestures = nil
        if version >= WL_POINTER_RELEASE_SINCE_VERSION { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Pointer {
        Unmanaged<Pointer>.fromOpaque(data!).takeUnretainedValue()
    }

    private func enter(serial: UInt32, surface: OpaquePointer?, x: wl_fixed_t, y: wl_fixed_t) {
        guard let window = display.window(for: surface) else { return }
        focus = window
        enterSerial = serial
        cursor?.show(on: pointer, serial: serial, scale: window.scale, name: window.cursorName)
        queue(.pointerEnter(location: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))), time: lastTime)
    }

    /// Redraws the cursor for the new scale when the pointer is over `window`.
    func scaleChanged(of window: ToplevelWindow) {
        guard focus === window else { return }
        cursor?.show(on: pointer, serial: enterSerial, scale: window.scale, name: window.cursorName)
    }

    /// Shows the cursor `window` now asks for when the pointer is over it.
    func cursorChanged(of window: ToplevelWindow) {
        guard focus === window else { return }
        cursor?.show(on: pointer, serial: enterSerial, scale: window.scale, name: window.cursorName)
    }

    private func queue(_ kind: SeatEvent.Kind, time: Double) {
        lastTime = time
        guard let window = focus else { return }
        if let target = frameTarget, target !== window { flush() }
        frameTarget = window
        assembler.append(SeatEvent(time: .milliseconds(time), kind))
        flushUnlessFramed()
    }

    /// Before seat version 5 there is no `frame`: every event stands alone.
    private func flushUnlessFramed() {
        if version < WL_POINTER_FRAME_SINCE_VERSION { flush() }
    }

    private func flush() {
        let events = assembler.frame()
        guard let window = frameTarget ?? focus else { return }
        for event in events { window.deliver(event) }
        if focus == nil { frameTarget = nil }
    }
}
