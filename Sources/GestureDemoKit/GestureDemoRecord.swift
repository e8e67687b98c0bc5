// One line of the gesture demo's log: what a recognizer decided, when, where, with which values.
import TouchUI

/// A recognizer's state change or update, a pen touch's delivery, or (with `--arena`) a decision of the window's
/// gesture arena, as the demo logs it (`docs/gesture-demo.md`):
///
///     {"t": 285, "recognizer": "double-tap", "state": "ended", "location": [401, 300.5], "touches": 1}
///     {"t": 21, "touch": "moved", "kind": "pencil", "location": [140, 210], "force": 0.4, "altitude": 1.35, "azimuth": 6.04}
///     {"t": 120, "arena": "PinchGestureRecognizer \"pinch\" [touches 1,2] began"}
public struct GestureDemoRecord {
    /// A value in a record.
    public enum Value {
        case number(Double, decimals: Int)
        case pair(Double, Double, decimals: Int)
        case text(String)

        /// The value as JSON.
        public var json: String {
            switch self {
            case let .number(value, decimals): GestureDemoRecord.format(value, decimals: decimals)
            case let .pair(a, b, decimals):
                "[\(GestureDemoRecord.format(a, decimals: decimals)), \(GestureDemoRecord.format(b, decimals: decimals))]"
            case let .text(text): "\"\(text)\""
            }
        }

        /// The value for people.
        public var text: String {
            switch self {
            case .text(let text): text
            default: json
            }
        }
    }

    /// When it happened, on the trace's clock (timers included).
    public var time: Timestamp
    /// The recognizer's name: `tap`, `double-tap`, `long-press`, `pinch`, `rotation`, `pan`, `swipe`, `checkmark`.
    public var recognizer: String
    public var state: GestureRecognizer.State
    /// The recognizer's location in the canvas.
    public var location: Point
    /// How many touches the recognizer held.
    public var touches: Int
    /// The recognizer's own values, in the order they are written.
    public var values: [(key: String, value: Value)]
    /// For a pen touch's record: the phase it was delivered in and its kind (pencil or eraser); `nil` for a
    /// recognizer's. Such a record has no recognizer, state or touch count.
    public var penTouch: (phase: Touch.Phase, kind: Touch.Kind)?
    /// For an arena decision's record: the decision's line without its `arena: ` prefix (``ArenaDecision``'s
    /// description); `nil` for others. Such a record has only a time besides.
    public var arenaDecision: String?

    /// A recognizer's record.
    public init(time: Timestamp, recognizer: String, state: GestureRecognizer.State, location: Point, touches: Int,
                values: [(key: String, value: Value)]) {
        self.time = time
        self.recognizer = recognizer
        self.state = state
        self.location = location
        self.touches = touches
        self.values = values
    }

    /// A pen touch's record: where it is, in the canvas, and its force and angles.
    public init(time: Timestamp, penTouch phase: Touch.Phase, kind: Touch.Kind, location: Point,
                values: [(key: String, value: Value)]) {
        self.init(time: time, recognizer: "", state: .possible, location: location, touches: 1, values: values)
        penTouch = (phase, kind)
    }

    /// An arena decision's record: the core's line for it (``ArenaDecision/description``) without its `arena: `
    /// prefix, the key saying as much.
    public init(time: Timestamp, arena decision: ArenaDecision) {
        self.init(time: time, recognizer: "", state: .possible, location: .zero, touches: 0, values: [])
        let line = decision.description
        arenaDecision = line.hasPrefix(Self.arenaPrefix) ? String(line.dropFirst(Self.arenaPrefix.count)) : line
    }

    /// What begins every ``ArenaDecision``'s line.
    static let arenaPrefix = "arena: "

    /// The record as one JSON line, without the newline.
    public var jsonLine: String {
        if let arenaDecision {
            return "{\"t\": \(Self.format(time.milliseconds, decimals: 3)), \"arena\": \(Self.jsonString(arenaDecision))}"
        }
        if let penTouch {
            let fields = [
                "\"t\": \(Self.format(time.milliseconds, decimals: 3))",
                "\"touch\": \"\(penTouch.phase)\"",
                "\"kind\": \"\(penTouch.kind)\"",
                "\"location\": \(Value.pair(location.x, location.y, decimals: 2).json)",
            ] + values.map { "\"\($0.key)\": \($0.value.json)" }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        var fields = [
            "\"t\": \(Self.format(time.milliseconds, decimals: 3))",
            "\"recognizer\": \"\(recognizer)\"",
            "\"state\": \"\(state)\"",
            "\"location\": \(Value.pair(location.x, location.y, decimals: 2).json)",
            "\"touches\": \(touches)",
        ]
        fields += values.map { "\"\($0.key)\": \($0.value.json)" }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Text as a JSON string, in quotes: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var json = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case let control where control.value < 0x20:
                json += "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: json.unicodeScalars.append(scalar)
            }
        }
        return json + "\""
    }

    /// A number rounded to `decimals` places, whole numbers without a fraction, never `-0`.
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }
}
