// zxdg_exporter_v2 (xdg-foreign-unstable-v2): a toplevel exported gets a handle at once, as mutter and KWin give
// one, so a client can name its window as the parent of the portal's dialogs. Nothing imports it here.
import CWaylandServer
import CWaylandServerProtocols

/// The xdg-foreign exporter global: each `export_toplevel` gets a `zxdg_exported_v2` and the handle
/// `touch-replay-N` (N counting from 1). Resources carry an unretained pointer to this object.
final class XDGForeign {
    unowned let compositor: Compositor
    private let exporterTable: ImplementationTable<zxdg_exporter_v2_interface>
    private let exportedTable: ImplementationTable<zxdg_exported_v2_interface>
    /// How many toplevels were exported so far.
    private var count = 0

    init(compositor: Compositor) {
        self.compositor = compositor
        exportedTable = ImplementationTable(zxdg_exported_v2_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
        exporterTable = ImplementationTable(zxdg_exporter_v2_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            export_toplevel: { client, resource, id, _ in
                resourceObject(resource, as: XDGForeign.self).export(client: client, exporter: resource, id: id)
            }
        ))
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(compositor.display, CWaylandServerProtocols_zxdg_exporter_v2_interface(), 1, context) {
            client, data, version, id in
            let foreign = Unmanaged<XDGForeign>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_zxdg_exporter_v2_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, foreign.exporterTable.pointer, data, nil)
        }
    }

    private func export(client: OpaquePointer?, exporter: WLResource?, id: UInt32) {
        guard let resource = wl_resource_create(client, CWaylandServerProtocols_zxdg_exported_v2_interface(),
                                                wl_resource_get_version(exporter), id)
        else { return wl_client_post_no_memory(client) }
        wl_resource_set_implementation(resource, exportedTable.pointer, Unmanaged.passUnretained(self).toOpaque(), nil)
        count += 1
        zxdg_exported_v2_send_handle(resource, "touch-replay-\(count)")
    }
}
