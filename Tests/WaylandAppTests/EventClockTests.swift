import Testing
import Geometry
@testable import WaylandApp

/// Whether a session time is `milliseconds` on the clock, to well under a microsecond (times are seconds as a
/// `Double`, so 216 ms on a clock 100 s in is not exact).
private func isAt(_ time: Timestamp, _ milliseconds: Double) -> Bool {
    abs(time.milliseconds - milliseconds) < 1e-6
}

/// Compositor event times put on the session's clock.
@Suite struct EventClockTests {
    @Test func theCompositorsSpacingIsKeptFromTheFirstEvent() {
        var clock = EventClock()
        #expect(isAt(clock.time(of: .milliseconds(5000), receivedAt: .milliseconds(100_000)), 100_000))
        // Two events read together keep their 8 ms apart.
        #expect(isAt(clock.time(of: .milliseconds(5008), receivedAt: .milliseconds(100_020)), 100_008))
        #expect(isAt(clock.time(of: .milliseconds(5016), receivedAt: .milliseconds(100_020)), 100_016))
    }

    @Test func anEventWithoutATimeOfItsOwnNeverMovesTimeBackwards() {
        var clock = EventClock()
        _ = clock.time(of: .milliseconds(5000), receivedAt: .milliseconds(100_000))
        // wl_pointer.enter carries whatever time the client last saw, here none yet: 0.
        #expect(isAt(clock.time(of: .milliseconds(0), receivedAt: .milliseconds(100_050)), 100_050))
        #expect(clock.time(of: .milliseconds(5060), receivedAt: .milliseconds(100_060)) >= .milliseconds(100_050))
    }

    @Test func aWrapOrARestartedCountIsLearnedAgain() {
        var clock = EventClock()
        _ = clock.time(of: .milliseconds(4_294_967_000), receivedAt: .milliseconds(100_000))
        // The 32 bits wrapped: the time jumps back by 2^32 ms.
        #expect(isAt(clock.time(of: .milliseconds(200), receivedAt: .milliseconds(100_500)), 100_500))
        #expect(isAt(clock.time(of: .milliseconds(216), receivedAt: .milliseconds(100_520)), 100_516))
    }

    @Test func timersFireOnTheSameClock() {
        var clock = EventClock()
        _ = clock.time(of: .milliseconds(5000), receivedAt: .milliseconds(100_000))
        #expect(isAt(clock.time(at: .milliseconds(99_990)), 100_000))
        #expect(isAt(clock.time(at: .milliseconds(100_600)), 100_600))
    }
}
