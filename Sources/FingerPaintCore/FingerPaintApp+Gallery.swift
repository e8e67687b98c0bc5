// The gallery in the painting app: listing the user's drawings, opening one, starting one, and what a long press
// offers (duplicate, rename, export, show in folder, move to the Trash with an undo).
import FoundationEssentials
import DrawingImport
import Localization
import PaintModel
import PaintRender
import PaintUI

extension FingerPaintApp {
    /// The thumbnails' largest side in pixels: a tile's picture at the window's scale.
    private var thumbnailSide: Int { Int(GalleryView.minimumTileWidth * 1.4) * max(renderer.scale, 1) }

    /// Makes the app the gallery's delegate (called once, from the initializer).
    func connectGallery() {
        galleryView.delegate = self
        showDesktopServices()
    }

    /// Shows in the gallery what the desktop's services allow: "Open…" with an open dialog, "Show in Folder" with
    /// a file manager.
    func showDesktopServices() {
        galleryView.offersOpenFile = desktopServices.contains(.openDialog)
        galleryView.actions = GalleryView.Action.allCases.filter {
            $0 != .showInFolder || desktopServices.contains(.showInFolder)
        }
    }

    /// Whether the gallery is open.
    public var isShowingGallery: Bool { !galleryView.isHidden }

    /// Whether thumbnails are being made for the open gallery, the layers panel or the brush panel: the window looks
    /// for them soon.
    public var isMakingThumbnails: Bool {
        isShowingGallery && thumbnailMaker.isBusy || !layersPanelView.isHidden && layerThumbnails.isBusy
            || !brushPanelView.isHidden && brushPreviews.isBusy
    }

    /// Opens the gallery: the document is flushed first (its file and date are up to date), the list read again.
    func openGallery() {
        guard let document else {
            report("fingerpaint: " + localized("the gallery needs a document (there is none in a replay)"))
            return
        }
        saveNow()
        // The drawing open now is the most recent one, whatever opened it.
        document.library.remember(document.url)
        canvasView.discardLiveStrokes()
        canvasView.stopGliding()
        colorChooserView.isHidden = true
        canvasView.isPickingColor = false
        galleryView.openDrawing = document.url
        galleryView.scrollToTop()
        galleryView.isHidden = false
        refreshGallery()
    }

    /// Closes the gallery, back to the drawing.
    func closeGallery() {
        galleryView.closeMenu()
        galleryView.isHidden = true
        updateOverlay()
    }

    /// Reads the list of drawings again and asks for the thumbnails in view.
    func refreshGallery() {
        guard let library = document?.library else { return }
        galleryView.openDrawing = document?.url
        // The gallery tells of the change (galleryViewDidChange): that asks for the thumbnails and shows the overlay.
        galleryView.drawings = library.drawings()
    }

    /// Asks for the thumbnails of the drawings in view or near it that are missing or out of date, and lets go of
    /// the others: only the tiles in view and a screenful either side keep a thumbnail in memory (the desktop's
    /// thumbnail cache gives the others back quickly).
    private func requestThumbnails() {
        guard isShowingGallery, let library = document?.library else { return }
        let near = galleryView.drawingsNearView
        let keys = Set(near.map(\.url.path))
        thumbnailMaker.keepOnly(keys)
        for key in thumbnailRequests.keys where !keys.contains(key) {
            thumbnailRequests[key] = nil
            renderer.galleryThumbnails[key] = nil
            galleryView.thumbnails[key] = nil
        }
        let cache = ThumbnailCache(folder: library.thumbnailFolder)
        for drawing in near {
            let key = drawing.url.path
            guard thumbnailRequests[key] != drawing else { continue }
            thumbnailRequests[key] = drawing
            thumbnailMaker.request(drawing, side: thumbnailSide, cache: cache)
        }
    }

    /// How many thumbnails the gallery keeps in memory now (docs/gallery.md: those of the tiles near the view).
    public var thumbnailsInMemory: Int { renderer.galleryThumbnails.count }

    /// Waits until the thumbnails asked for are made (a test, a benchmark); the next frame shows them.
    public func waitForThumbnails() {
        thumbnailMaker.waitUntilIdle()
        layerThumbnails.waitUntilIdle()
        brushPreviews.waitUntilIdle()
    }

    /// Shows the thumbnails made since the last frame.
    func takeThumbnails() {
        // The layers panel's and the brush panel's, drawn since: the overlay names them.
        if !layersPanelView.isHidden, layerThumbnails.isBusy { updateOverlay() }
        if !brushPanelView.isHidden, brushPreviews.isBusy { updateOverlay() }
        let made = thumbnailMaker.takeFinished()
        guard !made.isEmpty else { return }
        for thumbnail in made {
            let key = thumbnail.drawing.url.path
            // One asked for before the drawing changed again is out of date: its newer request is under way.
            guard thumbnailRequests[key] == thumbnail.drawing else { continue }
            renderer.galleryThumbnails[key] = thumbnail.image()
            galleryView.thumbnails[key] = GalleryView.ThumbnailState(
                isReady: thumbnail.failure == nil, isDamaged: thumbnail.isDamaged, isUnreadable: thumbnail.failure != nil)
        }
        updateOverlay()
    }

    // MARK: - Switching documents

    /// Opens a drawing in place of the one open now (which is saved and closed first); the gallery closes. A
    /// drawing that cannot be opened leaves everything as it was and says why.
    func openDrawing(at url: URL) {
        guard url.standardizedFileURL != document?.url.standardizedFileURL else { return closeGallery() }
        if ForeignDrawing.kind(ofFileAt: url) != nil { return importDrawing(from: url) }
        do {
            // Opened before the current one is closed: a drawing that cannot be opened changes nothing.
            let opened = try DocumentFile.open(url, create: false)
            switchDocument(to: opened)
        } catch {
            report("fingerpaint: \(error)")
            // Translators: a drawing's name, then why it cannot be opened.
            banner = localized("Cannot open %s: %s.", url.deletingPathExtension().lastPathComponent, error.plainReason)
        }
    }

    /// Makes a new drawing from a picture or an OpenRaster painting (``ForeignDrawing``), named after it in the
    /// library, and opens it in place of the one open now; the file is only read. One that makes no drawing changes
    /// nothing and says why.
    func importDrawing(from url: URL) {
        guard let library = document?.library else { return }
        do {
            let (made, notes) = try ForeignDrawing.makeDocument(from: url, in: library)
            // Translators: the new drawing's path, then the path of the picture or painting it was made from.
            report("fingerpaint: " + localized("made the drawing %s from %s, which is left as it was", made.path, url.path))
            switchDocument(to: try DocumentFile.open(made, create: false))
            sayWhatImportLost(notes)
        } catch let error as ForeignDrawing.ImportError {
            report("fingerpaint: \(error)")
            banner = localized("Cannot open %s: %s.", url.lastPathComponent, error.reason)
        } catch {
            report("fingerpaint: \(error)")
            // Translators: a picture's file name, then why no drawing could be made of it.
            banner = localized("Cannot make a drawing of %s: %s.", url.lastPathComponent, Self.reason(error))
        }
    }

    /// Says in the banner, and on standard error, what a drawing made from another program's painting lost.
    public func sayWhatImportLost(_ notes: [String]) {
        guard !notes.isEmpty else { return }
        for note in notes { report("fingerpaint: \(note)") }
        // Translators: %s is the first of what the import lost; %d how many more there are.
        banner = notes.count == 1 ? notes[0] : localizedPlural("%s (and %d more: see the terminal)", "%s (and %d more: see the terminal)",
                                                               count: notes.count - 1, notes[0], notes.count - 1)
    }

    /// Opens a drawing a dialog chose in place of the one open now, as the gallery does: saved and closed first, and a
    /// drawing that cannot be opened (not one, a newer version) changes nothing and says why.
    public func open(_ url: URL) {
        openDrawing(at: url)
    }

    /// Starts a new untitled drawing in place of the one open now; the gallery closes.
    func startNewDrawing() {
        guard let library = document?.library else { return }
        do {
            switchDocument(to: try DocumentFile.open(try library.newUntitledDocument(), create: true))
        } catch {
            report("fingerpaint: \(error)")
            banner = localized("Cannot start a new drawing: %s.", Self.reason(error))
        }
    }

    /// Saves and closes the document open now, and paints `opened` from here on: its drawing and history, the
    /// view at 100 %, its notices in the banner, its name in the title.
    public func switchDocument(to opened: OpenedDocument) {
        guard let library = document?.library else { return }
        finishDocument()
        // Saved and closed, still shown: its file is as its next opening finds it, its tiles still in the renderer.
        delegate?.fingerPaintAppWillLeaveDocument(self)
        let next = PaintDocument(opened, library: library)
        library.remember(opened.url)
        replaceDocument(with: next, drawing: opened.drawing)
        closeGallery()
        sayWhatOpeningFound(opened)
        offerRecovery()
        delegate?.fingerPaintApp(self, didChangeTitle: next.title)
    }

    /// Offers the document's recovery document, when one was written after the document last changed (a quit
    /// that could not save): a banner with "Open", which opens it in the window.
    public func offerRecovery() {
        guard let document, let recovery = document.library.recovery(for: document.url) else { return }
        let strokes = (try? DocumentFile.read(recovery))?.drawing.strokes.count
        let name = document.url.deletingPathExtension().lastPathComponent
        // Translators: the drawing's path, then its recovered copy's.
        report("fingerpaint: " + localized("a recovered copy of %s is at %s", document.url.path, recovery.path))
        // Translators: %s is the drawing's name, which could not be saved; %d how many strokes its copy holds.
        let notice = strokes.map { localizedPlural("A recovered copy of %s was saved when it could not be (%d stroke).",
                                                   "A recovered copy of %s was saved when it could not be (%d strokes).",
                                                   count: $0, name, $0) }
            ?? localized("A recovered copy of %s was saved when it could not be.", name)
        // Translators: the banner's button (76 points wide) that opens the recovered copy.
        showNotice(notice, action: (localized("Open"), { [unowned self] in openDrawing(at: recovery) }))
        // Offered until it is taken or dismissed, not only for a notice's few seconds.
        cancelNoticeTimer()
    }

    // MARK: - A long press's actions

    private func perform(_ action: GalleryView.Action, on drawing: LibraryDrawing) {
        switch action {
        case .duplicate: duplicate(drawing)
        case .rename: galleryView.beginRenaming(drawing)
        case .export: export(drawing)
        case .showInFolder: showInFolder(drawing)
        case .moveToTrash: moveToTrash(drawing)
        }
    }

    private func duplicate(_ drawing: LibraryDrawing) {
        guard let library = document?.library else { return }
        if isOpen(drawing) { saveNow() }
        do {
            let copy = try library.duplicate(drawing.url)
            library.remember(copy)
            if let document { library.remember(document.url) }
            refreshGallery()
            // Translators: the drawing's name, then its copy's.
            showNotice(localized("Duplicated %s as %s.", drawing.name, copy.deletingPathExtension().lastPathComponent))
        } catch {
            report("fingerpaint: " + localized("cannot duplicate %s: %s", drawing.url.path, "\(error)"))
            banner = localized("Cannot duplicate %s: %s.", drawing.name, Self.reason(error))
        }
    }

    /// Renames a drawing's file to `name` in its folder (``DocumentLibrary/rename(_:to:journal:)``), the drawing
    /// open now included: it goes on being saved under its new name, and the title follows. A name refused, or a
    /// drawing that cannot be renamed, moves nothing and says why in the banner; the panel stays for another try.
    func rename(_ drawing: LibraryDrawing, to name: String) {
        guard let document else { return }
        do {
            let renamed: URL
            if isOpen(drawing) {
                try document.rename(to: name)
                renamed = document.url
                delegate?.fingerPaintApp(self, didChangeTitle: document.title)
            } else {
                renamed = try document.library.rename(drawing.url, to: name)
            }
            galleryView.endRenaming()
            refreshGallery()
            report("fingerpaint: " + localized("renamed %s to %s", drawing.url.path, renamed.path))
            // Translators: the drawing's old name, then its new one.
            showNotice(localized("Renamed %s to %s.", drawing.name, renamed.deletingPathExtension().lastPathComponent))
        } catch {
            // Translators: the drawing's path, the name asked for, then why it could not be renamed.
            report("fingerpaint: " + localized("cannot rename %s to \"%s\": %s", drawing.url.path, name, error))
            banner = localized("Cannot rename %s: %s.", drawing.name, error)
            // A drawing gone is taken off the list (which closes the panel).
            if error == .missing { refreshGallery() }
        }
    }

    private func export(_ drawing: LibraryDrawing) {
        if isOpen(drawing) {
            exportPNG()
            return
        }
        do {
            exportPNG(of: try DocumentFile.read(drawing.url).drawing, named: drawing.name)
        } catch {
            report("fingerpaint: \(error)")
            banner = localized("Cannot export %s: %s.", drawing.name, error.plainReason)
        }
    }

    private func showInFolder(_ drawing: LibraryDrawing) {
        guard desktopServices.contains(.showInFolder), let desktop else { return }
        if let failure = desktop.fingerPaintApp(self, showInFolder: drawing.url) {
            showInFolderFailed(drawing.url, reason: failure)
        }
    }

    /// Says that the desktop could not show a drawing in its folder (`reason`, on standard error), and where the
    /// drawing is.
    public func showInFolderFailed(_ file: URL, reason: String) {
        report("fingerpaint: " + localized("cannot show %s in its folder: %s", file.path, reason))
        // Translators: the drawing's name, then its folder.
        banner = localized("The desktop cannot show %s in its folder. It is in %s.",
                           file.deletingPathExtension().lastPathComponent, file.deletingLastPathComponent().path)
    }

    /// The desktop's open dialog could not be shown (no portal answered): the gallery, where the drawings are, with
    /// a banner that says so; Ctrl+O opens the gallery from now on and the gallery's "Open…" is gone.
    public func openDialogUnavailable(reason: String) {
        // Translators: %s is why the desktop showed no dialog.
        report("fingerpaint: " + localized("no open dialog (%s); showing the gallery", reason))
        desktopServices.remove(.openDialog)
        if galleryView.isHidden { openGallery() }
        banner = localized("The desktop has no dialog to open drawings with: here are your drawings.")
    }

    /// Moves a drawing to the desktop's Trash, with an undo on the banner. The drawing open now is closed first,
    /// and a new one started in its place.
    private func moveToTrash(_ drawing: LibraryDrawing) {
        guard let library = document?.library else { return }
        if isOpen(drawing) {
            startNewDrawing()
            // Still open: the new drawing could not be started, and the open one is never trashed.
            guard !isOpen(drawing) else { return }
            galleryView.isHidden = false
        }
        do {
            let item = try trash.moveToTrash(drawing.url)
            library.forget(drawing.url)
            refreshGallery()
            // Translators: the drawing's path, then where it is in the Trash.
            report("fingerpaint: " + localized("moved %s to the Trash (%s)", drawing.url.path, item.trashedFile.path))
            showNotice(localized("Moved %s to the Trash.", drawing.name), action: (Self.undoButton, { [unowned self] in restore(item) }))
        } catch {
            report("fingerpaint: \(error)")
            banner = localized("Cannot move %s to the Trash: %s.", drawing.name, error.reason)
            refreshGallery()
        }
    }

    /// Puts a trashed drawing back (the banner's undo).
    private func restore(_ item: Trash.Item) {
        do {
            try trash.restore(item)
            document?.library.remember(item.originalFile)
            if let document { document.library.remember(document.url) }
            if isShowingGallery { refreshGallery() }
            showNotice(localized("Restored %s.", item.originalFile.deletingPathExtension().lastPathComponent))
        } catch {
            report("fingerpaint: \(error)")
            banner = localized("Cannot restore the drawing: %s.", error.reason)
        }
    }

    private func isOpen(_ drawing: LibraryDrawing) -> Bool {
        drawing.url.standardizedFileURL == document?.url.standardizedFileURL
    }

    /// An error's reason in plain words, without the path the banner names already.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as DocumentOpenError: error.plainReason
        case let error as DocumentWriteError: OutputFile.reason(error.code)
        default: "\(error)"
        }
    }
}

extension FingerPaintApp: GalleryViewDelegate {
    /// The drawing is opened in the window (the one open now saved and closed).
    public func galleryView(_ gallery: GalleryView, didOpen drawing: LibraryDrawing) {
        openDrawing(at: drawing.url)
    }

    /// A new drawing is started.
    public func galleryViewDidAskForNewDrawing(_ gallery: GalleryView) {
        startNewDrawing()
    }

    /// The action is done on the drawing: duplicated, exported, shown in its folder or moved to the Trash.
    public func galleryView(_ gallery: GalleryView, didChoose action: GalleryView.Action, for drawing: LibraryDrawing) {
        perform(action, on: drawing)
    }

    /// The drawing is renamed to the name typed, or the banner says why not.
    public func galleryView(_ gallery: GalleryView, didAskToRename drawing: LibraryDrawing, to name: String) {
        rename(drawing, to: name)
    }

    /// Back to the drawing.
    public func galleryViewDidClose(_ gallery: GalleryView) {
        closeGallery()
    }

    /// The desktop's open dialog is asked for a drawing.
    public func galleryViewDidAskToOpenFile(_ gallery: GalleryView) {
        perform(.openFile)
    }

    /// The thumbnails in view are asked for and the overlay shows the gallery as it is.
    public func galleryViewDidChange(_ gallery: GalleryView) {
        requestThumbnails()
        updateOverlay()
    }
}
