import Foundation
import FingerPaintCore
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import Testing
import TouchUI

/// Turning the view as a user sees it: two fingers and touchpad pinches turn it about themselves, strokes drawn
/// on a turned view land under the finger and are stored upright, and the view indicator tells the zoom and angle.
@Suite struct RotationTests {
    /// Two fingers on opposite sides of `center`, turning by `turn` radians (clockwise) while their distance goes
    /// from `from` to `to`, one frame per step.
    private func twist(_ painter: Painter, about center: Point, turn: Double, from: Double, to: Double, steps: Int = 20) {
        func positions(_ t: Double) -> [Point] {
            let angle = turn * t, radius = (from + (to - from) * t) / 2
            let offset = Vector(dx: cos(angle) * radius, dy: sin(angle) * radius)
            return [center - offset, center + offset]
        }
        let start = positions(0)
        painter.send(.touchDown(id: 11, location: start[0]), .touchDown(id: 12, location: start[1]), .touchFrame)
        for step in 1...steps {
            let now = positions(Double(step) / Double(steps))
            painter.send(.touchMotion(id: 11, location: now[0]), .touchMotion(id: 12, location: now[1]), .touchFrame)
        }
        painter.send(.touchUp(id: 11), .touchUp(id: 12), .touchFrame)
    }

    /// Lets the view indicator go away (it lingers 1.5 s after the view last changed), and renders a frame.
    private func settle(_ painter: Painter) {
        painter.time += 2_000
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.app.renderFrame()
    }

    private func navigate(_ painter: Painter) {
        painter.tap(1, at: painter.paletteCenter(of: .toggleNavigation))
    }

    /// A renderer that never changed, showing the app's strokes through a view.
    private func freshFrame(_ app: FingerPaintApp, view: ViewTransform) -> ImageSurface {
        let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
        fresh.setView(view)
        fresh.renderFrame(liveStrokes: [:])
        fresh.renderFrame(liveStrokes: [:])  // sharp: the first frame of a turned view is sampled roughly
        return fresh.frame
    }

    @Test func twoFingersInNavigateModeTurnTheViewAboutTheirCentroidWhilePinching() {
        let painter = Painter()
        painter.drag([(2, point(200, 60), point(260, 60))], steps: 4)
        navigate(painter)
        #expect(painter.app.isNavigating)
        // A quarter turn clockwise while the fingers spread from 100 to 200 points apart, about (200, 120).
        twist(painter, about: point(200, 120), turn: .pi / 2, from: 100, to: 200)
        settle(painter)
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.app.view.rotationDegrees == 90)
        #expect(abs(painter.app.view.zoom - 2) < 0.02)
        #expect(painter.app.view.documentPoint(point(200, 120)).distance(to: point(200, 120)) < 1)
        // The stroke 60 points above the centroid is now 120 points to its right, drawn downwards.
        #expect(painter.isPainted(320, 120))
        #expect(painter.isPainted(320, 180))
        #expect(!painter.isPainted(230, 60))
    }

    @Test func aTurnOfThreeDegreesSnapsBackUpright() {
        let painter = Painter()
        navigate(painter)
        twist(painter, about: point(200, 120), turn: 8 * .pi / 180, from: 120, to: 120)
        #expect(painter.app.view.rotationDegrees == 8)
        twist(painter, about: point(200, 120), turn: -6 * .pi / 180, from: 120, to: 120)
        #expect(painter.app.view.rotation == 0)
    }

    @Test func strokesOnATurnedViewLandUnderTheFingerAndAreStoredUpright() throws {
        let painter = Painter()
        for _ in 0..<6 { painter.key("r") }  // six 15° steps about the middle of the window above the palette
        #expect(painter.app.view.rotationDegrees == 90)
        let center = point(200, Double(paletteTop) / 2)
        // Each step keeps the middle where it was, to the pixel the origin is snapped to.
        #expect(painter.app.view.documentPoint(center).distance(to: center) < 3)
        painter.drag([(1, point(100, 100), point(200, 100))], steps: 6)
        // Under the finger in the shown frame.
        #expect(painter.isPainted(150, 100))
        #expect(!painter.isPainted(150, 120))
        // Stored in document points: a horizontal finger on a view turned clockwise is a vertical stroke.
        let stroke = try #require(painter.app.drawing.strokes.first)
        let first = try #require(stroke.points.first?.location), last = try #require(stroke.points.last?.location)
        #expect(abs(first.x - last.x) < 0.5)
        #expect(abs(abs(first.y - last.y) - 100) < 0.5)
        #expect(first.distance(to: painter.app.view.documentPoint(point(100, 100))) < 0.5)
        // The output is the drawing upright, as before.
        let output = painter.app.renderer.canvas
        let middle = Point(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2)
        #expect(output.pixel(x: Int(middle.x), y: Int(middle.y)) != paper)
        #expect(output.pixel(x: Int(middle.x) + 20, y: Int(middle.y)) == paper)
        // What is shown equals a fresh render at that view.
        settle(painter)
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app, view: painter.app.view)) == 0)
    }

    /// A stroke in progress on a turned view is drawn by our own rasterizer turned with the view: under the finger,
    /// before it lifts, and where the lifted stroke then shows.
    @Test func aStrokeInProgressOnATurnedViewIsUnderTheFinger() {
        let painter = Painter()
        painter.key("r")
        painter.key("r")  // 30°
        painter.stroke(1, through: line(from: point(100, 100), to: point(260, 130), count: 10), lift: false)
        _ = painter.app.renderFrame()
        #expect(painter.app.canvasView.liveStrokes.count == 1)
        for x in stride(from: 110.0, through: 250, by: 20) {
            let y = 100 + (x - 100) * 30 / 160
            #expect(painter.isPainted(x, y), "\(x), \(y)")
            #expect(!painter.isPainted(x, y + 12) && !painter.isPainted(x, y - 12), "\(x), \(y)")
        }
    }

    @Test func theFrameAfterTurningAndDrawingEqualsAFreshRenderAtThatView() {
        let painter = Painter()
        for y in stride(from: 30.0, through: 210, by: 30) {
            painter.drag([(1, point(40, y), point(360, y + 20))], steps: 8)
        }
        painter.key("ctrl+plus")
        painter.key("r")
        painter.key("r")  // 30°
        painter.drag([(2, point(60, 200), point(300, 40))], steps: 8)
        painter.key("shift+r")  // 15°: the turn changes after the stroke, the tiles are shown turned again
        #expect(painter.app.view.rotationDegrees == 15)
        settle(painter)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) > 1_000)
        // Redrawn in parts (the stroke's rectangle, the indicator's), Cairo's bilinear sampling of the turned tiles
        // may round a channel one level differently from the whole frame at once; never more.
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app, view: painter.app.view)) <= 1)
        painter.app.renderer.setNeedsFullRedraw()
        painter.app.renderFrame()
        #expect(largestDifference(painter.app.renderer.frame, freshFrame(painter.app, view: painter.app.view)) == 0)
    }

    @Test func aTouchpadPinchTurnsTheViewAboutThePointerAndSnaps() {
        let painter = Painter()
        func pinch(turning degrees: [Double]) {
            painter.send(.pointerEnter(location: point(120, 90)))
            painter.send(.touchpadGesture(.begin(.pinch, fingers: 2)))
            for step in degrees {
                painter.send(.touchpadGesture(.update(.pinch, dx: 0, dy: 0, scale: 1, rotation: step)))
            }
            painter.send(.touchpadGesture(.end(.pinch, cancelled: false)))
        }
        pinch(turning: [1, 1, 1])
        #expect(painter.app.view.rotation == 0)
        pinch(turning: Array(repeating: 10, count: 9))
        #expect(painter.app.view.rotationDegrees == 90)
        #expect(painter.app.view.documentPoint(point(120, 90)).distance(to: point(120, 90)) < 0.5)
    }

    @Test func theIndicatorShowsTheZoomAndAngleWhileTheyChangeThenHidesAndATapOnItResets() throws {
        let painter = Painter()
        #expect(painter.app.renderer.overlay?.indicator == nil)
        painter.key("ctrl+plus")
        painter.key("r")
        let indicator = try #require(painter.app.renderer.overlay?.indicator)
        #expect(indicator.text == "125 %  15°")
        #expect(painter.isPainted(indicator.frame.midX, indicator.frame.minY + 3))
        // Panning alone does not show it again once it went.
        painter.time += 2_000
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.app.renderFrame()
        #expect(painter.app.renderer.overlay?.indicator == nil)
        #expect(!painter.isPainted(indicator.frame.midX, indicator.frame.minY + 3))
        painter.send(.pointerEnter(location: point(100, 100)))
        painter.send(.pointerAxis(dx: 0, dy: 30))
        #expect(painter.app.renderer.overlay?.indicator == nil)
        // Shown again by a turn; a tap on it gives 100 % and 0°, and paints nothing.
        painter.key("r")
        let shown = try #require(painter.app.renderer.overlay?.indicator)
        painter.tap(5, at: shown.frame.center)
        #expect(painter.app.view.zoom == 1)
        #expect(painter.app.view.rotation == 0)
        #expect(painter.app.drawing.strokes.isEmpty)
        #expect(painter.app.renderer.overlay?.indicator?.text == "100 %  0°")
        // Never in the exported picture.
        #expect(Painter.paintedPixels(of: painter.app.renderer.canvas) == 0)
    }
}
