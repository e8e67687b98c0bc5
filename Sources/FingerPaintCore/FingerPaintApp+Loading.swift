// A launch's document read on another thread after the first frame (docs/loading.md).
import Dispatch
import FoundationEssentials
import Localization
import PaintModel
import PaintRender
import SeatInput
import Threading

/// The result of reading a document on another thread, handed to the Wayland thread.
final class DocumentRead: @unchecked Sendable {
    private let lock = Locked(())
    private var result: Result<OpenedDocument, DocumentOpenError>?
    private var tiles: TileStore.Contents?
    /// Left when the result is in.
    let done = DispatchGroup()
    /// Whether the disk cache's tiles are read with the document (set before the reading starts).
    var readsStoredTiles = false

    init() { done.enter() }

    func put(_ result: Result<OpenedDocument, DocumentOpenError>, tiles: TileStore.Contents? = nil) {
        lock.withLock {
            self.result = result
            self.tiles = tiles
        }
        done.leave()
    }

    /// The disk cache's tiles read with the document, once; `nil` when it had none for it.
    func takeTiles() -> TileStore.Contents? {
        lock.withLock {
            defer { tiles = nil }
            return tiles
        }
    }

    /// The result, once; `nil` while reading.
    func take() -> Result<OpenedDocument, DocumentOpenError>? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }
}

extension FingerPaintApp {
    /// Reads `opening`'s records on `queue` while the window shows paper and the palette, then paints its drawing
    /// (``takeLoadedDocument()``, at each frame and event). Input meanwhile is held and given to the drawing once it
    /// is in; ``finishDocument(windowNeverOpened:)`` while reading writes nothing, or waits for the drawing when
    /// input is held. The app must have no document yet.
    ///
    /// The reading starts once the next frame is drawn (``startReadingAfterFrame()``), as the stroke index does:
    /// the first frame does not share the cores, the memory or the disk with it.
    public func load(_ opening: DocumentOpening, library: DocumentLibrary, on queue: DispatchQueue = .global(qos: .userInitiated)) {
        documentRead = (DocumentRead(), opening, library)
        readingQueue = queue
        loading = .reading(held: [])
    }

    /// Starts reading the document ``load(_:library:on:)`` was given, if it has not started: called after each frame.
    func startReadingAfterFrame() {
        guard let queue = readingQueue, let (read, opening, _) = documentRead else { return }
        readingQueue = nil
        // The disk cache's tiles are read in the same job, right after the records: ready when the drawing is
        // adopted, so the frame after it shows them (checked there as always: the file, the strokes, the paper).
        let store = tileStore, paper = renderer.storedTilesPaper
        read.readsStoredTiles = store != nil
        queue.async {
            let result = Result { () throws(DocumentOpenError) in try opening.read() }
            let tiles = store.flatMap { store in
                (try? result.get()).flatMap { opened in
                    TileStore.Document(opened.url).flatMap { store.load($0, strokes: opened.drawing.strokes, paperPixel: paper) }
                }
            }
            read.put(result, tiles: tiles)
        }
    }

    /// Whether the document is still being read (input is held meanwhile).
    public var isLoadingDocument: Bool { loading.isReading }

    /// Paints the document once its reading is done: its drawing in, the input held meanwhile given to it, in
    /// order. Returns whether anything changed. Called by each frame and each event; cheap while reading.
    @discardableResult
    public func takeLoadedDocument() -> Bool {
        guard loading.isReading, let (read, _, _) = documentRead, let result = read.take() else { return false }
        perform(loading.finish(result))
        return true
    }

    /// Blocks until the document's reading is done, then paints it as ``takeLoadedDocument()`` does.
    public func waitForLoadedDocument() {
        startReadingAfterFrame()
        guard loading.isReading, let (read, _, _) = documentRead else { return }
        read.done.wait()
        takeLoadedDocument()
    }

    /// Says what opening a launch's document found (what could not be read, read-only) to the delegate (``FingerPaintAppDelegate/fingerPaintApp(_:report:)``) and in
    /// the banner; offers its recovery document when there is nothing to say.
    public func announce(_ opened: OpenedDocument) {
        if !sayWhatOpeningFound(opened) { offerRecovery() }
    }

    /// Says what opening a document found to the delegate (``FingerPaintAppDelegate/fingerPaintApp(_:report:)``) and in the banner; returns whether there was anything.
    @discardableResult
    func sayWhatOpeningFound(_ opened: OpenedDocument) -> Bool {
        for line in opened.messages { report("fingerpaint: \(line)") }
        guard let text = opened.bannerText else { return false }
        showBanner(text)
        return true
    }

    /// A bare start could not reopen the drawing used last (`error` says why; it was left as it was) and started
    /// a new one: the banner says so.
    public func couldNotReopenLastDrawing(_ error: DocumentOpenError) {
        let name = URL(fileURLWithPath: error.path).deletingPathExtension().lastPathComponent
        // Translators: the drawing's name, then why it could not be reopened.
        showBanner(localized("""
            Cannot reopen %s, the drawing you had open last: %s. It is left as it was, and this is a new drawing.
            """, name, error.plainReason))
    }

    /// Input, through the loading state: held while the document is read.
    func receive(_ event: SeatEvent) {
        perform(loading.receive(event))
    }

    /// A quit while the document is read: writes nothing (no input held), or waits for it (input held). Returns
    /// whether the quit should go on to finish the document.
    func quitWhileLoading() -> Bool {
        let action = loading.quit()
        perform(action)
        if case .quitNow = action { return false }
        return true
    }

    /// Does what a transition of ``loading`` said.
    private func perform(_ action: DocumentLoading.Action) {
        switch action {
        case let .deliver(event):
            translator.handle(event)
        case .hold, .none:
            break
        case let .adopt(opened, heldInput):
            guard let (read, _, library) = documentRead else { return }
            documentRead = nil
            let next = PaintDocument(opened, library: library)
            replaceDocument(with: next, drawing: opened.drawing, readsStoredTiles: !read.readsStoredTiles)
            let mark = renderer.strokeChangeMark
            announce(opened)
            delegate?.fingerPaintApp(self, didChangeTitle: next.title)
            for event in heldInput { translator.handle(event) }
            // After the held input: a stroke added on top is drawn over the tiles, any other change drops them.
            if let tiles = read.takeTiles() { renderer.showStoredTiles(tiles, since: mark) }
        case let .refuse(error):
            documentRead = nil
            report("fingerpaint: \(error)")
            delegate?.fingerPaintAppCouldNotLoadDocument(self)
        case let .startNewDrawing(error, heldInput):
            guard let (_, _, library) = documentRead else { return }
            documentRead = nil
            let opened: OpenedDocument
            do {
                opened = try DocumentFile.open(try library.newUntitledDocument(), create: true)
            } catch {
                // Nowhere to keep it: said, and the window closes as for any file that cannot be read.
                // Translators: %s says why no new drawing could be made.
                report("fingerpaint: " + localized("%s; what was drawn while loading could not be kept", error))
                delegate?.fingerPaintAppCouldNotLoadDocument(self)
                return
            }
            let next = PaintDocument(opened, library: library)
            library.remember(opened.url)
            replaceDocument(with: next, drawing: opened.drawing)
            delegate?.fingerPaintApp(self, didChangeTitle: next.title)
            for event in heldInput { translator.handle(event) }
            // Translators: why the drawing could not be read, then the path of the new drawing.
            report("fingerpaint: " + localized("%s; what was drawn while loading is kept in %s", error, opened.url.path))
            let name = URL(fileURLWithPath: error.path).lastPathComponent
            // Translators: the file's name, why it could not be read, then the new drawing's name.
            showBanner(localized("Cannot read %s: %s. What you drew is kept in a new drawing, %s.", name, error.plainReason,
                                 next.title))
        case .quitNow:
            // The file stays with the reading thread (it may be reading it now) and is let go when the process
            // ends; its result, when it comes, is never taken.
            documentRead = nil
        case .finishReadingThenQuit:
            waitForLoadedDocument()
        }
    }
}
