// A launch's document read on another thread after the first frame (docs/loading.md).
import Dispatch
import Foundation
import PaintModel
import SeatInput

/// The result of reading a document on another thread, handed to the Wayland thread.
final class DocumentRead: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<OpenedDocument, DocumentOpenError>?
    /// Left when the result is in.
    let done = DispatchGroup()

    init() { done.enter() }

    func put(_ result: Result<OpenedDocument, DocumentOpenError>) {
        lock.withLock { self.result = result }
        done.leave()
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
        queue.async {
            read.put(Result { () throws(DocumentOpenError) in try opening.read() })
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

    /// Says what opening a launch's document found (records recovered, read-only) to ``onMessage`` and in the
    /// banner; offers its recovery document when there is nothing to say.
    public func announce(_ opened: OpenedDocument) {
        var notices = opened.notices
        if let reason = opened.readOnlyReason {
            notices.append("\(opened.url.path): \(reason); opened read-only: what you paint goes to a copy")
        }
        for notice in notices { onMessage?("fingerpaint: \(notice)") }
        if let notice = notices.last { showBanner(notice) } else { offerRecovery() }
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
            guard let (_, _, library) = documentRead else { return }
            documentRead = nil
            let next = PaintDocument(opened, library: library)
            replaceDocument(with: next, drawing: opened.drawing)
            announce(opened)
            onTitleChange?(next.title)
            for event in heldInput { translator.handle(event) }
        case let .refuse(error, heldInput):
            documentRead = nil
            let lost = heldInput == 0 ? "" : "; what was done in the window meanwhile was not kept"
            onMessage?("fingerpaint: \(error)\(lost)")
            onLoadFailure?()
        case .quitNow:
            // The file stays with the reading thread (it may be reading it now) and is let go when the process
            // ends; its result, when it comes, is never taken.
            documentRead = nil
        case .finishReadingThenQuit:
            waitForLoadedDocument()
        }
    }
}
