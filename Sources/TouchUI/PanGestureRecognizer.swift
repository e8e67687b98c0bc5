// The pan recognizer: touches dragging, with translation from where they came down and a velocity.

/// Recognizes touches dragging across the view, as UIKit's `UIPanGestureRecognizer` does. Continuous: `began` once
/// the centroid of the touches has moved ``GestureDefaults/panStartDistance`` (10 pt) from where the first touch
/// came down, `changed` on each move after, `ended` when fewer than ``minimumNumberOfTouches`` touches remain.
/// Lifting before it begins fails it.
///
/// The centroid is tracked so that it never jumps: a touch coming down or lifting in the middle of a pan changes
/// which fingers are averaged, not where the pan is, so ``translation(in:)`` and ``velocity(in:)`` stay smooth.
/// Touches beyond ``maximumNumberOfTouches`` are ignored.
///
/// Differs from UIKit: ``translation(in:)`` counts from where the first touch came down, so the 10 pt of
/// hysteresis are part of it (UIKit's first `changed` reports the same); touches beyond the maximum are ignored
/// rather than keeping the pan from beginning.
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest touches that pan: 1 by default. With fewer down, the pan does not begin, or ends.
    public var minimumNumberOfTouches = 1
    /// The most touches that pan: unlimited by default. Further touches are ignored.
    public var maximumNumberOfTouches = Int.max

    private enum Phase {
        /// No touch of this sequence yet.
        case idle
        /// Touches are down but have not moved far enough.
        case tracking
        /// The pan began.
        case active
        /// Ended or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.idle
    /// Where each panning touch was last seen, in window coordinates.
    private var positions: [ObjectIdentifier: Point] = [:]
    /// The centroid, moved only by the touches' movement, never by touches joining or leaving.
    private var centroid = Point.zero
    /// The point translation is measured from.
    private var origin = Point.zero
    private var velocityTracker = VelocityTracker()

    /// How far the touches have moved, in points: from where the first touch came down, less what was given to
    /// ``setTranslation(_:in:)``. Views have no transform, so the vector is the same in every view's coordinates.
    public func translation(in view: View?) -> Vector {
        centroid - origin
    }

    /// Makes the translation read `translation` from now on; an app sets it to zero to get movement since the last
    /// callback. Views have no transform, so `view` only names the coordinate space.
    public func setTranslation(_ translation: Vector, in view: View?) {
        origin = centroid - translation
    }

    /// How fast the touches move, in points per second, estimated by a ``VelocityTracker`` from the last 100 ms;
    /// zero once they have rested for 40 ms.
    public func velocity(in view: View?) -> Vector {
        velocityTracker.velocity(at: currentTime)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .idle, .tracking, .active:
            for touch in touches.sorted(by: { $0.identifier < $1.identifier })
            where positions.count < maximumNumberOfTouches {
                if positions.isEmpty, case .idle = phase {
                    centroid = touch.locationInWindow
                    origin = touch.initialLocationInWindow
                    velocityTracker.addSample(centroid, at: event.timestamp)
                }
                positions[ObjectIdentifier(touch)] = touch.locationInWindow
            }
            if case .idle = phase { phase = .tracking }
        case .decided:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .tracking:
            guard follow(touches, at: event.timestamp) else { return }
            if positions.count >= minimumNumberOfTouches,
               centroid.distance(to: origin) >= GestureDefaults.panStartDistance {
                phase = .active
                state = .began
            }
        case .active:
            if follow(touches, at: event.timestamp) { state = .changed }
        case .idle, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { positions[ObjectIdentifier(touch)] = nil }
        switch phase {
        case .tracking:
            if positions.isEmpty {
                phase = .decided
                state = .failed
            }
        case .active:
            if positions.count < minimumNumberOfTouches {
                phase = .decided
                state = .ended
            }
        case .idle, .decided:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        phase = .decided
    }

    open override func reset() {
        super.reset()
        phase = .idle
        positions = [:]
        centroid = .zero
        origin = .zero
        velocityTracker.reset()
    }

    /// Moves the centroid by the touches' mean movement; false when none of them pans.
    private func follow(_ touches: Set<Touch>, at time: Timestamp) -> Bool {
        var sum = Vector.zero
        var moved = false
        // In the order the touches came down, not the set's, which changes from run to run: the floating-point
        // sum, and so the translation, is then the same every time the same input comes.
        for touch in trackedTouches where touches.contains(touch) {
            guard let last = positions[ObjectIdentifier(touch)] else { continue }
            sum = sum + (touch.locationInWindow - last)
            positions[ObjectIdentifier(touch)] = touch.locationInWindow
            moved = true
        }
        guard moved else { return false }
        centroid = centroid + sum * (1 / Double(positions.count))
        velocityTracker.addSample(centroid, at: time)
        return true
    }
}
