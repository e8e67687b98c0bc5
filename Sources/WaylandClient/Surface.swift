// A wl_surface: the outputs it is on, hence its scale; and the frame callbacks that pace its commits.
import CWaylandClient
import CWaylandProtocols

/// Owns one `wl_surface` and tracks the outputs it has entered.
final class Surface {
    let pointer: OpaquePointer
    /// Strong: the connection must outlive the `wl_surface`, whatever order the window's properties go in.
    private let display: Display
    private let listener: UnsafeMutablePointer<wl_surface_listener>
    /// The outputs the surface is on, by their `wl_output`.
    private(set) var outputs: [Output] = []
    /// Called when the set of outputs changed.
    var onOutputsChanged: (() -> Void)?

    init(display: Display, compositor: OpaquePointer) {
        self.display = display
        pointer = wl_compositor_create_surface(compositor)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_surface_listener(
            enter: { data, _, output in Surface.from(data).entered(output) },
            leave: { data, _, output in Surface.from(data).left(output) }
        ))
        wl_surface_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_surface_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Surface {
        Unmanaged<Surface>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The scale to draw at: the largest of the outputs the surface is on, or of all outputs before it is on any.
    var preferredScale: Int32 {
        outputs.map(\.scale).max() ?? display.largestOutputScale
    }

    func remove(_ output: Output) {
        outputs.removeAll { $0 === output }
        onOutputsChanged?()
    }

    private func entered(_ proxy: OpaquePointer?) {
        guard let output = display.registry.output(for: proxy), !outputs.contains(where: { $0 === output }) else {
            return
        }
        outputs.append(output)
        onOutputsChanged?()
    }

    private func left(_ proxy: OpaquePointer?) {
        guard let output = display.registry.output(for: proxy) else { return }
        remove(output)
    }
}

/// Owns one `wl_callback` from `wl_surface.frame`; calls back once when the compositor says it is time to draw.
final class FrameCallback {
    private let pointer: OpaquePointer
    private let listener: UnsafeMutablePointer<wl_callback_listener>
    private let onDone: () -> Void
    /// When it was asked for, for the watchdog.
    let requestedAt: Duration

    init(surface: OpaquePointer, onDone: @escaping () -> Void) {
        pointer = wl_surface_frame(surface)!
        self.onDone = onDone
        requestedAt = MonotonicClock.now
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, _, _ in
            Unmanaged<FrameCallback>.fromOpaque(data!).takeUnretainedValue().onDone()
        }))
        wl_callback_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_callback_destroy(pointer)
        listener.deallocate()
    }
}
