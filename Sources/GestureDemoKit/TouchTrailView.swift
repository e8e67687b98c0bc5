// The demo's canvas: it keeps each finger's recent samples and its predicted tail, for the picture to show.
import TouchUI

/// A view that remembers, for each touch that is down, the samples it was delivered (from
/// ``TouchUI/Event/coalescedTouches(for:)``, the newest ``trailLength``) and the latest prediction (from
/// ``TouchUI/Event/predictedTouches(for:)``). It draws nothing itself and forgets a touch when it ends.
public final class TouchTrailView: View {
    /// How many recent samples a trail keeps.
    public static let trailLength = 24

    /// A touch's recent samples, oldest first, and where it is predicted to go, in window coordinates.
    public struct Trail: Sendable {
        /// The samples delivered, oldest first.
        public var samples: [Touch.Sample] = []
        /// The latest prediction: empty when nothing is predicted.
        public var predicted: [Touch.Sample] = []
    }

    /// The trails of the touches that are down, by touch identifier.
    public private(set) var trails: [Int: Trail] = [:]
    /// Called for each pen touch (pencil or eraser) at each delivery, in the order of their identifiers.
    public var onPenTouch: ((Touch, Touch.Phase) -> Void)?

    private func take(_ touches: Set<Touch>, _ event: Event?, _ phase: Touch.Phase) {
        if let onPenTouch {
            for touch in touches.sorted(by: { $0.identifier < $1.identifier }) where touch.kind == .pencil || touch.kind == .eraser {
                onPenTouch(touch, phase)
            }
        }
        guard let event else { return }
        for touch in touches {
            if touch.phase.isFinished {
                trails[touch.identifier] = nil
                continue
            }
            var trail = trails[touch.identifier] ?? Trail()
            trail.samples = Array((trail.samples + (event.coalescedTouches(for: touch) ?? [])).suffix(Self.trailLength))
            trail.predicted = event.predictedTouches(for: touch) ?? []
            trails[touch.identifier] = trail
        }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { take(touches, event, .began) }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { take(touches, event, .moved) }
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { take(touches, event, .ended) }
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { take(touches, event, .cancelled) }
}
