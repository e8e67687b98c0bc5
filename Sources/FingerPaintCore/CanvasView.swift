// The canvas view: in paint mode every finger on it, and the pointer with its left button held, draws its own
// stroke; in navigate mode fingers pan and pinch-zoom the view.
import FoundationEssentials
import Glibc
import PaintModel
import PaintRender
import TouchUI

/// The drawing surface: turns touches into strokes, or, in navigate mode, into moves of the view.
///
/// In paint mode every touch that comes down on it starts a stroke of its own in the brush's colour and width: a
/// finger, a pen, or the pointer while its left button is held. Every sample delivered for it is added in document
/// points (``viewTransform`` maps the view's points to the document's), with a pen's pressure and tilt per sample, or a
/// finger's contact size as a pressure. A lifted touch completes its stroke (its ``delegate`` hears of it); a cancelled
/// one (the compositor's cancel, or a gesture recognizer taking the touch) discards it. A pen's eraser end, and fingers
/// with the ``Tool/eraser`` tool, erase the strokes their path touches when they lift (the delegate's
/// ``CanvasViewDelegate/canvasView(_:didEraseAlong:radius:)``). Palms and fingers while a pen is near paint nothing
/// (``ContactRules``, docs/pen-and-palm.md).
///
/// A brush stroke whose finger or pen rests still at its end (``shapeHoldRecognizer``) shows as the clean shape it
/// looks like (``PaintModel/Shape/fitting(_:axisAngle:)``), and becomes it when the touch lifts there: the stroke
/// is completed as drawn, then replaced by the shape
/// (``CanvasViewDelegate/canvasView(_:didShapeLastStrokeAs:)``), so that an undo restores the freehand stroke
/// (docs/shapes.md).
///
/// In navigate mode (``isNavigating``) touches paint nothing: the core's pan recognizer (one or two fingers) and
/// pinch and rotation recognizers, recognized together, move, zoom and turn the view about the fingers'
/// centroid, so the document point under the fingers stays under them; a double tap fits the drawing to the view
/// (``CanvasViewDelegate/canvasViewDidAskToFit(_:)``).
public final class CanvasView: View {
    /// The strokes in progress, by touch identifier, in document points, as drawn.
    public private(set) var liveStrokes: [Int: Stroke] = [:]
    /// How strongly the strokes begun from now on are stabilized (``StrokeStabilizer``, from 0 to 1): 0, the
    /// default, draws each sample where the hand was. A stabilized stroke shows no predicted tail, which would run
    /// ahead of its line.
    public var stabilizerStrength = 0.0
    /// Whether strokes begun now are stabilized (``stabilizerStrength`` as ``StrokeStabilizer`` takes it).
    public var isStabilizing: Bool { !StrokeStabilizer(strength: stabilizerStrength).isOff }
    /// The stabilizer of each stabilized stroke in progress, by touch identifier.
    private var stabilizers: [Int: StrokeStabilizer] = [:]
    /// The shapes the held strokes in progress become, by touch identifier (``shapeHoldRecognizer``).
    public private(set) var heldShapes: [Int: Stroke] = [:]
    /// The strokes in progress as the frame shows them: a held stroke as its shape, under a key of its own
    /// (`~identifier`), so that a renderer withdraws the freehand ink and draws the shape in its place.
    public var shownLiveStrokes: [Int: Stroke] {
        guard !heldShapes.isEmpty else { return liveStrokes }
        var shown = liveStrokes
        for (identifier, shape) in heldShapes {
            shown[identifier] = nil
            shown[~identifier] = shape
        }
        return shown
    }
    /// The touches drawing the strokes in progress, by touch identifier: their predicted tails
    /// (``TouchUI/Touch/predictedSamples()``) are worked out once a frame, in ``predictedTails(at:)``, not at every
    /// event (issue #22: the prediction was most of a touch event's allocations).
    private var predictedTouches: [Int: Touch] = [:]
    /// Whether strokes in progress show their predicted tail (the `p` key, `--no-prediction`).
    public var predictsTouches = true {
        didSet { delegate?.canvasViewDidChange(self) }
    }

    /// The predicted tails of the strokes in progress, by touch identifier, in document points, up to `time` (the
    /// time the frame that shows them is committed, on the input's clock), or as far as predicted when `time` is
    /// `nil`: drawn for one frame, never part of a stroke. A held stroke (shown as its shape) has none.
    public func predictedTails(at time: Timestamp? = nil) -> [Int: [Point]] {
        guard predictsTouches, !predictedTouches.isEmpty else { return [:] }
        var tails: [Int: [Point]] = [:]
        for (identifier, touch) in predictedTouches where heldShapes[identifier] == nil {
            let predicted = touch.predictedSamples()
            guard !predicted.isEmpty else { continue }
            let path = [Touch.Sample(locationInWindow: touch.location(in: nil), timestamp: touch.timestamp)] + predicted
            let points = time.map { Touch.Sample.interpolated(path, at: $0) } ?? path.map(\.locationInWindow)
            let tail = points.dropFirst().map { viewTransform.documentPoint(convert($0, from: nil)) }
            if !tail.isEmpty { tails[identifier] = Array(tail) }
        }
        return tails
    }
    /// The brush that new strokes take their colour and width from.
    public var brush = Brush()
    /// The width, opacity and preset new strokes take in place of the brush's: a preset's size and the preset, whose
    /// dabs draw the stroke in progress (docs/brushes.md), the opacity the painter gave the brush.
    public struct StrokeLook: Hashable, Sendable {
        /// The stroke's width, in points: a preset's size; `nil` for the brush's width.
        public var width: Double?
        /// The stroke's alpha.
        public var opacity: Double
        /// The preset the stroke is painted with, drawn by its dabs while in progress; `nil` for the round brush.
        public var brush: StrokeBrush?

        public init(width: Double?, opacity: Double, brush: StrokeBrush? = nil) {
            self.width = width
            self.opacity = opacity
            self.brush = brush
        }
    }
    /// The look of new strokes where it is not the brush's own (its width, opaque); `nil` where it is.
    public var strokeLook: StrokeLook?
    /// The look of the strokes that erase with a brush (its `brush` erasing) where the eraser erases paint along its
    /// path (fingers with the eraser, a pen's eraser end); `nil`: the eraser takes whole strokes away.
    public var eraserLook: StrokeLook?
    /// Which part of the document the view shows: touches are mapped through it.
    public var viewTransform = ViewTransform.identity
    /// Whether fingers move the view instead of painting.
    public var isNavigating = false {
        didSet {
            guard isNavigating != oldValue else { return }
            stopGliding()
            for recognizer in navigationRecognizers { recognizer.isEnabled = isNavigating }
            shapeHoldRecognizer.isEnabled = !isNavigating && makesShapes
        }
    }
    /// What fingers and the pointer do: paint, or erase whole strokes.
    public enum Tool: Hashable, Sendable {
        /// Fingers paint strokes with the brush.
        case brush
        /// Fingers erase every stroke they touch (``CanvasViewDelegate/canvasView(_:didEraseAlong:radius:)``).
        case eraser
    }

    /// What fingers and the pointer do. A pen's tip always paints and its eraser end always erases.
    public var tool = Tool.brush
    /// Which contacts paint and how wide (palms, fingers near a pen, width from contact size).
    public var rules = ContactRules()
    /// The radius of the eraser, in the view's points: what it erases is what comes within this of its path.
    public var eraserRadius = 8.0
    /// The owner that keeps the drawing and the view: it hears of completed strokes, erasures, the view's moves, the
    /// eyedropper and the taps' commands (``CanvasViewDelegate``). Held weakly: the owner holds the canvas.
    public weak var delegate: (any CanvasViewDelegate)?
    /// Whether a brush stroke held still at its end becomes a clean shape (on by default).
    public var makesShapes = true {
        didSet { shapeHoldRecognizer.isEnabled = !isNavigating && makesShapes }
    }
    /// Recognizes a brush stroke that rests still at its end: its stroke is shown as the shape it looks like.
    public let shapeHoldRecognizer = StrokeHoldGestureRecognizer()
    /// The paths of the erasers down (the pen's eraser end, fingers with the eraser tool), in document points.
    private var eraserPaths: [Int: [Point]] = [:]
    /// Fingers that paint nothing until they lift: palms, and fingers down while a pen is near.
    private var refused: Set<Int> = []

    /// Follows a pen hovering over the canvas, for the brush's preview under it (the delegate's
    /// ``CanvasViewDelegate/canvasView(_:penHoversAt:)``).
    public let hoverRecognizer = HoverGestureRecognizer()
    /// Pans with one or two fingers (navigate mode only).
    public let panRecognizer = PanGestureRecognizer()
    /// Zooms with two fingers (navigate mode only).
    public let pinchRecognizer = PinchGestureRecognizer()
    /// Turns the view with two fingers (navigate mode only), recognized together with the pan and the pinch.
    public let rotationRecognizer = RotationGestureRecognizer()
    /// Fits the drawing to the view (navigate mode only).
    public let doubleTapRecognizer = TapGestureRecognizer()
    /// Undoes with a quick tap of two fingers, in paint and navigate mode (the delegate's
    /// ``CanvasViewDelegate/canvasView(_:didAskFor:)`` with ``PaintCommand/undo``).
    public let undoTapRecognizer = TapGestureRecognizer()
    /// Redoes with a quick tap of three fingers, in paint and navigate mode (the delegate's
    /// ``CanvasViewDelegate/canvasView(_:didAskFor:)`` with ``PaintCommand/redo``).
    public let redoTapRecognizer = TapGestureRecognizer()
    /// The longest a two- or three-finger tap may last: as long as a press takes to become a long press
    /// (`UILongPressGestureRecognizer.minimumPressDuration`, 0.5 s). docs/gestures.md, "Taps that undo".
    public static let commandTapDuration = Duration.milliseconds(500)
    /// What the canvas's two- and three-finger taps wait for: a tap is only what none of these is (Procreate's
    /// UndoGesture sample wires its taps to require its pinch, rotation and pan to fail). Disabled ones (in paint
    /// mode) take no touches and hold nothing up.
    private var gesturesTapsWaitFor: [GestureRecognizer] { navigationRecognizers.filter { $0 !== doubleTapRecognizer } }
    /// Whether the next touch picks a colour instead of painting (the eyedropper): it calls the delegate's
    /// ``CanvasViewDelegate/canvasView(_:picksColorAt:isFinal:)`` as it moves and when it lifts.
    public var isPickingColor = false {
        didSet {
            guard !isPickingColor, !pickers.isEmpty else { return }
            pickers.removeAll()
            delegate?.canvasView(self, picksColorAt: nil, isFinal: false)
        }
    }
    /// The touches picking a colour.
    private var pickers: Set<Int> = []
    /// Whether a tap fills the region under it instead of painting (the fill tool): it calls the delegate's
    /// ``CanvasViewDelegate/canvasView(_:fillsAt:)``. A touch that moves more than ``fillTapSlop`` points, or one
    /// among others, fills nothing.
    public var isFilling = false {
        didSet { fillers.removeAll() }
    }
    /// How far a fill's tap may move between down and up, in points.
    public static let fillTapSlop = 10.0
    /// The touch that may be a fill's tap, and where it came down in the window; `nil` for none.
    private var fillers: [Int: Point] = [:]
    /// Whether a second touch came down while one may be a fill's tap: none of them fills.
    private var fillTapSpoiled = false
    /// The recognizers that move the view in navigate mode: the pan, the pinch, the rotation and the double tap.
    /// Recognizers that must wait for navigation to fail (a two-finger tap) require the first three to fail.
    public var navigationRecognizers: [GestureRecognizer] {
        [panRecognizer, pinchRecognizer, rotationRecognizer, doubleTapRecognizer]
    }
    /// The view's rotation when the rotation gesture began: the gesture's turn is added to it, then snapped.
    private var rotationAtStart = 0.0
    /// Whether a pan flicked off in navigate mode goes on gliding, slowing down as a scroll view does
    /// (``TouchUI/Momentum``, `UIScrollView`'s normal deceleration); `--no-momentum` turns it off.
    public var glidesAfterPan = true
    /// The glide under way: its momentum, and how far it has moved the view so far.
    private var glide: (momentum: Momentum, applied: Vector)?
    /// Whether the view is gliding after a flick: the window draws a frame at every display frame meanwhile, and
    /// each frame moves it on (``glide(to:)``).
    public var isGliding: Bool { glide != nil }
    private let simultaneity = Simultaneity()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        panRecognizer.maximumNumberOfTouches = 2
        doubleTapRecognizer.numberOfTapsRequired = 2
        panRecognizer.delegate = simultaneity
        pinchRecognizer.delegate = simultaneity
        rotationRecognizer.delegate = simultaneity
        // Touchpad pinches zoom and turn through the translator's delegate (anchored at the pointer,
        // panning with the fingers): the recognizers following them too would zoom and turn twice.
        pinchRecognizer.allowedTouchpadGestures = []
        hoverRecognizer.addTarget { [unowned self] recognizer in
            delegate?.canvasView(self, penHoversAt: recognizer.state.isActive ? recognizer.location(in: nil) : nil)
        }
        addGestureRecognizer(hoverRecognizer)
        rotationRecognizer.allowedTouchpadGestures = []
        _ = rotationRecognizer.addTarget { [unowned self] _ in turned() }
        _ = panRecognizer.addTarget { [unowned self] _ in panned() }
        _ = pinchRecognizer.addTarget { [unowned self] _ in pinched() }
        _ = doubleTapRecognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .ended { delegate?.canvasViewDidAskToFit(self) }
        }
        for recognizer in navigationRecognizers {
            recognizer.isEnabled = false
            addGestureRecognizer(recognizer)
        }
        // The taps cancel their touches (cancelsTouchesInView) and hold back their lifts until they fail
        // (delaysTouchesEnded): a finger's ink shows at once, and a finger that turns out to be part of a tap never
        // completes a stroke: its ink is withdrawn when the tap is recognized, never reaching the drawing.
        _ = shapeHoldRecognizer.addTarget { [unowned self] recognizer in strokeHeld(recognizer.state) }
        addGestureRecognizer(shapeHoldRecognizer)
        for (recognizer, fingers, command) in [(undoTapRecognizer, 2, PaintCommand.undo), (redoTapRecognizer, 3, .redo)] {
            recognizer.numberOfTouchesRequired = fingers
            recognizer.maximumPressDuration = Self.commandTapDuration
            for gesture in gesturesTapsWaitFor { recognizer.require(toFail: gesture) }
            _ = recognizer.addTarget { [unowned self] recognizer in
                if recognizer.state == .ended { delegate?.canvasView(self, didAskFor: command) }
            }
            addGestureRecognizer(recognizer)
        }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        // A finger down catches a gliding view, as on any touch screen.
        stopGliding()
        guard !isNavigating else { return }
        if isPickingColor, pickers.isEmpty, let touch = touches.first {
            pickers.insert(touch.identifier)
            delegate?.canvasView(self, picksColorAt: touch.location(in: nil), isFinal: false)
            return
        }
        if isFilling {
            if !fillers.isEmpty || touches.count > 1 { fillTapSpoiled = true }
            for touch in touches { fillers[touch.identifier] = touch.location(in: nil) }
            return
        }
        // Asked once for the touches that would paint or erase: a layer that takes neither refuses them all.
        var isMarkingRefused: Bool?
        for touch in touches {
            // A pen's eraser end erases, and fingers and the mouse with the eraser; a pen's tip always paints.
            let erases = touch.kind == .eraser || (tool == .eraser && touch.kind != .pencil)
            if touch.kind == .direct, ContactRules.isPalm(touch) || isPenNear {
                refused.insert(touch.identifier)
            } else if isMarkingRefused ?? {
                let refuses = delegate?.canvasViewShouldBeginMarking(self) == false
                isMarkingRefused = refuses
                return refuses
            }() {
                refused.insert(touch.identifier)
            } else if erases, eraserLook == nil {
                eraserPaths[touch.identifier] = [documentPoint(of: touch)]
            } else {
                var stroke = brush.makeStroke()
                if let strokeLook = erases ? eraserLook : strokeLook {
                    if let width = strokeLook.width { stroke.width = width }
                    stroke.color.alpha = strokeLook.opacity
                    stroke.brush = strokeLook.brush
                }
                let stabilizer = StrokeStabilizer(strength: stabilizerStrength)
                if stabilizer.isOff { predictedTouches[touch.identifier] = touch } else {
                    stabilizers[touch.identifier] = stabilizer
                }
                stroke.append(steadied(sample(of: touch), for: touch.identifier), pen: pen(of: touch))
                liveStrokes[touch.identifier] = stroke
            }
        }
        delegate?.canvasViewDidChange(self)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if let picker = touches.first(where: { pickers.contains($0.identifier) }) {
            delegate?.canvasView(self, picksColorAt: picker.location(in: nil), isFinal: false)
        }
        for touch in touches {
            if let start = fillers[touch.identifier], touch.location(in: nil).distance(to: start) > Self.fillTapSlop {
                fillTapSpoiled = true
            }
        }
        guard !liveStrokes.isEmpty || !eraserPaths.isEmpty else { return }
        for touch in touches {
            if touch.kind == .direct, ContactRules.isPalm(touch) || isPenNear {
                refuse(touch)
            } else if eraserPaths[touch.identifier] != nil {
                eraserPaths[touch.identifier]?.append(documentPoint(of: touch))
            } else if var stroke = liveStrokes.removeValue(forKey: touch.identifier) {
                // Taken out, added to and put back: the stroke's samples are appended in place, where a change
                // through the dictionary's subscript would allocate the accessor's frame at every event (#22).
                if touch.kind == .pencil, let samples = event?.coalescedTouches(for: touch), !samples.isEmpty {
                    // Every sample the pen reported, each with its own pressure.
                    for sample in samples {
                        let location = documentPoint(atViewPoint: convert(sample.locationInWindow, from: nil))
                        stroke.append(steadied(StrokePoint(location, time: sample.timestamp), for: touch.identifier),
                                      pen: sample.pen.map(Self.strokePen))
                    }
                } else {
                    stroke.append(steadied(sample(of: touch), for: touch.identifier), pen: pen(of: touch))
                }
                liveStrokes[touch.identifier] = stroke
            }
        }
        delegate?.canvasViewDidChange(self)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            if pickers.remove(touch.identifier) != nil {
                delegate?.canvasView(self, picksColorAt: touch.location(in: nil), isFinal: true)
                continue
            }
            if fillers.removeValue(forKey: touch.identifier) != nil {
                if !fillTapSpoiled { delegate?.canvasView(self, fillsAt: touch.location(in: nil)) }
                if fillers.isEmpty { fillTapSpoiled = false }
                continue
            }
            predictedTouches[touch.identifier] = nil
            if refused.remove(touch.identifier) != nil { continue }
            if var path = eraserPaths.removeValue(forKey: touch.identifier) {
                path.append(documentPoint(of: touch))
                delegate?.canvasView(self, didEraseAlong: path, radius: eraserRadius / viewTransform.zoom)
                continue
            }
            guard var stroke = liveStrokes.removeValue(forKey: touch.identifier) else { continue }
            // The line ends where the finger lifted, a stabilized one too.
            stabilizers[touch.identifier] = nil
            let last = sample(of: touch)
            if stroke.points.last?.location != last.location { stroke.append(last, pen: pen(of: touch)) }
            let shape = heldShapes.removeValue(forKey: touch.identifier)
            delegate?.canvasView(self, didComplete: stroke)
            if let shape { delegate?.canvasView(self, didShapeLastStrokeAs: shape) }
        }
        delegate?.canvasViewDidChange(self)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where pickers.remove(touch.identifier) != nil {
            delegate?.canvasView(self, picksColorAt: nil, isFinal: false)
        }
        for touch in touches where fillers.removeValue(forKey: touch.identifier) != nil {
            fillTapSpoiled = !fillers.isEmpty
        }
        for touch in touches {
            liveStrokes[touch.identifier] = nil
            stabilizers[touch.identifier] = nil
            heldShapes[touch.identifier] = nil
            predictedTouches[touch.identifier] = nil
            eraserPaths[touch.identifier] = nil
            refused.remove(touch.identifier)
        }
        delegate?.canvasViewDidChange(self)
    }

    /// Whether a pen is near the screen and fingers are to paint nothing meanwhile.
    private var isPenNear: Bool {
        rules.ignoresFingersNearPen && !(window?.pensInProximity.isEmpty ?? true)
    }

    /// A finger found to be a palm, or down while a pen is near: the stroke it began is cancelled, and it does
    /// nothing more until it lifts.
    private func refuse(_ touch: Touch) {
        guard !refused.contains(touch.identifier) else { return }
        refused.insert(touch.identifier)
        liveStrokes[touch.identifier] = nil
        stabilizers[touch.identifier] = nil
        heldShapes[touch.identifier] = nil
        predictedTouches[touch.identifier] = nil
        eraserPaths[touch.identifier] = nil
    }

    /// Discards every stroke in progress (their touches are no longer believed).
    public func discardLiveStrokes() {
        liveStrokes.removeAll()
        stabilizers.removeAll()
        heldShapes.removeAll()
        predictedTouches.removeAll()
        eraserPaths.removeAll()
        delegate?.canvasViewDidChange(self)
    }

    /// The held-stroke recognizer moved on: a stroke that came to rest shows as the shape it looks like, if any;
    /// one that moved on shows as drawn again.
    private func strokeHeld(_ state: GestureRecognizer.State) {
        guard let identifier = shapeHoldRecognizer.touchIdentifier else { return }
        switch state {
        case .began:
            // A stroke that erases paint is no shape.
            guard let stroke = liveStrokes[identifier], stroke.brush?.isErasing != true else { return }
            let axis = viewTransform.documentPoint(Point(x: 1, y: 0)) - viewTransform.documentPoint(.zero)
            guard let shape = Shape.fitting(stroke.points.map(\.location), axisAngle: atan2(axis.dy, axis.dx))
            else { return }
            heldShapes[identifier] = stroke.shaped(as: shape)
        case .cancelled:
            guard heldShapes.removeValue(forKey: identifier) != nil else { return }
        default:
            return
        }
        delegate?.canvasViewDidChange(self)
    }

    private func sample(of touch: Touch) -> StrokePoint {
        StrokePoint(documentPoint(of: touch), time: touch.timestamp)
    }

    /// A sample of a stroke in progress where its line takes it: pulled behind the hand when the stroke is
    /// stabilized, else where it is.
    private func steadied(_ sample: StrokePoint, for identifier: Int) -> StrokePoint {
        guard var stabilizer = stabilizers.removeValue(forKey: identifier) else { return sample }
        let point = StrokePoint(stabilizer.point(for: sample.location, at: sample.time), time: sample.time)
        stabilizers[identifier] = stabilizer
        return point
    }

    private func documentPoint(of touch: Touch) -> Point {
        documentPoint(atViewPoint: touch.location(in: self))
    }

    /// A view point's document point, each coordinate rounded to a `Float` where that moves it by less than half
    /// the input's own step (wl_fixed's 1/256 point, so 1/512 of a window point): invisible, and it lets a stroke
    /// drawn with a finger be stored compactly (``Stroke``, issue #22). A point beyond the coordinate range (a
    /// finger gone past the window's edge while the view shows the range's edge) is moved to its edge
    /// (``Geometry/CoordinateRange``): the view shows nothing beyond it, and a document keeps nothing beyond it.
    private func documentPoint(atViewPoint point: Point) -> Point {
        CoordinateRange.clamp(viewTransform.documentPoint(point).roundedToFloat(within: Self.inputRounding / viewTransform.zoom))
    }

    /// Half the input's step, in window points: the farthest the input path moves a document point to round it.
    static let inputRounding = 1.0 / 512

    /// A pen's pressure and tilt now, or a finger's contact size as a pressure (``ContactRules``); `nil` for none.
    private func pen(of touch: Touch) -> StrokePen? {
        if let pen = touch.pen { return Self.strokePen(pen) }
        return rules.pressure(forContactRadius: touch.majorRadius).map { StrokePen(pressure: $0) }
    }

    private static func strokePen(_ pen: PenAttributes) -> StrokePen {
        StrokePen(pressure: pen.force, altitude: pen.altitudeAngle, azimuth: pen.azimuthAngle)
    }

    // MARK: - Navigation

    /// The fingers' centroid moved: the document follows it.
    private func panned() {
        if panRecognizer.state == .ended, glidesAfterPan, let now = window?.timers.now {
            startGliding(Momentum(velocity: panRecognizer.velocity(in: self), at: now))
        }
        guard panRecognizer.state == .began || panRecognizer.state == .changed else { return }
        let translation = panRecognizer.translation(in: self)
        panRecognizer.setTranslation(.zero, in: self)
        move(to: viewTransform.panned(by: translation))
    }

    /// Lets the view glide on after a flick, until the momentum is spent or a touch catches it.
    private func startGliding(_ momentum: Momentum) {
        glide = momentum.isGliding ? (momentum, .zero) : nil
        delegate?.canvasViewDidChange(self)
    }

    /// Moves a gliding view to where its glide is at a frame's time (on the input's clock); the glide ends once
    /// its momentum is spent. Driven by frames, so every frame shows one step, whatever the display's rate.
    public func glide(to time: Timestamp) {
        guard let current = glide else { return }
        let offset = current.momentum.offset(at: time)
        glide = current.momentum.isFinished(at: time) ? nil : (current.momentum, offset)
        move(to: viewTransform.panned(by: offset - current.applied))
    }

    /// Stops a glide under way (a touch came down, a touchpad gesture began, the mode changed).
    public func stopGliding() {
        glide = nil
    }

    /// The fingers spread or closed: the view zooms about their centroid, which keeps its document point.
    private func pinched() {
        guard pinchRecognizer.state == .began || pinchRecognizer.state == .changed else { return }
        let factor = pinchRecognizer.scale
        pinchRecognizer.scale = 1
        move(to: viewTransform.zoomed(by: factor, about: pinchRecognizer.location(in: self)))
    }

    /// The fingers turned: the view turns about their centroid by as much, snapped to a quarter turn when within
    /// ``PaintRender/ViewTransform/snapAngle`` of one.
    private func turned() {
        switch rotationRecognizer.state {
        case .began:
            rotationAtStart = viewTransform.rotation
        case .changed:
            break
        default:
            return
        }
        let angle = ViewTransform.snapped(rotation: rotationAtStart + rotationRecognizer.rotation)
        move(to: viewTransform.rotated(to: angle, about: rotationRecognizer.location(in: self)))
    }

    private func move(to view: ViewTransform) {
        guard view != viewTransform else { return }
        delegate?.canvasView(self, didMoveViewTo: view)
    }

    /// Lets the pan, the pinch and the rotation recognize together: two fingers pan, zoom and turn at once.
    private final class Simultaneity: GestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            Self.movesTheView(gestureRecognizer) && Self.movesTheView(other) && gestureRecognizer !== other
        }

        private static func movesTheView(_ recognizer: GestureRecognizer) -> Bool {
            recognizer is PanGestureRecognizer || recognizer is PinchGestureRecognizer
                || recognizer is RotationGestureRecognizer
        }
    }
}
