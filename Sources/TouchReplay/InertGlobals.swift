// A global toolkits ask for that a headless replay does not need to honour: wl_subcompositor (subsurfaces are
// accepted and keep their own buffers, but are not composited into the picture).
import CWaylandServer
import CWaylandServerProtocols

/// `wl_subcompositor`. Its resources carry an unretained pointer to this object, except `wl_subsurface`, which holds
/// a retained ``Surface``.
final class InertGlobals {
    unowned let compositor: Compositor
    private let subcompositorTable: ImplementationTable<wl_subcompositor_interface>
    private let subsurfaceTable: ImplementationTable<wl_subsurface_interface>

    /// The global of `compositor`.
    init(compositor: Compositor) {
        self.compositor = compositor
        subcompositorTable = ImplementationTable(wl_subcompositor_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            get_subsurface: { client, resource, id, surfaceResource, _ in
                let globals = resourceObject(resource, as: InertGlobals.self)
                let surface = resourceObject(surfaceResource, as: Surface.self)
                guard surface.role == .none else {
                    return CShims_wl_resource_post_error(
                        resource, WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue, "the surface already has a role"
                    )
                }
                guard let subsurface = wl_resource_create(
                    client, CWaylandServerProtocols_wl_subsurface_interface(), wl_resource_get_version(resource), id
                ) else { return wl_client_post_no_memory(client) }
                surface.role = .subsurface
                wl_resource_set_implementation(
                    subsurface, globals.subsurfaceTable.pointer, Unmanaged.passRetained(surface).toOpaque()
                ) { subsurface in
                    Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(subsurface)!).release()
                }
            }
        ))
        subsurfaceTable = ImplementationTable(wl_subsurface_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_position: { _, _, _, _ in },
            place_above: { _, _, _ in },
            place_below: { _, _, _ in },
            set_sync: { _, _ in },
            set_desync: { _, _ in }
        ))
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(compositor.display, CWaylandServerProtocols_wl_subcompositor_interface(), 1, context) {
            client, data, version, id in
            let globals = Unmanaged<InertGlobals>.fromOpaque(data!).takeUnretainedValue()
            globals.makeInert(client: client!, interface: CWaylandServerProtocols_wl_subcompositor_interface(),
                              version: Int32(version), id: id, table: globals.subcompositorTable.pointer)
        }
    }

    /// A resource whose requests go to `table` with this object as user data, and nothing else.
    private func makeInert(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32, table: UnsafeRawPointer) {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            return wl_client_post_no_memory(client)
        }
        wl_resource_set_implementation(resource, table, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
}
