// zwp_tablet_manager_v2 (version 1): one tablet on seat0 with a pen and an eraser, playing a trace's "tablet" lines
// as mutter, KWin and sway send a pen's events.
import CWaylandServer
import CWaylandServerProtocols
import Geometry
import SeatInput

/// The tablet global, and each client's tablet seat, tablet and tools. Resources carry an unretained pointer to
/// this object.
///
/// Every client that asks for the seat's tablets gets `tablet_added` (name, id, path, done) and `tool_added` for a
/// pen and an eraser (type, capabilities pressure, tilt and distance, done). Trace events go to the tool of the type
/// that last came into proximity, on the surface it came in over, as they are: a malformed trace reaches the client
/// malformed, as a test of the client wants it. One exception: a proximity-in of the other end while one end is near
/// sends that end's proximity-out (and its frame) first, since one stylus cannot have both ends near.
final class Tablets {
    /// The name, USB ids and device path the tablet announces.
    enum Identity {
        static let name = "touch-replay tablet"
        /// No vendor: zeros, as the protocol allows for a device that is not USB.
        static let vendorID: UInt32 = 0
        static let productID: UInt32 = 0
        static let path = "/dev/input/touch-replay-tablet"
    }

    /// One client's objects for seat0's tablet.
    private struct ClientObjects {
        let tabletSeat: WLResource
        var tablet: WLResource?
        var tools: [TabletToolType: WLResource] = [:]
        var client: OpaquePointer? { wl_resource_get_client(tabletSeat) }
    }

    unowned let compositor: Compositor
    private let managerTable: ImplementationTable<zwp_tablet_manager_v2_interface>
    private let tabletSeatTable: ImplementationTable<zwp_tablet_seat_v2_interface>
    private let tabletTable: ImplementationTable<zwp_tablet_v2_interface>
    private let toolTable: ImplementationTable<zwp_tablet_tool_v2_interface>
    private var objects: [ClientObjects] = []
    /// The tool in proximity (or the last one that was) and the surface it came in over.
    private var tool: TabletToolType = .pen
    private var surface: Surface?
    /// Whether ``tool`` is in proximity (a proximity-in without its proximity-out yet).
    private var isInProximity = false
    /// Whether events went out since the last `frame`: the end of a group sends one.
    private var isFrameOpen = false
    /// The tilt sent since the tool came near: `tilt` carries both axes, so a line that gives one keeps the other.
    private var tilt = (x: 0.0, y: 0.0)

    init(compositor: Compositor) {
        self.compositor = compositor
        tabletSeatTable = ImplementationTable(zwp_tablet_seat_v2_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
        tabletTable = ImplementationTable(zwp_tablet_v2_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
        toolTable = ImplementationTable(zwp_tablet_tool_v2_interface(
            set_cursor: { _, _, _, _, _, _ in },
            destroy: { _, resource in wl_resource_destroy(resource) }
        ))
        managerTable = ImplementationTable(zwp_tablet_manager_v2_interface(
            get_tablet_seat: { client, resource, id, _ in
                resourceObject(resource, as: Tablets.self).makeTabletSeat(client: client, manager: resource, id: id)
            },
            destroy: { _, resource in wl_resource_destroy(resource) }
        ))
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(compositor.display, CWaylandServerProtocols_zwp_tablet_manager_v2_interface(), 1, context) {
            client, data, version, id in
            let tablets = Unmanaged<Tablets>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_zwp_tablet_manager_v2_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, tablets.managerTable.pointer, data, nil)
        }
    }

    /// Forgets every resource (the display is going away).
    func shutDown() {
        objects = []
        surface = nil
    }

    // MARK: - Objects

    /// Makes a resource with this object as its user data; its destruction is forgotten in ``objects``.
    private func makeResource(client: OpaquePointer?, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32,
                              table: UnsafeRawPointer) -> WLResource? {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_implementation(resource, table, Unmanaged.passUnretained(self).toOpaque()) { resource in
            resourceObject(resource, as: Tablets.self).forget(resource!)
        }
        return resource
    }

    private func makeTabletSeat(client: OpaquePointer?, manager: WLResource?, id: UInt32) {
        let version = wl_resource_get_version(manager)
        guard let tabletSeat = makeResource(
            client: client, interface: CWaylandServerProtocols_zwp_tablet_seat_v2_interface(), version: version, id: id,
            table: UnsafeRawPointer(tabletSeatTable.pointer)
        ) else { return }
        var entry = ClientObjects(tabletSeat: tabletSeat)
        // Server-made objects (new_id in an event) get id 0: libwayland picks one from the server's range.
        if let tablet = makeResource(
            client: client, interface: CWaylandServerProtocols_zwp_tablet_v2_interface(), version: version, id: 0,
            table: UnsafeRawPointer(tabletTable.pointer)
        ) {
            zwp_tablet_seat_v2_send_tablet_added(tabletSeat, tablet)
            zwp_tablet_v2_send_name(tablet, Identity.name)
            zwp_tablet_v2_send_id(tablet, Identity.vendorID, Identity.productID)
            zwp_tablet_v2_send_path(tablet, Identity.path)
            zwp_tablet_v2_send_done(tablet)
            entry.tablet = tablet
        }
        for type in TabletToolType.allCases {
            guard let tool = makeResource(
                client: client, interface: CWaylandServerProtocols_zwp_tablet_tool_v2_interface(), version: version, id: 0,
                table: UnsafeRawPointer(toolTable.pointer)
            ) else { continue }
            zwp_tablet_seat_v2_send_tool_added(tabletSeat, tool)
            let protocolType = switch type {
            case .pen: ZWP_TABLET_TOOL_V2_TYPE_PEN
            case .eraser: ZWP_TABLET_TOOL_V2_TYPE_ERASER
            }
            zwp_tablet_tool_v2_send_type(tool, protocolType.rawValue)
            for capability in [ZWP_TABLET_TOOL_V2_CAPABILITY_PRESSURE, ZWP_TABLET_TOOL_V2_CAPABILITY_TILT,
                               ZWP_TABLET_TOOL_V2_CAPABILITY_DISTANCE] {
                zwp_tablet_tool_v2_send_capability(tool, capability.rawValue)
            }
            zwp_tablet_tool_v2_send_done(tool)
            entry.tools[type] = tool
        }
        objects.append(entry)
    }

    private func forget(_ resource: WLResource) {
        objects.removeAll { $0.tabletSeat == resource }
        for index in objects.indices {
            if objects[index].tablet == resource { objects[index].tablet = nil }
            for (type, tool) in objects[index].tools where tool == resource { objects[index].tools[type] = nil }
        }
    }

    // MARK: - Events

    /// Sends one trace event to the client of `surface` (a proximity-in's surface; every other event goes where the
    /// tool came in). Returns how many protocol events were sent.
    func send(_ event: TabletEvent, on surface: Surface, time: UInt32) -> Int {
        var sent = 0
        if case let .proximityIn(type, _) = event {
            // One stylus cannot have both ends near: the other end leaves first, in a frame of its own.
            if type != tool, isInProximity, let old = self.surface {
                sent += send(.proximityOut, on: old, time: time) + send(.frame, on: old, time: time)
            }
            tool = type
            self.surface = surface
            isInProximity = true
            tilt = (0, 0)
        } else if case .proximityOut = event {
            isInProximity = false
        }
        let target = self.surface ?? surface
        for entry in objects where entry.client == target.client {
            guard let toolResource = entry.tools[tool] else { continue }
            switch event {
            case let .proximityIn(_, location):
                guard let tablet = entry.tablet else { continue }
                zwp_tablet_tool_v2_send_proximity_in(toolResource, compositor.nextSerial, tablet, target.resource)
                sent += 1 + sendMotion(toolResource, location: location, axes: TabletAxes())
            case .proximityOut:
                zwp_tablet_tool_v2_send_proximity_out(toolResource)
                sent += 1
            case .down:
                zwp_tablet_tool_v2_send_down(toolResource, compositor.nextSerial)
                sent += 1
            case let .motion(location, axes):
                sent += sendMotion(toolResource, location: location, axes: axes)
            case .up:
                zwp_tablet_tool_v2_send_up(toolResource)
                sent += 1
            case let .button(button, isPressed):
                let state = isPressed ? ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED : ZWP_TABLET_TOOL_V2_BUTTON_STATE_RELEASED
                zwp_tablet_tool_v2_send_button(toolResource, compositor.nextSerial, button.code, state.rawValue)
                sent += 1
            case .frame:
                zwp_tablet_tool_v2_send_frame(toolResource, time)
                sent += 1
            }
        }
        if case .frame = event { isFrameOpen = false } else if sent > 0 { isFrameOpen = true }
        return sent
    }

    /// Ends a group of trace events (one trace time) with a `frame` when the trace gave none: tablet-v2's events
    /// carry no time of their own, so a client holds them until the frame that dates them. Returns the events sent.
    func closeFrame(time: UInt32) -> Int {
        guard isFrameOpen, let surface else { return 0 }
        return send(.frame, on: surface, time: time)
    }

    /// `motion`, then `pressure`, `distance` and `tilt` for the axes given (0…1 scaled to 0…65535).
    private func sendMotion(_ tool: WLResource, location: Point, axes: TabletAxes) -> Int {
        zwp_tablet_tool_v2_send_motion(tool, wl_fixed_from_double(location.x), wl_fixed_from_double(location.y))
        var sent = 1
        if let pressure = axes.pressure {
            zwp_tablet_tool_v2_send_pressure(tool, Self.normalized(pressure))
            sent += 1
        }
        if let distance = axes.distance {
            zwp_tablet_tool_v2_send_distance(tool, Self.normalized(distance))
            sent += 1
        }
        if axes.tiltX != nil || axes.tiltY != nil {
            tilt = (axes.tiltX ?? tilt.x, axes.tiltY ?? tilt.y)
            zwp_tablet_tool_v2_send_tilt(tool, wl_fixed_from_double(tilt.x), wl_fixed_from_double(tilt.y))
            sent += 1
        }
        return sent
    }

    /// A fraction 0…1 as the protocol's 0…65535.
    static func normalized(_ fraction: Double) -> UInt32 {
        UInt32((min(max(fraction, 0), 1) * 65535).rounded())
    }
}
