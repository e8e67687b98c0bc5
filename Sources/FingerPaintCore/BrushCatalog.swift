// The brushes fingerpaint offers, by name: the round brush of its own, then the MyPaint presets installed
// (docs/brushes.md). The one list `--list-brushes` prints, and the names a painter chooses a brush by.
import BrushEngine

/// The brushes fingerpaint offers, in the order it shows them.
public enum BrushCatalog {
    /// The name of fingerpaint's own brush: round, solid, tapered by a pen's pressure.
    public static let round = "round"

    /// Every brush's name: ``round`` first, then each MyPaint preset installed in `folder` (`collection/brush`, as
    /// ``BrushPreset/installedNames(in:)`` lists them, sorted).
    public static func names(presetsIn folder: String = BrushPreset.installedFolder) -> [String] {
        [round] + BrushPreset.installedNames(in: folder)
    }
}
