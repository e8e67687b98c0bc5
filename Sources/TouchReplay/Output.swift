// wl_output: one output as large as the configured size times the scale.
import CWaylandServer
import CWaylandServerProtocols

/// The compositor's one output. Its resources carry an unretained pointer to it.
final class Output {
    unowned let compositor: Compositor
    private(set) var resources: [WLResource] = []
    private let table: ImplementationTable<wl_output_interface>

    /// The version of `wl_output` announced (3: scale, done and release; no name or description).
    static let version: Int32 = 3

    init(compositor: Compositor) {
        self.compositor = compositor
        table = ImplementationTable(wl_output_interface(release: { _, resource in wl_resource_destroy(resource) }))
        wl_global_create(
            compositor.display, CWaylandServerProtocols_wl_output_interface(), Self.version,
            Unmanaged.passUnretained(self).toOpaque()
        ) { client, data, version, id in
            let output = Unmanaged<Output>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(client, CWaylandServerProtocols_wl_output_interface(), Int32(version), id)
            else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, output.table.pointer, data) { resource in
                let output = resourceObject(resource, as: Output.self)
                output.resources.removeAll { $0 == resource }
            }
            output.resources.append(resource)
            output.describe(to: resource)
            // A window already shown by this client is on this output.
            for surface in output.compositor.surfaces where surface.client == client && surface.role != .none {
                wl_surface_send_enter(surface.resource, resource)
            }
        }
    }

    private func describe(to resource: WLResource) {
        let size = compositor.configuredSize
        let scale = compositor.outputScale
        let pixels = (width: size.width * scale, height: size.height * scale)
        // About 96 dots per inch at scale 1.
        let millimetres = (width: Int32(Double(size.width) * 25.4 / 96), height: Int32(Double(size.height) * 25.4 / 96))
        wl_output_send_geometry(
            resource, 0, 0, millimetres.width, millimetres.height, Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue),
            "touch-replay", "headless", Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue)
        )
        wl_output_send_mode(
            resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue, pixels.width, pixels.height,
            Int32((compositor.refreshRate * 1000).rounded())
        )
        let version = wl_resource_get_version(resource)
        if version >= 2 {
            wl_output_send_scale(resource, scale)
            wl_output_send_done(resource)
        }
    }

    /// Tells the surface's client that the surface is on the output (`wl_surface.enter`).
    func enter(_ surface: Surface) {
        for resource in resources where wl_resource_get_client(resource) == surface.client {
            wl_surface_send_enter(surface.resource, resource)
        }
    }
}
