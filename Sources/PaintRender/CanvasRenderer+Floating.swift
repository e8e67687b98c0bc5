// Strokes lifted off the tiles while they are moved (a selection dragged, docs/selection.md): drawn once into an image
// of their own at the frame's resolution, and shown over the tiles where the move takes them at every frame, so that a
// frame of the drag costs a composite of that image, not the tiles under thousands of strokes drawn again.
// Contract: the caller gives the renderer the drawing without the lifted strokes while they float, and with them,
// moved or not, once they are set down.
import CCairo
import Geometry
import PaintModel

/// The strokes a move lifted: their picture, what it covers, and where the move takes it.
struct FloatingStrokes {
    /// The strokes drawn on no paper, premultiplied.
    let image: ImageSurface
    /// The document points the image covers.
    let area: Rect
    /// The image's pixels per document point.
    let pixelsPerPoint: Double
    /// Where the move under way takes the strokes, in document points.
    var move = AffineTransform.identity
    /// Whether the strokes were set down, the image shown until the tiles under them are drawn again.
    var isSettling = false

    /// The largest a floating image is, in pixels a side: past it, the strokes are drawn at a lower resolution.
    static let largestSide = 4096.0

    /// The buffer pixels the image covers, moved, under `view` at `scale`, a pixel wider for the filtering; `nil`
    /// for none.
    func bufferRect(view: ViewTransform, scale: Int) -> PixelRect? {
        let corners = [Point(x: area.minX, y: area.minY), Point(x: area.maxX, y: area.minY),
                       Point(x: area.maxX, y: area.maxY), Point(x: area.minX, y: area.maxY)]
            .map { view.windowPoint(move.apply(to: $0)) }
        guard corners.allSatisfy(\.isFinite) else { return nil }
        let factor = Double(scale)
        let xs = corners.map { $0.x * factor }, ys = corners.map { $0.y * factor }
        let minX = Int(saturating: (xs.min() ?? 0).rounded(.down)) - 1, minY = Int(saturating: (ys.min() ?? 0).rounded(.down)) - 1
        let maxX = Int(saturating: (xs.max() ?? 0).rounded(.up)) + 1, maxY = Int(saturating: (ys.max() ?? 0).rounded(.up)) + 1
        guard maxX > minX, maxY > minY else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Composites the image over `rect` of the frame, where the move takes it.
    func draw(within rect: PixelRect, into frame: ImageSurface, context: inout OpaquePointer?, view: ViewTransform,
              scale: Int) {
        guard let covered = bufferRect(view: view, scale: scale), covered.intersection(rect) != nil else { return }
        // Buffer pixels to image pixels: to window points, to document points, the move undone, into the image.
        let factor = 1 / Double(scale)
        let toDocument = AffineTransform(through: { view.documentPoint(Point(x: $0.x * factor, y: $0.y * factor)) })
        guard let unmoved = move.inverted() else { return }
        let toImage = toDocument.concatenating(unmoved)
            .concatenating(AffineTransform(translationBy: Vector(dx: -area.minX, dy: -area.minY)))
            .concatenating(AffineTransform(a: pixelsPerPoint, b: 0, c: 0, d: pixelsPerPoint, tx: 0, ty: 0))
        if context == nil { context = cairo_create(frame.surface) }
        guard let context, let pattern = cairo_pattern_create_for_surface(image.surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, toImage.a, toImage.b, toImage.c, toImage.d, toImage.tx, toImage.ty)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_save(context)
        cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(context)
        cairo_set_source(context, pattern)
        cairo_paint(context)
        cairo_restore(context)
        cairo_surface_flush(frame.surface)
    }
}

extension AffineTransform {
    /// The affine map that `map` is, read from where it takes the origin and the two unit points.
    init(through map: (Point) -> Point) {
        let origin = map(.zero), x = map(Point(x: 1, y: 0)), y = map(Point(x: 0, y: 1))
        self.init(a: x.x - origin.x, b: x.y - origin.y, c: y.x - origin.x, d: y.y - origin.y, tx: origin.x, ty: origin.y)
    }
}

extension CanvasRenderer {
    /// Lifts `strokes` off the picture to move them: they are drawn once into an image of their own at the frame's
    /// resolution (lower past ``FloatingStrokes/largestSide`` pixels a side), and every frame shows it where
    /// ``floatingMove`` takes it, over the tiles, under the strokes in progress and the overlay, until
    /// ``setDownFloating()``. Give the renderer the drawing without them meanwhile. None for no stroke.
    public func float(_ strokes: [Stroke]) {
        if floating != nil {
            showFloatingChange()
            floating = nil
        }
        let shown = strokes.filter(\.isWithinLimits)
        guard let first = shown.first else { return }
        let bounds = shown.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }.insetBy(dx: -1, dy: -1)
        let level = min(pixelsPerPoint, FloatingStrokes.largestSide / max(bounds.width, bounds.height, 1))
        let picture = DrawingPicture(layers: [PictureLayer(strokes: shown)], area: bounds)
        guard let image = picture.layerImage(at: 0, pixelsPerPoint: level) else { return }
        floating = FloatingStrokes(image: image, area: bounds, pixelsPerPoint: Double(image.width) / max(bounds.width, 1e-9))
        showFloatingChange()
    }

    /// Where the move under way takes the floating strokes (``float(_:)``), in document points: each change redraws
    /// where they were and where they go.
    public var floatingMove: AffineTransform? {
        get { floating?.move }
        set {
            guard var moved = floating, !moved.isSettling, let newValue, newValue != moved.move else { return }
            showFloatingChange()
            moved.move = newValue
            floating = moved
            showFloatingChange()
        }
    }

    /// Whether strokes float (``float(_:)``) and are not set down.
    public var isFloating: Bool { floating.map { !$0.isSettling } ?? false }

    /// Sets the floating strokes down (give the renderer the drawing with them, where they went): their image stays
    /// where it is until the tiles under it are drawn again with them, so that they never vanish meanwhile, then the
    /// frames show the tiles alone.
    public func setDownFloating() {
        floating?.isSettling = true
    }

    /// At the start of a frame: a set-down image goes once no tile is being drawn from the strokes.
    func settleFloating() {
        guard floating?.isSettling == true, !tiles.isDrawingFromStrokes else { return }
        showFloatingChange()
        floating = nil
    }

    /// The frames redraw what the floating strokes cover now.
    private func showFloatingChange() {
        if let rect = floating?.bufferRect(view: view, scale: scale), let within = rect.intersection(bounds) {
            markScreenChanged(within)
        }
    }
}
