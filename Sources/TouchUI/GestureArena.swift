// The gesture arena: which recognizers compete for the touches of a sequence, and which of them wins.

/// The window's record of every recognizer that has seen touches since its last reset, and UIKit's rules for
/// deciding between them.
///
/// Each engaged recognizer has an ``Entry``: its ``Decision`` and the touches of its sequence. Recognizers that
/// share a touch compete. The rules, after UIKit:
/// - the first to begin or recognize wins: every other that has not decided fails, unless one of the two allows
///   simultaneous recognition (delegates) or cannot prevent the other (`canPrevent`, `canBePrevented`);
/// - one that tries to begin while another holds the touches fails;
/// - one that must wait for another to fail (`require(toFail:)`, the overrides and the delegates) is
///   ``Decision/waitingForFailures(pending:sequenceWhenDeferred:)`` until the other decides: it takes its pending
///   changes when the other fails and fails when the other recognizes;
/// - `gestureRecognizerShouldBegin` is asked at the moment a recognizer leaves `possible`; no fails it.
///
/// The arena is a state machine in the swift-nio style: each event is a `mutating` method that decides and
/// returns the ``Action``s that follow, in the order UIKit takes them; the window carries them out (state reports,
/// target actions, the views' cancels and held touches). Nothing calls back into the arena while it decides; it
/// only asks recognizers and delegates questions (which must fail, which may share). The window carries out a
/// decision's actions as soon as it returns — a subclass setting `state` in `touchesMoved` sees its targets run
/// before the next recognizer hears the event, as before the arena — so every action sees the state it reports.
struct GestureArena {
    /// What the arena knows of one recognizer's current sequence.
    enum Decision: Equatable {
        /// Still `possible`: it may yet begin, recognize or fail.
        case undecided
        /// It asked to leave `possible` (`pending`, in order) while a recognizer it must wait for had not decided.
        /// `sequenceWhenDeferred` are the sequence's touches at that moment: a discrete gesture that was complete
        /// then hands touches that came later to its next sequence.
        case waitingForFailures(pending: [GestureRecognizer.State], sequenceWhenDeferred: Set<Touch>)
        /// Out of `possible` for this sequence: began, changed, ended (recognized) or cancelled.
        case decided(GestureRecognizer.State)
        /// Failed: it hears nothing more of this sequence.
        case failed

        init(_ state: GestureRecognizer.State) {
            switch state {
            case .possible: self = .undecided
            case .failed: self = .failed
            case .began, .changed, .ended, .cancelled: self = .decided(state)
            }
        }

        /// The state the recognizer shows: `possible` while undecided or waiting.
        var state: GestureRecognizer.State {
            switch self {
            case .undecided, .waitingForFailures: .possible
            case let .decided(state): state
            case .failed: .failed
            }
        }

        /// The changes it waits to make, in order; none unless it waits.
        var pending: [GestureRecognizer.State] {
            if case let .waitingForFailures(pending, _) = self { return pending }
            return []
        }
    }

    /// One engaged recognizer.
    struct Entry {
        let recognizer: GestureRecognizer
        var decision: Decision
        /// Every touch of the current sequence, finished or not; recognizers sharing one compete.
        var sequence: Set<Touch>
    }

    /// What the window does after a decision, in order.
    enum Action {
        /// Set the recognizer's reported state (its `onStateChange` hears it).
        case changeState(GestureRecognizer, to: GestureRecognizer.State)
        /// Call the recognizer's targets.
        case sendActions(GestureRecognizer)
        /// Cancel the recognizer's pending timers: it decided, nothing more is asked of it.
        case cancelTimers(GestureRecognizer)
        /// The views that heard of these touches get `touchesCancelled`; those that did not never will.
        case cancelTouchesInViews([Touch])
        /// Deliver what recognizers held back from views and no longer hold.
        case deliverHeldTouches
        /// The recognizer no longer holds these touches: they came after its gesture was complete.
        case releaseTouches(GestureRecognizer, Set<Touch>)
        /// Reset the recognizer, then start its next sequence with these touches (`touchesBegan`).
        case restart(GestureRecognizer, with: [Touch])
        /// Reset the recognizer to `possible` for its next sequence.
        case reset(GestureRecognizer)
        /// Take the recognizer off the touches that are down (it was disabled or removed).
        case detach(GestureRecognizer)
        /// Report a decision to whoever debugs the arena (only while ``explainsDecisions``).
        case explain(ArenaDecision)
    }

    /// Whether decisions come with ``Action/explain(_:)`` actions saying why: off unless someone listens, so that
    /// deciding costs nothing more.
    var explainsDecisions: Bool

    init(explainsDecisions: Bool = false) {
        self.explainsDecisions = explainsDecisions
    }

    /// Engaged recognizers, in the order they first saw a touch.
    private(set) var entries: [Entry] = []

    var recognizers: [GestureRecognizer] { entries.map(\.recognizer) }

    // MARK: - Looking up

    private func index(of recognizer: GestureRecognizer) -> Int? {
        entries.firstIndex { $0.recognizer === recognizer }
    }

    /// The recognizer's decision; one that is not engaged is what its state says.
    func decision(of recognizer: GestureRecognizer) -> Decision {
        index(of: recognizer).map { entries[$0].decision } ?? Decision(recognizer.storedState)
    }

    private func isUndecided(_ recognizer: GestureRecognizer) -> Bool {
        decision(of: recognizer).state == .possible
    }

    func sequence(of recognizer: GestureRecognizer) -> Set<Touch> {
        index(of: recognizer).map { entries[$0].sequence } ?? []
    }

    private mutating func setDecision(_ decision: Decision, of recognizer: GestureRecognizer) {
        if let index = index(of: recognizer) { entries[index].decision = decision }
    }

    /// Engaged recognizers that share a touch of the current sequence with `recognizer`.
    func competitors(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        let touches = sequence(of: recognizer)
        return entries.filter { $0.recognizer !== recognizer && !$0.sequence.isDisjoint(with: touches) }
            .map(\.recognizer)
    }

    // MARK: - Events

    /// A touch came down for the recognizer: it joins (or stays in) the arena with that touch in its sequence.
    mutating func engage(_ recognizer: GestureRecognizer, with touch: Touch) {
        if let index = index(of: recognizer) {
            entries[index].sequence.insert(touch)
        } else {
            entries.append(Entry(recognizer: recognizer, decision: Decision(recognizer.storedState), sequence: [touch]))
        }
    }

    /// A recognizer asks to change state (already checked against UIKit's table). Leaving `possible` is where
    /// recognizers compete: it may be refused (another holds the touches), deferred (a required failure is
    /// pending) or vetoed (the delegate).
    mutating func request(_ next: GestureRecognizer.State, from recognizer: GestureRecognizer) -> [Action] {
        if next == .failed { return fail(recognizer, .ownRule) }
        switch decision(of: recognizer) {
        case let .waitingForFailures(pending, sequenceWhenDeferred):
            // Consecutive changes collapse into one while it waits.
            if next == .changed, pending.last == .began || pending.last == .changed { return [] }
            setDecision(.waitingForFailures(pending: pending + [next], sequenceWhenDeferred: sequenceWhenDeferred),
                        of: recognizer)
            return []
        case .decided, .failed:
            return apply(next, to: recognizer)
        case .undecided:
            break
        }
        if let holder = preventer(of: recognizer) { return fail(recognizer, .notSimultaneous(with: holder.arenaName)) }
        let requirements = competitors(of: recognizer).filter { recognizer.requiresFailure(of: $0) }
        if let winner = requirements.first(where: { decision(of: $0).state != .possible && decision(of: $0) != .failed }) {
            // What it waited for recognized instead.
            return fail(recognizer, .requiredToFail(other: winner.arenaName))
        }
        if requirements.contains(where: isUndecided) {
            setDecision(.waitingForFailures(pending: [next], sequenceWhenDeferred: sequence(of: recognizer)),
                        of: recognizer)
            return explain(recognizer, .waiting(for: requirements.filter(isUndecided).map(\.arenaName)))
        }
        return recognize(recognizer, as: next)
    }

    /// Fails a recognizer that has not decided, for a reason, then lets those that waited for it go on.
    mutating func fail(_ recognizer: GestureRecognizer, _ reason: ArenaDecision.Reason) -> [Action] {
        guard isUndecided(recognizer) else { return [] }
        setDecision(.failed, of: recognizer)
        // A failed recognizer hears nothing more of its sequence; a timer it left (a long press's, a swipe's) could
        // only ask for an illegal change when another recognizer's success failed it.
        return explain(recognizer, .failed(reason)) + [.changeState(recognizer, to: .failed), .cancelTimers(recognizer)]
            + releaseWaiters() + [.deliverHeldTouches]
    }

    /// The action that reports a decision about `recognizer`, while the arena explains itself; none otherwise.
    private func explain(_ recognizer: GestureRecognizer, _ outcome: ArenaDecision.Outcome) -> [Action] {
        guard explainsDecisions else { return [] }
        let touches = sequence(of: recognizer).map(\.identifier).sorted()
        return [.explain(ArenaDecision(recognizer: recognizer.arenaName, touches: touches, outcome: outcome))]
    }

    /// The system cancelled touches the recognizer holds: whatever the subclass did, the gesture cannot go on.
    mutating func touchesCancelled(for recognizer: GestureRecognizer) -> [Action] {
        let state = decision(of: recognizer).state
        if state.isActive { return explain(recognizer, .cancelled(.touchesCancelled)) + request(.cancelled, from: recognizer) }
        return state == .possible ? fail(recognizer, .touchesCancelled) : []
    }

    /// Ends a recognizer's sequence at once (disabled or removed): cancels or fails it, resets it, and takes it
    /// out of the arena.
    mutating func abandon(_ recognizer: GestureRecognizer) -> [Action] {
        var actions: [Action]
        if decision(of: recognizer).state.isActive {
            setDecision(.decided(.cancelled), of: recognizer)
            actions = explain(recognizer, .cancelled(.disabled)) + apply(.cancelled, to: recognizer)
        } else {
            actions = fail(recognizer, .disabled)
        }
        entries.removeAll { $0.recognizer === recognizer }
        return actions + [.reset(recognizer), .detach(recognizer), .deliverHeldTouches]
    }

    /// After an event or a timer: the first recognizer left undecided with nothing more to come — no touch down,
    /// no timer, nothing it waits for — fails; `nil` when there is none.
    mutating func failNextStuckRecognizer() -> [Action]? {
        guard let stuck = entries.first(where: { entry in
            entry.decision == .undecided && entry.recognizer.timerTokens.isEmpty
                && !entry.sequence.contains { !$0.currentPhase.isFinished }
        }) else { return nil }
        return fail(stuck.recognizer, .nothingMoreToCome)
    }

    /// Resets the recognizers that decided and whose touch sequence is over, and takes them out of the arena.
    mutating func resetFinishedSequences() -> [Action] {
        let finished = entries.filter { entry in
            entry.decision.state.isFinal && !entry.sequence.contains { !$0.currentPhase.isFinished }
        }.map(\.recognizer)
        entries.removeAll { entry in finished.contains { $0 === entry.recognizer } }
        return finished.map { .reset($0) }
    }

    // MARK: - Rules

    /// A change that needs no coordination: the recognizer has decided already, or it fails.
    private mutating func apply(_ next: GestureRecognizer.State, to recognizer: GestureRecognizer) -> [Action] {
        setDecision(Decision(next), of: recognizer)
        return next == .failed || next == .possible
            ? [.changeState(recognizer, to: next)] : [.changeState(recognizer, to: next), .sendActions(recognizer)]
    }

    /// Another recognizer that shares touches, holds them already and may not share; `nil` when there is none.
    private func preventer(of recognizer: GestureRecognizer) -> GestureRecognizer? {
        competitors(of: recognizer).first { other in
            let state = decision(of: other).state
            return (state.isActive || state == .ended)
                && !recognizer.recognizesSimultaneously(with: other)
                && other.canPrevent(recognizer) && recognizer.canBePrevented(by: other)
        }
    }

    /// Takes a recognizer out of `possible` for good: the delegate's veto, then the effects on everyone else.
    private mutating func recognize(_ recognizer: GestureRecognizer, as state: GestureRecognizer.State) -> [Action] {
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
            return fail(recognizer, .deniedByDelegate)
        }
        setDecision(.decided(state), of: recognizer)
        let actions = explain(recognizer, state == .began ? .began : .recognized) + [.changeState(recognizer, to: state)]
        var failures: [Action] = []
        for other in competitors(of: recognizer) where isUndecided(other) {
            if other.requiresFailure(of: recognizer) {
                failures += fail(other, .requiredToFail(other: recognizer.arenaName))
            } else if !recognizer.recognizesSimultaneously(with: other),
                      recognizer.canPrevent(other), other.canBePrevented(by: recognizer) {
                failures += fail(other, .notSimultaneous(with: recognizer.arenaName))
            }
        }
        if recognizer.cancelsTouchesInView {
            // Every touch of the sequence, not only those down: an earlier one may still have its end held back
            // (the first finger of a two-finger tap), and a recognized gesture turns that end into a cancel. Taken
            // before the others' failures release what they held: that release must not deliver the end first.
            let cancel = Action.cancelTouchesInViews(sequence(of: recognizer).sorted { $0.identifier < $1.identifier })
            if let firstRelease = failures.firstIndex(where: { if case .deliverHeldTouches = $0 { true } else { false } }) {
                failures.insert(cancel, at: firstRelease)
            } else {
                failures.append(cancel)
            }
        }
        return actions + failures + [.deliverHeldTouches, .sendActions(recognizer)]
    }

    /// Recognizers whose deferred changes waited on failures that have now all come.
    private mutating func releaseWaiters() -> [Action] {
        var actions: [Action] = []
        while let waiter = entries.first(where: { entry in
            guard case .waitingForFailures = entry.decision else { return false }
            return !competitors(of: entry.recognizer).contains { entry.recognizer.requiresFailure(of: $0) && isUndecided($0) }
        }), case let .waitingForFailures(states, sequenceWhenDeferred) = waiter.decision {
            let recognizer = waiter.recognizer
            setDecision(.undecided, of: recognizer)
            if let winner = competitors(of: recognizer).first(where: { other in
                recognizer.requiresFailure(of: other) && !isUndecided(other) && decision(of: other) != .failed
            }) {
                actions += fail(recognizer, .requiredToFail(other: winner.arenaName))
                continue
            }
            // A discrete gesture was complete when it began to wait: touches that came down meanwhile (a second
            // quick tap far away) are not part of it, but of its next sequence.
            let isComplete = states == [.ended] && !sequenceWhenDeferred.contains { !$0.currentPhase.isFinished }
            let late = isComplete ? waiter.sequence.subtracting(sequenceWhenDeferred) : []
            if !late.isEmpty, let index = index(of: recognizer) {
                entries[index].sequence.subtract(late)
                actions.append(.releaseTouches(recognizer, late))
            }
            actions += recognize(recognizer, as: states[0])
            for state in states.dropFirst() where decision(of: recognizer).state.canTransition(to: state) {
                actions += apply(state, to: recognizer)
            }
            let stillDown = late.filter { !$0.currentPhase.isFinished }.sorted { $0.identifier < $1.identifier }
            if decision(of: recognizer) == .decided(.ended), !stillDown.isEmpty, let index = index(of: recognizer) {
                entries[index].decision = .undecided
                entries[index].sequence = Set(stillDown)
                actions.append(.restart(recognizer, with: stillDown))
            }
        }
        return actions
    }
}
