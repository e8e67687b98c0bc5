// The dabs a brush stroke makes: libmypaint's dynamics run over what the hand did (positions, times, pressure, tilt)
// for a preset, each dab recorded as a value, or painted onto a canvas as it comes, the colour a brush picks up
// (smudge) read from that canvas. Contract: values in, dabs or pixels out; a brush of its own for every call, and one
// call at a time in the process (libmypaint's brushes share state), so the same samples give the same dabs on any
// thread (docs/brushes.md says for which presets not yet).
import CMyPaint
import Glibc
import Synchronization

/// One moment of a stroke as the hand made it.
public struct BrushSample: Hashable, Sendable {
    /// Where across, in document points.
    public var x: Double
    /// Where down, in document points.
    public var y: Double
    /// How hard, from 0 to 1.
    public var pressure: Double
    /// The pen's tilt across, from -1 to 1 (0: upright).
    public var xTilt: Double
    /// The pen's tilt down, from -1 to 1 (0: upright).
    public var yTilt: Double
    /// When, in seconds from any fixed moment.
    public var time: Double

    /// A sample at a place and time, with a pressure and a tilt.
    public init(x: Double, y: Double, pressure: Double, xTilt: Double = 0, yTilt: Double = 0, time: Double) {
        (self.x, self.y, self.pressure, self.xTilt, self.yTilt, self.time) = (x, y, pressure, xTilt, yTilt, time)
    }
}

/// One dab: a filled ellipse of colour, soft at its edge, as libmypaint asks a surface to draw it.
public struct BrushDab: Hashable, Sendable {
    /// Its centre across, in document points.
    public var x: Float
    /// Its centre down, in document points.
    public var y: Float
    /// Its radius along its long axis, in document points.
    public var radius: Float
    /// Its colour's red, from 0 to 1.
    public var red: Float
    /// Its colour's green, from 0 to 1.
    public var green: Float
    /// Its colour's blue, from 0 to 1.
    public var blue: Float
    /// How much it covers at its centre, from 0 to 1.
    public var opacity: Float
    /// How hard its edge is, from 0 (soft all over) to 1 (a sharp edge).
    public var hardness: Float
    /// 1 paints; 0 erases (takes paint away by its opacity); between, some of each.
    public var alphaEraser: Float
    /// How much longer it is than wide (at least 1).
    public var aspectRatio: Float
    /// The angle of its long axis, in degrees.
    public var angle: Float
    /// How much it keeps to the paint already there (0: none).
    public var lockAlpha: Float
    /// How much it takes the hue of what is under it (0: none).
    public var colorize: Float
}

/// A colour as libmypaint takes a brush's base colour: hue, saturation and value, each from 0 to 1.
public struct BrushColor: Hashable, Sendable {
    /// The hue, from 0 to 1 (red at both ends).
    public var hue: Double
    /// The saturation, from 0 (grey) to 1.
    public var saturation: Double
    /// The value, from 0 (black) to 1.
    public var value: Double

    /// A colour of this hue, saturation and value (each kept within 0...1).
    public init(hue: Double, saturation: Double, value: Double) {
        func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
        (self.hue, self.saturation, self.value) = (unit(hue), unit(saturation), unit(value))
    }
}

/// Where a stroke's dabs go on a canvas: a point (x, y) of the samples is the canvas's pixel
/// (x · ``scale`` + ``x``, y · ``scale`` + ``y``), and a dab's radius is ``scale`` times its own: the same dabs at
/// every zoom, scaled.
public struct DabPlacement: Hashable, Sendable {
    /// Canvas pixels a point, above 0.
    public var scale: Float
    /// Where the samples' origin lies on the canvas.
    public var x: Float
    public var y: Float

    /// The samples' points as the canvas's pixels.
    public static let identity = DabPlacement(scale: 1, x: 0, y: 0)

    /// A placement of `scale` canvas pixels a point (not a finite number above 0 counts as 1), the samples' origin at
    /// the canvas's (`x`, `y`).
    public init(scale: Float, x: Float, y: Float) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.x = x.isFinite ? x : 0
        self.y = y.isFinite ? y : 0
    }

    /// `dab` placed on the canvas.
    public func placed(_ dab: BrushDab) -> BrushDab {
        var placed = dab
        placed.x = dab.x * scale + x
        placed.y = dab.y * scale + y
        placed.radius = dab.radius * scale
        return placed
    }
}

extension BrushPreset {
    /// The most dabs a stroke records; the rest of a stroke past them makes none.
    public static let largestDabCount = 1 << 20

    /// The farthest a sample is taken from the origin, in points, each way: a sample beyond it is moved to it.
    public static let reach = 1e5

    /// The longest way between two samples that libmypaint fills with dabs, in points; a sample farther from the
    /// one before starts the stroke afresh there, as a pen lifted and put down again (no pen moves that far between
    /// two events, and dabs along such a way would cost seconds).
    public static let longestStep = 5_000.0

    /// The dabs of a stroke through `samples` in `color`, for a view at `viewZoom` (screen pixels a point) turned
    /// by `viewRotation` radians, as libmypaint's `stroke_to_2` takes them. A sample whose place or time is not a
    /// number is left out; pressure and tilt are kept within their ranges; time that goes back counts as none. A
    /// brush that picks colour up (smudge) is given `pickedColors` in turn, the colours it read as the stroke was
    /// painted (``BrushStrokeInProgress/pickedColors``), and finds clear paper past them or without them.
    public func dabs(along samples: [BrushSample], color: BrushColor, erasing: Bool = false, viewZoom: Double = 1,
                     viewRotation: Double = 0, pickedColors: PickedColors = []) -> [BrushDab] {
        Self.withEngine {
            guard let brush = makeBrush(erasing: erasing) else { return [] }
            defer { mypaint_brush_unref(brush) }
            return Self.dabs(of: brush, along: samples, color: color, viewZoom: viewZoom, viewRotation: viewRotation,
                             pickedColors: pickedColors)
        }
    }

    /// libmypaint, one caller at a time, and warmed up first: every use of a libmypaint brush goes through here.
    ///
    /// - Strokes worked out at once on two threads came out other than either alone (63 of 64 at once, for
    ///   `tanda/water-02`), as a new brush's memory that libmypaint reads unset held other bytes (``makeBrush(erasing:)``
    ///   now makes it the same each time); one call at a time keeps that memory to one brush's making.
    /// - The first stroke libmypaint works out in a process came out other than the same stroke after it
    ///   (`tanda/water-02`: 838 dabs, then 889 every time): something of its own is set up by its first stroke. A
    ///   short stroke of a brush that draws random numbers, its dabs dropped, comes first.
    ///
    /// A call from within another on the same thread (a brush that picks colour up reading pixels that are drawn
    /// with other brushes as it asks: ``DabColorSource``) runs at once, within the outer one.
    static func withEngine<Result>(_ body: () throws -> Result) rethrows -> Result {
        let thread: UInt = pthread_self()
        if engineThread.load(ordering: .acquiring) == thread { return try body() }
        return try engine.withLock { isWarm in
            engineThread.store(thread, ordering: .releasing)
            defer { engineThread.store(0, ordering: .releasing) }
            if !isWarm {
                warmUp()
                isWarm = true
            }
            return try body()
        }
    }

    /// Whether libmypaint has worked out its first stroke (``withEngine(_:)``).
    private static let engine = Mutex<Bool>(false)
    /// The thread within ``withEngine(_:)`` (`pthread_self`), 0 for none: only that thread stores its own.
    private static let engineThread = Atomic<UInt>(0)

    /// A stroke of ten samples by a brush of random offsets, its dabs dropped.
    private static func warmUp() {
        let settings = #"{"version": 3, "settings": {"offset_by_random": {"base_value": 1.0, "inputs": {}}, "#
            + #""radius_logarithmic": {"base_value": 1.0, "inputs": {}}, "opaque": {"base_value": 1.0, "inputs": {}}, "#
            + #""hardness": {"base_value": 0.8, "inputs": {}}, "dabs_per_actual_radius": {"base_value": 2.0, "inputs": {}}}}"#
        guard let preset = try? BrushPreset(name: "fingerpaint/warm-up", settings: settings),
              let brush = preset.makeBrush() else { return }
        defer { mypaint_brush_unref(brush) }
        let samples = (0..<10).map { BrushSample(x: Double($0), y: 0, pressure: 0.5, time: Double($0) / 100) }
        _ = dabs(of: brush, along: samples, color: BrushColor(hue: 0, saturation: 0, value: 0), viewZoom: 1, viewRotation: 0)
    }

    /// Paints the stroke ``dabs(along:color:erasing:viewZoom:viewRotation:)`` makes onto `canvas`, each dab drawn
    /// as libmypaint makes it, placed by `placement` (the samples' points to the canvas's pixels), so that the colour
    /// a brush picks up (smudge) is read from the canvas as the stroke has left it so far: libmypaint's legacy
    /// sampling, the pixels under a soft round dab averaged. The number of dabs drawn (at most ``largestDabCount``).
    @discardableResult
    public func paint(along samples: [BrushSample], color: BrushColor, erasing: Bool = false,
                      onto canvas: inout DabCanvas, placement: DabPlacement = .identity, viewZoom: Double = 1,
                      viewRotation: Double = 0) -> Int {
        let recorder = DabRecorder(limit: Self.largestDabCount)
        recorder.placement = placement
        // The recorder holds the only reference while it paints, so that no dab copies the pixels.
        recorder.canvas = canvas
        canvas = DabCanvas.placeholder
        defer { canvas = recorder.canvas ?? canvas }
        return Self.withEngine {
            guard let brush = makeBrush(erasing: erasing) else { return 0 }
            defer { mypaint_brush_unref(brush) }
            Self.run(brush, along: samples, color: color, viewZoom: viewZoom, viewRotation: viewRotation, into: recorder)
            return recorder.count
        }
    }

    /// The dabs `brush` lays along `samples` in `color`, as ``dabs(along:color:erasing:viewZoom:viewRotation:)``
    /// says.
    static func dabs(of brush: OpaquePointer, along samples: [BrushSample], color: BrushColor, viewZoom: Double,
                     viewRotation: Double, pickedColors: PickedColors = []) -> [BrushDab] {
        let recorder = DabRecorder(limit: Self.largestDabCount)
        recorder.replayed = pickedColors
        run(brush, along: samples, color: color, viewZoom: viewZoom, viewRotation: viewRotation, into: recorder)
        return recorder.dabs
    }

    /// Runs `brush` along `samples` in `color` onto the recorder's surface.
    private static func run(_ brush: OpaquePointer, along samples: [BrushSample], color: BrushColor, viewZoom: Double,
                            viewRotation: Double, into recorder: DabRecorder) {
        withSurface(of: recorder) { parent in
            drive(brush, along: samples, color: color, viewZoom: viewZoom, viewRotation: viewRotation,
                  isFull: { recorder.isFull }) { step, isWarmUp in
                recorder.isRecording = !isWarmUp
                stroke(brush, to: step, on: parent)
            }
        }
    }

    /// Gives `body` a libmypaint surface whose dabs go to `recorder`, for as long as it runs.
    static func withSurface(of recorder: DabRecorder, _ body: (UnsafeMutablePointer<MyPaintSurface2>) -> Void) {
        let surface = UnsafeMutablePointer<FPDabSurface>.allocate(capacity: 1)
        defer { surface.deallocate() }
        surface.initialize(to: DabRecorder.surface(owner: Unmanaged.passUnretained(recorder).toOpaque()))
        let parent = UnsafeMutableRawPointer(surface).assumingMemoryBound(to: MyPaintSurface2.self)
        withExtendedLifetime(recorder) { body(parent) }
    }

    /// One call of libmypaint's `stroke_to` for `brush` onto `surface`, in an atomic section of its own.
    static func stroke(_ brush: OpaquePointer, to step: Step, on surface: UnsafeMutablePointer<MyPaintSurface2>) {
        mypaint_surface_begin_atomic(mypaint_surface2_to_surface(surface))
        _ = mypaint_brush_stroke_to_2(brush, surface, step.x, step.y, step.pressure, step.xTilt, step.yTilt,
                                      step.elapsed, step.zoom, step.rotation, 0)
        var rectangle = MyPaintRectangle(x: 0, y: 0, width: 0, height: 0)
        withUnsafeMutablePointer(to: &rectangle) { pointer in
            var rectangles = MyPaintRectangles(num_rectangles: 1, rectangles: pointer)
            mypaint_surface2_end_atomic(surface, &rectangles)
        }
    }

    /// One call of libmypaint's `stroke_to`: a place, pressure and tilt kept within their ranges, the seconds since
    /// the last call, and the view.
    struct Step {
        var x: Float, y: Float
        var pressure: Float, xTilt: Float, yTilt: Float
        var elapsed: Double
        var zoom: Float, rotation: Float
    }

    /// Works a stroke through `samples` out as calls of libmypaint's `stroke_to` for `brush` in `color`, handed to
    /// `step` in order until `isFull`: first two steps of no pressure (`isWarmUp`, their dabs to be dropped), then,
    /// the brush started afresh, one for each sample.
    ///
    /// A new brush's setting values are read before libmypaint first works them out (they are what the memory held,
    /// so two strokes of the same samples differed): the warm-up works them out alike for every stroke. The first
    /// sample puts the brush down there: after more than libmypaint's 5 s since the last, it starts the stroke afresh
    /// at that place and draws nothing (no slow tracking from the origin). So does a sample too far from the one
    /// before.
    static func drive(_ brush: OpaquePointer, along samples: [BrushSample], color: BrushColor, viewZoom: Double,
                      viewRotation: Double, isFull: () -> Bool, step: (Step, _ isWarmUp: Bool) -> Void) {
        var driver = StrokeDriver(brush, color: color, viewZoom: viewZoom, viewRotation: viewRotation) { step($0, true) }
        for sample in samples {
            guard !isFull() else { break }
            if let next = driver.step(for: sample) { step(next, false) }
        }
    }

    /// A stroke's samples as libmypaint's `stroke_to` calls, one after another (``drive(_:along:color:viewZoom:viewRotation:isFull:step:)``
    /// says how): made for a brush, it has warmed the brush up and started its stroke; each sample then gives its
    /// call, or none for one that is left out.
    struct StrokeDriver {
        private let zoom: Float, rotation: Float
        private var last: (x: Double, y: Double, time: Double)?

        /// Sets `brush`'s colour, hands the warm-up's two calls of no pressure to `warmUp` (their dabs to be dropped),
        /// and starts the brush's stroke afresh.
        init(_ brush: OpaquePointer, color: BrushColor, viewZoom: Double, viewRotation: Double, warmUp: (Step) -> Void) {
            mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_COLOR_H, Float(color.hue))
            mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_COLOR_S, Float(color.saturation))
            mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_COLOR_V, Float(color.value))
            for elapsed in [10, 0.1] {
                warmUp(Step(x: 0, y: 0, pressure: 0, xTilt: 0, yTilt: 0, elapsed: elapsed, zoom: 1, rotation: 0))
            }
            mypaint_brush_reset(brush)
            mypaint_brush_new_stroke(brush)
            zoom = viewZoom.isFinite && viewZoom > 0 ? Float(min(max(viewZoom, 1.0 / 64), 64)) : 1
            rotation = viewRotation.isFinite ? Float(viewRotation.remainder(dividingBy: 2 * .pi)) : 0
        }

        /// The call for the next sample; `nil` for one whose place or time is not a number.
        mutating func step(for sample: BrushSample) -> Step? {
            guard sample.x.isFinite, sample.y.isFinite, sample.time.isFinite else { return nil }
            let x = min(max(sample.x, -BrushPreset.reach), BrushPreset.reach)
            let y = min(max(sample.y, -BrushPreset.reach), BrushPreset.reach)
            var elapsed = 10.0
            if let last, abs(x - last.x) <= BrushPreset.longestStep, abs(y - last.y) <= BrushPreset.longestStep {
                elapsed = min(max(sample.time - last.time, 0), 4)
            }
            last = (x, y, max(sample.time, last?.time ?? sample.time))
            func unit(_ value: Double, from low: Double) -> Float {
                value.isFinite ? Float(min(max(value, low), 1)) : 0
            }
            return Step(x: Float(x), y: Float(y), pressure: unit(sample.pressure, from: 0), xTilt: unit(sample.xTilt, from: -1),
                        yTilt: unit(sample.yTilt, from: -1), elapsed: elapsed, zoom: zoom, rotation: rotation)
        }
    }
}

/// Where a stroke's dabs go as libmypaint makes them: kept as values, or drawn onto a canvas, which answers the
/// brush's questions of what colour lies under it.
final class DabRecorder {
    private(set) var dabs: [BrushDab] = []

    /// The dabs kept since the last call, taken away.
    func takeDabs() -> [BrushDab] {
        defer { dabs.removeAll(keepingCapacity: true) }
        return dabs
    }
    /// The canvas the dabs are drawn onto; `nil`: they are kept in ``dabs``.
    var canvas: DabCanvas?
    /// Where the dabs go on ``canvas``.
    var placement = DabPlacement.identity
    /// Without a canvas: what a brush that picks colour up reads, told of each dab kept; the colours it answers are
    /// kept in ``pickedColors``.
    var colorSource: DabColorSource?
    /// Without a canvas or a source: the colours answered in turn (clear past them).
    var replayed: PickedColors = []
    private var replayedCount = 0
    /// The colours ``colorSource`` answered, in order.
    private(set) var pickedColors: PickedColors = []
    /// How many dabs were kept or drawn.
    private(set) var count = 0
    let limit: Int
    /// Whether dabs drawn now are kept.
    var isRecording = true

    init(limit: Int) { self.limit = limit }

    var isFull: Bool { count >= limit }

    func record(_ dab: BrushDab) {
        guard isRecording, !isFull, dab.x.isFinite, dab.y.isFinite, dab.radius.isFinite, dab.radius > 0, dab.opacity > 0 else { return }
        count += 1
        if canvas != nil { canvas?.draw(placement.placed(dab)) } else { dabs.append(dab) }
        colorSource?.draw(dab)
    }

    /// The colour under a soft round dab at `x`, `y` of `radius` (straight, and its alpha): the canvas's; else,
    /// while recording, the source's (kept) or the next of those replayed; clear paper otherwise (the warm-up's).
    func color(x: Float, y: Float, radius: Float) -> (red: Float, green: Float, blue: Float, alpha: Float) {
        if let canvas {
            return canvas.color(underX: x * placement.scale + placement.x, y: y * placement.scale + placement.y,
                                radius: radius * placement.scale)
        }
        var color = SIMD4<Float>.zero
        if isRecording, let colorSource {
            color = colorSource.color(underX: x, y: y, radius: radius).pickedColor
            pickedColors.append(color)
        } else if isRecording, replayedCount < replayed.count {
            color = replayed[replayedCount].pickedColor
            replayedCount += 1
        }
        return (color.x, color.y, color.z, color.w)
    }

    /// Writes the colour under a dab at `x`, `y` of `radius` (``color(x:y:radius:)``; clear without a recorder)
    /// where libmypaint asks for it.
    static func answer(_ recorder: DabRecorder?, _ x: Float, _ y: Float, _ radius: Float,
                       _ red: UnsafeMutablePointer<Float>?, _ green: UnsafeMutablePointer<Float>?,
                       _ blue: UnsafeMutablePointer<Float>?, _ alpha: UnsafeMutablePointer<Float>?) {
        let color = recorder?.color(x: x, y: y, radius: radius) ?? (red: 0, green: 0, blue: 0, alpha: 0)
        red?.pointee = color.red
        green?.pointee = color.green
        blue?.pointee = color.blue
        alpha?.pointee = color.alpha
    }

    /// The recorder of the surface libmypaint calls.
    static func from(_ surface: UnsafeMutableRawPointer?) -> DabRecorder? {
        guard let owner = surface?.assumingMemoryBound(to: FPDabSurface.self).pointee.owner else { return nil }
        return Unmanaged<DabRecorder>.fromOpaque(owner).takeUnretainedValue()
    }

    /// A surface whose dabs go to `owner`, a recorder, and whose colour is clear paper everywhere.
    static func surface(owner: UnsafeMutableRawPointer) -> FPDabSurface {
        var surface = FPDabSurface()
        surface.owner = owner
        // The first interface's dab is the second's, without posterizing or pigment.
        surface.surface.parent.draw_dab = { surface, x, y, radius, red, green, blue, opaque, hardness, eraser, aspect,
                                            angle, lockAlpha, colorize in
            let second = UnsafeMutableRawPointer(surface)?.assumingMemoryBound(to: MyPaintSurface2.self)
            return mypaint_surface2_draw_dab(second, x, y, radius, red, green, blue, opaque, hardness, eraser, aspect,
                                             angle, lockAlpha, colorize, 0, 0, 0)
        }
        surface.surface.parent.get_color = { surface, x, y, radius, red, green, blue, alpha in
            DabRecorder.answer(DabRecorder.from(surface), x, y, radius, red, green, blue, alpha)
        }
        surface.surface.parent.begin_atomic = { _ in }
        surface.surface.parent.end_atomic = { _, _ in }
        surface.surface.draw_dab_pigment = { surface, x, y, radius, red, green, blue, opaque, hardness, eraser, aspect,
                                             angle, lockAlpha, colorize, _, _, _ in
            DabRecorder.from(surface)?.record(BrushDab(
                x: x, y: y, radius: radius, red: red, green: green, blue: blue, opacity: opaque, hardness: hardness,
                alphaEraser: eraser, aspectRatio: aspect, angle: angle, lockAlpha: lockAlpha, colorize: colorize))
            return 1
        }
        // Legacy sampling whatever the paint factor (pigment is not mixed here).
        surface.surface.get_color_pigment = { surface, x, y, radius, red, green, blue, alpha, _ in
            DabRecorder.answer(DabRecorder.from(surface), x, y, radius, red, green, blue, alpha)
        }
        surface.surface.end_atomic_multi = { _, _ in }
        return surface
    }
}

extension BrushPreset {
    /// The preview stroke through a box `width` × `height` points wide from the origin: one wave of an S across
    /// it, a second long at 100 samples a second, the pressure rising from 0.2 to 0.9 and falling back, as a pen
    /// writes it.
    public static func previewStroke(width: Double, height: Double) -> [BrushSample] {
        (0...100).map { step in
            let t = Double(step) / 100
            return BrushSample(x: width * t, y: height / 2 * (1 - sin(2 * .pi * t)),
                               pressure: 0.2 + 0.7 * sin(.pi * t), time: t)
        }
    }

    /// Paints the brush's preview onto `canvas` in `color`: a stroke along an S across it, as a pen draws it
    /// (``previewStroke(width:height:)``), at the brush's own size, its dabs scaled down where they would
    /// reach past the canvas's edges (to keep a pixel clear there), centred; over what the canvas holds, so that a
    /// brush that picks colour up shows by smearing it. What a brush picker shows. The number of dabs drawn.
    @discardableResult
    public func paintPreview(color: BrushColor, onto canvas: inout DabCanvas) -> Int {
        let width = Float(canvas.width), height = Float(canvas.height)
        let samples = Self.previewStroke(width: Double(width), height: Double(height))
        // Where the dabs reach, each a pixel wider than its radius (as a dab is drawn); the same samples lay the
        // same dabs when painted, so they fit as measured, but for a brush that picks colour up, whose dabs may
        // come more or fewer over colours than over the clear paper they are measured on.
        let dabs = dabs(along: samples, color: color)
        guard let first = dabs.first else { return 0 }
        var reach = (left: first.x, right: first.x, top: first.y, bottom: first.y)
        for dab in dabs {
            let extent = dab.radius + 1
            reach = (min(reach.left, dab.x - extent), max(reach.right, dab.x + extent),
                     min(reach.top, dab.y - extent), max(reach.bottom, dab.y + extent))
        }
        let across = max(reach.right - reach.left, 1), down = max(reach.bottom - reach.top, 1)
        let scale = min(1, (width - 2) / across, (height - 2) / down)
        let placement = DabPlacement(scale: scale, x: (width - across * scale) / 2 - reach.left * scale,
                                     y: (height - down * scale) / 2 - reach.top * scale)
        return paint(along: samples, color: color, onto: &canvas, placement: placement)
    }
}
