// The headless replay: a trace through the same input path and renderer as the window, at a virtual 60 Hz.
import Dispatch
import FoundationEssentials
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// Replays a trace with no compositor: its events go through ``FingerPaintApp/handle(_:)`` as a window's would,
/// and a frame is rendered at each tick of a virtual 60 Hz display at which something changed.
///
/// A replay starts from the drawing it is given (blank, or an opened document read without being locked), never
/// saves and never exports.
public struct Replay {
    /// The virtual display's frame interval.
    public static let frameInterval = Duration.seconds(1.0 / 60)

    /// Figures about the frames a replay drew.
    public struct Statistics: Sendable {
        /// How long each frame took to render, in milliseconds.
        public var renderMilliseconds: [Double] = []
        /// How many buffer pixels each frame damaged.
        public var damagedPixels: [Int] = []

        /// The frames drawn.
        public var frames: Int { renderMilliseconds.count }

        /// One JSON line: frames drawn, render time per frame (p50, p99, max, ms), pixels damaged per frame.
        public var jsonLine: String {
            let times = renderMilliseconds.sorted()
            let pixels = damagedPixels.sorted()
            let mean = pixels.isEmpty ? 0 : pixels.reduce(0, +) / pixels.count
            return "{\"frames\": \(frames), "
                + "\"render_ms\": {\"p50\": \(ms(percentile(times, 0.5))), \"p99\": \(ms(percentile(times, 0.99))), "
                + "\"max\": \(ms(times.last))}, "
                + "\"damaged_pixels_per_frame\": {\"mean\": \(mean), \"p50\": \(percentile(pixels, 0.5) ?? 0), "
                + "\"max\": \(pixels.last ?? 0)}}"
        }
    }

    /// The trace being replayed.
    public var trace: Trace
    /// The canvas's logical size.
    public var size: Size
    /// Which contacts paint and how wide (``ContactRules``).
    public var rules = ContactRules()
    /// Whether the frame figures are kept (a few bytes a frame); off, a long trace's replay keeps none.
    public var keepsStatistics = true
    /// The MyPaint brush the trace's strokes are painted with; `nil`: the round brush.
    public var brushPreset: StrokeBrush?

    /// A replay of a trace on a canvas of `size`, defaulting to the trace's canvas line, else 800×600.
    public init(trace: Trace, size: Size? = nil) {
        self.trace = trace
        self.size = size ?? trace.canvasSize ?? Size(width: 800, height: 600)
    }

    /// Runs the trace from `strokes` and returns the app as the trace left it, with the frame figures.
    public func run(from strokes: [Stroke] = []) -> (app: FingerPaintApp, statistics: Statistics) {
        run(from: Drawing(strokes: strokes))
    }

    /// Runs the trace from a drawing (with its history: an undo in the trace undoes it) and returns the app as the
    /// trace left it, with the frame figures.
    public func run(from drawing: Drawing) -> (app: FingerPaintApp, statistics: Statistics) {
        run(trace.events, from: drawing)
    }

    /// Runs `events` in place of the trace's own (a ``TraceReader``'s, read as they are played) from a drawing, and
    /// returns the app as they left it, with the frame figures.
    public func run(_ events: some Sequence<SeatEvent>, from drawing: Drawing) -> (app: FingerPaintApp, statistics: Statistics) {
        let app = FingerPaintApp(size: size, scale: 1, drawing: drawing, document: nil, exportFolder: nil)
        app.canvasView.rules = rules
        app.brushPreset = brushPreset
        var statistics = Statistics()
        func frame() {
            let start = DispatchTime.now().uptimeNanoseconds
            let rects = app.renderFrame()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            guard !rects.isEmpty, keepsStatistics else { return }
            statistics.renderMilliseconds.append(elapsed)
            statistics.damagedPixels.append(rects.reduce(0) { $0 + $1.area })
        }
        // The first frame shows the starting drawing.
        frame()
        // The first frame after the start is one interval after the first event.
        var nextFrame: Timestamp?
        for event in events {
            let due = nextFrame ?? event.time + Self.frameInterval
            nextFrame = due
            if event.time >= due {
                // Frames between events show what the events before them did; idle ticks draw nothing.
                if app.needsFrame { frame() }
                let skipped = ((event.time - due) / Self.frameInterval).rounded(.down) + 1
                nextFrame = due + Self.frameInterval * skipped
            }
            app.handle(event)
        }
        app.finishInput()
        if app.needsFrame { frame() }
        return (app, statistics)
    }
}
