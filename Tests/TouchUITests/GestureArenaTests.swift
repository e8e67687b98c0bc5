import SeatInput
import Testing
@testable import TouchUI
import TouchUITesting

/// The arena alone: decisions and the actions they return, without a window carrying them out.
@Suite struct GestureArenaTests {
    /// A single tap that requires a double tap to fail, both on one touch.
    private struct TapAndDoubleTap {
        let tap = TapGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        let touch = Touch(identifier: 1, kind: .direct, location: Point(x: 100, y: 100), timestamp: .zero, tapCount: 1,
                          majorRadius: 0)
        var arena = GestureArena()

        init() {
            doubleTap.numberOfTapsRequired = 2
            tap.require(toFail: doubleTap)
            arena.engage(tap, with: touch)
            arena.engage(doubleTap, with: touch)
        }

        func describe(_ actions: [GestureArena.Action]) -> [String] {
            func name(_ recognizer: GestureRecognizer) -> String { recognizer === tap ? "tap" : "double" }
            return actions.map { action in
                switch action {
                case let .changeState(recognizer, state): "\(name(recognizer)).\(state)"
                case let .sendActions(recognizer): "\(name(recognizer)).actions"
                case let .cancelTimers(recognizer): "\(name(recognizer)).cancelTimers"
                case let .cancelTouchesInViews(touches): "cancelInViews(\(touches.map(\.identifier)))"
                case .deliverHeldTouches: "deliverHeld"
                case let .releaseTouches(recognizer, touches): "\(name(recognizer)).release(\(touches.count))"
                case let .restart(recognizer, touches): "\(name(recognizer)).restart(\(touches.count))"
                case let .reset(recognizer): "\(name(recognizer)).reset"
                case let .detach(recognizer): "\(name(recognizer)).detach"
                case let .explain(decision): "\(decision)"
                }
            }
        }
    }

    @Test func aSingleTapWaitsThenRecognizesWhenTheDoubleTapFails() {
        var arena = TapAndDoubleTap()
        let waiting = arena.arena.request(.ended, from: arena.tap)
        #expect(waiting.isEmpty)
        #expect(arena.arena.decision(of: arena.tap) == .waitingForFailures(pending: [.ended], sequenceWhenDeferred: [arena.touch]))
        #expect(arena.arena.decision(of: arena.tap).state == .possible)
        let actions = arena.arena.request(.failed, from: arena.doubleTap)
        #expect(arena.describe(actions) == [
            "double.failed", "double.cancelTimers",
            "tap.ended", "cancelInViews([1])", "deliverHeld", "tap.actions",
            "deliverHeld",
        ])
        #expect(arena.arena.decision(of: arena.tap) == .decided(.ended))
        #expect(arena.arena.decision(of: arena.doubleTap) == .failed)
    }

    @Test func aSingleTapWaitingFailsWhenTheDoubleTapRecognizes() {
        var arena = TapAndDoubleTap()
        _ = arena.arena.request(.ended, from: arena.tap)
        let actions = arena.arena.request(.ended, from: arena.doubleTap)
        // The double tap takes its touches from the views before the failed tap's release could deliver a held end.
        #expect(arena.describe(actions) == [
            "double.ended", "tap.failed", "tap.cancelTimers", "cancelInViews([1])", "deliverHeld", "deliverHeld",
            "double.actions",
        ])
        #expect(arena.arena.decision(of: arena.tap) == .failed)
    }

    @Test func changesWhileWaitingAreKeptInOrderAndChangedAfterBeganAddsNothing() {
        var arena = TapAndDoubleTap()
        let pan = PanGestureRecognizer()
        pan.require(toFail: arena.doubleTap)
        arena.arena.engage(pan, with: arena.touch)
        for state in [GestureRecognizer.State.began, .changed, .changed, .ended] {
            #expect(arena.arena.request(state, from: pan).isEmpty)
        }
        // `changed` after a pending `began` adds nothing: the late `began` reports the latest values anyway.
        #expect(arena.arena.decision(of: pan).pending == [.began, .ended])
    }

    @Test func finishedSequencesAreResetAndLeaveTheArena() {
        var arena = TapAndDoubleTap()
        _ = arena.arena.request(.ended, from: arena.doubleTap)
        // The touch is still down: nothing to reset yet.
        #expect(arena.arena.resetFinishedSequences().isEmpty)
        arena.touch.currentPhase = .ended
        #expect(arena.describe(arena.arena.resetFinishedSequences()) == ["tap.reset", "double.reset"])
        #expect(arena.arena.entries.isEmpty)
    }

    @Test func anUndecidedRecognizerWithNothingMoreToComeFails() {
        var arena = TapAndDoubleTap()
        #expect(arena.arena.failNextStuckRecognizer() == nil)
        arena.touch.currentPhase = .ended
        // The double tap fails first; the single tap, which waited for nothing yet, then fails too.
        #expect(arena.describe(arena.arena.failNextStuckRecognizer() ?? []) == ["tap.failed", "tap.cancelTimers", "deliverHeld"])
        #expect(arena.describe(arena.arena.failNextStuckRecognizer() ?? []) == ["double.failed", "double.cancelTimers", "deliverHeld"])
        #expect(arena.arena.failNextStuckRecognizer() == nil)
    }
}
