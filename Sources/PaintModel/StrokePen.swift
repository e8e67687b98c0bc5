// What a pen (or a finger's contact size) adds to a stroke's sample: pressure and tilt, and the width it gives.
import Glibc

/// A pen's pressure and tilt at one sample of a stroke (docs/pen-and-palm.md).
///
/// 12 bytes: single precision is finer than any tablet reports (they send 12 to 16 bits of pressure and whole or
/// hundredth degrees of tilt), and the document stores the same 32-bit values, so what is saved reopens identical.
/// The angles are UIKit's, as ``TouchUI`` gives them: ``altitude`` π/2 upright, 0 flat; ``azimuth`` the direction
/// the barrel points, in radians from the canvas's +x axis towards +y.
public struct StrokePen: Hashable, Sendable {
    /// How hard the pen pressed, from 0 to 1 of its maximum.
    public var pressure: Float
    /// The pen's angle to the screen, in radians: π/2 perpendicular, 0 flat.
    public var altitude: Float
    /// The direction the pen's barrel points, in radians from the canvas's +x axis towards +y.
    public var azimuth: Float

    /// Pressure and tilt as given; pressure is clamped to 0...1, the altitude to 0...π/2, and non-finite values
    /// fall back to no pressure, upright.
    public init(pressure: Double, altitude: Double = .pi / 2, azimuth: Double = 0) {
        self.pressure = Float(pressure.isFinite ? min(max(pressure, 0), 1) : 0)
        self.altitude = Float(altitude.isFinite ? min(max(altitude, 0), .pi / 2) : .pi / 2)
        self.azimuth = Float(azimuth.isFinite ? azimuth : 0)
    }

    /// The values exactly as stored (a document's), or `nil` when one is out of range or not finite.
    public init?(storedPressure pressure: Float, altitude: Float, azimuth: Float) {
        guard pressure.isFinite, (0...1).contains(pressure), altitude.isFinite, (0...Float.pi / 2 + 1e-6).contains(altitude),
              azimuth.isFinite
        else { return nil }
        self.pressure = pressure
        self.altitude = altitude
        self.azimuth = azimuth
    }

    /// The mean pressure and altitude of `samples` (not empty), and the direction their barrels point on average
    /// (their azimuths as unit vectors summed): how a stroke pressed, as one sample; upright with no pressure for
    /// none.
    public static func mean(of samples: [StrokePen]) -> StrokePen {
        guard !samples.isEmpty else { return StrokePen(pressure: 0) }
        var pressure = 0.0, altitude = 0.0, x = 0.0, y = 0.0
        for sample in samples {
            pressure += Double(sample.pressure)
            altitude += Double(sample.altitude)
            x += cos(Double(sample.azimuth))
            y += sin(Double(sample.azimuth))
        }
        let count = Double(samples.count)
        return StrokePen(pressure: pressure / count, altitude: altitude / count, azimuth: atan2(y, x))
    }

    /// The fraction of the brush's width a stroke has at this sample (``PressureCurve``).
    public var widthFraction: Double { PressureCurve.widthFraction(forPressure: Double(pressure)) }
}

/// How pressure becomes width: `width = brush width × widthFraction(pressure)`.
///
/// `widthFraction(p) = m + (1 − m) · p · (2 − p)` with `m` = ``minimumFraction``: a quadratic ease-out, smooth
/// (its slope goes from 2 − 2m at no pressure to 0 at full pressure, with no corner), rising from a tenth of the
/// brush at the lightest touch to the whole brush at full pressure. Light pressure, where a pen's sensor is least
/// sensitive, already widens the line noticeably; the last tenth of pressure changes little, so pressing hard
/// gives a steady full width. It never exceeds 1, so a pressure stroke stays within the bounds of a stroke of
/// the brush's width.
public enum PressureCurve {
    /// The width fraction at no pressure: a pen that touches always leaves a line.
    public static let minimumFraction = 0.1

    /// The fraction of the brush's width at a pressure in 0...1 (clamped).
    public static func widthFraction(forPressure pressure: Double) -> Double {
        let p = pressure.isFinite ? min(max(pressure, 0), 1) : 0
        return minimumFraction + (1 - minimumFraction) * p * (2 - p)
    }
}
