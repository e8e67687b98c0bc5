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
}

/// The completed strokes of a drawing, bottom first, with undo and redo of adding a stroke and of clearing.
///
/// A new edit forgets what could be redone. Nothing here limits the history: strokes are small.
public struct Drawing: Hashable, Sendable {
    /// One step of the history.
    enum Edit: Hashable, Sendable {
        case add(Stroke)
        case clear(removed: [Stroke])
    }

    /// The completed strokes, in the order they are painted (bottom first).
    public private(set) var strokes: [Stroke]
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []

    /// A drawing with these strokes and no history.
    public init(strokes: [Stroke] = []) {
        self.strokes = strokes
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
        undoStack.append(.add(stroke))
        redoStack.removeAll()
        return .appended(stroke)
    }

    /// Removes every stroke (undoable); `nil` when there was nothing to clear.
    @discardableResult
    public mutating func clear() -> DrawingChange? {
        guard !strokes.isEmpty else { return nil }
        undoStack.append(.clear(removed: strokes))
        redoStack.removeAll()
        strokes = []
        return .cleared
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
        }
    }
}
