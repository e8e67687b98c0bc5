// What the user can ask the painting app to do, and the keys that ask it.
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

    /// The command a key chord asks for, `nil` for keys that mean nothing here.
    ///
    /// Ctrl+Z undo; Ctrl+Shift+Z and Ctrl+Y redo; Ctrl+S save; Delete clears; 1 to 9 choose a colour;
    /// `[` and `]` narrow and widen; F11 full screen; Ctrl+Q quit.
    public init?(key chord: KeyChord) {
        let ctrl = KeyModifiers.ctrl
        switch (chord.keysym, chord.modifiers) {
        case ("z", ctrl): self = .undo
        case ("z", [.ctrl, .shift]), ("y", ctrl): self = .redo
        case ("s", ctrl): self = .save
        case ("q", ctrl): self = .quit
        case ("Delete", []), ("KP_Delete", []): self = .clear
        case ("bracketleft", []): self = .narrow
        case ("bracketright", []): self = .widen
        case ("F11", []): self = .toggleFullscreen
        case let (keysym, modifiers) where modifiers.isEmpty && keysym.count == 1:
            guard let digit = Int(keysym), (1...9).contains(digit) else { return nil }
            self = .selectColor(digit - 1)
        default: return nil
        }
    }
}
