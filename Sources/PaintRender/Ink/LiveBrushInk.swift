// A brush stroke in progress as the frame shows it: its dabs worked out as its samples come (BrushStrokeInProgress),
// each drawn once into pixels of its own at the frame's scale, which are put over the frame where it is redrawn.
// Contract: on the Wayland thread; each dab is drawn once at a scale (again only when the zoom changes); the pixels
// put over the frame are those the dabs would give drawn straight over it, within a level: a dab makes each pixel
// what lay there times what it keeps of it, plus the paint it lays, so the dabs one after another are one such step,
// whatever lies below (a stroke that takes paint away keeps, a pixel, how much of what lay there is left).
import BrushEngine
import Geometry
import PaintModel

/// The dabs of a stroke in progress painted with a brush, and the pixels they make, in square pieces of
/// ``side`` document pixels at one scale.
final class LiveBrushInk {
    /// A piece's side, in pixels.
    static let side = 64

    private let engine: BrushStrokeInProgress?
    /// The stroke as it began: its colour's alpha is its dabs' opacity (``BrushStrokes/withOpacity(of:_:)``).
    private let begun: Stroke
    /// The dabs so far, in document points, with the stroke's opacity.
    private(set) var dabs: [BrushDab] = []
    /// How many of the stroke's samples the engine has taken, and the last one's time.
    private var sampleCount = 0
    private var lastTime = 0.0
    /// The scale the pieces are drawn at (document pixels a point), and how many dabs are drawn into them.
    private(set) var level = 0.0
    private var drawnCount = 0
    /// The pieces, ``side`` × ``side`` premultiplied floats as libmypaint's surfaces keep them (so a dab is drawn with
    /// no conversion of the pixels it reaches), by their column and row: the paint the dabs lay, over clear.
    private var pieces: [SIMD2<Int32>: DabCanvas] = [:]
    /// For a stroke whose dabs may take paint away (an eraser, a brush that smears): how much of what lay below each
    /// pixel keeps, as the alpha of a canvas begun opaque whose dabs each only take away (libmypaint's eraser, opacity
    /// for opacity). Without them, what keeps is one less the paint's alpha.
    private var keeps: [SIMD2<Int32>: DabCanvas]?

    /// A brush that picks colour up: the samples the engine has taken, which a completed stroke must begin with for
    /// the colours read to be its own (``pickedColors(completing:pixelsPerPoint:)``).
    private var taken: [BrushSample]?
    /// The area of dabs made since the last ``update(with:pixelsPerPoint:)`` by another call, to report with it.
    private var unreported: Rect?

    /// The ink of a stroke painted with a brush; `nil` for a stroke without one. A brush that picks colour up reads
    /// it from `layer` (the layer the stroke goes to, asked for once), unless the stroke holds the colours read
    /// already (a completed stroke's).
    init?(_ stroke: Stroke, layer: () -> InkLayerPixels?) {
        guard let brush = stroke.brush else { return nil }
        begun = stroke
        let preset = BrushStrokes.preset(of: brush)
        let source = brush.pickedColors.isEmpty && BrushStrokes.picksUpColor(brush)
            ? layer().map { LayerColorSource(layer: $0, opacity: Float(stroke.color.alpha)) } : nil
        engine = preset.flatMap {
            BrushStrokeInProgress(preset: $0, color: BrushStrokes.color(of: stroke), erasing: brush.isErasing,
                                  colorSource: source, pickedColors: brush.pickedColors)
        }
        if source != nil { taken = [] }
        if BrushStrokes.mayTakePaintAway(brush) { keeps = [:] }
    }

    /// Takes in the samples not seen yet; returns the document area their dabs paint (each dab's radius and a pixel
    /// more, at `level`), `nil` for none.
    func update(with stroke: Stroke, pixelsPerPoint level: Double) -> Rect? {
        defer { unreported = nil }
        let count = stroke.points.count
        guard count > sampleCount, let engine else { return unreported }
        var time = lastTime
        let samples = (sampleCount..<count).map { BrushStrokes.sample(of: stroke, at: $0, time: &time) }
        lastTime = time
        sampleCount = count
        taken? += samples
        let new = BrushStrokes.withOpacity(of: begun, engine.add(samples))
        dabs += new
        let bounds = Self.bounds(of: new[...], pixelsPerPoint: level)
        return unreported.map { bounds?.union($0) ?? $0 } ?? bounds
    }

    /// The colours the brush read from the layer painting `stroke`, the stroke in progress completed: its samples not
    /// taken yet taken now (their dabs' area reported by the next ``update(with:pixelsPerPoint:)``). `nil` for a
    /// brush that reads none, or a stroke that does not begin with the samples taken.
    func pickedColors(completing stroke: Stroke, pixelsPerPoint level: Double) -> PickedColors? {
        guard let taken, stroke.points.count >= taken.count, let engine,
              BrushStrokes.samples(of: stroke).prefix(taken.count).elementsEqual(taken) else { return nil }
        let change = update(with: stroke, pixelsPerPoint: level)
        unreported = change
        return engine.pickedColors
    }

    /// The area dabs reach: their radius and a pixel at `level` more; `nil` for none.
    static func bounds(of dabs: ArraySlice<BrushDab>, pixelsPerPoint level: Double) -> Rect? {
        var low = SIMD2<Float>(repeating: .infinity), high = SIMD2<Float>(repeating: -.infinity)
        let pixel = Float(1 / max(level, 1e-6))
        for dab in dabs {
            let reach = dab.radius + 2 * pixel
            low = pointwiseMin(low, SIMD2(dab.x - reach, dab.y - reach))
            high = pointwiseMax(high, SIMD2(dab.x + reach, dab.y + reach))
        }
        guard low.x <= high.x, low.y <= high.y, (high - low).x.isFinite, (high - low).y.isFinite else { return nil }
        return Rect(x: Double(low.x), y: Double(low.y), width: Double(high.x - low.x), height: Double(high.y - low.y))
    }

    /// Puts the stroke's pixels over `rect` of a frame whose pixel (0, 0) is the document's pixel `offset` at `level`
    /// (upright): the dabs not drawn yet are drawn into the pieces first (all of them again at another level). With
    /// `paper`, the frame's pixels are opaque, a layer over it: where the dabs took paint away the paper shows.
    func composite(over rect: PixelRect, of frame: UnsafeMutableRawPointer, stride: Int, offset: (x: Int, y: Int),
                   pixelsPerPoint level: Double, paper: Color? = nil) {
        drawPieces(at: level)
        let side = Self.side
        let document = rect.offsetBy(dx: offset.x, dy: offset.y)
        let columns = document.x.flooredDivision(by: side)...(document.maxX - 1).flooredDivision(by: side)
        let rows = document.y.flooredDivision(by: side)...(document.maxY - 1).flooredDivision(by: side)
        let under = paper.map { SIMD3<Float>(Float($0.red), Float($0.green), Float($0.blue)) }
        for row in rows {
            for column in columns {
                let key = SIMD2(Int32(truncatingIfNeeded: column), Int32(truncatingIfNeeded: row))
                guard let piece = pieces[key],
                      let part = PixelRect(x: column * side, y: row * side, width: side, height: side).intersection(document)
                else { continue }
                let keep = keeps?[key]
                piece.channels.withUnsafeBufferPointer { source in
                    for y in part.y..<part.maxY {
                        let from = ((y - row * side) * side - column * side) * 4
                        let target = (frame + (y - offset.y) * stride).assumingMemoryBound(to: UInt32.self)
                        for x in part.x..<part.maxX {
                            let index = from + x * 4
                            let paint = SIMD4(source[index], source[index + 1], source[index + 2], source[index + 3])
                            if let keep {
                                let kept = keep.channels[index + 3]
                                guard kept < 1 || paint.w > 0 else { continue }
                                target[x - offset.x] = Self.applied(paint, keeping: kept, to: target[x - offset.x],
                                                                    paper: under)
                            } else {
                                guard paint.w > 0 else { continue }
                                target[x - offset.x] = Self.over(red: paint.x, green: paint.y, blue: paint.z,
                                                                 alpha: paint.w, target[x - offset.x])
                            }
                        }
                    }
                }
            }
        }
    }

    /// A pixel (premultiplied ARGB) times what keeps of it, plus the paint laid (premultiplied, 0 to 1), each channel
    /// rounded to a byte once; with `paper`, opaque, the paper showing where it is not.
    @inline(__always)
    static func applied(_ paint: SIMD4<Float>, keeping kept: Float, to pixel: UInt32, paper: SIMD3<Float>?) -> UInt32 {
        @inline(__always) func byte(_ value: Float) -> UInt32 { UInt32(min(max(value, 0), 1) * 255 + 0.5) }
        @inline(__always) func channel(_ shift: UInt32) -> Float { Float(pixel >> shift & 0xFF) / 255 }
        let alpha = (paper == nil ? channel(24) : 1) * kept + paint.w
        var red = channel(16) * kept + paint.x, green = channel(8) * kept + paint.y, blue = channel(0) * kept + paint.z
        if let paper {
            let clear = 1 - min(max(alpha, 0), 1)
            (red, green, blue) = (red + paper.x * clear, green + paper.y * clear, blue + paper.z * clear)
            return 0xFF00_0000 | byte(red) << 16 | byte(green) << 8 | byte(blue)
        }
        let a = byte(alpha)
        return a << 24 | min(byte(red), a) << 16 | min(byte(green), a) << 8 | min(byte(blue), a)
    }

    /// Whether the stroke's pixels may stand in for drawing `stroke`, the stroke it became, into tiles: its dabs are
    /// the ones the stroke is drawn with (worked out again from the whole), none keeps to the paint there or takes
    /// its hue (which depend on what lies below, dab by dab), and one that takes paint away has what keeps below it
    /// kept too.
    func canStandIn(for stroke: Stroke) -> Bool {
        dabs.allSatisfy { $0.lockAlpha <= 0 && $0.colorize <= 0 && (keeps != nil || $0.alphaEraser >= 1) }
            && dabs == BrushStrokes.dabs(of: stroke)
    }

    /// Draws the dabs straight over `width` × `height` pixels placed by `placement` (a turned view, which the
    /// pieces, upright, cannot serve): those that reach them, over `paper` for opaque pixels
    /// (``BrushStrokes/draw(_:placement:into:stride:width:height:paper:)``).
    func draw(placement: CapsuleRaster.Placement, into pixels: UnsafeMutableRawPointer, stride: Int, width: Int,
              height: Int, paper: Color?) {
        BrushStrokes.draw(dabs, placement: placement, into: pixels, stride: stride, width: width, height: height,
                          paper: paper)
    }

    /// Draws the dabs not in the pieces yet into them, at `level` (at a new level, every dab into new pieces).
    private func drawPieces(at level: Double) {
        if level != self.level {
            self.level = level
            pieces = [:]
            if keeps != nil { keeps = [:] }
            drawnCount = 0
        }
        guard drawnCount < dabs.count, level.isFinite, level > 0 else { return }
        let side = Self.side, new = dabs[drawnCount...]
        drawnCount = dabs.count
        // Each piece gets the new dabs that reach it, in order, at once.
        var reaching: [SIMD2<Int32>: [BrushDab]] = [:]
        for dab in new {
            guard let reached = BrushStrokes.squares(reachedBy: dab, side: side, pixelsPerPoint: level) else { continue }
            for row in reached.rows {
                for column in reached.columns {
                    reaching[SIMD2(Int32(truncatingIfNeeded: column), Int32(truncatingIfNeeded: row)), default: []].append(dab)
                }
            }
        }
        for (key, dabs) in reaching {
            guard var piece = pieces.removeValue(forKey: key) ?? DabCanvas(width: side, height: side) else { continue }
            var keep = keeps == nil ? nil : keeps?[key] ?? Self.opaqueCanvas(side: side)
            // Placed as a tile of the same zoom places them (``BrushStrokes/draw(_:placement:into:stride:width:height:paper:)``).
            let placement = CapsuleRaster.Placement(pixelsPerPoint: level, offsetX: -Double(key.x) * Double(side),
                                                    offsetY: -Double(key.y) * Double(side))
            for dab in dabs {
                var placed = BrushStrokes.placed(dab, by: placement)
                piece.draw(placed)
                // What keeps of what lies below: the dab taking away all it covers.
                placed.alphaEraser = 0
                keep?.draw(placed)
            }
            pieces[key] = piece
            if let keep { keeps?[key] = keep }
        }
    }

    /// A canvas opaque all over: what keeps below a piece no dab reached yet.
    private static func opaqueCanvas(side: Int) -> DabCanvas? {
        guard var canvas = DabCanvas(width: side, height: side) else { return nil }
        canvas.fill(red: 0, green: 0, blue: 0, alpha: 1)
        return canvas
    }

    /// A premultiplied colour (channels 0 to 1) over `pixel`, each channel rounded to a byte first, as a tile's
    /// pixels take the dabs.
    @inline(__always)
    static func over(red: Float, green: Float, blue: Float, alpha: Float, _ pixel: UInt32) -> UInt32 {
        @inline(__always) func byte(_ value: Float) -> UInt32 { UInt32(min(max(value, 0), 1) * 255 + 0.5) }
        let a = byte(alpha), keep = 255 - a
        @inline(__always) func channel(_ value: Float, _ shift: UInt32) -> UInt32 {
            let below = pixel >> shift & 0xFF
            return min(min(byte(value), a) + (below * keep + 127) / 255, 255) << shift
        }
        return channel(red, 16) | channel(green, 8) | channel(blue, 0) | min(a + ((pixel >> 24) * keep + 127) / 255, 255) << 24
    }
}
