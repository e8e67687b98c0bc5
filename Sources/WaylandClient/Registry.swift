// The registry: binds the globals the client uses, each in min(server's, ours) and refusing too old ones.
import CWaylandClient
import CWaylandProtocols
import Localization

/// Owns one bound global that has no events we listen to: destroys it in `deinit`.
final class GlobalProxy {
    let pointer: OpaquePointer
    let version: UInt32
    private let destroy: (OpaquePointer) -> Void

    init(pointer: OpaquePointer, version: UInt32, destroy: @escaping (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.version = version
        self.destroy = destroy
    }

    deinit { destroy(pointer) }
}

/// Owns the `wl_registry` and what was bound from it.
final class Registry {
    /// One global interface the client knows: the versions it accepts.
    private struct Wanted {
        let minimum: UInt32
        let ours: UInt32
        let isRequired: Bool
        /// Why the client wants it, for the log line when it is missing (in the user's language when the line is a
        /// notice, ``isNoticeable``; a debug line's is in English).
        let purpose: String
        /// Whether the user notices its absence: then it is a notice at start, else a debug line.
        var isNoticeable = false
        /// Another global that does the same: its absence is not worth a line when that one is offered.
        var alternative: String?
    }

    private static let wanted: [String: Wanted] = [
        // damage_buffer is version 4.
        "wl_compositor": Wanted(minimum: 4, ours: 4, isRequired: true, purpose: "surfaces"),
        "wl_shm": Wanted(minimum: 1, ours: 1, isRequired: true, purpose: "buffers"),
        "xdg_wm_base": Wanted(minimum: 1, ours: 5, isRequired: true, purpose: "windows"),
        "wl_seat": Wanted(
            // Translators: what is missing without wl_seat, in "the compositor does not offer wl_seat (%s)".
            minimum: 1, ours: 8, isRequired: false, purpose: localized("input; the window cannot be painted on"), isNoticeable: true
        ),
        "wl_output": Wanted(minimum: 2, ours: 4, isRequired: false, purpose: "output scale"),
        "zxdg_decoration_manager_v1": Wanted(
            minimum: 1, ours: 1, isRequired: false, purpose: "server-side decorations; the program draws its own title bar"
        ),
        "wp_viewporter": Wanted(minimum: 1, ours: 1, isRequired: false, purpose: "viewports; with fractional scale they map buffers onto the logical size"),
        "zwp_pointer_gestures_v1": Wanted(minimum: 1, ours: 3, isRequired: false, purpose: "touchpad pinch and swipe"),
        "wp_presentation": Wanted(minimum: 1, ours: 1, isRequired: false, purpose: "presentation times for --stats"),
        "zwp_tablet_manager_v2": Wanted(
            minimum: 1, ours: 1, isRequired: false, purpose: "pens with pressure and tilt; a pen acts as a pointer"
        ),
        "wl_data_device_manager": Wanted(minimum: 1, ours: 3, isRequired: false, purpose: "the clipboard; copy does nothing"),
        "zxdg_exporter_v2": Wanted(
            minimum: 1, ours: 1, isRequired: false, purpose: "xdg-foreign; the desktop's dialogs have no parent window",
            alternative: "zxdg_exporter_v1"
        ),
        "zxdg_exporter_v1": Wanted(
            minimum: 1, ours: 1, isRequired: false, purpose: "xdg-foreign; the desktop's dialogs have no parent window",
            alternative: "zxdg_exporter_v2"
        ),
        "wp_fractional_scale_manager_v1": Wanted(
            minimum: 1, ours: 1, isRequired: false, purpose: "fractional scale; the integer wl_output scale is used"
        ),
    ]

    private unowned let display: Display
    private let pointer: OpaquePointer
    private let listener: UnsafeMutablePointer<wl_registry_listener>

    private(set) var compositor: GlobalProxy?
    private(set) var shm: GlobalProxy?
    private(set) var wmBase: WmBase?
    private(set) var decorationManager: GlobalProxy?
    private(set) var viewporter: GlobalProxy?
    /// `zwp_pointer_gestures_v1`: touchpad gestures for pointers made after it is bound.
    private(set) var pointerGestures: GlobalProxy?
    /// `wp_presentation`: when committed frames were shown.
    private(set) var presentation: Presentation?
    /// `zwp_tablet_manager_v2`: each seat's tablets and pens.
    private(set) var tabletManager: GlobalProxy?
    /// `wp_fractional_scale_manager_v1`; bound only when this build generated the protocol.
    private(set) var fractionalScaleManager: GlobalProxy?
    /// `zxdg_exporter_v2` (xdg-foreign): a window's handle for other clients, such as the desktop portal's dialogs.
    private(set) var exporter: GlobalProxy?
    /// `zxdg_exporter_v1`, xdg-foreign's first version (mutter 43 offers only it): used where v2 is not offered.
    private(set) var exporterV1: GlobalProxy?
    /// `wl_data_device_manager`: the clipboard.
    private(set) var dataDevices: DataDevices?
    private(set) var outputs: [UInt32: Output] = [:]
    private(set) var seats: [UInt32: Seat] = [:]
    /// Interfaces seen, with the server's version, for the log of missing ones.
    private var announced: [String: UInt32] = [:]

    init(display: Display) {
        self.display = display
        pointer = wl_display_get_registry(display.pointer)
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                Registry.from(data).announce(name: name, interface: String(cString: interface!), version: version)
            },
            global_remove: { data, _, name in
                Registry.from(data).remove(name: name)
            }
        ))
        wl_registry_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        dataDevices = nil
        seats.removeAll()
        outputs.removeAll()
        wmBase = nil
        decorationManager = nil
        fractionalScaleManager = nil
        exporter = nil
        exporterV1 = nil
        tabletManager = nil
        viewporter = nil
        presentation = nil
        pointerGestures = nil
        shm = nil
        compositor = nil
        wl_registry_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Registry {
        Unmanaged<Registry>.fromOpaque(data!).takeUnretainedValue()
    }

    func checkRequiredGlobals() throws(WaylandError) {
        for (interface, wanted) in Self.wanted.sorted(by: { $0.key < $1.key }) where wanted.isRequired {
            let isBound = switch interface {
            case "wl_compositor": compositor != nil
            case "wl_shm": shm != nil
            default: wmBase != nil
            }
            if !isBound { throw .missingGlobal(interface: interface, minimumVersion: wanted.minimum) }
        }
    }

    func logMissingOptionalGlobals() {
        for (interface, wanted) in Self.wanted.sorted(by: { $0.key < $1.key })
        where !wanted.isRequired && announced[interface] == nil && wanted.alternative.map({ announced[$0] == nil }) ?? true {
            if wanted.isNoticeable {
                // Translators: %1$s is a Wayland interface's name, %2$s what the program cannot do without it.
                display.log(localized("the compositor does not offer %1$s (%2$s)", interface, wanted.purpose))
            } else {
                display.debug("the compositor does not offer \(interface) (\(wanted.purpose))")
            }
        }
    }

    private func bind(name: UInt32, interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer {
        OpaquePointer(wl_registry_bind(pointer, name, interface, version))!
    }

    private func announce(name: UInt32, interface: String, version serverVersion: UInt32) {
        guard let wanted = Self.wanted[interface] else { return }
        announced[interface] = serverVersion
        guard serverVersion >= wanted.minimum else {
            display.debug("ignoring \(interface) version \(serverVersion): version \(wanted.minimum) or later is needed")
            return
        }
        let version = min(serverVersion, wanted.ours)
        switch interface {
        case "wl_compositor":
            let proxy = bind(name: name, interface: CWaylandProtocols_wl_compositor_interface(), version: version)
            compositor = GlobalProxy(pointer: proxy, version: version) { wl_compositor_destroy($0) }
        case "wl_shm":
            let proxy = bind(name: name, interface: CWaylandProtocols_wl_shm_interface(), version: version)
            shm = GlobalProxy(pointer: proxy, version: version) { wl_shm_destroy($0) }
        case "xdg_wm_base":
            let proxy = bind(name: name, interface: CWaylandProtocols_xdg_wm_base_interface(), version: version)
            wmBase = WmBase(pointer: proxy, version: version)
        case "zxdg_decoration_manager_v1":
            let proxy = bind(
                name: name, interface: CWaylandProtocols_zxdg_decoration_manager_v1_interface(), version: version
            )
            decorationManager = GlobalProxy(pointer: proxy, version: version) { zxdg_decoration_manager_v1_destroy($0) }
        case "zxdg_exporter_v2":
            let proxy = bind(name: name, interface: CWaylandProtocols_zxdg_exporter_v2_interface(), version: version)
            exporter = GlobalProxy(pointer: proxy, version: version) { zxdg_exporter_v2_destroy($0) }
        case "zxdg_exporter_v1":
            let proxy = bind(name: name, interface: CWaylandProtocols_zxdg_exporter_v1_interface(), version: version)
            exporterV1 = GlobalProxy(pointer: proxy, version: version) { zxdg_exporter_v1_destroy($0) }
        case "wp_viewporter":
            let proxy = bind(name: name, interface: CWaylandProtocols_wp_viewporter_interface(), version: version)
            viewporter = GlobalProxy(pointer: proxy, version: version) { wp_viewporter_destroy($0) }
        case "wp_presentation":
            let proxy = bind(name: name, interface: CWaylandProtocols_wp_presentation_interface(), version: version)
            presentation = Presentation(pointer: proxy, version: version)
        case "zwp_pointer_gestures_v1":
            let proxy = bind(name: name, interface: CWaylandProtocols_zwp_pointer_gestures_v1_interface(), version: version)
            pointerGestures = GlobalProxy(pointer: proxy, version: version) { manager in
                if version >= 2 {
                    zwp_pointer_gestures_v1_release(manager)
                } else {
                    zwp_pointer_gestures_v1_destroy(manager)
                }
            }
        case "zwp_tablet_manager_v2":
            let proxy = bind(name: name, interface: CWaylandProtocols_zwp_tablet_manager_v2_interface(), version: version)
            let manager = GlobalProxy(pointer: proxy, version: version) { zwp_tablet_manager_v2_destroy($0) }
            tabletManager = manager
            for seat in seats.values { seat.attachTablets(manager: manager) }
        case "wp_fractional_scale_manager_v1" where CWaylandProtocols_has_fractional_scale():
            let proxy = bind(
                name: name, interface: CWaylandProtocols_wp_fractional_scale_manager_v1_interface(), version: version
            )
            fractionalScaleManager = GlobalProxy(pointer: proxy, version: version) {
                wp_fractional_scale_manager_v1_destroy($0)
            }
        case "wl_data_device_manager":
            let proxy = bind(name: name, interface: CWaylandProtocols_wl_data_device_manager_interface(), version: version)
            let devices = DataDevices(display: display, manager: proxy, version: version)
            dataDevices = devices
            for seat in seats.values { devices.seatAdded(seat.seatPointer) }
        case "wl_output":
            let proxy = bind(name: name, interface: CWaylandProtocols_wl_output_interface(), version: version)
            outputs[name] = Output(display: display, pointer: proxy, version: version)
        case "wl_seat":
            let proxy = bind(name: name, interface: CWaylandProtocols_wl_seat_interface(), version: version)
            let seat = Seat(display: display, pointer: proxy, version: version)
            seats[name] = seat
            if let tabletManager { seat.attachTablets(manager: tabletManager) }
            dataDevices?.seatAdded(proxy)
        default:
            // Known but not bound (fractional scale in a build without its XML): its presence is enough to stop the
            // missing-global log line.
            break
        }
    }

    private func remove(name: UInt32) {
        if let output = outputs.removeValue(forKey: name) {
            for window in display.liveWindows { window.outputRemoved(output) }
        }
        if let seat = seats.removeValue(forKey: name) { dataDevices?.seatRemoved(seat.seatPointer) }
    }

    /// Tells every pointer that a window's scale changed, so a cursor over it is redrawn.
    func windowScaleChanged(_ window: ToplevelWindow) {
        for seat in seats.values { seat.pointerDevice?.scaleChanged(of: window) }
    }

    /// Tells every pointer that a window wants another cursor, so a cursor over it changes at once.
    func windowCursorChanged(_ window: ToplevelWindow) {
        for seat in seats.values { seat.pointerDevice?.cursorChanged(of: window) }
    }

    /// The output whose `wl_output` this is.
    func output(for proxy: OpaquePointer?) -> Output? {
        outputs.values.first { $0.pointer == proxy }
    }
}

/// Owns the `xdg_wm_base` and answers its pings.
final class WmBase {
    let pointer: OpaquePointer
    let version: UInt32
    private let listener: UnsafeMutablePointer<xdg_wm_base_listener>

    init(pointer: OpaquePointer, version: UInt32) {
        self.pointer = pointer
        self.version = version
        listener = .allocate(capacity: 1)
        listener.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
        xdg_wm_base_add_listener(pointer, listener, nil)
    }

    deinit {
        xdg_wm_base_destroy(pointer)
        listener.deallocate()
    }
}
