import SeatInput
import Testing
import TouchUI
import TouchUITesting

/// A stroke that rests still at its end (the hold that makes a shape): began after the rest, ended at the lift,
/// cancelled when the touch moves on, and never taking the touches from the view.
@Suite struct StrokeHoldGestureRecognizerTests {
    /// A stage with a stroke hold logged as "hold", and the view's own touch log.
    private func holdStage() -> (TouchStage, StrokeHoldGestureRecognizer) {
        let stage = TouchStage()
        let hold = StrokeHoldGestureRecognizer()
        stage.add(hold, as: "hold") { GestureLog.format($0.location(in: nil)) }
        return (stage, hold)
    }

    private func holdEntries(_ stage: TouchStage) -> [String] {
        stage.log.entries.filter { $0.hasPrefix("hold") }
    }

    /// A finger drawn 100 pt to the right in 200 ms from (100, 100), left down at (200, 100).
    private func draw(_ stage: TouchStage, from start: Double = 100, length: Double = 100, t: Double = 0) {
        stage.script.play(SeatEvents.drag(from: (start, 100), to: (start + length, 100), t: t, duration: 200, lift: false))
    }

    @Test func aStrokeThatRestsHalfASecondBeginsAndEndsWhenItLifts() {
        let (stage, hold) = holdStage()
        draw(stage)
        stage.script.advance(to: 699)
        #expect(hold.state == .possible)
        stage.script.advance(to: 700)
        #expect(hold.state == .began)
        stage.script.move(1, to: (203, 101), t: 800)  // finger tremor: within 6 pt of the rest
        stage.script.up(1, t: 900)
        #expect(holdEntries(stage) == ["hold.began (200, 100)", "hold.ended (203, 101)"])
        // The view had every touch as if there were no recognizer: nothing cancelled.
        #expect(!stage.log.entries.contains { $0.hasPrefix("view.cancelled") })
        #expect(stage.log.entries.last == "view.ended(1)")
    }

    @Test func aStrokeLiftedWithoutRestingFails() {
        let (stage, hold) = holdStage()
        draw(stage)
        stage.script.up(1, t: 300)
        stage.script.advance(to: 2000)
        #expect(holdEntries(stage).isEmpty)
        #expect(hold.state == .possible)  // reset for the next sequence, after failing
    }

    @Test func aSlowStrokeRestsOnlyWhenItStopsMoving() {
        let (stage, hold) = holdStage()
        // 100 pt in 1.2 s, about 8 pt every 100 ms: slow, but never 6 pt in half a second, so never resting while
        // it moves, however long the stroke lasts.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 1200, lift: false))
        #expect(hold.state == .possible)
        // It rests from its last step of more than 6 pt (within 100 ms of the end) for half a second.
        stage.script.advance(to: 1599)
        #expect(hold.state == .possible)
        stage.script.advance(to: 1700)
        #expect(hold.state == .began)
    }

    @Test func aPressInPlaceIsNoHeldStroke() {
        let (stage, hold) = holdStage()
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (115, 100), t: 100)  // 15 pt: less than the 20 pt a stroke must go
        stage.script.advance(to: 2000)
        #expect(hold.state == .possible)
        stage.script.up(1, t: 2100)
        #expect(holdEntries(stage).isEmpty)
    }

    @Test func movingOnAfterTheHoldCancelsIt() {
        let (stage, hold) = holdStage()
        draw(stage)
        stage.script.advance(to: 800)
        stage.script.move(1, to: (240, 100), t: 900)
        #expect(holdEntries(stage) == ["hold.began (200, 100)", "hold.cancelled (240, 100)"])
        #expect(hold.state == .cancelled)
        stage.script.up(1, t: 1000)
        #expect(stage.log.entries.last == "view.ended(1)")
    }

    @Test func aSecondFingerFailsTheHoldBeforeItBeginsAndCancelsItAfter() {
        let (stage, hold) = holdStage()
        draw(stage)
        stage.script.down(2, at: (300, 300), t: 250)
        #expect(hold.state == .failed)
        stage.script.up(1, t: 300)
        stage.script.up(2, t: 300)
        let (second, _) = holdStage()
        draw(second)
        second.script.advance(to: 800)
        second.script.down(2, at: (300, 300), t: 850)
        #expect(holdEntries(second) == ["hold.began (200, 100)", "hold.cancelled (250, 200)"])
    }

    @Test func restingBeforeTheStrokeHasGoneFarEnoughDoesNotCountTheRestTwice() {
        let (stage, hold) = holdStage()
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (110, 100), t: 50)
        stage.script.advance(to: 1000)  // a rest after 10 pt: no hold
        stage.script.move(1, to: (125, 100), t: 1050)  // now 25 pt: the rest starts here
        stage.script.advance(to: 1549)
        #expect(hold.state == .possible)
        stage.script.advance(to: 1550)
        #expect(hold.state == .began)
    }
}
