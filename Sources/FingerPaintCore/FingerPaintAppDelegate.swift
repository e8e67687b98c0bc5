// What the painting app tells the program that shows it (its host: the live window, a test): lines for the user,
// the banner's words, the title, requests to go fullscreen or quit, a document left or not loaded, the brush changed.
// One method per event, each doing nothing unless the host implements it.
import PaintModel

/// The host of a ``FingerPaintApp``: what shows it and outlives it (``FingerPaintApp/delegate``, held weakly). Every
/// method has a default that does nothing. The desktop's services the app may use (the clipboard, the portal's
/// dialogs, the file manager) come from its ``FingerPaintApp/desktop`` (``FingerPaintDesktop``), since which of
/// them are there changes what the app shows.
public protocol FingerPaintAppDelegate: AnyObject {
    /// A one-line message for the user (exported, a save that failed, a copy made): standard error, in the window.
    func fingerPaintApp(_ app: FingerPaintApp, report line: String)
    /// The banner shows a text, failure or notice: the live window prints it as a debug line (`--verbose`), where
    /// tests through touch-replay read the window's words.
    func fingerPaintApp(_ app: FingerPaintApp, didShowBanner text: String)
    /// A palette button held as long as a long press shows its label: the live window prints it as a debug line,
    /// as it does the banner's.
    func fingerPaintApp(_ app: FingerPaintApp, didShowLabel text: String)
    /// The document's title changed (a read-only document became a copy, another drawing opened).
    func fingerPaintApp(_ app: FingerPaintApp, didChangeTitle title: String)
    /// The user asked for full screen to be toggled (F11, the palette's button).
    func fingerPaintAppDidAskForFullscreen(_ app: FingerPaintApp)
    /// The user asked to quit (Ctrl+Q): the host calls ``FingerPaintApp/finishDocument(windowNeverOpened:)`` and
    /// exits.
    func fingerPaintAppDidAskToQuit(_ app: FingerPaintApp)
    /// The document shown is about to give way to another (the gallery, the open dialog), once it is saved and
    /// closed and while the renderer still holds its tiles: the window writes them to the disk cache then
    /// (docs/tile-cache.md).
    func fingerPaintAppWillLeaveDocument(_ app: FingerPaintApp)
    /// The launch's document could not be read after the window showed, and nothing was drawn meanwhile
    /// (docs/loading.md): the window closes (the reason was reported).
    func fingerPaintAppCouldNotLoadDocument(_ app: FingerPaintApp)
    /// The brush, the tool or the recent colours changed: the window remembers them (``BrushSettings``).
    func fingerPaintApp(_ app: FingerPaintApp, didChangeBrush settings: BrushSettings)
}

extension FingerPaintAppDelegate {
    public func fingerPaintApp(_ app: FingerPaintApp, report line: String) {}
    public func fingerPaintApp(_ app: FingerPaintApp, didShowBanner text: String) {}
    public func fingerPaintApp(_ app: FingerPaintApp, didShowLabel text: String) {}
    public func fingerPaintApp(_ app: FingerPaintApp, didChangeTitle title: String) {}
    public func fingerPaintAppDidAskForFullscreen(_ app: FingerPaintApp) {}
    public func fingerPaintAppDidAskToQuit(_ app: FingerPaintApp) {}
    public func fingerPaintAppWillLeaveDocument(_ app: FingerPaintApp) {}
    public func fingerPaintAppCouldNotLoadDocument(_ app: FingerPaintApp) {}
    public func fingerPaintApp(_ app: FingerPaintApp, didChangeBrush settings: BrushSettings) {}
}
