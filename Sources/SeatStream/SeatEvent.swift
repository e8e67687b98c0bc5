// The seat-event stream: what a Wayland seat (or a recorded trace) says, as plain values.
import Geometry

/// One event from a seat: a touch point, the pointer, the keyboard, or a tick of the clock.
///
/// This mirrors what `wl_touch`, `wl_pointer` and `wl_keyboard` send, in surface-local logical points, with the
/// event's time. The Wayland client, `touch-replay` and every replay produce these; a
/// `SeatEventTranslator` (in `SeatInput`) turns them into `TouchUI` touches.
public struct SeatEvent: Hashable, Sendable {
    /// When it happened: since the start of the stream (trace time), or the compositor's event time.
    public var time: Timestamp
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time`.
    public init(time: Timestamp, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// What a seat event says.
    public enum Kind: Hashable, Sendable {
        /// A touch point went down (`wl_touch.down`). `id` is the seat's touch ID, reused after its up or a cancel.
        case touchDown(id: Int32, location: Point, shape: TouchShape? = nil)
        /// A touch point moved (`wl_touch.motion`).
        case touchMotion(id: Int32, location: Point, shape: TouchShape? = nil)
        /// A touch point was lifted (`wl_touch.up`).
        case touchUp(id: Int32)
        /// The end of a group of touch events that belong together (`wl_touch.frame`).
        case touchFrame
        /// The compositor took every active touch point away (`wl_touch.cancel`); it carries no ID.
        case touchCancel
        /// The pointer entered the surface at a location (`wl_pointer.enter`).
        case pointerEnter(location: Point)
        /// The pointer left the surface (`wl_pointer.leave`).
        case pointerLeave
        /// The pointer moved (`wl_pointer.motion`).
        case pointerMotion(location: Point)
        /// A pointer button was pressed or released (`wl_pointer.button`).
        case pointerButton(PointerButton, isPressed: Bool)
        /// Scrolling (`wl_pointer.axis`), in surface-local points: positive `dy` scrolls down.
        case pointerAxis(dx: Double, dy: Double)
        /// One key pressed and released, with the modifiers held.
        case key(KeyChord)
        /// A key pressed or released on its own (`wl_keyboard.key`): a key held while something else happens, such
        /// as Ctrl (`KeyChord("ctrl")`) held over the wheel.
        case keyState(KeyChord, isPressed: Bool)
        /// A touchpad gesture (`zwp_pointer_gestures_v1`): swipe, pinch or hold, at the pointer.
        case touchpadGesture(TouchpadGesture)
        /// A pen on a tablet (`zwp_tablet_tool_v2`). `tool` is the source's number for the tool while it is in
        /// proximity (0 for the first one near), reused after it leaves, as touch IDs are.
        case tablet(TabletEvent, tool: Int = 0)
        /// Another program's drag over the surface (`wl_data_device`): a file from the file manager, say.
        case drag(DragEvent)
        /// Nothing happens, but the clock reaches the event's time and due timers fire.
        case tick
    }
}

/// One event of a touchpad gesture, as `zwp_pointer_gestures_v1` sends it.
public enum TouchpadGesture: Hashable, Sendable {
    /// The gestures the protocol knows.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Fingers moving together (`zwp_pointer_gesture_swipe_v1`).
        case swipe
        /// Fingers pinching and turning (`zwp_pointer_gesture_pinch_v1`).
        case pinch
        /// Fingers resting on the touchpad (`zwp_pointer_gesture_hold_v1`, version 3).
        case hold
    }

    /// The gesture began with a number of fingers.
    case begin(Kind, fingers: Int)
    /// The fingers moved: `dx`, `dy` in surface points since the last update (swipe and pinch); for a pinch,
    /// `scale` relative to the begin and `rotation` in degrees clockwise since the last update.
    case update(Kind, dx: Double, dy: Double, scale: Double, rotation: Double)
    /// The gesture ended, or was cancelled (fingers taken elsewhere).
    case end(Kind, cancelled: Bool)

    /// Which gesture this event belongs to.
    public var kind: Kind {
        switch self {
        case let .begin(kind, _), let .update(kind, _, _, _, _), let .end(kind, _): kind
        }
    }
}

/// One event of a drag and drop from another program, as `wl_data_device` sends it to the surface under the drag.
public enum DragEvent: Hashable, Sendable {
    /// The drag came over the surface at `location`, offering its content as `mimeTypes`; whichever of them the
    /// client asks for, the dragging program writes `data` (a `text/uri-list` naming files, say).
    case enter(location: Point, mimeTypes: [String], data: [UInt8])
    /// The drag moved over the surface.
    case motion(location: Point)
    /// The drag left the surface, or was given up.
    case leave
    /// The drag was dropped where it last was.
    case drop
}

/// The contact ellipse of a touch point (`wl_touch.shape`), in points.
public struct TouchShape: Hashable, Sendable {
    /// The length of the ellipse's major axis.
    public var major: Double
    /// The length of the ellipse's minor axis.
    public var minor: Double

    /// A contact ellipse with axes `major` and `minor` long, in points.
    public init(major: Double, minor: Double) {
        self.major = major
        self.minor = minor
    }
}

/// A pointer button, named as the trace format names it.
public enum PointerButton: Hashable, Sendable {
    /// The primary button (`BTN_LEFT`).
    case left
    /// The secondary button (`BTN_RIGHT`).
    case right
    /// The middle button or wheel press (`BTN_MIDDLE`).
    case middle
    /// Any other button, by its Linux input event code.
    case other(UInt32)

    /// The Linux input event code (`BTN_LEFT` and so on) that `wl_pointer.button` carries.
    public var code: UInt32 {
        switch self {
        case .left: 0x110
        case .right: 0x111
        case .middle: 0x112
        case .other(let code): code
        }
    }

    /// The button with a Linux input event code.
    public init(code: UInt32) {
        switch code {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: self = .other(code)
        }
    }
}

/// Keyboard modifiers held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers as bits: Ctrl 1, Alt 2, Shift 4, Super 8.
    public let rawValue: UInt8
    /// The modifiers whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A Control key (`ctrl` in traces).
    public static let ctrl = KeyModifiers(rawValue: 1 << 0)
    /// An Alt key (`alt`).
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// A Shift key (`shift`).
    public static let shift = KeyModifiers(rawValue: 1 << 2)
    /// The Super (logo) key (`super`).
    public static let `super` = KeyModifiers(rawValue: 1 << 3)

    /// The modifier a held key is: its trace name (`"ctrl"`) or an xkb keysym name (`"Control_L"`); `nil` for
    /// other keys.
    public init?(keyName name: String) {
        switch name {
        case "ctrl", "Control_L", "Control_R": self = .ctrl
        case "alt", "Alt_L", "Alt_R", "Meta_L", "Meta_R": self = .alt
        case "shift", "Shift_L", "Shift_R": self = .shift
        case "super", "Super_L", "Super_R": self = .super
        default: return nil
        }
    }

    /// The modifiers with the names the trace format gives them, in the order it writes them.
    public static let named: [(name: String, modifier: KeyModifiers)] = [
        ("ctrl", .ctrl), ("alt", .alt), ("shift", .shift), ("super", .super),
    ]
}

/// A key with its modifiers: an xkb keysym name (`"z"`, `"Escape"`, `"bracketright"`) and the modifiers held.
///
/// Letter keys are named by their lower-case keysym whether or not shift is held, so Ctrl+Shift+Z is
/// `KeyChord("z", modifiers: [.ctrl, .shift])`, written `ctrl+shift+z`.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The xkb keysym name, lower case for letters.
    public var keysym: String
    /// The modifiers held with the key.
    public var modifiers: KeyModifiers

    /// The key named `keysym` (an xkb keysym name; a letter is lower-cased) with `modifiers` held.
    public init(_ keysym: String, modifiers: KeyModifiers = []) {
        self.keysym = Self.normalized(keysym)
        self.modifiers = modifiers
    }

    /// Parses the trace format's form: modifiers and the keysym name joined by `+` (`"ctrl+shift+z"`).
    /// Returns `nil` for an empty name or an unknown modifier.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // A chord ending in "+" names the plus key by its character; xkb calls it "plus".
        if parts.count >= 2, parts.last == "", parts[parts.count - 2] == "" {
            parts.removeLast(2)
            parts.append("plus")
        }
        guard let name = parts.popLast(), !name.isEmpty else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts {
            guard let named = KeyModifiers.named.first(where: { $0.name == part.lowercased() }) else { return nil }
            modifiers.insert(named.modifier)
        }
        self.init(name, modifiers: modifiers)
    }

    /// The trace format's form, modifiers first: `"ctrl+shift+z"`.
    public var description: String {
        let names = KeyModifiers.named.filter { modifiers.contains($0.modifier) }.map(\.name)
        return (names + [keysym]).joined(separator: "+")
    }

    private static func normalized(_ keysym: String) -> String {
        // Single letters are always lower case: "Z" (shift held) and "z" are the same key.
        keysym.count == 1 && keysym.first!.isLetter ? keysym.lowercased() : keysym
    }
}
