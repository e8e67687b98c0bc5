// fingerpaint and the desktop's portal: the dark style followed live, and the export dialog (docs/portal.md).
import DesktopPortal
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Localization
import PaintRender
import PaintUI
import Threading
import WaylandApp
import WaylandClient

/// What the portal's thread tells the window's thread.
enum PortalMessage: Sendable {
    /// The desktop's colour scheme is now this one.
    case colorScheme(ColorScheme)
    /// The save dialog of Export… came back with this.
    case exportChoice(FileChoice)
    /// The open dialog of Open… came back with this.
    case openChoice(FileChoice)
    /// The open dialog of Place image… came back with this.
    case placeChoice(FileChoice)
    /// How the desktop can show a file in its folder (`nil`: it cannot).
    case folderShowing(FolderShowing?)
    /// Showing a file in its folder failed.
    case showInFolderFailed(URL, PortalUnavailable)
}

/// The palette's colours for the desktop's scheme: dark for dark, light for light and for no preference.
extension OverlayStyle {
    init(_ scheme: ColorScheme) {
        self = scheme == .dark ? .dark : .light
    }
}

/// Carries the portal's answers to the Wayland loop's mailbox; those that come before the loop has one wait.
final class PortalRelay: Sendable {
    private let state = Locked<(poster: Mailbox<PortalMessage>.Poster?, waiting: [PortalMessage])>((nil, []))

    /// Posts `message` to the loop, or keeps it until ``connect(_:)``. Any thread.
    func post(_ message: PortalMessage) {
        state.withLock { state in
            if let poster = state.poster { poster.post(message) } else { state.waiting.append(message) }
        }
    }

    /// Sends what waited, and from now on everything, to `poster`.
    func connect(_ poster: Mailbox<PortalMessage>.Poster) {
        state.withLock { state in
            state.poster = poster
            for message in state.waiting { poster.post(message) }
            state.waiting.removeAll()
        }
    }
}

/// The window's link to the desktop's portal: it asks on the portal's own thread, and acts on the answers on the
/// Wayland thread, through a ``Mailbox``.
final class DesktopLink {
    let portal: DesktopPortal
    private let relay = PortalRelay()
    private var mailbox: Mailbox<PortalMessage>?
    /// The session whose window the portal's dialogs belong to, once its messages come through the loop.
    private weak var session: LiveSession?
    private let app: FingerPaintApp
    private let debug: (String) -> Void

    /// Links `app` to the desktop's portal. When `followsStyle` (no `--style`), the desktop's colour scheme is
    /// read before the window opens — so it never opens light on a dark desktop — waiting at most the portal's call
    /// timeout (no bus or no portal answer at once), then followed live.
    init(app: FingerPaintApp, followsStyle: Bool, debug: @escaping (String) -> Void) {
        self.app = app
        self.debug = debug
        portal = DesktopPortal()
        guard followsStyle else { return }
        let relay = relay
        // Subscribed first: a change between the read and the subscription is not lost.
        portal.watchColorScheme { relay.post(.colorScheme($0)) }
        let answer = Locked<Result<ColorScheme, PortalUnavailable>?>(nil)
        let answered = DispatchSemaphore(value: 0)
        portal.readColorScheme { result in
            answer.withLock { $0 = result }
            answered.signal()
        }
        _ = answered.wait(timeout: .now() + .seconds(3))
        switch answer.withLock({ $0 }) {
        case .success(let scheme)?:
            debug("the desktop's colour scheme is \(scheme)")
            app.style = OverlayStyle(scheme)
        case .failure(let failure)?:
            debug("the desktop's style is unknown (\(failure.reason)); light")
        case nil:
            debug("the desktop's portal did not answer in time; light")
        }
    }

    /// Gives the app the desktop's services through `session`'s window: the clipboard at once, and once the
    /// portal's messages come through the loop, the save and open dialogs (and showing a file in its folder, if the
    /// desktop says how).
    func attach(to session: LiveSession) {
        self.session = session
        app.desktop = self
        app.desktopServices.insert(.clipboard)
        do {
            let mailbox = try Mailbox<PortalMessage>(display: session.display) { [unowned self, unowned session] message in
                receive(message)
                session.contentDidChange()
            }
            self.mailbox = mailbox
            relay.connect(mailbox.poster)
        } catch {
            debug("no mailbox for the desktop's portal: \(error)")
            return
        }
        app.desktopServices.formUnion([.exportDialog, .openDialog])
        let relay = relay
        portal.findFolderShowing { relay.post(.folderShowing($0)) }
    }

    /// How the desktop shows a file in its folder, once it said.
    private var folderShowing: FolderShowing?

    /// Asks the desktop to show a drawing in its folder; a failure comes back to the banner.
    private func showInFolder(_ file: URL, way: FolderShowing) {
        let relay = relay
        portal.showInFolder(file, way: way, parentWindow: parentWindow) { failure in
            if let failure { relay.post(.showInFolderFailed(file, failure)) }
        }
    }

    /// The window's handle for the portal's dialogs (`wayland:HANDLE` from xdg-foreign, once the compositor gave it),
    /// or empty: the portal's dialogs are the window's children where the compositor exports it.
    var parentWindow: String { session?.window.exportedHandle.map { "wayland:\($0)" } ?? "" }

    /// Whether a save dialog is open: Export… again meanwhile does nothing.
    private var isChoosingExportFile = false

    private func askForExportFile(suggestedName: String) {
        guard !isChoosingExportFile else { return }
        isChoosingExportFile = true
        let relay = relay
        // Translators: the title of the save dialog of Export….
        let request = FileDialogRequest(title: localized("Export the drawing"), parentWindow: parentWindow, suggestedName: suggestedName,
                                        filters: FileFilter.pictures)
        portal.saveFile(request) { relay.post(.exportChoice($0)) }
    }

    /// Whether an open dialog is open: Open… again meanwhile does nothing.
    private var isChoosingDrawing = false

    private func askForDrawing() {
        guard !isChoosingDrawing else { return }
        isChoosingDrawing = true
        let relay = relay
        // A picture or another program's painting makes a new drawing (ForeignDrawing).
        // Translators: a choice of the open dialog's list of file kinds.
        let drawings = FileFilter(name: localized("Drawings and pictures"), globs: ["*.fpdraw", "*.png", "*.jpg", "*.jpeg", "*.svg", "*.ora"],
                                  mimeTypes: ["application/x-fingerpaint-drawing", "image/png", "image/jpeg",
                                              "image/svg+xml", "image/openraster"])
        // Translators: the title of the open dialog of Open….
        let request = FileDialogRequest(title: localized("Open a drawing"), parentWindow: parentWindow,
                                        filters: [drawings, Self.pictureFilter])
        portal.openFile(request) { relay.post(.openChoice($0)) }
    }

    /// PNG, JPEG and SVG pictures, which Place image… takes.
    private static var pictureFilter: FileFilter {
        // Translators: a choice of the open dialog's list of file kinds: PNG, JPEG and SVG pictures.
        FileFilter(name: localized("Pictures"), globs: ["*.png", "*.jpg", "*.jpeg", "*.svg"],
                   mimeTypes: ["image/png", "image/jpeg", "image/svg+xml"])
    }

    private func askForPicture() {
        guard !isChoosingDrawing else { return }
        isChoosingDrawing = true
        let relay = relay
        // Translators: the title of the open dialog of Place image….
        let request = FileDialogRequest(title: localized("Place an image"), parentWindow: parentWindow, filters: [Self.pictureFilter])
        portal.openFile(request) { relay.post(.placeChoice($0)) }
    }

    private func receive(_ message: PortalMessage) {
        switch message {
        case .openChoice(let choice), .placeChoice(let choice):
            isChoosingDrawing = false
            switch choice {
            case .chosen(let url):
                if case .placeChoice = message { app.placeImage(at: url) } else { app.open(url) }
            case .cancelled:
                debug("the open dialog was cancelled")
            case .unavailable(let failure):
                // No dialog: the gallery, where the drawings are (the app says why).
                app.openDialogUnavailable(reason: failure.reason)
            }
        case .folderShowing(let way):
            guard let way else { return debug("the desktop offers no way to show a file in its folder") }
            debug("files are shown in their folder through \(way)")
            folderShowing = way
            app.desktopServices.insert(.showInFolder)
        case .showInFolderFailed(let file, let failure):
            app.showInFolderFailed(file, reason: failure.reason)
        case .colorScheme(let scheme):
            debug("the desktop's colour scheme is now \(scheme)")
            app.style = OverlayStyle(scheme)
        case .exportChoice(let choice):
            isChoosingExportFile = false
            switch choice {
            case .chosen(let url):
                app.exportPicture(to: url)
            case .cancelled:
                debug("the export dialog was cancelled")
            case .unavailable(let failure):
                // No dialog: the pictures folder, as without a portal; the banner says where.
                debug("no export dialog (\(failure.reason)); exporting to the pictures folder")
                app.exportPNG()
            }
        }
    }
}

/// The desktop's services for the app: the Wayland clipboard, and the portal's dialogs and file manager.
extension DesktopLink: FingerPaintDesktop {
    func fingerPaintApp(_ app: FingerPaintApp, copy representations: [(mimeType: String, bytes: [UInt8])]) -> String? {
        guard let session else { return localized("the window is not open yet") }
        do {
            try session.display.setClipboard(ClipboardContent(representations))
            return nil
        } catch {
            return "\(error)"
        }
    }

    func clipboardTypes(for app: FingerPaintApp) -> [String] {
        session?.display.clipboardTypes ?? []
    }

    func fingerPaintApp(_ app: FingerPaintApp, readClipboardAs mimeType: String) -> String? {
        guard let session else { return localized("the window is not open yet") }
        do {
            try session.display.readClipboard(as: mimeType, limit: FingerPaintApp.largestPaste) { [weak app, weak session] result in
                guard let app else { return }
                switch result {
                case let .success(bytes): app.paste(bytes, as: mimeType)
                // Another paste took its place: that one says what it did.
                case .failure(.superseded): return
                case let .failure(failure): app.pasteFailed(reason: "\(failure)")
                }
                session?.contentDidChange()
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    func fingerPaintApp(_ app: FingerPaintApp, chooseExportFileSuggesting name: String) {
        askForExportFile(suggestedName: name)
    }

    func fingerPaintAppDidAskToOpenDrawing(_ app: FingerPaintApp) {
        askForDrawing()
    }

    func fingerPaintAppDidAskToPlaceImage(_ app: FingerPaintApp) {
        askForPicture()
    }

    func fingerPaintApp(_ app: FingerPaintApp, showInFolder file: URL) -> String? {
        guard let folderShowing else { return localized("the desktop offers no way to show a file in its folder") }
        showInFolder(file, way: folderShowing)
        return nil
    }
}
