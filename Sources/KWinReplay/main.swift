// kwin-replay: plays a trace through KWin's real input path, as touches, pointer moves and buttons of a fake input
// device (org_kde_kwin_fake_input), into whatever window is under them (docs/kwin-replay.md).
import ArgumentParser
import CWaylandClient
import CWaylandProtocols
import CommandLineSupport
import Foundation
import Glibc
import Localization
import SeatInput


/// The command line, parsed by swift-argument-parser.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kwin-replay",
        abstract: localized("Plays a trace's touches, pointer moves and buttons through KWin's fake input device."),
        usage: "kwin-replay TRACE [--origin X,Y] [--settle MS]",
        // Translators: %s is where the trace format is described (a file name).
        discussion: localized("""
            KWin must offer org_kde_kwin_fake_input (run it with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1). Trace \
            coordinates are moved by --origin into KWin's global coordinates: give the top-left corner of the \
            window's surface (0,0 for a fullscreen window). Fingers still down at the end are cancelled. Keys in the \
            trace are not played. Traces: \
            %s.
            """, FormatPages.traceFormat),
        version: ProgramVersion.current
    )

    @Argument(help: ArgumentHelp(localized("The trace to play (JSON Lines)."), valueName: "TRACE"))
    var trace: String

    @Option(help: ArgumentHelp(localized("Where the trace's (0, 0) is in global coordinates."), valueName: "X,Y"),
            transform: Options.parseOrigin)
    var origin: [Double] = [0, 0]

    @Option(help: ArgumentHelp(localized("How long to wait, once the seat has touch, before the first event (for the clients to bind wl_touch)."), valueName: "MS"))
    var settle: Int = 300

    func validate() throws {
        if !(0...60_000).contains(settle) { throw ValidationError(localized("--settle is from 0 to 60000 milliseconds")) }
    }

    static func parseOrigin(_ text: String) throws -> [Double] {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            // Translators: X,Y stays as it is (what is typed).
            throw ValidationError(localized("an origin is X,Y in points, like 0,52"))
        }
        return [x, y]
    }
}

/// What the registry and the seat told us.
final class Globals {
    var fakeInput: OpaquePointer?
    var fakeInputVersion: UInt32 = 0
    var seat: OpaquePointer?
    var capabilities: UInt32 = 0
}

// The user's language for every message, --help included (docs/translations.md).
Localization.start()
let options = Options.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
guard CWaylandProtocols_has_fake_input() else {
    Options.fail(localized("built without KWin's fake-input.xml (install plasma-wayland-protocols, then make generate and build again)"))
}
// The trace is checked whole first (a wrong line anywhere is refused before anything is sent, keeping no events),
// then read again as a stream while it plays: its events are never all in memory (docs/trace-format.md).
let trace: TraceReader
do {
    let url = URL(fileURLWithPath: options.trace)
    _ = try TraceSummary(validating: url)
    trace = try TraceReader(contentsOf: url, requiresRegularFile: true)
} catch {
    Options.fail("\(error)")
}

// libwayland's own messages would come before ours: keep only ours.
wl_log_set_handler_client { _, _ in }
guard let display = wl_display_connect(nil) else {
    // Translators: what WAYLAND_DISPLAY=… says when the variable is not set (wayland-0 is a socket's name).
    let name = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? localized("unset, so wayland-0")
    // Translators: the first %s is the socket's name (or why there is none), the second the system's reason.
    Options.fail(localized("cannot connect to a Wayland compositor (WAYLAND_DISPLAY=%s): %s", name, String(cString: strerror(errno))))
}
let globals = Globals()
let context = Unmanaged.passUnretained(globals).toOpaque()
var seatListener = wl_seat_listener(
    capabilities: { data, _, capabilities in
        Unmanaged<Globals>.fromOpaque(data!).takeUnretainedValue().capabilities = capabilities
    },
    name: { _, _, _ in }
)
var registryListener = wl_registry_listener(
    global: { data, registry, name, interface, version in
        let globals = Unmanaged<Globals>.fromOpaque(data!).takeUnretainedValue()
        switch String(cString: interface!) {
        case "org_kde_kwin_fake_input":
            globals.fakeInputVersion = min(version, 4)
            globals.fakeInput = OpaquePointer(wl_registry_bind(
                registry, name, CWaylandProtocols_org_kde_kwin_fake_input_interface(), globals.fakeInputVersion))
        case "wl_seat" where globals.seat == nil:
            globals.seat = OpaquePointer(wl_registry_bind(registry, name, CWaylandProtocols_wl_seat_interface(), 1))
            wl_seat_add_listener(globals.seat, &seatListener, data)
        default: break
        }
    },
    global_remove: { _, _, _ in }
)
let registry = wl_display_get_registry(display)
wl_registry_add_listener(registry, &registryListener, context)
wl_display_roundtrip(display)
wl_display_roundtrip(display)
guard let fakeInput = globals.fakeInput, globals.fakeInputVersion >= 3 else {
    Options.fail(localized("the compositor offers no org_kde_kwin_fake_input version 3 or later (KWin with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 does)"))
}

// Authenticate; KWin then adds a fake device to the seat. Touches sent before the seat announces touch (and
// before the clients bound wl_touch in answer) are lost, so wait for the capability on our own seat, then give the
// clients a moment to bind theirs.
// Translators: the reason kwin-replay gives KWin for using its fake input device, which KWin may show to the user.
org_kde_kwin_fake_input_authenticate(fakeInput, "kwin-replay", localized("plays a recorded trace"))
wl_display_roundtrip(display)
let touchCapability = WL_SEAT_CAPABILITY_TOUCH.rawValue
let waitStart = Date()
while globals.capabilities & touchCapability == 0 {
    if Date().timeIntervalSince(waitStart) > 10 { Options.fail(localized("the seat never gained touch after authenticating")) }
    var poller = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
    wl_display_flush(display)
    if poll(&poller, 1, 100) > 0, wl_display_dispatch(display) < 0 { Options.fail(localized("the compositor closed the connection")) }
}
wl_display_roundtrip(display)
usleep(UInt32(options.settle) * 1000)

func fixed(_ value: Double) -> wl_fixed_t { wl_fixed_from_double(value) }
let (dx, dy) = (options.origin[0], options.origin[1])
var skippedKeys = 0
/// The fingers down, cancelled at the end as a trace that ends with fingers down is everywhere else.
var fingersDown: Set<Int32> = []
let start = Date()
while let event = trace.next() {
    let wait = event.time.seconds - Date().timeIntervalSince(start)
    if wait > 0 {
        wl_display_flush(display)
        usleep(UInt32(wait * 1_000_000))
    }
    switch event.kind {
    case let .touchDown(id, location, _):
        fingersDown.insert(id)
        org_kde_kwin_fake_input_touch_down(fakeInput, UInt32(bitPattern: id), fixed(location.x + dx), fixed(location.y + dy))
    case let .touchMotion(id, location, _):
        org_kde_kwin_fake_input_touch_motion(fakeInput, UInt32(bitPattern: id), fixed(location.x + dx), fixed(location.y + dy))
    case let .touchUp(id):
        fingersDown.remove(id)
        org_kde_kwin_fake_input_touch_up(fakeInput, UInt32(bitPattern: id))
    case .touchFrame:
        org_kde_kwin_fake_input_touch_frame(fakeInput)
    case .touchCancel:
        fingersDown.removeAll()
        org_kde_kwin_fake_input_touch_cancel(fakeInput)
    case let .pointerEnter(location), let .pointerMotion(location):
        org_kde_kwin_fake_input_pointer_motion_absolute(fakeInput, fixed(location.x + dx), fixed(location.y + dy))
    case let .pointerButton(button, isPressed):
        org_kde_kwin_fake_input_button(fakeInput, button.code, isPressed ? 1 : 0)
    case let .pointerAxis(x, y):
        if y != 0 { org_kde_kwin_fake_input_axis(fakeInput, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, fixed(y)) }
        if x != 0 { org_kde_kwin_fake_input_axis(fakeInput, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, fixed(x)) }
    case .key, .keyState:
        skippedKeys += 1
    case .pointerLeave, .tick, .touchpadGesture, .tablet, .drag:
        // Fake input has no touchpad gestures, no tablet tools and no drags from another program.
        break
    }
}
if !fingersDown.isEmpty { org_kde_kwin_fake_input_touch_cancel(fakeInput) }
// The file was checked whole before playing; one that changed meanwhile stops at its first wrong line.
if let failure = trace.failure { Options.fail("\(failure)") }
if wl_display_roundtrip(display) < 0 { Options.fail(localized("the compositor closed the connection")) }
if skippedKeys > 0 {
    // Translators: %d keys of the trace (key presses) were not sent. The English says "keys" even for one.
    let message = localizedPlural("%d keys not played", "%d keys not played", count: skippedKeys, skippedKeys)
    FileHandle.standardError.write(Data(("kwin-replay: " + message + "\n").utf8))
}
org_kde_kwin_fake_input_destroy(fakeInput)
wl_display_roundtrip(display)
wl_display_disconnect(display)
