import SeatInput
import Testing
import TouchUI
@testable import WaylandApp

/// The title bar drawn where the compositor draws no decorations: it takes the presses that start on it.
@Suite struct TitleBarTests {
    /// A title bar on a 400-point-wide window, recording what it asks the window to do.
    private struct Harness {
        var bar = TitleBar()
        var moves = 0
        var closes = 0

        mutating func send(_ kind: SeatEvent.Kind) -> SeatEvent.Kind? {
            var moves = self.moves, closes = self.closes
            let result = bar.filter(SeatEvent(time: 0, kind), width: 400, beginMove: { moves += 1 }, close: { closes += 1 })
            self.moves = moves
            self.closes = closes
            return result?.kind
        }
    }

    @Test func aFingerOnTheStripMovesTheWindowAndTheContentNeverHearsOfIt() {
        var harness = Harness()
        #expect(harness.send(.touchDown(id: 1, location: Point(x: 100, y: 10))) == nil)
        #expect(harness.send(.touchMotion(id: 1, location: Point(x: 150, y: 60))) == nil)
        #expect(harness.send(.touchUp(id: 1)) == nil)
        #expect(harness.moves == 1 && harness.closes == 0)
    }

    @Test func aFingerBelowTheStripGoesToTheContentShiftedUp() {
        var harness = Harness()
        #expect(harness.send(.touchDown(id: 2, location: Point(x: 100, y: 50))) == .touchDown(id: 2, location: Point(x: 100, y: 18)))
        // It keeps going to the content even over the strip.
        #expect(harness.send(.touchMotion(id: 2, location: Point(x: 100, y: 10))) == .touchMotion(id: 2, location: Point(x: 100, y: -22)))
        #expect(harness.send(.touchUp(id: 2)) == .touchUp(id: 2))
        #expect(harness.moves == 0)
    }

    @Test func aTapOnTheCloseButtonClosesButSlidingOffItDoesNot() {
        var harness = Harness()
        _ = harness.send(.touchDown(id: 1, location: Point(x: 385, y: 15)))
        _ = harness.send(.touchUp(id: 1))
        #expect(harness.closes == 1)
        _ = harness.send(.touchDown(id: 1, location: Point(x: 385, y: 15)))
        _ = harness.send(.touchMotion(id: 1, location: Point(x: 200, y: 15)))
        _ = harness.send(.touchUp(id: 1))
        #expect(harness.closes == 1 && harness.moves == 0)
    }

    @Test func thePointerMovesAndClosesWithTheLeftButtonOnly() {
        var harness = Harness()
        #expect(harness.send(.pointerEnter(location: Point(x: 50, y: 12))) == .pointerEnter(location: Point(x: 50, y: -20)))
        #expect(harness.send(.pointerButton(.right, isPressed: true)) == nil)
        #expect(harness.moves == 0)
        #expect(harness.send(.pointerButton(.left, isPressed: true)) == nil)
        #expect(harness.send(.pointerMotion(location: Point(x: 80, y: 100))) == nil)
        #expect(harness.send(.pointerButton(.left, isPressed: false)) == nil)
        #expect(harness.moves == 1)
        _ = harness.send(.pointerMotion(location: Point(x: 390, y: 20)))
        _ = harness.send(.pointerButton(.left, isPressed: true))
        _ = harness.send(.pointerButton(.left, isPressed: false))
        #expect(harness.closes == 1)
        // Below the strip the button is the content's.
        _ = harness.send(.pointerMotion(location: Point(x: 80, y: 100)))
        #expect(harness.send(.pointerButton(.left, isPressed: true)) == .pointerButton(.left, isPressed: true))
    }
}
