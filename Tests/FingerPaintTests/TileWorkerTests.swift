import Geometry
import PaintModel
@testable import PaintRender
import Testing

/// The tile worker draws on two lanes at once: every tile it is asked for comes back once, with the pixels a tile
/// drawn on the calling thread has, and a window's tiles drawn that way show what a fresh render shows.
@Suite struct TileWorkerTests {
    /// Strokes that cross tile borders (tiles are 256 pixels), wide ones, ones with pressure, in all the palette's
    /// colours, over a 600x400 window.
    static func crossingStrokes() -> [Stroke] {
        var strokes: [Stroke] = []
        for number in 0..<60 {
            let x = Double((number * 97) % 560) + 20, y = Double((number * 61) % 360) + 20
            let width = Brush.widths[number % Brush.widths.count]
            let points = (0..<12).map { step in
                StrokePoint(Point(x: x + Double(step) * 14 - 80, y: y + Double(step * step) * 0.8 - 40))
            }
            if number % 3 == 0 {
                let pen = (0..<12).map { StrokePen(pressure: 0.2 + Double(($0 + number) % 7) / 10) }
                if let stroke = Stroke(points: points, pen: pen, color: Brush.palette[number % 9], width: width) {
                    strokes.append(stroke)
                }
            } else {
                strokes.append(Stroke(points: points, color: Brush.palette[number % 9], width: width))
            }
        }
        return strokes
    }

    @Test func everyJobSubmittedIsDrawnOnceWithThePixelsOfADrawingOnThisThread() throws {
        let strokes = Self.crossingStrokes()
        let index = StrokeIndex(strokes)
        let worker = TileWorker()
        var jobs: [Int: TileJob] = [:]
        for id in 1...24 {
            let key = TileKey(pixelsPerPoint: [1, 2, 0.5][id % 3], column: id % 4, row: id / 8)
            let job = TileJob(id: id, key: key, region: key.pixelRect, strokes: index.strokes(reaching: key.documentRect).map { strokes[$0] },
                              paper: .white, start: nil)
            jobs[id] = job
            worker.submit(job)
        }
        worker.waitUntilIdle()
        let drawn = worker.takeFinished()
        #expect(drawn.map(\.id).sorted() == Array(1...24))
        for pixels in drawn {
            let job = try #require(jobs[pixels.id])
            #expect(pixels.key == job.key)
            let sameAsHere = pixels.bytes == job.render().bytes
            #expect(sameAsHere, "tile \(job.key)")
        }
        #expect(worker.takeFinished().isEmpty)
    }

    @Test func aJobWithdrawnBeforeItStartsIsNotDrawn() {
        let worker = TileWorker()
        let key = TileKey(pixelsPerPoint: 1, column: 0, row: 0)
        // Many jobs, then the last few withdrawn at once: the lanes are still busy with the first ones.
        let strokes = Self.crossingStrokes()
        for id in 1...40 {
            worker.submit(TileJob(id: id, key: key, region: key.pixelRect, strokes: strokes, paper: .white, start: nil))
        }
        for id in 31...40 { worker.withdraw(id) }
        worker.waitUntilIdle()
        let drawn = worker.takeFinished().map(\.id)
        #expect(Set(drawn).count == drawn.count)
        #expect(drawn.allSatisfy { $0 <= 30 || $0 > 40 })
    }

    /// A window drawing its tiles on the worker, through an erase, its undo, the replacement of a stroke and a zoom:
    /// once the tiles are in, each frame equals a fresh render on one thread.
    @Test func aWindowsTilesDrawnOnBothLanesShowWhatAFreshRenderShows() {
        let size = Size(width: 600, height: 400)
        var drawing = Drawing(strokes: Self.crossingStrokes())
        let renderer = CanvasRenderer(logicalSize: size, strokes: drawing.strokes, drawsTilesInBackground: true)
        func expectFresh(_ label: String) {
            renderer.renderFrame(liveStrokes: [:])
            renderer.waitForTiles()
            renderer.renderFrame(liveStrokes: [:])
            let fresh = CanvasRenderer(logicalSize: size, strokes: drawing.strokes)
            fresh.setView(renderer.view)
            fresh.renderFrame(liveStrokes: [:])
            #expect(largestDifference(renderer.frame, fresh.frame, rows: 400) == 0, "\(label)")
        }
        expectFresh("opened")
        if let change = drawing.erase([3, 10, 11, 40]) { renderer.apply(change, strokes: drawing.strokes) }
        expectFresh("erased")
        if let change = drawing.undo() { renderer.apply(change, strokes: drawing.strokes) }
        expectFresh("erase undone")
        let replacement = Stroke(points: [StrokePoint(Point(x: 240, y: 240)), StrokePoint(Point(x: 280, y: 270))],
                                 color: Brush.palette[2], width: 32)
        if let change = drawing.replace(at: 7, with: replacement) { renderer.apply(change, strokes: drawing.strokes) }
        expectFresh("replaced")
        renderer.setView(renderer.view.zoomed(by: 2.5, about: Point(x: 250, y: 250)))
        expectFresh("zoomed in")
    }
}
