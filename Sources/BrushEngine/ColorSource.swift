// Where a brush that picks colour up (smudge) reads the colour under it while a stroke is painted, and how the
// colours it read are kept with the stroke so that it is drawn again the same without reading anything. Contract: a
// source answers on the thread that paints the stroke, inside libmypaint's call; the colours read are plain values,
// in the order libmypaint asked for them (docs/brushes.md, "Smudge in the window").

/// The pixels a stroke that picks colour up is painted over, as the brush reads them: what lies there and the
/// stroke's own dabs so far.
public protocol DabColorSource: AnyObject {
    /// The colour under a soft round dab at `x`, `y` of `radius` (document points): red, green and blue straight,
    /// then alpha, each from 0 to 1, as ``DabCanvas/color(underX:y:radius:)`` reads a canvas.
    func color(underX x: Float, y: Float, radius: Float) -> SIMD4<Float>

    /// Takes in a dab the stroke lays (document points, its opacity the brush's own), so that what is read after it
    /// shows it.
    func draw(_ dab: BrushDab)
}

/// The colours a brush read while its stroke was painted, one for each time libmypaint asked (straight red, green,
/// blue and alpha): given back in the same order, they make the same dabs again, at any zoom, without the pixels.
public typealias PickedColors = [SIMD4<Float>]

extension SIMD4<Float> {
    /// A colour read back from a stroke's record, each channel kept within 0...1 (not a number is 0), as libmypaint
    /// takes one.
    var pickedColor: SIMD4<Float> {
        let zero = SIMD4<Float>(repeating: 0), one = SIMD4<Float>(repeating: 1)
        return replacing(with: zero, where: .!(self .>= zero)).clamped(lowerBound: zero, upperBound: one)
    }
}
