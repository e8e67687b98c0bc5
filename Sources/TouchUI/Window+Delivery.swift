// How the window delivers one event: recognizers first, then views, with what recognizers hold back or cancel.

extension Window {
    /// Delivers the touches that changed: every recognizer of theirs sees them first, then their views do.
    func deliver(_ changed: [Touch], with event: Event) {
        deliverToRecognizers(changed, with: event)
        deliverToViews(changed, with: event)
    }

    // MARK: - Recognizers

    private func deliverToRecognizers(_ changed: [Touch], with event: Event) {
        var recognizers: [GestureRecognizer] = []
        for touch in changed {
            for recognizer in touch.gestureRecognizers where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        for recognizer in recognizers {
            for touch in changed where touch.phase == .began && touch.gestureRecognizers.contains(where: { $0 === recognizer }) {
                engage(recognizer, with: touch)
            }
            for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                // A recognizer that has decided hears no more of this sequence.
                guard recognizer.isEnabled, recognizer.view != nil, !recognizer.storedState.isFinal else { break }
                let touches = Set(changed.filter { touch in
                    touch.phase == phase && touch.gestureRecognizers.contains { $0 === recognizer }
                })
                guard !touches.isEmpty else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                case .cancelled:
                    recognizer.touchesCancelled(touches, with: event)
                    // The system took the touches: whatever the subclass did, the gesture cannot go on.
                    if recognizer.storedState.isActive {
                        gestureRecognizer(recognizer, requests: .cancelled)
                    } else if recognizer.isUndecided {
                        fail(recognizer)
                    }
                case .stationary: break
                }
            }
        }
    }

    private func engage(_ recognizer: GestureRecognizer, with touch: Touch) {
        if !engagedRecognizers.contains(where: { $0 === recognizer }) { engagedRecognizers.append(recognizer) }
        recognizer.trackedTouches.append(touch)
        recognizer.sequenceTouches.insert(touch)
    }

    // MARK: - Coordination

    /// A recognizer asks to change state. Leaving `possible` is where recognizers compete: it may be refused
    /// (another recognizer holds the touches), deferred (a required failure is pending) or vetoed (the delegate).
    func gestureRecognizer(_ recognizer: GestureRecognizer, requests next: GestureRecognizer.State) {
        if next == .failed {
            fail(recognizer)
            return
        }
        if !recognizer.deferredStates.isEmpty {
            // Waiting for a required failure: remember the change; consecutive changes collapse into one.
            if next == .changed, recognizer.deferredStates.last == .began || recognizer.deferredStates.last == .changed {
                return
            }
            recognizer.deferredStates.append(next)
            return
        }
        guard recognizer.isUndecided else {
            recognizer.applyState(next)
            return
        }
        if isPrevented(recognizer) {
            fail(recognizer)
            return
        }
        let requirements = competitors(of: recognizer).filter { recognizer.requiresFailure(of: $0) }
        if requirements.contains(where: { $0.storedState != .possible && $0.storedState != .failed }) {
            // What it waited for recognized instead.
            fail(recognizer)
            return
        }
        if requirements.contains(where: { $0.isUndecided }) {
            recognizer.deferredStates = [next]
            recognizer.sequenceWhenDeferred = recognizer.sequenceTouches
            return
        }
        recognize(recognizer, as: next)
    }

    /// Whether another recognizer that shares touches holds them already and may not share.
    private func isPrevented(_ recognizer: GestureRecognizer) -> Bool {
        competitors(of: recognizer).contains { other in
            (other.storedState.isActive || other.storedState == .ended)
                && !recognizer.recognizesSimultaneously(with: other)
                && other.canPrevent(recognizer) && recognizer.canBePrevented(by: other)
        }
    }

    /// Takes a recognizer out of `possible` for good: the delegate's veto, then the effects on everyone else.
    private func recognize(_ recognizer: GestureRecognizer, as state: GestureRecognizer.State) {
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
            fail(recognizer)
            return
        }
        recognizer.storedState = state
        for other in competitors(of: recognizer) where other.isUndecided {
            if other.requiresFailure(of: recognizer) {
                fail(other)
            } else if !recognizer.recognizesSimultaneously(with: other),
                      recognizer.canPrevent(other), other.canBePrevented(by: recognizer) {
                fail(other)
            }
        }
        if recognizer.cancelsTouchesInView {
            // Every touch of the sequence, not only those down: an earlier one may still have its end held back
            // (the first tap of a double tap), and a recognized gesture turns that end into a cancel.
            cancelTouchesInViews(recognizer.sequenceTouches.sorted { $0.identifier < $1.identifier })
        }
        releaseHeldTouches()
        recognizer.sendActions()
    }

    /// Fails a recognizer that has not decided, then lets those that waited for it go on.
    func fail(_ recognizer: GestureRecognizer) {
        guard recognizer.isUndecided else { return }
        recognizer.deferredStates = []
        recognizer.storedState = .failed
        // A failed recognizer hears nothing more of its sequence; a timer it left (a long press's, a swipe's) could
        // only ask for an illegal change when another recognizer's success failed it.
        for token in recognizer.timerTokens { timers.cancel(token) }
        recognizer.timerTokens = []
        releaseWaiters()
        releaseHeldTouches()
    }

    /// Recognizers whose deferred recognition waited on failures that have now all come.
    private func releaseWaiters() {
        while let waiter = engagedRecognizers.first(where: { candidate in
            !candidate.deferredStates.isEmpty
                && !competitors(of: candidate).contains { candidate.requiresFailure(of: $0) && $0.isUndecided }
        }) {
            let states = waiter.deferredStates
            waiter.deferredStates = []
            if competitors(of: waiter).contains(where: { waiter.requiresFailure(of: $0) && !$0.isUndecided && $0.storedState != .failed }) {
                fail(waiter)
                continue
            }
            // A discrete gesture was complete when it began to wait: touches that came down meanwhile (a second
            // quick tap far away) are not part of it, but of its next sequence.
            let isComplete = states == [.ended] && !waiter.sequenceWhenDeferred.contains { !$0.phase.isFinished }
            let late = isComplete ? waiter.sequenceTouches.subtracting(waiter.sequenceWhenDeferred) : []
            waiter.trackedTouches.removeAll(where: late.contains)
            waiter.sequenceTouches.subtract(late)
            recognize(waiter, as: states[0])
            for state in states.dropFirst() where waiter.storedState.canTransition(to: state) {
                waiter.applyState(state)
            }
            let stillDown = late.filter { !$0.phase.isFinished }.sorted { $0.identifier < $1.identifier }
            if waiter.storedState == .ended, !stillDown.isEmpty {
                waiter.resetForNextSequence()
                for touch in stillDown { engage(waiter, with: touch) }
                waiter.touchesBegan(Set(stillDown), with: event)
            }
        }
    }

    /// Engaged recognizers that share a touch of the current sequence with `recognizer`.
    func competitors(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        engagedRecognizers.filter { other in
            other !== recognizer && !other.sequenceTouches.isDisjoint(with: recognizer.sequenceTouches)
        }
    }

    /// Ends a recognizer's sequence at once (disabled or removed): cancels or fails it, then resets it.
    func abandon(_ recognizer: GestureRecognizer) {
        if recognizer.storedState.isActive {
            recognizer.deferredStates = []
            recognizer.applyState(.cancelled)
        } else {
            fail(recognizer)
        }
        recognizer.resetForNextSequence()
        engagedRecognizers.removeAll { $0 === recognizer }
        for touch in activeTouches { touch.gestureRecognizers.removeAll { $0 === recognizer } }
        releaseHeldTouches()
    }

    /// After an event or a timer: fails recognizers left undecided with nothing more to come, and resets those
    /// whose touch sequence is over.
    func settleGestures() {
        // A recognizer with no touch down, no timer and nothing deferred will never decide: it failed.
        while let stuck = engagedRecognizers.first(where: { recognizer in
            recognizer.isUndecided && recognizer.deferredStates.isEmpty && recognizer.timerTokens.isEmpty
                && !recognizer.sequenceTouches.contains { !$0.phase.isFinished }
        }) {
            fail(stuck)
        }
        let finished = engagedRecognizers.filter { recognizer in
            recognizer.storedState.isFinal && !recognizer.sequenceTouches.contains { !$0.phase.isFinished }
        }
        for recognizer in finished {
            recognizer.resetForNextSequence()
        }
        engagedRecognizers.removeAll { recognizer in finished.contains { $0 === recognizer } }
    }

    // MARK: - Views

    private func deliverToViews(_ changed: [Touch], with event: Event) {
        var groups: [(phase: Touch.Phase, view: View, touches: Set<Touch>)] = []
        func add(_ touch: Touch, as phase: Touch.Phase) {
            guard let view = touch.view else { return }
            if let index = groups.firstIndex(where: { $0.phase == phase && $0.view === view }) {
                groups[index].touches.insert(touch)
            } else {
                groups.append((phase, view, [touch]))
            }
        }
        for touch in changed where !touch.viewDelivery.isExcluded && !touch.viewDelivery.isFinished {
            switch touch.phase {
            case .began:
                if touch.gestureRecognizers.contains(where: { $0.cancelsTouchesInView && ($0.storedState.isActive || $0.storedState == .ended) }) {
                    // A recognizer already holds the gesture this touch joins: the view never hears of it.
                    touch.viewDelivery.isFinished = true
                } else if isHeld(touch, by: \.delaysTouchesBegan) {
                    touch.viewDelivery.isBeganHeld = true
                } else {
                    touch.viewDelivery.hasBegun = true
                    add(touch, as: .began)
                }
            case .moved:
                if touch.viewDelivery.hasBegun { add(touch, as: .moved) }
            case .ended:
                if touch.viewDelivery.isBeganHeld || isHeld(touch, by: \.delaysTouchesEnded) {
                    touch.viewDelivery.isEndedHeld = true
                } else {
                    touch.viewDelivery.isFinished = true
                    add(touch, as: .ended)
                }
            case .cancelled:
                touch.viewDelivery.isFinished = true
                if touch.viewDelivery.hasBegun { add(touch, as: .cancelled) }
            case .stationary:
                break
            }
        }
        let order: [Touch.Phase] = [.began, .moved, .ended, .cancelled]
        for phase in order {
            for group in groups where group.phase == phase {
                send(phase, group.touches, to: group.view, with: event)
            }
        }
    }

    private func send(_ phase: Touch.Phase, _ touches: Set<Touch>, to view: View, with event: Event) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }

    /// Whether a recognizer of the touch that may still recognize holds back this phase from the view.
    private func isHeld(_ touch: Touch, by flag: KeyPath<GestureRecognizer, Bool>) -> Bool {
        touch.gestureRecognizers.contains { $0.isEnabled && $0.isUndecided && $0[keyPath: flag] }
    }

    /// A recognizer took these touches: the views that heard of them get `touchesCancelled`; those that did not
    /// never will.
    private func cancelTouchesInViews(_ touches: [Touch]) {
        var groups: [(view: View, touches: Set<Touch>)] = []
        for touch in touches where !touch.viewDelivery.isFinished && !touch.viewDelivery.isExcluded {
            touch.viewDelivery.isFinished = true
            guard touch.viewDelivery.hasBegun, let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.view === view }) {
                groups[index].touches.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        for group in groups {
            withPhase(.cancelled, group.touches) { group.view.touchesCancelled(group.touches, with: event) }
        }
    }

    /// Delivers what was held back once no recognizer that held it may still recognize.
    func releaseHeldTouches() {
        // A touch whose end is held may have left the current event (the first tap of a double tap, when the
        // second comes down): the engaged recognizers' sequences still hold it.
        var candidates = event.allTouches.union(activeTouches)
        for recognizer in engagedRecognizers { candidates.formUnion(recognizer.sequenceTouches) }
        for touch in candidates.sorted(by: { $0.identifier < $1.identifier }) {
            var delivery = touch.viewDelivery
            guard !delivery.isFinished, !delivery.isExcluded, let view = touch.view else { continue }
            if delivery.isBeganHeld {
                guard !isHeld(touch, by: \.delaysTouchesBegan) else { continue }
                delivery.isBeganHeld = false
                delivery.hasBegun = true
                touch.viewDelivery = delivery
                withPhase(.began, [touch]) { view.touchesBegan([touch], with: event) }
            }
            if touch.viewDelivery.isEndedHeld, !touch.viewDelivery.isFinished, !isHeld(touch, by: \.delaysTouchesEnded) {
                touch.viewDelivery.isEndedHeld = false
                touch.viewDelivery.isFinished = true
                withPhase(.ended, [touch]) { view.touchesEnded([touch], with: event) }
            }
        }
    }

    /// Runs a late delivery with the touches showing the phase being delivered, then restores their phases.
    private func withPhase(_ phase: Touch.Phase, _ touches: Set<Touch>, _ body: () -> Void) {
        let saved = touches.map { ($0, $0.phase) }
        for touch in touches { touch.phase = phase }
        body()
        for (touch, phase) in saved { touch.phase = phase }
    }
}
