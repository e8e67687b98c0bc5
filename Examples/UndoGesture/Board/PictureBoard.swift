// The interaction of Procreate's published UndoGesture sample, on the touch core: a picture pinched, rotated and
// panned at once; a two-finger tap undoes the last change, a three-finger tap redoes it, each recognized only once
// the pinch, the rotation and the pan have failed (so a pinch is never also an undo).
import TouchUI

/// A view showing a picture that fingers place, with undo and redo by taps.
///
///     let board = PictureBoard(frame: window.bounds)
///     window.addSubview(board)
///     board.onChange = { redraw(board.placement) }
public final class PictureBoard: View, GestureRecognizerDelegate {
    /// Where the picture is: its scale, its rotation (radians, clockwise on screen) and its centre's offset from
    /// the board's centre, in points.
    public struct Placement: Equatable, Sendable {
        public var scale = 1.0
        public var rotation = 0.0
        public var offset = Vector.zero
        public init() {}
    }

    /// The scales a pinch may reach: a quarter to four times the picture's size.
    public static let scaleRange: ClosedRange<Double> = 0.25...4

    /// Where the picture is now.
    public private(set) var placement = Placement()
    /// The placements before each change, the latest last: what two-finger taps go back to.
    public private(set) var undoStack: [Placement] = []
    /// The placements undone, the latest last: what three-finger taps bring back.
    public private(set) var redoStack: [Placement] = []
    /// Called after every change of ``placement``.
    public var onChange: (() -> Void)?

    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()
    public let pan = PanGestureRecognizer()
    public let undoTap = TapGestureRecognizer()
    public let redoTap = TapGestureRecognizer()

    /// The placement when the first of the pinch, rotation and pan began, while any of them goes on.
    private var gestureStart: Placement?
    /// The placement when each of them began, by recognizer.
    private var starts: [ObjectIdentifier: Placement] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for recognizer in [pinch, rotation, pan] as [GestureRecognizer] {
            recognizer.delegate = self
            recognizer.addTarget { [unowned self] in self.follow($0) }
            addGestureRecognizer(recognizer)
        }
        undoTap.numberOfTouchesRequired = 2
        redoTap.numberOfTouchesRequired = 3
        for tap in [undoTap, redoTap] {
            // As the sample wires them: a tap only once none of the placing gestures can start.
            for placing in [pinch, rotation, pan] as [GestureRecognizer] { tap.require(toFail: placing) }
            addGestureRecognizer(tap)
        }
        undoTap.addTarget { [unowned self] _ in self.undo() }
        redoTap.addTarget { [unowned self] _ in self.redo() }
    }

    /// The pinch, rotation and pan go together.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let placing: [GestureRecognizer] = [pinch, rotation, pan]
        return placing.contains { $0 === gestureRecognizer } && placing.contains { $0 === other }
    }

    /// Goes back to the placement before the last change.
    public func undo() {
        guard let previous = undoStack.popLast() else { return }
        redoStack.append(placement)
        placement = previous
        onChange?()
    }

    /// Brings back the last change undone.
    public func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(placement)
        placement = next
        onChange?()
    }

    /// A placing gesture moved on: the placement follows it, and when the last of them ends, the placement before
    /// them is kept for undo.
    private func follow(_ recognizer: GestureRecognizer) {
        let key = ObjectIdentifier(recognizer)
        switch recognizer.state {
        case .began:
            if starts.isEmpty { gestureStart = placement }
            starts[key] = placement
        case .changed, .ended, .cancelled:
            guard let start = starts[key] else { return }
            if recognizer === pinch {
                placement.scale = min(max(start.scale * pinch.scale, Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
            } else if recognizer === rotation {
                placement.rotation = start.rotation + rotation.rotation
            } else {
                placement.offset = start.offset + pan.translation(in: self)
            }
            guard recognizer.state != .changed else { break }
            starts[key] = nil
            if starts.isEmpty, let before = gestureStart, before != placement {
                undoStack.append(before)
                redoStack = []
            }
        default:
            return
        }
        onChange?()
    }
}
