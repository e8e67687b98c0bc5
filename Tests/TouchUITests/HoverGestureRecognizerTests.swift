import Testing
import SeatInput
import TouchUI

/// A pen hovering over views, from trace lines played through the translator as a compositor sends them (a tablet
/// reporting every 5 ms, each change its own frame).
@Suite struct HoverGestureRecognizerTests {
    /// A window with a panel (200…600 × 100…400) on a full-size background, a hover recognizer on each, and a pan
    /// on the panel; every state change logged with where the recognizer says the pen is, in its view.
    final class Scene {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let background = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let panel = View(frame: Rect(x: 200, y: 100, width: 400, height: 300))
        let panelHover = HoverGestureRecognizer()
        let backgroundHover = HoverGestureRecognizer()
        let pan = PanGestureRecognizer()
        let translator: SeatEventTranslator
        var log: [String] = []

        init() {
            translator = SeatEventTranslator(window: window)
            window.addSubview(background)
            background.addSubview(panel)
            panel.addGestureRecognizer(panelHover)
            background.addGestureRecognizer(backgroundHover)
            panel.addGestureRecognizer(pan)
            for (name, recognizer) in [("panel", panelHover), ("background", backgroundHover)] {
                recognizer.onStateChange = { [unowned self] changed in
                    guard let hover = changed as? HoverGestureRecognizer else { return }
                    let location = hover.location(in: hover.view)
                    log.append("\(name) \(hover.state) \(Int(location.x)),\(Int(location.y)) z\(hover.zOffset)")
                }
            }
            pan.onStateChange = { [unowned self] changed in log.append("pan \(changed.state)") }
        }

        func play(_ lines: String) throws {
            translator.handle(try Trace(parsing: lines).events)
        }

        func entries(of name: String) -> [String] { log.filter { $0.hasPrefix(name + " ") } }
    }

    /// Tablet lines for a pen hovering along `points`, 5 ms apart from `start` ms, each its own frame.
    static func hover(_ points: [(Double, Double)], from start: Double, distance: [Double]? = nil) -> String {
        points.enumerated().map { index, point in
            let time = start + 5 * Double(index)
            let z = distance.map { #", "distance": \#($0[index])"# } ?? ""
            return """
                {"t": \(time), "tablet": "motion", "x": \(point.0), "y": \(point.1)\(z)}
                {"t": \(time), "tablet": "frame"}
                """
        }.joined(separator: "\n")
    }

    @Test func aPenHoveringOverAViewBeginsChangesAndEndsWhenItLeavesProximity() throws {
        let scene = Scene()
        try scene.play("""
            {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 300, "y": 200}
            {"t": 0, "tablet": "frame"}
            \(Self.hover([(305, 202), (310, 204)], from: 5))
            {"t": 20, "tablet": "proximity_out"}
            {"t": 20, "tablet": "frame"}
            """)
        // In the panel's coordinates: the pen at (300, 200) in the window is (100, 100) in the panel.
        #expect(scene.entries(of: "panel") == [
            "panel began 100,100 z0.0", "panel changed 105,102 z0.0", "panel changed 110,104 z0.0",
            "panel ended 110,104 z0.0", "panel possible 110,104 z0.0",
        ])
        #expect(scene.panelHover.state == .possible)
        #expect(scene.panelHover.pen == nil)
        // Its ancestor's recognizer follows the same pen, in its own coordinates.
        #expect(scene.entries(of: "background").prefix(4) == [
            "background began 300,200 z0.0", "background changed 305,202 z0.0", "background changed 310,204 z0.0",
            "background ended 310,204 z0.0",
        ])
        // A hover is no touch: the pan heard nothing.
        #expect(scene.entries(of: "pan").isEmpty)
    }

    @Test func leavingTheViewEndsItsHoverWhileTheViewBehindFollowsOnAndComingBackBeginsAnew() throws {
        let scene = Scene()
        try scene.play("""
            {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 580, "y": 200}
            {"t": 0, "tablet": "frame"}
            \(Self.hover([(595, 200), (610, 200), (625, 200), (590, 200)], from: 5))
            """)
        #expect(scene.entries(of: "panel") == [
            "panel began 380,100 z0.0", "panel changed 395,100 z0.0",
            // The pen crossed the panel's right edge (x 600) between 595 and 610: ended where it last was over it.
            "panel ended 395,100 z0.0", "panel possible 395,100 z0.0",
            // Back over the panel: a new hover.
            "panel began 390,100 z0.0",
        ])
        #expect(scene.entries(of: "background") == [
            "background began 580,200 z0.0", "background changed 595,200 z0.0", "background changed 610,200 z0.0",
            "background changed 625,200 z0.0", "background changed 590,200 z0.0",
        ])
        #expect(scene.panelHover.state == .began)
        #expect(scene.backgroundHover.state == .changed)
    }

    @Test func touchingDownEndsTheHoverTheTouchIsAStrokeAndLiftingHoversAgain() throws {
        let scene = Scene()
        try scene.play("""
            {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 300, "y": 200}
            {"t": 0, "tablet": "frame"}
            \(Self.hover([(302, 201)], from: 5))
            {"t": 10, "tablet": "down"}
            {"t": 10, "tablet": "motion", "x": 302, "y": 201, "pressure": 0.3}
            {"t": 10, "tablet": "frame"}
            {"t": 15, "tablet": "motion", "x": 320, "y": 210, "pressure": 0.5}
            {"t": 15, "tablet": "frame"}
            {"t": 20, "tablet": "motion", "x": 340, "y": 220, "pressure": 0.5}
            {"t": 20, "tablet": "frame"}
            {"t": 25, "tablet": "up"}
            {"t": 25, "tablet": "frame"}
            \(Self.hover([(345, 222)], from: 30))
            """)
        #expect(scene.log == [
            "panel began 100,100 z0.0", "background began 300,200 z0.0",
            "panel changed 102,101 z0.0", "background changed 302,201 z0.0",
            // The pen touches the screen: no longer hovering.
            "panel ended 102,101 z0.0", "background ended 302,201 z0.0",
            "panel possible 102,101 z0.0", "background possible 302,201 z0.0",
            // Its touch is the panel's to pan, as any touch is.
            "pan began", "pan changed", "pan ended", "pan possible",
            // Lifted and still near: hovering again where it lifted, then where it moved.
            "panel began 140,120 z0.0", "background began 340,220 z0.0",
            "panel changed 145,122 z0.0", "background changed 345,222 z0.0",
        ])
    }

    @Test func zOffsetIsTheTabletsDistanceAndZeroWhereTheTabletGivesNone() throws {
        let scene = Scene()
        try scene.play("""
            {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 300, "y": 200}
            {"t": 0, "tablet": "frame"}
            \(Self.hover([(300, 200), (301, 200), (302, 200)], from: 5, distance: [0.75, 0.5, 0.25]))
            """)
        #expect(scene.entries(of: "panel") == [
            // proximity_in carries no distance: 0 until the tablet reports one.
            "panel began 100,100 z0.0", "panel changed 100,100 z0.75", "panel changed 101,100 z0.5",
            "panel changed 102,100 z0.25",
        ])
        // A distance out of range is not trusted.
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let hover = HoverGestureRecognizer()
        window.addGestureRecognizer(hover)
        window.handlePenHover(Window.PenHoverInput(pen: 0, location: Point(x: 5, y: 5), distance: 7), at: .zero)
        #expect(hover.zOffset == 1)
        window.handlePenHover(Window.PenHoverInput(pen: 0, location: Point(x: 5, y: 5), distance: .nan), at: .zero)
        #expect(hover.zOffset == 0)
    }

    @Test func disablingOrRemovingARecognizerMidHoverCancelsItAndItFollowsTheNextHover() throws {
        let scene = Scene()
        try scene.play("""
            {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 300, "y": 200}
            {"t": 0, "tablet": "frame"}
            """)
        scene.panelHover.isEnabled = false
        try scene.play(Self.hover([(310, 200)], from: 5))
        scene.panelHover.isEnabled = true
        try scene.play(Self.hover([(320, 200)], from: 10))
        // Taken off its view and put back between two moves: cancelled, then a new hover.
        scene.panel.removeGestureRecognizer(scene.panelHover)
        scene.panel.addGestureRecognizer(scene.panelHover)
        try scene.play(Self.hover([(330, 200)], from: 15))
        #expect(scene.entries(of: "panel") == [
            "panel began 100,100 z0.0", "panel cancelled 100,100 z0.0", "panel possible 100,100 z0.0",
            "panel began 120,100 z0.0",
            "panel cancelled 120,100 z0.0", "panel possible 120,100 z0.0", "panel began 130,100 z0.0",
        ])
    }

    @Test func aRecognizerMovedToAnotherViewMidHoverFollowsThePenThere() throws {
        let scene = Scene()
        try scene.play("""
            {"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 300, "y": 200}
            {"t": 0, "tablet": "frame"}
            """)
        // The panel's recognizer goes to the background, which the pen is over too.
        scene.panel.removeGestureRecognizer(scene.panelHover)
        scene.background.addGestureRecognizer(scene.panelHover)
        try scene.play(Self.hover([(310, 200)], from: 5))
        #expect(scene.entries(of: "panel") == [
            "panel began 100,100 z0.0", "panel cancelled 100,100 z0.0", "panel possible 100,100 z0.0",
            // Now in the background's coordinates.
            "panel began 310,200 z0.0",
        ])
    }
}
