import Testing
@testable import WaylandClient

/// When a surface draws (``FrameCycle``): at most one frame per frame callback, the watchdog, the first configure.
@Suite struct FrameCycleTests {
    /// A cycle configured already, with no frame callback pending.
    static func ready() -> FrameCycle {
        var cycle = FrameCycle.unconfigured
        _ = cycle.configured(needsFullRedraw: true)
        return cycle
    }

    @Test func nothingIsDrawnBeforeTheFirstConfigureWhichDrawsAtOnce() {
        var cycle = FrameCycle.unconfigured
        #expect(cycle.iterationEnds(wish: .frame) == .nothing)
        #expect(cycle.iterationEnds(wish: .costlyFrame) == .nothing)
        #expect(cycle.watchdogDeadline == nil)
        // The first configure draws, even with nothing marked; the ones after only when all must be redrawn.
        #expect(cycle.configured(needsFullRedraw: false) == .drawNow)
        #expect(cycle == .ready)
        #expect(cycle.configured(needsFullRedraw: false) == .commitBare)
        #expect(cycle.configured(needsFullRedraw: true) == .drawNow)
    }

    @Test func atMostOneDrawPerFrameCallback() {
        var cycle = Self.ready()
        #expect(cycle.iterationEnds(wish: .frame) == .drawWhenPaced(isCostly: false))
        cycle.frameRequested(at: .milliseconds(5))
        // However many iterations and however much waits: no second draw until the callback.
        for _ in 0..<100 {
            #expect(cycle.iterationEnds(wish: .frame) == .waitForFrame)
        }
        cycle.frameDone()
        #expect(cycle == .ready)
        #expect(cycle.iterationEnds(wish: .frame) == .drawWhenPaced(isCostly: false))
    }

    @Test func aDrawAskedWhileACallbackIsPendingWaitsForIt() {
        var cycle = Self.ready()
        cycle.frameRequested(at: .zero)
        #expect(cycle.iterationEnds(wish: .nothing) == .nothing)
        // Asked for now: it waits for the callback, then is drawn at the end of that iteration.
        #expect(cycle.iterationEnds(wish: .frame) == .waitForFrame)
        cycle.frameDone()
        #expect(cycle.iterationEnds(wish: .frame) == .drawWhenPaced(isCostly: false))
        // With nothing waiting, a callback draws nothing.
        #expect(cycle.iterationEnds(wish: .nothing) == .nothing)
    }

    @Test func theWatchdogDrawsWhenNoCallbackCameWithinTheInterval() {
        var cycle = Self.ready()
        let asked: Duration = .seconds(10)
        cycle.frameRequested(at: asked)
        #expect(cycle.watchdogDeadline == asked + FrameCycle.watchdogInterval)
        #expect(cycle.watchdogChecked(now: asked + .milliseconds(999), wish: .frame) == .nothing)
        #expect(cycle == .awaitingFrame(since: asked))
        #expect(cycle.watchdogChecked(now: asked + FrameCycle.watchdogInterval, wish: .frame)
            == .abandonFrame(thenDraws: true))
        #expect(cycle == .ready)
        #expect(cycle.watchdogDeadline == nil)
        // Nothing waiting: the callback is given up on, and nothing is drawn.
        cycle.frameRequested(at: asked)
        #expect(cycle.watchdogChecked(now: asked + .seconds(2), wish: .nothing) == .abandonFrame(thenDraws: false))
        #expect(cycle.iterationEnds(wish: .nothing) == .nothing)
    }

    @Test func aHiddenWindowDoesNotDrawEachIteration() {
        // A compositor that sends no frame callbacks; something waits all along; the loop turns every millisecond.
        var cycle = Self.ready()
        var draws: [Duration] = []
        for millisecond in 0...5_000 {
            let now: Duration = .milliseconds(millisecond)
            var drawsNow = false
            switch cycle.watchdogChecked(now: now, wish: .frame) {
            case .abandonFrame(thenDraws: true): drawsNow = true
            default: drawsNow = cycle.iterationEnds(wish: .frame) == .drawWhenPaced(isCostly: false)
            }
            if drawsNow {
                draws.append(now)
                cycle.frameRequested(at: now)
            }
        }
        // Once at first, then once a watchdog interval.
        #expect(draws == (0...5).map { Duration.seconds($0) })
    }

    @Test func aCostlyFrameIsLeftToThePacerAndNeverDrawnAtOnce() {
        let cycle = Self.ready()
        #expect(cycle.iterationEnds(wish: .costlyFrame) == .drawWhenPaced(isCostly: true))
        #expect(cycle.iterationEnds(wish: .frame) == .drawWhenPaced(isCostly: false))
        var waiting = cycle
        waiting.frameRequested(at: .zero)
        #expect(waiting.iterationEnds(wish: .costlyFrame) == .waitForFrame)
    }

    @Test func aConfigureDrawsPastAPendingCallbackAndTheWatchdogCountsFromTheNewOne() {
        var cycle = Self.ready()
        cycle.frameRequested(at: .seconds(1))
        #expect(cycle.configured(needsFullRedraw: true) == .drawNow)
        #expect(cycle.configured(needsFullRedraw: false) == .commitBare)
        cycle.frameRequested(at: .milliseconds(1500))
        #expect(cycle.watchdogChecked(now: .seconds(2), wish: .frame) == .nothing)
        #expect(cycle.watchdogDeadline == .milliseconds(2500))
    }
}
