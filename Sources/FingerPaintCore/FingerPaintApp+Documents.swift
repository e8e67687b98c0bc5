// The painting app's document: each edit recorded and saved, what saving does shown, closing, copy and export.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Localization
import PaintModel
import PaintRender
import TouchUI

extension FingerPaintApp {
    /// Writes every edit to the document's disk now (Ctrl+S); a failure shows in the banner.
    public func saveNow() {
        document?.flush(drawing)
        pollDocument()
    }

    /// Saves everything and closes the document: call it on quit, SIGINT, SIGTERM and when the compositor goes away.
    /// When the document cannot hold everything, the drawing goes to a recovery document and the line saying so
    /// goes to the delegate (``FingerPaintAppDelegate/fingerPaintApp(_:report:)``); returns whether the document holds everything the user drew.
    /// `windowNeverOpened`: the window could not be shown (no compositor), so a document opening made is removed
    /// again when nothing was drawn.
    @discardableResult
    public func finishDocument(windowNeverOpened: Bool = false) -> Bool {
        // While the launch's document is read: nothing to save without input held, else the drawing first.
        if loading.isReading, !quitWhileLoading() { return true }
        guard let document else { return true }
        if let documentPollTimer { window.timers.cancel(documentPollTimer) }
        documentPollTimer = nil
        guard let failure = document.finish(drawing, windowNeverOpened: windowNeverOpened) else { return true }
        report("fingerpaint: \(failure)")
        return false
    }

    /// Paints another document from here on (the gallery's open and new): its drawing in the renderer, the view at
    /// 100 % and upright, nothing in progress, nothing in the banner. The document before must be finished.
    /// `readsStoredTiles`: false when the caller read the disk cache's tiles with the document (a launch's).
    func replaceDocument(with next: PaintDocument, drawing: Drawing, readsStoredTiles: Bool = true) {
        document = next
        self.drawing = drawing
        canvasView.discardLiveStrokes()
        canvasView.stopGliding()
        renderer.showLayers(of: drawing)
        renderer.apply(.replaced, strokes: drawing.strokes)
        setView(.identity)
        // The tiles this drawing showed last time, as at a launch: shown instead of drawn when still right.
        if readsStoredTiles, let tileStore { renderer.loadStoredTiles(from: tileStore, document: next.url) }
        banner = nil
        updateOverlay()
        needsFrame = true
    }

    /// Shows the tiles `store` keeps for the drawing open now, and for each drawing opened in its place from now on
    /// (the gallery, the open dialog), instead of drawing them, when they are still right (read on another thread
    /// once the next frame is drawn: ``CanvasRenderer/loadStoredTiles(from:document:)``).
    public func readStoredTiles(from store: TileStore) {
        tileStore = store
        if let url = document?.url { renderer.loadStoredTiles(from: store, document: url) }
    }

    /// The user asked to close the window: saves, and says yes unless the drawing can be written nowhere (not
    /// to its document, not to a recovery document in any folder); then it says no once, with the banner saying
    /// why and how many strokes would be lost, and yes to the next request.
    public func requestClose() -> Bool {
        guard let document, !closeWasRefused else { return true }
        guard let failure = document.save(drawing), document.hasNowhereToSave else { return true }
        closeWasRefused = true
        report("fingerpaint: \(failure)")
        let count = drawing.strokes.count
        // Translators: %s is the drawing's name, %d how many strokes closing would lose.
        banner = localizedPlural("""
            Cannot save %s anywhere (no space or no permission): closing now loses up to %d stroke. Free some space \
            and keep painting, or close again to quit.
            """, """
            Cannot save %s anywhere (no space or no permission): closing now loses up to %d strokes. Free some space \
            and keep painting, or close again to quit.
            """, count: count, document.url.deletingPathExtension().lastPathComponent, count)
        bannerSaysSavingFails = true
        return false
    }

    /// Shows a line in the banner over the canvas until the user dismisses it.
    public func showBanner(_ text: String) {
        banner = text
    }

    /// Waits for the saves under way (they run on a background queue) and shows what they did.
    public func waitForSaves() {
        pollDocument(waitingForSaves: true)
    }

    /// The name of an export of a drawing with no file: `fingerpaint-` and the local time as `yyyy-MM-dd-HHmmss`
    /// (the format en_US_POSIX's DateFormatter wrote, now the C library's local time).
    static func exportStem(at now: Date) -> String {
        let local = CivilTime.local(now)
        return "fingerpaint-" + zeroPadded(local.year, 4) + "-" + zeroPadded(local.month, 2) + "-" + zeroPadded(local.day, 2)
            + "-" + zeroPadded(local.hour, 2) + zeroPadded(local.minute, 2) + zeroPadded(local.second, 2)
    }

    /// Writes the drawing — the canvas above the palette, never the palette's strip — as a PNG in the export
    /// folder under a name no file has yet, and says where; returns the file.
    @discardableResult
    public func exportPNG(now: Date = Date()) -> URL? {
        exportPNG(of: nil, named: nil, now: now)
    }

    /// Writes a drawing (the open one as the window shows it when `nil`) as a PNG named `name` (the open document's
    /// name when `nil`) in the export folder, as ``exportPNG(now:)`` does.
    @discardableResult
    func exportPNG(of other: Drawing?, named name: String?, now: Date = Date()) -> URL? {
        guard let exportFolder else {
            report("fingerpaint: " + localized("export is off here"))
            return nil
        }
        // Said on standard error and in the window: a painter with no terminal learns where the picture went.
        func fail(_ reason: String, file: URL? = nil) -> URL? {
            if let file {
                // Translators: the file's path, then why it could not be written.
                report("fingerpaint: " + localized("cannot export: %s: %s", file.path, reason))
                // Translators: the file's name, then why it could not be written.
                banner = localized("Cannot export the drawing to %s: %s.", file.lastPathComponent, reason)
            } else {
                report("fingerpaint: " + localized("cannot export: %s", reason))
                banner = localized("Cannot export the drawing: %s.", reason)
            }
            return nil
        }
        guard isFolder(exportFolder.path) else {
            return fail(localized("the folder %s does not exist", exportFolder.path))
        }
        // Named after the drawing; a drawing with no file (a replay) after the time.
        let stem: String
        if let name {
            stem = name
        } else if let document {
            stem = document.url.deletingPathExtension().lastPathComponent
        } else {
            stem = Self.exportStem(at: now)
        }
        // Written to a temporary name, then linked under the first free name: an existing file is never replaced.
        let temporary = exportFolder.appendingPathComponent(".\(stem).png.tmp-\(getpid())")
        defer { unlink(temporary.path) }
        do {
            if let other {
                // Another drawing (the gallery's): its layers at 100 %, as `--export` writes them.
                unlink(temporary.path)
                try DrawingPicture(drawing: other).write(to: temporary.path, format: .png)
            } else {
                try renderer.canvas.writePNG(to: temporary.path, rows: Int(paletteView.barFrame.minY) * renderer.scale)
            }
        } catch {
            return fail(OutputFile.reason(in: "\(error)", writing: temporary.path))
        }
        for number in 1...1000 {
            let file = exportFolder.appendingPathComponent(number == 1 ? "\(stem).png" : "\(stem)-\(number).png")
            if link(temporary.path, file.path) == 0 {
                report("fingerpaint: " + localized("exported the drawing to %s", file.path))
                // Translators: the picture's file name, then its folder.
                showNotice(localized("Exported the drawing to %s in %s.", file.lastPathComponent, exportFolder.path))
                return file
            }
            guard errno == EEXIST else { return fail(OutputFile.reason(errno), file: file) }
        }
        // Translators: a drawing's name, then a folder.
        return fail(localized("too many pictures named %s in %s", stem, exportFolder.path))
    }

    // MARK: - Changes

    /// A stroke lifted: painted with the brush it was begun with (an eraser's erasing one), else the brush painted
    /// with now (a replay's), with the colours it picked up from the layer where it smudges.
    func complete(_ stroke: Stroke) {
        guard let brush = stroke.brush ?? brushPreset else { return edit(.add(stroke)) }
        edit(.add(stroke.painted(with: renderer.brush(brush, pickingUpAlong: stroke))))
    }

    /// Replaces the stroke just completed by the shape it was held into: one more edit, whose undo restores the
    /// freehand stroke. A shape that smudges takes the colours its stroke in progress read.
    func reshapeLastStroke(as shape: Stroke) {
        let shape = shape.brush.map { shape.painted(with: renderer.brush($0, pickingUpAlong: shape)) } ?? shape
        edit(.replace(at: drawing.currentLayer.strokes.count - 1, with: shape))
    }

    /// Erases, in one edit, every stroke of the current layer an eraser's path touched, and cuts the layer's picture
    /// where the path went across it.
    func erase(along path: [Point], radius: Double) {
        if let refusal = currentLayerRefusal { return say(refusal) }
        guard let range = drawing.currentLayerRange else { return }
        // The renderer finds them among the strokes shown: those of the current layer, in its place among them.
        let touched = renderer.strokes(touchedBy: path, radius: radius).filter(range.contains)
            .map { $0 - range.lowerBound }
        let cut = drawing.currentLayer.image?.isTouched(along: path, radius: radius) == true
            ? ImageCut(points: path, radius: radius) : nil
        guard !touched.isEmpty || cut != nil else { return }
        edit(.erase(touched, cut: cut))
    }

    /// Why the current layer takes no painting or erasing now, in a painter's words; `nil` when it takes them.
    var currentLayerRefusal: String? { refusal(ofLayerAt: drawing.currentLayerIndex, toDo: .paint) }

    /// A change of what a layer holds, which a locked or a hidden layer refuses.
    enum LayerChange {
        /// Painting or erasing on it, filling, pasting, clearing it.
        case paint
        /// Merging it with the layer below, or the layer above with it.
        case merge
        /// Selecting its strokes.
        case select
        /// Moving the selected strokes onto it.
        case moveStrokes
    }

    /// Why the layer at `position` refuses a change of what it holds, in the banner's words, or `nil` when it takes
    /// it: a locked or a hidden layer refuses.
    func refusal(ofLayerAt position: Int, toDo change: LayerChange) -> String? {
        guard drawing.layers.indices.contains(position) else { return nil }
        let layer = drawing.layers[position].attributes
        if layer.isLocked {
            return switch change {
            // Translators: %s is a layer's name (so in the seven messages like this one).
            case .paint: localized("“%s” is locked: unlock it to paint on it.", layer.shownName)
            case .merge: localized("“%s” is locked: unlock it to merge it.", layer.shownName)
            case .select: localized("“%s” is locked: unlock it to select on it.", layer.shownName)
            case .moveStrokes: localized("“%s” is locked: unlock it to move strokes onto it.", layer.shownName)
            }
        }
        if !layer.isVisible {
            return switch change {
            case .paint: localized("“%s” is hidden: show it to paint on it.", layer.shownName)
            case .merge: localized("“%s” is hidden: show it to merge it.", layer.shownName)
            case .select: localized("“%s” is hidden: show it to select on it.", layer.shownName)
            case .moveStrokes: localized("“%s” is hidden: show it to move strokes onto it.", layer.shownName)
            }
        }
        return nil
    }

    /// Says why the current layer refused a stroke edit: in a banner, and on standard error.
    func say(_ refusal: String) {
        report("fingerpaint: \(refusal)")
        showNotice(refusal)
    }

    /// Does an edit to the drawing, redraws what it changed and saves it. A stroke edit the current layer does not
    /// take (locked, hidden) is said in a banner instead.
    ///
    /// `shownAs`: the change the renderer is given instead of the edit's own, where it shows the drawing otherwise
    /// than before the edit (strokes lifted off it while they were moved: put back where they went).
    func edit(_ edit: DrawingEdit, shownAs shown: DrawingChange? = nil) {
        if edit.editsStrokes, let refusal = currentLayerRefusal { return say(refusal) }
        selectionSees(edit)
        guard let change = drawing.apply(edit) else { return }
        renderer.showLayers(of: drawing)
        renderer.apply(shown ?? change, of: drawing)
        // A completed stroke the renderer bakes after the frame is sent has the palette bar (undo now possible)
        // drawn again then too: the bar's image takes 1-3 ms, which the touch-up's frame would wait for.
        if renderer.hasStrokesToBake {
            isOverlayStale = true
        } else {
            updateOverlay()
        }
        needsFrame = true
        guard let document else { return }
        let title = document.title
        if let said = document.record(edit, drawing: drawing) {
            report("fingerpaint: \(said.line)")
            banner = said.banner
        }
        if document.title != title { delegate?.fingerPaintApp(self, didChangeTitle: document.title) }
        schedulePoll()
    }

    /// Looks at the document's saving again soon, while it has work under way or is failing.
    private func schedulePoll() {
        guard documentPollTimer == nil else { return }
        documentPollTimer = window.timers.schedule(after: Self.documentPollInterval) { [unowned self] in
            documentPollTimer = nil
            pollDocument()
        }
    }

    /// Shows what happened to saving: a failure in the banner (and once on standard error), its end by taking the
    /// banner down.
    func pollDocument(waitingForSaves: Bool = false) {
        guard let document else { return }
        if waitingForSaves { document.waitUntilIdle(drawing) }
        for event in document.takeEvents(supplying: drawing) {
            switch event {
            case let .failed(error):
                // Translators: %s says what could not be written and why.
                report("fingerpaint: " + localized("%s; your drawing is kept and saving is tried again", error))
                // Translators: the drawing's name, then why it could not be saved.
                banner = localized("Cannot save %s: %s. Your drawing is kept, and saving is tried again.",
                                   URL(fileURLWithPath: error.path).deletingPathExtension().lastPathComponent,
                                   OutputFile.reason(error.code))
                bannerSaysSavingFails = true
            case .recovered:
                report("fingerpaint: " + localized("%s is saved again", document.url.path))
                if bannerSaysSavingFails { banner = nil }
            case let .movedAside(from, to):
                // Translators: the path of the file that took the drawing's place, then where the drawing is saved now.
                report("fingerpaint: " + localized("""
                    another file was put at %s; it was left as it is, and the drawing is now saved in %s
                    """, from.path, to.path))
                // Translators: the name of the file that took the drawing's place, then the drawing's new file's name.
                banner = localized("""
                    Another file took the place of %s; it was left as it is. Your drawing is now saved in %s.
                    """, from.lastPathComponent, to.lastPathComponent)
                delegate?.fingerPaintApp(self, didChangeTitle: document.title)
            }
        }
        if document.hasOutstandingWork { schedulePoll() }
    }
}
