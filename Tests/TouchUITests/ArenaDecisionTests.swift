import SeatInput
import Testing
import TouchUI
import TouchUITesting

/// The arena's decisions as a developer debugging a conflict reads them (`Window.onArenaDecision`,
/// `TOUCHUI_DEBUG=arena`): who took part for which touches, who won, and why each other one failed.
@Suite struct ArenaDecisionTests {
    /// A stage whose window reports every arena decision as its line.
    private func stage(_ recognizers: [GestureRecognizer]) -> (TouchStage, lines: () -> [String]) {
        let stage = TouchStage()
        var lines: [String] = []
        stage.window.onArenaDecision = { lines.append($0.description) }
        for (index, recognizer) in recognizers.enumerated() { stage.add(recognizer, as: "r\(index)") }
        return (stage, { lines })
    }

    /// Two fingers 100 pt apart spreading to 250 pt about a fixed centroid over 200 ms at 60 Hz.
    private let spread = SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 250, t: 0, duration: 200)

    @Test func aPinchThatWinsOverAPanSaysSoAndThePanSaysWhyItFailed() throws {
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
        pan.name = "move"
        pinch.name = "zoom"
        let (stage, lines) = stage([pan, pinch])
        stage.script.play(spread)
        #expect(lines() == [
            #"arena: PinchGestureRecognizer "zoom" [touches 1,2] began"#,
            #"arena: PanGestureRecognizer "move" [touches 1,2] failed: PinchGestureRecognizer "zoom" recognized and they may not recognize simultaneously"#,
        ])
    }

    @Test func aTwoFingerTapThatRequiresThePinchToFailFailsWhenThePinchBegins() throws {
        let tap = TapGestureRecognizer(), pinch = PinchGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.name = "undo"
        tap.require(toFail: pinch)
        let (stage, lines) = stage([tap, pinch])
        // The fingers spread slowly, so the pinch begins before they leave the tap's slop.
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 118, t: 0, duration: 150))
        let decisions = lines()
        #expect(decisions.first == "arena: PinchGestureRecognizer [touches 1,2] began")
        #expect(decisions.contains(
            #"arena: TapGestureRecognizer "undo" [touches 1,2] failed: it requires PinchGestureRecognizer to fail, which recognized"#
        ))
    }

    @Test func aQuickTwoFingerTapWaitsForThePinchThenRecognizes() throws {
        let tap = TapGestureRecognizer(), pinch = PinchGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.require(toFail: pinch)
        let (stage, lines) = stage([tap, pinch])
        stage.script.together {
            stage.script.down(1, at: (300, 300), t: 0)
            stage.script.down(2, at: (400, 300), t: 0)
        }
        stage.script.together {
            stage.script.up(1, t: 80)
            stage.script.up(2, t: 80)
        }
        #expect(lines() == [
            "arena: TapGestureRecognizer [touches 1,2] waits for PinchGestureRecognizer to fail",
            "arena: PinchGestureRecognizer [touches 1,2] failed: its own rule",
            "arena: TapGestureRecognizer [touches 1,2] recognized",
        ])
    }

    @Test func aDelegateVetoAndACancelAreNamed() throws {
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
        let veto = ClosureDelegate()
        veto.shouldBegin = { _ in false }
        pinch.delegate = veto
        let (stage, lines) = stage([pan, pinch])
        stage.script.play(SeatEvents.twoFingers(center: (400, 300), span: 100, toSpan: 250, t: 0, duration: 200, lift: false))
        stage.script.cancel(t: 300)
        // The pan, its centroid still, has not begun when the compositor cancels the fingers.
        #expect(lines() == [
            "arena: PinchGestureRecognizer [touches 1,2] failed: its delegate's gestureRecognizerShouldBegin said no",
            "arena: PanGestureRecognizer [touches 1,2] failed: its touches were cancelled",
        ])
    }

    @Test func aPanInProgressThatTheCompositorCancelsIsCancelledAndSaysWhy() throws {
        let pan = PanGestureRecognizer()
        let (stage, lines) = stage([pan])
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (160, 100), t: 16)
        stage.script.cancel(t: 32)
        #expect(lines() == [
            "arena: PanGestureRecognizer [touches 1] began",
            "arena: PanGestureRecognizer [touches 1] cancelled: its touches were cancelled",
        ])
    }

    @Test func aDisabledRecognizerSaysSo() throws {
        let pan = PanGestureRecognizer()
        let (stage, lines) = stage([pan])
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.move(1, to: (160, 100), t: 16)
        pan.isEnabled = false
        #expect(lines().last == "arena: PanGestureRecognizer [touches 1] cancelled: it was disabled or removed")
    }

    @Test func withNobodyListeningTheRecognizersBehaveTheSame() throws {
        func play(listening: Bool) -> [String] {
            let stage = TouchStage()
            let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
            if listening { stage.window.onArenaDecision = { _ in } }
            stage.add(pan, as: "pan")
            stage.add(pinch, as: "pinch")
            stage.script.play(spread)
            return stage.log.entries
        }
        #expect(play(listening: true) == play(listening: false))
        #expect(play(listening: false).contains("pinch.began"))
    }
}
