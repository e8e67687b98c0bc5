// A layer of a drawing: its picture and strokes, and how it is composited over the layers below (name, opacity, visibility,
// blend mode, lock).
import Localization
import Synchronization

/// What a layer is apart from its content: how it is named, shown and protected (docs/layers.md).
public struct LayerAttributes: Hashable, Sendable {
    /// The longest name a layer keeps, in UTF-8 bytes: a longer one is cut at a character's end.
    public static let maximumNameBytes = 512

    /// The layer's name as the layers panel and OpenRaster show it.
    public var name: String {
        didSet { name = Self.clipped(name) }
    }
    /// How much the layer covers what is below it, 0 (not at all) to 1.
    public var opacity: Double {
        didSet { opacity = Self.clamped(opacity) }
    }
    /// Whether the layer is shown (and exported). A hidden layer keeps its strokes.
    public var isVisible: Bool
    /// How the layer's pixels combine with the layers below.
    public var blendMode: BlendMode
    /// Whether painting, erasing and clearing on the layer are refused.
    public var isLocked: Bool

    /// A layer's attributes; the name is cut to ``maximumNameBytes`` and the opacity kept within 0 and 1 (NaN is 1).
    public init(name: String, opacity: Double = 1, isVisible: Bool = true, blendMode: BlendMode = .normal,
                isLocked: Bool = false) {
        self.name = Self.clipped(name)
        self.opacity = Self.clamped(opacity)
        self.isVisible = isVisible
        self.blendMode = blendMode
        self.isLocked = isLocked
    }

    /// The name the `number`th layer gets when the painter does not give one: "Layer 1", "Layer 2"… — kept in
    /// English in the document (a one-layer drawing named so is written in the format earlier versions read), shown
    /// in the painter's language (``shownName``).
    public static func defaultName(number: Int) -> String { "Layer \(number)" }

    /// The name as the window shows it: a default name ("Layer 2") in the painter's language, any other as it is.
    public var shownName: String {
        guard name.hasPrefix("Layer "), let number = Int(name.dropFirst("Layer ".count)), number > 0,
              Self.defaultName(number: number) == name
        else { return name }
        // Translators: the name of a layer the painter has not named: "Layer 1", "Layer 2"…
        return localized("Layer %d", number)
    }

    private static func clamped(_ opacity: Double) -> Double {
        opacity.isNaN ? 1 : min(max(opacity, 0), 1)
    }

    private static func clipped(_ name: String) -> String {
        guard name.utf8.count > maximumNameBytes else { return name }
        var clipped = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            guard bytes <= maximumNameBytes else { break }
            clipped.append(character)
        }
        return clipped
    }
}

/// One layer of a drawing: a picture, if it has one, under its completed strokes, bottom first, and its attributes.
public struct Layer: Hashable, Sendable {
    /// How the layer is named, shown and protected.
    public var attributes: LayerAttributes
    /// The picture under the layer's strokes: a photo opened or placed, an OpenRaster layer, layers merged.
    public internal(set) var image: LayerImage? {
        didSet { revision = .next() }
    }
    /// The layer's completed strokes, in the order they are painted (bottom first), over its picture.
    public internal(set) var strokes: [Stroke] {
        didSet { revision = .next() }
    }
    /// Which picture and strokes the layer holds (not part of its equality): a layer and its copies have the same
    /// revision while they hold the same.
    public private(set) var revision: LayerRevision

    /// A layer with these attributes, picture and strokes.
    public init(attributes: LayerAttributes, image: LayerImage? = nil, strokes: [Stroke] = []) {
        self.attributes = attributes
        self.image = image
        self.strokes = strokes
        revision = .next()
    }

    /// Whether the layer holds nothing: no picture, no stroke.
    public var isEmpty: Bool { image == nil && strokes.isEmpty }

    /// The layer a drawing of one layer has, and a document of an earlier version opens as: "Layer 1", normal, fully
    /// opaque, visible and unlocked.
    public static func first(strokes: [Stroke] = []) -> Layer {
        Layer(attributes: LayerAttributes(name: LayerAttributes.defaultName(number: 1)), strokes: strokes)
    }

    /// Two layers are equal when their attributes, pictures and strokes are, whatever their revisions.
    public static func == (lhs: Layer, rhs: Layer) -> Bool {
        lhs.attributes == rhs.attributes
            && (lhs.revision == rhs.revision || (lhs.image == rhs.image && lhs.strokes == rhs.strokes))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(attributes)
        hasher.combine(image)
        hasher.combine(strokes)
    }
}

/// Which content a layer holds: a new revision, none like it in the process, each time a layer is made or its
/// picture or strokes change, and the same for every copy of the layer until then. Two layers of the same revision
/// hold the same picture and strokes, so a renderer tells a layer it showed from its revision alone, without keeping
/// its strokes (which would make each stroke added to the layer copy all of them).
public struct LayerRevision: Hashable, Sendable {
    private let number: UInt64

    private static let last = Atomic<UInt64>(0)

    /// A revision no layer had.
    static func next() -> LayerRevision {
        LayerRevision(number: last.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}
