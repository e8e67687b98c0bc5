// The app as the owner of its controls: the palette's and the colour panel's events become commands and colours.
import Geometry
import PaintModel

extension FingerPaintApp: PaletteViewDelegate {
    /// A tap on the bar's brush while fingers already paint with it, or on the eraser while they erase, opens the
    /// brush panel of that tool's brushes (as Procreate's does).
    public func paletteView(_ palette: PaletteView, didAsk command: PaintCommand) {
        let opens = command == .useBrush && isInUse(.brush) || command == .toggleEraser && isInUse(.eraser)
        perform(opens ? .openBrushes : command)
    }
    public func paletteViewDidChange(_ palette: PaletteView) { updateOverlay() }

    public func paletteView(_ palette: PaletteView, didShowLabelOf command: PaintCommand) {
        delegate?.fingerPaintApp(self, didShowLabel: command.label())
    }
}

extension FingerPaintApp: ColorChooserViewDelegate {
    /// The chooser's every slide paints with its colour; the colour joins the recent ones when the panel closes.
    public func colorChooserView(_ chooser: ColorChooserView, didChoose color: Color) {
        chooseColor(color, remembering: false)
    }

    public func colorChooserView(_ chooser: ColorChooserView, didAsk command: PaintCommand) { perform(command) }
    public func colorChooserViewDidChange(_ chooser: ColorChooserView) { updateOverlay() }
}

extension FingerPaintApp: LayersPanelViewDelegate {
    public func layersPanelView(_ panel: LayersPanelView, didAsk command: PaintCommand) { perform(command) }

    public func layersPanelView(_ panel: LayersPanelView, didAskForMenuOf position: Int, row: Rect) {
        openLayerMenu(for: position, beside: row)
    }

    public func layersPanelView(_ panel: LayersPanelView, didMoveLayerFrom from: Int, to: Int) {
        moveLayer(from: from, to: to)
    }

    public func layersPanelViewDidChange(_ panel: LayersPanelView) { updateOverlay() }
}

extension FingerPaintApp: LayerMenuViewDelegate {
    public func layerMenuView(_ menu: LayerMenuView, didAsk request: LayerMenuView.Request) {
        perform(request, onLayerAt: menu.position)
    }
}
