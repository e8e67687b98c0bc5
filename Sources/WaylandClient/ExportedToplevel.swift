// xdg-foreign-unstable-v2: a toplevel exported, so that another client (the desktop portal's dialog) can name it
// as its parent.
import CWaylandClient
import CWaylandProtocols

/// Owns a toplevel's `zxdg_exported_v2`: the compositor answers with a handle, a string another client imports to
/// make its own window a child of this one. Destroyed with the window (the handle is then no longer valid).
final class ExportedToplevel {
    private let exported: OpaquePointer
    private let listener: UnsafeMutablePointer<zxdg_exported_v2_listener>
    /// The handle, once the compositor sent it.
    private(set) var handle: String?
    /// Called when the handle comes.
    var onHandle: ((String) -> Void)?

    /// Exports `surface`, which must have the xdg_toplevel role already.
    init(exporter: OpaquePointer, surface: OpaquePointer) {
        exported = zxdg_exporter_v2_export_toplevel(exporter, surface)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: zxdg_exported_v2_listener(handle: { data, _, handle in
            guard let handle else { return }
            let exported = Unmanaged<ExportedToplevel>.fromOpaque(data!).takeUnretainedValue()
            exported.handle = String(cString: handle)
            exported.onHandle?(String(cString: handle))
        }))
        _ = zxdg_exported_v2_add_listener(exported, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        zxdg_exported_v2_destroy(exported)
        listener.deallocate()
    }
}
