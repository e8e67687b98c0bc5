// The painting app's input from its parts: the seat translator's events that are not touches, and the canvas's
// strokes, erasures, gestures and taps, each handed to the method of the concern it belongs to.
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// The translator's events that are not touches: keys ask for commands, the wheel, the middle button and touchpad
/// gestures move the view, a pen's hover and barrel button work the eyedropper.
extension FingerPaintApp: SeatEventTranslatorDelegate {
    /// A key asks for its command, if it has one (``PaintCommand/init(key:)``); while the gallery's rename panel is
    /// shown, every key goes to its text field instead.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didPressKey chord: KeyChord, at time: Timestamp) {
        if isShowingGallery, galleryView.typeKey(chord) { return }
        if layerMenuView.typeKey(chord) { return }
        if let command = PaintCommand(key: chord) { perform(command) }
    }

    /// The wheel zooms (Ctrl) or pans.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didScroll delta: Vector, at time: Timestamp) {
        scroll(by: delta)
    }

    /// The pointer moved: a middle-button drag pans.
    public func seatEventTranslator(_ translator: SeatEventTranslator, pointerMovedTo location: Point?) {
        pointerMoved(to: location)
    }

    /// The middle button starts and ends a drag that pans.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didChange button: PointerButton, isPressed: Bool,
                                    at time: Timestamp) {
        if button == .middle { middleDragLocation = isPressed ? pointerLocation : nil }
    }

    /// A touchpad pinch zooms and turns about the pointer; a swipe pans.
    public func seatEventTranslator(_ translator: SeatEventTranslator, didReceive gesture: TouchpadGesture,
                                    at time: Timestamp) {
        touchpad(gesture)
    }

    /// A hovering pen moves the eyedropper's loupe while its barrel button is held.
    public func seatEventTranslator(_ translator: SeatEventTranslator, penDidHover hover: SeatEventTranslator.PenHover,
                                    at time: Timestamp) {
        penHovered(hover)
    }

    /// A pen's barrel button is an eyedropper: held, the loupe shows the colour; released, it is the brush's.
    public func seatEventTranslator(_ translator: SeatEventTranslator, pen: Int, didChange button: PenButton,
                                    isPressed: Bool, at time: Timestamp) {
        penButton(pen, isPressed: isPressed)
    }
}

/// The canvas's events: strokes and erasures become edits, its gestures move the view, its taps ask for commands.
extension FingerPaintApp: CanvasViewDelegate {
    /// The fill tool's tap: the region there is filled.
    public func canvasView(_ canvas: CanvasView, fillsAt point: Point) {
        fill(at: point)
    }

    /// A locked or hidden current layer refuses painting and erasing at once, saying why: no ink shows that would
    /// go at the lift.
    public func canvasViewShouldBeginMarking(_ canvas: CanvasView) -> Bool {
        // The first stroke takes the guide down, and paints.
        dismissGuide()
        guard let refusal = currentLayerRefusal else { return true }
        say(refusal)
        return false
    }

    /// The stroke is added to the drawing (an edit).
    public func canvasView(_ canvas: CanvasView, didComplete stroke: Stroke) {
        complete(stroke)
    }

    /// The stroke just completed becomes its shape (an edit).
    public func canvasView(_ canvas: CanvasView, didShapeLastStrokeAs shape: Stroke) {
        reshapeLastStroke(as: shape)
    }

    /// The strokes the eraser touched are erased (an edit).
    public func canvasView(_ canvas: CanvasView, didEraseAlong path: [Point], radius: Double) {
        erase(along: path, radius: radius)
    }

    /// The strokes in progress changed: a frame is due.
    public func canvasViewDidChange(_ canvas: CanvasView) {
        needsFrame = true
    }

    /// The view moves where the canvas's fingers took it.
    public func canvasView(_ canvas: CanvasView, didMoveViewTo view: ViewTransform) {
        setView(view)
    }

    /// The drawing is fitted to the window.
    public func canvasViewDidAskToFit(_ canvas: CanvasView) {
        perform(.zoomToFit)
    }

    /// The brush's preview follows the hovering pen.
    public func canvasView(_ canvas: CanvasView, penHoversAt location: Point?) {
        hoveringPenLocation = location
        updateOverlay()
    }

    /// The eyedropper's loupe follows the finger; where it lifts, the colour is the brush's.
    public func canvasView(_ canvas: CanvasView, picksColorAt point: Point?, isFinal: Bool) {
        pick(at: point, isFinal: isFinal)
    }

    /// A tap's command is done.
    public func canvasView(_ canvas: CanvasView, didAskFor command: PaintCommand) {
        perform(command)
    }
}
