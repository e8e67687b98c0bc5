// `--fractional-scale X`: wp_fractional_scale_manager_v1. Every wp_fractional_scale_v1 gets
// preferred_scale(round(X * 120)) at once. The viewport a client maps its buffer with is wp_viewporter's
// (Viewporter.swift), offered whatever the scale.
import CWaylandServer
import CWaylandServerProtocols

/// The fractional-scale global and its resources, which carry an unretained pointer to this object.
final class FractionalScaleGlobals {
    unowned let compositor: Compositor
    /// The preferred scale sent, in 120ths.
    let preferredScale120: UInt32
    private let managerTable: ImplementationTable<wp_fractional_scale_manager_v1_interface>
    private let fractionalTable: ImplementationTable<wp_fractional_scale_v1_interface>

    /// `round(scale * 120)`, the wire form of a fractional scale.
    static func wireScale(_ scale: Double) -> UInt32 { UInt32((scale * 120).rounded()) }

    init(compositor: Compositor, scale: Double) {
        self.compositor = compositor
        preferredScale120 = Self.wireScale(scale)
        managerTable = ImplementationTable(wp_fractional_scale_manager_v1_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            get_fractional_scale: { client, resource, id, _ in
                guard let fractional = wl_resource_create(
                    client, CWaylandServerProtocols_wp_fractional_scale_v1_interface(),
                    wl_resource_get_version(resource), id
                ) else { return wl_client_post_no_memory(client) }
                let globals = resourceObject(resource, as: FractionalScaleGlobals.self)
                wl_resource_set_implementation(
                    fractional, globals.fractionalTable.pointer, Unmanaged.passUnretained(globals).toOpaque(), nil
                )
                wp_fractional_scale_v1_send_preferred_scale(fractional, globals.preferredScale120)
            }
        ))
        fractionalTable = ImplementationTable(wp_fractional_scale_v1_interface(
            destroy: { _, resource in wl_resource_destroy(resource) }
        ))

        guard CWaylandServerProtocols_has_fractional_scale() else { return }
        wl_global_create(
            compositor.display, CWaylandServerProtocols_wp_fractional_scale_manager_v1_interface(), 1,
            Unmanaged.passUnretained(self).toOpaque()
        ) { client, data, version, id in
            let globals = Unmanaged<FractionalScaleGlobals>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_wp_fractional_scale_manager_v1_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, globals.managerTable.pointer, data, nil)
        }
    }
}
