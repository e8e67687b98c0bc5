// zwp_pointer_gestures_v1: a pointer's touchpad swipe, pinch and hold gestures, as SeatEvents to the window under it.
import CWaylandClient
import CWaylandProtocols
import SeatStream

/// The gesture objects of one `wl_pointer`: each gesture's begin names the surface under the pointer, and its
/// updates and end go to that window too, as `.touchpadGesture` events.
final class TouchpadGestures {
    private unowned let display: Display
    private var swipe: OpaquePointer?
    private var pinch: OpaquePointer?
    private var hold: OpaquePointer?
    private let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>
    private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>
    private let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>
    /// The window each gesture under way began on.
    private var targets: [TouchpadGesture.Kind: ToplevelWindow] = [:]

    /// The gestures of `pointer` from the bound manager (hold from version 3).
    init(display: Display, manager: GlobalProxy, pointer: OpaquePointer) {
        self.display = display
        swipeListener = .allocate(capacity: 1)
        pinchListener = .allocate(capacity: 1)
        holdListener = .allocate(capacity: 1)
        swipeListener.initialize(to: zwp_pointer_gesture_swipe_v1_listener(
            begin: { data, _, _, time, surface, fingers in
                TouchpadGestures.from(data).begin(.swipe, surface: surface, fingers: fingers, time: time)
            },
            update: { data, _, time, dx, dy in
                TouchpadGestures.from(data).deliver(
                    .update(.swipe, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy), scale: 1, rotation: 0), time: time)
            },
            end: { data, _, _, time, cancelled in
                TouchpadGestures.from(data).end(.swipe, cancelled: cancelled != 0, time: time)
            }
        ))
        pinchListener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
            begin: { data, _, _, time, surface, fingers in
                TouchpadGestures.from(data).begin(.pinch, surface: surface, fingers: fingers, time: time)
            },
            update: { data, _, time, dx, dy, scale, rotation in
                TouchpadGestures.from(data).deliver(
                    .update(.pinch, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy), scale: wl_fixed_to_double(scale),
                            rotation: wl_fixed_to_double(rotation)), time: time)
            },
            end: { data, _, _, time, cancelled in
                TouchpadGestures.from(data).end(.pinch, cancelled: cancelled != 0, time: time)
            }
        ))
        holdListener.initialize(to: zwp_pointer_gesture_hold_v1_listener(
            begin: { data, _, _, time, surface, fingers in
                TouchpadGestures.from(data).begin(.hold, surface: surface, fingers: fingers, time: time)
            },
            end: { data, _, _, time, cancelled in
                TouchpadGestures.from(data).end(.hold, cancelled: cancelled != 0, time: time)
            }
        ))
        let context = Unmanaged.passUnretained(self).toOpaque()
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager.pointer, pointer)
        zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener, context)
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager.pointer, pointer)
        zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener, context)
        if manager.version >= 3 {
            hold = zwp_pointer_gestures_v1_get_hold_gesture(manager.pointer, pointer)
            zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener, context)
        }
    }

    deinit {
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
        swipeListener.deallocate()
        pinchListener.deallocate()
        holdListener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TouchpadGestures {
        Unmanaged<TouchpadGestures>.fromOpaque(data!).takeUnretainedValue()
    }

    private func begin(_ kind: TouchpadGesture.Kind, surface: OpaquePointer?, fingers: UInt32, time: UInt32) {
        targets[kind] = display.window(for: surface)
        deliver(.begin(kind, fingers: Int(fingers)), time: time)
    }

    private func end(_ kind: TouchpadGesture.Kind, cancelled: Bool, time: UInt32) {
        deliver(.end(kind, cancelled: cancelled), time: time)
        targets[kind] = nil
    }

    private func deliver(_ gesture: TouchpadGesture, time: UInt32) {
        targets[gesture.kind]?.deliver(SeatEvent(time: .milliseconds(Double(time)), .touchpadGesture(gesture)))
    }
}
