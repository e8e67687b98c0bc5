import FingerPaintCore
import Foundation
import PaintModel
@testable import PaintRender
import PropertyBased
import SeatInput
import Testing
import TouchUI

/// A window's buffer stand-in: XRGB8888 memory the renderer draws frames straight into, as into a wl_shm buffer.
final class TestBuffer {
    let width: Int, height: Int, stride: Int
    let pixels: UnsafeMutableRawPointer

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width * 4
        pixels = .allocate(byteCount: stride * height, alignment: 16)
        // What a fresh wl_shm buffer may hold: nothing the picture should show.
        pixels.initializeMemory(as: UInt8.self, repeating: 0x5A, count: stride * height)
    }

    deinit { pixels.deallocate() }

    var target: FrameTarget { FrameTarget(pixels: pixels, stride: stride, width: width, height: height, owner: self) }

    /// The pixels as an image (sharing the memory).
    var image: ImageSurface { ImageSurface(width: width, height: height, stride: stride, pixels: pixels) }
}

/// A window's chain of buffers: frames go into them in turn, as the compositor releases them, so each buffer
/// is a frame or two behind when it is drawn into again.
final class BufferChain {
    private(set) var buffers: [TestBuffer] = []
    private var next = 0

    /// Draws the app's next frame into the next buffer (new ones after a resize) and returns it and what was drawn.
    @discardableResult
    func frame(of app: FingerPaintApp) -> (buffer: TestBuffer, damage: FrameDamage) {
        let width = app.renderer.pixelWidth, height = app.renderer.pixelHeight
        if buffers.first.map({ $0.width != width || $0.height != height }) ?? true {
            buffers = [TestBuffer(width: width, height: height), TestBuffer(width: width, height: height)]
        }
        let buffer = buffers[next % buffers.count]
        next += 1
        return (buffer, app.renderFrame(into: buffer.target))
    }
}

/// Frames drawn straight into a window's buffers (docs/rendering.md, "Frames straight into the buffer"): each
/// buffer shows what a fresh render shows, whichever frames it missed, and a pan draws only what it exposed.
@Suite struct BufferFrameTests {
    /// What a renderer that never changed shows for the app's strokes and view, overlay included.
    private func freshFrame(of app: FingerPaintApp) -> ImageSurface {
        TileWorkerTimingTests.freshFrame(of: app)
    }

    private func drawStroke(_ app: FingerPaintApp, from start: Point, to end: Point) {
        app.handle(SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: start)))
        for step in 1...6 {
            let t = Double(step) / 6
            app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
            app.handle(SeatEvent(time: .milliseconds(0), .touchMotion(
                id: 1, location: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))))
        }
        app.handle(SeatEvent(time: .milliseconds(0), .touchUp(id: 1)))
        app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
    }

    /// Windows for the actions below: a small one, and one of odd size at scale 2 whose whole frames (a zoom, clear,
    /// its undo, a buffer given the other's pixels) are large enough to be written on both cores (``BulkPixels``).
    static let windows: [(size: Size, scale: Int)] = [(Size(width: 320, height: 240), 1), (Size(width: 523, height: 311), 2)]

    /// Each action the renderer does cheaply — a pan (pixels moved), a zoom, clear, its undo, undo and redo of a
    /// stroke — then a frame into each of two buffers in turn: every buffer shows what a fresh render shows, pixel
    /// for pixel, the palette included.
    @Test(arguments: Self.windows.indices)
    func afterEachActionEveryBufferShowsWhatAFreshRenderShows(window: Int) throws {
        let app = FingerPaintApp(size: Self.windows[window].size)
        app.resize(to: Self.windows[window].size, scale: Self.windows[window].scale)
        let chain = BufferChain()
        chain.frame(of: app)
        chain.frame(of: app)
        for index in 0..<12 {
            drawStroke(app, from: Point(x: 20 + Double(index * 23), y: 30 + Double(index * 11)),
                       to: Point(x: 90 + Double(index * 17), y: 140 - Double(index * 7)))
            chain.frame(of: app)
        }
        let actions: [(String, () -> Void)] = [
            ("pan", { app.setView(app.view.panned(by: Vector(dx: -37, dy: 21))) }),
            ("pan back", { app.setView(app.view.panned(by: Vector(dx: 52, dy: -8))) }),
            ("zoom in", { app.perform(.zoomIn) }),
            ("pan at 125 %", { app.setView(app.view.panned(by: Vector(dx: 13, dy: 30))) }),
            ("zoom out", { app.perform(.zoomOut) }),
            ("undo", { app.perform(.undo) }),
            ("redo", { app.perform(.redo) }),
            ("clear", { app.perform(.clear) }),
            ("undo of clear", { app.perform(.undo) }),
            ("a stroke then a pan", {
                self.drawStroke(app, from: Point(x: 200, y: 40), to: Point(x: 260, y: 120))
                app.setView(app.view.panned(by: Vector(dx: 9, dy: 14)))
            }),
        ]
        for (name, action) in actions {
            action()
            app.advanceTime(to: app.window.timers.now + ViewIndicatorView.lingering)
            let fresh = freshFrame(of: app)
            for turn in 0..<2 {
                let (buffer, damage) = chain.frame(of: app)
                #expect(largestDifference(buffer.image, fresh, rows: buffer.height) == 0, "after \(name)")
                if name.hasPrefix("zoom"), turn == 1 {
                    // The other buffer shows the old zoom: it is given the first one's pixels, not drawn again.
                    #expect(damage.isCopiedFromAnotherBuffer && damage.redrawn.isEmpty, "after \(name)")
                }
            }
        }
    }

    /// Random edits (strokes, pen strokes, erasing, undo, redo, clear, zoom, pan, resize), a pan after half of
    /// them, with frames into a chain of two buffers between them now and then: the buffer drawn last, and the other one drawn next, each shows
    /// what a fresh render shows.
    @Test func buffersDrawnInTurnAlwaysShowWhatAFreshRenderShows() async {
        await propertyCheck(count: 40, input: TilePropertyTests.edits) { numbers in
            let app = FingerPaintApp(size: Size(width: 240, height: 180))
            let chain = BufferChain()
            chain.frame(of: app)
            for number in numbers {
                TilePropertyTests.apply(number, to: app)
                if (number >> 45) % 2 == 0 {
                    // Pans are what moves pixels: one after half the edits, up to a third of the window either way.
                    let dx = Double((number >> 47) % 161) - 80, dy = Double((number >> 55) % 121) - 60
                    app.setView(app.view.panned(by: Vector(dx: dx, dy: dy)))
                }
                if (number >> 42) % 2 == 0 { chain.frame(of: app) }
            }
            app.advanceTime(to: app.window.timers.now + ViewIndicatorView.lingering)
            let fresh = freshFrame(of: app)
            for _ in 0..<2 {
                let buffer = chain.frame(of: app).buffer
                #expect(largestDifference(buffer.image, fresh, rows: buffer.height) == 0, "\(numbers)")
            }
        }
    }

    /// Zoom steps from 100 %: in and out by one step and by two at once.
    static let zoomFactors: [(numerator: Int, denominator: Int)] = [(5, 4), (4, 5), (25, 16), (16, 25)]

    /// A zoom step on a drawing whose tiles are drawn in the background first shows the tiles of the old zoom
    /// scaled: each pixel is the old frame's pixel under its centre (a centre on an edge takes the upper or left
    /// one), paper beyond the old tiles. Once the worker has drawn the new zoom's tiles, the buffers show what a fresh
    /// render shows. An odd-sized window at scale 2, so the frame is written on both cores and its last row and
    /// column are reached.
    @Test(arguments: Self.zoomFactors.indices)
    func aZoomStepFirstShowsTheOldTilesScaledThenSharpOnes(factor index: Int) throws {
        let (numerator, denominator) = Self.zoomFactors[index]
        let size = Size(width: 333, height: 217), scale = 2
        // Strokes that all reach the same cells of the index, so that every tile at the new zoom waits for the worker
        // (more than a few strokes reach it) or shows paper.
        let strokes = (0..<60).map { index in
            let start = Point(x: 30 + Double(index % 13) * 3, y: 25 + Double(index % 7) * 4)
            let end = Point(x: 300 - Double(index % 11) * 5, y: 190 - Double(index % 5) * 6)
            return Stroke(points: [StrokePoint(start), StrokePoint(Point(x: 170, y: 40 + Double(index) * 2)), StrokePoint(end)],
                          color: Brush.palette[index % 9], width: 3 + Double(index % 4) * 2)
        }
        let renderer = CanvasRenderer(logicalSize: size, scale: scale, strokes: strokes, drawsTilesInBackground: true)
        let buffers = [TestBuffer(width: 666, height: 434), TestBuffer(width: 666, height: 434)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.waitForTiles()
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        func fresh() -> ImageSurface {
            let fresh = CanvasRenderer(logicalSize: size, scale: scale, strokes: strokes)
            fresh.setView(renderer.view)
            fresh.renderFrame(liveStrokes: [:])
            return fresh.frame
        }
        let old = fresh()
        #expect(largestDifference(buffers[0].image, old, rows: 434) == 0)
        func offset(_ view: ViewTransform) -> (x: Int, y: Int) {
            let pixels = view.zoom * Double(scale)
            return (Int((view.origin.x * pixels).rounded()), Int((view.origin.y * pixels).rounded()))
        }
        let before = offset(renderer.view)
        renderer.setView(renderer.view.zoomed(by: Double(numerator) / Double(denominator), about: Point(x: 140, y: 97)))
        let after = offset(renderer.view)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(renderer.isDrawingTiles)
        // The old zoom's pixel under a centre, at a ratio n / d: ⌈(pixel + offset + ½) · d / n⌉ − 1.
        func source(_ pixel: Int, _ offset: Int) -> Int {
            let value = (2 * (pixel + offset) + 1) * denominator, divisor = 2 * numerator
            return (value >= 0 ? (value + divisor - 1) / divisor : -(-value / divisor)) - 1
        }
        var wrong: [String] = []
        for y in 0..<434 {
            let sourceY = source(y, after.y) - before.y
            for x in 0..<666 {
                let sourceX = source(x, after.x) - before.x
                let expected = (0..<666).contains(sourceX) && (0..<434).contains(sourceY)
                    ? old.pixel(x: sourceX, y: sourceY) : paper
                if buffers[1].image.pixel(x: x, y: y) != expected, wrong.count < 3 { wrong.append("(\(x), \(y))") }
            }
        }
        #expect(wrong.isEmpty, "the preview at \(numerator)/\(denominator) differs at \(wrong)")
        renderer.waitForTiles()
        let sharp = fresh()
        for buffer in [buffers[0], buffers[1], buffers[0]] {
            renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            #expect(largestDifference(buffer.image, sharp, rows: 434) == 0)
        }
    }

    /// A finger drawing with frames into two buffers in turn: each buffer is a frame behind the other, so what changed
    /// up to the other's frame (the last frame's new segments and tails) is copied from it, and only what changed
    /// since is drawn (docs/performance.md, "Lean"). Outside this frame's change the buffer shows what the other does;
    /// once the stroke is done, both show what a fresh render shows.
    @Test func aBufferBehindAnotherCopiesItsPixelsAndDrawsOnlyTheLastChange() {
        let size = Size(width: 400, height: 300)
        let renderer = CanvasRenderer(logicalSize: size)
        let buffers = [TestBuffer(width: 400, height: 300), TestBuffer(width: 400, height: 300)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        func point(_ angle: Double) -> Point { Point(x: 200 + 100 * cos(angle), y: 150 + 100 * sin(angle)) }
        var points: [StrokePoint] = []
        for step in 0..<24 {
            let angle = Double(step) * 0.2
            points.append(StrokePoint(point(angle)))
            let stroke = Stroke(points: points, color: Brush.palette[2], width: 8)
            let tail = [point(angle + 0.1), point(angle + 0.2)]
            let (buffer, other) = (buffers[step % 2], buffers[(step + 1) % 2])
            let damage = renderer.renderFrame(liveStrokes: [1: stroke], predictedTails: [1: tail], into: buffer.target)
            guard step > 0 else { continue }
            let changed = covered(damage.changed, width: 400)
            #expect(!damage.copied.isEmpty, "frame \(step)")
            // Drawn only within this frame's change: the pixels drawn outside it are none.
            #expect(covered(damage.redrawn, width: 400).subtracting(changed).count == 0, "frame \(step)")
            var differing = 0
            for y in 0..<300 {
                for x in 0..<400 where !changed.contains(y * 400 + x) && buffer.image.pixel(x: x, y: y) != other.image.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "frame \(step)")
        }
        let stroke = Stroke(points: points, color: Brush.palette[2], width: 8)
        renderer.apply(.appended(stroke), strokes: [stroke])
        let fresh = CanvasRenderer(logicalSize: size, strokes: [stroke])
        fresh.renderFrame(liveStrokes: [:])
        for buffer in buffers {
            renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            #expect(largestDifference(buffer.image, fresh.frame, rows: 300) == 0)
        }
    }

    /// A window's spare buffer, filled with a copy of its first frame's buffer on the second core, shows what that
    /// one shows: the first stroke's frame into it draws only the stroke, not the other buffer's pixels copied in
    /// whole first (docs/frame-pacing.md, "The spare buffer").
    @Test func aBufferHoldingACopyOfAnothersPixelsDrawsOnlyWhatChanged() {
        let size = Size(width: 400, height: 300)
        let renderer = CanvasRenderer(logicalSize: size)
        let first = TestBuffer(width: 400, height: 300), spare = TestBuffer(width: 400, height: 300)
        renderer.renderFrame(liveStrokes: [:], into: first.target)
        spare.pixels.copyMemory(from: first.pixels, byteCount: first.stride * first.height)
        // A pixel far from the stroke, changed after the copy: copied in again, it would be the first buffer's.
        let marker: UInt32 = 0x0012_3456
        spare.pixels.storeBytes(of: marker, toByteOffset: 290 * spare.stride + 390 * 4, as: UInt32.self)
        let stroke = Stroke(points: [StrokePoint(Point(x: 100, y: 100)), StrokePoint(Point(x: 150, y: 120))],
                            color: Brush.palette[2], width: 8)
        var target = spare.target
        target.copyOf = first
        let damage = renderer.renderFrame(liveStrokes: [1: stroke], into: target)
        #expect(!damage.isCopiedFromAnotherBuffer)
        #expect(spare.image.pixel(x: 390, y: 290) == marker)
        // Everything else is what a fresh render of the stroke in progress shows.
        let fresh = CanvasRenderer(logicalSize: size)
        fresh.renderFrame(liveStrokes: [1: stroke])
        spare.pixels.storeBytes(of: fresh.frame.pixel(x: 390, y: 290), toByteOffset: 290 * spare.stride + 390 * 4, as: UInt32.self)
        #expect(largestDifference(spare.image, fresh.frame, rows: 300) == 0)
    }

    /// The pixels a list of rectangles covers, as a set of indices into a `width`-wide image.
    private func covered(_ rects: [PixelRect], width: Int) -> Set<Int> {
        var pixels = Set<Int>()
        for rect in rects {
            for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { pixels.insert(y * width + x) } }
        }
        return pixels
    }

    /// A pan of 30 by 20 pixels draws only the strip it exposed, into each of two buffers; a pan after a stroke
    /// draws the strip and the stroke's area; the pixels already in the buffer are moved, and the picture is what a
    /// fresh render shows. The compositor is told that everything changed at the pan's frame.
    @Test func aPanDrawsTheExposedStripAndWhatChanged() throws {
        let size = Size(width: 400, height: 300)
        var strokes: [Stroke] = []
        for index in 0..<30 {
            let x = Double(index * 13), y = Double(index * 8)
            let points = [StrokePoint(Point(x: x, y: 10 + y)), StrokePoint(Point(x: x + 60, y: 40 + y))]
            strokes.append(Stroke(points: points, color: Brush.palette[index % 9], width: 6))
        }
        let renderer = CanvasRenderer(logicalSize: size, strokes: strokes)
        let buffers = [TestBuffer(width: 400, height: 300), TestBuffer(width: 400, height: 300)]
        // The first buffer is drawn whole; the second is given its pixels.
        #expect(renderer.renderFrame(liveStrokes: [:], into: buffers[0].target).redrawn == [renderer.bounds])
        let copy = renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(copy.isCopiedFromAnotherBuffer && copy.redrawn.isEmpty)
        func fresh() -> ImageSurface {
            let fresh = CanvasRenderer(logicalSize: size, strokes: strokes)
            fresh.setView(renderer.view)
            fresh.renderFrame(liveStrokes: [:])
            return fresh.frame
        }
        // The view moves 30 right and 20 down in the document: the pixels move 30 left and 20 up.
        renderer.setView(renderer.view.panned(by: Vector(dx: -30, dy: -20)))
        let strip = [PixelRect(x: 370, y: 0, width: 30, height: 300), PixelRect(x: 0, y: 280, width: 400, height: 20)]
        for (turn, buffer) in buffers.enumerated() {
            let damage = renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            #expect(covered(damage.redrawn, width: 400) == covered(strip, width: 400))
            #expect(damage.movedX == -30 && damage.movedY == -20 && !damage.isCopiedFromAnotherBuffer)
            // On screen everything moved with the first; the second shows what the first did.
            #expect(damage.changed == (turn == 0 ? [renderer.bounds] : []))
            #expect(largestDifference(buffer.image, fresh(), rows: 300) == 0)
        }
        // A stroke added, then a pan of 10 left: the first buffer lacks the stroke and the new strip; the second
        // (a frame behind) lacks the same.
        let stroke = Stroke(points: [StrokePoint(Point(x: 150, y: 150)), StrokePoint(Point(x: 190, y: 170))],
                            color: Brush.palette[2], width: 8)
        var all = strokes
        all.append(stroke)
        renderer.apply(.appended(stroke), strokes: all)
        renderer.setView(renderer.view.panned(by: Vector(dx: 10, dy: 0)))
        let strokeArea = TileKey.pixels(of: stroke.bounds, pixelsPerPoint: 1).offsetBy(dx: -20, dy: -20)
        let expected = covered([PixelRect(x: 0, y: 0, width: 10, height: 300), strokeArea], width: 400)
        for buffer in buffers {
            let damage = renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            #expect(covered(damage.redrawn, width: 400) == expected)
            let freshFrame = CanvasRenderer(logicalSize: size, strokes: all)
            freshFrame.setView(renderer.view)
            freshFrame.renderFrame(liveStrokes: [:])
            #expect(largestDifference(buffer.image, freshFrame.frame, rows: 300) == 0)
        }
    }

    /// 2 500 short strokes over a 300 x 200 window: enough that the renderer builds their index on the worker.
    static let manyShortStrokes: [Stroke] = (0..<2_500).map { index in
        let x = Double((index * 37) % 290), y = Double((index * 53) % 190)
        return Stroke(points: [StrokePoint(Point(x: x, y: y)), StrokePoint(Point(x: x + 9, y: y + 5))],
                      color: Brush.palette[index % 9], width: 2)
    }

    /// A drawing of thousands of strokes opened in a window: its index is built on the worker, not on the thread
    /// that shows the first frame, which shows paper (or, if the index came first, the drawing); once the tiles are
    /// drawn, each buffer shows what a fresh render shows.
    @Test func aLargeDrawingsIndexIsBuiltOnTheWorkerAndItsFramesEndAsAFreshRender() throws {
        let size = Size(width: 300, height: 200)
        let strokes = Self.manyShortStrokes
        let renderer = CanvasRenderer(logicalSize: size, strokes: strokes)
        #expect(renderer.indexState == .deferred)
        renderer.drawsTilesInBackground = true
        #expect(renderer.indexState == .afterNextFrame)
        let buffers = [TestBuffer(width: 300, height: 200), TestBuffer(width: 300, height: 200)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        #expect(renderer.indexState != .afterNextFrame)
        renderer.waitForTiles()
        #expect(renderer.indexState == .built)
        let fresh = CanvasRenderer(logicalSize: size, strokes: strokes)
        fresh.renderFrame(liveStrokes: [:])
        for buffer in buffers {
            renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            #expect(largestDifference(buffer.image, fresh.frame, rows: 200) == 0)
        }
    }

    /// A large drawing's first frame in a window neither waits for its stroke index nor shares the cores with it:
    /// nothing is asked of the worker until that frame (paper) is drawn, then the index and the renderer's own copy
    /// of the strokes are made there (the caller's array is shared until then, not copied on the Wayland thread);
    /// the frames then end as a fresh render.
    @Test func aLargeDrawingsFirstFrameComesBeforeItsIndexIsStarted() throws {
        let size = Size(width: 300, height: 200)
        let strokes = Self.manyShortStrokes
        func storage(_ strokes: [Stroke]) -> UnsafeRawPointer? {
            strokes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let worker = TileWorker(pace: .whenAsked)
        let renderer = CanvasRenderer(logicalSize: size, strokes: strokes)
        renderer.drawTiles(on: worker)
        // Made and given a worker: nothing copied, nothing asked of the worker yet.
        #expect(storage(renderer.strokes) == storage(strokes))
        #expect(!worker.isIndexWaiting)
        let buffers = [TestBuffer(width: 300, height: 200), TestBuffer(width: 300, height: 200)]
        renderer.renderFrame(liveStrokes: [:], into: buffers[0].target)
        let paper = CanvasRenderer(logicalSize: size)
        paper.renderFrame(liveStrokes: [:])
        #expect(largestDifference(buffers[0].image, paper.frame, rows: 200) == 0)
        // The first frame drawn: the index is asked for now, and only now.
        #expect(worker.isIndexWaiting)
        #expect(renderer.isDrawingTiles)
        worker.drawWaiting(upTo: 0)
        renderer.renderFrame(liveStrokes: [:], into: buffers[1].target)
        #expect(renderer.indexState == .built)
        // The strokes the renderer keeps are its own copy, made with the index off this thread.
        #expect(storage(renderer.strokes) != storage(strokes))
        #expect(renderer.strokes == strokes)
        renderer.waitForTiles()
        let fresh = CanvasRenderer(logicalSize: size, strokes: strokes)
        fresh.renderFrame(liveStrokes: [:])
        for buffer in buffers {
            renderer.renderFrame(liveStrokes: [:], into: buffer.target)
            #expect(largestDifference(buffer.image, fresh.frame, rows: 200) == 0)
        }
    }
}
