// The headless compositor: the display, its globals, the surfaces, and the one event loop everything runs on.
import CShims
import CWaylandServer
import CWaylandServerProtocols
import Foundation
import Geometry
import Glibc
import Localization

/// A `struct wl_resource *`: Swift imports the server's resource type as a struct of its own.
typealias WLResource = UnsafeMutablePointer<wl_resource>

/// The Swift object a resource's user data points to. Each resource kind documents whether that pointer is retained.
func resourceObject<T: AnyObject>(_ resource: WLResource?, as type: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(wl_resource_get_user_data(resource)!).takeUnretainedValue()
}

/// A C implementation table (a struct of request handlers) at an address that stays put while its owner lives:
/// libwayland keeps the pointer for every resource it is set on.
final class ImplementationTable<Table> {
    let pointer: UnsafeMutablePointer<Table>

    init(_ table: Table) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: table)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// A compositor error that ends the run with status 1 and a one-line message.
struct ReplayError: Error, CustomStringConvertible {
    var description: String
}

/// How long before each vblank the compositor takes the newest committed frame: a frame committed after it waits
/// for the next vblank. The one place that decides which vblank takes a commit, for the presentation feedback and
/// for `--stats` alike.
struct Latch: Hashable, Sendable {
    /// Seconds before the vblank; 0 takes what was committed by the vblank (or after it, by a loop come late).
    let seconds: Double

    /// Whether the vblank at `vblank` takes what was committed (or inked, or sent) at `time`, seconds on one clock.
    func takes(_ time: Double, at vblank: Double) -> Bool {
        seconds == 0 || time <= vblank - seconds
    }
}

/// A headless Wayland compositor on libwayland-server, with one output, one seat and the xdg-shell.
///
/// Everything runs on the calling thread: ``dispatch(timeout:)`` waits for and handles client requests.
/// Call ``shutDown()`` before letting go of it: destroying the display calls back into these objects.
final class Compositor {
    let display: OpaquePointer
    let eventLoop: OpaquePointer
    /// The socket's name inside `XDG_RUNTIME_DIR`, for `WAYLAND_DISPLAY`.
    let socketName: String
    /// The logical size toplevels are configured to.
    let configuredSize: (width: Int32, height: Int32)
    /// The output's integer scale.
    let outputScale: Int32

    private(set) var seat: Seat!
    private(set) var output: Output!
    private(set) var shell: XDGShell!
    private(set) var inertGlobals: InertGlobals!
    /// wl_data_device_manager: a trace's drags; not with `--no-clipboard`.
    private(set) var dataDevices: DataDevices?
    /// wp_fractional_scale_manager_v1, only with `--fractional-scale`.
    private(set) var fractionalScaleGlobals: FractionalScaleGlobals?
    /// wp_viewporter, unless `--no-viewporter`.
    private(set) var viewporter: ViewporterGlobal?
    /// The pixels a logical point takes in the saved picture: the output's scale, or with a fractional scale the
    /// whole number above it (what a client rendering sharp draws at).
    let pictureScale: Int
    /// zwp_pointer_gestures_v1: touchpad gestures from the trace.
    private(set) var pointerGestures: PointerGestures!
    /// `zwp_tablet_manager_v2`: one tablet with a pen and an eraser.
    private(set) var tablets: Tablets!
    /// `zxdg_exporter_v2`: exported toplevels get a handle (`touch-replay-N`).
    private(set) var foreign: XDGForeign!
    /// wp_presentation: frames presented at the simulated vblank; `nil` with `--no-presentation`.
    private(set) var presentation: Presentation?

    /// The first toplevel a client made: the window the trace is played into.
    var toplevel: Surface?
    /// The last image committed to ``toplevel``; it outlives the surface, so a client that closes its window
    /// before the end still leaves its picture.
    private(set) var lastImage: ShmImage?
    /// The toplevel's viewport and buffer scale at that commit.
    private var lastViewport = ViewportState()
    private var lastBufferScale: Int32 = 1
    /// Where each toplevel buffer commit's picture goes (`--save-commits`), if anywhere.
    var commitLog: CommitLog?

    /// What the toplevel showed at its last buffer commit: the buffer through its viewport
    /// (``ViewportState/picture(of:bufferScale:scale:)``) at ``pictureScale``.
    var lastPicture: ShmImage? {
        lastImage.map { lastViewport.picture(of: $0, bufferScale: lastBufferScale, scale: pictureScale) }
    }
    /// Live surfaces, for cleaning up frame callbacks.
    private(set) var surfaces: [Surface] = []
    /// Frame callbacks committed and not yet answered, with when their commit came (seconds on `CLOCK_MONOTONIC`).
    private var committedFrameCallbacks: [(callback: WLResource, at: Double)] = []
    /// Whether frame callbacks were committed and not yet answered.
    var hasReadyFrameCallbacks: Bool { !committedFrameCallbacks.isEmpty }
    /// How many more committed buffers are held without release (`--hold-buffers`).
    var buffersLeftToHold: Int
    /// Live `wl_buffer`s the compositor has seen attached, by resource.
    var bufferReferences: [WLResource: BufferReference] = [:]

    /// SIGINT, SIGTERM or SIGHUP, once one arrived; the loop notices it through its signalfd.
    private(set) var receivedSignal: Int32?
    /// Called when one of those signals arrives.
    var onSignal: (() -> Void)?

    var counters = ReplayCounters()
    /// Called right after each commit that brings the toplevel a new buffer, with what it damaged in surface
    /// coordinates.
    var onToplevelBufferCommit: (([Rect]) -> Void)?

    let compositorImplementation: ImplementationTable<wl_compositor_interface>
    let surfaceImplementation: ImplementationTable<wl_surface_interface>
    let regionImplementation: ImplementationTable<wl_region_interface>
    private var isShutDown = false
    /// The simulated display's refresh rate, in Hz (`--refresh`): its vblanks come this often.
    let refreshRate: Double
    /// The time between two vblanks, in seconds.
    var refreshInterval: Double { 1 / refreshRate }
    /// How long before each vblank the compositor takes the newest committed frame (`--latch-ms`).
    let latch: Latch

    /// Creates the display, its globals, and a listening socket in the current `XDG_RUNTIME_DIR`.
    init(
        configuredSize: (width: Int32, height: Int32), outputScale: Int32, fractionalScale: Double? = nil,
        refreshRate: Double = 60, latch: Double = 0, offersPresentation: Bool = true, offersViewporter: Bool = true,
        offersClipboard: Bool = true, heldBufferCount: Int
    ) throws(ReplayError) {
        self.refreshRate = refreshRate
        self.latch = Latch(seconds: latch)
        let keymap = try Keymap()
        guard let display = wl_display_create() else { throw ReplayError(description: localized("cannot create a Wayland display")) }
        self.display = display
        eventLoop = wl_display_get_event_loop(display)
        self.configuredSize = configuredSize
        self.outputScale = outputScale
        pictureScale = fractionalScale.map { Int($0.rounded(.up)) } ?? Int(outputScale)
        buffersLeftToHold = heldBufferCount
        compositorImplementation = ImplementationTable(Surface.compositorTable())
        surfaceImplementation = ImplementationTable(Surface.surfaceTable())
        regionImplementation = ImplementationTable(Surface.regionTable())

        guard wl_display_init_shm(display) == 0 else {
            wl_display_destroy(display)
            throw ReplayError(description: localized("cannot set up wl_shm"))
        }
        // wl_display_init_shm announces ARGB8888 and XRGB8888, the two formats every client may use.
        guard let name = wl_display_add_socket_auto(display) else {
            wl_display_destroy(display)
            throw ReplayError(description: localized("cannot create a Wayland socket in XDG_RUNTIME_DIR"))
        }
        socketName = String(cString: name)

        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(display, CWaylandServerProtocols_wl_compositor_interface(), 4, context) {
            client, data, version, id in
            let compositor = Unmanaged<Compositor>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(client, CWaylandServerProtocols_wl_compositor_interface(), Int32(version), id)
            else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, compositor.compositorImplementation.pointer, data, nil)
        }
        // libwayland blocks these signals on this thread and reads them from a signalfd in the loop; the client is
        // spawned with an empty mask, so it still gets them.
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            wl_event_loop_add_signal(eventLoop, signal, { signal, data in
                let compositor = Unmanaged<Compositor>.fromOpaque(data!).takeUnretainedValue()
                compositor.receivedSignal = compositor.receivedSignal ?? signal
                compositor.onSignal?()
                return 0
            }, context)
        }
        seat = Seat(compositor: self, keymap: keymap)
        output = Output(compositor: self)
        shell = XDGShell(compositor: self)
        inertGlobals = InertGlobals(compositor: self)
        if offersClipboard { dataDevices = DataDevices(compositor: self) }
        pointerGestures = PointerGestures(compositor: self)
        tablets = Tablets(compositor: self)
        foreign = XDGForeign(compositor: self)
        if offersPresentation { presentation = Presentation(compositor: self) }
        if offersViewporter { viewporter = ViewporterGlobal(compositor: self) }
        if let fractionalScale {
            fractionalScaleGlobals = FractionalScaleGlobals(compositor: self, scale: fractionalScale)
        }
    }

    /// Destroys every client and the display. Call once, before the last reference goes.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        seat.shutDown()
        tablets.shutDown()
        dataDevices?.shutDown()
    }

    // MARK: - The event loop

    /// Waits up to `timeout` seconds for client requests (or new connections), handles what arrived and flushes the
    /// replies. Returns whether anything arrived.
    @discardableResult
    func dispatch(timeout: Double) -> Bool {
        wl_display_flush_clients(display)
        var descriptor = pollfd(fd: wl_event_loop_get_fd(eventLoop), events: Int16(POLLIN), revents: 0)
        // To the nanosecond: poll's whole milliseconds, rounded up, put the simulated vblanks up to a millisecond
        // late, and by a different amount each time, which a client pacing its frames by them reads as jitter.
        let nanoseconds = Int(max(0, min(timeout, 60)) * 1e9)
        var wait = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        let ready = CShims_ppoll(&descriptor, 1, &wait) > 0
        if ready {
            _ = wl_event_loop_dispatch(eventLoop, 0)
        }
        wl_display_flush_clients(display)
        return ready
    }

    /// Bytes sent to the toplevel's client that it has not read yet: `SIOCOUTQ` on a Unix stream socket counts
    /// what is queued until the peer reads it. 0 without a toplevel.
    func unreadEventBytes() -> Int32 {
        guard let client = toplevel?.client else { return 0 }
        wl_client_flush(client)
        var count: Int32 = 0
        guard ioctl(wl_client_get_fd(client), UInt(TIOCOUTQ), &count) == 0 else { return 0 }
        return count
    }

    // MARK: - Surfaces and frames

    func add(_ surface: Surface) {
        surfaces.append(surface)
    }

    func remove(_ surface: Surface) {
        surfaces.removeAll { $0 === surface }
        if toplevel === surface { toplevel = nil }
        if seat.pointerFocus === surface { seat.pointerFocus = nil }
        if seat.keyboardFocus === surface { seat.keyboardFocus = nil }
    }

    /// Called by a surface's commit with the frame callbacks it asked for.
    func commitFrameCallbacks(_ callbacks: [WLResource]) {
        let now = monotonicNow()
        committedFrameCallbacks += callbacks.map { ($0, now) }
    }

    /// A frame callback resource is going away (answered, or its client left).
    func forget(frameCallback: WLResource) {
        committedFrameCallbacks.removeAll { $0.callback == frameCallback }
        for surface in surfaces { surface.pendingFrameCallbacks.removeAll { $0 == frameCallback } }
    }

    /// Called at each simulated vblank, with its time (seconds on `CLOCK_MONOTONIC`), before the frame callbacks
    /// are answered.
    var onVblank: ((Double) -> Void)?

    /// A simulated vblank without a latch: the frames committed since the last one are presented
    /// (``Presentation``), and every committed frame callback is answered with `time` (milliseconds). `vblank` is
    /// the vblank's time on `CLOCK_MONOTONIC` (seconds), as a display's clock puts it, however late this loop came to
    /// it; `nil`: now. Returns how many callbacks were answered.
    @discardableResult
    func answerFrameCallbacks(time: UInt32, vblank: Double? = nil) -> Int {
        present(at: vblank ?? monotonicNow())
        return answerFrameCallbacks(time: time, takenBy: nil)
    }

    /// A vblank: what its latch took is presented (``Presentation``), and the statistics hear of it.
    func present(at vblank: Double) {
        presentation?.vblank(at: vblank)
        onVblank?(vblank)
    }

    /// The latch before the vblank at `vblank` (or, `nil`, any time): the frame callbacks of the frames it takes
    /// (those committed by then) are answered with `time` (milliseconds), as a compositor answers them when it
    /// repaints with their frame; the others wait for the next latch. Returns how many were answered.
    @discardableResult
    func answerFrameCallbacks(time: UInt32, takenBy vblank: Double?) -> Int {
        let isTaken = { (entry: (callback: WLResource, at: Double)) in vblank.map { self.latch.takes(entry.at, at: $0) } ?? true }
        let callbacks = committedFrameCallbacks.filter(isTaken).map(\.callback)
        committedFrameCallbacks.removeAll(where: isTaken)
        for callback in callbacks {
            wl_callback_send_done(callback, time)
            wl_resource_destroy(callback)
        }
        counters.frameCallbacks += callbacks.count
        wl_display_flush_clients(display)
        return callbacks.count
    }

    /// Called by a surface after its commit took a new buffer's contents.
    func surfaceCommittedBuffer(_ surface: Surface) {
        guard surface === toplevel, let image = surface.image else { return }
        lastImage = image
        lastViewport = surface.viewportState
        lastBufferScale = surface.bufferScale
        counters.viewportDestination = surface.viewportDestination
        commitLog?.record(counters.toplevelBufferCommits + 1, picture: lastPicture, bufferWidth: image.width,
                          bufferHeight: image.height, bufferID: surface.currentBuffer?.resource.map(wl_resource_get_id) ?? 0,
                          viewport: surface.viewportState)
        counters.toplevelBufferCommits += 1
        onToplevelBufferCommit?(surface.committedDamageInSurfaceCoordinates)
    }

    var nextSerial: UInt32 { wl_display_next_serial(display) }
}
