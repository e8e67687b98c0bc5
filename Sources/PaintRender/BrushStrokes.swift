// A stroke painted with a MyPaint brush, drawn into a picture's pixels: the dabs its preset makes along its samples
// (libmypaint's dynamics, worked out once a stroke and kept), placed at the picture's scale and drawn over the pixels
// as libmypaint's surfaces draw them. Contract: values in, pixels out, on any thread (libmypaint is used one call at
// a time by BrushEngine); no Cairo, no Wayland (docs/brushes.md).
import BrushEngine
import Geometry
import Glibc
import PaintModel
import Threading

extension Stroke {
    /// This stroke painted with `brush`: its width made twice how far the brush's dabs reach beyond its samples
    /// (``BrushStrokes/reach(of:)``), so that its bounds hold all its paint; a stroke the brush makes no dab of keeps
    /// its width.
    public func painted(with brush: StrokeBrush) -> Stroke {
        var painted = self
        painted.brush = brush
        let reach = BrushStrokes.reach(of: painted)
        if reach > 0, reach <= Stroke.largestWidth / 2 {
            // The dabs do not depend on the width: kept for the stroke as it is now, they are not worked out again.
            let dabs = BrushStrokes.dabs(of: painted)
            painted.width = 2 * reach
            BrushStrokes.keep(dabs, for: painted)
        }
        return painted
    }
}

/// How strokes painted with a brush (``PaintModel/Stroke/brush``) are drawn.
enum BrushStrokes {
    /// The pressure a sample without one paints at (a finger without contact size, a mouse): what MyPaint gives a
    /// mouse.
    static let defaultPressure = 0.5

    /// The seconds between samples of unknown time.
    static let unknownInterval = 1.0 / 120

    /// The preset a stroke is drawn with when its settings are refused (a document's damaged or foreign text): an
    /// opaque, fairly hard round brush, a few pixels wide.
    static let fallbackSettings = #"""
        {"version": 3, "settings": {
          "opaque": {"base_value": 1.0, "inputs": {}},
          "opaque_multiply": {"base_value": 1.0, "inputs": {}},
          "radius_logarithmic": {"base_value": 1.4, "inputs": {}},
          "hardness": {"base_value": 0.8, "inputs": {}},
          "dabs_per_actual_radius": {"base_value": 2.0, "inputs": {}}
        }}
        """#

    /// The samples of a stroke as the brush engine takes them: its points, their times (unknown ones
    /// ``unknownInterval`` apart), pressure (``defaultPressure`` without a pen) and tilt; for a stroke moved since
    /// it was painted (``PaintModel/StrokeBrush/placement``), where they were when it was painted.
    static func samples(of stroke: Stroke) -> [BrushSample] {
        var time = 0.0
        let samples = stroke.points.indices.map { sample(of: stroke, at: $0, time: &time) }
        guard let unplaced = stroke.brush?.placement?.inverted() else { return samples }
        return samples.map { sample in
            let location = unplaced.apply(to: Point(x: sample.x, y: sample.y))
            let tilt = unplaced.apply(to: Vector(dx: sample.xTilt, dy: sample.yTilt)) * (1 / unplaced.scaleFactor)
            return BrushSample(x: location.x, y: location.y, pressure: sample.pressure, xTilt: tilt.dx, yTilt: tilt.dy,
                               time: sample.time)
        }
    }

    /// `dabs` where a stroke's placement (``PaintModel/StrokeBrush/placement``) takes them: each centre moved, its
    /// radius scaled and its long axis turned (mirrored by a flip) with it.
    static func placed(_ dabs: [BrushDab], by placement: AffineTransform?) -> [BrushDab] {
        guard let placement else { return dabs }
        let scale = Float(placement.scaleFactor)
        return dabs.map { dab in
            var dab = dab
            let center = placement.apply(to: Point(x: Double(dab.x), y: Double(dab.y)))
            let radians = Double(dab.angle) * .pi / 180
            let axis = placement.apply(to: Vector(dx: cos(radians), dy: sin(radians)))
            dab.x = Float(center.x)
            dab.y = Float(center.y)
            dab.radius *= scale
            dab.angle = Float(atan2(axis.dy, axis.dx) * 180 / .pi)
            return dab
        }
    }

    /// The sample of a stroke's point at `index` as the brush engine takes it (``samples(of:)``), `time` the sample
    /// before's time, made this one's.
    static func sample(of stroke: Stroke, at index: Int, time: inout Double) -> BrushSample {
        let point = stroke.points[index], pen = stroke.pen
        if let known = point.time?.seconds, known.isFinite { time = known } else if index > 0 { time += unknownInterval }
        guard index < pen.count else {
            return BrushSample(x: point.location.x, y: point.location.y, pressure: defaultPressure, time: time)
        }
        // The tilt's size is how far the pen leans (0 upright, 1 flat), towards the azimuth.
        let sample = pen[index], lean = cos(Double(sample.altitude))
        return BrushSample(x: point.location.x, y: point.location.y, pressure: Double(sample.pressure),
                           xTilt: lean * cos(Double(sample.azimuth)), yTilt: lean * sin(Double(sample.azimuth)),
                           time: time)
    }

    /// The stroke's colour as libmypaint takes it.
    static func color(of stroke: Stroke) -> BrushColor {
        let hsv = stroke.color.hsv
        return BrushColor(hue: hsv.hue, saturation: hsv.saturation, value: hsv.value)
    }

    /// The dabs of a stroke painted with a brush, in document points, each with the stroke's opacity: worked out
    /// once and kept for the strokes drawn most lately (``keptStrokes``); none for a stroke without a brush.
    static func dabs(of stroke: Stroke) -> [BrushDab] {
        guard let brush = stroke.brush else { return [] }
        if let kept = kept.withLock({ $0[stroke] }) { return kept }
        let dabs = preset(of: brush)?.dabs(along: samples(of: stroke), color: color(of: stroke), erasing: brush.isErasing,
                                           pickedColors: brush.pickedColors)
        let faded = placed(withOpacity(of: stroke, dabs ?? []), by: brush.placement)
        keep(faded, for: stroke)
        return faded
    }

    /// Whether a stroke's brush picks up the colours under it as it paints (and erases nothing): its colours read
    /// from the layer are kept with it (``PaintModel/StrokeBrush/pickedColors``).
    static func picksUpColor(_ brush: StrokeBrush) -> Bool {
        !brush.isErasing && smears(brush.preset)
    }

    /// The colours a stroke's brush reads as it paints the stroke over `layer`, from its first sample to its last
    /// (``LayerColorSource``); none for a brush that picks up none (``picksUpColor(_:preset:)``).
    static func pickedColors(of stroke: Stroke, over layer: InkLayerPixels) -> PickedColors {
        guard let brush = stroke.brush, picksUpColor(brush), let preset = preset(of: brush),
              let engine = BrushStrokeInProgress(preset: preset, color: color(of: stroke), colorSource: LayerColorSource(
                layer: layer, opacity: Float(stroke.color.alpha)))
        else { return [] }
        _ = engine.add(samples(of: stroke))
        return engine.pickedColors
    }

    /// Whether a stroke of `brush` may take paint away where it goes: it erases, or its preset smears (a smudge of
    /// clear paper takes paint away as an eraser does).
    static func mayTakePaintAway(_ brush: StrokeBrush) -> Bool {
        brush.isErasing || smears(brush.preset)
    }

    /// Whether a preset smears (``BrushEngine/BrushPreset/smears``; a preset whose settings are refused is drawn with
    /// the plain brush, which does not): its settings read once, the answer kept.
    private static func smears(_ preset: StrokeBrush.Preset) -> Bool {
        if let known = smearing.withLock({ $0[preset] }) { return known }
        let smears = (try? BrushPreset(name: preset.name, settings: preset.settings))?.smears == true
        smearing.withLock { known in
            if known.count >= keptStrokes { known.removeAll() }
            known[preset] = smears
        }
        return smears
    }

    /// Whether each preset met smears (``smears(_:)``).
    private static let smearing = Locked<[StrokeBrush.Preset: Bool]>([:])

    /// The preset a stroke's brush is drawn with: its settings, or a plain brush where they are refused.
    static func preset(of brush: StrokeBrush) -> BrushPreset? {
        (try? BrushPreset(name: brush.name, settings: brush.settings))
            ?? (try? BrushPreset(name: "fallback/round", settings: fallbackSettings))
    }

    /// Dabs with the stroke's opacity (its colour's alpha) times their own.
    static func withOpacity(of stroke: Stroke, _ dabs: [BrushDab]) -> [BrushDab] {
        let alpha = Float(stroke.color.alpha.isFinite ? min(max(stroke.color.alpha, 0), 1) : 1)
        guard alpha < 1 else { return dabs }
        return dabs.map { dab in
            var dab = dab
            dab.opacity *= alpha
            return dab
        }
    }

    /// Keeps a stroke's dabs, among those of the strokes drawn most lately.
    static func keep(_ dabs: [BrushDab], for stroke: Stroke) {
        kept.withLock { kept in
            if kept.count >= keptStrokes { kept.removeAll(keepingCapacity: true) }
            kept[stroke] = dabs
        }
    }

    /// How many strokes' dabs are kept.
    static let keptStrokes = 512
    private static let kept = Locked<[Stroke: [BrushDab]]>([:])

    /// How far a stroke's paint reaches from its samples' bounds, in points: its dabs' farthest edge (their radius,
    /// and a pixel of antialiasing at the scale they are drawn) beyond the rectangle of its points; 0 without a
    /// brush or dabs. A brush stroke's width is twice this (``PaintModel/Stroke/painted(with:)``), so that its bounds
    /// hold every dab.
    static func reach(of stroke: Stroke) -> Double {
        let dabs = dabs(of: stroke)
        guard !dabs.isEmpty, let first = stroke.points.first?.location else { return 0 }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for point in stroke.points {
            minX = min(minX, point.location.x)
            minY = min(minY, point.location.y)
            maxX = max(maxX, point.location.x)
            maxY = max(maxY, point.location.y)
        }
        return dabs.reduce(0) { reach, dab in
            let x = Double(dab.x), y = Double(dab.y), radius = Double(dab.radius) + 1
            let beyond = max(minX - (x - radius), (x + radius) - maxX, minY - (y - radius), (y + radius) - maxY, 0)
            return beyond.isFinite ? max(reach, beyond) : reach
        }
    }

    /// Draws a stroke painted with a brush over `width` × `height` premultiplied ARGB pixels (rows `stride` bytes
    /// apart) with the document placed by `placement`: its dabs that reach them, placed and drawn as libmypaint's
    /// surfaces draw them, over what the pixels hold. Pixels no dab reaches are left as they are. With `paper`, the
    /// pixels are opaque, a layer over that paper: where a dab takes paint away (libmypaint's eraser, a smudge of
    /// clear paper) the paper shows, as it shows through such a layer (the same pixels, to the rounding).
    static func draw(_ stroke: Stroke, placement: CapsuleRaster.Placement, into pixels: UnsafeMutableRawPointer,
                     stride: Int, width: Int, height: Int, paper: Color? = nil) {
        draw(dabs(of: stroke), placement: placement, into: pixels, stride: stride, width: width, height: height,
             paper: paper)
    }

    /// Draws dabs (document points) over `width` × `height` premultiplied ARGB pixels as
    /// ``draw(_:placement:into:stride:width:height:paper:)`` draws a stroke's.
    static func draw(_ dabs: some Sequence<BrushDab>, placement: CapsuleRaster.Placement,
                     into pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, paper: Color? = nil) {
        let scale = Float(placement.pixelsPerPoint)
        guard scale.isFinite, scale > 0, width > 0, height > 0 else { return }
        let turn = Float(atan2(placement.sine, placement.cosine) * 180 / .pi)
        var placed: [BrushDab] = []
        var low = SIMD2<Float>(repeating: .infinity), high = SIMD2<Float>(repeating: -.infinity)
        for dab in dabs {
            let onCanvas = Self.placed(dab, by: placement, turn: turn)
            let centre = SIMD2(onCanvas.x, onCanvas.y), reach = onCanvas.radius + 2
            guard centre.x + reach > 0, centre.y + reach > 0, centre.x - reach < Float(width),
                  centre.y - reach < Float(height), reach.isFinite else { continue }
            low = pointwiseMin(low, centre - reach)
            high = pointwiseMax(high, centre + reach)
            placed.append(onCanvas)
        }
        guard !placed.isEmpty else { return }
        // Only the pixels the dabs reach are made floats and back.
        let x0 = max(Int(low.x.rounded(.down)), 0), y0 = max(Int(low.y.rounded(.down)), 0)
        let x1 = min(Int(high.x.rounded(.up)), width), y1 = min(Int(high.y.rounded(.up)), height)
        guard x0 < x1, y0 < y1, var canvas = canvas(of: pixels, stride: stride, x: x0, y: y0, width: x1 - x0,
                                                    height: y1 - y0, isOpaque: paper != nil) else { return }
        for dab in placed {
            var shifted = dab
            shifted.x -= Float(x0)
            shifted.y -= Float(y0)
            canvas.draw(shifted)
        }
        write(canvas, to: pixels, stride: stride, x: x0, y: y0, paper: paper)
    }

    /// A dab (document points) where `placement` puts it in a picture's pixels: its centre and radius scaled, its
    /// angle turned by `turn` degrees (the view's); as a tile of the same zoom places it.
    @inline(__always)
    static func placed(_ dab: BrushDab, by placement: CapsuleRaster.Placement, turn: Float = 0) -> BrushDab {
        var onCanvas = dab
        let centre = placement.device(Point(x: Double(dab.x), y: Double(dab.y)))
        (onCanvas.x, onCanvas.y, onCanvas.radius) = (centre.x, centre.y, dab.radius * Float(placement.pixelsPerPoint))
        onCanvas.angle = dab.angle + turn
        return onCanvas
    }

    /// The squares of `side` pixels that a dab (document points) reaches drawn at `level` pixels a point: its radius
    /// and two pixels more around its centre, by column and row; `nil` for a dab not finite or a billion pixels away.
    static func squares(reachedBy dab: BrushDab, side: Int,
                        pixelsPerPoint level: Double) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let x = Double(dab.x) * level, y = Double(dab.y) * level, reach = Double(dab.radius) * level + 2
        guard x.isFinite, y.isFinite, reach.isFinite, abs(x) + reach < 1e9, abs(y) + reach < 1e9 else { return nil }
        func squares(_ low: Double, _ high: Double) -> ClosedRange<Int> {
            Int(low.rounded(.down)).flooredDivision(by: side)...Int(high.rounded(.up)).flooredDivision(by: side)
        }
        return (squares(x - reach, x + reach), squares(y - reach, y + reach))
    }

    /// A canvas of the premultiplied ARGB pixels `x..<x + width` of rows `y..<y + height` (`isOpaque`: of RGB24
    /// pixels, each alpha 1 whatever its byte holds).
    static func canvas(of pixels: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int, width: Int,
                               height: Int, isOpaque: Bool) -> DabCanvas? {
        var channels = [Float](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let source = (pixels + (y + row) * stride + x * 4).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let pixel = source[column], index = (row * width + column) * 4
                channels[index] = Float(pixel >> 16 & 0xFF) / 255
                channels[index + 1] = Float(pixel >> 8 & 0xFF) / 255
                channels[index + 2] = Float(pixel & 0xFF) / 255
                channels[index + 3] = isOpaque ? 1 : Float(pixel >> 24) / 255
            }
        }
        return DabCanvas(width: width, height: height, channels: channels)
    }

    /// Writes a canvas back over the pixels it was made of, each channel rounded to a byte (a pixel no dab changed
    /// comes back as it was); with `paper`, over it, opaque.
    private static func write(_ canvas: DabCanvas, to pixels: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int,
                              paper: Color?) {
        let under = paper.map { paper in
            SIMD3<Float>(Float(paper.red), Float(paper.green), Float(paper.blue)).clamped(lowerBound: .zero, upperBound: .one)
        }
        canvas.channels.withUnsafeBufferPointer { channels in
            func byte(_ value: Float) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
            for row in 0..<canvas.height {
                let target = (pixels + (y + row) * stride + x * 4).assumingMemoryBound(to: UInt32.self)
                for column in 0..<canvas.width {
                    let index = (row * canvas.width + column) * 4
                    if let under {
                        // The paper shows where the layer is not opaque.
                        let clear = 1 - min(max(channels[index + 3], 0), 1)
                        target[column] = 0xFF00_0000 | byte(channels[index] + under.x * clear) << 16
                            | byte(channels[index + 1] + under.y * clear) << 8 | byte(channels[index + 2] + under.z * clear)
                        continue
                    }
                    target[column] = DabCanvas.argbPixel(channels, at: index)
                }
            }
        }
    }
}

extension DabCanvas {
    /// The canvas's pixel whose channels start at `index` as premultiplied ARGB (Cairo's `ARGB32` on a little-endian
    /// machine), each channel rounded to a byte, none above its alpha.
    @inline(__always)
    static func argbPixel(_ channels: UnsafeBufferPointer<Float>, at index: Int) -> UInt32 {
        @inline(__always) func byte(_ value: Float) -> UInt32 { UInt32((Swift.min(Swift.max(value, 0), 1) * 255).rounded()) }
        let alpha = byte(channels[index + 3])
        return alpha << 24 | Swift.min(byte(channels[index]), alpha) << 16
            | Swift.min(byte(channels[index + 1]), alpha) << 8 | Swift.min(byte(channels[index + 2]), alpha)
    }

    /// The canvas as premultiplied ARGB pixels, row by row (``argbPixel(_:at:)``).
    package var argbPixels: [UInt32] {
        channels.withUnsafeBufferPointer { channels in
            Swift.stride(from: 0, to: channels.count, by: 4).map { Self.argbPixel(channels, at: $0) }
        }
    }
}
