// xdg-foreign: a toplevel exported, so that another client (the desktop portal's dialog) can name it as its parent.
// Version 2 where the compositor offers it (KWin, touch-replay), else version 1 (mutter 43): the same request and
// event, and the same handle, under another name.
import CWaylandClient
import CWaylandProtocols

/// Owns a toplevel's `zxdg_exported_v2` (or `zxdg_exported_v1`): the compositor answers with a handle, a string another
/// client imports to make its own window a child of this one. Destroyed with the window (the handle is then no longer
/// valid).
final class ExportedToplevel {
    /// The compositor's exporter, by protocol version.
    enum Exporter {
        /// `zxdg_exporter_v2`.
        case v2(OpaquePointer)
        /// `zxdg_exporter_v1`.
        case v1(OpaquePointer)
    }

    private enum Exported {
        case v2(OpaquePointer, UnsafeMutablePointer<zxdg_exported_v2_listener>)
        case v1(OpaquePointer, UnsafeMutablePointer<zxdg_exported_v1_listener>)
    }

    private var exported: Exported?
    /// The handle, once the compositor sent it.
    private(set) var handle: String?
    /// Called when the handle comes.
    var onHandle: ((String) -> Void)?

    /// Exports `surface`, which must have the xdg_toplevel role already.
    init(exporter: Exporter, surface: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        switch exporter {
        case .v2(let exporter):
            let proxy = zxdg_exporter_v2_export_toplevel(exporter, surface)!
            let listener = UnsafeMutablePointer<zxdg_exported_v2_listener>.allocate(capacity: 1)
            listener.initialize(to: zxdg_exported_v2_listener(handle: { data, _, handle in
                ExportedToplevel.received(handle, context: data)
            }))
            _ = zxdg_exported_v2_add_listener(proxy, listener, context)
            exported = .v2(proxy, listener)
        case .v1(let exporter):
            let proxy = zxdg_exporter_v1_export(exporter, surface)!
            let listener = UnsafeMutablePointer<zxdg_exported_v1_listener>.allocate(capacity: 1)
            listener.initialize(to: zxdg_exported_v1_listener(handle: { data, _, handle in
                ExportedToplevel.received(handle, context: data)
            }))
            _ = zxdg_exported_v1_add_listener(proxy, listener, context)
            exported = .v1(proxy, listener)
        }
    }

    private static func received(_ handle: UnsafePointer<CChar>?, context: UnsafeMutableRawPointer?) {
        guard let handle, let context else { return }
        let exported = Unmanaged<ExportedToplevel>.fromOpaque(context).takeUnretainedValue()
        exported.handle = String(cString: handle)
        exported.onHandle?(String(cString: handle))
    }

    deinit {
        switch exported {
        case .v2(let proxy, let listener):
            zxdg_exported_v2_destroy(proxy)
            listener.deallocate()
        case .v1(let proxy, let listener):
            zxdg_exported_v1_destroy(proxy)
            listener.deallocate()
        case nil:
            break
        }
    }
}
