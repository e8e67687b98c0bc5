// How the window delivers touchpad gestures: hit-tested at the pointer, to the recognizers that allow them.

/// A touchpad gesture under way in a window.
struct TouchpadGestureSequence {
    /// The gesture as last delivered, its values cumulative.
    var gesture: TouchpadGestureEvent
    /// Stands for the gesture in the arena: the recognizers following it share it and compete as they would over
    /// a touch; its phase tells the arena when the sequence is over. Never delivered to a view, never in an event.
    let token: Touch
    /// The recognizers following it, innermost view first.
    var recognizers: [GestureRecognizer]
}

extension Window {
    /// Takes one change of a touchpad gesture (`zwp_pointer_gestures_v1`) and delivers it to the gesture
    /// recognizers that follow it, as UIKit's `UIWindow` delivers a trackpad's transform events.
    ///
    /// A `begin` is hit-tested at its location; the enabled recognizers of the view found and of its ancestors
    /// that allow the kind (``GestureRecognizer/allowedTouchpadGestures``) and whose delegate does not decline it
    /// follow the gesture to its end. They enter the window's gesture arena together, so they compete (or
    /// recognize together) as recognizers sharing a touch do; recognizers of touches are not affected. Views never
    /// hear of touchpad gestures.
    ///
    /// Timers due before `time` fire first. The input is not trusted: an update or end with no gesture under way,
    /// or of another kind, is ignored; so is an update with a non-finite value or a scale that is not positive; a
    /// `begin` while a gesture is under way cancels that gesture first.
    public func handleTouchpadGesture(_ input: TouchpadGestureInput, at time: Timestamp) {
        advanceTime(to: time)
        let time = max(time, timers.now)
        switch input {
        case let .begin(kind, fingers, location):
            if touchpadGesture != nil { finishTouchpadGesture(cancelled: true, at: time) }
            guard location.isFinite else { return }
            beginTouchpadGesture(kind, fingers: fingers, at: location, time: time)
        case let .update(kind, delta, scale, rotationDelta):
            guard var sequence = touchpadGesture, sequence.gesture.kind == kind, kind != .hold,
                  delta.dx.isFinite, delta.dy.isFinite, scale.isFinite, scale > 0, rotationDelta.isFinite
            else { return }
            sequence.gesture.phase = .changed
            sequence.gesture.translation = sequence.gesture.translation + delta
            if kind == .pinch {
                sequence.gesture.scale = scale
                sequence.gesture.rotation += rotationDelta * .pi / 180
            }
            sequence.gesture.timestamp = time
            sequence.token.timestamp = time
            sequence.token.currentPhase = .moved
            deliverTouchpadGesture(sequence)
        case let .end(kind, cancelled):
            guard touchpadGesture?.gesture.kind == kind else { return }
            finishTouchpadGesture(cancelled: cancelled, at: time)
        }
    }

    /// Cancels the touchpad gesture under way, if any (its source went away): recognizers following it are
    /// cancelled, or fail if they had not begun.
    public func cancelTouchpadGesture(at time: Timestamp) {
        guard let kind = touchpadGesture?.gesture.kind else { return }
        handleTouchpadGesture(.end(kind, cancelled: true), at: time)
    }

    private func beginTouchpadGesture(_ kind: TouchpadGestureEvent.Kind, fingers: Int, at location: Point,
                                      time: Timestamp) {
        let gesture = TouchpadGestureEvent(kind: kind, phase: .began, fingerCount: fingers, location: location,
                                           timestamp: time)
        let token = Touch(identifier: nextTouchpadTokenIdentifier, kind: .indirectPointer, location: location,
                          timestamp: time, tapCount: 0, majorRadius: 0)
        nextTouchpadTokenIdentifier -= 1
        token.viewDelivery = .excluded
        var recognizers: [GestureRecognizer] = []
        var current = hitTest(location, with: event)
        while let view = current {
            for recognizer in view.gestureRecognizers
            where recognizer.isEnabled && recognizer.allowedTouchpadGestures.contains(kind)
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: gesture) != false {
                recognizers.append(recognizer)
            }
            current = view.superview
        }
        for recognizer in recognizers {
            arena.engage(recognizer, with: token)
            recognizer.lastLocationInWindow = location
        }
        deliverTouchpadGesture(TouchpadGestureSequence(gesture: gesture, token: token, recognizers: recognizers))
    }

    private func finishTouchpadGesture(cancelled: Bool, at time: Timestamp) {
        guard var sequence = touchpadGesture else { return }
        sequence.gesture.phase = cancelled ? .cancelled : .ended
        sequence.gesture.timestamp = time
        sequence.token.timestamp = time
        sequence.token.currentPhase = cancelled ? .cancelled : .ended
        deliverTouchpadGesture(sequence)
    }

    /// Delivers the gesture's latest moment to the recognizers still following it, then lets the arena settle: at
    /// the end, those that did not decide fail and the others are reset.
    private func deliverTouchpadGesture(_ sequence: TouchpadGestureSequence) {
        touchpadGesture = sequence
        let gesture = sequence.gesture
        for recognizer in sequence.recognizers {
            // One removed or disabled meanwhile was taken off the gesture; one that decided hears no more of it.
            guard touchpadGesture?.recognizers.contains(where: { $0 === recognizer }) == true,
                  recognizer.isEnabled, recognizer.view != nil, !recognizer.storedState.isFinal
            else { continue }
            switch gesture.phase {
            case .began: recognizer.touchpadGestureBegan(gesture)
            case .changed: recognizer.touchpadGestureChanged(gesture)
            case .ended: recognizer.touchpadGestureEnded(gesture)
            case .cancelled:
                recognizer.touchpadGestureCancelled(gesture)
                perform(arena.touchesCancelled(for: recognizer))
            }
        }
        if gesture.phase == .ended || gesture.phase == .cancelled { touchpadGesture = nil }
        settleGestures()
    }
}
