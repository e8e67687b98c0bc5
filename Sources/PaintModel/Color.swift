// Colours of strokes: red, green, blue and alpha components from 0 to 1.

/// A colour in sRGB with straight (not premultiplied) alpha, each component from 0 to 1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0 to 1.
    public var red: Double
    /// The green component, 0 to 1.
    public var green: Double
    /// The blue component, 0 to 1.
    public var blue: Double
    /// The opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// A colour from its components, each 0 to 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from a 24-bit `0xRRGGBB` value, opaque.
    public init(rgb: UInt32) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, the paper's colour.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The colour as a 24-bit `0xRRGGBB` value, each component rounded to 8 bits (alpha left out).
    public var rgb: UInt32 {
        func byte(_ value: Double) -> UInt32 { value.isNaN ? 0 : UInt32((min(max(value, 0), 1) * 255).rounded()) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// `#RRGGBB`, as CSS and the settings file write it.
    public var hexString: String {
        let hex = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// The opaque colour a `#RRGGBB` string names; `nil` for anything else.
    public init?(hexString text: some StringProtocol) {
        guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        self.init(rgb: value)
    }

    /// The colour of a hue (0 to 1 around the wheel, red at 0), saturation and value (each 0 to 1), opaque.
    public init(hue: Double, saturation: Double, value: Double) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = saturation.isFinite ? min(max(saturation, 0), 1) : 0, v = value.isFinite ? min(max(value, 0), 1) : 0
        let sector = min(Int(h), 5), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(red: r, green: g, blue: b)
    }

    /// The colour's hue (0 to 1, red at 0), saturation and value (each 0 to 1).
    public var hsv: (hue: Double, saturation: Double, value: Double) {
        let high = max(red, green, blue), low = min(red, green, blue), range = high - low
        guard range > 0 else { return (0, 0, high) }
        var hue: Double
        if high == red {
            hue = (green - blue) / range
        } else if high == green {
            hue = 2 + (blue - red) / range
        } else {
            hue = 4 + (red - green) / range
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, high == 0 ? 0 : range / high, high)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
