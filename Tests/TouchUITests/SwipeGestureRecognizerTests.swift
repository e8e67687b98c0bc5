import SeatInput
import Testing
import TouchUI
import TouchUITesting

@Suite struct SwipeGestureRecognizerTests {
    private func swipeStage(_ direction: SwipeGestureRecognizer.Direction = .right,
                            touches: Int = 1) -> (TouchStage, SwipeGestureRecognizer) {
        let stage = TouchStage()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = direction
        swipe.numberOfTouchesRequired = touches
        stage.add(swipe, as: "swipe") { "\($0.recognizedDirection.map(String.init(describing:)) ?? "-")" }
        return (stage, swipe)
    }

    private func swipeEntries(_ stage: TouchStage) -> [String] {
        stage.log.entries.filter { $0.hasPrefix("swipe") }
    }

    @Test func aQuickStrokeRightRecognizesOnceItHasGoneFiftyPoints() {
        let (stage, _) = swipeStage()
        // 100 pt in 100 ms: 50 pt at the third frame, 50 ms in.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 100))
        #expect(stage.log.entries == ["view.began(1)", "view.moved(1)", "view.moved(1)", "view.cancelled(1)", "swipe.ended right"])
    }

    @Test func aSlowStrokeFailsWhenTheTimeRunsOut() {
        let (stage, swipe) = swipeStage()
        // 100 pt in a second: 30 pt when the 300 ms are up.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 100), t: 0, duration: 1000, lift: false))
        #expect(swipe.state == .failed)
        stage.script.up(1, t: 1000)
        #expect(swipeEntries(stage) == [])
    }

    @Test func aDiagonalStrokeStraysOffTheAxisAndFails() {
        let (stage, swipe) = swipeStage([.right, .down])
        // 45°: 15° beyond the 30° limit from either allowed axis.
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (200, 200), t: 0, duration: 100, lift: false))
        #expect(swipe.state == .failed)
        stage.script.up(1, t: 100)
        #expect(swipeEntries(stage) == [])
    }

    @Test func aStrokeWithinThirtyDegreesOfTheAxisCounts() {
        let (stage, _) = swipeStage(.up)
        // 20° off vertical, 100 pt up-right.
        stage.script.play(SeatEvents.drag(from: (100, 300), to: (134.2, 206), t: 0, duration: 100))
        #expect(swipeEntries(stage) == ["swipe.ended up"])
    }

    @Test func aStrokeInADirectionNotAllowedFails() {
        let (stage, swipe) = swipeStage(.right)
        stage.script.play(SeatEvents.drag(from: (200, 100), to: (100, 100), t: 0, duration: 100, lift: false))
        #expect(swipe.state == .failed)
        stage.script.up(1, t: 100)
        let (leftStage, _) = swipeStage([.left, .right])
        leftStage.script.play(SeatEvents.drag(from: (200, 100), to: (100, 100), t: 0, duration: 100))
        #expect(swipeEntries(leftStage) == ["swipe.ended left"])
    }

    @Test func liftingBeforeFiftyPointsFails() {
        let (stage, _) = swipeStage()
        stage.script.play(SeatEvents.drag(from: (100, 100), to: (140, 100), t: 0, duration: 50))
        #expect(swipeEntries(stage) == [])
    }

    @Test func aTwoFingerSwipeNeedsTwoFingersAndOneFingerTooManyFailsIt() {
        let (stage, _) = swipeStage(.down, touches: 2)
        stage.script.play(SeatEvents.twoFingers(center: (200, 100), span: 60, toSpan: 60, t: 0, duration: 100))
        #expect(swipeEntries(stage) == [])  // they did not move
        stage.script.down(1, at: (180, 100), t: 200)
        stage.script.down(2, at: (220, 100), t: 200)
        for frame in 1...6 {
            let t = 200 + Double(frame) * 16, y = 100 + Double(frame) * 15
            stage.script.together {
                stage.script.move(1, to: (180, y), t: t)
                stage.script.move(2, to: (220, y), t: t)
            }
        }
        stage.script.up(1, t: 400)
        stage.script.up(2, t: 400)
        #expect(swipeEntries(stage) == ["swipe.ended down"])
        let (oneTooMany, swipe) = swipeStage(.down, touches: 1)
        oneTooMany.script.down(1, at: (180, 100), t: 0)
        oneTooMany.script.down(2, at: (220, 100), t: 10)
        #expect(swipe.state == .failed)
    }

    @Test func twoFingersComingDownTogetherFailAOneFingerSwipeAtOnce() {
        let (stage, swipe) = swipeStage(.right, touches: 1)
        stage.script.together {
            stage.script.down(1, at: (100, 100), t: 0)
            stage.script.down(2, at: (100, 140), t: 0)
        }
        #expect(swipe.state == .failed)
    }

    @Test func anExtraFingerDuringTheStrokeFailsItAndTheStrokeIsNotASwipe() {
        let (stage, swipe) = swipeStage(.right, touches: 1)
        stage.script.down(1, at: (100, 100), t: 0)
        stage.script.down(2, at: (100, 104), t: 10)  // beside it: the two together would still look like a swipe
        // Finger 1 goes on with a stroke that alone would be a swipe: 120 pt right in 100 ms.
        for frame in 1...6 { stage.script.move(1, to: (100 + Double(frame) * 20, 100), t: 10 + Double(frame) * 16) }
        #expect(swipe.state == .failed)
        stage.script.up(1, t: 120)
        stage.script.up(2, t: 130)
        #expect(swipeEntries(stage) == [])
    }

    @Test func threeFingersFailATwoFingerSwipe() {
        let (stage, swipe) = swipeStage(.down, touches: 2)
        stage.script.together {
            stage.script.down(1, at: (180, 100), t: 0)
            stage.script.down(2, at: (220, 100), t: 0)
            stage.script.down(3, at: (260, 100), t: 0)
        }
        #expect(swipe.state == .failed)
        for frame in 1...6 {
            let t = Double(frame) * 16, y = 100 + Double(frame) * 15
            stage.script.together {
                stage.script.move(1, to: (180, y), t: t)
                stage.script.move(2, to: (220, y), t: t)
                stage.script.move(3, to: (260, y), t: t)
            }
        }
        stage.script.together {
            stage.script.up(1, t: 110)
            stage.script.up(2, t: 110)
            stage.script.up(3, t: 110)
        }
        #expect(swipeEntries(stage) == [])
    }
}
