import SeatInput
import Testing
@testable import TouchUI
import TouchUITesting

/// How the window arbitrates between recognizers and the view: cancels, delays, failure requirements,
/// simultaneity, delegates.
@Suite struct GestureCoordinationTests {
    private func recognizerEntries(_ stage: TouchStage) -> [String] {
        stage.log.entries.filter { !$0.hasPrefix("view.") }
    }

    /// Two fingers spreading 10 pt a frame while their centroid moves 10 pt down a frame: a pinch and a pan at once.
    private func spreadAndMove(_ script: TouchScript, frames: Int = 3) {
        script.together {
            script.down(1, at: (300, 300), t: 0)
            script.down(2, at: (400, 300), t: 0)
        }
        for k in 1...frames {
            let d = Double(k), t = d * 16
            script.together {
                script.move(1, to: (300 - 5 * d, 300 + 10 * d), t: t)
                script.move(2, to: (400 + 5 * d, 300 + 10 * d), t: t)
            }
        }
        script.together {
            script.up(1, t: Double(frames + 1) * 16)
            script.up(2, t: Double(frames + 1) * 16)
        }
    }

    // MARK: - cancelsTouchesInView

    @Test func aRecognizerThatRecognizesCancelsTheViewsTouches() {
        let stage = TouchStage()
        stage.add(PanGestureRecognizer(), as: "pan")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50))
        #expect(stage.log.entries == ["view.began(1)", "view.cancelled(1)", "pan.began", "pan.changed", "pan.changed", "pan.ended"])
    }

    @Test func withCancelsTouchesInViewFalseTheViewKeepsItsTouches() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        stage.add(pan, as: "pan")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50))
        #expect(stage.log.entries == [
            "view.began(1)", "pan.began", "view.moved(1)", "pan.changed", "view.moved(1)", "pan.changed", "view.moved(1)",
            "pan.ended", "view.ended(1)",
        ])
    }

    // MARK: - Delays

    @Test func delaysTouchesEndedHoldsTheEndUntilTheRecognizersHaveDecided() {
        let stage = TouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        stage.add(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0, holdFor: 50))
        stage.script.advance(to: 349)
        #expect(stage.log.entries == ["view.began(1)"])
        stage.script.advance(to: 350)  // the double tap gives up: the end goes through
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func withoutDelaysTouchesEndedTheEndGoesThroughAtOnce() {
        let stage = TouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesEnded = false
        stage.add(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0, holdFor: 50))
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func aHeldEndIsDeliveredWhenTheRecognizerFailsOnALaterTouch() {
        let stage = TouchStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        stage.add(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0, holdFor: 50))
        // The second tap lands 200 pt away: the double tap fails at its touch-down, and the first tap's held end,
        // no longer part of any event, must still reach the view.
        stage.script.down(1, at: (300, 100), t: 150)
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)", "view.began(2)"])
    }

    @Test func delaysTouchesBeganHoldsTheBeganUntilTheRecognizerFails() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        stage.add(pan, as: "pan")
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (105, 100), t: 16)
        #expect(stage.log.entries == [])
        stage.script.up(1, t: 32)  // the pan fails: began and ended go through together
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func aHeldBackPhaseDeliveredLateShowsThatPhaseAndOnlyWhileItIsDelivered() throws {
        /// Notes the phase each touch shows in each call.
        final class PhaseView: View {
            var seen: [String] = []
            private func note(_ call: String, _ touches: Set<Touch>) {
                seen += touches.map { "\(call):\($0.phase)" }
            }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
        }
        let stage = TouchStage()
        let view = PhaseView(frame: stage.window.bounds)
        stage.window.addSubview(view)
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        stage.script.down(1, at: (100, 100), t: 0)
        let touch = try #require(stage.window.activeTouches.first)
        stage.script.move(1, to: (105, 100), t: 16)
        #expect(view.seen.isEmpty)
        // The pan fails on the lift: the held began reaches the view showing `began`, though the touch has ended.
        stage.script.up(1, t: 32)
        #expect(view.seen == ["began:began", "ended:ended"])
        #expect(touch.phase == .ended)
    }

    @Test func withDelaysTouchesBeganARecognizedGestureNeverReachesTheView() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        stage.add(pan, as: "pan")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50))
        #expect(stage.log.entries == ["pan.began", "pan.changed", "pan.changed", "pan.ended"])
    }

    // MARK: - Require to fail

    /// A pan on the whole view; a button on it with a tap that requires the pan to fail; both may recognize
    /// together. Finger 1 pans outside the button, then finger 2 taps the button while the pan goes on.
    private func tapOnAButtonDuringAPan(requiredToFail: Bool, byDelegate: Bool = false) -> [String] {
        let stage = TouchStage()
        let button = View(frame: Rect(x: 500, y: 100, width: 100, height: 100))
        stage.view.addSubview(button)
        let pan = PanGestureRecognizer(), tap = TapGestureRecognizer()
        let both = ClosureDelegate()
        both.shouldRecognizeSimultaneously = { _, _ in true }
        pan.delegate = both
        tap.delegate = both
        if requiredToFail, byDelegate {
            both.shouldRequireFailure = { recognizer, other in recognizer === tap && other === pan }
        } else if requiredToFail {
            tap.require(toFail: pan)
        }
        stage.add(pan, as: "pan")
        button.addGestureRecognizer(tap)
        stage.log.attach(tap, as: "tap")
        stage.script.down(1, at: (100, 300), t: 0)
        stage.script.move(1, to: (130, 300), t: 16)
        stage.script.down(2, at: (550, 150), t: 100)
        stage.script.up(2, t: 160)
        stage.script.move(1, to: (140, 300), t: 200)
        stage.script.up(1, t: 216)
        stage.script.advance(to: 1000)
        return recognizerEntries(stage)
    }

    @Test func aRecognizerWhoseRequiredFailureAlreadyRecognizedFailsEvenWhenBothMayRecognizeTogether() {
        #expect(tapOnAButtonDuringAPan(requiredToFail: false) == ["pan.began", "tap.ended", "pan.changed", "pan.ended"])
        #expect(tapOnAButtonDuringAPan(requiredToFail: true) == ["pan.began", "pan.changed", "pan.ended"])
    }

    @Test func aDelegateRequiringAFailureThatAlreadyRecognizedFailsTheRecognizerToo() {
        #expect(tapOnAButtonDuringAPan(requiredToFail: true, byDelegate: true) == ["pan.began", "pan.changed", "pan.ended"])
    }

    @Test func aSingleTapThatRequiresTheDoubleTapToFailFiresWhenTheDoubleTapGivesUp() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(doubleTap)
        var firedAt: [Double] = []
        tap.addTarget { _ in firedAt.append(stage.window.timers.now.milliseconds) }
        stage.log.attach(tap, as: "tap")
        stage.log.attach(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0, holdFor: 60))
        stage.script.advance(to: 359)
        #expect(recognizerEntries(stage) == [])
        stage.script.advance(to: 400)
        #expect(recognizerEntries(stage) == ["tap.ended"])
        #expect(firedAt == [360])  // 300 ms after the release, on the injected clock
        #expect(stage.log.entries.filter { $0.hasPrefix("view.") } == ["view.began(1)", "view.cancelled(1)"])
    }

    @Test func aSingleTapThatRequiresTheDoubleTapToFailNeverFiresWhenTheDoubleTapRecognizes() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        stage.add(tap, as: "tap")
        stage.add(doubleTap, as: "double")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        stage.script.play(SeatEvents.tap(at: (103, 101), t: 150))
        stage.script.advance(to: 2000)
        #expect(recognizerEntries(stage) == ["double.ended"])
        #expect(tap.state == .possible && doubleTap.state == .possible)
    }

    @Test func twoQuickTapsFarApartAreTwoSingleTapsEvenWhileTheSingleTapWaitsForTheDoubleTap() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        var firedAt: [Point] = []
        tap.addTarget { firedAt.append($0.location(in: nil)) }
        stage.add(tap, as: "tap")
        stage.add(doubleTap, as: "double")
        // The second tap comes 90 ms after the first release, 300 pt away: the double tap fails on it, the first
        // single tap fires then, and the second is a single tap of its own.
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        stage.script.play(SeatEvents.tap(at: (400, 100), t: 150))
        stage.script.advance(to: 2000)
        #expect(recognizerEntries(stage) == ["tap.ended", "tap.ended"])
        #expect(firedAt == [Point(x: 100, y: 100), Point(x: 400, y: 100)])
        #expect(tap.state == .possible && doubleTap.state == .possible)
    }

    @Test func stateObserversSeeFailuresAndResetsThatTargetsDoNot() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        var seen: [GestureRecognizer.State] = []
        tap.onStateChange = { seen.append($0.state) }
        stage.add(tap, as: "tap")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50))
        stage.script.play(SeatEvents.tap(at: (300, 300), t: 500))
        #expect(seen == [.failed, .possible, .ended, .possible])
        #expect(recognizerEntries(stage) == ["tap.ended"])
    }

    @Test func aDelegateCanRequireFailuresPairByPair() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        var panWaitsForSwipe = true
        let delegate = ClosureDelegate()
        delegate.shouldRequireFailure = { recognizer, other in panWaitsForSwipe && other === swipe }
        pan.delegate = delegate
        stage.add(pan, as: "pan")
        stage.add(swipe, as: "swipe")
        // A quick stroke right: the pan would begin at 10 pt, but waits; the swipe recognizes at 50 pt.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 100))
        #expect(recognizerEntries(stage) == ["swipe.ended"])
        stage.log.clear()
        // A slow stroke (30 pt in 300 ms): the swipe fails when its time is up and the pan, which waited, begins.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 1000, duration: 1000))
        #expect(recognizerEntries(stage).first == "pan.began")
        #expect(recognizerEntries(stage).last == "pan.ended")
        stage.log.clear()
        // The delegate changes its mind: the pan no longer waits and takes the quick stroke itself.
        panWaitsForSwipe = false
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 2000, duration: 100))
        #expect(recognizerEntries(stage).first == "pan.began")
        #expect(!recognizerEntries(stage).contains("swipe.ended"))
    }

    // MARK: - Simultaneity

    @Test func panAndPinchOnOneViewAreExclusiveByDefault() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
        stage.add(pan, as: "pan")
        stage.add(pinch, as: "pinch")
        spreadAndMove(stage.script)
        #expect(recognizerEntries(stage) == ["pan.began", "pan.changed", "pan.changed", "pan.ended"])
    }

    @Test func panAndPinchRecognizeTogetherWhenOneDelegateSaysYes() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
        let delegate = ClosureDelegate()
        delegate.shouldRecognizeSimultaneously = { _, _ in true }
        pinch.delegate = delegate  // only one of the two delegates answers
        stage.add(pan, as: "pan")
        stage.add(pinch, as: "pinch")
        spreadAndMove(stage.script)
        #expect(recognizerEntries(stage) == [
            "pan.began", "pinch.began", "pan.changed", "pinch.changed", "pan.changed", "pinch.changed",
            "pan.ended", "pinch.ended",
        ])
    }

    // MARK: - Delegates

    @Test func aDelegateThatSaysShouldBeginFalseFailsTheRecognizer() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        let delegate = ClosureDelegate()
        delegate.shouldBegin = { _ in false }
        pan.delegate = delegate
        stage.add(pan, as: "pan")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50, lift: false))
        #expect(pan.state == .failed)
        stage.script.up(1, t: 60)
        #expect(stage.log.entries == ["view.began(1)", "view.moved(1)", "view.moved(1)", "view.moved(1)", "view.ended(1)"])
    }

    @Test func aDelegateThatSaysShouldReceiveFalseKeepsTheTouchFromTheRecognizer() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        let delegate = ClosureDelegate()
        delegate.shouldReceive = { _, touch in touch.location(in: nil).x < 400 }  // the left half only
        tap.delegate = delegate
        stage.add(tap, as: "tap")
        stage.script.play(SeatEvents.tap(at: (500, 100), t: 0))
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
        #expect(tap.numberOfTouches == 0)
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 1000))
        #expect(recognizerEntries(stage) == ["tap.ended"])
    }

    // MARK: - Targets, enabling, transitions

    @Test func everyTargetIsCalledOnEachChangeOfAContinuousRecognizer() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        stage.view.addGestureRecognizer(pan)
        var first: [String] = [], second: [String] = []
        pan.addTarget { first.append("\($0.state)") }
        let token = pan.addTarget { second.append("\($0.state)") }
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50, lift: false))
        pan.removeTarget(token)
        stage.script.up(1, t: 60)
        #expect(first == ["began", "changed", "changed", "ended"])
        #expect(second == ["began", "changed", "changed"])
    }

    @Test func disablingARecognizerMidGestureCancelsIt() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer()
        stage.add(pan, as: "pan")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 0, duration: 50, lift: false))
        pan.isEnabled = false
        #expect(pan.state == .possible)
        stage.script.move(1, to: (200, 100), t: 66)
        stage.script.up(1, t: 80)
        #expect(recognizerEntries(stage) == ["pan.began", "pan.changed", "pan.changed", "pan.cancelled"])
        pan.isEnabled = true
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (150, 100), t: 1000, duration: 50))
        #expect(recognizerEntries(stage).suffix(4) == ["pan.began", "pan.changed", "pan.changed", "pan.ended"])
    }

    @Test func illegalTransitionsAreIgnoredAndCounted() {
        final class Sloppy: GestureRecognizer {
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
                state = .changed  // possible → changed is not allowed
                state = .cancelled  // nor possible → cancelled
            }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
                state = .began
                state = .began  // began → began is not allowed
            }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
                state = .ended
                state = .changed  // ended → changed is not allowed
            }
        }
        let stage = TouchStage()
        let sloppy = Sloppy()
        stage.add(sloppy, as: "sloppy")
        stage.script.down(1, at: (100, 100), t: 0)
        #expect(sloppy.state == .possible)
        stage.script.move(1, to: (120, 100), t: 16)
        stage.script.up(1, t: 32)
        #expect(recognizerEntries(stage) == ["sloppy.began", "sloppy.ended"])
        #expect(sloppy.illegalTransitionCount == 4)
    }

    @Test func aRecognizerFailedByAnotherHearsNothingMoreFromItsTimers() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer(), press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        stage.add(pinch, as: "pinch")
        stage.add(press, as: "press")
        // Each finger moves 5 pt (within the press's 10 pt), the span grows 10 pt (past the pinch's 8 pt).
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 110, t: 0, duration: 16, lift: false))
        #expect(pinch.state == .began && press.state == .failed)
        stage.script.advance(to: 1000)  // the press's 500 ms timer would have fired here
        #expect(press.illegalTransitionCount == 0)
        stage.script.together {
            stage.script.up(1, t: 1100)
            stage.script.up(2, t: 1100)
        }
        #expect(recognizerEntries(stage) == ["pinch.began", "pinch.ended"])
    }

    // MARK: - Views

    @Test func isMultipleTouchEnabledFalseLimitsTheViewNotItsRecognizers() {
        let stage = TouchStage()
        #expect(!stage.view.isMultipleTouchEnabled)
        let pinch = PinchGestureRecognizer()
        pinch.cancelsTouchesInView = false
        stage.add(pinch, as: "pinch") { GestureLog.format($0.scale) }
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 150, t: 0, duration: 50))
        #expect(stage.log.entries == [
            "view.began(1)", "pinch.began 1.17", "view.moved(1)", "pinch.changed 1.33", "view.moved(1)",
            "pinch.changed 1.5", "view.moved(1)", "pinch.ended 1.5", "view.ended(1)",
        ])
    }

    // MARK: - The seat

    @Test func aSeatCancelInTheMiddleOfAPinchCancelsItAndTheNextSequenceStartsClean() {
        let stage = TouchStage()
        let pinch = PinchGestureRecognizer()
        stage.add(pinch, as: "pinch") { GestureLog.format($0.scale) }
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 150, t: 0, duration: 50, lift: false))
        stage.script.cancel(t: 60)
        #expect(recognizerEntries(stage) == ["pinch.began 1.17", "pinch.changed 1.33", "pinch.changed 1.5", "pinch.cancelled 1.5"])
        #expect(pinch.state == .possible && stage.window.activeTouches.isEmpty)
        stage.log.clear()
        // The compositor reuses IDs 1 and 2: new touches, a new pinch, measured from its own start.
        stage.script.play(SeatEvents.twoFingers(center: (200, 200), span: 200, toSpan: 100, t: 100, duration: 50))
        #expect(stage.log.entries == [
            "view.began(3)", "view.cancelled(3)", "pinch.began 0.83", "pinch.changed 0.67", "pinch.changed 0.5",
            "pinch.ended 0.5",
        ])
        #expect(stage.script.translator.anomalies.isEmpty)
        #expect(stage.window.engagedRecognizers.isEmpty)
    }

    // MARK: - More rules, each from a second side

    @Test func aPanThatBeginsFailsAnUndecidedRecognizerOnItsTouchAtOnce() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer(), press = LongPressGestureRecognizer()
        press.allowableMovement = 1000  // the press alone would wait its half second whatever the finger does
        stage.add(pan, as: "pan")
        stage.add(press, as: "press")
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 100, lift: false))
        #expect(pan.state == .changed)
        #expect(press.state == .failed)
        stage.script.advance(to: 1000)
        stage.script.up(1, t: 1100)
        #expect(!stage.log.entries.contains { $0.hasPrefix("press") })
    }

    @Test func aTapWhoseDelegateSaysNoNeverFiresAndLeavesTheViewItsTouches() {
        let stage = TouchStage()
        let tap = TapGestureRecognizer()
        let delegate = ClosureDelegate()
        delegate.shouldBegin = { _ in false }
        tap.delegate = delegate
        stage.add(tap, as: "tap")
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        #expect(stage.log.entries == ["view.began(1)", "view.ended(1)"])
    }

    @Test func aRecognizerThatNeverDecidesFailsOnceItsTouchesAreGone() {
        let stage = TouchStage()
        let undecided = GestureRecognizer()  // the base class decides nothing by itself
        var states: [GestureRecognizer.State] = []
        undecided.onStateChange = { states.append($0.state) }
        stage.view.addGestureRecognizer(undecided)
        stage.script.play(SeatEvents.tap(at: (100, 100), t: 0))
        #expect(states == [.failed, .possible])
    }

    @Test func aCancelDeliveredWhenARecognizerTakesATouchStillDownShowsCancelled() {
        final class PhaseView: View {
            var cancelled: [Touch.Phase] = []
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { cancelled += touches.map(\.phase) }
        }
        let stage = TouchStage()
        let view = PhaseView(frame: stage.window.bounds)
        stage.window.addSubview(view)
        view.addGestureRecognizer(PanGestureRecognizer())
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 100, lift: false))
        // The pan began while the finger moved on: the view's cancel shows `cancelled`, not the move.
        #expect(view.cancelled == [.cancelled])
        #expect(stage.window.activeTouches.first?.phase == .moved)
    }

    @Test func aPanWaitingForASwipeThatFailsOnTheLiftReportsBeganThenEnded() {
        let stage = TouchStage()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        pan.require(toFail: swipe)
        stage.add(pan, as: "pan")
        stage.add(swipe, as: "swipe")
        // 30 pt in 150 ms: past the pan's 10 pt, short of a swipe's 50 pt; the swipe fails only on the lift.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (130, 100), t: 0, duration: 150))
        #expect(recognizerEntries(stage) == ["pan.began", "pan.ended"])
    }
}
