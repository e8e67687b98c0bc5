import FingerPaintCore
import PaintModel
@testable import PaintRender
import PaintUI
import PropertyBased
import SeatInput
import Testing
import TouchUI

/// Whatever a user does — strokes, pen strokes, erasing, undo, redo, clear, zoom, pan, resize, in any order — the
/// window shows exactly what a renderer that never changed shows for the same strokes and view.
@Suite struct TilePropertyTests {
    static let edits = Gen.int(in: 0...Int.max).array(of: 1...40)

    /// Decodes one random number into an edit of `app`.
    static func apply(_ number: Int, to app: FingerPaintApp) {
        let x = Double((number >> 8) % 700) - 150, y = Double((number >> 18) % 500) - 100
        switch number % 16 {
        case 5:
            // The pen's eraser end across part of the drawing (erased strokes redraw the tiles), or a pen's tip
            // pressing harder as it goes (a filled outline, drawn live and into tiles).
            let kind: Touch.Kind = (number >> 34) % 2 == 0 ? .eraser : .pencil
            let path = [Point(x: x, y: y), Point(x: x + 60, y: y + 20), Point(x: x + 90, y: y + 80)]
            let time = Timestamp(milliseconds: 0)
            app.window.handle([TouchInput(contact: 9, .began(app.view.windowPoint(path[0]), kind: kind,
                                                           pen: PenAttributes(force: 0.1)))], at: time)
            for (step, point) in path.enumerated().dropFirst() {
                app.window.handle([TouchInput(contact: 9, .moved(app.view.windowPoint(point),
                                                                pen: PenAttributes(force: 0.45 * Double(step))))], at: time)
            }
            app.window.handle([TouchInput(contact: 9, .ended())], at: time)
        case 0...4:
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
            app.letTheViewIndicatorGo()
            let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
            fresh.setView(app.view)
            fresh.overlay = app.renderer.overlay
            fresh.renderFrame(liveStrokes: [:])
            let rows = Int(app.paletteView.barFrame.minY)
            #expect(largestDifference(app.renderer.frame, fresh.frame, rows: rows) == 0, "\(numbers)")
        }
    }

    /// The same edits on a view turned between them by 15° steps either way: the window shows what a fresh renderer
    /// shows at that view — exactly when redrawn whole, and within one level of 255 when built up from redrawn
    /// rectangles (Cairo's bilinear sampling of turned tiles rounds a little differently in a smaller region).
    @Test func aTurnedWindowShowsWhatAFreshRenderShows() async {
        await propertyCheck(count: 40, input: Self.edits) { numbers in
            let app = FingerPaintApp(size: Size(width: 240, height: 180))
            app.renderFrame()
            for number in numbers {
                Self.apply(number, to: app)
                switch (number >> 44) % 4 {
                case 0: app.perform(.rotateClockwise)
                case 1: app.perform(.rotateCounterclockwise)
                default: break
                }
            }
            app.letTheViewIndicatorGo()
            let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
            fresh.setView(app.view)
            fresh.renderFrame(liveStrokes: [:])
            fresh.renderFrame(liveStrokes: [:])  // sharp: the first frame of a turned view is sampled roughly
            let rows = Int(app.paletteView.barFrame.minY)
            #expect(largestDifference(app.renderer.frame, fresh.frame, rows: rows) <= 1, "\(numbers)")
            app.renderer.setNeedsFullRedraw()
            app.renderFrame()
            #expect(largestDifference(app.renderer.frame, fresh.frame, rows: rows) == 0, "\(numbers)")
        }
    }

    /// Pen strokes and finger strokes across a small canvas — 40, more than a tile draws between refreshes of its
    /// undo base — then erasers through it, undos, redos, new strokes and zooms: the window shows what a fresh
    /// renderer shows for the strokes left.
    @Test func erasingAndItsUndoShowWhatAFreshRenderShows() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...Int.max).array(of: 41...60)) { numbers in
            let app = FingerPaintApp(size: Size(width: 240, height: 180))
            app.renderFrame()
            var time = 0.0
            func draw(_ kind: Touch.Kind, from start: Point, to end: Point, pressure: Double?) {
                let steps = 4
                for step in 0...steps {
                    let t = Double(step) / Double(steps)
                    let location = app.view.windowPoint(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
                    let pen = pressure.map { PenAttributes(force: $0 * t + 0.1) }
                    let change: TouchInput.Change = step == 0 ? .began(location, kind: kind, pen: pen) : .moved(location, pen: pen)
                    app.window.handle([TouchInput(contact: 1, change)], at: Timestamp(milliseconds: time))
                    time += 16
                }
                app.window.handle([TouchInput(contact: 1, .ended())], at: Timestamp(milliseconds: time))
            }
            func stroke(_ number: Int) {
                let x = Double((number >> 8) % 200) + 10, y = Double((number >> 18) % 100) + 10
                draw(number % 2 == 0 ? .pencil : .direct, from: Point(x: x, y: y), to: Point(x: x + 30, y: y + 15),
                     pressure: number % 2 == 0 ? Double((number >> 30) % 10) / 10 : nil)
            }
            for number in numbers.prefix(40) { stroke(number) }
            for number in numbers.dropFirst(40) {
                let x = Double((number >> 8) % 220), y = Double((number >> 18) % 120)
                switch number % 7 {
                case 0, 1: draw(.eraser, from: Point(x: x, y: y), to: Point(x: 230 - x, y: y + 10), pressure: 0.5)
                case 2: app.perform(.undo)
                case 3: app.perform(.redo)
                case 4: stroke(number >> 3)
                case 5: app.perform((number >> 3) % 2 == 0 ? .zoomOut : .zoomIn)
                default: app.perform(.actualSize)
                }
                if (number >> 40) % 2 == 0 { app.renderFrame() }
            }
            app.letTheViewIndicatorGo()
            let fresh = CanvasRenderer(logicalSize: app.renderer.logicalSize, strokes: app.drawing.strokes)
            fresh.setView(app.view)
            fresh.overlay = app.renderer.overlay
            fresh.renderFrame(liveStrokes: [:])
            #expect(largestDifference(app.renderer.frame, fresh.frame, rows: 124) == 0, "\(numbers)")
        }
    }

    /// Strokes added on top, put in under others (a lower layer's) and taken off the top: a query answers exactly
    /// the strokes whose bounds reach it, in painting order, and the index keeps every stroke's bounds in place.
    @Test func theIndexFindsExactlyTheStrokesWhoseBoundsReachARegion() async {
        // Up to 300 edits: enough for more runs than the index keeps (``StrokeIndex/runLimit``) now and then.
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max).array(of: 0...300)) { numbers in
            var index = StrokeIndex()
            var bounds: [Rect] = []
            var inserted: Int?
            for number in numbers {
                if number % 7 == 0 {
                    let count = bounds.count / 2
                    #expect(index.truncate(to: count) == bounds[count...].map { StrokeIndex.Bounds(around: $0).rect })
                    bounds.removeLast(bounds.count - count)
                    continue
                }
                let x = Double((number >> 8) % 3000) - 1000, y = Double((number >> 20) % 3000) - 1000
                // Now and then a stroke wider than the grid takes on its own.
                let reach = number % 11 == 0 ? 400_000.0 : Double((number >> 32) % 600)
                let stroke = Stroke(points: [StrokePoint(Point(x: x, y: y)), StrokePoint(Point(x: x + reach, y: y + reach / 3))],
                                    color: .white, width: 4)
                // Now and then put in under others, as a stroke on a lower layer is, often just above the one put in
                // before, as the next stroke on that layer is.
                if number % 5 == 1 || (number % 5 == 2 && inserted != nil) {
                    let position = min(number % 5 == 2 ? (inserted ?? 0) + 1 : (number >> 40) % (bounds.count + 1),
                                       bounds.count)
                    index.insert(stroke, at: position)
                    bounds.insert(stroke.bounds, at: position)
                    inserted = position
                } else {
                    index.append(stroke)
                    bounds.append(stroke.bounds)
                }
            }
            for (qx, qy, side) in [(0.0, 0.0, 256.0), (-900.0, 300.0, 40.0), (500.0, -200.0, 2_000.0), (-5e5, -5e5, 1e6)] {
                let query = Rect(x: qx, y: qy, width: side, height: side)
                #expect(index.strokes(reaching: query) == bounds.indices.filter { bounds[$0].intersection(query) != nil })
                #expect(index.count == bounds.count)
                #expect(bounds.indices.allSatisfy { index.bounds(at: $0) == StrokeIndex.Bounds(around: bounds[$0]).rect })
            }
        }
    }
}
