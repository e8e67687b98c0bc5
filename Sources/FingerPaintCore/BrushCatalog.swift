// The brushes fingerpaint offers, by name: the round brush of its own, then the MyPaint presets installed
// (docs/brushes.md). The one list `--list-brushes` prints, the names a painter chooses a brush by, and the few the
// brush panel shows.
import BrushEngine
import Localization
import PaintModel

/// The brushes fingerpaint offers, in the order it shows them.
public enum BrushCatalog {
    /// The name of fingerpaint's own brush: round, solid, tapered by a pen's pressure.
    public static let round = "round"
    /// The eraser's name for taking whole strokes away (fingerpaint's own eraser), beside the brushes it can erase
    /// paint with.
    public static let wholeStrokes = "strokes"

    /// One brush of the brush panel: its name (``names(presetsIn:)``) and what the panel calls it.
    public struct Pick: Hashable, Sendable {
        /// The brush's name, as `--brush` takes it.
        public var name: String
        /// Its title in the panel.
        public var title: String
    }

    /// The brushes the panel offers, a kind of mark each, in its order: the round brush first, then the presets that
    /// make a pencil's, an ink pen's, a marker's, an airbrush's, a watercolour's and charcoal's marks, and a smudge,
    /// which drags the paint of the current layer along as a finger in wet paint does (docs/brushes.md).
    /// Their titles in the user's language.
    public static var allPicks: [Pick] {
        [
            // Translators: the brush panel's names of brushes, a kind of mark each (a round brush, a pencil's...).
            Pick(name: round, title: localized("Round")), Pick(name: "classic/pencil", title: localized("Pencil")),
            Pick(name: "classic/pen", title: localized("Ink pen")), Pick(name: "classic/marker_fat", title: localized("Marker")),
            Pick(name: "deevad/airbrush", title: localized("Airbrush")),
            Pick(name: "deevad/watercolor_expressive", title: localized("Watercolour")),
            Pick(name: "classic/charcoal", title: localized("Charcoal")), Pick(name: "classic/smudge", title: localized("Smudge")),
        ]
    }

    /// The panel's brushes installed in `folder` (the round brush always), in ``allPicks``' order.
    public static func picks(presetsIn folder: String = BrushPreset.installedFolder) -> [Pick] {
        let installed = Set(BrushPreset.installedNames(in: folder))
        return allPicks.filter { $0.name == round || installed.contains($0.name) }
    }

    /// Every brush's name: ``round`` first, then each MyPaint preset installed in `folder` (`collection/brush`, as
    /// ``BrushPreset/installedNames(in:)`` lists them, sorted).
    public static func names(presetsIn folder: String = BrushPreset.installedFolder) -> [String] {
        [round] + BrushPreset.installedNames(in: folder)
    }

    /// The installed preset of a name ``names(presetsIn:)`` lists, read from `folder`: `nil` for ``round``. Throws,
    /// saying why, for a name not listed or a preset that cannot be read.
    public static func preset(named name: String,
                              presetsIn folder: String = BrushPreset.installedFolder) throws(BrushPreset.Failure) -> BrushPreset? {
        guard name != round else { return nil }
        guard names(presetsIn: folder).contains(name) else {
            throw BrushPreset.Failure(name: name, reason: localized("no such brush; fingerpaint --list-brushes lists them"))
        }
        return try BrushPreset(named: name, in: folder)
    }

    /// The brush of a name ``names(presetsIn:)`` lists: `nil` for ``round``, else the preset read from `folder` as a
    /// stroke keeps it. Throws, saying why, for a name not listed or a preset that cannot be read.
    public static func brush(named name: String,
                             presetsIn folder: String = BrushPreset.installedFolder) throws(BrushPreset.Failure) -> StrokeBrush? {
        guard let preset = try preset(named: name, presetsIn: folder) else { return nil }
        return try strokeBrush(of: preset)
    }

    /// A preset as a stroke keeps it (`erasing`: used as an eraser); throws when its name or settings are longer than
    /// a document keeps.
    public static func strokeBrush(of preset: BrushPreset, erasing: Bool = false) throws(BrushPreset.Failure) -> StrokeBrush {
        guard let brush = StrokeBrush(name: preset.name, settings: preset.settings, isErasing: erasing) else {
            throw BrushPreset.Failure(name: preset.name, reason: localized("its name or settings are too long"))
        }
        return brush
    }
}
