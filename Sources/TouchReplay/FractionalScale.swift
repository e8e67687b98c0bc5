// `--fractional-scale X`: wp_viewporter and wp_fractional_scale_manager_v1. Every wp_fractional_scale_v1 gets
// preferred_scale(round(X * 120)) at once; every wp_viewport records its destination on its surface (double-buffered,
// applied at commit). The PNG stays the buffer as committed; `--stats` reports the toplevel's viewport destination.
import CWaylandServer
import CWaylandServerProtocols

/// The two globals and their resources. Resources carry an unretained pointer to this object, except
/// `wp_viewport`, which holds a retained ``Surface``.
final class FractionalScaleGlobals {
    unowned let compositor: Compositor
    /// The preferred scale sent, in 120ths.
    let preferredScale120: UInt32
    private let viewporterTable: ImplementationTable<wp_viewporter_interface>
    private let viewportTable: ImplementationTable<wp_viewport_interface>
    private let managerTable: ImplementationTable<wp_fractional_scale_manager_v1_interface>
    private let fractionalTable: ImplementationTable<wp_fractional_scale_v1_interface>

    /// `round(scale * 120)`, the wire form of a fractional scale.
    static func wireScale(_ scale: Double) -> UInt32 { UInt32((scale * 120).rounded()) }

    init(compositor: Compositor, scale: Double) {
        self.compositor = compositor
        preferredScale120 = Self.wireScale(scale)
        viewporterTable = ImplementationTable(wp_viewporter_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            get_viewport: { client, resource, id, surfaceResource in
                let surface = resourceObject(surfaceResource, as: Surface.self)
                guard let viewport = wl_resource_create(
                    client, CWaylandServerProtocols_wp_viewport_interface(), wl_resource_get_version(resource), id
                ) else { return wl_client_post_no_memory(client) }
                let globals = resourceObject(resource, as: FractionalScaleGlobals.self)
                wl_resource_set_implementation(
                    viewport, globals.viewportTable.pointer, Unmanaged.passRetained(surface).toOpaque()
                ) { viewport in
                    let surface = Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(viewport)!)
                    // Destroying the viewport unsets the destination at the next commit.
                    surface.takeUnretainedValue().pendingViewportDestination = .some(nil)
                    surface.release()
                }
            }
        ))
        viewportTable = ImplementationTable(wp_viewport_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_source: { _, _, _, _, _, _ in },
            set_destination: { _, resource, width, height in
                let surface = resourceObject(resource, as: Surface.self)
                if width == -1 && height == -1 {
                    surface.pendingViewportDestination = .some(nil)
                } else if width > 0 && height > 0 {
                    surface.pendingViewportDestination = .some((width, height))
                } else {
                    CShims_wl_resource_post_error(
                        resource, WP_VIEWPORT_ERROR_BAD_VALUE.rawValue, "destination must be positive or -1, -1"
                    )
                }
            }
        ))
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

        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(compositor.display, CWaylandServerProtocols_wp_viewporter_interface(), 1, context) {
            client, data, version, id in
            let globals = Unmanaged<FractionalScaleGlobals>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_wp_viewporter_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, globals.viewporterTable.pointer, data, nil)
        }
        guard CWaylandServerProtocols_has_fractional_scale() else { return }
        wl_global_create(
            compositor.display, CWaylandServerProtocols_wp_fractional_scale_manager_v1_interface(), 1, context
        ) { client, data, version, id in
            let globals = Unmanaged<FractionalScaleGlobals>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_wp_fractional_scale_manager_v1_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, globals.managerTable.pointer, data, nil)
        }
    }
}
