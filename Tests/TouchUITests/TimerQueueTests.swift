import Testing
import TouchUI

@Suite struct TimerQueueTests {
    @Test func durationsConvertToTheNearestSeconds() {
        #expect(Duration.milliseconds(300).seconds == 0.3)
        #expect(Duration.milliseconds(40).seconds == 0.04)
    }

    @Test func aTimerFiresAtTheMillisecondItIsDueDespiteRounding() {
        // 0.264 s + 0.3 s is 0.5640000000000001 in a Double, a rounding error after 0.564 s.
        let timers = TimerQueue(now: Timestamp(milliseconds: 264))
        var fired = false
        timers.schedule(after: .milliseconds(300)) { fired = true }
        timers.advance(to: Timestamp(milliseconds: 563))
        #expect(!fired)
        timers.advance(to: Timestamp(milliseconds: 564))
        #expect(fired)
    }
}
