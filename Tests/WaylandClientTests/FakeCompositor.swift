// A minimal libwayland-server compositor in the test process: wl_compositor, wl_shm, xdg_wm_base and a seat with
// touch and keyboard, so the tests can send the client exactly the wl_touch and wl_keyboard events they script.
//
// It uses libwayland-server's generic dispatcher and the client's interface structs (the same bytes as the server's
// generated ones, which this test binary must not link; see protocols/README.md). It runs on a thread of its own
// (the client's Display blocks in roundtrips while it connects); one lock serializes every use of libwayland-server.
import CShims
import CWaylandProtocols
import CWaylandServer
import CXKBCommon
import Foundation
import ProcessTesting
import Glibc

/// A server-side object.
typealias Resource = UnsafeMutablePointer<wl_resource>

/// A resource as an object argument of an event.
private func object(_ resource: Resource?) -> UnsafeMutablePointer<wl_object>? {
    resource.map { UnsafeMutablePointer<wl_object>(OpaquePointer($0)) }
}

final class FakeCompositor: @unchecked Sendable {
    let display: OpaquePointer
    let socket: String
    private let runtime: TemporaryDirectory
    private var surfaces: [Resource] = []
    private var touches: [Resource] = []
    private var keyboards: [Resource] = []
    private var pointers: [Resource] = []
    private var seats: [Resource] = []
    private var tablets: [Resource] = []
    private var tabletTools: [Resource] = []
    private var tabletPads: [Resource] = []
    private var requests: [String] = []
    /// Guards everything: the server thread holds it while it dispatches, the test while it sends events.
    private let lock = NSRecursiveLock()
    private var isRunning = true
    private let stopped = DispatchSemaphore(value: 0)

    /// How many wl_touch and wl_keyboard objects the client holds.
    var touchCount: Int { lock.withLock { touches.count } }
    var keyboardCount: Int { lock.withLock { keyboards.count } }
    var pointerCount: Int { lock.withLock { pointers.count } }
    /// Requests seen, by interface and name ("wl_touch.release").
    var requestLog: [String] { lock.withLock { requests } }
    private var frameCallbacks: [Resource] = []
    private var attachedBuffer: Resource?
    private var shownBuffer: Resource?
    private var serial: UInt32 = 0
    private var keymap: (fd: Int32, size: Int)?
    /// The key repeat the seat announces: rate per second and delay in milliseconds.
    private let repeatInfo: (rate: Int32, delay: Int32)

    /// The keyboard-modifier masks of the keymap the fake sends (xkb "us").
    let shiftMask: UInt32 = 1 << 0
    let controlMask: UInt32 = 1 << 2

    init(repeatInfo: (rate: Int32, delay: Int32) = (0, 0)) throws {
        self.repeatInfo = repeatInfo
        runtime = try TemporaryDirectory(prefix: "fake-compositor")
        socket = runtime.path + "/wayland-fake"
        display = wl_display_create()
        guard wl_display_add_socket(display, socket) == 0, wl_display_init_shm(display) == 0 else {
            throw CompositorFailure(message: "cannot start the fake compositor")
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(display, CWaylandProtocols_wl_compositor_interface(), 4, context) { client, data, version, id in
            FakeCompositor.from(data).bind(client, CWaylandProtocols_wl_compositor_interface(), version, id, "wl_compositor")
        }
        wl_global_create(display, CWaylandProtocols_xdg_wm_base_interface(), 2, context) { client, data, version, id in
            FakeCompositor.from(data).bind(client, CWaylandProtocols_xdg_wm_base_interface(), version, id, "xdg_wm_base")
        }
        // Announced before the seat, as some compositors do: the client asks for the seat's tablets once it has it.
        wl_global_create(display, CWaylandProtocols_zwp_tablet_manager_v2_interface(), 1, context) {
            client, data, version, id in
            FakeCompositor.from(data).bind(client, CWaylandProtocols_zwp_tablet_manager_v2_interface(), version, id,
                                           "zwp_tablet_manager_v2")
        }
        wl_global_create(display, CWaylandProtocols_wl_seat_interface(), 8, context) { client, data, version, id in
            let fake = FakeCompositor.from(data)
            let seat = fake.bind(client, CWaylandProtocols_wl_seat_interface(), version, id, "wl_seat")
            fake.seats.append(seat)
            fake.sendCapabilities(touch: true, keyboard: true, pointer: true)
        }
        try makeKeymap()
        Thread.detachNewThread { [self] in
            while lock.withLock({ isRunning }) {
                lock.withLock {
                    wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
                    wl_display_flush_clients(display)
                }
                usleep(500)
            }
            stopped.signal()
        }
    }

    /// Stops the server thread and destroys the server (its clients see the connection end); call it once, before
    /// releasing the fake.
    func stop() {
        lock.withLock { isRunning = false }
        stopped.wait()
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
    }

    deinit {
        if let keymap { close(keymap.fd) }
    }

    fileprivate static func from(_ data: UnsafeMutableRawPointer?) -> FakeCompositor {
        Unmanaged<FakeCompositor>.fromOpaque(data!).takeUnretainedValue()
    }

    // MARK: - Scripted events

    private func nextSerial() -> UInt32 {
        serial += 1
        return serial
    }

    private func post(_ resource: Resource, _ opcode: UInt32, _ arguments: [wl_argument]) {
        var arguments = arguments
        wl_resource_post_event_array(resource, opcode, &arguments)
    }

    func sendCapabilities(touch: Bool, keyboard: Bool, pointer: Bool = true) {
        lock.lock()
        defer { lock.unlock() }
        let capabilities = (touch ? WL_SEAT_CAPABILITY_TOUCH.rawValue : 0)
            | (keyboard ? WL_SEAT_CAPABILITY_KEYBOARD.rawValue : 0)
            | (pointer ? WL_SEAT_CAPABILITY_POINTER.rawValue : 0)
        for seat in seats { post(seat, 0, [wl_argument(u: capabilities)]) }
    }

    func touchDown(id: Int32, x: Double, y: Double, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        let surface = surfaces.last
        for touch in touches {
            post(touch, 0, [
                wl_argument(u: nextSerial()), wl_argument(u: time), wl_argument(o: object(surface)), wl_argument(i: id),
                wl_argument(f: wl_fixed_from_double(x)), wl_argument(f: wl_fixed_from_double(y)),
            ])
        }
    }

    func touchUp(id: Int32, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for touch in touches { post(touch, 1, [wl_argument(u: nextSerial()), wl_argument(u: time), wl_argument(i: id)]) }
    }

    func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for touch in touches {
            post(touch, 2, [
                wl_argument(u: time), wl_argument(i: id),
                wl_argument(f: wl_fixed_from_double(x)), wl_argument(f: wl_fixed_from_double(y)),
            ])
        }
    }

    func touchFrame() {
        lock.lock()
        defer { lock.unlock() }
        for touch in touches { post(touch, 3, []) }
    }

    func touchCancel() {
        lock.lock()
        defer { lock.unlock() }
        for touch in touches { post(touch, 4, []) }
    }

    /// How many tablet tools and pads the client holds.
    var tabletToolCount: Int { lock.withLock { tabletTools.count } }
    var tabletPadCount: Int { lock.withLock { tabletPads.count } }

    /// Tablet tool events by opcode: removed 5, proximity_in 6, proximity_out 7, down 8, up 9, motion 10, pressure 11,
    /// tilt 13, button 17, frame 18.
    func tool(_ event: ToolEvent) {
        lock.lock()
        defer { lock.unlock() }
        for tool in tabletTools {
            switch event {
            case .proximityIn:
                post(tool, 6, [wl_argument(u: nextSerial()), wl_argument(o: object(tablets.last)), wl_argument(o: object(surfaces.last))])
            case .proximityOut: post(tool, 7, [])
            case .down: post(tool, 8, [wl_argument(u: nextSerial())])
            case .up: post(tool, 9, [])
            case let .motion(x, y): post(tool, 10, [wl_argument(f: wl_fixed_from_double(x)), wl_argument(f: wl_fixed_from_double(y))])
            case let .pressure(value): post(tool, 11, [wl_argument(u: value)])
            case let .tilt(x, y): post(tool, 13, [wl_argument(f: wl_fixed_from_double(x)), wl_argument(f: wl_fixed_from_double(y))])
            case let .button(code, isPressed): post(tool, 17, [wl_argument(u: nextSerial()), wl_argument(u: code), wl_argument(u: isPressed ? 1 : 0)])
            case let .frame(time): post(tool, 18, [wl_argument(u: time)])
            case .removed: post(tool, 5, [])
            }
        }
    }

    enum ToolEvent {
        case proximityIn, proximityOut, down, up, removed
        case motion(Double, Double)
        case pressure(UInt32)
        case tilt(Double, Double)
        case button(UInt32, isPressed: Bool)
        case frame(UInt32)
    }

    /// Pointer events by opcode: enter 0, leave 1, motion 2, button 3, axis 4, frame 5, axis_value120 9.
    func pointerEnter(x: Double, y: Double) {
        lock.lock()
        defer { lock.unlock() }
        guard let surface = surfaces.last else { return }
        for pointer in pointers {
            post(pointer, 0, [
                wl_argument(u: nextSerial()), wl_argument(o: object(surface)),
                wl_argument(f: wl_fixed_from_double(x)), wl_argument(f: wl_fixed_from_double(y)),
            ])
        }
    }

    func pointerLeave() {
        lock.lock()
        defer { lock.unlock() }
        guard let surface = surfaces.last else { return }
        for pointer in pointers { post(pointer, 1, [wl_argument(u: nextSerial()), wl_argument(o: object(surface))]) }
    }

    func pointerMotion(x: Double, y: Double, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for pointer in pointers {
            post(pointer, 2, [wl_argument(u: time), wl_argument(f: wl_fixed_from_double(x)), wl_argument(f: wl_fixed_from_double(y))])
        }
    }

    func pointerButton(_ button: UInt32, isPressed: Bool, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for pointer in pointers {
            post(pointer, 3, [
                wl_argument(u: nextSerial()), wl_argument(u: time), wl_argument(u: button),
                wl_argument(u: isPressed ? WL_POINTER_BUTTON_STATE_PRESSED.rawValue : WL_POINTER_BUTTON_STATE_RELEASED.rawValue),
            ])
        }
    }

    /// A wheel detent down: axis 15 points, and axis_value120 on seat 8.
    func pointerWheel(value120: Int32, axisValue: Double, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for pointer in pointers {
            post(pointer, 4, [
                wl_argument(u: time), wl_argument(u: WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue),
                wl_argument(f: wl_fixed_from_double(axisValue)),
            ])
            if wl_resource_get_version(pointer) >= 8 {
                post(pointer, 9, [wl_argument(u: WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue), wl_argument(i: value120)])
            }
        }
    }

    func pointerFrame() {
        lock.lock()
        defer { lock.unlock() }
        for pointer in pointers { post(pointer, 5, []) }
    }

    func keyboardEnter() {
        lock.lock()
        defer { lock.unlock() }
        guard let surface = surfaces.last else { return }
        // No keys held: an empty array, allocated for the call.
        let keys = UnsafeMutablePointer<wl_array>.allocate(capacity: 1)
        wl_array_init(keys)
        defer {
            wl_array_release(keys)
            keys.deallocate()
        }
        for keyboard in keyboards {
            post(keyboard, 1, [wl_argument(u: nextSerial()), wl_argument(o: object(surface)), wl_argument(a: keys)])
        }
    }

    func keyboardLeave() {
        lock.lock()
        defer { lock.unlock() }
        guard let surface = surfaces.last else { return }
        for keyboard in keyboards { post(keyboard, 2, [wl_argument(u: nextSerial()), wl_argument(o: object(surface))]) }
    }

    /// A key by its evdev code (KEY_A is 30).
    func key(_ code: UInt32, isPressed: Bool, time: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for keyboard in keyboards {
            post(keyboard, 3, [
                wl_argument(u: nextSerial()), wl_argument(u: time), wl_argument(u: code),
                wl_argument(u: isPressed ? WL_KEYBOARD_KEY_STATE_PRESSED.rawValue : WL_KEYBOARD_KEY_STATE_RELEASED.rawValue),
            ])
        }
    }

    func modifiers(depressed: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        for keyboard in keyboards {
            post(keyboard, 4, [
                wl_argument(u: nextSerial()), wl_argument(u: depressed), wl_argument(u: 0), wl_argument(u: 0),
                wl_argument(u: 0),
            ])
        }
    }

    // MARK: - Requests

    @discardableResult
    fileprivate func bind(
        _ client: OpaquePointer?, _ interface: UnsafePointer<wl_interface>, _ version: UInt32, _ id: UInt32,
        _ name: String
    ) -> Resource {
        let resource = wl_resource_create(client, interface, Int32(version), id)!
        wl_resource_set_dispatcher(
            resource, fakeDispatcher, Unmanaged.passUnretained(self).toOpaque(),
            Unmanaged.passUnretained(self).toOpaque()
        ) { resource in
            // Destroyed by request or because the client went away: forget it.
            FakeCompositor.from(wl_resource_get_user_data(resource)).forget(resource!)
        }
        return resource
    }

    private func child(of resource: Resource, _ interface: UnsafePointer<wl_interface>, id: UInt32, _ name: String)
        -> Resource
    {
        bind(wl_resource_get_client(resource), interface, UInt32(wl_resource_get_version(resource)), id, name)
    }

    fileprivate func handle(
        _ resource: Resource, opcode: UInt32, message: UnsafePointer<wl_message>, arguments: UnsafeMutablePointer<wl_argument>
    ) {
        let interface = String(cString: wl_resource_get_class(resource))
        let request = String(cString: message.pointee.name)
        requests.append("\(interface).\(request)")
        switch (interface, request) {
        case ("wl_compositor", "create_surface"):
            surfaces.append(child(of: resource, CWaylandProtocols_wl_surface_interface(), id: arguments[0].n, "wl_surface"))
        case ("wl_surface", "attach"):
            attachedBuffer = arguments[0].o.map { Resource(OpaquePointer($0)) }
        case ("wl_surface", "frame"):
            let callback = child(of: resource, CWaylandProtocols_wl_callback_interface(), id: arguments[0].n, "wl_callback")
            frameCallbacks.append(callback)
        case ("wl_surface", "commit"):
            commit(resource)
        case ("xdg_wm_base", "get_xdg_surface"):
            _ = child(of: resource, CWaylandProtocols_xdg_surface_interface(), id: arguments[0].n, "xdg_surface")
        case ("xdg_surface", "get_toplevel"):
            toplevel = child(of: resource, CWaylandProtocols_xdg_toplevel_interface(), id: arguments[0].n, "xdg_toplevel")
            xdgSurface = resource
        case ("wl_seat", "get_touch"):
            touches.append(child(of: resource, CWaylandProtocols_wl_touch_interface(), id: arguments[0].n, "wl_touch"))
        case ("wl_seat", "get_pointer"):
            pointers.append(child(of: resource, CWaylandProtocols_wl_pointer_interface(), id: arguments[0].n, "wl_pointer"))
        case ("wl_seat", "get_keyboard"):
            let keyboard = child(of: resource, CWaylandProtocols_wl_keyboard_interface(), id: arguments[0].n, "wl_keyboard")
            keyboards.append(keyboard)
            if let keymap {
                post(keyboard, 0, [
                    wl_argument(u: WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), wl_argument(h: keymap.fd),
                    wl_argument(u: UInt32(keymap.size)),
                ])
            }
            if wl_resource_get_version(keyboard) >= 4 {
                post(keyboard, 5, [wl_argument(i: repeatInfo.rate), wl_argument(i: repeatInfo.delay)])
            }
        case ("zwp_tablet_manager_v2", "get_tablet_seat"):
            let tabletSeat = child(of: resource, CWaylandProtocols_zwp_tablet_seat_v2_interface(), id: arguments[0].n,
                                   "zwp_tablet_seat_v2")
            // A tablet, a pad on it, and a pen: tablet_added 0, pad_added 2, tool_added 1, each with a server-made
            // object (id 0).
            let tablet = child(of: tabletSeat, CWaylandProtocols_zwp_tablet_v2_interface(), id: 0, "zwp_tablet_v2")
            post(tabletSeat, 0, [wl_argument(o: object(tablet))])
            post(tablet, 3, [])  // done
            let pad = child(of: tabletSeat, CWaylandProtocols_zwp_tablet_pad_v2_interface(), id: 0, "zwp_tablet_pad_v2")
            post(tabletSeat, 2, [wl_argument(o: object(pad))])
            // The pad describes itself at once (buttons 2, done 3): these reach the client after it may have
            // destroyed the pad, as they do from a real compositor.
            post(pad, 2, [wl_argument(u: 4)])
            post(pad, 3, [])
            tabletPads.append(pad)
            let tool = child(of: tabletSeat, CWaylandProtocols_zwp_tablet_tool_v2_interface(), id: 0, "zwp_tablet_tool_v2")
            post(tabletSeat, 1, [wl_argument(o: object(tool))])
            post(tool, 0, [wl_argument(u: 0x140)])  // type pen
            post(tool, 3, [wl_argument(u: 2)])  // capability pressure
            post(tool, 4, [])  // done
            tabletTools.append(tool)
            tablets.append(tablet)
        case (_, "destroy"), (_, "release"):
            wl_resource_destroy(resource)
        default:
            break
        }
    }

    private func forget(_ resource: Resource) {
        surfaces.removeAll { $0 == resource }
        touches.removeAll { $0 == resource }
        keyboards.removeAll { $0 == resource }
        pointers.removeAll { $0 == resource }
        seats.removeAll { $0 == resource }
        tabletTools.removeAll { $0 == resource }
        tabletPads.removeAll { $0 == resource }
        tablets.removeAll { $0 == resource }
        frameCallbacks.removeAll { $0 == resource }
        if attachedBuffer == resource { attachedBuffer = nil }
        if toplevel == resource { toplevel = nil }
        if xdgSurface == resource { xdgSurface = nil }
    }

    private var toplevel: Resource?
    private var xdgSurface: Resource?
    private var isConfigured = false

    private func commit(_ surface: Resource) {
        if !isConfigured, let toplevel, let xdgSurface {
            isConfigured = true
            // 0×0 (the client decides) and no states.
            let states = UnsafeMutablePointer<wl_array>.allocate(capacity: 1)
            wl_array_init(states)
            post(toplevel, 0, [wl_argument(i: 0), wl_argument(i: 0), wl_argument(a: states)])
            wl_array_release(states)
            states.deallocate()
            post(xdgSurface, 0, [wl_argument(u: nextSerial())])
        }
        if let buffer = attachedBuffer {
            if let shown = shownBuffer, shown != buffer { post(shown, 0, []) }
            shownBuffer = buffer
            attachedBuffer = nil
        }
        if !holdsFrameCallbacks { releaseFrameCallbacks() }
    }

    /// Whether frame callbacks wait for ``releaseFrameCallbacks()`` instead of being answered at the commit.
    var holdsFrameCallbacks: Bool {
        get { lock.withLock { isHoldingFrameCallbacks } }
        set { lock.withLock { isHoldingFrameCallbacks = newValue } }
    }
    private var isHoldingFrameCallbacks = false
    /// How many frame callbacks wait to be answered.
    var heldFrameCallbackCount: Int { lock.withLock { frameCallbacks.count } }

    /// Runs scripted events as one batch: the server sends them in one flush, so the client reads them together.
    func together(_ body: () -> Void) {
        lock.withLock(body)
    }

    /// Answers the frame callbacks the client asked for (`wl_callback.done`).
    func releaseFrameCallbacks() {
        lock.withLock {
            for callback in frameCallbacks {
                post(callback, 0, [wl_argument(u: 0)])
                wl_resource_destroy(callback)
            }
            frameCallbacks.removeAll()
        }
    }

    private func makeKeymap() throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return }
        defer { xkb_context_unref(context) }
        let keymap = "us".withCString { layout in
            var names = xkb_rule_names(rules: nil, model: nil, layout: layout, variant: nil, options: nil)
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap, let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return }
        defer {
            free(text)
            xkb_keymap_unref(keymap)
        }
        let size = strlen(text) + 1
        let fd = CShims_memfd_create("fake-keymap", CShims_MFD_CLOEXEC)
        guard fd >= 0, write(fd, text, size) == size else { throw CompositorFailure(message: "cannot write the keymap") }
        self.keymap = (fd, size)
    }
}

/// libwayland-server's generic dispatcher: every request of every fake resource comes here.
private func fakeDispatcher(
    implementation: UnsafeRawPointer?, target: UnsafeMutableRawPointer?, opcode: UInt32,
    message: UnsafePointer<wl_message>?, arguments: UnsafeMutablePointer<wl_argument>?
) -> Int32 {
    let resource = target!.assumingMemoryBound(to: wl_resource.self)
    FakeCompositor.from(wl_resource_get_user_data(resource)).handle(
        resource, opcode: opcode, message: message!, arguments: arguments!
    )
    return 0
}
