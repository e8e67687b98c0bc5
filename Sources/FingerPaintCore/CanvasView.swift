// The canvas view: every finger on it, and the pointer with its left button held, draws its own stroke.
import PaintModel
import TouchUI

/// The drawing surface: turns touches into strokes.
///
/// Every touch that comes down on it — a finger, or the pointer while its left button is held — starts a stroke
/// of its own in the brush's colour and width, and every sample delivered for it is added. A lifted touch
/// completes its stroke (``onStrokeCompleted``); a cancelled one (the compositor's cancel, or a gesture recognizer
/// taking the touch) discards it. Canvas coordinates are this view's coordinates.
public final class CanvasView: View {
    /// The strokes in progress, by touch identifier.
    public private(set) var liveStrokes: [Int: Stroke] = [:]
    /// The brush that new strokes take their colour and width from.
    public var brush = Brush()
    /// Called with each completed stroke.
    public var onStrokeCompleted: ((Stroke) -> Void)?
    /// Called whenever the strokes in progress change (a frame is needed).
    public var onChange: (() -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            var stroke = brush.makeStroke()
            stroke.append(sample(of: touch))
            liveStrokes[touch.identifier] = stroke
        }
        onChange?()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            liveStrokes[touch.identifier]?.append(sample(of: touch))
        }
        onChange?()
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            guard var stroke = liveStrokes.removeValue(forKey: touch.identifier) else { continue }
            let last = sample(of: touch)
            if stroke.points.last?.location != last.location { stroke.append(last) }
            onStrokeCompleted?(stroke)
        }
        onChange?()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            liveStrokes[touch.identifier] = nil
        }
        onChange?()
    }

    /// Discards every stroke in progress (their touches are no longer believed).
    public func discardLiveStrokes() {
        liveStrokes.removeAll()
        onChange?()
    }

    private func sample(of touch: Touch) -> StrokePoint {
        StrokePoint(touch.location(in: self), time: touch.timestamp)
    }
}
