// xdg_wm_base: xdg_surface and xdg_toplevel with configure and ack, and ping; positioners and popups stay inert.
import CWaylandServer
import CWaylandServerProtocols

/// The xdg-shell global. `xdg_surface`, `xdg_toplevel` and `xdg_popup` resources hold a retained ``Surface``;
/// `xdg_wm_base` and `xdg_positioner` resources an unretained pointer to this object.
final class XDGShell {
    unowned let compositor: Compositor
    private let wmBaseTable: ImplementationTable<xdg_wm_base_interface>
    private let positionerTable: ImplementationTable<xdg_positioner_interface>
    private let surfaceTable: ImplementationTable<xdg_surface_interface>
    private let toplevelTable: ImplementationTable<xdg_toplevel_interface>
    private let popupTable: ImplementationTable<xdg_popup_interface>

    /// The version of `xdg_wm_base` announced (3: no configure_bounds, no wm_capabilities).
    static let version: Int32 = 3

    /// The clients' `xdg_wm_base` resources, in the order they were bound.
    private var wmBases: [WLResource] = []
    /// The serial of the last `xdg_wm_base.pong`, from any client.
    private(set) var lastPong: UInt32?

    init(compositor: Compositor) {
        self.compositor = compositor
        wmBaseTable = ImplementationTable(Self.wmBaseImplementation())
        positionerTable = ImplementationTable(Self.positionerImplementation())
        surfaceTable = ImplementationTable(Self.surfaceImplementation())
        toplevelTable = ImplementationTable(Self.toplevelImplementation())
        popupTable = ImplementationTable(Self.popupImplementation())
        wl_global_create(
            compositor.display, CWaylandServerProtocols_xdg_wm_base_interface(), Self.version,
            Unmanaged.passUnretained(self).toOpaque()
        ) { client, data, version, id in
            let shell = Unmanaged<XDGShell>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(client, CWaylandServerProtocols_xdg_wm_base_interface(), Int32(version), id)
            else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, shell.wmBaseTable.pointer, data) { resource in
                resourceObject(resource, as: XDGShell.self).wmBases.removeAll { $0 == resource }
            }
            shell.wmBases.append(resource)
        }
    }

    /// Sends `xdg_wm_base.ping` to the client of `surface` and returns its serial; `nil` when that client has no
    /// `xdg_wm_base`. A client handles events in the order they came, so its pong with this serial (``lastPong``)
    /// says that it has read and dispatched everything sent before the ping.
    func ping(clientOf surface: Surface) -> UInt32? {
        guard let wmBase = wmBases.first(where: { wl_resource_get_client($0) == surface.client }) else { return nil }
        let serial = compositor.nextSerial
        xdg_wm_base_send_ping(wmBase, serial)
        return serial
    }

    /// A resource whose user data is a retained surface, released when the resource goes.
    private func makeSurfaceResource(
        client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32,
        table: UnsafeRawPointer, surface: Surface, destroyed: @escaping @convention(c) (WLResource?) -> Void
    ) -> WLResource? {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_implementation(resource, table, Unmanaged.passRetained(surface).toOpaque(), destroyed)
        return resource
    }

    private func makeXDGSurface(client: OpaquePointer, wmBase: WLResource, id: UInt32, surface: Surface) {
        surface.xdgSurface = makeSurfaceResource(
            client: client, interface: CWaylandServerProtocols_xdg_surface_interface(),
            version: wl_resource_get_version(wmBase), id: id, table: surfaceTable.pointer, surface: surface
        ) { resource in
            let surface = Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(resource)!)
            if surface.takeUnretainedValue().xdgSurface == resource { surface.takeUnretainedValue().xdgSurface = nil }
            surface.release()
        }
    }

    private func makeToplevel(client: OpaquePointer, xdgSurface: WLResource, id: UInt32, surface: Surface) {
        guard surface.role == .none else {
            return CShims_wl_resource_post_error(xdgSurface, XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue, "the surface already has a role")
        }
        surface.xdgToplevel = makeSurfaceResource(
            client: client, interface: CWaylandServerProtocols_xdg_toplevel_interface(),
            version: wl_resource_get_version(xdgSurface), id: id, table: toplevelTable.pointer, surface: surface
        ) { resource in
            let surface = Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(resource)!)
            let object = surface.takeUnretainedValue()
            if object.xdgToplevel == resource { object.xdgToplevel = nil }
            if object.compositor.toplevel === object { object.compositor.toplevel = nil }
            surface.release()
        }
        guard surface.xdgToplevel != nil else { return }
        surface.role = .toplevel
        if compositor.toplevel == nil { compositor.toplevel = surface }
        compositor.output.enter(surface)
    }

    private func makePopup(client: OpaquePointer, xdgSurface: WLResource, id: UInt32, surface: Surface) {
        // Popups are never configured: the trace plays into the toplevel only.
        surface.role = .popup
        _ = makeSurfaceResource(
            client: client, interface: CWaylandServerProtocols_xdg_popup_interface(),
            version: wl_resource_get_version(xdgSurface), id: id, table: popupTable.pointer, surface: surface
        ) { resource in
            Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(resource)!).release()
        }
    }

    /// Maximizes or fullscreens a toplevel, or stops, at once: the output is the configured size, so the size stays
    /// and only the states change. A toplevel not configured yet gets them with its first configure.
    func setWindowState(_ state: xdg_toplevel_state, _ isOn: Bool, of surface: Surface) {
        let wasOn = surface.windowStates.contains(state.rawValue)
        guard isOn != wasOn else { return }
        if isOn { surface.windowStates.append(state.rawValue) } else { surface.windowStates.removeAll { $0 == state.rawValue } }
        if surface.hasSentConfigure { sendConfigure(to: surface) }
    }

    /// Sends the toplevel's configure: the configured size, activated and the states asked for (maximized,
    /// fullscreen), then `xdg_surface.configure`.
    func sendConfigure(to surface: Surface) {
        guard let toplevel = surface.xdgToplevel, let xdgSurface = surface.xdgSurface else { return }
        var states = wl_array()
        wl_array_init(&states)
        defer { wl_array_release(&states) }
        for state in [XDG_TOPLEVEL_STATE_ACTIVATED.rawValue] + surface.windowStates {
            if let slot = wl_array_add(&states, MemoryLayout<UInt32>.size) {
                slot.storeBytes(of: state, as: UInt32.self)
            }
        }
        xdg_toplevel_send_configure(toplevel, compositor.configuredSize.width, compositor.configuredSize.height, &states)
        xdg_surface_send_configure(xdgSurface, compositor.nextSerial)
        surface.hasSentConfigure = true
    }

    /// Asks the toplevel to close (`xdg_toplevel.close`).
    func close(_ surface: Surface) {
        guard let toplevel = surface.xdgToplevel else { return }
        xdg_toplevel_send_close(toplevel)
    }
}

// MARK: - The requests

extension XDGShell {
    /// `xdg_wm_base`: positioners, xdg_surfaces and pongs.
    private static func wmBaseImplementation() -> xdg_wm_base_interface {
        xdg_wm_base_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            create_positioner: { client, resource, id in
                let shell = resourceObject(resource, as: XDGShell.self)
                guard let positioner = wl_resource_create(
                    client, CWaylandServerProtocols_xdg_positioner_interface(), wl_resource_get_version(resource), id
                ) else { return wl_client_post_no_memory(client) }
                wl_resource_set_implementation(positioner, shell.positionerTable.pointer, nil, nil)
            },
            get_xdg_surface: { client, resource, id, surfaceResource in
                let shell = resourceObject(resource, as: XDGShell.self)
                shell.makeXDGSurface(client: client!, wmBase: resource!, id: id, surface: resourceObject(surfaceResource))
            },
            pong: { _, resource, serial in resourceObject(resource, as: XDGShell.self).lastPong = serial }
        )
    }

    /// `xdg_positioner`: every request ignored (popups are never placed).
    private static func positionerImplementation() -> xdg_positioner_interface {
        xdg_positioner_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_size: { _, _, _, _ in },
            set_anchor_rect: { _, _, _, _, _, _ in },
            set_anchor: { _, _, _ in },
            set_gravity: { _, _, _ in },
            set_constraint_adjustment: { _, _, _ in },
            set_offset: { _, _, _, _ in },
            set_reactive: { _, _ in },
            set_parent_size: { _, _, _, _ in },
            set_parent_configure: { _, _, _ in }
        )
    }

    /// `xdg_surface`: roles and the configure acknowledged.
    private static func surfaceImplementation() -> xdg_surface_interface {
        xdg_surface_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            get_toplevel: { client, resource, id in
                let surface = resourceObject(resource, as: Surface.self)
                surface.compositor.shell.makeToplevel(client: client!, xdgSurface: resource!, id: id, surface: surface)
            },
            get_popup: { client, resource, id, _, _ in
                let surface = resourceObject(resource, as: Surface.self)
                surface.compositor.shell.makePopup(client: client!, xdgSurface: resource!, id: id, surface: surface)
            },
            set_window_geometry: { _, _, _, _, _, _ in },
            ack_configure: { _, resource, serial in
                resourceObject(resource, as: Surface.self).ackedConfigureSerial = serial
            }
        )
    }

    /// `xdg_toplevel`: the title, resizes, maximize and minimize counted for `--stats`; the states set at once.
    private static func toplevelImplementation() -> xdg_toplevel_interface {
        xdg_toplevel_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_parent: { _, _, _ in },
            set_title: { _, resource, title in
                let surface = resourceObject(resource, as: Surface.self)
                if surface.compositor.toplevel === surface, let title { surface.compositor.counters.title = String(cString: title) }
            },
            set_app_id: { _, _, _ in },
            show_window_menu: { _, _, _, _, _, _ in },
            move: { _, _, _, _ in },
            resize: { _, resource, _, _, edges in
                // Recorded for --stats; an interactive resize is not carried out.
                let surface = resourceObject(resource, as: Surface.self)
                if surface.compositor.toplevel === surface { surface.compositor.counters.resizeEdges.append(edges) }
            },
            set_max_size: { _, _, _, _ in },
            set_min_size: { _, _, _, _ in },
            set_maximized: { _, resource in
                let surface = resourceObject(resource, as: Surface.self)
                if surface.compositor.toplevel === surface { surface.compositor.counters.maximizeRequests += 1 }
                surface.compositor.shell.setWindowState(XDG_TOPLEVEL_STATE_MAXIMIZED, true, of: surface)
            },
            unset_maximized: { _, resource in
                let surface = resourceObject(resource, as: Surface.self)
                surface.compositor.shell.setWindowState(XDG_TOPLEVEL_STATE_MAXIMIZED, false, of: surface)
            },
            set_fullscreen: { _, resource, _ in
                let surface = resourceObject(resource, as: Surface.self)
                surface.compositor.shell.setWindowState(XDG_TOPLEVEL_STATE_FULLSCREEN, true, of: surface)
            },
            unset_fullscreen: { _, resource in
                let surface = resourceObject(resource, as: Surface.self)
                surface.compositor.shell.setWindowState(XDG_TOPLEVEL_STATE_FULLSCREEN, false, of: surface)
            },
            set_minimized: { _, resource in
                let surface = resourceObject(resource, as: Surface.self)
                if surface.compositor.toplevel === surface { surface.compositor.counters.minimizeRequests += 1 }
            }
        )
    }

    /// `xdg_popup`: inert.
    private static func popupImplementation() -> xdg_popup_interface {
        xdg_popup_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            grab: { _, _, _, _ in },
            reposition: { _, _, _, _ in }
        )
    }
}
