// The pixels a stroke that picks colour up (smudge) is painted over, as its brush reads them: the layer's own pixels
// (clear where nothing is painted, its picture under its strokes) at one pixel a document point, drawn in squares as
// the brush first reaches them, with the stroke's own dabs drawn in as it lays them. Contract: the layer as it was when
// the stroke began (values, kept); the same strokes read the same colours, whoever asks (the stroke in progress, or
// its lift when no stroke in progress showed it) and whatever the view's zoom (docs/brushes.md, "Smudge").
import BrushEngine
import CCairo
import Geometry
import PaintModel

/// The layer a stroke in progress goes to, as it was: what ``LayerColorSource`` draws its squares from.
struct InkLayerPixels {
    /// The strokes shown, and their index.
    var strokes: [Stroke]
    var index: StrokeIndex
    /// The positions among ``strokes`` that are the layer's.
    var range: Range<Int>
    /// Strokes on top of the layer not among ``strokes`` yet (added, not baked).
    var added: [Stroke]
    /// The layer's picture, under its strokes.
    var picture: PicturePixels?

    /// The layer's own pixels over `square` (document points, whole), at a pixel a point: premultiplied, clear where
    /// nothing is painted.
    func pixels(of square: PixelRect) -> DabCanvas? {
        let area = Rect(x: Double(square.x), y: Double(square.y), width: Double(square.width), height: Double(square.height))
        var reaching = index.strokes(reaching: area).filter(range.contains).map { strokes[$0] }
        reaching += added.filter { $0.bounds.intersection(area) != nil }
        guard let canvas = DabCanvas(width: square.width, height: square.height) else { return nil }
        guard !reaching.isEmpty || picture.map({ $0.frame.intersection(area) != nil }) == true else { return canvas }
        let layer = PictureLayer(picture: picture, strokes: reaching)
        guard let image = DrawingPicture(layers: [layer], area: area).layerImage(at: 0),
              image.width == square.width, image.height == square.height,
              let data = cairo_image_surface_get_data(image.surface) else { return canvas }
        return BrushStrokes.canvas(of: data, stride: image.stride, x: 0, y: 0, width: square.width,
                                   height: square.height, isOpaque: false) ?? canvas
    }
}

/// What a brush that picks colour up reads as it paints a stroke on a layer: the layer's pixels at a pixel a point,
/// in squares of ``side`` drawn when the brush first reaches them, and the stroke's dabs, with its opacity, drawn in
/// as it lays them.
final class LayerColorSource: DabColorSource {
    /// A square's side, in points.
    static let side = 64

    private let layer: InkLayerPixels
    /// The stroke's opacity, which each dab is drawn with (``BrushStrokes/withOpacity(of:_:)``).
    private let opacity: Float
    private var squares: [SIMD2<Int32>: DabCanvas] = [:]

    /// The source for a stroke of `opacity` (0 to 1) on `layer`.
    init(layer: InkLayerPixels, opacity: Float) {
        self.layer = layer
        self.opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 1
    }

    func color(underX x: Float, y: Float, radius: Float) -> SIMD4<Float> {
        guard x.isFinite, y.isFinite, abs(x) < 2e5, abs(y) < 2e5 else { return .zero }
        // The pixels the sampling dab covers, gathered from the squares into one canvas: DabCanvas reads them as it
        // reads a whole canvas (a radius of 1 to 1 000, a pixel of fringe).
        let reach = (radius.isFinite ? min(max(radius, 1), 1000) : 1) + 1
        let left = Int((x - reach).rounded(.down)), top = Int((y - reach).rounded(.down))
        let right = Int((x + reach).rounded(.down)), bottom = Int((y + reach).rounded(.down))
        guard var region = DabCanvas(width: right - left + 1, height: bottom - top + 1) else { return .zero }
        let side = Self.side
        for row in top.flooredDivision(by: side)...bottom.flooredDivision(by: side) {
            for column in left.flooredDivision(by: side)...right.flooredDivision(by: side) {
                guard let square = square(column, row) else { continue }
                region.copy(square, toX: column * side - left, y: row * side - top)
            }
        }
        let color = region.color(underX: x - Float(left), y: y - Float(top), radius: radius)
        return SIMD4(color.red, color.green, color.blue, color.alpha)
    }

    func draw(_ dab: BrushDab) {
        var faded = dab
        faded.opacity *= opacity
        guard let reached = BrushStrokes.squares(reachedBy: dab, side: Self.side, pixelsPerPoint: 1),
              reached.columns.count * reached.rows.count <= 1024 else { return }
        for row in reached.rows {
            for column in reached.columns {
                guard var canvas = square(column, row) else { continue }
                let key = SIMD2(Int32(column), Int32(row))
                squares[key] = nil
                var placed = faded
                placed.x -= Float(column * Self.side)
                placed.y -= Float(row * Self.side)
                canvas.draw(placed)
                squares[key] = canvas
            }
        }
    }

    /// The square at a column and row, drawn from the layer the first time.
    private func square(_ column: Int, _ row: Int) -> DabCanvas? {
        let key = SIMD2(Int32(truncatingIfNeeded: column), Int32(truncatingIfNeeded: row))
        if let square = squares[key] { return square }
        let side = Self.side
        let drawn = layer.pixels(of: PixelRect(x: column * side, y: row * side, width: side, height: side))
        squares[key] = drawn
        return drawn
    }
}
