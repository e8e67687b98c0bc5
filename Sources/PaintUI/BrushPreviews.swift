// The brush panel's previews: each brush's own stroke along an S, drawn off the Wayland thread once for a size and a
// style. Contract: the queue gets presets (values) and gives pixels back, and touches nothing else; a preview is made
// once and kept while its size and style are those shown.
import BrushEngine
import Dispatch
import Geometry
import PaintModel
import PaintRender
import Threading

/// The previews of the brush panel's brushes, by key (``Overlay/Item/Content/brushPreview(_:)``): each brush's stroke
/// along the S a brush picker shows (``BrushEngine/BrushPreset/previewStroke(width:height:)``), in the style's ink on
/// nothing, as the brush draws it. A preset paints its own, at its size or, for a fine one, with dabs an eighth of the
/// preview's height across (``BrushEngine/BrushPreset/paintPreview(color:onto:)``:
/// one that smears drags four bands of colour laid under it first); the round brush is a stroke of today drawn as the
/// canvas draws it, as wide as a quarter of the preview's height at full pressure. Until a preview is drawn its row
/// shows none.
public final class BrushPreviews {
    /// A brush to preview: its name, and its preset (`nil`: the round brush).
    public struct Brush: Hashable, Sendable {
        public var name: String
        public var preset: BrushPreset?

        public init(name: String, preset: BrushPreset?) {
            self.name = name
            self.preset = preset
        }
    }

    /// A preview drawn on the queue, as pixels that may cross threads.
    private struct Drawn: Sendable {
        var brush: Brush
        var width: Int, height: Int
        /// Premultiplied ARGB, row by row without padding.
        var pixels: [UInt32]
    }

    private let queue = DispatchQueue(label: "fingerpaint.brush-previews", qos: .utility)
    private let finished = Locked<[Drawn]>([])
    private var images: [Brush: (key: String, image: ImageSurface)] = [:]
    private var asked: Set<Brush> = []
    private var look: (width: Int, height: Int, style: OverlayStyle)?
    private var made = 0

    /// The key prefix of every preview's key.
    public static let keyPrefix = "brush-preview-"

    public init() {}

    /// Whether previews are being drawn or wait to be taken: look again soon.
    public var isBusy: Bool { !asked.isEmpty }

    /// Waits until every preview asked for is drawn (a test); the next update takes them.
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// The keys of the previews of `brushes` (`nil` for one not drawn yet), each `width` × `height` pixels (kept
    /// within 1…1024) in `style`'s ink, and the images by key. Those drawn since the last call are taken, the missing
    /// ones asked for; a new size or style lets the old ones go.
    public func update(for brushes: [Brush], width: Int, height: Int,
                       style: OverlayStyle) -> (keys: [String?], images: [String: ImageSurface]) {
        let width = min(max(width, 1), 1024), height = min(max(height, 1), 1024)
        if look.map({ $0 != (width, height, style) }) ?? true {
            images = [:]
            asked = []
            look = (width, height, style)
        }
        takeFinished(width: width, height: height)
        for brush in brushes where images[brush] == nil && !asked.contains(brush) {
            asked.insert(brush)
            request(brush, width: width, height: height, ink: style.ink(isEnabled: true))
        }
        var shown: [String: ImageSurface] = [:]
        for brush in brushes { if let made = images[brush] { shown[made.key] = made.image } }
        return (brushes.map { images[$0]?.key }, shown)
    }

    private func request(_ brush: Brush, width: Int, height: Int, ink: Double) {
        let finished = finished
        queue.async {
            let pixels = Self.draw(brush, width: width, height: height, ink: ink)
            finished.withLock { $0.append(Drawn(brush: brush, width: width, height: height, pixels: pixels)) }
        }
    }

    private func takeFinished(width: Int, height: Int) {
        let drawn = finished.withLock { finished in
            defer { finished = [] }
            return finished
        }
        for preview in drawn where asked.remove(preview.brush) != nil {
            guard preview.width == width, preview.height == height,
                  let image = ImageSurface.made(of: preview.pixels, width: width, height: height) else { continue }
            made &+= 1
            images[preview.brush] = (Self.keyPrefix + "\(made)", image)
        }
    }

    /// A brush's preview as premultiplied ARGB pixels, row by row.
    static func draw(_ brush: Brush, width: Int, height: Int, ink: Double) -> [UInt32] {
        let color = Color(red: ink, green: ink, blue: ink)
        guard let preset = brush.preset else { return roundPreview(width: width, height: height, color: color) }
        guard var canvas = DabCanvas(width: width, height: height) else { return [] }
        if preset.smears { layBands(on: &canvas) }
        // A fine brush is shown a little larger, so that its texture shows at a row's size.
        let least = Double(height) / 8
        let shown = preset.radius < least ? preset.resized(toRadius: least) : preset
        shown.paintPreview(color: BrushColor(hue: 0, saturation: 0, value: ink), onto: &canvas)
        return canvas.argbPixels
    }

    /// The round brush's preview: a stroke of today along the preview's S, its pressure as a pen's.
    private static func roundPreview(width: Int, height: Int, color: Color) -> [UInt32] {
        let reach = Double(height) / 8
        let samples = BrushPreset.previewStroke(width: Double(width) - 2 * reach, height: Double(height) - 2 * reach)
        let points = samples.map { StrokePoint(Point(x: $0.x + reach, y: $0.y + reach)) }
        guard let stroke = Stroke(points: points, pen: samples.map { StrokePen(pressure: $0.pressure) }, color: color,
                                  width: 2 * reach) else { return [] }
        let picture = DrawingPicture(layers: [PictureLayer(strokes: [stroke])],
                                     area: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        guard let image = picture.layerImage(at: 0), image.width == width, image.height == height else { return [] }
        return image.rowPixels
    }

    /// Four bands of colour down a canvas, a muted red and a muted blue in turn, for a brush that smears to drag
    /// across (the preview's S goes from left to right).
    private static func layBands(on canvas: inout DabCanvas) {
        var bands = canvas.channels
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let isRed = column * 4 / canvas.width % 2 == 0
                let (red, green, blue): (Float, Float, Float) = isRed ? (0.85, 0.3, 0.3) : (0.3, 0.45, 0.85)
                let index = (row * canvas.width + column) * 4
                (bands[index], bands[index + 1], bands[index + 2], bands[index + 3]) = (red, green, blue, 1)
            }
        }
        if let laid = DabCanvas(width: canvas.width, height: canvas.height, channels: bands) { canvas = laid }
    }
}
