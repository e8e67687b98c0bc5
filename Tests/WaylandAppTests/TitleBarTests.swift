import SeatInput
import Testing
import TouchUI
@testable import WaylandApp
import WaylandClient

/// The title bar drawn where the compositor draws no decorations: it takes the presses that start on it.
@Suite struct TitleBarTests {
    /// A title bar on a 400-point-wide window, recording what it asks the window to do.
    private struct Harness {
        var bar = TitleBar()
        var moves = 0
        var closes = 0
        var resizes: [ToplevelWindow.ResizeEdges] = []
        var maximizeToggles = 0
        var minimizes = 0
        var fullscreenToggles = 0
        var cursors: [String?] = []
        /// Whether the window has resize borders (not maximized, tiled or fullscreen).
        var isResizable = false

        mutating func send(_ kind: SeatEvent.Kind, at time: Double = 0) -> SeatEvent.Kind? {
            var moves = self.moves, closes = self.closes, resizes = self.resizes, toggles = maximizeToggles,
                minimizes = self.minimizes, cursors = self.cursors, fullscreens = fullscreenToggles
            let actions = WindowActions(
                beginMove: { moves += 1 }, beginResize: { resizes.append($0) }, toggleMaximized: { toggles += 1 },
                minimize: { minimizes += 1 }, toggleFullscreen: { fullscreens += 1 }, close: { closes += 1 },
                setCursor: { cursors.append($0) })
            let result = bar.filter(SeatEvent(time: .milliseconds(time), kind), width: 400, height: 300, isResizable: isResizable,
                                    actions: actions)
            self.moves = moves
            self.closes = closes
            self.resizes = resizes
            maximizeToggles = toggles
            self.minimizes = minimizes
            fullscreenToggles = fullscreens
            self.cursors = cursors
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

    @Test func aPenTappingTheCloseButtonClosesAndTheContentOnlySeesItHover() {
        var harness = Harness()
        #expect(harness.send(.tablet(.proximityIn(.pen, location: Point(x: 385, y: 15)))) ==
                .tablet(.proximityIn(.pen, location: Point(x: 385, y: -17))))
        #expect(harness.send(.tablet(.down)) == nil)
        #expect(harness.send(.tablet(.motion(location: Point(x: 386, y: 16), axes: TabletAxes(pressure: 0.5)))) == nil)
        #expect(harness.send(.tablet(.up)) == nil)
        #expect(harness.closes == 1)
        // Below the strip the pen is the content's, shifted up.
        #expect(harness.send(.tablet(.motion(location: Point(x: 100, y: 132)))) == .tablet(.motion(location: Point(x: 100, y: 100))))
        #expect(harness.send(.tablet(.down)) == .tablet(.down))
        #expect(harness.send(.tablet(.up)) == .tablet(.up))
        #expect(harness.closes == 1)
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

    /// Places on a 400x300 window's borders and the edges a press there resizes.
    static let borderPlaces: [(Point, ToplevelWindow.ResizeEdges)] = [
        (Point(x: 2, y: 150), .left), (Point(x: 398, y: 150), .right),
        (Point(x: 200, y: 2), .top), (Point(x: 200, y: 298), .bottom),
        (Point(x: 2, y: 2), [.top, .left]), (Point(x: 10, y: 2), [.top, .left]), (Point(x: 398, y: 10), [.top, .right]),
        (Point(x: 3, y: 297), [.bottom, .left]), (Point(x: 390, y: 298), [.bottom, .right]),
    ]

    @Test(arguments: borderPlaces)
    func aFingerOrThePointerOnABorderResizesFromThatEdge(location: Point, edges: ToplevelWindow.ResizeEdges) {
        var harness = Harness()
        harness.isResizable = true
        #expect(harness.send(.touchDown(id: 1, location: location)) == nil)
        #expect(harness.send(.touchMotion(id: 1, location: Point(x: 200, y: 200))) == nil)
        #expect(harness.send(.touchUp(id: 1)) == nil)
        #expect(harness.send(.pointerEnter(location: location)) == .pointerEnter(location: Point(x: location.x, y: location.y - 32)))
        #expect(harness.cursors == [edges.cursorName])
        #expect(harness.send(.pointerButton(.left, isPressed: true)) == nil)
        #expect(harness.send(.pointerButton(.left, isPressed: false)) == nil)
        #expect(harness.resizes == [edges, edges])
        #expect(harness.moves == 0)
    }

    @Test func aMaximizedWindowHasNoBordersTheContentGetsThem() {
        var harness = Harness()
        #expect(harness.send(.touchDown(id: 1, location: Point(x: 2, y: 150))) == .touchDown(id: 1, location: Point(x: 2, y: 118)))
        #expect(harness.send(.pointerEnter(location: Point(x: 398, y: 298))) != nil)
        #expect(harness.send(.pointerButton(.left, isPressed: true)) == .pointerButton(.left, isPressed: true))
        #expect(harness.resizes.isEmpty && harness.cursors.isEmpty)
    }

    @Test func aDoubleTapOrDoubleClickOnTheStripMaximizesAndASlowOneMovesTwice() {
        var harness = Harness()
        for (time, id) in [(0.0, Int32(1)), (250, 2)] {
            _ = harness.send(.touchDown(id: id, location: Point(x: 100, y: 10)), at: time)
            _ = harness.send(.touchUp(id: id), at: time + 50)
        }
        #expect(harness.maximizeToggles == 1 && harness.moves == 1)
        _ = harness.send(.pointerEnter(location: Point(x: 150, y: 12)), at: 1000)
        for time in [1000.0, 1300] {
            _ = harness.send(.pointerButton(.left, isPressed: true), at: time)
            _ = harness.send(.pointerButton(.left, isPressed: false), at: time + 40)
        }
        #expect(harness.maximizeToggles == 2 && harness.moves == 2)
        // Too slow: two moves.
        for time in [3000.0, 3600] {
            _ = harness.send(.pointerButton(.left, isPressed: true), at: time)
            _ = harness.send(.pointerButton(.left, isPressed: false), at: time + 40)
        }
        #expect(harness.maximizeToggles == 2 && harness.moves == 4)
    }

    @Test func theMaximizeAndMinimizeButtonsBesideClose() {
        var harness = Harness()
        let maximize = TitleBar.rect(of: .maximize, width: 400), minimize = TitleBar.rect(of: .minimize, width: 400)
        #expect(maximize.maxX == TitleBar.closeButton(width: 400).minX && minimize.maxX == maximize.minX)
        _ = harness.send(.touchDown(id: 1, location: Point(x: maximize.midX, y: 16)))
        _ = harness.send(.touchUp(id: 1))
        _ = harness.send(.pointerEnter(location: Point(x: minimize.midX, y: 16)))
        _ = harness.send(.pointerButton(.left, isPressed: true))
        _ = harness.send(.pointerButton(.left, isPressed: false))
        #expect(harness.maximizeToggles == 1 && harness.minimizes == 1 && harness.closes == 0 && harness.moves == 0)
    }

    @Test func aFingerOnTheFullscreenButtonAsksForFullscreen() {
        var harness = Harness()
        let fullscreen = TitleBar.rect(of: .fullscreen, width: 400)
        #expect(fullscreen.maxX == TitleBar.rect(of: .minimize, width: 400).minX && fullscreen.width >= 32)
        _ = harness.send(.touchDown(id: 1, location: Point(x: fullscreen.midX, y: 16)))
        _ = harness.send(.touchUp(id: 1))
        #expect(harness.fullscreenToggles == 1 && harness.minimizes == 0 && harness.moves == 0)
    }
}
