import PropertyBased
import SeatInput
import Testing
@testable import TouchUI
import TouchUITesting

/// Random touch streams fed to a window with every built-in recognizer attached: whatever the fingers do, the
/// recognizers follow UIKit's state machine and are ready again once the fingers are gone.
@Suite struct RecognizerPropertyTests {
    /// Every recognizer is back in `possible` with no touches, and the window holds no touch, arena entry or timer.
    private func expectEverythingSettled(_ harness: RecognizerHarness) {
        for (name, recognizer) in harness.recognizers {
            #expect(recognizer.state == .possible, "\(name) is \(recognizer.state)")
            #expect(recognizer.numberOfTouches == 0, "\(name) still holds touches")
        }
        #expect(harness.stage.window.activeTouches.isEmpty)
        #expect(harness.stage.window.engagedRecognizers.isEmpty)
        #expect(harness.stage.window.timers.nextDeadline == nil)
    }

    /// Plays a random stream, decoded from integers: each says what one of three fingers does, or that time
    /// passes, or that the compositor cancels everything.
    private func play(_ steps: [Int], on harness: RecognizerHarness) {
        let script = harness.stage.script
        var down: [Int: (Double, Double)] = [:]
        var t = 0.0
        for step in steps {
            t += Double(step % 97)  // 0–96 ms between steps: taps, drags and holds all happen
            let finger = (step / 97) % 3 + 1
            let x = Double((step / 291) % 700) + 50, y = Double((step / 203_700) % 500) + 50
            switch (step / 29) % 10 {
            case 0, 1:
                if down[finger] == nil {
                    down[finger] = (x, y)
                    script.down(finger, at: (x, y), t: t)
                }
            case 2, 3, 4, 5:
                if let (px, py) = down[finger] {
                    // Mostly small steps, like a finger dragging; now and then a jump.
                    let scale = step % 5 == 0 ? 1.0 : 0.05
                    let next = (px + (x - 400) * scale, py + (y - 300) * scale)
                    down[finger] = next
                    script.move(finger, to: next, t: t)
                }
            case 6, 7:
                if down.removeValue(forKey: finger) != nil { script.up(finger, t: t) }
            case 8:
                script.advance(to: t + Double(step % 700))
                t = script.time
            default:
                if step % 7 == 0 {
                    down = [:]
                    script.cancel(t: t)
                } else {
                    script.advance(to: t)
                }
            }
        }
        // End the sequence: lift every finger, let every timer run out.
        for finger in down.keys.sorted() {
            t += 16
            script.up(finger, t: t)
        }
        script.advance(to: t + 2000)
    }

    private static let streams = Gen.int(in: 0...Int(Int32.max)).array(of: 1...80)

    @Test func noRecognizerEverMakesAnIllegalTransition() async {
        await propertyCheck(count: 300, input: Self.streams) { steps in
            let harness = RecognizerHarness()
            play(steps, on: harness)
            for (name, recognizer) in harness.recognizers {
                #expect(recognizer.illegalTransitionCount == 0, "\(name) asked for an illegal transition")
                let states = harness.observed[name] ?? []
                for (from, to) in zip(states, states.dropFirst()) {
                    #expect(UIKitStateTable.allows(from, to), "\(name): \(from) → \(to) in \(states)")
                }
            }
        }
    }

    @Test func everyGestureThatBeganEndsOrIsCancelled() async {
        await propertyCheck(count: 300, input: Self.streams) { steps in
            let harness = RecognizerHarness()
            play(steps, on: harness)
            for (name, _) in harness.recognizers {
                var isOpen = false
                for state in harness.observed[name] ?? [] {
                    switch state {
                    case .began: isOpen = true
                    case .ended, .cancelled: isOpen = false
                    case .possible, .failed: #expect(!isOpen, "\(name) began and never ended")
                    case .changed: #expect(isOpen, "\(name) changed without beginning")
                    }
                }
                #expect(!isOpen, "\(name) is still going")
            }
        }
    }

    @Test func everyRecognizerIsBackInPossibleOnceTheSequenceIsOver() async {
        await propertyCheck(count: 300, input: Self.streams) { steps in
            let harness = RecognizerHarness()
            play(steps, on: harness)
            expectEverythingSettled(harness)
        }
    }

    @Test func targetActionsComeInUIKitsOrder() async {
        await propertyCheck(count: 300, input: Self.streams) { steps in
            let harness = RecognizerHarness()
            play(steps, on: harness)
            for (name, _) in harness.recognizers {
                let history = harness.history[name] ?? []
                #expect(UIKitActionOrder.violation(in: history) == nil, "\(name): \(history)")
            }
        }
    }

    // MARK: - Bad streams

    /// Plays a stream a broken or hostile seat might send, decoded from integers: downs for IDs already down,
    /// motion and ups for IDs never down, frames left out, cancels, and time going back.
    private func playBadStream(_ steps: [Int], on harness: RecognizerHarness) {
        let script = harness.stage.script
        var t = 0.0
        for step in steps {
            // 0–96 ms on, or now and then 0–149 ms back.
            t += step % 13 == 0 ? -Double(step % 150) : Double(step % 97)
            let id = Int32((step / 97) % 5)
            let location = Point(x: Double((step / 291) % 800), y: Double((step / 232_800) % 600))
            let kind: SeatEvent.Kind
            switch (step / 29) % 12 {
            case 0, 1, 2: kind = .touchDown(id: id, location: location)
            case 3, 4, 5, 6: kind = .touchMotion(id: id, location: location)
            case 7, 8: kind = .touchUp(id: id)
            case 9: kind = .touchFrame
            case 10: kind = .touchCancel
            default: kind = .tick
            }
            script.play([SeatEvent(time: .milliseconds(t), kind)])
            // A fifth of the changes come without their frame.
            if step % 5 != 0 { script.play([SeatEvent(time: .milliseconds(t), .touchFrame)]) }
        }
        script.translator.finish()
        script.advance(to: script.time + 2000)
    }

    @Test func badStreamsKeepUIKitsStateMachineAndActionOrder() async {
        await propertyCheck(count: 300, input: Self.streams) { steps in
            let harness = RecognizerHarness()
            playBadStream(steps, on: harness)
            for (name, recognizer) in harness.recognizers {
                #expect(recognizer.illegalTransitionCount == 0, "\(name) asked for an illegal transition")
                let states = harness.observed[name] ?? []
                for (from, to) in zip(states, states.dropFirst()) {
                    #expect(UIKitStateTable.allows(from, to), "\(name): \(from) → \(to) in \(states)")
                }
                let history = harness.history[name] ?? []
                #expect(UIKitActionOrder.violation(in: history) == nil, "\(name): \(history)")
            }
        }
    }

    @Test func badStreamsLeaveNothingBehind() async {
        await propertyCheck(count: 300, input: Self.streams) { steps in
            let harness = RecognizerHarness()
            playBadStream(steps, on: harness)
            expectEverythingSettled(harness)
        }
    }
}
