// A surface's one wp_viewport: the destination its buffer is scaled to, set only when it changes.
import CWaylandClient
import CWaylandProtocols

/// Owns a surface's `wp_viewport` (a surface may have only one: a second is the protocol's `viewport_exists`), shared
/// by fractional scale (``FractionalScale``) and the reduced frames of a zoom step (``ReducedFrames``).
final class Viewport {
    private let pointer: OpaquePointer
    /// The destination last sent (`nil`: none, or unset), so that an unchanged one sends nothing.
    private var destination: (width: Int32, height: Int32)?
    /// The source rectangle last sent, in whole surface-local units (`nil`: none, or unset).
    private var source: (x: Int32, y: Int32, width: Int32, height: Int32)?

    init(viewporter: OpaquePointer, surface: OpaquePointer) {
        pointer = wp_viewporter_get_viewport(viewporter, surface)!
    }

    deinit {
        wp_viewport_destroy(pointer)
    }

    /// `wp_viewport.set_destination(width, height)` when it differs from the last one sent (double-buffered: it
    /// applies at the next commit); `nil` unsets it (`-1, -1`).
    func setDestination(_ size: (width: Int32, height: Int32)?) {
        switch (size, destination) {
        case let (size?, current?) where size == current: return
        case (nil, nil): return
        default: break
        }
        wp_viewport_set_destination(pointer, size?.width ?? -1, size?.height ?? -1)
        destination = size
    }

    /// `wp_viewport.set_source` of a rectangle in whole surface-local units (buffer pixels at buffer scale 1) when
    /// it differs from the last one sent (double-buffered: it applies at the next commit); `nil` unsets it (all
    /// `-1`): the whole buffer.
    func setSource(_ rect: (x: Int32, y: Int32, width: Int32, height: Int32)?) {
        switch (rect, source) {
        case let (rect?, current?) where rect == current: return
        case (nil, nil): return
        default: break
        }
        if let rect {
            wp_viewport_set_source(pointer, wl_fixed_from_int(rect.x), wl_fixed_from_int(rect.y),
                                   wl_fixed_from_int(rect.width), wl_fixed_from_int(rect.height))
        } else {
            let unset = wl_fixed_from_int(-1)
            wp_viewport_set_source(pointer, unset, unset, unset, unset)
        }
        source = rect
    }
}
