import Testing
@testable import TouchUI

/// "N quick taps within the slop", as the window's tap count, the tap recognizer and the long press count them.
@Suite struct TapRunTests {
    private let origin = Point(x: 100, y: 100)
    private func at(_ milliseconds: Double) -> Timestamp { Timestamp(milliseconds: milliseconds) }
    private func point(_ dx: Double) -> Point { Point(x: origin.x + dx, y: origin.y) }

    @Test func aPressBeforeAnyTapStartsARun() {
        let run = TapRun(anchor: .latestTap)
        #expect(!run.isContinued(byPressAt: origin))
        #expect(run.number(ofPressAt: origin, at: at(0)) == 1)
    }

    @Test func theNextPressCountsOnUpToTheIntervalAndTheSlop() {
        var run = TapRun(anchor: .latestTap)
        run.tapEnded(number: 1, at: origin, time: at(60))
        #expect(run.number(ofPressAt: point(45), at: at(360)) == 2)  // 300 ms, 45 pt: both limits included
        #expect(run.number(ofPressAt: point(45.5), at: at(200)) == 1)  // past the 45 pt double-tap slop
        #expect(run.number(ofPressAt: origin, at: at(361)) == 1)  // past the 300 ms interval
        // Without a time only the place is judged (the recognizers' timers judge the time).
        #expect(run.isContinued(byPressAt: origin))
    }

    @Test func latestTapAnchorsEachTapToTheOneBefore() {
        var run = TapRun(anchor: .latestTap)
        run.tapEnded(number: 1, at: origin, time: at(0))
        run.tapEnded(number: 2, at: point(40), time: at(200))
        // 80 pt from the first tap, 40 from the latest.
        #expect(run.number(ofPressAt: point(80), at: at(300)) == 3)
    }

    @Test func firstTapAnchorsEveryTapToTheFirst() {
        var run = TapRun(anchor: .firstTap)
        run.tapEnded(number: 1, at: origin, time: at(0))
        run.tapEnded(number: 2, at: point(40), time: at(200))
        #expect(!run.isContinued(byPressAt: point(80)))
        #expect(run.isContinued(byPressAt: point(-40)))
        #expect(run.count == 2)
    }

    @Test func anywhereCountsTapsWherever() {
        var run = TapRun(anchor: .anywhere)
        run.tapEnded(number: 1, at: origin, time: at(0))
        #expect(run.isContinued(byPressAt: Point(x: 700, y: 500)))
        #expect(!run.isContinued(byPressAt: origin, at: at(301)))
    }

    @Test func anEndedRunStartsAgain() {
        var run = TapRun(anchor: .latestTap)
        run.tapEnded(number: 2, at: origin, time: at(0))
        run.end()
        #expect(run.count == 0)
        #expect(run.number(ofPressAt: origin, at: at(10)) == 1)
    }
}
