import Foundation
import FingerPaintCore
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import Testing
import TouchUI

/// Zoom and pan as a user sees them: where strokes land in the document, what the window shows, and that the
/// tiles behind it give the same pixels however the view got there.
@Suite struct NavigationTests {
    /// The palette button's centre, in window points.
    private func center(of command: PaintCommand, in painter: Painter) throws -> Point {
        painter.paletteCenter(of: command)
    }

    /// A renderer that never changed, showing `strokes` through `view`.
    private func freshFrame(_ app: FingerPaintApp, view: ViewTransform = .identity) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
        fresh.setView(view)
        // The same things over the canvas (the view indicator after a zoom): only the drawing is compared.
        fresh.overlay = app.renderer.overlay
        fresh.renderFrame(liveStrokes: [:])
        return fresh.frame
    }

    @Test func aStrokeDrawnAt200PercentAfterAPanLandsAtItsDocumentPointsInTheOutput() throws {
        // Ctrl+wheel up 50 points with the pointer at the origin doubles the zoom about it; the wheel down 100
        // window points then pans 50 document points down. A finger from (100, 100) to (200, 100) in the window is
        // then from (50, 100) to (100, 100) in the document, and `--output` shows the document at 100 %.
        let trace = try Trace(parsing: """
            {"canvas": [400, 300]}
            {"t": 0, "pointer": "enter", "x": 0, "y": 0}
            {"t": 10, "key": "ctrl", "state": "pressed"}
            {"t": 20, "pointer": "axis", "dx": 0, "dy": -50}
            {"t": 30, "key": "ctrl", "state": "released"}
            {"t": 40, "pointer": "axis", "dx": 0, "dy": 100}
            {"t": 50, "pointer": "leave"}
            {"t": 100, "touch": "down", "id": 1, "x": 100, "y": 100}
            {"t": 100, "touch": "frame"}
            {"t": 116, "touch": "motion", "id": 1, "x": 150, "y": 100}
            {"t": 116, "touch": "frame"}
            {"t": 133, "touch": "motion", "id": 1, "x": 200, "y": 100}
            {"t": 133, "touch": "frame"}
            {"t": 150, "touch": "up", "id": 1}
            {"t": 150, "touch": "frame"}
            """)
        let (app, _) = Replay(trace: trace).run()
        #expect(app.view.zoom == 2)
        let stroke = try #require(app.drawing.strokes.first)
        #expect(stroke.points.first?.location == point(50, 100))
        #expect(stroke.points.last?.location == point(100, 100))
        let output = app.renderer.canvas
        #expect(output.pixel(x: 75, y: 100) != paper)
        #expect(output.pixel(x: 150, y: 100) == paper)  // where the finger was in the window
        #expect(output.pixel(x: 75, y: 108) == paper)  // 8 points below: beyond half the width (8 document points)
        #expect(output.pixel(x: 75, y: 103) != paper)
    }

    @Test func pinchInNavigateModeZoomsAboutTheCentroidAndPaintsNothing() throws {
        let painter = Painter()
        // Two dots: one where the fingers' centroid will be, one 30 points right of it.
        painter.tap(1, at: point(200, 120))
        painter.tap(2, at: point(230, 120))
        painter.tap(3, at: try center(of: .toggleNavigation, in: painter))
        #expect(painter.app.isNavigating)
        // Two fingers 100 points apart spread to 200 points apart, about (200, 120).
        painter.drag([(4, point(150, 120), point(100, 120)), (5, point(250, 120), point(300, 120))], steps: 10)
        painter.tap(6, at: point(50, 50))
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(!painter.isPainted(50, 50))
        #expect(abs(painter.app.view.zoom - 2) < 0.01)
        let underFingers = painter.app.view.documentPoint(point(200, 120))
        #expect(underFingers.distance(to: point(200, 120)) < 1)
        #expect(painter.isPainted(200, 120))
        #expect(painter.isPainted(260, 120))  // the second dot, twice as far from the centroid
        #expect(!painter.isPainted(230, 120))
    }

    @Test func aTouchpadPinchInNavigateModeZoomsOnceThroughItsOwnHandler() throws {
        let painter = Painter()
        painter.tap(1, at: try center(of: .toggleNavigation, in: painter))
        #expect(painter.app.isNavigating)
        // The canvas's pinch recognizer (enabled in navigate mode) leaves touchpad pinches to the app's own zoom,
        // which anchors them at the pointer: following them too would zoom twice.
        for kind: SeatEvent.Kind in [
            .pointerEnter(location: point(100, 80)),
            .touchpadGesture(.begin(.pinch, fingers: 2)),
            .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 1.5, rotation: 0)),
            .touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 2, rotation: 0)),
            .touchpadGesture(.end(.pinch, cancelled: false)),
        ] { painter.send(kind) }
        #expect(painter.app.view.zoom == 2)
        #expect(painter.app.view.documentPoint(point(100, 80)).distance(to: point(100, 80)) < 0.5)
    }

    @Test func oneFingerPansInNavigateModeAndEveryFingerPaintsAgainInPaintMode() throws {
        let painter = Painter()
        // The pan's own distance, exactly: no glide after it (MomentumPanTests has the glide).
        painter.app.canvasView.glidesAfterPan = false
        painter.tap(1, at: try center(of: .toggleNavigation, in: painter))
        painter.drag([(2, point(200, 150), point(150, 100))], steps: 10)
        #expect(painter.app.view.origin == point(50, 50))
        #expect(painter.app.drawing.strokes.isEmpty)
        painter.tap(3, at: try center(of: .toggleNavigation, in: painter))
        #expect(!painter.app.isNavigating)
        painter.drag([(4, point(50, 50), point(150, 50)), (5, point(50, 150), point(150, 150))], steps: 5)
        #expect(painter.app.drawing.strokes.count == 2)
        #expect(painter.app.drawing.strokes.map { $0.points[0].location } == [point(100, 100), point(100, 200)])
        #expect(painter.isPainted(100, 50) && painter.isPainted(100, 150))
    }

    @Test func doubleTapInNavigateModeFitsTheDrawing() throws {
        let painter = Painter()
        painter.drag([(1, point(20, 20), point(380, 220))], steps: 6)
        painter.key("ctrl+plus")
        painter.key("ctrl+plus")
        #expect(painter.app.view.zoom > 1.5)
        painter.tap(2, at: try center(of: .toggleNavigation, in: painter))
        painter.tap(3, at: point(200, 100))
        painter.time += 100
        painter.tap(3, at: point(200, 100))
        #expect(painter.app.view.zoom <= 1)
        let bounds = try #require(painter.app.renderer.contentBounds)
        let shown = painter.app.view.windowRect(bounds)
        #expect(shown.minX >= 0 && shown.maxX <= 400 && shown.minY >= 0 && shown.maxY <= Double(paletteTop))
    }

    @Test func keysZoomAndTheZoomStaysWithinItsLimits() {
        let painter = Painter()
        for _ in 0..<30 { painter.key("ctrl+minus") }
        #expect(painter.app.view.zoom == ViewTransform.minimumZoom)
        for _ in 0..<40 { painter.key("ctrl+plus") }
        #expect(painter.app.view.zoom == ViewTransform.maximumZoom)
        painter.key("ctrl+1")
        #expect(painter.app.view.zoom == 1)
    }

    @Test func aTouchpadPinchAndCtrlWheelZoomAboutThePointer() throws {
        let trace = try Trace(parsing: """
            {"canvas": [400, 300]}
            {"t": 0, "pointer": "enter", "x": 100, "y": 80}
            {"t": 10, "gesture": "pinch", "phase": "begin", "fingers": 2}
            {"t": 20, "gesture": "pinch", "phase": "update", "dx": 0, "dy": 0, "scale": 1.5, "rotation": 0}
            {"t": 30, "gesture": "pinch", "phase": "update", "dx": 0, "dy": 0, "scale": 2, "rotation": 3}
            {"t": 40, "gesture": "pinch", "phase": "end", "cancelled": false}
            """)
        let (pinched, _) = Replay(trace: trace).run()
        #expect(pinched.view.zoom == 2)
        #expect(pinched.view.documentPoint(point(100, 80)).distance(to: point(100, 80)) < 0.5)
        var wheel = trace
        wheel.events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: point(100, 80))),
                        SeatEvent(time: .milliseconds(10), .keyState(KeyChord("ctrl"), isPressed: true)),
                        SeatEvent(time: .milliseconds(20), .pointerAxis(dx: 0, dy: -50)),
                        SeatEvent(time: .milliseconds(30), .keyState(KeyChord("ctrl"), isPressed: false)),
                        SeatEvent(time: .milliseconds(40), .pointerAxis(dx: 0, dy: -50))]
        let (scrolled, _) = Replay(trace: wheel).run()
        #expect(scrolled.view.zoom == 2)
        // The second scroll, without Ctrl, panned: 50 window points up is 25 document points.
        #expect(scrolled.view.documentPoint(point(100, 80)).distance(to: point(100, 55)) < 0.5)
    }

    @Test func middleDragPans() {
        let painter = Painter()
        painter.send(.pointerEnter(location: point(200, 100)))
        painter.send(.pointerButton(.middle, isPressed: true))
        painter.send(.pointerMotion(location: point(150, 80)))
        painter.send(.pointerButton(.middle, isPressed: false))
        painter.send(.pointerMotion(location: point(100, 80)))
        #expect(painter.app.view.origin == point(50, 20))
        #expect(painter.app.drawing.strokes.isEmpty)
    }

    @Test func undoingTheWholeHistoryOfA5000StrokeDrawingMatchesDrawingsThatNeverHadThem() {
        // 5 000 strokes over a document four times the window each way; the window shows its top-left corner. The
        // history keeps the last 250 of them (Drawing.undoLimit); the others are base strokes.
        var drawing = Drawing()
        for index in 0..<5_000 {
            let x = Double((index * 7_919) % 1_600), y = Double((index * 104_729) % 1_200)
            let stroke = Stroke(points: [StrokePoint(point(x, y)), StrokePoint(point(x + 37, y + 11)),
                                         StrokePoint(point(x + 61, y + 40))],
                                color: Brush.palette[index % 8], width: Brush.widths[index % 4])
            drawing.add(stroke)
        }
        let app = FingerPaintApp(size: Size(width: 400, height: 300), drawing: drawing)
        app.renderFrame()
        for _ in 0..<125 { app.perform(.undo) }
        app.renderFrame()
        #expect(largestDifference(app.renderer.frame, freshFrame(app)) == 0)
        for _ in 0..<Drawing.undoLimit - 125 { app.perform(.undo) }
        app.renderFrame()
        #expect(app.drawing.strokes.count == 5_000 - Drawing.undoLimit)
        #expect(largestDifference(app.renderer.frame, freshFrame(app)) == 0)
        // Nothing more to undo: the base strokes stay.
        app.perform(.undo)
        app.renderFrame()
        #expect(app.drawing.strokes.count == 5_000 - Drawing.undoLimit)
        #expect(largestDifference(app.renderer.frame, freshFrame(app)) == 0)
    }

    @Test func resizeAndZoomOutThenInGiveTheSamePixelsAsAFreshRender() {
        let painter = Painter()
        painter.drag([(1, point(20, 20), point(380, 200))], steps: 6)
        painter.drag([(2, point(30, 200), point(370, 30)), (3, point(200, 10), point(220, 230))], steps: 8)
        painter.app.resize(to: Size(width: 150, height: 120), scale: 1)
        painter.app.renderFrame()
        painter.app.resize(to: Size(width: 400, height: 300), scale: 1)
        painter.app.renderFrame()
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app)) == 0)
        painter.key("ctrl+minus")
        painter.key("ctrl+minus")
        painter.app.letTheViewIndicatorGo()
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app, view: painter.app.view)) == 0)
        painter.key("ctrl+plus")
        painter.key("ctrl+plus")
        #expect(abs(painter.app.view.zoom - 1) < 1e-9)
        painter.app.letTheViewIndicatorGo()
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app, view: painter.app.view)) == 0)
        painter.key("ctrl+1")
        painter.app.letTheViewIndicatorGo()
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app, view: painter.app.view)) == 0)
    }

    @Test func tilesDrawnInTheBackgroundShowTheSamePixels() {
        let painter = Painter()
        painter.drag([(1, point(20, 20), point(380, 200))], steps: 6)
        let app = FingerPaintApp(size: Size(width: 400, height: 300), drawing: painter.app.drawing)
        app.renderer.drawsTilesInBackground = true
        app.renderFrame()
        app.waitForTiles()
        app.renderFrame()
        #expect(largestDifference(app.renderer.frame, freshFrame(app)) == 0)
        app.perform(.zoomIn)
        app.renderFrame()
        app.waitForTiles()
        app.letTheViewIndicatorGo()
        #expect(largestDifference(app.renderer.frame, freshFrame(app, view: app.view)) == 0)
    }

    @Test func aZoomFirstShowsTheCachedTilesScaledThenSharpOnes() {
        let painter = Painter()
        painter.drag([(1, point(40, 120), point(360, 120))], steps: 8)
        let app = FingerPaintApp(size: Size(width: 400, height: 300), drawing: painter.app.drawing)
        app.renderer.drawsTilesInBackground = true
        app.renderFrame()
        app.waitForTiles()
        app.renderFrame()
        // Zoomed twice about (200, 120): the stroke stays on y = 120, twice as long and wide; document x = 290 shows at 380.
        app.setView(app.view.zoomed(by: 2, about: point(200, 120)))
        app.renderFrame()
        let preview = app.renderer.frame
        #expect(preview.pixel(x: 380, y: 120) != paper)
        #expect(preview.pixel(x: 380, y: 126) != paper)  // twice the 8-point width: 8 window points each side
        #expect(preview.pixel(x: 380, y: 140) == paper)
        app.waitForTiles()
        app.letTheViewIndicatorGo()
        #expect(largestDifference(app.renderer.frame, freshFrame(app, view: app.view)) == 0)
    }

    /// Sizes a window goes through: maximized on a 1024x768 screen (below a 32-point title bar), fullscreen (no title
    /// bar), fullscreen on a HiDPI output, narrower than the start, then restored.
    static let resizes: [(size: Size, scale: Int)] = [
        (Size(width: 1024, height: 736), 1), (Size(width: 1024, height: 768), 1), (Size(width: 1024, height: 768), 2),
        (Size(width: 320, height: 240), 1), (Size(width: 400, height: 300), 1),
    ]

    @Test(arguments: Self.resizes.indices)
    func theDocumentPointAtTheCanvasTopLeftStaysPutAcrossResizes(upTo last: Int) throws {
        let painter = Painter()
        // Zoomed to 156 % about the middle and panned by setView: a view that is neither the identity nor centred.
        painter.key("ctrl+plus")
        painter.key("ctrl+plus")
        painter.app.setView(painter.app.view.panned(by: Vector(dx: -37, dy: 23)))
        painter.app.renderFrame()
        // A dot the user sees at window (60, 50).
        painter.tap(1, at: point(60, 50))
        let before = painter.app.view
        #expect(painter.isPainted(60, 50))
        for (size, scale) in Self.resizes[...last] {
            painter.app.resize(to: size, scale: scale)
            painter.app.renderFrame()
            #expect(painter.app.view.zoom == before.zoom)
            #expect(abs(painter.app.view.origin.x - before.origin.x) < 0.5 / before.zoom, "\(painter.app.view) after \(size)")
            #expect(abs(painter.app.view.origin.y - before.origin.y) < 0.5 / before.zoom, "\(painter.app.view) after \(size)")
        }
        // The dot is still where the user saw it, and nothing is 20 points to its right or below it (the frame's
        // pixels are buffer pixels: `scale` to a point).
        let scale = Double(Self.resizes[last].scale)
        #expect(painter.isPainted(60 * scale, 50 * scale))
        #expect(!painter.isPainted(80 * scale, 50 * scale) && !painter.isPainted(60 * scale, 70 * scale))
    }

    /// The app keeps the view, as the window shows it; the renderer and the canvas are told it, never asked.
    @Test func theViewTheAppKeepsIsTheOneTheWindowShowsAtTheRangesEdgeAndAcrossResizes() {
        let painter = Painter()
        // Beyond the range's edge, at an origin between buffer pixels: kept within it, on a whole pixel.
        painter.app.setView(ViewTransform(zoom: 1.5, origin: Point(x: 2 * CoordinateRange.largest, y: 10.3)))
        let shown = painter.app.view
        #expect(shown.documentRect(Rect(origin: .zero, size: painter.app.window.frame.size)).maxX <= CoordinateRange.largest)
        #expect(shown == ViewTransform(zoom: 1.5, origin: Point(x: 2 * CoordinateRange.largest, y: 10.3))
            .shown(in: painter.app.window.frame.size, scale: 1))
        #expect(painter.app.renderer.view == shown)
        #expect(painter.app.canvasView.viewTransform == shown)
        // A wider window at the edge, on a HiDPI output: the view moves back within the range.
        painter.app.resize(to: Size(width: 1600, height: 900), scale: 2)
        #expect(painter.app.view.documentRect(Rect(x: 0, y: 0, width: 1600, height: 900)).maxX <= CoordinateRange.largest)
        #expect(painter.app.view != shown)
        #expect(painter.app.renderer.view == painter.app.view)
        #expect(painter.app.canvasView.viewTransform == painter.app.view)
    }
}


/// A pan flicked off in navigate mode glides on, slowing down, until a finger catches it (docs/navigation.md).
@Suite struct MomentumPanTests {
    private func flick(_ painter: Painter) {
        painter.app.perform(.toggleNavigation)
        // 120 points left in 5 frames: about 1 400 points a second.
        painter.drag([(1, point(300, 150), point(180, 150))], steps: 5)
    }

    @Test func aFlickGlidesOnInItsDirectionSlowingDownAndStops() throws {
        let painter = Painter()
        flick(painter)
        let lifted = painter.app.view.origin.x
        var positions: [Double] = []
        for _ in 0..<240 {
            painter.send(.tick)
            positions.append(painter.app.view.origin.x)
        }
        // It goes on the way the finger went (the view's origin moves right as the drawing moves left)...
        #expect(positions[10] > lifted + 20, "\(lifted) \(positions.prefix(12))")
        // ...never back, each step no longer than the one before, and it comes to rest.
        let steps = zip(positions, positions.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= 0 })
        // (Within a pixel: the origin sits on whole buffer pixels.)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 + 1.01 }, "\(steps.prefix(30))")
        #expect(positions.suffix(10).allSatisfy { $0 == positions.last })
    }

    @Test func aFingerDownCatchesTheGlide() throws {
        let painter = Painter()
        flick(painter)
        for _ in 0..<5 { painter.send(.tick) }
        painter.send(.touchDown(id: 2, location: point(200, 200)), .touchFrame)
        let caught = painter.app.view.origin
        for _ in 0..<30 { painter.send(.tick) }
        #expect(painter.app.view.origin == caught)
        painter.send(.touchUp(id: 2), .touchFrame)
    }

    @Test func aPenTouchingDownCatchesTheGlideToo() throws {
        let painter = Painter()
        flick(painter)
        for _ in 0..<5 { painter.send(.tick) }
        painter.send(.tablet(.proximityIn(.pen, location: point(250, 100))), .tablet(.down), .tablet(.frame))
        let caught = painter.app.view.origin
        for _ in 0..<30 { painter.send(.tick) }
        #expect(painter.app.view.origin == caught)
        painter.send(.tablet(.up), .tablet(.proximityOut), .tablet(.frame))
    }

    @Test func withoutMomentumTheViewStopsWithTheFingers() throws {
        let painter = Painter()
        painter.app.canvasView.glidesAfterPan = false
        flick(painter)
        let lifted = painter.app.view.origin
        for _ in 0..<30 { painter.send(.tick) }
        #expect(painter.app.view.origin == lifted)
    }
}
