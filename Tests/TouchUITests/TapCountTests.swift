import Testing
@testable import TouchUI

@Suite struct TapCountTests {
    /// Taps a contact at a place: down at `t`, up 60 ms later.
    private func tap(_ scene: Scene, _ contact: Int, at point: (Double, Double), t: Double, drift: Double = 0) -> Touch? {
        scene.send(down(contact, point.0, point.1), at: t)
        let touch = scene.window.activeTouches.last
        if drift != 0 { scene.send(move(contact, point.0 + drift, point.1), at: t + 30) }
        scene.send(up(contact), at: t + 60)
        return touch
    }

    @Test func quickTapsAtOnePlaceCountOneTwoThree() {
        let scene = Scene()
        let counts = [0.0, 200, 400].enumerated().map { tap(scene, $0.offset + 1, at: (400, 300), t: $0.element)?.tapCount }
        #expect(counts == [1, 2, 3])
    }

    @Test func aPauseLongerThanTheDoubleTapIntervalStartsAgain() {
        let scene = Scene()
        // The second press comes 340 ms after the first release: past the 300 ms interval.
        let first = tap(scene, 1, at: (400, 300), t: 0)
        let second = tap(scene, 2, at: (400, 300), t: 400)
        #expect(first?.tapCount == 1)
        #expect(second?.tapCount == 1)
    }

    @Test func aTouchThatMovedPastTheSlopIsNoTap() {
        let scene = Scene()
        // Moves 12 pt, beyond the 10 pt tap slop.
        _ = tap(scene, 1, at: (400, 300), t: 0, drift: 12)
        let next = tap(scene, 2, at: (400, 300), t: 150)
        #expect(next?.tapCount == 1)
    }

    @Test func quickTapsFarApartAreSingleTaps() {
        let scene = Scene()
        _ = tap(scene, 1, at: (100, 100), t: 0)
        let far = tap(scene, 2, at: (400, 300), t: 150)
        #expect(far?.tapCount == 1)
    }

    @Test func aSmallDriftWithinTheSlopStillCounts() {
        let scene = Scene()
        _ = tap(scene, 1, at: (400, 300), t: 0, drift: 4)
        let next = tap(scene, 2, at: (410, 305), t: 150)
        #expect(next?.tapCount == 2)
    }
}
