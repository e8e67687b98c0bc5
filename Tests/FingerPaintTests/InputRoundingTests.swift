import Foundation
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// The input path rounds a finger's document coordinates to `Float`s where that moves them by less than half the
/// input's step (1/512 window point), so that the strokes drawn are stored compactly (issue #22).
@Suite struct InputRoundingTests {
    /// A finger through window points on wl_fixed's 1/256 grid, at whole milliseconds as Wayland gives them.
    private func draw(_ windowPoints: [Point], with painter: Painter, from start: Double) {
        for (index, location) in windowPoints.enumerated() {
            let kind: SeatEvent.Kind = index == 0 ? .touchDown(id: 9, location: location) : .touchMotion(id: 9, location: location)
            painter.app.handle(SeatEvent(time: .milliseconds(start + Double(8 * index)), kind))
            painter.app.handle(SeatEvent(time: .milliseconds(start + Double(8 * index)), .touchFrame))
        }
        painter.app.handle(SeatEvent(time: .milliseconds(start + Double(8 * windowPoints.count)), .touchUp(id: 9)))
        painter.app.handle(SeatEvent(time: .milliseconds(start + Double(8 * windowPoints.count)), .touchFrame))
        painter.app.renderFrame()
    }

    private let windowPoints = (0..<40).map { point(60 + Double($0 * 1_237) / 256, 150 + Double($0 * 311) / 256) }

    @Test func aStrokeDrawnAt100PercentIsCompactAndWhereTheFingerWas() throws {
        let painter = Painter()
        draw(windowPoints, with: painter, from: 5_000)
        let stroke = try #require(painter.app.drawing.strokes.last)
        #expect(stroke.isCompact && stroke.points.count == windowPoints.count)
        for (sample, window) in zip(stroke.points, windowPoints) {
            #expect(sample.location.distance(to: painter.app.view.documentPoint(window)) < 1.0 / 512)
        }
    }

    @Test func aStrokeDrawnAtAnOddZoomIsCompactAndWithinHalfTheInputsStep() throws {
        let painter = Painter()
        painter.tap(1, at: painter.paletteCenter(of: .toggleNavigation))
        // Two fingers 100 points apart spread to 137 points apart: a zoom no Float divides exactly.
        painter.drag([(2, point(150, 120), point(131.5, 120)), (3, point(250, 120), point(268.5, 120))], steps: 7)
        painter.tap(1, at: painter.paletteCenter(of: .toggleNavigation))
        let zoom = painter.app.view.zoom
        try #require(!painter.app.isNavigating && abs(zoom - 1.37) < 0.05)
        draw(windowPoints, with: painter, from: 9_000)
        let stroke = try #require(painter.app.drawing.strokes.last)
        #expect(stroke.isCompact && stroke.points.count == windowPoints.count)
        for (sample, window) in zip(stroke.points, windowPoints) {
            let exact = painter.app.view.documentPoint(window)
            #expect(abs(sample.location.x - exact.x) * zoom < 1.0 / 512 && abs(sample.location.y - exact.y) * zoom < 1.0 / 512)
        }
    }
}
