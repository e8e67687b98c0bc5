// The trace format: a recorded seat-event stream as JSON Lines (docs/trace-format.md).
import FoundationEssentials
import Geometry

/// A recorded seat-event stream: the logical size of the surface it was recorded on, and its events in order.
///
/// The file form is JSON Lines, one event per line, documented in `docs/trace-format.md`:
///
///     {"canvas": [800, 600]}
///     {"t": 0, "touch": "down", "id": 5, "x": 400, "y": 300}
///     {"t": 0, "touch": "frame"}
///     {"t": 16, "touch": "motion", "id": 5, "x": 410, "y": 302}
///     {"t": 16, "touch": "frame"}
///     {"t": 40, "touch": "up", "id": 5}
///     {"t": 40, "touch": "frame"}
public struct Trace: Hashable, Sendable {
    /// The logical size of the surface the trace was recorded on, when the trace says.
    public var canvasSize: Size?
    /// Where the canvas's top-left corner is on the window's surface, when a window put it below something of its
    /// own (a title bar it drew): the events are in the canvas's coordinates, and a compositor that replays them
    /// into a window adds this. `nil`: the canvas is the whole surface.
    public var canvasOrigin: Point?
    /// The events, in order; their times never decrease.
    public var events: [SeatEvent]

    /// A trace of `events`, recorded on a canvas of `canvasSize` at `canvasOrigin` on its surface when they are known.
    public init(canvasSize: Size? = nil, canvasOrigin: Point? = nil, events: [SeatEvent] = []) {
        self.canvasSize = canvasSize
        self.canvasOrigin = canvasOrigin
        self.events = events
    }
}

/// A trace that cannot be read, with where and why.
public struct TraceError: Error, CustomStringConvertible, Equatable {
    /// The file's path, or a name for text that came from elsewhere.
    public var file: String
    /// The line, counting from 1; 0 when the file itself could not be read.
    public var line: Int
    /// What is wrong, in a sentence.
    public var message: String

    /// `FILE:LINE: message`, or `FILE: message` when there is no line.
    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}

extension Trace {
    /// The largest canvas side a trace may give, in points: the largest `--size` the programs accept.
    public static let largestCanvasSide = 16384.0
    /// The latest time a trace may reach, in milliseconds: a day.
    public static let latestTime = 86_400_000.0
    /// The largest touch contact (`major`, `minor`) a trace may give, in surface points.
    public static let largestContact = 16384.0
    /// The farthest a trace's touch, pointer or pen location may be from the surface's origin on either axis, in
    /// surface points: the range every layer shares (`CoordinateRange.largest`).
    public static let largestCoordinate = CoordinateRange.largest
    /// The largest wheel or touchpad movement a trace may give in one event, either way, in surface points (a wheel
    /// click is 10 to 15).
    public static let largestDelta = 10_000.0
    /// The largest touchpad pinch scale a trace may give (relative to the gesture's start).
    public static let largestScale = 1_000.0
    /// The largest touchpad rotation a trace may give in one event, either way, in degrees.
    public static let largestRotation = 3_600.0
    /// The largest tilt a trace may give a pen, in degrees from upright either way (`tilt_x`, `tilt_y`): flat.
    public static let largestTilt = 90.0
    /// The most MIME types a drag may offer, the longest type in bytes, and the most bytes of its `data`.
    public static let largestDragTypes = 64, largestDragTypeBytes = 255, largestDragData = 65_536

    /// Reads a trace file, every event into memory; a program that plays a trace reads it as a stream with
    /// ``TraceReader`` instead.
    public init(contentsOf url: URL) throws(TraceError) {
        let reader = try TraceReader(contentsOf: url)
        self.init(canvasSize: reader.canvasSize, canvasOrigin: reader.canvasOrigin)
        while let event = try reader.nextEvent() {
            events.append(event)
        }
    }

    /// Parses the text of a trace; `file` names it in errors.
    public init(parsing text: String, file: String = "<trace>") throws(TraceError) {
        self.init()
        var parser = TraceLineParser(file: file)
        var lineNumber = 0
        // A line ends at "\n", as the stream reader's do: "\r\n" is one Character, so it is named too.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            if let event = try parser.parse(line, number: lineNumber) { events.append(event) }
        }
        canvasSize = parser.canvasSize
        canvasOrigin = parser.canvasOrigin
    }

    /// The trace in its file form: JSON Lines, the canvas line first when there is one.
    public func serialized() -> String {
        var text = ""
        if let canvasSize {
            let origin = canvasOrigin.map { ", \"origin\": [\(Self.format($0.x)), \(Self.format($0.y))]" } ?? ""
            text += "{\"canvas\": [\(Self.format(canvasSize.width)), \(Self.format(canvasSize.height))]\(origin)}\n"
        }
        for event in events {
            text += Self.line(for: event) + "\n"
        }
        return text
    }

    /// Writes the trace to a file, replacing it.
    public func write(to url: URL) throws {
        try Data(serialized().utf8).write(to: url, options: .atomic)
    }

    /// One event's line, without the newline, when a trace reader takes it back; `nil` for an event holding a
    /// value no trace holds (a coordinate beyond ``largestCoordinate``, say), which a recording leaves out so that
    /// it always plays: the translator drops such an event anyway.
    public static func readableLine(for event: SeatEvent) -> String? {
        let line = line(for: event)
        var parser = TraceLineParser(file: "")
        return (try? parser.parse(Substring(line), number: 1)) == nil ? nil : line
    }

    /// One event's line, without the newline.
    public static func line(for event: SeatEvent) -> String {
        var fields: [(String, String)] = [("t", format(event.time.milliseconds))]
        func point(_ location: Point) {
            fields.append(("x", format(location.x)))
            fields.append(("y", format(location.y)))
        }
        func shape(_ shape: TouchShape?) {
            guard let shape else { return }
            fields.append(("major", format(shape.major)))
            fields.append(("minor", format(shape.minor)))
        }
        switch event.kind {
        case let .touchDown(id, location, touchShape):
            fields += [("touch", quoted("down")), ("id", String(id))]
            point(location)
            shape(touchShape)
        case let .touchMotion(id, location, touchShape):
            fields += [("touch", quoted("motion")), ("id", String(id))]
            point(location)
            shape(touchShape)
        case let .touchUp(id):
            fields += [("touch", quoted("up")), ("id", String(id))]
        case .touchFrame:
            fields.append(("touch", quoted("frame")))
        case .touchCancel:
            fields.append(("touch", quoted("cancel")))
        case let .pointerEnter(location):
            fields.append(("pointer", quoted("enter")))
            point(location)
        case .pointerLeave:
            fields.append(("pointer", quoted("leave")))
        case let .pointerMotion(location):
            fields.append(("pointer", quoted("motion")))
            point(location)
        case let .pointerButton(button, isPressed):
            let name: String
            switch button {
            case .left: name = quoted("left")
            case .right: name = quoted("right")
            case .middle: name = quoted("middle")
            case .other(let code): name = String(code)
            }
            fields += [("pointer", quoted("button")), ("button", name), ("state", quoted(isPressed ? "pressed" : "released"))]
        case let .pointerAxis(dx, dy):
            fields += [("pointer", quoted("axis")), ("dx", format(dx)), ("dy", format(dy))]
        case let .key(chord):
            fields.append(("key", quoted(chord.description)))
        case let .keyState(chord, isPressed):
            fields += [("key", quoted(chord.description)), ("state", quoted(isPressed ? "pressed" : "released"))]
        case let .touchpadGesture(gesture):
            fields.append(("gesture", quoted(gesture.kind.rawValue)))
            switch gesture {
            case let .begin(_, fingers):
                fields += [("phase", quoted("begin")), ("fingers", String(fingers))]
            case let .update(kind, dx, dy, scale, rotation):
                fields += [("phase", quoted("update")), ("dx", format(dx)), ("dy", format(dy))]
                if kind == .pinch { fields += [("scale", format(scale)), ("rotation", format(rotation))] }
            case let .end(_, cancelled):
                fields += [("phase", quoted("end")), ("cancelled", cancelled ? "true" : "false")]
            }
        case let .tablet(tabletEvent, tool):
            fields += tabletFields(tabletEvent, tool: tool)
        case let .drag(dragEvent):
            switch dragEvent {
            case let .enter(location, mimeTypes, data):
                fields.append(("drag", quoted("enter")))
                point(location)
                fields.append(("types", "[" + mimeTypes.map(quoted).joined(separator: ", ") + "]"))
                fields.append(("data", quoted(String(decoding: data, as: UTF8.self))))
            case let .motion(location):
                fields.append(("drag", quoted("motion")))
                point(location)
            case .leave: fields.append(("drag", quoted("leave")))
            case .drop: fields.append(("drag", quoted("drop")))
            }
        case .tick:
            fields.append(("tick", "true"))
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    // MARK: - Parsing one line

    struct FieldError: Error {
        var text: String
    }

    /// The event a line describes; `nil` for a line with only a time and fields this version does not know.
    static func kind(of object: [String: Any]) throws -> SeatEvent.Kind? {
        if let touch = object["touch"] {
            switch touch as? String {
            case "down": return .touchDown(id: try id(object), location: try point(object), shape: try shape(object))
            case "motion": return .touchMotion(id: try id(object), location: try point(object), shape: try shape(object))
            case "up": return .touchUp(id: try id(object))
            case "frame": return .touchFrame
            case "cancel": return .touchCancel
            default: throw FieldError(text: "unknown \"touch\" event \(describe(touch))")
            }
        }
        if let pointer = object["pointer"] {
            switch pointer as? String {
            case "enter": return .pointerEnter(location: try point(object))
            case "leave": return .pointerLeave
            case "motion": return .pointerMotion(location: try point(object))
            case "button":
                let button: PointerButton
                switch object["button"] {
                case let name as String where name == "left": button = .left
                case let name as String where name == "right": button = .right
                case let name as String where name == "middle": button = .middle
                case let code? where number(code).map({ $0 >= 0 && $0 <= Double(UInt32.max) && $0 == $0.rounded() }) == true:
                    button = PointerButton(code: UInt32(number(code)!))
                default: throw FieldError(text: "\"button\" must be \"left\", \"right\" or \"middle\"")
                }
                switch object["state"] as? String {
                case "pressed": return .pointerButton(button, isPressed: true)
                case "released": return .pointerButton(button, isPressed: false)
                default: throw FieldError(text: "\"state\" must be \"pressed\" or \"released\"")
                }
            case "axis":
                return .pointerAxis(dx: try limitedNumber(object, "dx", largestDelta) ?? 0,
                                    dy: try limitedNumber(object, "dy", largestDelta) ?? 0)
            default: throw FieldError(text: "unknown \"pointer\" event \(describe(pointer))")
            }
        }
        if let key = object["key"] {
            guard let text = key as? String, let chord = KeyChord(parsing: text) else {
                throw FieldError(text: "\"key\" must be a keysym name with modifiers, like \"ctrl+z\"")
            }
            switch object["state"].map({ $0 as? String }) {
            case nil: return .key(chord)
            case "pressed": return .keyState(chord, isPressed: true)
            case "released": return .keyState(chord, isPressed: false)
            default: throw FieldError(text: "\"state\" must be \"pressed\" or \"released\"")
            }
        }
        if let gesture = object["gesture"] {
            return .touchpadGesture(try touchpadGesture(gesture, object))
        }
        if let tablet = object["tablet"] {
            return try tabletEvent(tablet, object)
        }
        if let drag = object["drag"] {
            return .drag(try dragEvent(drag, object))
        }
        if let tick = object["tick"] {
            guard (tick as? JSONNumber)?.truth == true else { throw FieldError(text: "\"tick\" must be true") }
            return .tick
        }
        return nil
    }

    private static func touchpadGesture(_ name: Any, _ object: [String: Any]) throws -> TouchpadGesture {
        guard let kind = (name as? String).flatMap(TouchpadGesture.Kind.init(rawValue:)) else {
            throw FieldError(text: "unknown \"gesture\" \(describe(name)) (\"swipe\", \"pinch\" or \"hold\")")
        }
        switch object["phase"] as? String {
        case "begin":
            guard let fingers = number(object["fingers"] as Any), fingers == fingers.rounded(), fingers >= 1, fingers <= 10
            else { throw FieldError(text: "\"fingers\" must be a whole number from 1 to 10") }
            return .begin(kind, fingers: Int(fingers))
        case "update":
            guard kind != .hold else { throw FieldError(text: "a \"hold\" gesture has no \"update\"") }
            let scale = try optionalNumber(object, "scale") ?? 1
            guard scale > 0, scale <= largestScale else {
                throw FieldError(text: "\"scale\" must be a positive number up to \(format(largestScale))")
            }
            return .update(kind, dx: try limitedNumber(object, "dx", largestDelta) ?? 0,
                           dy: try limitedNumber(object, "dy", largestDelta) ?? 0,
                           scale: kind == .pinch ? scale : 1,
                           rotation: kind == .pinch ? try limitedNumber(object, "rotation", largestRotation) ?? 0 : 0)
        case "end":
            let cancelled = object["cancelled"]
            guard cancelled == nil || (cancelled as? JSONNumber)?.isBoolean == true else {
                throw FieldError(text: "\"cancelled\" must be true or false")
            }
            return .end(kind, cancelled: (cancelled as? JSONNumber)?.truth ?? false)
        default:
            throw FieldError(text: "\"phase\" must be \"begin\", \"update\" or \"end\"")
        }
    }

    private static func dragEvent(_ name: Any, _ object: [String: Any]) throws -> DragEvent {
        switch name as? String {
        case "enter":
            guard let types = object["types"] as? [Any], let mimeTypes = types as? [String], !mimeTypes.isEmpty,
                  mimeTypes.count <= largestDragTypes,
                  mimeTypes.allSatisfy({ !$0.isEmpty && $0.utf8.count <= largestDragTypeBytes && !$0.utf8.contains(0) })
            else {
                throw FieldError(text: "\"types\" must be a list of 1 to \(largestDragTypes) MIME types, each 1 to "
                                 + "\(largestDragTypeBytes) bytes")
            }
            guard let text = object["data"] as? String, text.utf8.count <= largestDragData else {
                throw FieldError(text: "\"data\" must be a string of at most \(largestDragData) bytes")
            }
            return .enter(location: try point(object), mimeTypes: mimeTypes, data: Array(text.utf8))
        case "motion": return .motion(location: try point(object))
        case "leave": return .leave
        case "drop": return .drop
        default:
            throw FieldError(text: "unknown \"drag\" event \(describe(name)) (\"enter\", \"motion\", \"leave\" or \"drop\")")
        }
    }

    private static func tabletEvent(_ name: Any, _ object: [String: Any]) throws -> SeatEvent.Kind {
        let tool = try optionalNumber(object, "id") ?? 0
        guard tool == tool.rounded(), tool >= 0, tool <= Double(Int32.max) else {
            throw FieldError(text: "\"id\" of a tablet tool must be a whole number from 0 to \(Int32.max)")
        }
        let event: TabletEvent
        switch name as? String {
        case "proximity_in":
            guard let type = (object["tool"] as? String).flatMap(TabletToolType.init(rawValue:)) else {
                throw FieldError(text: "\"tool\" must be \"pen\" or \"eraser\"")
            }
            event = .proximityIn(type, location: try point(object))
        case "proximity_out": event = .proximityOut
        case "down": event = .down
        case "up": event = .up
        case "frame": event = .frame
        case "motion":
            let axes = TabletAxes(
                pressure: try limited(object, "pressure", 0...1), tiltX: try limited(object, "tilt_x", -largestTilt...largestTilt),
                tiltY: try limited(object, "tilt_y", -largestTilt...largestTilt), distance: try limited(object, "distance", 0...1)
            )
            event = .motion(location: try point(object), axes: axes)
        case "button":
            let button: PenButton
            switch object["button"] {
            case let name as String where name == "stylus": button = .stylus
            case let name as String where name == "stylus2": button = .stylus2
            case let code? where number(code).map({ $0 >= 0 && $0 <= Double(UInt32.max) && $0 == $0.rounded() }) == true:
                button = PenButton(code: UInt32(number(code)!))
            default: throw FieldError(text: "\"button\" must be \"stylus\" or \"stylus2\"")
            }
            switch object["state"] as? String {
            case "pressed": event = .button(button, isPressed: true)
            case "released": event = .button(button, isPressed: false)
            default: throw FieldError(text: "\"state\" must be \"pressed\" or \"released\"")
            }
        default:
            throw FieldError(text: "unknown \"tablet\" event \(describe(name)) (\"proximity_in\", \"down\", \"motion\", \"up\", "
                + "\"proximity_out\", \"button\" or \"frame\")")
        }
        return .tablet(event, tool: Int(tool))
    }

    /// An optional number that must lie in a range; the error names the field, the range and the value.
    private static func limited(_ object: [String: Any], _ key: String, _ range: ClosedRange<Double>) throws -> Double? {
        guard let value = try optionalNumber(object, key) else { return nil }
        guard range.contains(value) else {
            throw FieldError(text: "\"\(key)\" must be from \(format(range.lowerBound)) to \(format(range.upperBound)) (got \(format(value)))")
        }
        return value
    }

    /// A tablet event's fields after `"t"`.
    private static func tabletFields(_ event: TabletEvent, tool: Int) -> [(String, String)] {
        var fields: [(String, String)] = []
        func point(_ location: Point) {
            fields.append(("x", format(location.x)))
            fields.append(("y", format(location.y)))
        }
        switch event {
        case let .proximityIn(type, location):
            fields += [("tablet", quoted("proximity_in")), ("tool", quoted(type.rawValue))]
            point(location)
        case .proximityOut: fields.append(("tablet", quoted("proximity_out")))
        case .down: fields.append(("tablet", quoted("down")))
        case .up: fields.append(("tablet", quoted("up")))
        case .frame: fields.append(("tablet", quoted("frame")))
        case let .motion(location, axes):
            fields.append(("tablet", quoted("motion")))
            point(location)
            let named = [("pressure", axes.pressure), ("tilt_x", axes.tiltX), ("tilt_y", axes.tiltY), ("distance", axes.distance)]
            for case let (name, value?) in named { fields.append((name, format(value))) }
        case let .button(button, isPressed):
            let name = switch button {
            case .stylus, .stylus2: quoted(button.traceName)
            case .other: button.traceName
            }
            fields += [("tablet", quoted("button")), ("button", name), ("state", quoted(isPressed ? "pressed" : "released"))]
        }
        if tool != 0 { fields.append(("id", String(tool))) }
        return fields
    }

    private static func id(_ object: [String: Any]) throws -> Int32 {
        guard let value = number(object["id"] as Any), value == value.rounded(),
              value >= Double(Int32.min), value <= Double(Int32.max)
        else { throw FieldError(text: "\"id\" must be a whole number from \(Int32.min) to \(Int32.max)") }
        return Int32(value)
    }

    private static func point(_ object: [String: Any]) throws -> Point {
        guard let x = number(object["x"] as Any), let y = number(object["y"] as Any) else {
            throw FieldError(text: "\"x\" and \"y\" must be numbers")
        }
        guard CoordinateRange.contains(Point(x: x, y: y)) else {
            throw FieldError(text: "\"x\" and \"y\" must be from -\(format(largestCoordinate)) to \(format(largestCoordinate))")
        }
        return Point(x: x, y: y)
    }

    /// A number field that is absent (`nil`) or within `-limit...limit`.
    private static func limitedNumber(_ object: [String: Any], _ key: String, _ limit: Double) throws -> Double? {
        guard let value = try optionalNumber(object, key) else { return nil }
        guard abs(value) <= limit else {
            throw FieldError(text: "\"\(key)\" must be from -\(format(limit)) to \(format(limit)) (got \(format(value)))")
        }
        return value
    }

    private static func shape(_ object: [String: Any]) throws -> TouchShape? {
        let major = try optionalNumber(object, "major")
        let minor = try optionalNumber(object, "minor")
        guard major != nil || minor != nil else { return nil }
        for value in [major, minor].compactMap({ $0 }) where !(0...largestContact).contains(value) {
            throw FieldError(text: "\"major\" and \"minor\" must be from 0 to \(format(largestContact)) (got \(format(value)))")
        }
        return TouchShape(major: major ?? minor!, minor: minor ?? major!)
    }

    private static func optionalNumber(_ object: [String: Any], _ key: String) throws -> Double? {
        guard let raw = object[key] else { return nil }
        guard let value = number(raw) else { throw FieldError(text: "\"\(key)\" must be a number") }
        return value
    }

    static func number(_ value: Any) -> Double? {
        // JSON's true and false are JSONNumbers too, as they were NSNumbers; only real, finite numbers count.
        guard let number = value as? JSONNumber, !number.isBoolean, number.value.isFinite else { return nil }
        return number.value
    }

    private static func describe(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        return "\(value)"
    }

    // MARK: - Writing numbers

    /// A number as the trace writes it: whole numbers without a fraction, others in the shortest form that reads
    /// back the same.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A string as a JSON string literal, as the trace writes its strings.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += (scalar.value < 0x10 ? "\\u000" : "\\u00") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
