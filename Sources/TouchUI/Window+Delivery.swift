// How the window delivers one event: recognizers first, then views, with what recognizers hold back or cancel.

extension Window {
    /// Delivers the touches that changed: every recognizer of theirs sees them first, then their views do.
    func deliver(_ changed: [Touch], with event: Event) {
        deliverToRecognizers(changed, with: event)
        deliverToViews(changed, with: event)
    }

    // MARK: - Recognizers

    private func deliverToRecognizers(_ changed: [Touch], with event: Event) {
        var recognizers = Self.take(&recognizerStorage)
        defer { recognizerStorage = recognizers }
        for touch in changed {
            for recognizer in touch.gestureRecognizers where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        for recognizer in recognizers {
            for touch in changed where touch.currentPhase == .began && touch.gestureRecognizers.contains(where: { $0 === recognizer }) {
                arena.engage(recognizer, with: touch)
                recognizer.trackedTouches.append(touch)
            }
            for phase in Self.deliveryOrder {
                // A recognizer that has decided hears no more of this sequence.
                guard recognizer.isEnabled, recognizer.view != nil, !recognizer.storedState.isFinal else { break }
                var touches = Self.take(&touchSetStorage)
                defer { touchSetStorage = touches }
                for touch in changed where touch.currentPhase == phase && touch.gestureRecognizers.contains(where: { $0 === recognizer }) {
                    touches.insert(touch)
                }
                guard !touches.isEmpty else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                case .cancelled:
                    recognizer.touchesCancelled(touches, with: event)
                    perform(arena.touchesCancelled(for: recognizer))
                case .stationary: break
                }
            }
        }
    }

    // MARK: - The arena's decisions

    /// A recognizer asks to change state: the arena decides, the window carries out what follows.
    func gestureRecognizer(_ recognizer: GestureRecognizer, requests next: GestureRecognizer.State) {
        perform(arena.request(next, from: recognizer))
    }

    /// Ends a recognizer's sequence at once (disabled or removed): cancels or fails it, then resets it.
    func abandon(_ recognizer: GestureRecognizer) {
        perform(arena.abandon(recognizer))
    }

    /// After an event or a timer: fails recognizers left undecided with nothing more to come, and resets those
    /// whose touch sequence is over.
    func settleGestures() {
        while let actions = arena.failNextStuckRecognizer() {
            perform(actions)
        }
        perform(arena.resetFinishedSequences())
    }

    /// Carries out the arena's actions, in order.
    func perform(_ actions: [GestureArena.Action]) {
        for action in actions {
            switch action {
            case let .changeState(recognizer, state):
                recognizer.storedState = state
            case let .sendActions(recognizer):
                recognizer.sendActions()
            case let .cancelTimers(recognizer):
                recognizer.cancelTimers()
            case let .cancelTouchesInViews(touches):
                cancelTouchesInViews(touches)
            case .deliverHeldTouches:
                releaseHeldTouches()
            case let .releaseTouches(recognizer, touches):
                recognizer.trackedTouches.removeAll(where: touches.contains)
            case let .restart(recognizer, touches):
                recognizer.resetForNextSequence()
                recognizer.trackedTouches = touches
                recognizer.touchesBegan(Set(touches), with: event)
            case let .reset(recognizer):
                recognizer.resetForNextSequence()
            case let .detach(recognizer):
                for touch in activeTouchSet { touch.gestureRecognizers.removeAll { $0 === recognizer } }
                touchpadGesture?.recognizers.removeAll { $0 === recognizer }
                for pen in penHovers.keys { penHovers[pen]?.followers.removeAll { $0.recognizer === recognizer } }
            case let .explain(decision):
                onArenaDecision?(decision)
            }
        }
    }

    // MARK: - Views

    /// The order in which a delivery's phases reach recognizers and views.
    private static let deliveryOrder: [Touch.Phase] = [.began, .moved, .ended, .cancelled]

    private func deliverToViews(_ changed: [Touch], with event: Event) {
        // Each touch's phase for its view, then, phase by phase, one delivery per view with its touches in that
        // phase, views in the order their first touch comes.
        var deliveries = Self.take(&viewDeliveryStorage)
        defer { viewDeliveryStorage = deliveries }
        for touch in changed {
            if let phase = touch.viewDelivery.deliver(touch.currentPhase, holds(touch)), touch.view != nil {
                deliveries.append((touch, phase))
            }
        }
        for phase in Self.deliveryOrder {
            for (index, first) in deliveries.enumerated() where first.phase == phase {
                guard let view = first.touch.view,
                      !deliveries[..<index].contains(where: { $0.phase == phase && $0.touch.view === view })
                else { continue }
                var touches = Self.take(&touchSetStorage)
                defer { touchSetStorage = touches }
                for delivery in deliveries[index...] where delivery.phase == phase && delivery.touch.view === view {
                    touches.insert(delivery.touch)
                }
                send(phase, touches, to: view, with: event)
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

    /// What the touch's recognizers say about its view hearing of it now.
    private func holds(_ touch: Touch) -> ViewDelivery.Holds {
        // One pass over the recognizers, each one's state read once (at every event of every touch: three passes
        // and key paths cost a third of a delivery).
        var holds = ViewDelivery.Holds()
        for recognizer in touch.gestureRecognizers {
            let state = recognizer.storedState
            if recognizer.cancelsTouchesInView && (state.isActive || state == .ended) { holds.isTaken = true }
            guard state == .possible, recognizer.isEnabled else { continue }
            if recognizer.delaysTouchesBegan { holds.holdsBegan = true }
            if recognizer.delaysTouchesEnded { holds.holdsEnded = true }
        }
        return holds
    }

    /// A recognizer took these touches: the views that heard of them get `touchesCancelled`; those that did not
    /// never will.
    private func cancelTouchesInViews(_ touches: [Touch]) {
        var groups: [(view: View, touches: Set<Touch>)] = []
        for touch in touches {
            guard touch.viewDelivery.take(), let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.view === view }) {
                groups[index].touches.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        for group in groups {
            deliverLate(.cancelled, group.touches, to: group.view)
        }
    }

    /// Delivers what was held back once no recognizer that held it may still recognize.
    private func releaseHeldTouches() {
        // A touch whose end is held may have left the current event (the first tap of a double tap, when the
        // second comes down): the engaged recognizers' sequences still hold it.
        var candidates = event.allTouches.union(activeTouchSet)
        for entry in arena.entries { candidates.formUnion(entry.sequence) }
        for touch in candidates.sorted(by: { $0.identifier < $1.identifier }) {
            guard let view = touch.view else { continue }
            if touch.viewDelivery.releaseBegan(holdsBegan: isHeld(touch, by: \.delaysTouchesBegan)) {
                deliverLate(.began, [touch], to: view)
            }
            if touch.viewDelivery.releaseEnded(holdsEnded: isHeld(touch, by: \.delaysTouchesEnded)) {
                deliverLate(.ended, [touch], to: view)
            }
        }
    }

    /// Delivers a phase the touches are not in now — a `touchesBegan` or `touchesEnded` that was held back, a
    /// cancel for touches a recognizer took — in the current event, the touches reporting the delivered phase.
    private func deliverLate(_ phase: Touch.Phase, _ touches: Set<Touch>, to view: View) {
        for touch in touches { touch.deliveredPhase = phase }
        defer { for touch in touches { touch.deliveredPhase = nil } }
        send(phase, touches, to: view, with: event)
    }
}
