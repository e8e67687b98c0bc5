// wp_fractional_scale_v1 + wp_viewport for one surface: the compositor's preferred fractional scale in, the
// viewport destination (the logical size) out.
import CWaylandClient
import CWaylandProtocols

/// Owns a surface's `wp_fractional_scale_v1` and uses its ``Viewport`` (made only when the compositor offers both
/// `wp_fractional_scale_manager_v1` and `wp_viewporter`).
///
/// The window renders at the smallest integer scale ≥ the preferred scale (``bufferScale(preferredScale120:)``),
/// keeps `wl_surface.set_buffer_scale` at 1 and sets the viewport destination to its logical size: the compositor
/// maps the buffer onto that size and scales it down to the output's fractional scale itself.
final class FractionalScale {
    private let fractional: OpaquePointer
    private let viewport: Viewport
    private let listener: UnsafeMutablePointer<wp_fractional_scale_v1_listener>
    /// The last `preferred_scale`, in 120ths (180 means 1.5); `nil` before the first.
    private(set) var preferredScale120: UInt32?
    /// Called when `preferred_scale` changed.
    var onPreferredScaleChanged: (() -> Void)?

    init(manager: OpaquePointer, viewport: Viewport, surface: OpaquePointer) {
        fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)!
        self.viewport = viewport
        listener = .allocate(capacity: 1)
        listener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
            Unmanaged<FractionalScale>.fromOpaque(data!).takeUnretainedValue().preferred(scale)
        }))
        _ = wp_fractional_scale_v1_add_listener(fractional, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wp_fractional_scale_v1_destroy(fractional)
        listener.deallocate()
    }

    /// The integer scale to render buffers at for a preferred scale of `n`/120: the smallest integer ≥ n/120, at
    /// least 1 (120 → 1, 150 → 2, 180 → 2, 240 → 2, 300 → 3).
    static func bufferScale(preferredScale120 n: UInt32) -> Int32 {
        Int32(max(1, (Int64(n) + 119) / 120))
    }

    /// The buffer scale the compositor's preference asks for, or `nil` before it said.
    var bufferScale: Int32? { preferredScale120.map { Self.bufferScale(preferredScale120: $0) } }

    /// `wp_viewport.set_destination(width, height)` when it differs from the last one sent (double-buffered: it
    /// applies at the next commit).
    func setDestination(width: Int32, height: Int32) {
        viewport.setDestination((width, height))
    }

    private func preferred(_ scale: UInt32) {
        guard scale != preferredScale120 else { return }
        preferredScale120 = scale
        onPreferredScaleChanged?()
    }
}
