// Which contacts paint, and how wide: palm rejection, fingers near a pen, and width from contact size.
import PaintModel
import TouchUI

/// The rules that decide what a contact on the canvas does, with their thresholds (docs/pen-and-palm.md).
///
/// A contact is one of: a pen's tip (paints with its pressure), a pen's eraser end (erases whole strokes), or a
/// finger or the pointer (paints, or erases with the palette's eraser). A finger is refused — it paints nothing
/// and the stroke it began is cancelled — when it is a palm (``palmRadius``) or, with ``ignoresFingersNearPen``,
/// when a pen is near the screen. The pointer is never refused: it is a deliberate device, never a resting hand.
public struct ContactRules: Hashable, Sendable {
    /// A finger whose contact radius (``Touch/majorRadius``, half the major axis Wayland's `wl_touch.shape`
    /// reports) exceeds this many points is a palm: 24 points, a major axis of 48 points, 12.7 mm at the 96 dpi
    /// logical points are laid out at. Fingertips are far smaller: Fuchsia's input pipeline measured adults'
    /// thumbs on touchpads at 5.9 mm on average and 7.8 mm at most, palms at 8.1 mm and more; a fingertip pressed
    /// flat on a screen reaches 10-11 mm. The margin over those keeps fingers pressed hard painting; a resting
    /// palm (the side of the hand, 20 mm and more) is well over it.
    public static let palmRadius: Double = 24
    /// The contact radii, in points, that width from contact size maps from the thinnest to the full width: a
    /// light fingertip (4 points, 2 mm across) to a finger pressed flat (20 points, just under a palm).
    public static let contactRadiusRange: ClosedRange<Double> = 4...20

    /// Whether a finger's width follows its contact size where the source reports one (`--no-contact-size`
    /// turns it off; sources without `wl_touch.shape` report none, and their fingers paint at the brush's width).
    public var widthFollowsContactSize = true
    /// Whether fingers paint nothing while a pen is near the screen (``Window/pensInProximity``), as iPadOS does
    /// with Apple Pencil: on by default (`--fingers-near-pen` paints with both).
    public var ignoresFingersNearPen = true

    /// The default rules.
    public init() {}

    /// Whether a finger is a palm now.
    public static func isPalm(_ touch: Touch) -> Bool {
        touch.kind == .direct && touch.majorRadius > palmRadius
    }

    /// The pressure a finger's contact radius stands for (its width, through ``PressureCurve``), or `nil` when
    /// width does not follow contact size or the source reports none.
    public func pressure(forContactRadius radius: Double) -> Double? {
        guard widthFollowsContactSize, radius > 0 else { return nil }
        let range = Self.contactRadiusRange
        return min(max((radius - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
    }
}
