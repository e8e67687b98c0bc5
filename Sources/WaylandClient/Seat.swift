// A seat: its capabilities come and go; touch, pointer and keyboard are made and released with them.
import CWaylandClient
import CWaylandProtocols

/// Owns one `wl_seat` and the touch, pointer and keyboard it currently has.
final class Seat {
    private let pointer: OpaquePointer
    /// The `wl_seat`.
    var seatPointer: OpaquePointer { pointer }
    private unowned let display: Display
    private let listener: UnsafeMutablePointer<wl_seat_listener>
    private let version: UInt32
    private(set) var name: String?
    private(set) var touch: Touch?
    private(set) var pointerDevice: Pointer?
    private(set) var keyboard: Keyboard?
    /// The seat's tablets and pens, once `zwp_tablet_manager_v2` is bound.
    private(set) var tablets: TabletSeat?

    init(display: Display, pointer: OpaquePointer, version: UInt32) {
        self.display = display
        self.pointer = pointer
        self.version = version
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_seat_listener(
            capabilities: { data, _, capabilities in Seat.from(data).update(capabilities: capabilities) },
            name: { data, _, name in Seat.from(data).name = name.map { String(cString: $0) } }
        ))
        wl_seat_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        tablets = nil
        touch = nil
        pointerDevice = nil
        keyboard = nil
        if version >= WL_SEAT_RELEASE_SINCE_VERSION { wl_seat_release(pointer) } else { wl_seat_destroy(pointer) }
        listener.deallocate()
    }

    /// Asks the tablet manager for this seat's tablets (once).
    func attachTablets(manager: GlobalProxy) {
        guard tablets == nil else { return }
        tablets = TabletSeat(display: display, manager: manager.pointer, seat: pointer)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Seat {
        Unmanaged<Seat>.fromOpaque(data!).takeUnretainedValue()
    }

    private func update(capabilities: UInt32) {
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasTouch != (touch != nil) {
            touch = hasTouch ? Touch(display: display, seat: pointer, version: version) : nil
        }
        if hasPointer != (pointerDevice != nil) {
            pointerDevice = hasPointer ? Pointer(display: display, seat: pointer, version: version) : nil
        }
        if hasKeyboard != (keyboard != nil) {
            keyboard = hasKeyboard ? Keyboard(display: display, seat: pointer, version: version) : nil
        }
    }
}
