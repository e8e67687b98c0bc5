// The MyPaint brush a stroke was painted with: its preset's name and settings as the drawing keeps them, a seed,
// whether it erased, the colours a brush that picks colour up read as it painted, and where its dabs were moved
// since. A stroke without one is the round brush (docs/brushes.md).
import Geometry

/// The brush a stroke was painted with, other than the round one: a MyPaint preset, kept with the drawing so that
/// the stroke is drawn the same wherever the drawing goes (docs/brushes.md, docs/document-format.md).
///
/// The model keeps the preset's text as it was given and checks only its size; the brush engine reads it when the
/// stroke is drawn, and a text it refuses draws with the engine's defaults.
public struct StrokeBrush: Hashable, Sendable {
    /// The longest name kept, in UTF-8 bytes.
    public static let longestName = 256
    /// The largest settings text kept, in UTF-8 bytes: what the brush engine reads at most.
    public static let largestSettings = 1 << 20

    /// The preset the stroke is painted with: what its records in a document are keyed by.
    public let preset: Preset
    /// The preset's name, as `fingerpaint --list-brushes` prints it (`classic/pencil`).
    public var name: String { preset.name }
    /// The preset's settings: a MyPaint brush file's text (`.myb`, JSON).
    public var settings: String { preset.settings }
    /// Where the brush's randomness starts, so that the stroke's dabs come out the same each time.
    public let seed: UInt32
    /// Whether the brush takes paint away along the stroke rather than putting it down.
    public let isErasing: Bool
    /// The colours a brush that picks colour up (smudge) read from the layer as the stroke was painted, in the order
    /// it read them, each straight red, green, blue and alpha from 0 to 1: the stroke is drawn again from them, the
    /// same at every zoom and after reopening, whatever the layer holds now. Empty for a brush that picks nothing up.
    public let pickedColors: [SIMD4<Float>]

    /// The most colours a stroke keeps picked up: one a dab, at most.
    public static let mostPickedColors = 1 << 20
    /// Where the stroke's dabs were moved since it was painted (a selection moved, scaled, turned or flipped:
    /// ``Stroke/transformed(by:)``), a similarity; `nil` where they were not. Its points are where they went: its dabs
    /// are worked out along the points as painted (the placement undone) and put where the placement takes them, so
    /// the stroke moves as it looked, its dabs scaled and turned with it.
    public let placement: AffineTransform?

    /// A brush of a preset's name and settings; `nil` when the name is empty or longer than ``longestName`` bytes,
    /// or the settings are larger than ``largestSettings`` bytes.
    public init?(name: String, settings: String, seed: UInt32 = 0, isErasing: Bool = false) {
        guard !name.isEmpty, name.utf8.count <= Self.longestName, settings.utf8.count <= Self.largestSettings else {
            return nil
        }
        preset = Preset(name: name, settings: settings)
        self.seed = seed
        self.isErasing = isErasing
        pickedColors = []
        placement = nil
    }

    /// The brush of `preset` with another seed, erasing or not, the colours it picked up (at most
    /// ``mostPickedColors``; those past them are left out), and where its dabs were moved since (``placement``;
    /// the identity is `nil`).
    public init(_ preset: Preset, seed: UInt32, isErasing: Bool = false, pickedColors: [SIMD4<Float>] = [],
                placement: AffineTransform? = nil) {
        self.preset = preset
        self.seed = seed
        self.isErasing = isErasing
        self.pickedColors = Array(pickedColors.prefix(Self.mostPickedColors))
        self.placement = placement == .identity ? nil : placement
    }

    /// This brush with the colours its stroke picked up as it was painted (at most ``mostPickedColors``).
    public func picking(_ colors: [SIMD4<Float>]) -> StrokeBrush {
        StrokeBrush(preset, seed: seed, isErasing: isErasing, pickedColors: colors, placement: placement)
    }

    /// The largest a placement scales a stroke's dabs, and (its inverse) the smallest.
    public static let largestPlacementScale = 10_000.0

    /// Whether a placement is one a stroke may keep: a similarity (``Geometry/AffineTransform/isSimilarity``) that
    /// scales by 1/``largestPlacementScale`` to ``largestPlacementScale``, and shifts by at most a thousand times
    /// the coordinate range.
    public static func isPlacementWithinLimits(_ placement: AffineTransform) -> Bool {
        let scale = placement.scaleFactor, reach = 1000 * CoordinateRange.largest
        return placement.isSimilarity && scale >= 1 / largestPlacementScale && scale <= largestPlacementScale
            && abs(placement.tx) <= reach && abs(placement.ty) <= reach
    }

    /// This brush with its dabs moved by `transform` after its placement so far.
    public func placed(by transform: AffineTransform) -> StrokeBrush {
        StrokeBrush(preset, seed: seed, isErasing: isErasing, pickedColors: pickedColors,
                    placement: (placement ?? .identity).concatenating(transform))
    }

    /// A preset's name and settings: what a document keeps once for all the strokes painted with it.
    public struct Preset: Hashable, Sendable {
        /// The preset's name (``StrokeBrush/name``).
        public let name: String
        /// The preset's settings text (``StrokeBrush/settings``).
        public let settings: String
        /// The settings' hash, worked out once: a document's brushes are looked up at every stroke saved.
        private let settingsHash: Int

        init(name: String, settings: String) {
            self.name = name
            self.settings = settings
            settingsHash = settings.hashValue
        }

        public static func == (lhs: Preset, rhs: Preset) -> Bool {
            lhs.settingsHash == rhs.settingsHash && lhs.name == rhs.name && lhs.settings == rhs.settings
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(settingsHash)
        }
    }
}
