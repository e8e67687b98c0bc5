import Geometry
import Glibc
import Testing
@testable import WaylandClient

/// Runs the loop until `condition` holds or `seconds` pass; returns whether it held.
private func run(_ display: Display, for seconds: Double = 2, until condition: () -> Bool = { false }) throws -> Bool {
    let end = MonotonicClock.now + .milliseconds(Int64(seconds * 1000))
    while MonotonicClock.now < end {
        if condition() { return true }
        try display.dispatch(timeout: .milliseconds(5))
    }
    return condition()
}

/// A program's timer on the event loop, as the painting program uses it: asked for its deadline after every input
/// event, so asking again for the same time must change nothing, and a timer that fired must arm again.
@Suite struct EventTimerTests {
    @Test func theSameDeadlineAskedAgainFiresOnceAndATimerThatFiredArmsAgain() throws {
        let fake = try FakeCompositor()
        defer { fake.stop() }
        let display = try Display(name: fake.socket)
        var fired: [Duration] = []
        let timer = try EventTimer(display: display) { fired.append(MonotonicClock.now) }
        let deadline = MonotonicClock.timestamp + .milliseconds(30)
        for _ in 0..<5 { timer.schedule(at: deadline) }
        #expect(try run(display) { fired.count == 1 })
        #expect(try !run(display, for: 0.1) { fired.count > 1 })
        // The same time again, now past: it fires at once, once.
        timer.schedule(at: deadline)
        #expect(try run(display) { fired.count == 2 })
        #expect(try !run(display, for: 0.1) { fired.count > 2 })
    }

    @Test func aCancelledTimerDoesNotFireAndCancellingTwiceIsHarmless() throws {
        let fake = try FakeCompositor()
        defer { fake.stop() }
        let display = try Display(name: fake.socket)
        var fired = 0
        let timer = try EventTimer(display: display) { fired += 1 }
        timer.schedule(at: MonotonicClock.timestamp + .milliseconds(20))
        timer.cancel()
        timer.cancel()
        timer.schedule(after: .milliseconds(20))
        timer.cancel()
        #expect(try !run(display, for: 0.15) { fired > 0 })
        // Armed again after the cancels, at the time first asked for: it fires.
        timer.schedule(at: MonotonicClock.timestamp + .milliseconds(20))
        #expect(try run(display) { fired == 1 })
    }

    @Test func anyTimeIsTakenWithoutATrap() throws {
        let fake = try FakeCompositor()
        defer { fake.stop() }
        let display = try Display(name: fake.socket)
        var fired = 0
        let timer = try EventTimer(display: display) { fired += 1 }
        for seconds in [Double.infinity, 1e300, -1e300, -.infinity, .greatestFiniteMagnitude] {
            timer.schedule(at: Timestamp(seconds: seconds))
        }
        timer.cancel()
        timer.schedule(at: Timestamp(seconds: .nan))
        #expect(try run(display) { fired == 1 })
    }
}

/// The rest deadline a program asks for at every frame moves later each time; the timer stays armed for the first
/// and fires then (early), and the program asks again: no system call a frame (issue #22).
@Suite struct EventTimerEarlierArmingTests {
    @Test func aLaterTimeKeepsTheEarlierArmingAndAnEarlierTimeReplacesIt() throws {
        let fake = try FakeCompositor()
        defer { fake.stop() }
        let display = try Display(name: fake.socket)
        var fired: [Timestamp] = []
        let timer = try EventTimer(display: display) { fired.append(MonotonicClock.timestamp) }
        let start = MonotonicClock.timestamp
        timer.schedule(atOrBefore: start + .milliseconds(40))
        // Moved on, as the rest deadline moves at each frame: still armed for the first time.
        for step in 1...5 { timer.schedule(atOrBefore: start + .milliseconds(40 + 400 * step)) }
        #expect(try run(display, for: 1) { !fired.isEmpty })
        let first = try #require(fired.first)
        #expect(first - start < .milliseconds(300), "fired \((first - start).seconds) s after the start")
        // Fired: the next time asked for arms it again. An earlier one then replaces a later one.
        timer.schedule(atOrBefore: MonotonicClock.timestamp + .seconds(5))
        let again = MonotonicClock.timestamp
        timer.schedule(atOrBefore: again + .milliseconds(30))
        #expect(try run(display, for: 1) { fired.count == 2 })
        let second = try #require(fired.last)
        #expect(second - again < .milliseconds(300), "fired \((second - again).seconds) s after it was asked for")
    }

    @Test func aClockReadingIsTheSameDurationAndTimestampAsBefore() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            // Small seconds too: there a Double keeps the nanoseconds' last bits, and another sum would show.
            let spec = timespec(tv_sec: Int.random(in: 0...(Bool.random(using: &generator) ? 3 : 20_000_000), using: &generator),
                                tv_nsec: Int.random(in: 0..<1_000_000_000, using: &generator))
            let before = Duration.seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
            #expect(MonotonicClock.duration(spec) == before)
            #expect(MonotonicClock.timestamp(spec).seconds.bitPattern == before.seconds.bitPattern)
        }
    }
}
