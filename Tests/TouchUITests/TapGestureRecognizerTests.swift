import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct TapGestureRecognizerTests {
    @Test func aQuickTapRecognizesOnReleaseWhereItCameDown() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        stage.add(tap, as: "tap") { GestureLog.format($0.location(in: nil)) }
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (104, 103), t: 16)  // 5 pt: inside the 10 pt tap slop
        stage.script.up(1, t: 80)
        #expect(stage.log.entries == ["view.began(1)", "view.moved(1)", "view.cancelled(1)", "tap.ended (100, 100)"])
        #expect(tap.state == .possible)
    }

    @Test func aTouchMovingPastTheTapSlopFailsTheTap() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        stage.add(tap, as: "tap")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (112, 100), t: 16)  // 12 pt: beyond the 10 pt tap slop
        #expect(tap.state == .failed)
        stage.script.up(1, t: 80)
        #expect(stage.log.entries == ["view.began(1)", "view.moved(1)", "view.ended(1)"])
        #expect(tap.state == .possible)
    }

    @Test func aSecondFingerFailsAOneFingerTap() {
        let stage = TouchStage()
        stage.view.isMultipleTouchEnabled = true
        let tap = TapGestureRecognizer()
        stage.add(tap, as: "tap")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.down(2, at: (150, 100), t: 20)
        #expect(tap.state == .failed)
        stage.script.up(1, t: 60)
        stage.script.up(2, t: 70)
        #expect(!stage.log.entries.contains("tap.ended"))
    }

    @Test func aTwoFingerTapNeedsBothFingersDownAndUp() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        stage.add(tap, as: "tap") { GestureLog.format($0.location(in: nil)) }
        stage.script.together {
            stage.script.down(1, at: (100, 100), t: 0)
            stage.script.down(2, at: (140, 100), t: 0)
        }
        stage.script.up(1, t: 60)
        #expect(tap.state == .possible)
        stage.script.up(2, t: 70)
        #expect(stage.log.entries == ["view.began(1)", "view.cancelled(1)", "tap.ended (120, 100)"])
    }

    @Test func aTwoFingerTapMadeWithOneFingerFails() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        stage.add(tap, as: "tap")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func twoQuickTapsNearEachOtherMakeADoubleTap() {
        let stage = TouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        stage.add(doubleTap, as: "double")
        var tapCounts: [Int] = []
        let counter = ClosureDelegate()
        counter.shouldReceive = { _, touch in tapCounts.append(touch.tapCount); return true }
        doubleTap.delegate = counter
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        // The first tap's end is held back while the double tap may still recognize (delaysTouchesEnded).
        #expect(stage.log.take() == ["view.began(1)"])
        stage.script.play(SeatEvents.tap(at: (108, 96), t: 200))  // 140 ms after the release, 9 pt away
        // Recognizing turns the first tap's held end into a cancel, with the second tap's touch.
        #expect(stage.log.entries == ["view.began(2)", "view.cancelled(1,2)", "double.ended"])
        #expect(tapCounts == [1, 2])
    }

    @Test func aSecondTapAfterTheDoubleTapIntervalFailsTheDoubleTap() {
        let stage = TouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        stage.add(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0, holdFor: 60))
        stage.script.advance(to: 359)
        #expect(doubleTap.state == .possible)
        // 300 ms after the release at 60 ms the timer fails it, and the held touchesEnded reaches the view.
        stage.script.advance(to: 360)
        #expect(stage.log.take() == ["view.began(1)", "view.ended(1)"])
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 400))
        #expect(stage.log.entries == ["view.began(2)"])
        stage.script.advance(to: 1000)
        #expect(stage.log.entries == ["view.began(2)", "view.ended(2)"])
    }

    @Test func twoQuickTapsFarApartAreTwoSingleTaps() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let both = ClosureDelegate()
        both.shouldRecognizeSimultaneously = { _, _ in true }
        tap.delegate = both
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(doubleTap)
        stage.log.attach(tap, as: "tap") { GestureLog.format($0.location(in: nil)) }
        stage.log.attach(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        stage.script.play(SeatEvents.tap(at: (300, 100), t: 150))  // 90 ms after the release, but 200 pt away
        stage.script.advance(to: 1000)
        #expect(stage.log.entries.filter { !$0.hasPrefix("view.") } == ["tap.ended (100, 100)", "tap.ended (300, 100)"])
    }

    @Test func twoQuickTapsNearEachOtherAreOneSingleTapAndADoubleTapWhenBothMayRecognize() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let both = ClosureDelegate()
        both.shouldRecognizeSimultaneously = { _, _ in true }
        tap.delegate = both
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(doubleTap)
        stage.log.attach(tap, as: "tap")
        stage.log.attach(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        stage.script.play(SeatEvents.tap(at: (102, 100), t: 150))
        #expect(stage.log.entries.filter { !$0.hasPrefix("view.") } == ["tap.ended", "tap.ended", "double.ended"])
    }

    @Test func aTripleTapCountsThreeTaps() {
        let stage = TouchStage()
        let tripleTap = TapGestureRecognizer()
        tripleTap.numberOfTapsRequired = 3
        stage.add(tripleTap, as: "triple")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 200))
        #expect(tripleTap.state == .possible)
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 400))
        #expect(stage.log.entries.filter { !$0.hasPrefix("view.") } == ["triple.ended"])
    }

    @Test func aTouchThatStraysPastTheSlopAndComesBackIsNoTap() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        stage.add(tap, as: "tap")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (115, 100), t: 16)  // 15 pt: past the 10 pt tap slop
        stage.script.move(1, to: (101, 100), t: 32)  // and back
        stage.script.up(1, t: 60)
        #expect(stage.log.entries.filter { $0.hasPrefix("tap") } == [])
    }

    @Test func aTwoFingerDoubleTapWhoseSecondTapIsOneFingerFails() {
        let stage = TouchStage()
        stage.view.isMultipleTouchEnabled = true
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        tap.numberOfTouchesRequired = 2
        stage.add(tap, as: "tap")
        stage.script.together {
            stage.script.down(1, at: (100, 100), t: 0)
            stage.script.down(2, at: (140, 100), t: 0)
        }
        stage.script.together {
            stage.script.up(1, t: 60)
            stage.script.up(2, t: 60)
        }
        stage.script.play(SeatEvents.tap(at: (120, 100), t: 150))
        stage.script.advance(to: 1000)
        #expect(stage.log.entries.filter { $0.hasPrefix("tap") } == [])
    }

    @Test func aTripleTapWhoseTapsDriftAwayFromTheFirstFails() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 3
        stage.add(tap, as: "tap")
        // Each tap 30 pt right of the one before: within 45 pt of it, but the third is 60 pt from the first.
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0) + SeatEvents.tap(at: (130, 100), t: 150)
                          + SeatEvents.tap(at: (160, 100), t: 300))
        stage.script.advance(to: 1000)
        #expect(stage.log.entries.filter { $0.hasPrefix("tap") } == [])
    }
}
