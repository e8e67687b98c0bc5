// The drawing: its completed strokes in order, and the history that undo and redo walk.

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
    /// The stroke at this position became another, whose bounds may differ (``DrawingEdit/replace(at:with:)``, its
    /// undo and redo); the others are unchanged.
    case restroked(at: Int)
}

/// One thing done to a drawing, as its document's journal records it (`docs/document-format.md`).
public enum DrawingEdit: Hashable, Sendable {
    /// A completed stroke added on top.
    case add(Stroke)
    /// Every stroke removed.
    case clear
    /// The strokes at these positions (strictly increasing, each within the drawing) removed: what an eraser
    /// touched. Undo puts them back where they were.
    case erase([Int])
    /// The stroke at this position replaced by another: a held stroke becoming a clean shape. Undo puts the stroke
    /// that was there back.
    case replace(at: Int, with: Stroke)
    /// The last edit undone.
    case undo
    /// The last undone edit redone.
    case redo
}

/// The completed strokes of a drawing, bottom first, with undo and redo of adding a stroke, erasing strokes,
/// replacing a stroke and clearing.
///
/// A drawing starts from base strokes that no undo removes (a document of the first format, which kept no
/// history, or the edits that fell out of the history) and is changed by ``DrawingEdit``s. A new edit forgets what
/// could be redone. At most ``undoLimit`` edits can be undone: the oldest edit beyond it is folded into the base
/// strokes.
public struct Drawing: Hashable, Sendable {
    /// The most edits undo can take back, in a window and in a reopened document alike (docs/document-format.md,
    /// "History"). When an edit makes the history longer, its oldest edit is folded into ``baseStrokes``: an
    /// added stroke becomes a base stroke, and the strokes a folded clear or erase removed (which only the history
    /// kept) are let go. Redo is not limited: only undos fill it. 250, as Procreate keeps (Photoshop 50, Krita 30).
    public static let undoLimit = 250

    /// One step of the history.
    enum Edit: Hashable, Sendable {
        case add(Stroke)
        case clear(removed: [Stroke])
        case erase(removed: [(index: Int, stroke: Stroke)])
        case replace(index: Int, old: Stroke, new: Stroke)

        var recorded: DrawingEdit {
            switch self {
            case let .add(stroke): .add(stroke)
            case .clear: .clear
            case let .erase(removed): .erase(removed.map(\.index))
            case let .replace(index, _, new): .replace(at: index, with: new)
            }
        }

        static func == (lhs: Edit, rhs: Edit) -> Bool {
            switch (lhs, rhs) {
            case let (.add(a), .add(b)): a == b
            case let (.clear(a), .clear(b)): a == b
            case let (.erase(a), .erase(b)): a.map(\.index) == b.map(\.index) && a.map(\.stroke) == b.map(\.stroke)
            case let (.replace(i, oldA, newA), .replace(j, oldB, newB)): i == j && oldA == oldB && newA == newB
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case let .add(stroke): hasher.combine(stroke)
            case let .clear(removed): hasher.combine(removed)
            case let .erase(removed):
                hasher.combine(removed.map(\.index))
                hasher.combine(removed.map(\.stroke))
            case let .replace(index, old, new):
                hasher.combine(index)
                hasher.combine(old)
                hasher.combine(new)
            }
        }
    }

    /// The completed strokes, in the order they are painted (bottom first).
    public private(set) var strokes: [Stroke]
    /// The strokes the drawing started from, which no undo removes.
    public private(set) var baseStrokes: [Stroke]
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []

    /// A drawing with these strokes and no history: undo removes none of them.
    public init(strokes: [Stroke] = []) {
        self.strokes = strokes
        self.baseStrokes = strokes
    }

    /// The drawing that starts from `baseStrokes` and is changed by `edits` in order. An edit that does nothing
    /// (an undo with nothing to undo) is skipped.
    public init(baseStrokes: [Stroke] = [], edits: some Sequence<DrawingEdit>) {
        self.init(strokes: baseStrokes)
        for edit in edits { apply(edit) }
    }

    /// The shortest history that makes this drawing again, with the same strokes and the same undo and redo:
    /// the edits that can be undone in order, then the ones that can be redone followed by as many undos.
    /// Together with ``baseStrokes`` it is what a compacted document holds.
    public var compactEdits: [DrawingEdit] {
        undoStack.map(\.recorded) + redoStack.reversed().map(\.recorded)
            + Array(repeating: DrawingEdit.undo, count: redoStack.count)
    }

    /// Whether the drawing has neither strokes nor history: nothing a user would miss.
    public var isPristine: Bool { strokes.isEmpty && undoStack.isEmpty && redoStack.isEmpty }

    /// Does an edit; `nil` when it changed nothing (a clear of nothing, an undo with nothing to undo).
    @discardableResult
    public mutating func apply(_ edit: DrawingEdit) -> DrawingChange? {
        switch edit {
        case let .add(stroke): add(stroke)
        case .clear: clear()
        case let .erase(indices): erase(indices)
        case let .replace(index, stroke): replace(at: index, with: stroke)
        case .undo: undo()
        case .redo: redo()
        }
    }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// Whether the drawing has no stroke.
    public var isEmpty: Bool { strokes.isEmpty }

    /// Adds a completed stroke on top (undoable). Its points are stored without spare capacity.
    @discardableResult
    public mutating func add(_ stroke: Stroke) -> DrawingChange {
        var stroke = stroke
        stroke.trimCapacity()
        strokes.append(stroke)
        record(.add(stroke))
        return .appended(stroke)
    }

    /// Removes every stroke (undoable); `nil` when there was nothing to clear.
    @discardableResult
    public mutating func clear() -> DrawingChange? {
        guard !strokes.isEmpty else { return nil }
        record(.clear(removed: strokes))
        strokes = []
        return .cleared
    }

    /// Removes the strokes at these positions (undoable); `nil` when there are none, or the positions are not
    /// strictly increasing positions of strokes.
    @discardableResult
    public mutating func erase(_ indices: [Int]) -> DrawingChange? {
        guard let lowest = indices.first, let highest = indices.last, lowest >= 0, highest < strokes.count,
              zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        let removed = indices.map { (index: $0, stroke: strokes[$0]) }
        for index in indices.reversed() { strokes.remove(at: index) }
        record(.erase(removed: removed))
        return .removed(indices)
    }

    /// Replaces the stroke at `index` by another (undoable): a stroke held still at its end becoming the shape it
    /// was meant to be. `nil` when there is no stroke there. The new stroke's points are stored without spare
    /// capacity.
    @discardableResult
    public mutating func replace(at index: Int, with stroke: Stroke) -> DrawingChange? {
        guard strokes.indices.contains(index) else { return nil }
        var stroke = stroke
        stroke.trimCapacity()
        record(.replace(index: index, old: strokes[index], new: stroke))
        strokes[index] = stroke
        return .restroked(at: index)
    }

    /// Puts a new edit on the history: what could be redone is forgotten, and the oldest edit beyond
    /// ``undoLimit`` is folded into the base strokes.
    private mutating func record(_ edit: Edit) {
        undoStack.append(edit)
        redoStack.removeAll()
        while undoStack.count > Self.undoLimit {
            switch undoStack.removeFirst() {
            case let .add(stroke): baseStrokes.append(stroke)
            case .clear: baseStrokes = []
            case let .erase(removed): for (index, _) in removed.reversed() { baseStrokes.remove(at: index) }
            case let .replace(index, _, new): baseStrokes[index] = new
            }
        }
    }

    /// Undoes the last edit; `nil` when there is none.
    @discardableResult
    public mutating func undo() -> DrawingChange? {
        guard let edit = undoStack.popLast() else { return nil }
        redoStack.append(edit)
        switch edit {
        case .add:
            strokes.removeLast()
            return .truncated(to: strokes.count)
        case let .clear(removed):
            strokes = removed
            return .restored
        case let .erase(removed):
            for (index, stroke) in removed { strokes.insert(stroke, at: index) }
            return .inserted(removed.map(\.index))
        case let .replace(index, old, _):
            strokes[index] = old
            return .restroked(at: index)
        }
    }

    /// Redoes the last undone edit; `nil` when there is none.
    @discardableResult
    public mutating func redo() -> DrawingChange? {
        guard let edit = redoStack.popLast() else { return nil }
        undoStack.append(edit)
        switch edit {
        case let .add(stroke):
            strokes.append(stroke)
            return .appended(stroke)
        case .clear:
            strokes = []
            return .cleared
        case let .erase(removed):
            for (index, _) in removed.reversed() { strokes.remove(at: index) }
            return .removed(removed.map(\.index))
        case let .replace(index, _, new):
            strokes[index] = new
            return .restroked(at: index)
        }
    }
}
