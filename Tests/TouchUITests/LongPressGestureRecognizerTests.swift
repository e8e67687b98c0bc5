import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct LongPressGestureRecognizerTests {
    /// A stage with a long press logged as "press", set up by `configure`.
    private func pressStage(_ configure: (LongPressGestureRecognizer) -> Void = { _ in }) -> (TouchStage, LongPressGestureRecognizer) {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        configure(press)
        stage.add(press, as: "press")
        return (stage, press)
    }

    private func pressEntries(_ stage: TouchStage) -> [String] {
        stage.log.entries.filter { $0.hasPrefix("press") }
    }

    @Test func aPressHeldHalfASecondBeginsThenEndsOnLift() {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        stage.add(press, as: "press") { GestureLog.format($0.location(in: nil)) }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.advance(to: 499)
        #expect(press.state == .possible)
        stage.script.advance(to: 500)
        stage.script.up(1, t: 700)
        #expect(stage.log.entries == ["view.began(1)", "view.cancelled(1)", "press.began (100, 100)", "press.ended (100, 100)"])
    }

    @Test func aLongPressThatMovesAfterItBeganSendsChangedNotCancelled() {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        stage.add(press, as: "press") { GestureLog.format($0.location(in: nil)) }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.advance(to: 600)
        // 80 pt in 100 ms, far past the 10 pt allowable movement: it began, so this is the gesture going on.
        stage.script.play(Array(SeatEvents.drag(from: (100, 100), to: (180, 100), t: 600, duration: 100).dropFirst(2)))
        #expect(stage.log.entries == [
            "view.began(1)", "view.cancelled(1)", "press.began (100, 100)",
            "press.changed (113.33, 100)", "press.changed (126.67, 100)", "press.changed (140, 100)",
            "press.changed (153.33, 100)", "press.changed (166.67, 100)", "press.changed (180, 100)",
            "press.ended (180, 100)",
        ])
    }

    @Test func movingPastTheAllowableMovementBeforeItBeganFailsIt() {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        stage.add(press, as: "press")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (108, 100), t: 100)  // 8 pt: allowed
        #expect(press.state == .possible)
        stage.script.move(1, to: (111, 100), t: 200)  // 11 pt: beyond the 10 pt allowable movement
        #expect(press.state == .failed)
        stage.script.advance(to: 1000)
        stage.script.up(1, t: 1100)
        #expect(stage.log.entries == ["view.began(1)", "view.moved(1)", "view.moved(1)", "view.ended(1)"])
    }

    @Test func liftingBeforeTheDurationFailsIt() {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        stage.add(press, as: "press")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.up(1, t: 300)
        stage.script.advance(to: 1000)
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func aTwoFingerPressWaitsForBothFingers() {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        stage.add(press, as: "press")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.down(2, at: (140, 100), t: 200)
        stage.script.advance(to: 600)
        #expect(press.state == .possible)  // half a second from the second finger
        stage.script.advance(to: 700)
        #expect(press.state == .began)
        stage.script.up(2, t: 800)
        stage.script.up(1, t: 810)
        #expect(stage.log.entries.filter { $0.hasPrefix("press") } == ["press.began", "press.ended"])
    }

    @Test func aTapThenAPressMakesATapAndAHalf() {
        let stage = TouchStage()
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        stage.add(press, as: "press")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        stage.script.down(1, at: (102, 100), t: 200)
        stage.script.advance(to: 700)
        stage.script.up(1, t: 800)
        #expect(stage.log.entries.filter { $0.hasPrefix("press") } == ["press.began", "press.ended"])
        // Without the tap first, the press alone is not enough.
        stage.script.down(1, at: (100, 100), t: 2000)
        stage.script.advance(to: 3000)
        #expect(press.state == .possible)
        stage.script.up(1, t: 3100)
        #expect(stage.log.entries.filter { $0.hasPrefix("press") } == ["press.began", "press.ended"])
    }

    @Test func aShorterMinimumPressDurationBeginsSooner() {
        let (stage, press) = pressStage { $0.minimumPressDuration = .milliseconds(200) }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.advance(to: 199)
        #expect(press.state == .possible)
        stage.script.advance(to: 200)
        #expect(press.state == .began)
        stage.script.up(1, t: 300)
        #expect(pressEntries(stage) == ["press.began", "press.ended"])
    }

    @Test func aLongerMinimumPressDurationWaitsAndALiftBeforeItFails() {
        let (stage, press) = pressStage { $0.minimumPressDuration = .seconds(1) }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.advance(to: 600)  // past the default half second: not yet
        #expect(press.state == .possible)
        stage.script.up(1, t: 900)
        stage.script.advance(to: 2000)
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func aWiderAllowableMovementToleratesMoreWobble() {
        let (stage, press) = pressStage { $0.allowableMovement = 30 }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (125, 100), t: 100)  // 25 pt: past the default 10 pt, within 30
        stage.script.advance(to: 500)
        #expect(press.state == .began)
        stage.script.up(1, t: 600)
        #expect(pressEntries(stage) == ["press.began", "press.ended"])
    }

    @Test func aNarrowerAllowableMovementFailsOnASmallWobble() {
        let (stage, press) = pressStage { $0.allowableMovement = 4 }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (106, 100), t: 100)  // 6 pt: within the default 10 pt, past 4
        #expect(press.state == .failed)
        stage.script.advance(to: 1000)
        stage.script.up(1, t: 1100)
        #expect(pressEntries(stage) == [])
    }

    @Test func aTwoFingerPressEndsWhenTheFirstFingerLifts() {
        let (stage, press) = pressStage { $0.numberOfTouchesRequired = 2 }
        stage.script.together {
            stage.script.down(1, at: (100, 100), t: 0)
            stage.script.down(2, at: (140, 100), t: 0)
        }
        stage.script.advance(to: 600)
        #expect(press.state == .began)
        // Fewer than the two required fingers remain: the gesture is over, though finger 1 stays down.
        stage.script.up(2, t: 700)
        #expect(press.state == .ended)
        #expect(pressEntries(stage) == ["press.began", "press.ended"])
        stage.script.move(1, to: (160, 100), t: 750)
        stage.script.up(1, t: 800)
        #expect(pressEntries(stage) == ["press.began", "press.ended"])
        #expect(press.state == .possible)
    }

    @Test func aTwoFingerPressEndsWhicheverFingerLiftsFirst() {
        let (stage, press) = pressStage { $0.numberOfTouchesRequired = 2 }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.down(2, at: (140, 100), t: 50)
        stage.script.advance(to: 600)
        #expect(press.state == .began)
        stage.script.up(1, t: 700)  // the first finger down lifts first this time
        #expect(pressEntries(stage) == ["press.began", "press.ended"])
        stage.script.up(2, t: 900)
        #expect(pressEntries(stage) == ["press.began", "press.ended"])
    }
}
