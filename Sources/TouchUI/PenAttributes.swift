// What a pen says of its contact beyond where it is: how hard it presses and how it leans.
import FoundationEssentials
import Glibc

/// A pen's pressure and tilt at one sample, as a tablet reports them (`zwp_tablet_tool_v2` pressure and tilt).
///
/// The angles follow UIKit's `UITouch`: ``altitudeAngle`` is π/2 for a pen perpendicular to the screen and 0 for one
/// lying flat on it; ``azimuthAngle`` is the direction, in the window's plane, in which the pen's barrel points away
/// from its tip, in radians from the window's +x axis towards its +y axis (clockwise on screen, since y points down).
public struct PenAttributes: Hashable, Sendable {
    /// How hard the pen presses, from 0 (touching, no pressure) to 1 (the pen's maximum).
    public var force: Double
    /// The pen's angle to the screen, in radians: π/2 perpendicular, 0 flat.
    public var altitudeAngle: Double
    /// The direction the barrel points, in radians from the window's +x axis towards +y; 0 when upright.
    public var azimuthAngle: Double

    /// Pressure and angles as they are; `force` is clamped to 0…1 and non-finite values fall back to the upright
    /// pen with no pressure.
    public init(force: Double = 0, altitudeAngle: Double = .pi / 2, azimuthAngle: Double = 0) {
        self.force = force.isFinite ? min(max(force, 0), 1) : 0
        self.altitudeAngle = altitudeAngle.isFinite ? min(max(altitudeAngle, 0), .pi / 2) : .pi / 2
        self.azimuthAngle = azimuthAngle.isFinite ? azimuthAngle : 0
    }

    /// Pressure and a tablet's tilt: `tiltX` and `tiltY` are the degrees the pen's top leans towards +x and +y
    /// from upright (tablet-v2's `tilt` event; W3C Pointer Events' `tiltX`/`tiltY`), each within ±90.
    public init(force: Double, tiltX: Double, tiltY: Double) {
        let x = (tiltX.isFinite ? min(max(tiltX, -90), 90) : 0) * .pi / 180
        let y = (tiltY.isFinite ? min(max(tiltY, -90), 90) : 0) * .pi / 180
        let tanX = tan(x), tanY = tan(y)
        let lean = (tanX * tanX + tanY * tanY).squareRoot()
        guard lean > 1e-12 else {
            self.init(force: force)
            return
        }
        var azimuth = atan2(tanY, tanX)
        if azimuth < 0 { azimuth += 2 * .pi }
        self.init(force: force, altitudeAngle: atan(1 / lean), azimuthAngle: azimuth)
    }
}
