// An output (monitor): its integer scale, which sets the buffer scale of the windows on it.
import CWaylandClient
import CWaylandProtocols

/// Owns one `wl_output` and remembers its scale factor.
final class Output {
    let pointer: OpaquePointer
    private unowned let display: Display
    private let listener: UnsafeMutablePointer<wl_output_listener>
    private let version: UInt32
    /// The scale the compositor announced (`wl_output.scale`), applied at `done`.
    private(set) var scale: Int32 = 1
    private var pendingScale: Int32 = 1
    private(set) var name: String?

    init(display: Display, pointer: OpaquePointer, version: UInt32) {
        self.display = display
        self.pointer = pointer
        self.version = version
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { _, _, _, _, _, _ in },
            done: { data, _ in Output.from(data).done() },
            scale: { data, _, factor in Output.from(data).pendingScale = max(factor, 1) },
            name: { data, _, name in Output.from(data).name = name.map { String(cString: $0) } },
            description: { _, _, _ in }
        ))
        wl_output_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if version >= WL_OUTPUT_RELEASE_SINCE_VERSION { wl_output_release(pointer) } else { wl_output_destroy(pointer) }
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Output {
        Unmanaged<Output>.fromOpaque(data!).takeUnretainedValue()
    }

    private func done() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        for window in display.liveWindows { window.outputScaleChanged() }
    }
}
