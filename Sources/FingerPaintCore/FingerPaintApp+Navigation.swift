// The view in the painting app: zoom, pan and turn from keys, the wheel, the middle button and touchpad gestures
// (docs/navigation.md), and the indicator that shows them.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import PaintRender
import SeatInput
import TouchUI

extension FingerPaintApp {
    /// Whether fingers move the view instead of painting (the palette's hand).
    public var isNavigating: Bool { canvasView.isNavigating }
    /// The zoom factor of one Ctrl+plus or Ctrl+minus.
    public static let zoomStep = 1.25
    /// Scroll distance (points) that doubles or halves the zoom with Ctrl held: about 5 wheel detents.
    public static let scrollPerZoomDoubling = 50.0
    /// The turn of one rotate key: 15°.
    public static let rotationStep = Double.pi / 12

    /// Shows another part of the drawing, or at another zoom (clamped to 10 %...1 600 %).
    public func setView(_ newView: ViewTransform) {
        let old = view
        view = newView.shown(in: window.frame.size, scale: renderer.scale)
        renderer.setView(view)
        canvasView.viewTransform = view
        selectionView.viewTransform = view
        if selection != nil { updateOverlay() }
        needsFrame = true
        // Zooming and turning show how far; panning alone does not.
        if view.zoom != old.zoom || view.rotation != old.rotation { showIndicator() }
    }

    /// Zooms by a factor about the middle of the window (Ctrl+plus, Ctrl+minus).
    func zoom(by factor: Double) {
        setView(view.zoomed(by: factor, about: viewCenter))
    }

    /// Zooms and pans so that the whole drawing fills the window above the palette.
    func zoomToFit() {
        setView(.fitting(renderer.contentBounds, in: drawingArea.size))
    }

    /// Shows the drawing at 100 %, about the middle of the window.
    func zoomToActualSize() {
        setView(view.zoomed(to: 1, about: viewCenter))
    }

    /// Turns the view upright, about the middle of the window.
    func resetRotation() {
        setView(view.rotated(to: 0, about: viewCenter))
    }

    /// Shows the drawing upright at 100 %, about the middle of the window.
    func resetView() {
        setView(view.rotated(to: 0, about: viewCenter).zoomed(to: 1, about: viewCenter))
    }

    /// Turns the view by an angle about the middle of the window, landing on a quarter turn when near one.
    func rotate(by angle: Double) {
        setView(view.rotated(to: ViewTransform.snapped(rotation: view.rotation + angle), about: viewCenter))
    }

    /// Shows the view indicator with the view's zoom and angle, and hides it ``ViewIndicatorView/lingering``
    /// after the last change.
    private func showIndicator() {
        indicatorView.show(view)
        if let indicatorTimer { window.timers.cancel(indicatorTimer) }
        indicatorTimer = window.timers.schedule(after: ViewIndicatorView.lingering) { [unowned self] in
            indicatorTimer = nil
            indicatorView.hide()
            updateOverlay()
        }
        updateOverlay()
    }

    /// The window above the palette bar: what fitting fills.
    var drawingArea: Rect {
        Rect(x: 0, y: 0, width: window.bounds.width, height: max(paletteView.barFrame.minY, 1))
    }

    var viewCenter: Point { drawingArea.center }

    /// The wheel: with Ctrl it zooms about the pointer, with Shift it pans sideways, alone it pans.
    func scroll(by delta: Vector) {
        let held = translator.heldModifiers
        if held.contains(.ctrl) {
            let factor = pow(2, -(delta.dy + delta.dx) / Self.scrollPerZoomDoubling)
            setView(view.zoomed(by: factor, about: pointerLocation ?? viewCenter))
        } else if held.contains(.shift) {
            setView(view.panned(by: Vector(dx: -delta.dy - delta.dx, dy: 0)))
        } else {
            setView(view.panned(by: Vector(dx: -delta.dx, dy: -delta.dy)))
        }
    }

    /// The pointer moved: a middle-button drag pans.
    func pointerMoved(to location: Point?) {
        pointerLocation = location
        guard let location else { return middleDragLocation = nil }
        if let last = middleDragLocation {
            middleDragLocation = location
            setView(view.panned(by: location - last))
        }
    }

    /// A touchpad pinch zooms about the pointer and pans with the fingers; a swipe pans.
    func touchpad(_ gesture: TouchpadGesture) {
        // Fingers on the touchpad (a pinch, a swipe, a hold) catch a gliding view.
        if case .begin = gesture { canvasView.stopGliding() }
        switch gesture {
        case .begin(.pinch, _):
            touchpadPinch = (view, pointerLocation ?? viewCenter, .zero, 0)
        case let .update(.pinch, dx, dy, scale, rotation):
            guard var pinch = touchpadPinch else { return }
            pinch.moved = pinch.moved + Vector(dx: dx, dy: dy)
            if rotation.isFinite { pinch.turned += rotation * .pi / 180 }
            touchpadPinch = pinch
            let angle = ViewTransform.snapped(rotation: pinch.view.rotation + pinch.turned)
            setView(pinch.view.zoomed(to: pinch.view.zoom * scale, about: pinch.anchor)
                .rotated(to: angle, about: pinch.anchor).panned(by: pinch.moved))
        case .end(.pinch, _):
            touchpadPinch = nil
        case let .update(.swipe, dx, dy, _, _):
            setView(view.panned(by: Vector(dx: dx, dy: dy)))
        default:
            break
        }
    }
}
