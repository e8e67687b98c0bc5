// A group of touch changes delivered together, with every touch that is down.

/// One delivery of touch input: the touches that changed together, and every other touch that is down.
///
/// Like UIKit's `UIEvent`, the window keeps one event object and updates it for each delivery; hold on to
/// touches, not to the event's sets.
public final class Event {
    /// When the changes happened.
    public internal(set) var timestamp: Timestamp = .zero
    /// Every touch of the window in this delivery: those that changed (began, moved, ended, cancelled) and those
    /// that are down and did not (stationary).
    public internal(set) var allTouches: Set<Touch> = []

    init() {}

    /// The touches of this delivery that belong to a view (were hit-tested to it).
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches of this delivery that belong to a window.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// Every sample of a touch since it was last delivered, oldest first, each with its own timestamp: for a touch
    /// that changed in this delivery the last one is the touch as it is now; empty for a stationary touch; `nil`
    /// for a touch not in this delivery. As UIKit's `coalescedTouches(for:)`.
    ///
    /// Differs from UIKit: samples are values (``Touch/Sample``), and the window delivers every sample the source
    /// reports, so a touch has one sample a delivery unless its source reported several of it at once.
    public func coalescedTouches(for touch: Touch) -> [Touch.Sample]? {
        guard allTouches.contains(touch) else { return nil }
        return touch.samplesSinceDelivery
    }

    /// Where a touch is predicted to be a short time ahead (`docs/gestures.md`, "Predicted touches"), recomputed at
    /// every delivery and never stored: empty when nothing is predicted (the touch is stopping, turning, or over);
    /// `nil` for a touch not in this delivery. As UIKit's `predictedTouches(for:)`.
    public func predictedTouches(for touch: Touch) -> [Touch.Sample]? {
        guard allTouches.contains(touch) else { return nil }
        guard !touch.currentPhase.isFinished else { return [] }
        let pen = touch.pen
        return TouchPredictor.predict(from: touch.recentMotion.samples, majorRadius: touch.majorRadius).map { sample in
            var sample = sample
            sample.pen = pen
            return sample
        }
    }

    /// The touches of this delivery that a gesture recognizer is tracking.
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { touch in touch.gestureRecognizers.contains { $0 === gestureRecognizer } }
    }
}
