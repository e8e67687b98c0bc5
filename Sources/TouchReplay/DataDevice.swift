// wl_data_device_manager: no clipboard (nothing is ever the selection), and a trace's "drag" lines as another
// program's drag and drop into the toplevel: an offer of the line's types, whose content is the line's data.
import CShims
import CWaylandServer
import CWaylandServerProtocols
import Glibc
import SeatStream

/// The data device manager and its data sources and devices. Sources and `set_selection` are accepted and ignored
/// (the clipboard holds nothing, as before); `start_drag` too (a client's own drags go nowhere).
///
/// A trace's drag, one ``DragEvent`` at a time, goes to the data devices of the toplevel's client:
/// - `enter`: a new `wl_data_offer` per device (`data_offer`, an `offer` per MIME type, `source_actions` copy from
///   version 3), then `enter` with a serial, the surface and the place;
/// - `motion`: `motion`;
/// - `leave`: `leave`;
/// - `drop`: `drop` when the client accepted a type (`wl_data_offer.accept`) and, from version 3, chose copy
///   (`set_actions`); otherwise the drop is refused as compositors refuse it: `leave` instead.
///
/// `receive` writes the line's data, whatever the type asked, into the client's descriptor without blocking, and
/// closes it. `finish` after a drop is counted; before one, or without an accepted type, it is the protocol's
/// `invalid_finish`. Resources carry an unretained pointer to this object; an offer's, to its ``DragOffer``.
final class DataDevices {
    unowned let compositor: Compositor
    private let managerTable: ImplementationTable<wl_data_device_manager_interface>
    private let sourceTable: ImplementationTable<wl_data_source_interface>
    private let deviceTable: ImplementationTable<wl_data_device_interface>
    private let offerTable: ImplementationTable<wl_data_offer_interface>
    /// Every client's data devices.
    private var devices: [WLResource] = []
    /// The drag over the toplevel, from its enter until the next enter.
    private var drag: DragOffer?

    /// The global, `wl_data_device_manager` v3.
    init(compositor: Compositor) {
        self.compositor = compositor
        managerTable = ImplementationTable(wl_data_device_manager_interface(
            create_data_source: { client, resource, id in
                let devices = resourceObject(resource, as: DataDevices.self)
                devices.make(client: client!, interface: CWaylandServerProtocols_wl_data_source_interface(),
                             version: wl_resource_get_version(resource), id: id, table: devices.sourceTable.pointer)
            },
            get_data_device: { client, resource, id, _ in
                let devices = resourceObject(resource, as: DataDevices.self)
                guard let device = devices.make(client: client!, interface: CWaylandServerProtocols_wl_data_device_interface(),
                                                version: wl_resource_get_version(resource), id: id,
                                                table: devices.deviceTable.pointer, onDestroy: { resource in
                    let devices = resourceObject(resource, as: DataDevices.self)
                    devices.devices.removeAll { $0 == resource }
                    devices.drag?.devices.removeAll { $0 == resource }
                }) else { return }
                devices.devices.append(device)
            }
        ))
        sourceTable = ImplementationTable(wl_data_source_interface(
            offer: { _, _, _ in },
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_actions: { _, _, _ in }
        ))
        deviceTable = ImplementationTable(wl_data_device_interface(
            start_drag: { _, _, _, _, _, _ in },
            set_selection: { _, _, _, _ in },
            release: { _, resource in wl_resource_destroy(resource) }
        ))
        offerTable = ImplementationTable(wl_data_offer_interface(
            accept: { _, resource, _, type in
                resourceObject(resource, as: DragOffer.self).accepted = type.map { String(cString: $0) }
            },
            receive: { _, resource, type, fd in
                resourceObject(resource, as: DragOffer.self).write(to: fd)
            },
            destroy: { _, resource in wl_resource_destroy(resource) },
            finish: { _, resource in
                let offer = resourceObject(resource, as: DragOffer.self)
                guard offer.state == .dropped, offer.accepted != nil else {
                    return CShims_wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_FINISH.rawValue,
                                                         "finish before a drop, or without an accepted type")
                }
                offer.state = .finished
                offer.compositor?.counters.dropsFinished += 1
            },
            set_actions: { _, resource, actions, preferred in
                let copy = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
                let all = copy | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue
                guard actions & ~all == 0 else {
                    return CShims_wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK.rawValue,
                                                         "actions outside copy, move and ask")
                }
                guard preferred & (preferred &- 1) == 0, preferred & ~all == 0 else {
                    return CShims_wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_ACTION.rawValue,
                                                         "the preferred action is not one action")
                }
                // The dragging program offers copy only.
                let offer = resourceObject(resource, as: DragOffer.self)
                offer.choosesCopy = actions & copy != 0
                wl_data_offer_send_action(resource, offer.choosesCopy ? copy : WL_DATA_DEVICE_MANAGER_DND_ACTION_NONE.rawValue)
            }
        ))
        wl_global_create(compositor.display, CWaylandServerProtocols_wl_data_device_manager_interface(), 3,
                         Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            let devices = Unmanaged<DataDevices>.fromOpaque(data!).takeUnretainedValue()
            devices.make(client: client!, interface: CWaylandServerProtocols_wl_data_device_manager_interface(),
                         version: Int32(version), id: id, table: devices.managerTable.pointer)
        }
    }

    /// Drops every reference to resources; the display is gone.
    func shutDown() {
        devices = []
        drag = nil
    }

    /// Sends one drag event to `surface`'s client at wire time `time`, `location`s in surface points; returns how
    /// many events went out.
    func send(_ event: DragEvent, on surface: Surface, time: UInt32) -> Int {
        let targets = devices.filter { wl_resource_get_client($0) == surface.client }
        switch event {
        case let .enter(location, mimeTypes, data):
            if let drag, drag.state == .over { leave(drag) }
            let offer = DragOffer(compositor: compositor, mimeTypes: mimeTypes, data: data)
            drag = offer
            let serial = compositor.nextSerial
            var sent = 0
            for device in targets {
                let version = wl_resource_get_version(device)
                guard let resource = wl_resource_create(surface.client, CWaylandServerProtocols_wl_data_offer_interface(),
                                                        version, 0) else {
                    wl_client_post_no_memory(surface.client)
                    continue
                }
                wl_resource_set_implementation(resource, offerTable.pointer, Unmanaged.passRetained(offer).toOpaque()) { resource in
                    let offer = Unmanaged<DragOffer>.fromOpaque(wl_resource_get_user_data(resource)!)
                    offer.takeUnretainedValue().resources.removeAll { $0 == resource }
                    offer.release()
                }
                offer.resources.append(resource)
                offer.devices.append(device)
                wl_data_device_send_data_offer(device, resource)
                for type in mimeTypes { wl_data_offer_send_offer(resource, type) }
                if version >= 3 { wl_data_offer_send_source_actions(resource, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue) }
                wl_data_device_send_enter(device, serial, surface.resource, wl_fixed_from_double(location.x),
                                          wl_fixed_from_double(location.y), resource)
                sent += 3 + mimeTypes.count
            }
            return sent
        case let .motion(location):
            guard let drag, drag.state == .over else { return 0 }
            for device in drag.devices {
                wl_data_device_send_motion(device, time, wl_fixed_from_double(location.x), wl_fixed_from_double(location.y))
            }
            return drag.devices.count
        case .leave:
            guard let drag, drag.state == .over else { return 0 }
            leave(drag)
            return drag.devices.count
        case .drop:
            guard let drag, drag.state == .over else { return 0 }
            let choseCopy = drag.devices.allSatisfy { wl_resource_get_version($0) < 3 } || drag.choosesCopy
            guard drag.accepted != nil, choseCopy else {
                // Nothing accepted: the drop is refused, as compositors refuse it.
                compositor.counters.dropsRefused += 1
                leave(drag)
                return drag.devices.count
            }
            drag.state = .dropped
            compositor.counters.drops += 1
            for device in drag.devices { wl_data_device_send_drop(device) }
            return drag.devices.count
        }
    }

    private func leave(_ drag: DragOffer) {
        drag.state = .left
        for device in drag.devices { wl_data_device_send_leave(device) }
    }

    /// A resource whose requests go to `table` with this object as user data.
    @discardableResult
    private func make(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32,
                      table: UnsafeRawPointer, onDestroy: wl_resource_destroy_func_t? = nil) -> WLResource? {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_implementation(resource, table, Unmanaged.passUnretained(self).toOpaque(), onDestroy)
        return resource
    }
}

/// One drag's offer: its types and content, and what the client made of it. Each `wl_data_offer` resource of it
/// holds a retained reference.
final class DragOffer {
    /// Where the drag is: over the surface, left (or refused), dropped, or dropped and finished.
    enum State { case over, left, dropped, finished }

    weak var compositor: Compositor?
    let mimeTypes: [String]
    let data: [UInt8]
    var state = State.over
    /// The type the client last accepted (`nil`: none).
    var accepted: String?
    /// Whether the client's `set_actions` takes copy, the one action offered.
    var choosesCopy = false
    /// The offers, one per data device of the client, and those devices.
    var resources: [WLResource] = []
    var devices: [WLResource] = []

    init(compositor: Compositor, mimeTypes: [String], data: [UInt8]) {
        self.compositor = compositor
        self.mimeTypes = mimeTypes
        self.data = data
    }

    /// Writes the content into `fd` as far as it goes without blocking (a trace's data fits a pipe), then closes it.
    func write(to fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var offset = 0
        while offset < data.count {
            let count = data[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(fd)
    }
}
