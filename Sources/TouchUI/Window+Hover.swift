// How the window delivers a hovering pen: hit-tested at the pen, to the hover recognizers under it.

/// A pen hovering over the window: where it is, and the hover recognizers following it.
struct PenHoverSequence {
    /// One recognizer following the pen, with what stands for the pen in the arena while it does.
    struct Follower {
        let recognizer: HoverGestureRecognizer
        /// Stands for the hovering pen in the arena for this recognizer: its phase ends when the recognizer stops
        /// following, so that the arena resets it. Never delivered to a view, never in an event.
        let token: Touch
    }

    var followers: [Follower] = []
}

extension Window {
    /// A hovering pen's position, as its source reports it: over a location at a distance, or gone.
    public struct PenHoverInput: Hashable, Sendable {
        /// The source's number for the pen.
        public var pen: Int
        /// Where the pen hovers, in the window's coordinates; `nil` when it left proximity or touched the screen.
        public var location: Point?
        /// How far above the screen, 0…1 of the tablet's range; `nil` when the tablet does not say.
        public var distance: Double?

        /// Pen `pen` over `location` (`nil`: gone) at `distance`.
        public init(pen: Int, location: Point?, distance: Double? = nil) {
            self.pen = pen
            self.location = location
            self.distance = distance
        }
    }

    /// Takes a hovering pen's position (a tablet tool in proximity and not touching) and delivers it to the hover
    /// recognizers (``HoverGestureRecognizer``) of the view under the pen and of its ancestors.
    ///
    /// The location is hit-tested each time: a recognizer whose view the pen comes over begins, one whose view it
    /// stays over changes, one whose view it left ends. A `nil` location — the pen left proximity or touched the
    /// screen — ends every recognizer following that pen. Timers due before `time` fire first. The input is not
    /// trusted: a non-finite location counts as gone, and a distance outside 0…1 is clamped (0 when not finite).
    public func handlePenHover(_ input: PenHoverInput, at time: Timestamp) {
        advanceTime(to: time)
        let time = max(time, timers.now)
        let zOffset = input.distance.map { $0.isFinite ? min(max($0, 0), 1) : 0 } ?? 0
        var sequence = penHovers[input.pen] ?? PenHoverSequence()
        var under: [HoverGestureRecognizer] = []
        if let location = input.location, location.isFinite {
            var current = hitTest(location, with: event)
            while let view = current {
                for case let recognizer as HoverGestureRecognizer in view.gestureRecognizers
                where recognizer.isEnabled && !under.contains(where: { $0 === recognizer }) {
                    under.append(recognizer)
                }
                current = view.superview
            }
        }
        // Those the pen left end first, innermost first; then those it stays over change; then those it came over
        // begin.
        for follower in sequence.followers where !under.contains(where: { $0 === follower.recognizer }) {
            end(follower, at: time)
        }
        sequence.followers.removeAll { follower in !under.contains { $0 === follower.recognizer } }
        for recognizer in under {
            guard let location = input.location else { break }
            if sequence.followers.contains(where: { $0.recognizer === recognizer }) {
                guard recognizer.view != nil, recognizer.storedState.isActive else { continue }
                recognizer.hoverChanged(at: location, zOffset: zOffset)
            } else {
                // A recognizer following another pen, or still ending its last hover, does not take this one.
                guard recognizer.pen == nil, recognizer.storedState == .possible else { continue }
                let token = hoverToken(at: location, time: time)
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: token) != false else { continue }
                arena.engage(recognizer, with: token)
                sequence.followers.append(PenHoverSequence.Follower(recognizer: recognizer, token: token))
                recognizer.hoverBegan(pen: input.pen, at: location, zOffset: zOffset)
            }
        }
        penHovers[input.pen] = sequence.followers.isEmpty ? nil : sequence
        settleGestures()
    }

    /// The touch that stands for a hovering pen in the arena.
    private func hoverToken(at location: Point, time: Timestamp) -> Touch {
        let token = Touch(identifier: nextTouchpadTokenIdentifier, kind: .pencil, location: location, timestamp: time,
                          tapCount: 0, majorRadius: 0)
        nextTouchpadTokenIdentifier -= 1
        token.viewDelivery = .excluded
        return token
    }

    private func end(_ follower: PenHoverSequence.Follower, at time: Timestamp) {
        follower.token.timestamp = time
        follower.token.currentPhase = .ended
        let recognizer = follower.recognizer
        if recognizer.view != nil, recognizer.storedState.isActive { recognizer.hoverEnded() }
    }
}
