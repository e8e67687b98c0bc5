// The canvas: completed strokes drawn once into a persistent image, strokes in progress drawn incrementally.
import CCairo
import PaintModel
import Geometry

/// Renders a drawing so that a frame costs what changed in it, not what the drawing holds.
///
/// Two images of the buffer's size (logical size × scale):
/// - the **canvas** holds the completed strokes. A stroke is drawn into it once, when it completes; only a
///   resize, a scale change, undo or clear redraws it, from the stroke list and a recent checkpoint
///   (`CanvasCheckpoints`);
/// - the **frame** is what is shown: the canvas with the strokes in progress on top. Each
///   ``renderFrame(liveStrokes:)`` redraws only the rectangles that changed — around the new segments of the
///   strokes in progress, or where a stroke completed or was cancelled — by copying the canvas there and
///   stroking the strokes in progress clipped to it, and returns those rectangles.
///
/// The window copies the frame into its shared-memory buffer with ``composite(into:stride:width:height:rects:)``,
/// only the rectangles changed since that buffer was last shown. Every stroke is one Cairo path with round caps
/// and joins.
public final class CanvasRenderer {
    /// The canvas size in logical points.
    public private(set) var logicalSize: Size
    /// Buffer pixels per logical point.
    public private(set) var scale: Int
    /// The paper colour.
    public let background: Color
    /// The completed strokes.
    public private(set) var canvas: ImageSurface
    /// The canvas with the strokes in progress and the ``overlay`` on top: what is shown.
    public private(set) var frame: ImageSurface
    /// Controls drawn over the frame (the palette bar), never into the canvas; a change redraws their area.
    public var overlay: Overlay? {
        didSet {
            guard overlay != oldValue else { return }
            for covered in (oldValue?.frames ?? []) + (overlay?.frames ?? []) {
                pendingDamage.append(PixelRect(covering: covered, scale: scale))
            }
        }
    }

    /// What has been drawn of each stroke in progress.
    private var live: [Int: LiveStroke] = [:]
    private var pendingDamage: [PixelRect] = []
    private var checkpoints: CanvasCheckpoints
    /// The canvas and checkpoints as they were before the last clear, for its undo.
    private var beforeClear: (image: ImageSurface, checkpoints: CanvasCheckpoints, count: Int)?
    /// How many strokes the canvas holds.
    private var committedCount = 0

    /// A renderer for a canvas of a logical size at a scale, showing `strokes`.
    public init(logicalSize: Size, scale: Int = 1, strokes: [Stroke] = [], background: Color = .white) {
        self.logicalSize = logicalSize
        self.scale = max(scale, 1)
        self.background = background
        let (width, height) = Self.pixelSize(logicalSize, scale: self.scale)
        canvas = ImageSurface(width: width, height: height, fill: background)
        frame = ImageSurface(width: width, height: height, fill: background)
        checkpoints = CanvasCheckpoints(imageBytes: canvas.stride * canvas.height)
        redrawCanvas(strokes)
        committedCount = strokes.count
    }

    /// The buffer's width in pixels.
    public var pixelWidth: Int { canvas.width }
    /// The buffer's height in pixels.
    public var pixelHeight: Int { canvas.height }
    /// The whole buffer.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height) }

    // MARK: - Changes

    /// A new size or scale: everything is redrawn (the user asked for it).
    public func resize(to logicalSize: Size, scale: Int, strokes: [Stroke]) {
        self.logicalSize = logicalSize
        self.scale = max(scale, 1)
        let (width, height) = Self.pixelSize(logicalSize, scale: self.scale)
        canvas = ImageSurface(width: width, height: height, fill: background)
        frame = ImageSurface(width: width, height: height, fill: background)
        checkpoints = CanvasCheckpoints(imageBytes: canvas.stride * canvas.height)
        beforeClear = nil
        redrawCanvas(strokes)
        committedCount = strokes.count
    }

    /// Takes a change of the drawing's strokes: a stroke appended is drawn on its own; strokes taken off or
    /// replaced redraw the canvas from `strokes` (the drawing's strokes after the change). A clear keeps the
    /// canvas aside, so that its undo puts it back at once.
    public func apply(_ change: DrawingChange, strokes: [Stroke]) {
        defer { committedCount = strokes.count }
        switch change {
        case .cleared:
            beforeClear = (canvas, checkpoints, committedCount)
            canvas = ImageSurface(width: canvas.width, height: canvas.height, fill: background)
            checkpoints = CanvasCheckpoints(imageBytes: canvas.stride * canvas.height)
            pendingDamage = [bounds]
        case .restored:
            if let saved = beforeClear, saved.count == strokes.count {
                canvas = saved.image
                checkpoints = saved.checkpoints
                beforeClear = nil
                pendingDamage = [bounds]
            } else {
                checkpoints.removeAll()
                redrawCanvas(strokes)
            }
        case let .appended(stroke):
            draw([stroke], countBefore: strokes.count - 1)
            if let rect = DirtyRect.bounds(of: stroke.points.lazy.map(\.location), width: stroke.width) {
                pendingDamage.append(PixelRect(covering: rect, scale: scale))
            }
        case let .truncated(count):
            checkpoints.discard(above: count)
            redrawCanvas(strokes)
        case .replaced:
            checkpoints.removeAll()
            beforeClear = nil
            redrawCanvas(strokes)
        }
    }

    /// Asks for the whole frame to be redrawn at the next ``renderFrame(liveStrokes:)``.
    public func setNeedsFullRedraw() {
        pendingDamage = [bounds]
    }

    // MARK: - Frames

    /// Brings the frame up to date with the strokes in progress (by any key that stays the same for a stroke's
    /// life) and returns the rectangles of buffer pixels that changed, empty when nothing did.
    ///
    /// Only new samples are looked at: a stroke's last two segments and its new ones are redrawn. A key that
    /// was drawn before and is gone (completed or cancelled) has its area redrawn from the canvas.
    @discardableResult
    public func renderFrame(liveStrokes: [Int: Stroke]) -> [PixelRect] {
        var damage = pendingDamage
        pendingDamage = []
        for (key, state) in live where liveStrokes[key] == nil {
            if let rect = state.bounds { damage.append(PixelRect(covering: rect, scale: scale)) }
            live[key] = nil
        }
        for (key, stroke) in liveStrokes {
            // Updated in place: a copy would copy the stroke's path.
            if let rect = live[key, default: LiveStroke()].update(with: stroke) {
                damage.append(PixelRect(covering: rect, scale: scale))
            }
        }
        let rects = damage.compactMap { $0.intersection(bounds) }.merged()
        for rect in rects { recompose(rect, liveStrokes: liveStrokes) }
        return rects
    }

    /// Copies rectangles of the frame into a buffer of the same pixel size and format (XRGB8888, `stride` bytes
    /// a row). Pass the rectangles changed since that buffer was last shown.
    public func composite(into buffer: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int,
                          rects: [PixelRect]) {
        let limit = PixelRect(x: 0, y: 0, width: min(width, frame.width), height: min(height, frame.height))
        let source = frame.pixels
        for rect in rects {
            guard let rect = rect.intersection(limit) else { continue }
            for row in rect.y..<rect.maxY {
                (buffer + row * stride + rect.x * 4).copyMemory(from: source + row * frame.stride + rect.x * 4,
                                                                 byteCount: rect.width * 4)
            }
        }
    }

    // MARK: - Drawing

    /// Redraws the frame in one rectangle: the canvas there, then the strokes in progress and the overlay
    /// clipped to it.
    private func recompose(_ rect: PixelRect, liveStrokes: [Int: Stroke]) {
        frame.copy(rect, from: canvas)
        let area = rect.logical(scale: scale)
        let reaching = liveStrokes.compactMap { key, stroke -> (key: Int, stroke: Stroke, state: LiveStroke)? in
            guard let state = live[key], state.bounds?.intersection(area) != nil else { return nil }
            return (key, stroke, state)
        }
        let overlay = overlay.flatMap { overlay in overlay.frames.contains { $0.intersection(area) != nil } ? overlay : nil }
        guard !reaching.isEmpty || overlay != nil else { return }
        let context = cairo_create(frame.surface)!
        defer { cairo_destroy(context) }
        cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(context)
        prepareForStrokes(context, scale: scale)
        // Strokes in progress in the order they began, so that overlaps look the same in every frame.
        for (_, stroke, state) in reaching.sorted(by: { $0.key < $1.key }) {
            state.draw(stroke, within: area, in: context)
        }
        if let overlay { drawOverlay(overlay, in: context) }
    }

    /// Redraws the canvas from the strokes, starting from the latest checkpoint that fits, and marks it all damaged.
    private func redrawCanvas(_ strokes: [Stroke]) {
        if let checkpoint = checkpoints.latest(atMost: strokes.count) {
            canvas.copyAll(from: checkpoint.image)
            draw(strokes[checkpoint.count...], countBefore: checkpoint.count)
        } else {
            let context = cairo_create(canvas.surface)!
            cairo_set_source_rgb(context, background.red, background.green, background.blue)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context)
            cairo_destroy(context)
            draw(strokes[...], countBefore: 0)
        }
        pendingDamage = [bounds]
    }

    /// Draws strokes on top of the canvas that holds `countBefore` strokes, taking checkpoints on the way.
    private func draw(_ strokes: ArraySlice<Stroke>, countBefore: Int) {
        let context = cairo_create(canvas.surface)!
        defer { cairo_destroy(context) }
        prepareForStrokes(context, scale: scale)
        let total = countBefore + strokes.count
        var count = countBefore
        for stroke in strokes {
            drawStroke(stroke, in: context)
            count += 1
            if checkpoints.wants(count: count, total: total) {
                checkpoints.record(canvas, count: count)
            }
        }
    }

    private func draw(_ strokes: [Stroke], countBefore: Int) {
        draw(strokes[...], countBefore: countBefore)
    }

    private static func pixelSize(_ size: Size, scale: Int) -> (Int, Int) {
        (max(Int((size.width * Double(scale)).rounded(.up)), 1), max(Int((size.height * Double(scale)).rounded(.up)), 1))
    }
}
