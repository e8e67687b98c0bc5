// What the user can ask the painting app to do, and the keys that ask it.
import Localization
import PaintModel
import SeatInput

/// A request to the painting app, from a key or a palette button.
public enum PaintCommand: Hashable, Sendable {
    /// Undoes the last stroke or clear.
    case undo
    /// Redoes what was last undone.
    case redo
    /// Clears the drawing (undoable).
    case clear
    /// Saves the document and exports a PNG to the pictures folder.
    case save
    /// Chooses a palette colour by index (0 to 8).
    case selectColor(Int)
    /// Chooses a width step by index.
    case selectWidth(Int)
    /// Steps the brush one width wider.
    case widen
    /// Steps the brush one width thinner.
    case narrow
    /// Asks the window to toggle full screen.
    case toggleFullscreen
    /// Asks the program to quit.
    case quit
    /// Switches fingers between painting and moving the view (the palette's hand).
    case toggleNavigation
    /// Zooms in one step about the middle of the view.
    case zoomIn
    /// Zooms out one step about the middle of the view.
    case zoomOut
    /// Fits the drawing to the view.
    case zoomToFit
    /// Shows the drawing at 100 %, keeping the middle of the view where it is.
    case actualSize
    /// Turns the predicted tail of strokes in progress on or off.
    case togglePrediction
    /// Switches fingers (and the pointer) between painting and erasing whole strokes (the palette's eraser, the
    /// `e` key). A pen's eraser end always erases.
    case toggleEraser
    /// Puts the selected strokes on the clipboard, as strokes and as a PNG and an SVG of them; with nothing selected,
    /// the drawing as a PNG and an SVG (Ctrl+C).
    case copy
    /// Puts the selected strokes on the clipboard and deletes them, one edit (Ctrl+X).
    case cut
    /// Puts what the clipboard holds on the drawing (Ctrl+V): strokes copied from fingerpaint on the current layer,
    /// selected; a PNG, JPEG or SVG picture, or a picture file a file manager copied, on a new layer (docs/selection.md).
    case paste
    /// Chooses one of the recent colours of the user's own, newest first.
    case selectRecentColor(Int)
    /// Opens (or closes) the colour chooser: hue, saturation and value by touch.
    case openColorChooser
    /// The eyedropper: the next touch on the canvas takes the colour under it (the `i` key).
    case pickColor
    /// Turns the view 15° clockwise about the middle of the window (`r`).
    case rotateClockwise
    /// Turns the view 15° counter-clockwise about the middle of the window (Shift+R).
    case rotateCounterclockwise
    /// Turns the view upright, keeping the middle of the window where it is (Ctrl+R).
    case resetRotation
    /// Shows the drawing at 100 % and 0° about the middle of the window (a tap on the view indicator).
    case resetView
    /// Opens (or closes) the gallery of the user's drawings (`g`).
    case openGallery
    /// Closes what is open over the canvas: the gallery's menu, the gallery, the colour chooser, the eyedropper
    /// (Escape).
    case closePanel
    /// Exports the drawing as PNG, SVG or PDF where the desktop's save dialog says (Ctrl+Shift+S); without a
    /// dialog, as a PNG in the pictures folder (docs/portal.md).
    case exportAs
    /// Opens a drawing the desktop's open dialog chooses (Ctrl+O); without a dialog, the gallery.
    case openFile
    /// Puts a PNG, JPEG or SVG picture on a new layer above the current one, centred in the view: the desktop's open
    /// dialog chooses it (docs/layers.md, "Pictures").
    case placeImage
    /// Fingers paint with the brush (the bar's brush, `b`): the eraser, the hand and the eyedropper are put away.
    case useBrush
    /// Opens (or closes) the bar's menu of what did not fit on the bar and the strip, and the settings
    /// (docs/interface.md).
    case openMore
    /// Moves the strip of widths, undo and redo to the other side of the window, for the other hand (remembered
    /// with the brush).
    case toggleLeftHanded
    /// Steadies the strokes begun from now on (the stabilizer at half strength) or stops steadying them
    /// (remembered with the brush).
    case toggleStabilizer
    /// Puts a new empty layer above the current one and paints on it (Ctrl+Shift+N, Insert).
    case newLayer
    /// Paints on the layer above the current one (Page Up).
    case selectLayerAbove
    /// Paints on the layer below the current one (Page Down).
    case selectLayerBelow
    /// Paints on the layer at this position, from 0 at the bottom (the layers panel).
    case selectLayer(Int)
    /// Opens (or closes) the layers panel (`l`): every layer with its visibility and lock, and new, delete and move.
    case openLayers
    /// Moves the current layer one place up the stack (undoable).
    case moveLayerUp
    /// Moves the current layer one place down the stack (undoable).
    case moveLayerDown
    /// Deletes the current layer, strokes and all (undoable; never the last layer).
    case deleteLayer
    /// Shows or hides the layer at this position (undoable).
    case toggleLayerVisibility(Int)
    /// Locks or unlocks the layer at this position (undoable): a locked layer takes no paint.
    case toggleLayerLock(Int)
    /// Opens (or closes) the brush panel (Shift+B, a tap on the bar's brush or eraser while it is the tool): the
    /// brushes of the tool in use, and the current one's size and opacity (docs/brushes.md).
    case openBrushes
    /// Paints with the brush panel's brush at this position (``BrushCatalog/picks(presetsIn:)``), with the brush tool;
    /// while the panel shows the eraser's, erases with it (the first: whole strokes).
    case selectBrush(Int)
    /// Chooses the selection tool, or puts it away (`s`): fingers and the pen draw a lasso's loop around strokes of
    /// the current layer, then move, scale and turn them (docs/selection.md).
    case useSelection
    /// Chooses the fill tool, or puts it away (`f`): a tap fills the region the visible paint encloses around it with
    /// the brush's colour, on the current layer (docs/selection.md, "Fill").
    case useFill
    /// Puts a copy of the selected strokes on top of the current layer, a little down and to the right, and selects
    /// it (Ctrl+D, the selection's menu): one edit.
    case duplicateSelection
    /// Shows the guide's card with the gestures and the keys (the "?" button, F1 and `?`), or takes it down.
    case showGuide

    /// The command a key chord asks for, `nil` for keys that mean nothing here.
    ///
    /// - Ctrl+Z undo; Ctrl+Shift+Z and Ctrl+Y redo.
    /// - Ctrl+S save; Ctrl+Shift+S export….
    /// - Delete clears.
    /// - 1 to 9 choose a colour.
    /// - `[` and `]` narrow and widen.
    /// - F11 full screen; Ctrl+Q quit.
    /// - Ctrl+plus (or Ctrl+=) and Ctrl+minus zoom in and out, Ctrl+0 fits the drawing, Ctrl+1 shows it at 100 %.
    /// - `p` turns the predicted tail on and off.
    /// - `e` switches fingers to the eraser and back.
    /// - `i` picks a colour from the drawing.
    /// - Ctrl+C copies the selection, or the drawing; Ctrl+X cuts the selection; Ctrl+V pastes.
    /// - `r` and Shift+R turn the view 15° clockwise and counter-clockwise, Ctrl+R turns it upright.
    /// - `g` opens the gallery and Escape closes it; F1 and `?` show the guide to the gestures and keys.
    /// - `b` paints with the brush; Shift+B opens the brush panel.
    /// - `s` chooses the selection tool, and puts it away; Ctrl+D duplicates the selection; `f` chooses the fill tool.
    /// - Ctrl+Shift+N or Insert adds a layer; Page Up and Page Down paint on the layer above or below; `l` opens the
    ///   layers panel.
    public init?(key chord: KeyChord) {
        let ctrl = KeyModifiers.ctrl
        switch (chord.keysym, chord.modifiers) {
        case ("plus", ctrl), ("plus", [.ctrl, .shift]), ("equal", ctrl), ("KP_Add", ctrl): self = .zoomIn
        case ("minus", ctrl), ("KP_Subtract", ctrl): self = .zoomOut
        case ("0", ctrl), ("KP_0", ctrl): self = .zoomToFit
        case ("1", ctrl), ("KP_1", ctrl): self = .actualSize
        case ("z", ctrl): self = .undo
        case ("z", [.ctrl, .shift]), ("y", ctrl): self = .redo
        case ("s", ctrl): self = .save
        case ("s", [.ctrl, .shift]), ("S", [.ctrl, .shift]): self = .exportAs
        case ("o", ctrl): self = .openFile
        case ("c", ctrl): self = .copy
        case ("x", ctrl): self = .cut
        case ("v", ctrl): self = .paste
        case ("q", ctrl): self = .quit
        case ("Delete", []), ("KP_Delete", []): self = .clear
        case ("bracketleft", []): self = .narrow
        case ("bracketright", []): self = .widen
        case ("F11", []): self = .toggleFullscreen
        case ("p", []): self = .togglePrediction
        case ("e", []): self = .toggleEraser
        case ("i", []): self = .pickColor
        case ("r", []): self = .rotateClockwise
        case ("r", .shift), ("R", .shift), ("R", []): self = .rotateCounterclockwise
        case ("r", ctrl), ("R", [.ctrl, .shift]): self = .resetRotation
        case ("g", []): self = .openGallery
        case ("b", []): self = .useBrush
        case ("b", .shift), ("B", .shift), ("B", []): self = .openBrushes
        case ("l", []): self = .openLayers
        case ("s", []): self = .useSelection
        case ("f", []): self = .useFill
        case ("d", ctrl): self = .duplicateSelection
        case ("Escape", []): self = .closePanel
        case ("F1", []), ("question", []), ("question", .shift): self = .showGuide
        case ("n", [.ctrl, .shift]), ("N", [.ctrl, .shift]), ("Insert", []), ("KP_Insert", []): self = .newLayer
        case ("Prior", []), ("KP_Prior", []): self = .selectLayerAbove
        case ("Next", []), ("KP_Next", []): self = .selectLayerBelow
        case let (keysym, modifiers) where modifiers.isEmpty && keysym.count == 1:
            guard let digit = Int(keysym), (1...9).contains(digit) else { return nil }
            self = .selectColor(digit - 1)
        default: return nil
        }
    }
}

extension PaintCommand {
    /// The names of the palette's colours, in its order, in the user's language.
    static var colorNames: [String] {
        // Translators: the names of the palette's colours, shown by a long press on a swatch.
        [localized("Black"), localized("Red"), localized("Orange"), localized("Yellow"), localized("Green"),
         localized("Cyan"), localized("Blue"), localized("Purple"), localized("White")]
    }

    /// What the button does, in a few words: the label a long press on it shows.
    public func label() -> String {
        // The labels a long press on a button shows, in a small box beside it: short.
        switch self {
        // Translators: a long press's label for the undo button (a two-finger tap undoes too).
        case .undo: localized("Undo (two-finger tap)")
        case .redo: localized("Redo (three-finger tap)")
        case .clear: localized("Clear the drawing")
        case .save: localized("Save and export a PNG")
        case let .selectColor(index):
            Self.colorNames.indices.contains(index) ? Self.colorNames[index] : localized("Colour")
        case let .selectWidth(index):
            // Translators: a width button's label; %d is the brush's width in points.
            Brush.widths.indices.contains(index) ? localized("Width %d pt", Int(Brush.widths[index])) : localized("Width")
        case .widen: localized("Wider brush")
        case .narrow: localized("Thinner brush")
        case .toggleFullscreen: localized("Full screen")
        case .quit: localized("Quit")
        // Translators: the hand button: fingers move the view instead of painting.
        case .toggleNavigation: localized("Move the view")
        case .zoomIn: localized("Zoom in")
        case .zoomOut: localized("Zoom out")
        case .zoomToFit: localized("Fit the drawing")
        case .actualSize: localized("Actual size")
        // Translators: the setting that draws a predicted tail ahead of a stroke in progress, to hide the latency.
        case .togglePrediction: localized("Predicted ink")
        // Translators: the eraser tool (a noun).
        case .toggleEraser: localized("Eraser")
        case .copy: localized("Copy the selection or the drawing")
        case .cut: localized("Cut the selection")
        // Translators: the paste button (a verb): put what the clipboard holds on the drawing.
        case .paste: localized("Paste")
        // Translators: %d is the place of a recent colour, from 1 (the newest).
        case let .selectRecentColor(index): localized("Recent colour %d", index + 1)
        case .openColorChooser: localized("Choose a colour")
        case .pickColor: localized("Pick a colour from the drawing")
        case .rotateClockwise: localized("Turn the view clockwise")
        case .rotateCounterclockwise: localized("Turn the view counter-clockwise")
        case .resetRotation: localized("Turn the view upright")
        // Translators: the view indicator's label: a tap shows the drawing at 100 % zoom, not turned.
        case .resetView: localized("100 %% and upright")
        // Translators: the gallery button's label.
        case .openGallery: localized("Your drawings")
        // Translators: a verb: closes what is open over the canvas.
        case .closePanel: localized("Close")
        case .exportAs: localized("Export…")
        case .openFile: localized("Open…")
        case .placeImage: localized("Place image…")
        // Translators: the brush tool (a noun): fingers paint.
        case .useBrush: localized("Brush")
        // Translators: the button of the menu that holds what did not fit on the bar, and the settings.
        case .openMore: localized("More")
        // Translators: the setting that moves the strip of widths, undo and redo to the other side.
        case .toggleLeftHanded: localized("Left-handed")
        // Translators: the setting that steadies strokes (a stabilizer).
        case .toggleStabilizer: localized("Steady lines")
        case .newLayer: localized("New layer")
        case .selectLayerAbove: localized("The layer above")
        case .selectLayerBelow: localized("The layer below")
        // Translators: %d is a layer's number, from 1 at the bottom.
        case let .selectLayer(position): localized("Layer %d", position + 1)
        case .openLayers: localized("Layers")
        case .moveLayerUp: localized("Move the layer up")
        case .moveLayerDown: localized("Move the layer down")
        case .deleteLayer: localized("Delete the layer")
        // Translators: %d is a layer's number, from 1 at the bottom.
        case let .toggleLayerVisibility(position): localized("Show or hide layer %d", position + 1)
        // Translators: %d is a layer's number, from 1 at the bottom.
        case let .toggleLayerLock(position): localized("Lock or unlock layer %d", position + 1)
        case .openBrushes: localized("Brushes")
        // Translators: %d is a brush's place in the brush panel, from 1.
        case let .selectBrush(index): localized("Brush %d", index + 1)
        // Translators: the selection tool (a lasso around strokes).
        case .useSelection: localized("Select")
        // Translators: the fill tool: a tap fills the region around it with the brush's colour.
        case .useFill: localized("Fill")
        case .duplicateSelection: localized("Duplicate the selection")
        // Translators: the button that shows the guide to the gestures and the keys.
        case .showGuide: localized("Gestures and keys")
        }
    }
}
