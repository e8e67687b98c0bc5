// tablet-unstable-v2: a seat's tablets and tools; each tool's events, a frame at a time, to the window it is over.
import CWaylandClient
import CWaylandProtocols
import Geometry
import SeatStream

/// Owns one `zwp_tablet_seat_v2` (a seat's tablets, from `zwp_tablet_manager_v2.get_tablet_seat`), its tablets and
/// its tools.
///
/// Pads (the buttons, rings and strips on a tablet's frame) are destroyed as they come: nothing uses them, and
/// libwayland drops the events the compositor still sends to a destroyed object.
final class TabletSeat {
    private let pointer: OpaquePointer
    private unowned let display: Display
    private let seat: OpaquePointer
    private let listener: UnsafeMutablePointer<zwp_tablet_seat_v2_listener>
    private(set) var tablets: [TabletDevice] = []
    private(set) var tools: [TabletTool] = []

    init(display: Display, manager: OpaquePointer, seat: OpaquePointer) {
        self.display = display
        self.seat = seat
        pointer = zwp_tablet_manager_v2_get_tablet_seat(manager, seat)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_seat_v2_listener(
            tablet_added: { data, _, tablet in
                guard let tablet else { return }
                let tabletSeat = TabletSeat.from(data)
                tabletSeat.tablets.append(TabletDevice(pointer: tablet, seat: tabletSeat))
            },
            tool_added: { data, _, tool in
                guard let tool else { return }
                let tabletSeat = TabletSeat.from(data)
                tabletSeat.tools.append(TabletTool(display: tabletSeat.display, pointer: tool, seat: tabletSeat))
            },
            pad_added: { _, _, pad in
                if let pad { zwp_tablet_pad_v2_destroy(pad) }
            }
        ))
        zwp_tablet_seat_v2_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        tools.removeAll()
        tablets.removeAll()
        zwp_tablet_seat_v2_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletSeat {
        Unmanaged<TabletSeat>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The wl_seat these tablets belong to, for serials of interactions.
    var seatPointer: OpaquePointer { seat }

    /// The lowest tool number no tool in proximity has: a tool's number for the time it is near, reused after it
    /// leaves, as `wl_touch` IDs are.
    func freeToolNumber() -> Int {
        let taken = Set(tools.compactMap(\.number))
        return (0...).first { !taken.contains($0) }!
    }

    func remove(_ tablet: TabletDevice) { tablets.removeAll { $0 === tablet } }

    func remove(_ tool: TabletTool) { tools.removeAll { $0 === tool } }
}

/// Owns one `zwp_tablet_v2`: its description, for the debug log.
final class TabletDevice {
    let pointer: OpaquePointer
    private unowned let seat: TabletSeat
    private let listener: UnsafeMutablePointer<zwp_tablet_v2_listener>
    private(set) var name: String?
    private(set) var path: String?
    private(set) var usbID: (vendor: UInt32, product: UInt32)?

    init(pointer: OpaquePointer, seat: TabletSeat) {
        self.pointer = pointer
        self.seat = seat
        listener = .allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_v2_listener(
            name: { data, _, name in TabletDevice.from(data).name = name.map { String(cString: $0) } },
            id: { data, _, vendor, product in TabletDevice.from(data).usbID = (vendor, product) },
            path: { data, _, path in TabletDevice.from(data).path = path.map { String(cString: $0) } },
            done: { _, _ in },
            removed: { data, _ in
                let tablet = TabletDevice.from(data)
                tablet.seat.remove(tablet)
            }
        ))
        zwp_tablet_v2_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        zwp_tablet_v2_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletDevice {
        Unmanaged<TabletDevice>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// Owns one `zwp_tablet_tool_v2` and hands its events, a frame at a time, to the window it came into proximity over.
final class TabletTool {
    private let pointer: OpaquePointer
    private unowned let display: Display
    private unowned let seat: TabletSeat
    private let listener: UnsafeMutablePointer<zwp_tablet_tool_v2_listener>
    private var converter = TabletEventConverter()
    /// The tool's number while it is in proximity (see ``TabletSeat/freeToolNumber()``).
    private(set) var number: Int?
    /// The window the tool is over; it keeps getting the frame that carries the proximity-out.
    private var target: WeakBox<ToplevelWindow>?
    private var isLeaving = false
    /// The window the tool left for another without a proximity-out, until the frame tells it.
    private var leftWindow: WeakBox<ToplevelWindow>?
    /// The capabilities announced (`zwp_tablet_tool_v2.capability`).
    private(set) var capabilities: Set<UInt32> = []

    init(display: Display, pointer: OpaquePointer, seat: TabletSeat) {
        self.display = display
        self.pointer = pointer
        self.seat = seat
        listener = .allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_tool_v2_listener(
            type: { data, _, type in TabletTool.from(data).converter.setType(type) },
            hardware_serial: { _, _, _, _ in },
            hardware_id_wacom: { _, _, _, _ in },
            capability: { data, _, capability in TabletTool.from(data).capabilities.insert(capability) },
            done: { _, _ in },
            removed: { data, _ in
                let tool = TabletTool.from(data)
                tool.seat.remove(tool)
            },
            proximity_in: { data, _, serial, _, surface in
                TabletTool.from(data).proximityIn(serial: serial, surface: surface)
            },
            proximity_out: { data, _ in
                let tool = TabletTool.from(data)
                tool.converter.proximityOut()
                tool.isLeaving = true
            },
            down: { data, _, serial in
                let tool = TabletTool.from(data)
                tool.display.noteInteraction(seat: tool.seat.seatPointer, serial: serial)
                tool.converter.down()
            },
            up: { data, _ in TabletTool.from(data).converter.up() },
            motion: { data, _, x, y in
                TabletTool.from(data).converter.motion(Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            },
            pressure: { data, _, pressure in TabletTool.from(data).converter.pressure(pressure) },
            distance: { data, _, distance in TabletTool.from(data).converter.distance(distance) },
            tilt: { data, _, x, y in
                TabletTool.from(data).converter.tilt(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            rotation: { _, _, _ in },
            slider: { _, _, _ in },
            wheel: { _, _, _, _ in },
            button: { data, _, _, button, state in
                TabletTool.from(data).converter.button(
                    code: button, isPressed: state == ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED.rawValue
                )
            },
            frame: { data, _, time in TabletTool.from(data).frame(time: time) }
        ))
        zwp_tablet_tool_v2_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        zwp_tablet_tool_v2_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletTool {
        Unmanaged<TabletTool>.fromOpaque(data!).takeUnretainedValue()
    }

    private func proximityIn(serial: UInt32, surface: OpaquePointer?) {
        // A tool moving from one surface to another gets proximity-in without a proximity-out between: the window it
        // leaves gets one at this frame, or that window would think a pen still near (and keep fingers from painting).
        if number == nil { number = seat.freeToolNumber() }
        let window = display.window(for: surface)
        if let old = target?.value, old !== window { leftWindow = WeakBox(old) }
        target = window.map(WeakBox.init)
        isLeaving = false
        converter.proximityIn()
    }

    private func frame(time: UInt32) {
        let tool = number ?? seat.freeToolNumber()
        if let window = leftWindow?.value {
            for event in [TabletEvent.proximityOut, .frame] {
                window.deliver(SeatEvent(time: .milliseconds(Double(time)), .tablet(event, tool: tool)))
            }
        }
        leftWindow = nil
        let events = converter.frame(time: Double(time), tool: tool)
        if let window = target?.value {
            for event in events { window.deliver(event) }
        }
        if isLeaving {
            isLeaving = false
            target = nil
            number = nil
        }
    }
}
