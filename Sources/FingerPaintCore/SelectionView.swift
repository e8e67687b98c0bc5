// The selection tool's view, over the canvas while the tool is chosen (docs/selection.md): a finger or the pen draws a
// lasso's loop; on the selection, one finger drags it and two pinch and turn it about their centroid (the core's pan,
// pinch and rotation recognizers, recognized together, as the view's are); a tap beyond it ends it.
// Contract: the view keeps the gesture's state (``SelectionView/Phase``) and reports loops, taps and moves in
// document points to its delegate; what is selected, and where it is, are the app's (``outline``).
import Geometry
import Glibc
import PaintModel
import PaintRender
import TouchUI

/// What the selection view tells its owner, which keeps the selection. Each method is called on the thread that
/// delivers touches.
public protocol SelectionViewDelegate: AnyObject {
    /// A loop was drawn around what is to be selected (document points).
    func selectionView(_ view: SelectionView, didDrawLoop lasso: Lasso)
    /// A tap (a touch that hardly moved) at a document point off the selection.
    func selectionView(_ view: SelectionView, didTapAt point: Point)
    /// The fingers on the selection move it by `transform` (document points, from where it was when they came
    /// down); `isFinal` once they all lifted, or (`cancelled`) when the move was called off: the selection goes
    /// back.
    func selectionView(_ view: SelectionView, moves transform: AffineTransform, isFinal: Bool, cancelled: Bool)
    /// A finger held still on the selection: its menu opens.
    func selectionViewDidLongPress(_ view: SelectionView)
    /// A quick tap of two fingers asks for an undo, of three for a redo, as on the canvas.
    func selectionView(_ view: SelectionView, didAskFor command: PaintCommand)
    /// The loop being drawn changed: a frame is needed.
    func selectionViewDidChange(_ view: SelectionView)
}

/// Draws a lasso's loop, and moves, scales and turns the selection with one or two fingers.
public final class SelectionView: View {
    /// Where the gesture is.
    public enum Phase: Hashable, Sendable {
        /// No touch draws or moves.
        case idle
        /// A touch draws a loop, through these document points.
        case drawingLoop(touch: Int, points: [Point])
        /// Fingers on the selection move it: the document point they came down at (their centroid), and the scale
        /// and turn of the two-finger part so far.
        case moving(anchor: Point, scale: Double, turn: Double)
        /// A touch drags one of the selection's handles, from this document point.
        case draggingHandle(Handle, touch: Int, from: Point)
    }

    /// A handle on the selection's outline: a corner scales it about the opposite one, the handle beyond its top
    /// edge turns it about its middle.
    public enum Handle: Hashable, Sendable {
        /// The corner at this position of ``outline``.
        case corner(Int)
        /// The handle beyond the middle of the outline's top edge.
        case rotation
    }

    /// How far from a handle a touch still takes it, in the view's points: a 44-point target.
    public static let handleReach = 22.0
    /// How far beyond the outline's top edge the rotation handle stands, in the view's points.
    public static let rotationHandleDistance = 36.0
    /// The smallest a corner handle scales the selection to at one drag: 2 %.
    public static let smallestHandleScale = 0.02

    /// The handles, where they are in the view's points: the outline's corners, then the rotation handle; none
    /// without a selection, or while fingers move it.
    public var handles: [(handle: Handle, location: Point)] {
        guard let outline else { return [] }
        if case .moving = phase { return [] }
        return Self.handles(around: outline.map(viewTransform.windowPoint))
    }

    /// The handles of an outline of four corners (the view's points): its corners, then the rotation handle beyond
    /// the middle of its top edge, away from its middle; none for another outline.
    public static func handles(around corners: [Point]) -> [(handle: Handle, location: Point)] {
        guard corners.count == 4 else { return [] }
        let top = Point(x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2)
        let middle = Self.middle(of: corners)
        let away = top - middle, length = away.length
        let rotation = length > 0 ? top + away * (Self.rotationHandleDistance / length) : top
        return corners.indices.map { (Handle.corner($0), corners[$0]) } + [(Handle.rotation, rotation)]
    }

    /// The middle of an outline's corners, which a turned outline turns about.
    static func middle(of corners: [Point]) -> Point {
        Point(x: corners.reduce(0) { $0 + $1.x } / Double(corners.count), y: corners.reduce(0) { $0 + $1.y } / Double(corners.count))
    }

    /// The handle a view point takes, the nearest within ``handleReach``; `nil` for none.
    func handle(at point: Point) -> Handle? {
        handles.filter { $0.location.distance(to: point) <= Self.handleReach }
            .min { $0.location.distance(to: point) < $1.location.distance(to: point) }?.handle
    }

    /// Where dragging `handle` from `start` to `point` (document points) takes the selection: a corner scales it about
    /// the opposite corner by how much farther from it the touch is (snapped to 100 % within ``snapScale``, at least
    /// ``smallestHandleScale``); the rotation handle turns it about the outline's middle by the angle the touch went
    /// round it (snapped to quarter turns).
    func transform(dragging handle: Handle, from start: Point, to point: Point) -> AffineTransform {
        guard let outline, outline.count == 4 else { return .identity }
        switch handle {
        case let .corner(index):
            let opposite = outline[(index + 2) % 4]
            let before = start.distance(to: opposite)
            guard before > 0 else { return .identity }
            let scale = max(point.distance(to: opposite) / before, Self.smallestHandleScale)
            return AffineTransform(scale: abs(scale - 1) <= Self.snapScale ? 1 : scale, about: opposite)
        case .rotation:
            let middle = Self.middle(of: outline)
            let turn = atan2(point.y - middle.y, point.x - middle.x) - atan2(start.y - middle.y, start.x - middle.x)
            let normalized = atan2(sin(turn), cos(turn))
            return AffineTransform(rotation: ViewTransform.snapped(rotation: normalized), about: middle)
        }
    }

    /// The owner that keeps the selection. Held weakly: the owner holds the view.
    public weak var delegate: (any SelectionViewDelegate)?
    /// Which part of the document the view shows: touches are mapped through it.
    public var viewTransform = ViewTransform.identity
    /// The selection's outline, a closed polygon in document points; `nil` without a selection. Fingers that come
    /// down within it move the selection; elsewhere they draw a new loop.
    public var outline: [Point]?
    /// Where the gesture is.
    public private(set) var phase = Phase.idle
    /// The loop being drawn, in document points; `nil` while none is.
    public var loopInProgress: [Point]? {
        if case let .drawingLoop(_, points) = phase { points } else { nil }
    }

    /// Drags the selection with one finger, or two (with the pinch and the rotation).
    public let panRecognizer = PanGestureRecognizer()
    /// Scales the selection with two fingers, about their centroid.
    public let pinchRecognizer = PinchGestureRecognizer()
    /// Turns the selection with two fingers, about their centroid.
    public let rotationRecognizer = RotationGestureRecognizer()
    /// Opens the selection's menu: a finger held still on it.
    public let longPressRecognizer = LongPressGestureRecognizer()
    /// Undoes with a quick tap of two fingers, as the canvas's does (``CanvasView/undoTapRecognizer``).
    public let undoTapRecognizer = TapGestureRecognizer()
    /// Redoes with a quick tap of three fingers.
    public let redoTapRecognizer = TapGestureRecognizer()
    /// How far a touch goes, in the view's points, before it draws a loop rather than taps.
    public static let tapMovement = 10.0
    /// How near 100 % a scale snaps to it: 5 %.
    public static let snapScale = 0.05

    private let gestures = SelectionGestures()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        panRecognizer.maximumNumberOfTouches = 2
        gestures.view = self
        for recognizer in [panRecognizer, pinchRecognizer, rotationRecognizer] as [GestureRecognizer] {
            recognizer.delegate = gestures
            recognizer.allowedTouchpadGestures = []
            _ = recognizer.addTarget { [unowned self] _ in moved() }
            addGestureRecognizer(recognizer)
        }
        longPressRecognizer.delegate = gestures
        _ = longPressRecognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .began { delegate?.selectionViewDidLongPress(self) }
        }
        addGestureRecognizer(longPressRecognizer)
        for (recognizer, fingers, command) in [(undoTapRecognizer, 2, PaintCommand.undo), (redoTapRecognizer, 3, .redo)] {
            recognizer.numberOfTouchesRequired = fingers
            recognizer.maximumPressDuration = CanvasView.commandTapDuration
            for move in [panRecognizer, pinchRecognizer, rotationRecognizer] as [GestureRecognizer] {
                recognizer.require(toFail: move)
            }
            _ = recognizer.addTarget { [unowned self] recognizer in
                if recognizer.state == .ended { delegate?.selectionView(self, didAskFor: command) }
            }
            addGestureRecognizer(recognizer)
        }
    }

    /// How far the outline stands beyond what is selected, in the view's points.
    public static let outlineMargin = 6.0
    /// How far beyond its outline a finger still takes hold of the selection, in the view's points: a thin line's
    /// outline is too thin to hit.
    public static let grabMargin = 20.0

    /// Whether a view point is on the selection: within its outline, or within ``grabMargin`` of it.
    func isOnSelection(_ point: Point) -> Bool {
        guard let outline, !outline.isEmpty else { return false }
        if Lasso(points: outline).contains(viewTransform.documentPoint(point)) { return true }
        let corners = outline.map(viewTransform.windowPoint)
        return corners.indices.contains { index in
            Self.distance(from: point, toSegment: corners[index], corners[(index + 1) % corners.count]) <= Self.grabMargin
        }
    }

    /// How far a point is from a segment.
    static func distance(from point: Point, toSegment start: Point, _ end: Point) -> Double {
        let along = end - start, length = along.dx * along.dx + along.dy * along.dy
        guard length > 0 else { return point.distance(to: start) }
        let t = min(max(((point.x - start.x) * along.dx + (point.y - start.y) * along.dy) / length, 0), 1)
        return point.distance(to: start + along * t)
    }

    // MARK: - A loop

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let location = touch.location(in: self)
            switch phase {
            case .idle:
                if let handle = handle(at: location) {
                    phase = .draggingHandle(handle, touch: touch.identifier, from: viewTransform.documentPoint(location))
                } else if !isOnSelection(location) {
                    phase = .drawingLoop(touch: touch.identifier, points: [viewTransform.documentPoint(location)])
                }
            case .drawingLoop:
                // A second finger: no loop, whatever the first drew.
                phase = .idle
            case .moving, .draggingHandle:
                continue
            }
        }
        delegate?.selectionViewDidChange(self)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if case let .draggingHandle(handle, identifier, start) = phase,
           let touch = touches.first(where: { $0.identifier == identifier }) {
            let move = transform(dragging: handle, from: start, to: viewTransform.documentPoint(touch.location(in: self)))
            return delegate?.selectionView(self, moves: move, isFinal: false, cancelled: false) ?? ()
        }
        guard case .drawingLoop(let identifier, var points) = phase,
              let touch = touches.first(where: { $0.identifier == identifier }) else { return }
        points.append(viewTransform.documentPoint(touch.location(in: self)))
        phase = .drawingLoop(touch: identifier, points: points)
        delegate?.selectionViewDidChange(self)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if case let .draggingHandle(handle, identifier, start) = phase,
           let touch = touches.first(where: { $0.identifier == identifier }) {
            phase = .idle
            let move = transform(dragging: handle, from: start, to: viewTransform.documentPoint(touch.location(in: self)))
            return delegate?.selectionView(self, moves: move, isFinal: true, cancelled: false) ?? ()
        }
        guard case .drawingLoop(let identifier, var points) = phase,
              let touch = touches.first(where: { $0.identifier == identifier }) else { return }
        phase = .idle
        points.append(viewTransform.documentPoint(touch.location(in: self)))
        let start = viewTransform.windowPoint(points[0])
        let reach = points.map { viewTransform.windowPoint($0).distance(to: start) }.max() ?? 0
        if reach < Self.tapMovement {
            delegate?.selectionView(self, didTapAt: points[0])
        } else {
            delegate?.selectionView(self, didDrawLoop: Lasso(points: points))
        }
        delegate?.selectionViewDidChange(self)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        switch phase {
        case let .draggingHandle(_, identifier, _) where touches.contains(where: { $0.identifier == identifier }):
            phase = .idle
            delegate?.selectionView(self, moves: .identity, isFinal: true, cancelled: true)
        case let .drawingLoop(identifier, _) where touches.contains(where: { $0.identifier == identifier }):
            phase = .idle
            delegate?.selectionViewDidChange(self)
        default:
            return
        }
    }

    // MARK: - A move

    /// One of the recognizers moved on: the selection follows the fingers: shifted by their centroid's travel,
    /// scaled and turned about it by the two-finger part (snapped to 100 % within ``snapScale`` and to a quarter turn
    /// within ``PaintRender/ViewTransform/snapAngle``); once no recognizer is under way, the move ends.
    private func moved() {
        let recognizers: [GestureRecognizer] = [panRecognizer, pinchRecognizer, rotationRecognizer]
        let active = recognizers.filter { $0.state == .began || $0.state == .changed }
        let cancelled = recognizers.contains { $0.state == .cancelled }
        switch phase {
        case .draggingHandle:
            return
        case .drawingLoop, .idle:
            guard !active.isEmpty else { return }
            phase = .moving(anchor: viewTransform.documentPoint(panRecognizer.location(in: self)), scale: 1, turn: 0)
        case .moving(let anchor, var scale, var turn):
            if pinchRecognizer.state == .began || pinchRecognizer.state == .changed { scale = pinchRecognizer.scale }
            if rotationRecognizer.state == .began || rotationRecognizer.state == .changed {
                turn = rotationRecognizer.rotation
            }
            phase = .moving(anchor: anchor, scale: scale, turn: turn)
        }
        guard case let .moving(anchor, scale, turn) = phase else { return }
        let transform = Self.transform(anchor: anchor, scale: scale, turn: turn,
                                       shift: documentVector(panRecognizer.translation(in: self)))
        if active.isEmpty {
            phase = .idle
            delegate?.selectionView(self, moves: transform, isFinal: true, cancelled: cancelled)
        } else {
            delegate?.selectionView(self, moves: transform, isFinal: false, cancelled: false)
        }
    }

    /// The move of the fingers: scaled and turned about `anchor` (snapped), then shifted.
    static func transform(anchor: Point, scale: Double, turn: Double, shift: Vector) -> AffineTransform {
        let scale = abs(scale - 1) <= snapScale ? 1 : scale
        let turn = ViewTransform.snapped(rotation: turn)
        return AffineTransform(scale: scale, rotation: turn, about: anchor)
            .concatenating(AffineTransform(translationBy: shift))
    }

    /// A distance in the view's points as one in the document's.
    private func documentVector(_ vector: Vector) -> Vector {
        viewTransform.documentPoint(Point(x: vector.dx, y: vector.dy)) - viewTransform.documentPoint(.zero)
    }
}

/// The selection's recognizers: they begin only on the selection; the moves recognize together, a long press alone.
private final class SelectionGestures: GestureRecognizerDelegate {
    weak var view: SelectionView?

    /// Only fingers that come down on the selection, not on a handle, move it.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let view else { return false }
        let location = touch.location(in: view)
        return view.isOnSelection(location) && view.handle(at: location) == nil
    }

    /// A loop being drawn across the selection draws on.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        view?.loopInProgress == nil
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        gestureRecognizer !== other && !(gestureRecognizer is LongPressGestureRecognizer)
            && !(other is LongPressGestureRecognizer)
    }
}
