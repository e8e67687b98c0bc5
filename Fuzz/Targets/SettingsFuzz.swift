// The settings file from anywhere (it is ours, but a hand or another program may have edited it,
// docs/settings.md): read to the brush and the rest, never a trap; what was read, written out, reads back the same.
import FingerPaintCore

extension FuzzTargets {
    /// ``BrushSettings`` on arbitrary bytes taken as the file's text; the settings read are written and read again.
    public static func settings(_ bytes: [UInt8]) {
        let settings = BrushSettings(parsing: String(decoding: bytes, as: UTF8.self))
        precondition(settings.adjustments.values.allSatisfy {
            BrushAdjustment.sizes.contains($0.size) && BrushAdjustment.opacities.contains($0.opacity)
        }, "a size or opacity out of range")
        precondition(BrushSettings(parsing: settings.text) == settings, "the settings written read back otherwise")
    }
}
