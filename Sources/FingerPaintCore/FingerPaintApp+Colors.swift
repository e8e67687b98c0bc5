// The brush's colour in the painting app: the chooser, the eyedropper (a finger or a pen's barrel button) and
// the recent colours.
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import TouchUI

extension FingerPaintApp {
    /// A pen moved near the screen: while its barrel button is held, the loupe follows it.
    func penHovered(_ hover: SeatEventTranslator.PenHover) {
        penLocations[hover.pen] = hover.location
        if penTypes[hover.pen] != hover.type {
            // The canvas's hover recognizer heard of the pen first: its preview takes the pen's end now.
            penTypes[hover.pen] = hover.type
            if hoveringPenLocation != nil { updateOverlay() }
        }
        guard pickingPen == hover.pen else { return }
        if let location = hover.location {
            pick(at: location, isFinal: false)
        } else {
            pickingPen = nil
            pick(at: nil, isFinal: false)
        }
    }

    /// A pen's barrel button, as an eyedropper (Procreate's and Krita's use of it): held, the loupe shows the colour
    /// under the hovering pen; released, that colour is the brush's.
    func penButton(_ pen: Int, isPressed: Bool) {
        guard let location = penLocations[pen] else { return }
        if isPressed {
            pickingPen = pen
            pick(at: location, isFinal: false)
        } else if pickingPen == pen {
            pickingPen = nil
            pick(at: location, isFinal: true)
        }
    }

    /// The eyedropper's finger at a window point: the loupe shows the colour there; lifted, that colour is the
    /// brush's and the eyedropper is done.
    func pick(at point: Point?, isFinal: Bool) {
        guard let point else {
            loupe = nil
            updateOverlay()
            return
        }
        let color = renderer.drawingColor(at: point)
        loupe = isFinal ? nil : Overlay.Loupe(target: point, color: color)
        if isFinal {
            canvasView.isPickingColor = false
            chooseColor(color)
        }
        updateOverlay()
    }

    /// Makes any colour the brush's (the chooser, the eyedropper). With `remembering` (the eyedropper, the chooser
    /// closing), a colour of the user's own joins the recent ones; the chooser's every slide does not.
    public func chooseColor(_ color: Color, remembering: Bool = true) {
        let before = brushSettings
        useColor { $0.choose(color) }
        if remembering, let custom = brush.customColor {
            recentColors = Array(([custom] + recentColors.filter { $0.rgb != custom.rgb }).prefix(BrushSettings.recentLimit))
            colorChooserView.recentColors = recentColors
        }
        updateOverlay()
        if brushSettings != before { delegate?.fingerPaintApp(self, didChangeBrush: brushSettings) }
    }

    /// One of the recent colours becomes the brush's (none happens for a place the palette has no colour in).
    func selectRecentColor(at index: Int) {
        if recentColors.indices.contains(index) { useColor { [recentColors] in $0.choose(recentColors[index]) } }
    }

    /// A colour the user chose (a swatch, a recent one, the chooser, the eyedropper) becomes the brush's, and the
    /// brush the tool: a colour chosen while erasing is one to paint with, as in Procreate and Krita. The one place
    /// the user's choice of a colour changes the brush.
    func useColor(_ change: (inout Brush) -> Void) {
        change(&brush)
        canvasView.tool = .brush
        // The open panel shows the colour; it keeps its own hue for a grey it chose itself.
        if !colorChooserView.isHidden, colorChooserView.color.rgb != brush.color.rgb { colorChooserView.show(brush.color) }
    }

    /// Opens the colour chooser with the brush's colour, or closes it: the colour chosen in it is one of the recent
    /// ones then.
    func toggleColorChooser() {
        colorChooserView.isHidden.toggle()
        if !colorChooserView.isHidden {
            canvasView.isPickingColor = false
            colorChooserView.show(brush.color)
        } else {
            chooseColor(brush.color)
        }
    }

    /// Takes the eyedropper up (the chooser closes) or puts it away.
    func toggleEyedropper() {
        canvasView.isPickingColor.toggle()
        if canvasView.isPickingColor {
            colorChooserView.isHidden = true
            putAwaySelectionTool()
            canvasView.isFilling = false
        }
    }
}
