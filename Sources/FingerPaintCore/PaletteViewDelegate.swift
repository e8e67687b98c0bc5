// What the palette and the colour panel ask of their owner: a command, a colour, and that what they show changed.
// One method per event; the app implements them all.
import PaintModel

/// The owner of a ``PaletteView``: it does what the controls ask. The palette holds it weakly
/// (``PaletteView/delegate``); each method is called on the thread that delivers touches.
public protocol PaletteViewDelegate: AnyObject {
    /// A tap on a control, or on a row of the More menu, asks for `command`.
    func paletteView(_ palette: PaletteView, didAsk command: PaintCommand)
    /// What the palette shows changed by itself (a label shown or taken down, the menu closed): a frame is needed.
    func paletteViewDidChange(_ palette: PaletteView)
    /// A control held as long as a long press shows its label (``PaintCommand/label()``), over it.
    func paletteView(_ palette: PaletteView, didShowLabelOf command: PaintCommand)
}

/// The owner of a ``ColorChooserView``: it makes the colours chosen the brush's. The panel holds it weakly
/// (``ColorChooserView/delegate``); each method is called on the thread that delivers touches.
public protocol ColorChooserViewDelegate: AnyObject {
    /// A finger lifted from the square or the hue bar: `color` is chosen.
    func colorChooserView(_ chooser: ColorChooserView, didChoose color: Color)
    /// A tap asks for `command`: a swatch's colour (``PaintCommand/selectColor(_:)``,
    /// ``PaintCommand/selectRecentColor(_:)``), or closing the panel (``PaintCommand/openColorChooser``).
    func colorChooserView(_ chooser: ColorChooserView, didAsk command: PaintCommand)
    /// The choice shown changed as a finger slides: a frame is needed.
    func colorChooserViewDidChange(_ chooser: ColorChooserView)
}
