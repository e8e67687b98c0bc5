// A pen on a tablet or a pen screen, as tablet-unstable-v2's zwp_tablet_tool_v2 says it: plain values.
import Geometry

/// One event of a tablet tool (`zwp_tablet_tool_v2`), in surface-local logical points.
///
/// A tool comes near the surface (``proximityIn(_:location:)``), may touch it (``down``) and lift (``up``) any
/// number of times, and goes away (``proximityOut``). Axis changes (position, pressure, tilt, distance) are one
/// ``motion(location:axes:)``; ``frame`` ends a group of events that belong together, as `wl_touch.frame` does.
public enum TabletEvent: Hashable, Sendable {
    /// The tool came into proximity of the surface, over a location.
    case proximityIn(TabletToolType, location: Point)
    /// The tool left proximity (or the surface). A tool that was down is lifted first by the compositor; when it
    /// was not, the translator cancels its touch.
    case proximityOut
    /// The tool touches the surface (logical contact), where it last was.
    case down
    /// The tool moved, or one of its axes changed: `axes` holds what changed with it.
    case motion(location: Point, axes: TabletAxes = TabletAxes())
    /// The tool no longer touches the surface.
    case up
    /// A button on the tool was pressed or released.
    case button(PenButton, isPressed: Bool)
    /// The end of a group of events that belong together (`zwp_tablet_tool_v2.frame`).
    case frame
}

/// The physical tools a trace and the client tell apart.
///
/// tablet-v2 also knows brush, pencil, airbrush, finger, mouse and lens; the Wayland client reports every tool but
/// the eraser as a pen (they all draw).
public enum TabletToolType: String, Hashable, Sendable, CaseIterable {
    /// A pen's tip (`zwp_tablet_tool_v2.type` pen, and the other drawing tools).
    case pen
    /// A pen's eraser end (`zwp_tablet_tool_v2.type` eraser).
    case eraser
}

/// The axes of a tablet tool that changed in one motion; `nil` is "not reported in this motion".
public struct TabletAxes: Hashable, Sendable {
    /// How hard the tool presses, from 0 to 1 of its range (the protocol's 0…65535).
    public var pressure: Double?
    /// The degrees the tool's top leans towards +x from upright (the protocol's `tilt_x`), within ±90.
    public var tiltX: Double?
    /// The degrees the tool's top leans towards +y from upright (the protocol's `tilt_y`), within ±90.
    public var tiltY: Double?
    /// How far the tool is above the surface, from 0 to 1 of its range (the protocol's 0…65535).
    public var distance: Double?

    /// Axis values; each left `nil` did not change.
    public init(pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil, distance: Double? = nil) {
        self.pressure = pressure
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.distance = distance
    }

    /// Whether no axis is reported.
    public var isEmpty: Bool { pressure == nil && tiltX == nil && tiltY == nil && distance == nil }

    /// These axes with those `newer` reports laid over them.
    public func updated(with newer: TabletAxes) -> TabletAxes {
        TabletAxes(pressure: newer.pressure ?? pressure, tiltX: newer.tiltX ?? tiltX, tiltY: newer.tiltY ?? tiltY,
                   distance: newer.distance ?? distance)
    }
}

/// A button on a pen's barrel, named as the trace format names it.
public enum PenButton: Hashable, Sendable {
    /// The first barrel button (`BTN_STYLUS`).
    case stylus
    /// The second barrel button (`BTN_STYLUS2`).
    case stylus2
    /// Any other button, by its Linux input event code.
    case other(UInt32)

    /// The Linux input event code that `zwp_tablet_tool_v2.button` carries.
    public var code: UInt32 {
        switch self {
        case .stylus: 0x14b
        case .stylus2: 0x14c
        case .other(let code): code
        }
    }

    /// The button with a Linux input event code.
    public init(code: UInt32) {
        switch code {
        case 0x14b: self = .stylus
        case 0x14c: self = .stylus2
        default: self = .other(code)
        }
    }

    /// The trace format's name: `"stylus"`, `"stylus2"`, or the code for any other button.
    package var traceName: String {
        switch self {
        case .stylus: "stylus"
        case .stylus2: "stylus2"
        case .other(let code): String(code)
        }
    }
}
