// The desktop's services a painting app may use (the clipboard, the save and open dialogs, the file manager), each
// offered or not: which ones the app has changes what it shows (the gallery's "Open…" and "Show in Folder").
import FoundationEssentials

/// The desktop's services offered to a ``FingerPaintApp`` (``FingerPaintApp/desktopServices``).
public struct DesktopServices: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Makes a set from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Copy puts the selection or the drawing's picture on the clipboard
    /// (``FingerPaintDesktop/fingerPaintApp(_:copy:)``), and paste reads it
    /// (``FingerPaintDesktop/fingerPaintApp(_:readClipboardAs:)``).
    public static let clipboard = DesktopServices(rawValue: 1 << 0)
    /// Export… asks a save dialog for the file
    /// (``FingerPaintDesktop/fingerPaintApp(_:chooseExportFileSuggesting:)``); without it, a PNG goes to the
    /// pictures folder.
    public static let exportDialog = DesktopServices(rawValue: 1 << 1)
    /// Open… asks an open dialog for a drawing (``FingerPaintDesktop/fingerPaintAppDidAskToOpenDrawing(_:)``);
    /// without it, Ctrl+O opens the gallery, and the gallery has no "Open…".
    public static let openDialog = DesktopServices(rawValue: 1 << 2)
    /// The gallery's "Show in Folder" asks the file manager (``FingerPaintDesktop/fingerPaintApp(_:showInFolder:)``);
    /// without it, the gallery leaves the action out.
    public static let showInFolder = DesktopServices(rawValue: 1 << 3)
}

/// What gives a ``FingerPaintApp`` the desktop's services (``FingerPaintApp/desktop``, held weakly): the live
/// window's portal and clipboard, or a test. The app asks only for a service in its
/// ``FingerPaintApp/desktopServices``.
public protocol FingerPaintDesktop: AnyObject {
    /// Puts the selection's strokes or the drawing's picture on the clipboard, as bytes by MIME type (Ctrl+C, the
    /// palette's copy button). Returns why the clipboard could not take it, `nil` when it did.
    func fingerPaintApp(_ app: FingerPaintApp, copy representations: [(mimeType: String, bytes: [UInt8])]) -> String?
    /// The MIME types the clipboard offers now, in the order its owner offered them; empty when it holds nothing.
    func clipboardTypes(for app: FingerPaintApp) -> [String]
    /// Reads the clipboard as `mimeType` (Ctrl+V, Paste): the bytes come back as ``FingerPaintApp/paste(_:as:)``, or
    /// why not as ``FingerPaintApp/pasteFailed(reason:)``. Returns why the read could not start, `nil` when it did.
    func fingerPaintApp(_ app: FingerPaintApp, readClipboardAs mimeType: String) -> String?
    /// Asks a save dialog for a file to export to, suggesting `name`. The answer comes back as
    /// ``FingerPaintApp/exportPicture(to:)``, or ``FingerPaintApp/exportPNG(now:)`` when there is no dialog after all.
    func fingerPaintApp(_ app: FingerPaintApp, chooseExportFileSuggesting name: String)
    /// Asks an open dialog for a drawing (Ctrl+O, the gallery's "Open…"). The answer comes back as
    /// ``FingerPaintApp/open(_:)``, or ``FingerPaintApp/openDialogUnavailable(reason:)``.
    func fingerPaintAppDidAskToOpenDrawing(_ app: FingerPaintApp)
    /// Asks an open dialog for a PNG, JPEG or SVG picture to place (Place image…). The answer comes back as
    /// ``FingerPaintApp/placeImage(at:)``, or ``FingerPaintApp/openDialogUnavailable(reason:)``.
    func fingerPaintAppDidAskToPlaceImage(_ app: FingerPaintApp)
    /// Asks the file manager to show `file` in its folder. Returns why it could not, `nil` when it did or will
    /// say later (``FingerPaintApp/showInFolderFailed(_:reason:)``).
    func fingerPaintApp(_ app: FingerPaintApp, showInFolder file: URL) -> String?
}
