import Foundation
import PropertyBased
import SeatInput
import Testing
import TouchUI
import TouchUITesting

/// Recordings of a made-up device (``SyntheticDevice``), in `libinput record` and `evemu-record` form, converted to
/// seat events and played into the core: they must play as the gesture recorded (docs/recordings.md).
@Suite struct DeviceRecordingTests {
    static let canvas = Size(width: 800, height: 450)

    /// Reads and converts a recording in both formats; they must agree.
    static func convert(_ device: SyntheticDevice, _ reports: [SyntheticDevice.Report]) throws -> [SeatEvent] {
        let yaml = try DeviceRecording(parsing: device.libinputRecord(reports), file: "r.yml")
        let evemu = try DeviceRecording(parsing: device.evemuRecording(reports), file: "r.evemu")
        #expect(yaml.format == .libinputRecord && evemu.format == .evemu)
        #expect(yaml.name == device.name && evemu.name == device.name)
        #expect(yaml.axes == evemu.axes && yaml.keys == evemu.keys)
        let fromYAML = try yaml.seatEvents(canvas: canvas, file: "r.yml")
        #expect(try evemu.seatEvents(canvas: canvas, file: "r.evemu") == fromYAML)
        return fromYAML
    }

    @Test func aTwoFingerPinchOnATenFingerTouchscreenPlaysAsAPinch() throws {
        let device = SyntheticDevice.touchscreen
        // Fingers a fifth of the width apart spreading to two fifths over 0.4 s, 120 reports a second.
        let events = try Self.convert(device, device.pinch(center: (0.5, 0.5), fromSpan: 0.2, toSpan: 0.4))
        // Slots 0 and 1 are touches 0 and 1, down in one frame at the device's positions mapped onto the canvas.
        // 0.4 and 0.6 of the width are units 1638 and 2457 of 4096, half the height unit 1152 of 2304.
        #expect(Array(events.prefix(3)) == [
            SeatEvent(time: .zero, .touchDown(id: 0, location: Point(x: 319.92, y: 225))),
            SeatEvent(time: .zero, .touchDown(id: 1, location: Point(x: 479.88, y: 225))),
            SeatEvent(time: .zero, .touchFrame),
        ])
        #expect(events.filter { if case .touchFrame = $0.kind { true } else { false } }.count == 50)
        #expect(events.last?.time == .milliseconds(408.333))
        let window = Window(frame: Rect(origin: .zero, size: Self.canvas))
        let pinch = PinchGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        var scale = 0.0
        pinch.addTarget { recognizer in
            states.append(recognizer.state)
            if let pinch = recognizer as? PinchGestureRecognizer { scale = pinch.scale }
        }
        window.addGestureRecognizer(pinch)
        let translator = SeatEventTranslator(window: window)
        translator.handle(events)
        translator.finish()
        #expect(states.first == .began && states.last == .ended)
        // Twice as far apart at the end.
        #expect(abs(scale - 2) < 0.01, "scale \(scale)")
        #expect(translator.anomalies.isEmpty)
    }

    @Test func aPenStrokeKeepsItsHoverPressureAndTilt() throws {
        let device = SyntheticDevice.penTablet
        let reports = device.penStroke(from: (0.25, 0.5), to: (0.75, 0.5), pressures: (0.2, 1), tilt: (30, -10))
        let events = try Self.convert(device, reports)
        let tablet = events.compactMap { event -> TabletEvent? in
            if case let .tablet(tabletEvent, _) = event.kind { tabletEvent } else { nil }
        }
        // Near first, at the pen's place, then hovering closer and closer, then down with its pressure.
        #expect(tablet.first == .proximityIn(.pen, location: Point(x: 200, y: 225)))
        guard case let .motion(_, hover) = tablet[1] else { Issue.record("\(tablet[1])"); return }
        #expect(hover.distance == 1 && hover.pressure == nil)
        // 30° is 0.5236 rad, 30 units at 57 a radian: 30.16°; -10° is -10 units, -10.05°.
        #expect(abs((hover.tiltX ?? 0) - 30.155) < 0.01 && abs((hover.tiltY ?? 0) + 10.052) < 0.01, "\(hover)")
        let down = try #require(tablet.firstIndex(of: .down))
        guard case let .motion(_, pressed) = tablet[down + 1] else { Issue.record("\(tablet[down + 1])"); return }
        #expect(abs((pressed.pressure ?? 0) - 0.2) < 0.001 && pressed.distance == 0)
        // Lifted: the up before the axes that follow it, then hovering, then gone.
        let up = try #require(tablet.firstIndex(of: .up))
        guard case let .motion(_, lifted) = tablet[up + 1] else { Issue.record("\(tablet[up + 1])"); return }
        #expect(lifted.pressure == 0)
        #expect(tablet.suffix(2) == [.proximityOut, .frame])

        // Played into a window: hovering (the hover recognizer), then a pencil touch pressing harder to 1, then
        // hovering again until it leaves.
        let window = Window(frame: Rect(origin: .zero, size: Self.canvas))
        let hoverRecognizer = HoverGestureRecognizer()
        var log: [String] = []
        hoverRecognizer.addTarget { log.append("hover \($0.state)") }
        window.addGestureRecognizer(hoverRecognizer)
        final class PenView: View {
            var forces: [Double] = []
            var kinds: Set<Touch.Kind> = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { take(touches) }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { take(touches) }
            func take(_ touches: Set<Touch>) {
                for touch in touches { forces.append(touch.force); kinds.insert(touch.kind) }
            }
        }
        let view = PenView(frame: window.bounds)
        window.addSubview(view)
        let translator = SeatEventTranslator(window: window)
        translator.handle(events)
        #expect(translator.anomalies.isEmpty)
        #expect(view.kinds == [.pencil])
        #expect(abs((view.forces.first ?? 0) - 0.2) < 0.001 && view.forces.max() == 1)
        #expect(log.first == "hover began" && log.contains("hover ended") && log.last == "hover ended")
        #expect(log.filter { $0 == "hover began" }.count == 2)
    }

    @Test func bothFormatsSayWhereTheyAreWrong() {
        let device = SyntheticDevice.touchscreen
        let reports = device.pinch(center: (0.5, 0.5), fromSpan: 0.2, toSpan: 0.3, duration: 0.05)
        var yaml = device.libinputRecord(reports).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstEvent = yaml.firstIndex { $0.hasPrefix("    - [") } ?? 0
        yaml[firstEvent] = "    - [  0,      0,   3,  57,   x413]"
        #expect(throws: DeviceRecordingError(file: "bad.yml", line: firstEvent + 1, "\"x413\" is not a whole number within 32 bits")) {
            try DeviceRecording(parsing: yaml.joined(separator: "\n"), file: "bad.yml")
        }
        var evemu = device.evemuRecording(reports).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let axis = evemu.firstIndex { $0.hasPrefix("A: 35") } ?? 0
        evemu[axis] = "A: 35 4095 0 0 0 12"
        #expect(throws: DeviceRecordingError(file: "bad.evemu", line: axis + 1, "the axis's minimum 4095 is above its maximum 0")) {
            try DeviceRecording(parsing: evemu.joined(separator: "\n"), file: "bad.evemu")
        }
        // A slot the device does not have, in an event the converter reads.
        let slotLine = evemu.firstIndex { $0.hasPrefix("E: ") && $0.contains(" 0003 002f ") } ?? 0
        var badSlot = device.evemuRecording(reports).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        badSlot[slotLine] = "E: 0.000000 0003 002f 0012"
        #expect(throws: DeviceRecordingError(file: "slot.evemu", line: slotLine + 1, "slot 12 is outside the device's slots 0…9")) {
            try DeviceRecording(parsing: badSlot.joined(separator: "\n"), file: "slot.evemu")
                .seatEvents(canvas: Self.canvas, file: "slot.evemu")
        }
        // A keyboard is neither.
        #expect(throws: DeviceRecordingError(file: "k.evemu", line: 1, "\"Keyboard\" is neither a touchscreen (ABS_MT_POSITION_X) nor a tablet (BTN_TOOL_PEN)")) {
            try DeviceRecording(parsing: "N: Keyboard\nE: 0.000000 0001 001e 0001\n", file: "k.evemu")
                .seatEvents(canvas: Self.canvas, file: "k.evemu")
        }
        #expect(throws: DeviceRecordingError.self) { try DeviceRecording(parsing: "hello: world\n", file: "x") }
    }

    /// Recordings with lines cut, swapped, duplicated or replaced by noise: each is read and converted or refused
    /// with a line of the file; none traps, and what converts is a trace the trace reader reads back.
    @Test func noRecordingTrapsTheConverter() async {
        let device = SyntheticDevice.touchscreen
        let pen = SyntheticDevice.penTablet
        let sources = [
            device.libinputRecord(device.pinch(center: (0.5, 0.5), fromSpan: 0.2, toSpan: 0.3, duration: 0.05)),
            device.evemuRecording(device.pinch(center: (0.4, 0.6), fromSpan: 0.3, toSpan: 0.1, duration: 0.05)),
            pen.libinputRecord(pen.penStroke(from: (0.1, 0.1), to: (0.9, 0.9), hover: 0.01, duration: 0.05)),
            pen.evemuRecording(pen.penStroke(from: (0.9, 0.1), to: (0.1, 0.9), hover: 0.01, duration: 0.05)),
        ].map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let noise = ["- [", "E: 1.2", "A: zz", "    - [0, 0, 3, 47, 2147483647]", "    - [0, 0, 3, 53, -2147483648]",
                     "E: 0.000001 0003 002f -001", "E: 4294967295.999999 0003 0039 0001", "  - evdev:", "devices:",
                     "      53: [5, 1, 0, 0, 0]", "B: 01 ff ff", "\t- [1]", "E: 0.1 ffff ffff 99999999999", "N: \u{0}",
                     "    - [99999999999, 0, 0, 0, 0]", "#", "- node: x", "      57: [0, 65535, 0, 0, 0]", "E: -1.0 0 0 0"]
        let edits = Gen.int(in: 0...Int(Int32.max)).array(of: 1...12)
        await propertyCheck(count: 300, input: edits) { numbers in
            var lines = sources[numbers[0] % sources.count]
            for number in numbers.dropFirst() where !lines.isEmpty {
                let at = (number / 7) % lines.count
                switch number % 5 {
                case 0: lines.remove(at: at)
                case 1: lines.swapAt(at, (number / 13) % lines.count)
                case 2: lines.insert(lines[at], at: (number / 11) % lines.count)
                default: lines[at] = noise[(number / 3) % noise.count]
                }
            }
            do throws(DeviceRecordingError) {
                let recording = try DeviceRecording(parsing: lines.joined(separator: "\n"), file: "f")
                let events = try recording.seatEvents(canvas: Self.canvas, file: "f")
                let text = Trace(canvasSize: Self.canvas, events: events).serialized()
                #expect(throws: Never.self) { try Trace(parsing: text) }
            } catch {
                #expect(error.file == "f" && (1...max(lines.count, 1)).contains(error.line), "\(error)")
            }
        }
    }
}
