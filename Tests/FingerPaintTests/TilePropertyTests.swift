import FingerPaintCore
import PaintModel
@testable import PaintRender
import PropertyBased
import SeatInput
import Testing
import TouchUI

/// Whatever a user does — strokes, undo, redo, clear, zoom, pan, resize, in any order — the window shows exactly
/// what a renderer that never changed shows for the same strokes and view.
@Suite struct TilePropertyTests {
    static let edits = Gen.int(in: 0...Int.max).array(of: 1...40)

    /// Decodes one random number into an edit of `app`.
    private static func apply(_ number: Int, to app: FingerPaintApp) {
        let x = Double((number >> 8) % 700) - 150, y = Double((number >> 18) % 500) - 100
        switch number % 16 {
        case 0...5:
            let stroke = Stroke(points: [StrokePoint(Point(x: x, y: y)), StrokePoint(Point(x: x + 40, y: y + 9)),
                                         StrokePoint(Point(x: x + 70, y: y + 50))],
                                color: Brush.palette[(number >> 4) % 9], width: Brush.widths[(number >> 28) % 6])
            app.handle(SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: app.view.windowPoint(stroke.points[0].location))))
            for point in stroke.points.dropFirst() {
                app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
                app.handle(SeatEvent(time: .milliseconds(0), .touchMotion(id: 1, location: app.view.windowPoint(point.location))))
            }
            app.handle(SeatEvent(time: .milliseconds(0), .touchUp(id: 1)))
            app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
        case 6, 7: app.perform(.undo)
        case 8: app.perform(.redo)
        case 9: app.perform(.clear)
        case 10: app.perform(.zoomIn)
        case 11: app.perform(.zoomOut)
        case 12: app.setView(app.view.panned(by: Vector(dx: x / 3, dy: y / 3)))
        case 13: app.resize(to: Size(width: Double(100 + (number >> 8) % 250), height: Double(90 + (number >> 18) % 200)), scale: 1)
        case 14: app.perform(.actualSize)
        default: app.perform(.zoomToFit)
        }
        if (number >> 40) % 3 == 0 { app.renderFrame() }
    }

    @Test func theWindowAlwaysShowsWhatAFreshRenderShows() async {
        await propertyCheck(count: 60, input: Self.edits) { numbers in
            let app = FingerPaintApp(size: Size(width: 240, height: 180))
            app.renderFrame()
            for number in numbers { Self.apply(number, to: app) }
            app.renderFrame()
            let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
            fresh.setView(app.view)
            fresh.renderFrame(liveStrokes: [:])
            let rows = Int(app.paletteView.frame.minY)
            #expect(largestDifference(app.renderer.frame, fresh.frame, rows: rows) == 0, "\(numbers)")
        }
    }

    @Test func theIndexFindsExactlyTheStrokesWhoseBoundsReachARegion() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max).array(of: 0...60)) { numbers in
            var index = StrokeIndex()
            var bounds: [Rect] = []
            for number in numbers {
                if number % 7 == 0 {
                    let count = bounds.count / 2
                    index.truncate(to: count)
                    bounds.removeLast(bounds.count - count)
                    continue
                }
                let x = Double((number >> 8) % 3000) - 1000, y = Double((number >> 20) % 3000) - 1000
                // Now and then a stroke wider than the grid takes on its own.
                let reach = number % 11 == 0 ? 400_000.0 : Double((number >> 32) % 600)
                let stroke = Stroke(points: [StrokePoint(Point(x: x, y: y)), StrokePoint(Point(x: x + reach, y: y + reach / 3))],
                                    color: .white, width: 4)
                index.append(stroke)
                bounds.append(stroke.bounds)
            }
            for (qx, qy, side) in [(0.0, 0.0, 256.0), (-900.0, 300.0, 40.0), (500.0, -200.0, 2_000.0), (-5e5, -5e5, 1e6)] {
                let query = Rect(x: qx, y: qy, width: side, height: side)
                #expect(index.strokes(reaching: query) == bounds.indices.filter { bounds[$0].intersection(query) != nil })
            }
        }
    }
}
