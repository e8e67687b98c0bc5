import Testing
@testable import WaylandApp

/// Compositor event times put on the session's clock.
@Suite struct EventClockTests {
    @Test func theCompositorsSpacingIsKeptFromTheFirstEvent() {
        var clock = EventClock()
        #expect(clock.time(of: 5000, receivedAt: 100_000) == 100_000)
        // Two events read together keep their 8 ms apart.
        #expect(clock.time(of: 5008, receivedAt: 100_020) == 100_008)
        #expect(clock.time(of: 5016, receivedAt: 100_020) == 100_016)
    }

    @Test func anEventWithoutATimeOfItsOwnNeverMovesTimeBackwards() {
        var clock = EventClock()
        _ = clock.time(of: 5000, receivedAt: 100_000)
        // wl_pointer.enter carries whatever time the client last saw, here none yet: 0.
        #expect(clock.time(of: 0, receivedAt: 100_050) == 100_050)
        #expect(clock.time(of: 5060, receivedAt: 100_060) >= 100_050)
    }

    @Test func aWrapOrARestartedCountIsLearnedAgain() {
        var clock = EventClock()
        _ = clock.time(of: 4_294_967_000, receivedAt: 100_000)
        // The 32 bits wrapped: the time jumps back by 2^32 ms.
        #expect(clock.time(of: 200, receivedAt: 100_500) == 100_500)
        #expect(clock.time(of: 216, receivedAt: 100_520) == 100_516)
    }

    @Test func timersFireOnTheSameClock() {
        var clock = EventClock()
        _ = clock.time(of: 5000, receivedAt: 100_000)
        #expect(clock.time(at: 99_990) == 100_000)
        #expect(clock.time(at: 100_600) == 100_600)
    }
}
