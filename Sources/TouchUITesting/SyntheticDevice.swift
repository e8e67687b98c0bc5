// A made-up kernel input device that writes `libinput record` and `evemu-record` files of described gestures.
import Foundation

/// A touchscreen or pen tablet that exists only on paper: it describes its axes as the kernel would and writes what
/// it would send for a described gesture, in the two recording formats users attach to bug reports —
/// `libinput record` YAML (``libinputRecord(_:)``) and `evemu-record` text (``evemuRecording(_:)``). Tests
/// convert those (``/SeatInput/DeviceRecording``) and check the result plays as the gesture; nothing recorded
/// elsewhere is needed.
///
/// Positions in gestures are fractions of the device's width and height (0…1); times are seconds. The device
/// writes as the kernel does: only values that changed, `ABS_MT_SLOT` only when the slot changes, a
/// `SYN_REPORT` ending every report.
public struct SyntheticDevice: Sendable {
    /// What the device is.
    public enum Kind: Sendable {
        /// A multitouch screen (protocol B) with this many slots.
        case touchscreen(slots: Int32)
        /// A pen tablet with pressure, tilt and distance.
        case penTablet
    }

    /// One kernel event: type, code and value.
    public struct Event: Hashable, Sendable {
        /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`).
        public var type: UInt16
        /// The key or axis.
        public var code: UInt16
        /// The key's state or the axis's value.
        public var value: Int32

        /// An event of `type` for `code` with `value`.
        public init(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            self.type = type
            self.code = code
            self.value = value
        }
    }

    /// What the device sends at one moment, without its closing `SYN_REPORT` (the writers add it).
    public struct Report: Hashable, Sendable {
        /// Seconds from the start of the recording.
        public var time: Double
        /// The events of the report, in order.
        public var events: [Event]

        /// A report at `time` of `events`.
        public init(time: Double, events: [Event]) {
            self.time = time
            self.events = events
        }
    }

    /// The device's name, as the kernel would give it.
    public var name: String
    /// What the device is.
    public var kind: Kind
    /// The largest x and y the device reports (the smallest is 0).
    public var maximumX: Int32, maximumY: Int32
    /// Units per millimetre of x and y.
    public var resolution: Int32
    /// The largest pressure (a tablet's; the smallest is 0).
    public var maximumPressure: Int32 = 8191
    /// The largest distance a tablet senses.
    public var maximumDistance: Int32 = 63
    /// Tilt's range is ±this, in units of `tiltResolution` per radian (Wacom's: -64…63, 57 per radian).
    public var maximumTilt: Int32 = 64
    /// Tilt's units per radian (the kernel's resolution for tilt axes).
    public var tiltResolution: Int32 = 57

    /// A 10-finger touchscreen of 344 × 194 mm (a 15.6" laptop's), 4096 × 2304 units.
    public static let touchscreen = SyntheticDevice(name: "Synthetic Touchscreen", kind: .touchscreen(slots: 10),
                                                    maximumX: 4095, maximumY: 2303, resolution: 12)
    /// A pen tablet of 224 × 148 mm, 44 800 × 29 600 units, 8192 pressure levels, tilt and distance.
    public static let penTablet = SyntheticDevice(name: "Synthetic Pen Tablet Pen", kind: .penTablet,
                                                  maximumX: 44799, maximumY: 29599, resolution: 200)

    /// A device with these axes; pressure, distance and tilt take Wacom-like defaults.
    public init(name: String, kind: Kind, maximumX: Int32, maximumY: Int32, resolution: Int32) {
        self.name = name
        self.kind = kind
        self.maximumX = maximumX
        self.maximumY = maximumY
        self.resolution = resolution
    }

    // MARK: - Codes (linux/input-event-codes.h)

    // The event types, axes and buttons the gestures use, by their kernel names.

    /// `EV_SYN`: the type of `SYN_REPORT`, which ends a report.
    public static let evSyn: UInt16 = 0
    /// `EV_KEY`: keys and buttons.
    public static let evKey: UInt16 = 1
    /// `EV_ABS`: absolute axes.
    public static let evAbs: UInt16 = 3
    /// `ABS_X`: the position across.
    public static let absX: UInt16 = 0x00
    /// `ABS_Y`: the position down.
    public static let absY: UInt16 = 0x01
    /// `ABS_PRESSURE`: a pen's pressure.
    public static let absPressure: UInt16 = 0x18
    /// `ABS_DISTANCE`: how far a pen is above the surface.
    public static let absDistance: UInt16 = 0x19
    /// `ABS_TILT_X`: a pen's lean towards +x.
    public static let absTiltX: UInt16 = 0x1a
    /// `ABS_TILT_Y`: a pen's lean towards +y.
    public static let absTiltY: UInt16 = 0x1b
    /// `ABS_MT_SLOT`: the multitouch slot the events after it are about.
    public static let absMTSlot: UInt16 = 0x2f
    /// `ABS_MT_POSITION_X`: a slot's position across.
    public static let absMTPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`: a slot's position down.
    public static let absMTPositionY: UInt16 = 0x36
    /// `ABS_MT_TRACKING_ID`: a contact's number in its slot; -1 when it lifts.
    public static let absMTTrackingID: UInt16 = 0x39
    /// `BTN_TOOL_PEN`: a pen in proximity.
    public static let btnToolPen: UInt16 = 0x140
    /// `BTN_TOUCH`: touching the surface.
    public static let btnTouch: UInt16 = 0x14a
    /// `BTN_STYLUS`: a pen's first barrel button.
    public static let btnStylus: UInt16 = 0x14b

    /// The device's axes: code, minimum, maximum, resolution.
    public var axes: [(code: UInt16, minimum: Int32, maximum: Int32, resolution: Int32)] {
        switch kind {
        case let .touchscreen(slots):
            [(Self.absX, 0, maximumX, resolution), (Self.absY, 0, maximumY, resolution), (Self.absMTSlot, 0, slots - 1, 0),
             (Self.absMTPositionX, 0, maximumX, resolution), (Self.absMTPositionY, 0, maximumY, resolution),
             (Self.absMTTrackingID, 0, 65535, 0)]
        case .penTablet:
            [(Self.absX, 0, maximumX, resolution), (Self.absY, 0, maximumY, resolution), (Self.absPressure, 0, maximumPressure, 0),
             (Self.absDistance, 0, maximumDistance, 0), (Self.absTiltX, -maximumTilt, maximumTilt - 1, tiltResolution),
             (Self.absTiltY, -maximumTilt, maximumTilt - 1, tiltResolution)]
        }
    }

    /// The device's keys and buttons.
    public var keys: [UInt16] {
        switch kind {
        case .touchscreen: [Self.btnTouch]
        case .penTablet: [Self.btnToolPen, 0x141, Self.btnTouch, Self.btnStylus, 0x14c]
        }
    }

    private func x(_ fraction: Double) -> Int32 { Int32((min(max(fraction, 0), 1) * Double(maximumX)).rounded()) }
    private func y(_ fraction: Double) -> Int32 { Int32((min(max(fraction, 0), 1) * Double(maximumY)).rounded()) }

    // MARK: - Gestures

    /// Two fingers around `center`, `fromSpan` apart (a fraction of the width) on a horizontal line, coming down
    /// at `start`, spreading or closing to `toSpan` over `duration` seconds with a report every `1 / rate` s, and
    /// lifting together.
    public func pinch(center: (Double, Double), fromSpan: Double, toSpan: Double, start: Double = 0,
                      duration: Double = 0.4, rate: Double = 120) -> [Report] {
        let steps = max(1, Int((duration * rate).rounded()))
        var reports: [Report] = []
        var last: [Int32: (Int32, Int32)] = [:]
        var slot: Int32 = -1
        for step in 0...steps {
            let span = fromSpan + (toSpan - fromSpan) * Double(step) / Double(steps)
            var events: [Event] = []
            for (index, sign) in [(Int32(0), -1.0), (Int32(1), 1.0)] {
                let position = (x(center.0 + sign * span / 2), y(center.1))
                var changes: [Event] = []
                if step == 0 { changes.append(Event(Self.evAbs, Self.absMTTrackingID, 400 + index)) }
                if last[index]?.0 != position.0 { changes.append(Event(Self.evAbs, Self.absMTPositionX, position.0)) }
                if last[index]?.1 != position.1 { changes.append(Event(Self.evAbs, Self.absMTPositionY, position.1)) }
                last[index] = position
                guard !changes.isEmpty else { continue }
                if slot != index { events.append(Event(Self.evAbs, Self.absMTSlot, index)) }
                slot = index
                events += changes
            }
            if step == 0 {
                events += [Event(Self.evKey, Self.btnTouch, 1), Event(Self.evAbs, Self.absX, last[0]?.0 ?? 0),
                           Event(Self.evAbs, Self.absY, last[0]?.1 ?? 0)]
            }
            reports.append(Report(time: start + Double(step) / rate, events: events))
        }
        let end = start + duration + 1 / rate
        reports.append(Report(time: end, events: [
            Event(Self.evAbs, Self.absMTSlot, 0), Event(Self.evAbs, Self.absMTTrackingID, -1),
            Event(Self.evAbs, Self.absMTSlot, 1), Event(Self.evAbs, Self.absMTTrackingID, -1),
            Event(Self.evKey, Self.btnTouch, 0),
        ]))
        return reports
    }

    /// A pen coming near over `from` at `start`, hovering there for `hover` seconds (its distance falling from the
    /// farthest to 0), touching down and drawing a straight line to `to` over `duration` seconds with pressure
    /// rising from `pressures.0` to `pressures.1` (fractions of the most), leaning `tilt` degrees (x, y)
    /// throughout; then lifting and leaving. A report every `1 / rate` s.
    public func penStroke(from: (Double, Double), to: (Double, Double), pressures: (Double, Double) = (0.2, 1),
                          tilt: (Double, Double) = (0, 0), start: Double = 0, hover: Double = 0.05,
                          duration: Double = 0.3, rate: Double = 200) -> [Report] {
        func tiltUnits(_ degrees: Double) -> Int32 {
            Int32((degrees * .pi / 180 * Double(tiltResolution)).rounded())
        }
        var reports = [Report(time: start, events: [
            Event(Self.evKey, Self.btnToolPen, 1), Event(Self.evAbs, Self.absX, x(from.0)), Event(Self.evAbs, Self.absY, y(from.1)),
            Event(Self.evAbs, Self.absDistance, maximumDistance), Event(Self.evAbs, Self.absTiltX, tiltUnits(tilt.0)),
            Event(Self.evAbs, Self.absTiltY, tiltUnits(tilt.1)),
        ])]
        let hoverSteps = max(1, Int((hover * rate).rounded()))
        for step in 1...hoverSteps {
            let distance = Int32((Double(maximumDistance) * (1 - Double(step) / Double(hoverSteps))).rounded())
            reports.append(Report(time: start + Double(step) / rate, events: [Event(Self.evAbs, Self.absDistance, distance)]))
        }
        let down = start + Double(hoverSteps + 1) / rate
        let steps = max(1, Int((duration * rate).rounded()))
        for step in 0...steps {
            let f = Double(step) / Double(steps)
            let pressure = Int32(((pressures.0 + (pressures.1 - pressures.0) * f) * Double(maximumPressure)).rounded())
            var events: [Event] = step == 0 ? [Event(Self.evKey, Self.btnTouch, 1)] : [
                Event(Self.evAbs, Self.absX, x(from.0 + (to.0 - from.0) * f)), Event(Self.evAbs, Self.absY, y(from.1 + (to.1 - from.1) * f)),
            ]
            events.append(Event(Self.evAbs, Self.absPressure, pressure))
            reports.append(Report(time: down + Double(step) / rate, events: events))
        }
        let up = down + Double(steps + 1) / rate
        reports.append(Report(time: up, events: [Event(Self.evKey, Self.btnTouch, 0), Event(Self.evAbs, Self.absPressure, 0)]))
        reports.append(Report(time: up + 1 / rate, events: [Event(Self.evAbs, Self.absDistance, maximumDistance / 2)]))
        reports.append(Report(time: up + 2 / rate, events: [Event(Self.evKey, Self.btnToolPen, 0)]))
        return reports
    }

    // MARK: - Writing

    private static let absNames: [UInt16: String] = [
        0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE", 0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y",
        0x2f: "ABS_MT_SLOT", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y", 0x39: "ABS_MT_TRACKING_ID",
    ]
    private static let keyNames: [UInt16: String] = [
        0x140: "BTN_TOOL_PEN", 0x141: "BTN_TOOL_RUBBER", 0x14a: "BTN_TOUCH", 0x14b: "BTN_STYLUS", 0x14c: "BTN_STYLUS2",
    ]

    private static func describe(_ event: Event) -> String {
        switch event.type {
        case evAbs: "EV_ABS / \((absNames[event.code] ?? "ABS_\(event.code)").padding(toLength: 20, withPad: " ", startingAt: 0)) \(event.value)"
        case evKey: "EV_KEY / \((keyNames[event.code] ?? "KEY_\(event.code)").padding(toLength: 20, withPad: " ", startingAt: 0)) \(event.value)"
        default: "------------ SYN_REPORT (0) ----------"
        }
    }

    private var isTouchscreen: Bool { if case .touchscreen = kind { true } else { false } }

    /// The reports as `libinput record` writes them (version 1), one `evdev` item per report.
    public func libinputRecord(_ reports: [Report]) -> String {
        let width = Int(maximumX + 1) / Int(max(resolution, 1)), height = Int(maximumY + 1) / Int(max(resolution, 1))
        var text = """
            # libinput record
            version: 1
            ndevices: 1
            libinput:
              version: "1.22.1"
              git: "unknown"
            system:
              os: "synthetic"
              kernel: "6.1.0"
              dmi: "dmi:synthetic"
            devices:
            - node: /dev/input/event7
              evdev:
                # Name: \(name)
                # Size in mm: \(width)x\(height)
                name: "\(name)"
                id: [24, 1, 1, 1]
                codes:
                  0: [0, 1, 3] # EV_SYN
                  1: [\(keys.map(String.init).joined(separator: ", "))] # EV_KEY
                  3: [\(axes.map { String($0.code) }.joined(separator: ", "))] # EV_ABS
                absinfo:

            """
        for axis in axes {
            text += "      \(axis.code): [\(axis.minimum), \(axis.maximum), 0, 0, \(axis.resolution)]\n"
        }
        text += """
                properties: [\(isTouchscreen ? "1" : "")]
              udev:
                properties:
                - ID_INPUT=1
                - \(isTouchscreen ? "ID_INPUT_TOUCHSCREEN=1" : "ID_INPUT_TABLET=1")
              quirks:
              events:
              # Current time is 12:00:00

            """
        var previous = reports.first?.time ?? 0
        for report in reports {
            let total = Int((report.time * 1_000_000).rounded()), seconds = total / 1_000_000, micro = total % 1_000_000
            text += "  - evdev:\n"
            for event in report.events + [Event(Self.evSyn, 0, 0)] {
                var line = "    - [" + String(format: "%3d, %6d, %3d, %3d, %7d", seconds, micro, Int(event.type), Int(event.code), Int(event.value))
                    + "] # " + Self.describe(event)
                if event.type == Self.evSyn { line += String(format: " +%dms", Int(((report.time - previous) * 1000).rounded())) }
                text += line + "\n"
            }
            previous = report.time
        }
        return text
    }

    /// The reports as `evemu-record` writes them (EVEMU 1.3): the description, then one `E:` line per event.
    public func evemuRecording(_ reports: [Report]) -> String {
        var text = """
            # EVEMU 1.3
            # Kernel: 6.1.0
            # Input device name: "\(name)"
            # Input device ID: bus 0x18 vendor 0x01 product 0x01 version 0x01
            N: \(name)
            I: 0018 0001 0001 0001
            P: \(isTouchscreen ? "02" : "00") 00 00 00 00 00 00 00

            """
        func bitLines(_ type: UInt16, _ codes: [UInt16], byteCount: Int) -> String {
            var bytes = [UInt8](repeating: 0, count: byteCount)
            for code in codes where Int(code) / 8 < byteCount { bytes[Int(code) / 8] |= 1 << (code % 8) }
            return stride(from: 0, to: byteCount, by: 8).map { start in
                "B: " + String(format: "%02x", Int(type)) + " "
                    + bytes[start..<min(start + 8, byteCount)].map { String(format: "%02x", $0) }.joined(separator: " ")
            }.joined(separator: "\n") + "\n"
        }
        text += bitLines(0, [0, 1, 3], byteCount: 8)
        text += bitLines(1, keys, byteCount: 96)
        text += bitLines(3, axes.map(\.code), byteCount: 8)
        for axis in axes {
            text += "A: " + String(format: "%02x", Int(axis.code)) + " \(axis.minimum) \(axis.maximum) 0 0 \(axis.resolution)\n"
        }
        text += """
            ################################
            #      Waiting for events      #
            ################################

            """
        for report in reports {
            let total = Int((report.time * 1_000_000).rounded()), seconds = total / 1_000_000, micro = total % 1_000_000
            for event in report.events + [Event(Self.evSyn, 0, 0)] {
                text += String(format: "E: %d.%06d %04x %04x %04d", seconds, micro, Int(event.type), Int(event.code), Int(event.value))
                    + "\t# " + Self.describe(event) + "\n"
            }
        }
        return text
    }
}
