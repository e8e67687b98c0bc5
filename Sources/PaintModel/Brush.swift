// The brush: the colour and width the next stroke gets, chosen from a palette and a ladder of widths.

/// The colour and width new strokes get: one of nine palette colours, or a colour of the user's own (the chooser,
/// the eyedropper), and one of a few width steps.
public struct Brush: Hashable, Sendable {
    /// The nine colours of the palette, in the order of the keys 1 to 9.
    public static let palette: [Color] = [
        Color(rgb: 0x1A1A1A),  // ink black
        Color(rgb: 0xE53935),  // red
        Color(rgb: 0xFB8C00),  // orange
        Color(rgb: 0xFDD835),  // yellow
        Color(rgb: 0x43A047),  // green
        Color(rgb: 0x00ACC1),  // cyan
        Color(rgb: 0x1E88E5),  // blue
        Color(rgb: 0x8E24AA),  // purple
        Color(rgb: 0xFFFFFF),  // white, to paint over
    ]

    /// The widths the brush steps through, in points, thinnest first.
    public static let widths: [Double] = [2, 4, 8, 16, 32, 64]

    /// The index of the current colour in ``palette``, or of the last one chosen while ``customColor`` is set.
    public private(set) var colorIndex: Int
    /// A colour of the user's own, not one of the palette's; `nil` while a palette colour is chosen.
    public private(set) var customColor: Color?
    /// The index of the current width in ``widths``.
    public private(set) var widthIndex: Int

    /// A brush with the first palette colour and an 8-point width.
    public init(colorIndex: Int = 0, widthIndex: Int = 2) {
        self.colorIndex = min(max(colorIndex, 0), Self.palette.count - 1)
        self.widthIndex = min(max(widthIndex, 0), Self.widths.count - 1)
    }

    /// The current colour.
    public var color: Color { customColor ?? Self.palette[colorIndex] }
    /// The current width, in points.
    public var width: Double { Self.widths[widthIndex] }

    /// Chooses a palette colour; an index outside the palette is ignored.
    public mutating func selectColor(at index: Int) {
        guard Self.palette.indices.contains(index) else { return }
        colorIndex = index
        customColor = nil
    }

    /// Chooses any colour, opaque: the palette's own when it is one of them. A colour with a component that is not
    /// a number is ignored.
    public mutating func choose(_ color: Color) {
        guard [color.red, color.green, color.blue].allSatisfy({ $0.isFinite }) else { return }
        let opaque = Color(red: min(max(color.red, 0), 1), green: min(max(color.green, 0), 1), blue: min(max(color.blue, 0), 1))
        if let index = Self.palette.firstIndex(where: { $0.rgb == opaque.rgb }) {
            selectColor(at: index)
        } else {
            customColor = opaque
        }
    }

    /// Chooses a width step; an index outside ``widths`` is ignored.
    public mutating func selectWidth(at index: Int) {
        guard Self.widths.indices.contains(index) else { return }
        widthIndex = index
    }

    /// Steps to the next wider width, staying at the widest.
    public mutating func widen() {
        widthIndex = min(widthIndex + 1, Self.widths.count - 1)
    }

    /// Steps to the next thinner width, staying at the thinnest.
    public mutating func narrow() {
        widthIndex = max(widthIndex - 1, 0)
    }

    /// A new, empty stroke in the brush's colour and width.
    public func makeStroke() -> Stroke {
        Stroke(color: color, width: width)
    }
}
