// The brushes fingerpaint offers, by name: the round brush of its own, then the MyPaint presets installed
// (docs/brushes.md). The one list `--list-brushes` prints, and the names a painter chooses a brush by.
import BrushEngine
import PaintModel

/// The brushes fingerpaint offers, in the order it shows them.
public enum BrushCatalog {
    /// The name of fingerpaint's own brush: round, solid, tapered by a pen's pressure.
    public static let round = "round"

    /// Every brush's name: ``round`` first, then each MyPaint preset installed in `folder` (`collection/brush`, as
    /// ``BrushPreset/installedNames(in:)`` lists them, sorted).
    public static func names(presetsIn folder: String = BrushPreset.installedFolder) -> [String] {
        [round] + BrushPreset.installedNames(in: folder)
    }

    /// The brush of a name ``names(presetsIn:)`` lists: `nil` for ``round``, else the preset read from `folder` as a
    /// stroke keeps it. Throws, saying why, for a name not listed or a preset that cannot be read.
    public static func brush(named name: String,
                             presetsIn folder: String = BrushPreset.installedFolder) throws(BrushPreset.Failure) -> StrokeBrush? {
        guard name != round else { return nil }
        guard names(presetsIn: folder).contains(name) else {
            throw BrushPreset.Failure(name: name, reason: "no such brush; fingerpaint --list-brushes lists them")
        }
        let preset = try BrushPreset(named: name, in: folder)
        guard let brush = StrokeBrush(name: preset.name, settings: preset.settings) else {
            throw BrushPreset.Failure(name: name, reason: "its name or settings are too long")
        }
        return brush
    }
}
