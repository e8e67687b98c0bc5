// A kernel input device's recording (libinput record, evemu-record) and how a compositor would deliver it.
import SeatStream
import TouchUI

/// What a recording of a kernel input device holds: the device's axes and the events it sent, in order. Read from
/// `libinput record` YAML or an `evemu-record` file with ``init(parsing:file:)``; turned into seat events with
/// ``seatEvents(canvas:file:)`` (docs/recordings.md).
public struct DeviceRecording: Hashable, Sendable {
    /// The recording formats read.
    public enum Format: String, Hashable, Sendable {
        /// `libinput record` (YAML, version 1).
        case libinputRecord = "libinput record"
        /// `evemu-record` (text, EVEMU 1.x).
        case evemu
    }

    /// What kind of device the recording is of, from its axes and buttons.
    public enum DeviceKind: Hashable, Sendable {
        /// A multitouch screen (the kernel's multitouch protocol B: slots and tracking IDs).
        case touchscreen
        /// A single-touch screen (`ABS_X`, `ABS_Y`, `BTN_TOUCH`): one touch, ID 0.
        case singleTouchScreen
        /// A pen tablet or pen display (`BTN_TOOL_PEN` or `BTN_TOOL_RUBBER`).
        case tablet
    }

    /// One axis's range, as the kernel's `input_absinfo` gives it.
    public struct AxisRange: Hashable, Sendable {
        /// The smallest value the axis reports.
        public var minimum: Int32
        /// The largest value the axis reports.
        public var maximum: Int32
        /// Units per millimetre for position axes; units per radian for tilt; 0 when unknown.
        public var resolution: Int32

        /// A range from `minimum` to `maximum`, with `resolution` units per millimetre (per radian for tilt).
        public init(minimum: Int32, maximum: Int32, resolution: Int32 = 0) {
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }

        /// Where `value` lies in the range, from 0 to 1 (clamped).
        func fraction(_ value: Int32) -> Double {
            let span = Double(maximum) - Double(minimum)
            guard span > 0 else { return 0 }
            return min(max((Double(value) - Double(minimum)) / span, 0), 1)
        }
    }

    /// One kernel event (`struct input_event`), with the line of the file it came from.
    public struct Event: Hashable, Sendable {
        /// Seconds since some start, as the recording gives them.
        public var time: Double
        /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, …).
        public var type: UInt16
        /// The key or axis.
        public var code: UInt16
        /// The key's state or the axis's value.
        public var value: Int32
        /// The line of the recording it was read from (1-based); 0 when it was made, not read.
        public var line: Int

        /// An event at `time` seconds, from `line` of its file.
        public init(time: Double, type: UInt16, code: UInt16, value: Int32, line: Int = 0) {
            self.time = time
            self.type = type
            self.code = code
            self.value = value
            self.line = line
        }
    }

    /// The format the recording was read from.
    public var format: Format
    /// The device's name, as the kernel gives it.
    public var name: String
    /// The ranges of the device's absolute axes, by axis code.
    public var axes: [UInt16: AxisRange]
    /// The key and button codes the device says it has (`EV_KEY`).
    public var keys: Set<UInt16>
    /// The device's events, in the order it sent them.
    public var events: [Event]

    /// A recording of a device with these axes and keys, and its events.
    public init(format: Format, name: String, axes: [UInt16: AxisRange], keys: Set<UInt16>, events: [Event]) {
        self.format = format
        self.name = name
        self.axes = axes
        self.keys = keys
        self.events = events
    }

    /// The kind of device, or `nil` when it is none of those a compositor turns into touches or a pen: a
    /// touchpad (`INPUT_PROP_POINTER` is not read; a multitouch device is taken for a screen), a keyboard, a mouse.
    public var kind: DeviceKind? {
        if axes[Evdev.absMTPositionX] != nil, axes[Evdev.absMTPositionY] != nil { return .touchscreen }
        guard axes[Evdev.absX] != nil, axes[Evdev.absY] != nil else { return nil }
        let penTools: Set<UInt16> = [Evdev.btnToolPen, Evdev.btnToolRubber]
        if !keys.isDisjoint(with: penTools)
            || events.contains(where: { $0.type == Evdev.evKey && penTools.contains($0.code) }) {
            return .tablet
        }
        return .singleTouchScreen
    }
}

/// A recording that cannot be read or converted: where and why, as `FILE:LINE: message`.
public struct DeviceRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as named on the command line.
    public var file: String
    /// The line (1-based) the problem is on.
    public var line: Int
    /// What is wrong there.
    public var message: String

    /// An error at `file`'s `line`.
    public init(file: String, line: Int, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
}

/// The Linux input event codes the converter reads (linux/input-event-codes.h).
enum Evdev {
    static let evSyn: UInt16 = 0x00, evKey: UInt16 = 0x01, evAbs: UInt16 = 0x03
    static let synReport: UInt16 = 0, synDropped: UInt16 = 3
    static let absX: UInt16 = 0x00, absY: UInt16 = 0x01, absPressure: UInt16 = 0x18, absDistance: UInt16 = 0x19
    static let absTiltX: UInt16 = 0x1a, absTiltY: UInt16 = 0x1b
    static let absMTSlot: UInt16 = 0x2f, absMTTouchMajor: UInt16 = 0x30, absMTPositionX: UInt16 = 0x35
    static let absMTPositionY: UInt16 = 0x36, absMTTrackingID: UInt16 = 0x39
    static let btnToolPen: UInt16 = 0x140, btnToolRubber: UInt16 = 0x141, btnTouch: UInt16 = 0x14a
    static let btnStylus: UInt16 = 0x14b, btnStylus2: UInt16 = 0x14c
    /// The most multitouch slots believed (the kernel's own limit for a device is far below).
    static let slotLimit: Int32 = 256
}

extension DeviceRecording {
    /// The seat events a compositor would send a surface covering `canvas` for this recording: the device's whole
    /// range mapped onto the canvas, a frame at each `SYN_REPORT` that changed something, times in milliseconds
    /// from the first event.
    ///
    /// - A touchscreen's slots become touch IDs (the slot number, as compositors number `wl_touch` points by seat
    ///   slot): a tracking ID in a slot is a down, -1 an up; position changes are motions.
    /// - A tablet's `BTN_TOOL_PEN` / `BTN_TOOL_RUBBER` are proximity in and out (pen or eraser), `BTN_TOUCH` down
    ///   and up, `BTN_STYLUS`/`BTN_STYLUS2` buttons; pressure and distance are scaled by their ranges to 0…1, tilt
    ///   to degrees (by its resolution in units per radian where the range is centred on 0, else its range taken
    ///   as ±64°, as libinput does).
    ///
    /// - Throws: ``DeviceRecordingError`` at the event's line for an event a device cannot send (a slot out of its
    ///   range, an axis it has no range for), or at line 1 for a device that is not a touchscreen or a tablet.
    public func seatEvents(canvas: Size, file: String = "<recording>") throws(DeviceRecordingError) -> [SeatEvent] {
        guard let kind else {
            throw DeviceRecordingError(file: file, line: 1, "\(name.isEmpty ? "the device" : "\"\(name)\"") is neither a touchscreen (ABS_MT_POSITION_X) nor a tablet (BTN_TOOL_PEN)")
        }
        guard canvas.width > 0, canvas.height > 0, canvas.width.isFinite, canvas.height.isFinite else {
            throw DeviceRecordingError(file: file, line: 1, "the canvas must have a positive size")
        }
        var converter = RecordingConversion(recording: self, kind: kind, canvas: canvas, file: file)
        for event in events { try converter.take(event) }
        return converter.output
    }
}

/// The conversion under way: the device's state between reports, and what was sent so far.
private struct RecordingConversion {
    struct Slot {
        var isDown = false
        var wasDown = false
        var x: Int32 = 0, y: Int32 = 0
        var moved = false
    }

    struct Pen {
        var tool: TabletToolType?
        var wasNear: TabletToolType?
        var touching = false
        var wasTouching = false
        var x: Int32 = 0, y: Int32 = 0
        var axes = TabletAxes()
        var moved = false
        var buttons: [(PenButton, Bool)] = []
    }

    let recording: DeviceRecording
    let kind: DeviceRecording.DeviceKind
    let canvas: Size
    let file: String
    var output: [SeatEvent] = []
    var slots: [Int32: Slot] = [:]
    var slot: Int32 = 0
    var pen = Pen()
    var start: Double?
    var latest = 0.0

    init(recording: DeviceRecording, kind: DeviceRecording.DeviceKind, canvas: Size, file: String) {
        self.recording = recording
        self.kind = kind
        self.canvas = canvas
        self.file = file
    }

    func range(_ axis: UInt16, _ event: DeviceRecording.Event) throws(DeviceRecordingError) -> DeviceRecording.AxisRange {
        guard let range = recording.axes[axis] else {
            throw DeviceRecordingError(file: file, line: event.line, "axis \(axis) has no range in the device's description")
        }
        return range
    }

    mutating func take(_ event: DeviceRecording.Event) throws(DeviceRecordingError) {
        switch (event.type, event.code) {
        case (Evdev.evSyn, Evdev.synReport):
            report(at: event.time)
        case (Evdev.evAbs, Evdev.absMTSlot) where kind == .touchscreen:
            let top = min(recording.axes[Evdev.absMTSlot]?.maximum ?? Evdev.slotLimit - 1, Evdev.slotLimit - 1)
            guard (0...max(top, 0)).contains(event.value) else {
                throw DeviceRecordingError(file: file, line: event.line, "slot \(event.value) is outside the device's slots 0…\(top)")
            }
            slot = event.value
        case (Evdev.evAbs, Evdev.absMTTrackingID) where kind == .touchscreen:
            slots[slot, default: Slot()].isDown = event.value >= 0
        case (Evdev.evAbs, Evdev.absMTPositionX) where kind == .touchscreen:
            _ = try range(event.code, event)
            slots[slot, default: Slot()].x = event.value
            slots[slot, default: Slot()].moved = true
        case (Evdev.evAbs, Evdev.absMTPositionY) where kind == .touchscreen:
            _ = try range(event.code, event)
            slots[slot, default: Slot()].y = event.value
            slots[slot, default: Slot()].moved = true
        case (Evdev.evAbs, Evdev.absX) where kind != .touchscreen:
            _ = try range(event.code, event)
            if kind == .tablet { pen.x = event.value; pen.moved = true } else { slots[0, default: Slot()].x = event.value; slots[0, default: Slot()].moved = true }
        case (Evdev.evAbs, Evdev.absY) where kind != .touchscreen:
            _ = try range(event.code, event)
            if kind == .tablet { pen.y = event.value; pen.moved = true } else { slots[0, default: Slot()].y = event.value; slots[0, default: Slot()].moved = true }
        case (Evdev.evKey, Evdev.btnTouch) where kind == .singleTouchScreen:
            slots[0, default: Slot()].isDown = event.value != 0
        case (Evdev.evAbs, Evdev.absPressure) where kind == .tablet:
            pen.axes.pressure = try range(event.code, event).fraction(event.value)
            pen.moved = true
        case (Evdev.evAbs, Evdev.absDistance) where kind == .tablet:
            pen.axes.distance = try range(event.code, event).fraction(event.value)
            pen.moved = true
        case (Evdev.evAbs, Evdev.absTiltX) where kind == .tablet, (Evdev.evAbs, Evdev.absTiltY) where kind == .tablet:
            let degrees = Self.tilt(event.value, try range(event.code, event))
            if event.code == Evdev.absTiltX { pen.axes.tiltX = degrees } else { pen.axes.tiltY = degrees }
            pen.moved = true
        case (Evdev.evKey, Evdev.btnToolPen) where kind == .tablet, (Evdev.evKey, Evdev.btnToolRubber) where kind == .tablet:
            let tool: TabletToolType = event.code == Evdev.btnToolPen ? .pen : .eraser
            if event.value != 0 { pen.tool = tool } else if pen.tool == tool { pen.tool = nil }
        case (Evdev.evKey, Evdev.btnTouch) where kind == .tablet:
            pen.touching = event.value != 0
        case (Evdev.evKey, Evdev.btnStylus) where kind == .tablet, (Evdev.evKey, Evdev.btnStylus2) where kind == .tablet:
            // A key repeat (2) is no change.
            if event.value == 0 || event.value == 1 { pen.buttons.append((PenButton(code: UInt32(event.code)), event.value == 1)) }
        default:
            // Everything else (timestamps, touch size, other keys, SYN_DROPPED) changes nothing a client hears.
            break
        }
    }

    /// Tilt in degrees from upright: by the resolution (units per radian) when the range is centred on 0, else the
    /// range taken as ±64°; within ±90.
    static func tilt(_ value: Int32, _ range: DeviceRecording.AxisRange) -> Double {
        let degrees: Double
        if range.resolution > 0, range.minimum < 0, range.maximum > 0 {
            degrees = Double(value) / Double(range.resolution) * 180 / .pi
        } else {
            degrees = (range.fraction(value) * 2 - 1) * 64
        }
        return min(max(degrees, -90), 90)
    }

    /// A position on the canvas: the device's units cover it edge to edge, each unit `size / (max - min + 1)`
    /// wide, as libinput maps a touchscreen onto its output; rounded to a hundredth of a point.
    func point(_ x: Int32, _ y: Int32, xAxis: UInt16, yAxis: UInt16) -> Point {
        func place(_ value: Int32, _ axis: UInt16, _ size: Double) -> Double {
            guard let range = recording.axes[axis] else { return 0 }
            let units = Double(range.maximum) - Double(range.minimum) + 1
            let clamped = min(max(Double(value), Double(range.minimum)), Double(range.maximum))
            return ((clamped - Double(range.minimum)) / units * size * 100).rounded() / 100
        }
        return Point(x: place(x, xAxis, canvas.width), y: place(y, yAxis, canvas.height))
    }

    /// A `SYN_REPORT`: what changed since the last one, as a compositor sends it, then a frame.
    mutating func report(at seconds: Double) {
        let time = timestamp(seconds)
        var events: [SeatEvent.Kind] = []
        if kind == .tablet {
            events = penReport()
        } else {
            let (xAxis, yAxis) = kind == .touchscreen ? (Evdev.absMTPositionX, Evdev.absMTPositionY) : (Evdev.absX, Evdev.absY)
            for id in slots.keys.sorted() {
                guard var state = slots[id] else { continue }
                let location = point(state.x, state.y, xAxis: xAxis, yAxis: yAxis)
                switch (state.wasDown, state.isDown) {
                case (false, true): events.append(.touchDown(id: id, location: location))
                case (true, true) where state.moved: events.append(.touchMotion(id: id, location: location))
                case (true, false): events.append(.touchUp(id: id))
                default: break
                }
                state.wasDown = state.isDown
                state.moved = false
                slots[id] = state
            }
            if !events.isEmpty { events.append(.touchFrame) }
        }
        output += events.map { SeatEvent(time: time, $0) }
    }

    mutating func penReport() -> [SeatEvent.Kind] {
        var events: [TabletEvent] = []
        let location = point(pen.x, pen.y, xAxis: Evdev.absX, yAxis: Evdev.absY)
        // A tool flipped (pen to eraser) in one report: the old one leaves first.
        if let near = pen.wasNear, pen.tool != near {
            if pen.wasTouching { events.append(.up) }
            events.append(.proximityOut)
            pen.wasNear = nil
            pen.wasTouching = false
        }
        if let tool = pen.tool {
            if pen.wasNear == nil {
                events.append(.proximityIn(tool, location: location))
                pen.wasNear = tool
            }
            // The tip's change first, then the axes (the down's own pressure; after an up, the pen hovering), as
            // tablet-v2 compositors send them.
            let touching = pen.touching
            if touching != pen.wasTouching { events.append(touching ? .down : .up) }
            if pen.moved || (touching && !pen.wasTouching) {
                events.append(.motion(location: location, axes: pen.axes))
            }
            pen.wasTouching = touching
            events += pen.buttons.map { .button($0.0, isPressed: $0.1) }
        }
        pen.moved = false
        pen.buttons = []
        if !events.isEmpty { events.append(.frame) }
        return events.map { .tablet($0) }
    }

    /// Milliseconds since the first event, never earlier than the one before.
    mutating func timestamp(_ seconds: Double) -> Timestamp {
        let start = self.start ?? seconds
        self.start = start
        var ms = ((seconds - start) * 1000 * 1000).rounded() / 1000
        if !ms.isFinite || ms < latest { ms = latest }
        ms = min(ms, 1e12)
        latest = ms
        return .milliseconds(ms)
    }
}
