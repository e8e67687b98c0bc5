// A brush's size and opacity as the painter set them in the brush panel, and where each lies along its slider
// (docs/brushes.md, "The brush panel"). Contract: a value kept within its ranges, to the precision the settings file
// keeps, so that what is remembered is what was painted with.
import BrushEngine
import Glibc

/// A preset's size and opacity as the painter set them (the brush panel's sliders, the strip's widths), kept a
/// brush in the settings file (docs/settings.md).
public struct BrushAdjustment: Hashable, Sendable {
    /// The diameter of its dabs before pressure and speed change them, in points: twice
    /// ``BrushEngine/BrushPreset/radius``.
    public private(set) var size: Double
    /// How much of its paint a stroke lays, from ``opacities``' lower bound to 1 (the stroke's alpha).
    public private(set) var opacity: Double

    /// The sizes the size slider runs over, in points.
    public static let sizes: ClosedRange<Double> = 1...300
    /// The opacities the opacity slider runs over.
    public static let opacities: ClosedRange<Double> = 0.05...1

    /// An adjustment of a size and an opacity, each kept within its range (one that is not a number: the range's
    /// upper end for the opacity, its lower for the size), the size to a hundredth of a point and the opacity to a
    /// whole percent, as the settings file keeps them.
    public init(size: Double, opacity: Double = 1) {
        let size = size.isFinite ? min(max(size, Self.sizes.lowerBound), Self.sizes.upperBound) : Self.sizes.lowerBound
        let opacity = opacity.isFinite ? min(max(opacity, Self.opacities.lowerBound), 1) : 1
        self.size = (size * 100).rounded() / 100
        self.opacity = (opacity * 100).rounded() / 100
    }

    /// A preset as it comes: its own size, fully opaque.
    public init(of preset: BrushPreset) {
        self.init(size: 2 * preset.radius)
    }

    /// Where the size lies along its slider, from 0 to 1: sizes grow by the same factor along it.
    public var sizeFraction: Double {
        get { log(size / Self.sizes.lowerBound) / log(Self.sizes.upperBound / Self.sizes.lowerBound) }
        set {
            let fraction = newValue.isFinite ? min(max(newValue, 0), 1) : 0
            self = BrushAdjustment(size: Self.sizes.lowerBound * pow(Self.sizes.upperBound / Self.sizes.lowerBound, fraction),
                                   opacity: opacity)
        }
    }

    /// Where the opacity lies along its slider, from 0 to 1.
    public var opacityFraction: Double {
        get { (opacity - Self.opacities.lowerBound) / (1 - Self.opacities.lowerBound) }
        set {
            let fraction = newValue.isFinite ? min(max(newValue, 0), 1) : 1
            self = BrushAdjustment(size: size, opacity: Self.opacities.lowerBound + fraction * (1 - Self.opacities.lowerBound))
        }
    }

    /// The preset with this size (its other settings as they are): the preset itself, its settings as read, where
    /// the size is its own (to the hundredth of a point kept).
    public func applied(to preset: BrushPreset) -> BrushPreset {
        abs(size - 2 * preset.radius) <= 0.005 ? preset : preset.resized(toRadius: size / 2)
    }
}
