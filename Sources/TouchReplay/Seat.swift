// wl_seat "seat0" with touch, pointer and keyboard, and the input events sent through it.
import CWaylandServer
import CWaylandServerProtocols
import SeatInput

/// The compositor's one seat. Its resources carry an unretained pointer to it; it outlives the display.
final class Seat {
    unowned let compositor: Compositor
    let keymap: Keymap
    private(set) var pointers: [WLResource] = []
    private(set) var keyboards: [WLResource] = []
    private(set) var touches: [WLResource] = []
    /// The surface the pointer is over (after `wl_pointer.enter`).
    var pointerFocus: Surface?
    /// The pointer's location on ``pointerFocus``, in surface-local points.
    private(set) var pointerLocation = (x: 0.0, y: 0.0)
    /// The surface with keyboard focus (after `wl_keyboard.enter`).
    var keyboardFocus: Surface?

    private let seatTable: ImplementationTable<wl_seat_interface>
    private let pointerTable: ImplementationTable<wl_pointer_interface>
    private let keyboardTable: ImplementationTable<wl_keyboard_interface>
    private let touchTable: ImplementationTable<wl_touch_interface>

    /// The version of `wl_seat` announced.
    static let version: Int32 = 7

    init(compositor: Compositor, keymap: Keymap) {
        self.compositor = compositor
        self.keymap = keymap
        seatTable = ImplementationTable(wl_seat_interface(
            get_pointer: { client, seatResource, id in
                resourceObject(seatResource, as: Seat.self).makeDevice(.pointer, client: client!, seatResource: seatResource!, id: id)
            },
            get_keyboard: { client, seatResource, id in
                resourceObject(seatResource, as: Seat.self).makeDevice(.keyboard, client: client!, seatResource: seatResource!, id: id)
            },
            get_touch: { client, seatResource, id in
                resourceObject(seatResource, as: Seat.self).makeDevice(.touch, client: client!, seatResource: seatResource!, id: id)
            },
            release: { _, resource in wl_resource_destroy(resource) }
        ))
        pointerTable = ImplementationTable(wl_pointer_interface(
            set_cursor: { _, _, _, _, _, _ in },
            release: { _, resource in wl_resource_destroy(resource) }
        ))
        keyboardTable = ImplementationTable(wl_keyboard_interface(release: { _, resource in wl_resource_destroy(resource) }))
        touchTable = ImplementationTable(wl_touch_interface(release: { _, resource in wl_resource_destroy(resource) }))

        wl_global_create(
            compositor.display, CWaylandServerProtocols_wl_seat_interface(), Self.version,
            Unmanaged.passUnretained(self).toOpaque()
        ) { client, data, version, id in
            let seat = Unmanaged<Seat>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(client, CWaylandServerProtocols_wl_seat_interface(), Int32(version), id)
            else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, seat.seatTable.pointer, data, nil)
            wl_seat_send_capabilities(
                resource, WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_KEYBOARD.rawValue | WL_SEAT_CAPABILITY_TOUCH.rawValue
            )
            if version >= 2 { wl_seat_send_name(resource, "seat0") }
        }
    }

    /// Drops every reference to resources; the display is gone.
    func shutDown() {
        pointers = []
        keyboards = []
        touches = []
        pointerFocus = nil
        keyboardFocus = nil
    }

    private enum Device { case pointer, keyboard, touch }

    private func makeDevice(_ device: Device, client: OpaquePointer, seatResource: WLResource, id: UInt32) {
        let interface = switch device {
        case .pointer: CWaylandServerProtocols_wl_pointer_interface()
        case .keyboard: CWaylandServerProtocols_wl_keyboard_interface()
        case .touch: CWaylandServerProtocols_wl_touch_interface()
        }
        let version = wl_resource_get_version(seatResource)
        guard let resource = wl_resource_create(client, interface, version, id) else {
            return wl_client_post_no_memory(client)
        }
        let table: UnsafeRawPointer = switch device {
        case .pointer: UnsafeRawPointer(pointerTable.pointer)
        case .keyboard: UnsafeRawPointer(keyboardTable.pointer)
        case .touch: UnsafeRawPointer(touchTable.pointer)
        }
        wl_resource_set_implementation(resource, table, Unmanaged.passUnretained(self).toOpaque()) { resource in
            resourceObject(resource, as: Seat.self).forget(resource!)
        }
        switch device {
        case .pointer:
            pointers.append(resource)
            if let focus = pointerFocus, focus.client == client {
                wl_pointer_send_enter(resource, compositor.nextSerial, focus.resource,
                                      wl_fixed_from_double(pointerLocation.x), wl_fixed_from_double(pointerLocation.y))
                if version >= 5 { wl_pointer_send_frame(resource) }
            }
        case .keyboard:
            keyboards.append(resource)
            wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fileDescriptor, keymap.size)
            if version >= 4 { wl_keyboard_send_repeat_info(resource, 25, 600) }
            if let focus = keyboardFocus, focus.client == client {
                sendKeyboardEnter(resource, surface: focus)
            }
        case .touch:
            touches.append(resource)
        }
    }

    private func forget(_ resource: WLResource) {
        pointers.removeAll { $0 == resource }
        keyboards.removeAll { $0 == resource }
        touches.removeAll { $0 == resource }
    }

    /// The resources in `list` that belong to the surface's client.
    private func resources(_ list: [WLResource], for surface: Surface) -> [WLResource] {
        list.filter { wl_resource_get_client($0) == surface.client }
    }

    private func counted(_ count: Int) {
        compositor.counters.eventsSent += count
    }

    // MARK: - Touch

    /// `wl_touch.down`, then `wl_touch.shape` when the shape is known and the client's version has it.
    func touchDown(on surface: Surface, time: UInt32, id: Int32, x: Double, y: Double, shape: TouchShape?) {
        let serial = compositor.nextSerial
        for touch in resources(touches, for: surface) {
            wl_touch_send_down(touch, serial, time, surface.resource, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
            counted(1)
            sendShape(touch, id: id, shape: shape)
        }
    }

    func touchMotion(on surface: Surface, time: UInt32, id: Int32, x: Double, y: Double, shape: TouchShape?) {
        for touch in resources(touches, for: surface) {
            wl_touch_send_motion(touch, time, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
            counted(1)
            sendShape(touch, id: id, shape: shape)
        }
    }

    func touchUp(on surface: Surface, time: UInt32, id: Int32) {
        let serial = compositor.nextSerial
        for touch in resources(touches, for: surface) {
            wl_touch_send_up(touch, serial, time, id)
            counted(1)
        }
    }

    func touchFrame(on surface: Surface) {
        for touch in resources(touches, for: surface) {
            wl_touch_send_frame(touch)
            counted(1)
        }
    }

    func touchCancel(on surface: Surface) {
        for touch in resources(touches, for: surface) {
            wl_touch_send_cancel(touch)
            counted(1)
        }
    }

    private func sendShape(_ touch: WLResource, id: Int32, shape: TouchShape?) {
        guard let shape, wl_resource_get_version(touch) >= 6 else { return }
        wl_touch_send_shape(touch, id, wl_fixed_from_double(shape.major), wl_fixed_from_double(shape.minor))
        counted(1)
    }

    // MARK: - Pointer

    /// Sends `wl_pointer.frame` after an event, for clients whose version has it.
    private func sendPointerFrame(_ pointer: WLResource) {
        if wl_resource_get_version(pointer) >= 5 {
            wl_pointer_send_frame(pointer)
            counted(1)
        }
    }

    func pointerEnter(_ surface: Surface, x: Double, y: Double) {
        if let focus = pointerFocus, focus !== surface { pointerLeave() }
        pointerFocus = surface
        pointerLocation = (x, y)
        let serial = compositor.nextSerial
        for pointer in resources(pointers, for: surface) {
            wl_pointer_send_enter(pointer, serial, surface.resource, wl_fixed_from_double(x), wl_fixed_from_double(y))
            counted(1)
            sendPointerFrame(pointer)
        }
    }

    func pointerLeave() {
        guard let surface = pointerFocus else { return }
        pointerFocus = nil
        let serial = compositor.nextSerial
        for pointer in resources(pointers, for: surface) {
            wl_pointer_send_leave(pointer, serial, surface.resource)
            counted(1)
            sendPointerFrame(pointer)
        }
    }

    /// `wl_pointer.motion`, entering the surface first when the pointer is not on it yet.
    func pointerMotion(on surface: Surface, time: UInt32, x: Double, y: Double) {
        guard pointerFocus === surface else { return pointerEnter(surface, x: x, y: y) }
        pointerLocation = (x, y)
        for pointer in resources(pointers, for: surface) {
            wl_pointer_send_motion(pointer, time, wl_fixed_from_double(x), wl_fixed_from_double(y))
            counted(1)
            sendPointerFrame(pointer)
        }
    }

    func pointerButton(on surface: Surface, time: UInt32, button: UInt32, isPressed: Bool) {
        if pointerFocus !== surface { pointerEnter(surface, x: pointerLocation.x, y: pointerLocation.y) }
        let serial = compositor.nextSerial
        let state = isPressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        for pointer in resources(pointers, for: surface) {
            wl_pointer_send_button(pointer, serial, time, button, state.rawValue)
            counted(1)
            sendPointerFrame(pointer)
        }
    }

    func pointerAxis(on surface: Surface, time: UInt32, dx: Double, dy: Double) {
        if pointerFocus !== surface { pointerEnter(surface, x: pointerLocation.x, y: pointerLocation.y) }
        for pointer in resources(pointers, for: surface) {
            if dy != 0 {
                wl_pointer_send_axis(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(dy))
                counted(1)
            }
            if dx != 0 {
                wl_pointer_send_axis(pointer, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, wl_fixed_from_double(dx))
                counted(1)
            }
            sendPointerFrame(pointer)
        }
    }

    /// A touchpad gesture event: its begin goes to the surface under the pointer (none: the gesture is dropped), its
    /// update and end to where it began.
    func touchpadGesture(_ gesture: TouchpadGesture, on surface: Surface, time: UInt32) {
        if case .begin = gesture, pointerFocus == nil { return }
        counted(compositor.pointerGestures.send(gesture, on: pointerFocus ?? surface, time: time))
    }

    // MARK: - Keyboard

    private func sendKeyboardEnter(_ keyboard: WLResource, surface: Surface) {
        var keys = wl_array()
        wl_array_init(&keys)
        defer { wl_array_release(&keys) }
        wl_keyboard_send_enter(keyboard, compositor.nextSerial, surface.resource, &keys)
        wl_keyboard_send_modifiers(keyboard, compositor.nextSerial, 0, 0, 0, 0)
        counted(2)
    }

    /// Gives the surface keyboard focus: `wl_keyboard.enter` with no keys down, and empty modifiers.
    func keyboardEnter(_ surface: Surface) {
        keyboardFocus = surface
        for keyboard in resources(keyboards, for: surface) { sendKeyboardEnter(keyboard, surface: surface) }
    }

    /// Presses and releases a key, with its modifier keys pressed around it and `wl_keyboard.modifiers` after each
    /// modifier key changes.
    func type(_ key: Keymap.Key, modifiers: [Keymap.Key], on surface: Surface, time: UInt32) {
        for modifier in modifiers { setKey(modifier, isPressed: true, isModifier: true, on: surface, time: time) }
        setKey(key, isPressed: true, isModifier: false, on: surface, time: time)
        setKey(key, isPressed: false, isModifier: false, on: surface, time: time)
        for modifier in modifiers.reversed() { setKey(modifier, isPressed: false, isModifier: true, on: surface, time: time) }
    }

    /// Presses or releases one key (`wl_keyboard.key`); a modifier key is followed by `wl_keyboard.modifiers`.
    func setKey(_ key: Keymap.Key, isPressed: Bool, isModifier: Bool, on surface: Surface, time: UInt32) {
        if keyboardFocus !== surface { keyboardEnter(surface) }
        let keyboards = resources(keyboards, for: surface)
        let serial = compositor.nextSerial
        let state = isPressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        for keyboard in keyboards {
            wl_keyboard_send_key(keyboard, serial, time, key.evdevCode, state.rawValue)
            counted(1)
        }
        let masks = keymap.update(evdevCode: key.evdevCode, isPressed: isPressed)
        guard isModifier else { return }
        let modifierSerial = compositor.nextSerial
        for keyboard in keyboards {
            wl_keyboard_send_modifiers(keyboard, modifierSerial, masks.depressed, masks.latched, masks.locked, masks.group)
            counted(1)
        }
    }
}
