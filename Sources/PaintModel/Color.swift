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

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
