// zwp_pointer_gestures_v1 (version 3): touchpad swipe, pinch and hold gestures from a trace's "gesture" lines, sent
// to the surface under the pointer as mutter, KWin and sway send them.
import CWaylandServer
import CWaylandServerProtocols
import SeatInput

/// The pointer-gestures global and the gesture objects clients made from it. Resources carry an unretained
/// pointer to this object.
final class PointerGestures {
    unowned let compositor: Compositor
    private let managerTable: ImplementationTable<zwp_pointer_gestures_v1_interface>
    private let swipeTable: ImplementationTable<zwp_pointer_gesture_swipe_v1_interface>
    private let pinchTable: ImplementationTable<zwp_pointer_gesture_pinch_v1_interface>
    private let holdTable: ImplementationTable<zwp_pointer_gesture_hold_v1_interface>
    /// Every gesture object, by the gesture it reports.
    private var objects: [TouchpadGesture.Kind: [WLResource]] = [:]
    /// The surface each gesture under way began on: its update and end go there too.
    private var surfaces: [TouchpadGesture.Kind: Surface] = [:]

    init(compositor: Compositor) {
        self.compositor = compositor
        swipeTable = ImplementationTable(zwp_pointer_gesture_swipe_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
        pinchTable = ImplementationTable(zwp_pointer_gesture_pinch_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
        holdTable = ImplementationTable(zwp_pointer_gesture_hold_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
        managerTable = ImplementationTable(zwp_pointer_gestures_v1_interface(
            get_swipe_gesture: { client, resource, id, _ in
                resourceObject(resource, as: PointerGestures.self).make(.swipe, client: client, manager: resource, id: id)
            },
            get_pinch_gesture: { client, resource, id, _ in
                resourceObject(resource, as: PointerGestures.self).make(.pinch, client: client, manager: resource, id: id)
            },
            release: { _, resource in wl_resource_destroy(resource) },
            get_hold_gesture: { client, resource, id, _ in
                resourceObject(resource, as: PointerGestures.self).make(.hold, client: client, manager: resource, id: id)
            }
        ))
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(compositor.display, CWaylandServerProtocols_zwp_pointer_gestures_v1_interface(), 3, context) {
            client, data, version, id in
            let gestures = Unmanaged<PointerGestures>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_zwp_pointer_gestures_v1_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, gestures.managerTable.pointer, data, nil)
        }
    }

    /// Forgets every gesture object (the display is going away).
    func shutDown() {
        objects = [:]
        surfaces = [:]
    }

    private func make(_ kind: TouchpadGesture.Kind, client: OpaquePointer?, manager: WLResource?, id: UInt32) {
        let interface = switch kind {
        case .swipe: CWaylandServerProtocols_zwp_pointer_gesture_swipe_v1_interface()
        case .pinch: CWaylandServerProtocols_zwp_pointer_gesture_pinch_v1_interface()
        case .hold: CWaylandServerProtocols_zwp_pointer_gesture_hold_v1_interface()
        }
        let table = switch kind {
        case .swipe: UnsafeRawPointer(swipeTable.pointer)
        case .pinch: UnsafeRawPointer(pinchTable.pointer)
        case .hold: UnsafeRawPointer(holdTable.pointer)
        }
        guard let resource = wl_resource_create(client, interface, wl_resource_get_version(manager), id) else {
            return wl_client_post_no_memory(client)
        }
        objects[kind, default: []].append(resource)
        wl_resource_set_implementation(resource, table, Unmanaged.passUnretained(self).toOpaque()) { resource in
            let gestures = resourceObject(resource, as: PointerGestures.self)
            for kind in TouchpadGesture.Kind.allCases { gestures.objects[kind]?.removeAll { $0 == resource } }
        }
    }

    /// Sends one gesture event to the gesture objects of `surface`'s client (a begin goes to the surface under the
    /// pointer; its update and end follow it there). Returns how many events were sent.
    func send(_ gesture: TouchpadGesture, on surface: Surface, time: UInt32) -> Int {
        let kind = gesture.kind
        if case .begin = gesture { surfaces[kind] = surface }
        guard let target = surfaces[kind] else { return 0 }
        let resources = (objects[kind] ?? []).filter { wl_resource_get_client($0) == target.client }
        for resource in resources {
            switch gesture {
            case let .begin(_, fingers):
                let serial = compositor.nextSerial
                switch kind {
                case .swipe: zwp_pointer_gesture_swipe_v1_send_begin(resource, serial, time, target.resource, UInt32(fingers))
                case .pinch: zwp_pointer_gesture_pinch_v1_send_begin(resource, serial, time, target.resource, UInt32(fingers))
                case .hold: zwp_pointer_gesture_hold_v1_send_begin(resource, serial, time, target.resource, UInt32(fingers))
                }
            case let .update(_, dx, dy, scale, rotation):
                switch kind {
                case .swipe:
                    zwp_pointer_gesture_swipe_v1_send_update(resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
                case .pinch:
                    zwp_pointer_gesture_pinch_v1_send_update(
                        resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy), wl_fixed_from_double(scale),
                        wl_fixed_from_double(rotation))
                case .hold: break
                }
            case let .end(_, cancelled):
                let serial = compositor.nextSerial
                let flag: Int32 = cancelled ? 1 : 0
                switch kind {
                case .swipe: zwp_pointer_gesture_swipe_v1_send_end(resource, serial, time, flag)
                case .pinch: zwp_pointer_gesture_pinch_v1_send_end(resource, serial, time, flag)
                case .hold: zwp_pointer_gesture_hold_v1_send_end(resource, serial, time, flag)
                }
            }
        }
        if case .end = gesture { surfaces[kind] = nil }
        return resources.count
    }
}
