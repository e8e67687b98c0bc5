// The connection to the compositor: the wl_display, its registry and globals, and the windows on it.
import CWaylandClient
import CWaylandProtocols
import Glibc
import Localization

/// A connection to a Wayland compositor.
///
/// `Display` owns the `wl_display`, binds the globals the client uses (``Registry``), keeps the outputs and
/// seats the compositor announces, and runs the event loop (``run(until:)``, ``dispatch(timeout:)``) on the thread
/// that created it. It is not thread-safe: create it, its windows and its timers on one thread and use them only
/// there.
///
/// Objects made from a display (windows, timers) keep it alive; it disconnects when the last of them is gone.
public final class Display {
    /// Where the client's notices go: one line each, only for what the user would notice (no input devices, a
    /// buffer that cannot be made).
    public let log: (String) -> Void
    /// Where the client's diagnostics go at the debug level: missing optional globals, compositor quirks, and
    /// libwayland's own messages. Nothing by default.
    public let debug: (String) -> Void
    /// Called once, before the event loop throws, when the connection ends: the compositor went away or reported a
    /// protocol error. The program saves its work here; the loop then throws the same error.
    public var onDisconnect: ((WaylandError) -> Void)?

    let pointer: OpaquePointer
    private(set) var registry: Registry!
    /// The windows, by their `wl_surface`, for routing seat events; weak, since the program owns its windows.
    private var windows: [OpaquePointer: WeakBox<ToplevelWindow>] = [:]
    /// File descriptors polled with the display's (timers, signals), weak: the program owns them.
    private var sources: [Int32: WeakSource] = [:]
    /// What one pass of the event loop polls, kept from pass to pass so that a pass allocates nothing (issue #22):
    /// the display's descriptor first, then the sources' in the order of ``polledSources``, held only during a pass.
    var pollDescriptors: [pollfd] = []
    /// When the event loop's last wait (`ppoll`) returned: for the frame log, how late a window woke for its draw.
    var lastWake: Duration = .zero
    var polledSources: [any EventSource] = []
    private var disconnectError: WaylandError?
    /// The seat and serial of the latest button press or touch down: what an interactive move must quote.
    private(set) var latestInteraction: (seat: OpaquePointer, serial: UInt32)?
    /// The seat and serial of the latest key press, button press, touch down or pen down: what a selection quotes.
    private(set) var latestInput: (seat: OpaquePointer, serial: UInt32)?
    /// The read of the clipboard under way, until it ends.
    private var clipboardReader: ClipboardReader?

    /// Connects to the compositor named by `name` (an absolute socket path or a name in `XDG_RUNTIME_DIR`), or to
    /// the one `WAYLAND_DISPLAY` names when `name` is `nil`, and binds its globals.
    ///
    /// - Throws: ``WaylandError/compositorUnavailable(waylandDisplay:runtimeDirectory:errno:)`` when there is no
    ///   compositor; ``WaylandError/missingGlobal(interface:minimumVersion:)`` when it lacks `wl_compositor` 4,
    ///   `wl_shm` or `xdg_wm_base`.
    public init(
        name: String? = nil, log: @escaping (String) -> Void = { _ in }, debug: @escaping (String) -> Void = { _ in }
    ) throws(WaylandError) {
        self.log = log
        self.debug = debug
        LibwaylandLog.installHandler()
        guard let display = wl_display_connect(name) else {
            let code = errno
            throw .compositorUnavailable(
                waylandDisplay: name ?? Self.environment("WAYLAND_DISPLAY"),
                runtimeDirectory: Self.environment("XDG_RUNTIME_DIR"),
                errno: code
            )
        }
        pointer = display
        LibwaylandLog.route(to: self)
        registry = Registry(display: self)
        // The first roundtrip announces the globals; the second delivers what the bound ones send at once (output
        // scale, seat capabilities, shm formats).
        try roundtrip()
        try registry.checkRequiredGlobals()
        registry.logMissingOptionalGlobals()
        try roundtrip()
    }

    deinit {
        // The registry's objects (seats, outputs, globals) go before the connection they live on.
        registry = nil
        // Send the destroy and release requests; the compositor would clean up after a disconnect anyway.
        _ = wl_display_flush(pointer)
        wl_display_disconnect(pointer)
    }

    /// The scale factor of the output with the highest one, for windows that have not entered an output yet.
    public var largestOutputScale: Int32 {
        registry.outputs.values.map(\.scale).max() ?? 1
    }

    // MARK: - Windows and timers

    func register(_ window: ToplevelWindow, surface: OpaquePointer) {
        windows[surface] = WeakBox(window)
    }

    func unregister(surface: OpaquePointer) {
        windows[surface] = nil
    }

    /// The window whose `wl_surface` this is, if it is one of ours.
    func window(for surface: OpaquePointer?) -> ToplevelWindow? {
        surface.flatMap { windows[$0]?.value }
    }

    var liveWindows: [ToplevelWindow] {
        windows.values.compactMap(\.value)
    }

    /// Calls `body` with each window still alive, making no array of them (the event loop asks at every pass).
    func forEachLiveWindow(_ body: (ToplevelWindow) -> Void) {
        for box in windows.values {
            if let window = box.value { body(window) }
        }
    }

    /// Whether any window still alive passes `test`.
    func containsLiveWindow(where test: (ToplevelWindow) -> Bool) -> Bool {
        windows.values.contains { box in box.value.map(test) ?? false }
    }

    /// Fills ``pollDescriptors`` and ``polledSources`` for a pass of the event loop: the display's descriptor, then
    /// each live source's.
    func preparePoll(displayFD: Int32) {
        pollDescriptors.removeAll(keepingCapacity: true)
        polledSources.removeAll(keepingCapacity: true)
        pollDescriptors.append(pollfd(fd: displayFD, events: Int16(POLLIN), revents: 0))
        for (fd, box) in sources {
            guard let source = box.value else { continue }
            pollDescriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            polledSources.append(source)
        }
    }

    func register(_ source: any EventSource, fd: Int32) {
        sources[fd] = WeakSource(value: source)
    }

    func unregister(fd: Int32) {
        sources[fd] = nil
    }


    func noteInteraction(seat: OpaquePointer, serial: UInt32) {
        latestInteraction = (seat, serial)
        latestInput = (seat, serial)
    }

    /// A key press: an input a selection may quote, but not one that starts a move or a resize.
    func noteInput(seat: OpaquePointer, serial: UInt32) {
        latestInput = (seat, serial)
    }

    // MARK: - Clipboard

    /// Puts `content` on the clipboard of the seat of the latest input (a key, a click, a touch, a pen), quoting
    /// that input's serial as the compositor asks; it stays offered until something else is copied.
    public func setClipboard(_ content: ClipboardContent) throws(ClipboardFailure) {
        guard let devices = registry.dataDevices else { throw .notOffered }
        guard let input = latestInput else { throw .noInputYet }
        devices.setSelection(content, seat: input.seat, serial: input.serial)
        _ = wl_display_flush(pointer)
    }

    /// The MIME types the clipboard offers now, in the order its owner offered them: the clipboard of the seat of the
    /// latest input, or of the first seat with one before any input. Empty when it holds nothing.
    public var clipboardTypes: [String] {
        registry.dataDevices?.selection(of: latestInput?.seat)?.mimeTypes ?? []
    }

    /// Reads the clipboard as `mimeType` (one of ``clipboardTypes``): the bytes come to `completion` on this
    /// thread's event loop as its owner writes them, never blocking it, up to `limit` bytes. A read asked for while
    /// another is under way ends that one (``ClipboardFailure/superseded``).
    ///
    /// - Throws: ``ClipboardFailure/notOffered`` without a clipboard, ``ClipboardFailure/empty`` when it does not
    ///   offer `mimeType`, ``ClipboardFailure/readFailed(errno:)`` when no pipe can be made.
    public func readClipboard(as mimeType: String, limit: Int,
                              completion: @escaping (Result<[UInt8], ClipboardFailure>) -> Void) throws(ClipboardFailure) {
        guard let devices = registry.dataDevices else { throw .notOffered }
        guard let offer = devices.selection(of: latestInput?.seat), offer.mimeTypes.contains(mimeType) else {
            throw .empty
        }
        let previous = clipboardReader
        previous?.cancel()
        let fd = try offer.receive(mimeType)
        clipboardReader = ClipboardReader(display: self, fd: fd, limit: max(limit, 0)) { [weak self] result in
            if let self, self.clipboardReader?.isFinished ?? false { self.clipboardReader = nil }
            completion(result)
        }
        _ = wl_display_flush(pointer)
    }

    // MARK: - Errors

    /// The error that ended the connection, built from `wl_display_get_error`, reported to ``onDisconnect`` once.
    func connectionFailure() -> WaylandError {
        if let disconnectError { return disconnectError }
        let code = wl_display_get_error(pointer)
        let error: WaylandError
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let errorCode = wl_display_get_protocol_error(pointer, &interface, &objectID)
            // Translators: in "Wayland protocol error on %1$s@%2$d…" when the compositor did not name the interface.
            let name = interface.map { String(cString: $0.pointee.name) } ?? localized("unknown interface")
            error = .protocolError(interface: name, objectID: objectID, code: errorCode)
        } else {
            error = .connectionLost(errno: code == 0 ? EPIPE : code)
        }
        disconnectError = error
        // Not logged: the loop throws it, and the program says it once.
        onDisconnect?(error)
        return error
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// A file descriptor the event loop polls with the display's: it is told when the descriptor is readable.
protocol EventSource: AnyObject {
    func readable()
}

/// A weak reference to an event source. A class, so that the event loop's pass over the sources copies a strong
/// reference to the box, not the weak reference itself (each copy of a weak reference and its release take the
/// referent's side table, issue #22).
final class WeakSource {
    weak var value: (any EventSource)?

    init(value: any EventSource) { self.value = value }
}

/// A weak reference, for tables that must not keep their values alive. A class, for the same reason as
/// ``WeakSource``: the event loop and the touch path read these tables many times a frame, and a box is made once
/// per window or touch point.
final class WeakBox<Value: AnyObject> {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
