// Server-side decorations through zxdg_decoration_manager_v1, where the compositor offers it (sway; not weston 10).
import CWaylandClient
import CWaylandProtocols

/// Who draws a window's title bar and borders.
public enum DecorationMode: Sendable, Equatable {
    /// The compositor draws them (xdg-decoration, server-side mode).
    case serverSide
    /// Nobody but the program: the compositor offers no server-side decorations, or refused them.
    case clientSide
}

/// Owns one `zxdg_toplevel_decoration_v1` and asks for server-side mode (or client-side, when the program prefers).
final class Decoration {
    private let pointer: OpaquePointer
    private let listener: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>
    /// The mode the compositor chose, once it said.
    private(set) var mode: DecorationMode?
    var onModeChanged: ((DecorationMode) -> Void)?

    init(manager: OpaquePointer, toplevel: OpaquePointer, preferred: DecorationMode = .serverSide) {
        pointer = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { data, _, mode in
            let decoration = Unmanaged<Decoration>.fromOpaque(data!).takeUnretainedValue()
            let chosen: DecorationMode =
                mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue ? .serverSide : .clientSide
            decoration.mode = chosen
            decoration.onModeChanged?(chosen)
        }))
        zxdg_toplevel_decoration_v1_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
        zxdg_toplevel_decoration_v1_set_mode(
            pointer, preferred == .serverSide ? ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
                                              : ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue)
    }

    deinit {
        zxdg_toplevel_decoration_v1_destroy(pointer)
        listener.deallocate()
    }
}
