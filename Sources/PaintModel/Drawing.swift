// The drawing: a stack of layers of pictures and completed strokes, the current layer, and the one history that undo and redo
// walk through strokes and layer changes alike.
import Geometry

/// What an edit did to a drawing's strokes, so that a renderer can redraw only what it must.
public enum DrawingChange: Hashable, Sendable {
    /// A stroke was added on top of the others: draw just it.
    case appended(Stroke)
    /// Strokes were taken off the top: `count` strokes remain, unchanged.
    case truncated(to: Int)
    /// Every stroke was removed (clear, or redo of clear); undo may bring the same strokes back.
    case cleared
    /// The strokes are back as they were before the last clear (undo of clear).
    case restored
    /// The strokes were replaced by others: redraw everything.
    case replaced
    /// The strokes at these positions (of the strokes before the change) were taken out: an erase, or its redo.
    case removed([Int])
    /// Strokes were put back at these positions (of the strokes after the change): the undo of an erase.
    case inserted([Int])
    /// The strokes at these positions (increasing) became others in their places, whose bounds may differ: a held
    /// stroke's shape (``DrawingEdit/replace(at:with:)``), strokes moved (``DrawingEdit/transform(_:by:)``), their
    /// undo and redo; the others are unchanged.
    case restroked([Int])
    /// No stroke shown changed: another layer was made current, or a layer's name, lock, opacity or blend mode
    /// changed.
    case unchanged
}

// The positions in a change are those of ``Drawing/strokes``: a stroke edit's change is at its layer's place among
// the strokes shown; a layer edit says ``DrawingChange/replaced``, but for a layer's attributes changed with its
// visibility kept, ``DrawingChange/unchanged``.


/// One thing done to a drawing, as its document's journal records it (`docs/document-format.md`). Stroke edits act
/// on the current layer, their positions those of its strokes; layer positions count from the bottom.
public enum DrawingEdit: Hashable, Sendable {
    /// A completed stroke added on top of the current layer.
    case add(Stroke)
    /// Strokes added on top of the current layer, in order, as one edit: a selection duplicated or pasted.
    case addStrokes([Stroke])
    /// Every stroke of the current layer removed.
    case clear
    /// The current layer's strokes at these positions (strictly increasing, each within the layer) removed, and,
    /// with a `cut`, the layer's picture cut along the eraser's path: what an eraser touched. Undo puts them back.
    case erase([Int], cut: ImageCut? = nil)
    /// The current layer's stroke at this position replaced by another: a held stroke becoming a clean shape. Undo
    /// puts the stroke that was there back.
    case replace(at: Int, with: Stroke)
    /// The current layer's strokes at these positions (strictly increasing, each within the layer) moved, scaled,
    /// turned or flipped by a similarity, in their places (``Stroke/transformed(by:)``): a selection moved. Undo puts
    /// them back where they were.
    case transform([Int], by: AffineTransform)
    /// The current layer's strokes at these positions (strictly increasing, each within the layer) moved to the
    /// top of the layer at another position, in order: a selection moved to another layer. The current layer stays
    /// current; undo puts them back where they were.
    case moveStrokes([Int], toLayer: Int)
    /// The last edit undone.
    case undo
    /// The last undone edit redone.
    case redo
    /// The layer at this position becomes the current one. Not an edit of the drawing: undo passes over it.
    case selectLayer(Int)
    /// A new empty layer with these attributes put at this position (the layers from there on move up one).
    case addLayer(at: Int, LayerAttributes)
    /// A new layer holding a picture (placed, or brought in) put at this position.
    case addImageLayer(at: Int, LayerAttributes, LayerImage)
    /// A copy of the layer at this position, strokes and all, put above it and named after it.
    case duplicateLayer(at: Int)
    /// The layer at this position taken out, strokes and all (never the last one). Undo puts it back.
    case removeLayer(at: Int)
    /// The layer at one position moved to another (the positions of the stack after the move).
    case moveLayer(from: Int, to: Int)
    /// The layer at this position renamed, shown or hidden, locked or unlocked, given another opacity or blend mode.
    case setLayer(at: Int, LayerAttributes)
    /// The layer at this position (not the bottom one) merged into the layer below, which keeps its attributes and
    /// becomes the current one: without a picture, its strokes put over those below (only for a layer holding no
    /// picture); with one, both layers' content as that one picture, their strokes gone.
    case mergeLayerDown(at: Int, into: LayerImage?)
}

extension DrawingEdit {
    /// Whether the edit changes the strokes of the current layer (adds, clears, erases or replaces), which a locked
    /// layer refuses.
    public var editsStrokes: Bool {
        switch self {
        case .add, .addStrokes, .clear, .erase, .replace, .transform, .moveStrokes: true
        default: false
        }
    }

    /// The strokes the edit puts into the drawing (those added, a shape in a stroke's place); none for the others.
    var newStrokes: [Stroke] {
        switch self {
        case let .add(stroke), let .replace(_, stroke): [stroke]
        case let .addStrokes(strokes): strokes
        default: []
        }
    }
}

/// The layers of a drawing, bottom first (at least one), the current layer, and undo and redo of every edit: strokes
/// added, erased, replaced and cleared on a layer, and layers added, duplicated, removed, moved and changed.
///
/// A drawing starts from base layers that no undo removes (a document of the first format, which kept no history,
/// or the edits that fell out of the history) and is changed by ``DrawingEdit``s. A new edit forgets what could be
/// redone. At most ``undoLimit`` edits can be undone: the oldest edit beyond it is folded into the base layers.
///
/// The current layer follows its layer when layers are added, removed or moved under it; when it is removed, the
/// layer below it (or the new bottom one) becomes current. Every rule of the stack is in ``Edit``'s `apply` and
/// `revert`, used alike by doing, undoing, redoing and folding.
public struct Drawing: Hashable, Sendable {
    /// The most edits undo can take back, in a window and in a reopened document alike (docs/document-format.md,
    /// "History"). When an edit makes the history longer, its oldest edit is folded into ``baseLayers``: an
    /// added stroke becomes a base stroke, and the strokes a folded clear or erase removed (which only the history
    /// kept) are let go. Redo is not limited: only undos fill it. 250, as Procreate keeps (Photoshop 50, Krita 30).
    public static let undoLimit = 250

    /// The stack and its current layer: what edits change.
    struct Stack: Hashable, Sendable {
        var layers: [Layer]
        var current: Int

        /// Where the current layer goes when the layer at `position` is taken out.
        mutating func removeLayer(at position: Int) -> Layer {
            let layer = layers.remove(at: position)
            if current > position || (current == position && current > 0) { current -= 1 }
            return layer
        }

        /// Where the current layer goes when `layer` is put in at `position`.
        mutating func insert(_ layer: Layer, at position: Int) {
            layers.insert(layer, at: position)
            if current >= position && layers.count > 1 { current += 1 }
        }

        /// Moves the layer at `from` to `to`; the current layer follows its layer.
        mutating func moveLayer(from: Int, to: Int) {
            let isCurrent = current == from
            let layer = removeLayer(at: from)
            insert(layer, at: to)
            if isCurrent { current = to }
        }
    }

    /// One step of the history, with what undoing it needs.
    enum Edit: Hashable, Sendable {
        case add(layer: Int, Stroke)
        case addStrokes(layer: Int, [Stroke])
        case clear(layer: Int, removed: [Stroke], image: LayerImage?)
        case erase(layer: Int, removed: [Removed], cut: ImageCut?)
        case replace(layer: Int, index: Int, old: Stroke, new: Stroke)
        case transform(layer: Int, indices: [Int], old: [Stroke], new: [Stroke], by: AffineTransform)
        case moveStrokes(layer: Int, removed: [Removed], to: Int)
        case addLayer(at: Int, Layer, isCopy: Bool)
        case removeLayer(at: Int, Layer)
        case moveLayer(from: Int, to: Int)
        case setLayer(at: Int, old: LayerAttributes, new: LayerAttributes)
        case mergeDown(at: Int, lower: Layer, upper: Layer, picture: LayerImage?)

        /// A stroke an erase took out, and where it was.
        struct Removed: Hashable, Sendable {
            var index: Int
            var stroke: Stroke
        }

        /// The layer a stroke edit acts on (for strokes moved to another layer, the one they leave: the current one
        /// when it was done); `nil` for a layer edit.
        var strokeLayer: Int? {
            switch self {
            case let .add(layer, _), let .addStrokes(layer, _), let .clear(layer, _, _), let .erase(layer, _, _),
                 let .replace(layer, _, _, _), let .transform(layer, _, _, _, _), let .moveStrokes(layer, _, _): layer
            case .addLayer, .removeLayer, .moveLayer, .setLayer, .mergeDown: nil
            }
        }

        /// Whether the edit changes a layer's picture: a clear of a layer holding one, or a cut.
        var changesImage: Bool {
            switch self {
            case let .clear(_, _, image): image != nil
            case let .erase(_, _, cut): cut != nil
            default: false
            }
        }

        /// The edit as recorded: stroke edits act on the current layer, which a `selectLayer` before them names.
        var recorded: DrawingEdit {
            switch self {
            case let .add(_, stroke): .add(stroke)
            case let .addStrokes(_, strokes): .addStrokes(strokes)
            case .clear: .clear
            case let .erase(_, removed, cut): .erase(removed.map(\.index), cut: cut)
            case let .replace(_, index, _, new): .replace(at: index, with: new)
            case let .transform(_, indices, _, _, transform): .transform(indices, by: transform)
            case let .moveStrokes(_, removed, to): .moveStrokes(removed.map(\.index), toLayer: to)
            case let .addLayer(position, layer, isCopy):
                if isCopy {
                    .duplicateLayer(at: position - 1)
                } else if let image = layer.image {
                    .addImageLayer(at: position, layer.attributes, image)
                } else {
                    .addLayer(at: position, layer.attributes)
                }
            case let .removeLayer(position, _): .removeLayer(at: position)
            case let .moveLayer(from, to): .moveLayer(from: from, to: to)
            case let .setLayer(position, _, new): .setLayer(at: position, new)
            case let .mergeDown(position, _, _, picture): .mergeLayerDown(at: position, into: picture)
            }
        }

        /// The layer a merge down leaves: the lower layer's attributes, with the upper layer's strokes over its own,
        /// or the merged picture alone.
        static func merged(_ lower: Layer, _ upper: Layer, picture: LayerImage?) -> Layer {
            guard let picture else {
                var merged = lower
                merged.strokes += upper.strokes
                return merged
            }
            return Layer(attributes: lower.attributes, image: picture)
        }

        /// Does the edit to `stack` (again).
        func apply(to stack: inout Stack) {
            switch self {
            case let .add(layer, stroke): stack.layers[layer].strokes.append(stroke)
            case let .addStrokes(layer, strokes): stack.layers[layer].strokes += strokes
            case let .clear(layer, _, _):
                stack.layers[layer].strokes = []
                stack.layers[layer].image = nil
            case let .erase(layer, removed, cut):
                for entry in removed.reversed() { stack.layers[layer].strokes.remove(at: entry.index) }
                if let cut { stack.layers[layer].image?.cuts.append(cut) }
            case let .replace(layer, index, _, new): stack.layers[layer].strokes[index] = new
            case let .transform(layer, indices, _, new, _):
                for (index, stroke) in zip(indices, new) { stack.layers[layer].strokes[index] = stroke }
            case let .moveStrokes(layer, removed, to):
                for entry in removed.reversed() { stack.layers[layer].strokes.remove(at: entry.index) }
                stack.layers[to].strokes += removed.map(\.stroke)
            case let .addLayer(position, layer, _): stack.insert(layer, at: position)
            case let .removeLayer(position, _): _ = stack.removeLayer(at: position)
            case let .moveLayer(from, to): stack.moveLayer(from: from, to: to)
            case let .setLayer(position, _, new): stack.layers[position].attributes = new
            case let .mergeDown(position, lower, upper, picture):
                // The current layer, if it was the upper one, becomes the merged one.
                stack.layers[position - 1] = Self.merged(lower, upper, picture: picture)
                _ = stack.removeLayer(at: position)
            }
        }

        /// Undoes the edit on `stack`, which is as the edit left it.
        func revert(on stack: inout Stack) {
            switch self {
            case let .add(layer, _): stack.layers[layer].strokes.removeLast()
            case let .addStrokes(layer, strokes): stack.layers[layer].strokes.removeLast(strokes.count)
            case let .clear(layer, removed, image):
                stack.layers[layer].strokes = removed
                stack.layers[layer].image = image
            case let .erase(layer, removed, cut):
                for entry in removed { stack.layers[layer].strokes.insert(entry.stroke, at: entry.index) }
                if cut != nil { stack.layers[layer].image?.cuts.removeLast() }
            case let .replace(layer, index, old, _): stack.layers[layer].strokes[index] = old
            case let .transform(layer, indices, old, _, _):
                for (index, stroke) in zip(indices, old) { stack.layers[layer].strokes[index] = stroke }
            case let .moveStrokes(layer, removed, to):
                stack.layers[to].strokes.removeLast(removed.count)
                for entry in removed { stack.layers[layer].strokes.insert(entry.stroke, at: entry.index) }
            case let .addLayer(position, _, _): _ = stack.removeLayer(at: position)
            case let .removeLayer(position, layer): stack.insert(layer, at: position)
            case let .moveLayer(from, to): stack.moveLayer(from: to, to: from)
            case let .setLayer(position, old, _): stack.layers[position].attributes = old
            case let .mergeDown(position, lower, upper, _):
                stack.layers[position - 1] = lower
                stack.insert(upper, at: position)
            }
        }

        /// What the edit, done, changed of a one-layer drawing's strokes, which are `strokes` after it.
        func doneChange(strokes: [Stroke]) -> DrawingChange {
            switch self {
            case let .add(_, stroke): .appended(stroke)
            case let .addStrokes(_, added): .inserted(Array((strokes.count - added.count)..<strokes.count))
            case .clear: .cleared
            case let .erase(_, removed, _): .removed(removed.map(\.index))
            case let .replace(_, index, _, _): .restroked([index])
            case let .transform(_, indices, _, _, _): .restroked(indices)
            case .moveStrokes, .addLayer, .removeLayer, .moveLayer, .setLayer, .mergeDown: .replaced
            }
        }

        /// What the edit, undone, changed of a one-layer drawing's strokes, which are `strokes` after the undo.
        func undoneChange(strokes: [Stroke]) -> DrawingChange {
            switch self {
            case .add, .addStrokes: .truncated(to: strokes.count)
            case .clear: .restored
            case let .erase(_, removed, _): .inserted(removed.map(\.index))
            case let .replace(_, index, _, _): .restroked([index])
            case let .transform(_, indices, _, _, _): .restroked(indices)
            case .moveStrokes, .addLayer, .removeLayer, .moveLayer, .setLayer, .mergeDown: .replaced
            }
        }
    }

    private var stack: Stack
    /// The layers and strokes the drawing started from, which no undo removes (their current layer is the bottom).
    private var base: Stack
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []

    /// A drawing of one layer (``Layer/first(strokes:)``) with these strokes and no history: undo removes none of
    /// them.
    public init(strokes: [Stroke] = []) {
        self.init(layers: [.first(strokes: strokes)])
    }

    /// A drawing of these layers, bottom first (one empty layer when there are none), with no history; the bottom
    /// layer is current.
    public init(layers: [Layer]) {
        stack = Stack(layers: layers.isEmpty ? [.first()] : layers, current: 0)
        base = stack
    }

    /// The drawing that starts from `baseStrokes` in one layer and is changed by `edits` in order. An edit that does
    /// nothing (an undo with nothing to undo) is skipped.
    public init(baseStrokes: [Stroke] = [], edits: some Sequence<DrawingEdit>) {
        self.init(baseLayers: [.first(strokes: baseStrokes)], edits: edits)
    }

    /// The drawing that starts from `baseLayers` (their bottom one current) and is changed by `edits` in order.
    public init(baseLayers: [Layer], edits: some Sequence<DrawingEdit>) {
        self.init(layers: baseLayers)
        for edit in edits { apply(edit) }
    }

    /// The layers, bottom first; there is always at least one.
    public var layers: [Layer] { stack.layers }
    /// The position of the current layer, which stroke edits act on.
    public var currentLayerIndex: Int { stack.current }
    /// The current layer.
    public var currentLayer: Layer { stack.layers[stack.current] }
    /// The layers the drawing started from, which no undo removes: what a compacted document starts with.
    public var baseLayers: [Layer] { base.layers }

    /// The strokes the drawing shows, in the order they are painted: those of its visible layers, bottom first.
    /// For a drawing of one visible layer, that layer's strokes.
    public var strokes: [Stroke] {
        if stack.layers.count == 1 { return stack.layers[0].attributes.isVisible ? stack.layers[0].strokes : [] }
        return stack.layers.filter(\.attributes.isVisible).flatMap(\.strokes)
    }

    /// How many strokes the drawing shows: ``strokes``' count, without gathering them (a frame asks).
    public var shownStrokeCount: Int { Self.shownStrokeCount(of: stack.layers[...]) }

    /// How many strokes `layers` show: those of the visible ones.
    private static func shownStrokeCount(of layers: ArraySlice<Layer>) -> Int {
        layers.reduce(0) { $0 + ($1.attributes.isVisible ? $1.strokes.count : 0) }
    }

    /// Where the current layer's strokes are in ``strokes``; `nil` while the layer is hidden.
    public var currentLayerRange: Range<Int>? {
        guard currentLayer.attributes.isVisible else { return nil }
        let below = Self.shownStrokeCount(of: stack.layers[..<stack.current])
        return below..<(below + currentLayer.strokes.count)
    }

    /// The shortest history that makes this drawing again from ``baseLayers``, with the same layers, current layer,
    /// undo and redo: the edits that can be undone in order, then the ones that can be redone followed by as many
    /// undos, with a `selectLayer` before each stroke edit whose layer is not current there, and one at the end when
    /// needed. It is what a compacted document holds after its base layers.
    public var compactEdits: [DrawingEdit] {
        var replay = Stack(layers: base.layers, current: 0)
        var edits: [DrawingEdit] = []
        edits.reserveCapacity(undoStack.count + 2 * redoStack.count + 1)
        for edit in undoStack + redoStack.reversed() {
            if let layer = edit.strokeLayer, layer != replay.current {
                edits.append(.selectLayer(layer))
                replay.current = layer
            }
            edits.append(edit.recorded)
            edit.apply(to: &replay)
        }
        edits += Array(repeating: DrawingEdit.undo, count: redoStack.count)
        for edit in redoStack { edit.revert(on: &replay) }
        if replay.current != stack.current { edits.append(.selectLayer(stack.current)) }
        return edits
    }

    /// Whether the drawing has neither strokes nor history, and is the one empty layer it started as: nothing a user
    /// would miss.
    public var isPristine: Bool {
        undoStack.isEmpty && redoStack.isEmpty && stack.layers == [.first()]
    }

    /// Does an edit; `nil` when it changed nothing (a clear of nothing, an undo with nothing to undo, a position
    /// outside the stack, a stroke edit on a locked layer).
    @discardableResult
    public mutating func apply(_ edit: DrawingEdit) -> DrawingChange? {
        switch edit {
        case let .add(stroke): add(stroke)
        case let .addStrokes(strokes): add(strokes)
        case .clear: clear()
        case let .erase(indices, cut): erase(indices, cut: cut)
        case let .replace(index, stroke): replace(at: index, with: stroke)
        case let .transform(indices, transform): self.transform(indices, by: transform)
        case let .moveStrokes(indices, layer): moveStrokes(indices, toLayer: layer)
        case .undo: undo()
        case .redo: redo()
        case let .selectLayer(position): selectLayer(at: position)
        case let .addLayer(position, attributes): addLayer(at: position, attributes)
        case let .addImageLayer(position, attributes, image): addLayer(at: position, attributes, image: image)
        case let .duplicateLayer(position): duplicateLayer(at: position)
        case let .removeLayer(position): removeLayer(at: position)
        case let .moveLayer(from, to): moveLayer(from: from, to: to)
        case let .setLayer(position, attributes): setLayer(at: position, attributes)
        case let .mergeLayerDown(position, picture): mergeLayerDown(at: position, into: picture)
        }
    }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// Whether the drawing shows nothing: no stroke, no picture.
    public var isEmpty: Bool {
        shownStrokeCount == 0 && !stack.layers.contains { $0.attributes.isVisible && $0.image != nil }
    }
    /// Whether strokes can be added to, erased from or cleared off the current layer: it is not locked.
    public var isCurrentLayerEditable: Bool { !currentLayer.attributes.isLocked }

    // MARK: - Strokes

    /// Adds a completed stroke on top of the current layer (undoable); `nil` when the layer is locked. Its points
    /// are stored without spare capacity.
    @discardableResult
    public mutating func add(_ stroke: Stroke) -> DrawingChange? {
        guard isCurrentLayerEditable else { return nil }
        var stroke = stroke
        stroke.trimCapacity()
        return perform(.add(layer: stack.current, stroke))
    }

    /// Adds strokes on top of the current layer, in order, as one edit (undoable): a selection duplicated or pasted.
    /// `nil` when there are none, or the layer is locked. Their points are stored without spare capacity.
    @discardableResult
    public mutating func add(_ strokes: [Stroke]) -> DrawingChange? {
        guard isCurrentLayerEditable, !strokes.isEmpty else { return nil }
        let trimmed = strokes.map { stroke in
            var stroke = stroke
            stroke.trimCapacity()
            return stroke
        }
        return perform(.addStrokes(layer: stack.current, trimmed))
    }

    /// Removes every stroke of the current layer, and its picture (undoable); `nil` when it holds neither or is
    /// locked.
    @discardableResult
    public mutating func clear() -> DrawingChange? {
        guard isCurrentLayerEditable, !currentLayer.isEmpty else { return nil }
        return perform(.clear(layer: stack.current, removed: currentLayer.strokes, image: currentLayer.image))
    }

    /// Removes the current layer's strokes at these positions and cuts its picture along `cut` (undoable); `nil`
    /// when there is nothing to do, the positions are not strictly increasing positions of its strokes, there is a
    /// cut and no picture, or the layer is locked.
    @discardableResult
    public mutating func erase(_ indices: [Int], cut: ImageCut? = nil) -> DrawingChange? {
        let strokes = currentLayer.strokes
        guard isCurrentLayerEditable, !indices.isEmpty || cut != nil, cut == nil || currentLayer.image != nil,
              indices.allSatisfy(strokes.indices.contains), zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        let removed = indices.map { Edit.Removed(index: $0, stroke: strokes[$0]) }
        return perform(.erase(layer: stack.current, removed: removed, cut: cut))
    }

    /// Replaces the current layer's stroke at `index` by another (undoable): a stroke held still at its end becoming
    /// the shape it was meant to be. `nil` when there is no stroke there or the layer is locked. The new stroke's
    /// points are stored without spare capacity.
    @discardableResult
    public mutating func replace(at index: Int, with stroke: Stroke) -> DrawingChange? {
        guard isCurrentLayerEditable, currentLayer.strokes.indices.contains(index) else { return nil }
        var stroke = stroke
        stroke.trimCapacity()
        return perform(.replace(layer: stack.current, index: index, old: currentLayer.strokes[index], new: stroke))
    }

    /// Moves, scales, turns or flips the current layer's strokes at these positions by a similarity, each in its
    /// place (undoable; ``Stroke/transformed(by:)``): a selection moved. `nil` when there is nothing to do (no
    /// positions, the identity), the positions are not strictly increasing positions of its strokes, the transform
    /// is no similarity or takes a stroke beyond what a document holds, or the layer is locked.
    @discardableResult
    public mutating func transform(_ indices: [Int], by transform: AffineTransform) -> DrawingChange? {
        let strokes = currentLayer.strokes
        guard isCurrentLayerEditable, !indices.isEmpty, transform != .identity, transform.isSimilarity,
              indices.allSatisfy(strokes.indices.contains), zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        let old = indices.map { strokes[$0] }
        var new: [Stroke] = []
        new.reserveCapacity(old.count)
        for stroke in old {
            guard let moved = stroke.transformed(by: transform) else { return nil }
            new.append(moved)
        }
        return perform(.transform(layer: stack.current, indices: indices, old: old, new: new, by: transform))
    }

    /// Moves the current layer's strokes at `indices` (strictly increasing) to the top of the layer at `position`,
    /// in order, as one edit (undoable): a selection moved to another layer. `nil` when there is none to move, a
    /// position is outside the layer, `position` is the current layer or no layer, or either layer is locked.
    @discardableResult
    public mutating func moveStrokes(_ indices: [Int], toLayer position: Int) -> DrawingChange? {
        let strokes = currentLayer.strokes
        guard isCurrentLayerEditable, !indices.isEmpty, stack.layers.indices.contains(position), position != stack.current,
              !stack.layers[position].attributes.isLocked, indices.allSatisfy(strokes.indices.contains),
              zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        let removed = indices.map { Edit.Removed(index: $0, stroke: strokes[$0]) }
        return perform(.moveStrokes(layer: stack.current, removed: removed, to: position))
    }

    // MARK: - Layers

    /// Makes the layer at `position` current (not undoable); `nil` when there is none there or it is current.
    @discardableResult
    public mutating func selectLayer(at position: Int) -> DrawingChange? {
        guard stack.layers.indices.contains(position), position != stack.current else { return nil }
        stack.current = position
        return .unchanged
    }

    /// Puts a new layer at `position` (undoable; from 0, the bottom, to the number of layers, the top), empty or
    /// holding `image`; `nil` for a position outside that.
    @discardableResult
    public mutating func addLayer(at position: Int, _ attributes: LayerAttributes,
                                  image: LayerImage? = nil) -> DrawingChange? {
        guard (0...stack.layers.count).contains(position) else { return nil }
        return perform(.addLayer(at: position, Layer(attributes: attributes, image: image), isCopy: false))
    }

    /// Puts a copy of the layer at `position` above it, named "NAME copy" (undoable); `nil` when there is none.
    @discardableResult
    public mutating func duplicateLayer(at position: Int) -> DrawingChange? {
        guard stack.layers.indices.contains(position) else { return nil }
        var copy = stack.layers[position]
        copy.attributes.name += " copy"
        return perform(.addLayer(at: position + 1, copy, isCopy: true))
    }

    /// Takes out the layer at `position` with its strokes (undoable); `nil` when there is none there or it is the
    /// only one.
    @discardableResult
    public mutating func removeLayer(at position: Int) -> DrawingChange? {
        guard stack.layers.count > 1, stack.layers.indices.contains(position) else { return nil }
        return perform(.removeLayer(at: position, stack.layers[position]))
    }

    /// Moves the layer at `from` to `to` (undoable); `nil` when either is outside the stack or they are the same.
    @discardableResult
    public mutating func moveLayer(from: Int, to: Int) -> DrawingChange? {
        guard stack.layers.indices.contains(from), stack.layers.indices.contains(to), from != to else { return nil }
        return perform(.moveLayer(from: from, to: to))
    }

    /// Merges the layer at `position` into the one below (undoable; ``DrawingEdit/mergeLayerDown(at:into:)``), which
    /// becomes current if the merged one was; `nil` for the bottom layer, a position outside the stack, or no
    /// `picture` for a layer holding one (its picture cannot go over the strokes below).
    @discardableResult
    public mutating func mergeLayerDown(at position: Int, into picture: LayerImage? = nil) -> DrawingChange? {
        guard position > 0, stack.layers.indices.contains(position) else { return nil }
        let upper = stack.layers[position]
        guard picture != nil || upper.image == nil else { return nil }
        return perform(.mergeDown(at: position, lower: stack.layers[position - 1], upper: upper, picture: picture))
    }

    /// Gives the layer at `position` these attributes (undoable); `nil` when there is none there or they are its own.
    @discardableResult
    public mutating func setLayer(at position: Int, _ attributes: LayerAttributes) -> DrawingChange? {
        guard stack.layers.indices.contains(position), stack.layers[position].attributes != attributes else { return nil }
        return perform(.setLayer(at: position, old: stack.layers[position].attributes, new: attributes))
    }

    // MARK: - History

    /// Does a new edit and puts it on the history: what could be redone is forgotten, and the oldest edit beyond
    /// ``undoLimit`` is folded into the base layers.
    private mutating func perform(_ edit: Edit) -> DrawingChange {
        edit.apply(to: &stack)
        undoStack.append(edit)
        redoStack.removeAll()
        while undoStack.count > Self.undoLimit { undoStack.removeFirst().apply(to: &base) }
        return shownChange(of: edit, undone: false)
    }

    /// Undoes the last edit; `nil` when there is none.
    @discardableResult
    public mutating func undo() -> DrawingChange? {
        guard let edit = undoStack.popLast() else { return nil }
        redoStack.append(edit)
        edit.revert(on: &stack)
        return shownChange(of: edit, undone: true)
    }

    /// Redoes the last undone edit; `nil` when there is none.
    @discardableResult
    public mutating func redo() -> DrawingChange? {
        guard let edit = redoStack.popLast() else { return nil }
        undoStack.append(edit)
        edit.apply(to: &stack)
        return shownChange(of: edit, undone: false)
    }

    /// What an edit just done or undone changed of ``strokes``: a stroke edit's change of its layer, moved to the
    /// layer's place among the strokes shown (nothing, on a hidden layer); a layer edit, ``DrawingChange/replaced``
    /// (nothing for another name, lock, opacity or blend mode).
    private func shownChange(of edit: Edit, undone: Bool) -> DrawingChange {
        // Strokes moved to another layer: two layers' strokes change, redrawn as a layer edit is.
        if case .moveStrokes = edit { return .replaced }
        guard let layer = edit.strokeLayer else {
            // A layer's name, lock, opacity or blend mode: the same strokes are shown (how they look goes by how the
            // layers are composited).
            if case let .setLayer(_, old, new) = edit, old.isVisible == new.isVisible { return .unchanged }
            return .replaced
        }
        guard stack.layers[layer].attributes.isVisible else { return .unchanged }
        // A picture that went, came back or was cut: its pixels are not strokes' to count.
        if edit.changesImage { return .replaced }
        if stack.layers.count == 1 {
            return undone ? edit.undoneChange(strokes: strokes) : edit.doneChange(strokes: strokes)
        }
        let below = Self.shownStrokeCount(of: stack.layers[..<layer])
        let above = Self.shownStrokeCount(of: stack.layers[(layer + 1)...])
        let count = stack.layers[layer].strokes.count
        switch edit {
        case let .add(_, stroke):
            if undone { return above == 0 ? .truncated(to: below + count) : .removed([below + count]) }
            return above == 0 ? .appended(stroke) : .inserted([below + count - 1])
        case let .addStrokes(_, added):
            if undone {
                return above == 0 ? .truncated(to: below + count) : .removed(Array((below + count)..<(below + count + added.count)))
            }
            return .inserted(Array((below + count - added.count)..<(below + count)))
        case let .clear(_, removed, _):
            let positions = Array(below..<(below + removed.count))
            return undone ? .inserted(positions) : .removed(positions)
        case let .erase(_, removed, _):
            let positions = removed.map { below + $0.index }
            return undone ? .inserted(positions) : .removed(positions)
        case let .replace(_, index, _, _):
            return .restroked([below + index])
        case let .transform(_, indices, _, _, _):
            return .restroked(indices.map { below + $0 })
        case .moveStrokes, .addLayer, .removeLayer, .moveLayer, .setLayer, .mergeDown:
            return .replaced
        }
    }
}
