// The document a painting window edits: every edit saved, a read-only document turned into a copy, nothing lost.
import FoundationEssentials
import Glibc
import Localization
import PaintModel

/// The document behind a painting window, on the main thread.
///
/// Every edit goes to the document's ``DocumentJournal``. A document this process may not write (another window
/// holds it, or the file is read-only) is shown as it is; the first edit turns it into a copy — a new untitled
/// document holding the drawing — so that neither window loses anything. When saving fails, the edits stay in
/// memory and the journal keeps trying; if it still fails on quit, the drawing goes to a recovery document.
public final class PaintDocument {
    /// Where the edits are saved now (the copy's path once a read-only document was copied).
    public private(set) var url: URL
    /// Why the document is not being saved where it was opened; `nil` while edits go to ``url``.
    public private(set) var readOnlyReason: OpenedDocument.ReadOnlyReason?
    /// The library that names copies and recovery documents.
    public let library: DocumentLibrary
    /// What opening found (records recovered from damage), one line each.
    public let notices: [String]
    private var journal: DocumentJournal?
    /// Whether opening made the file (`fingerpaint new.fpdraw` for a file that did not exist).
    private let wasCreated: Bool
    private var isFinished = false
    private var copyFailed = false

    /// The name a window shows: the file's name without its extension, and whether it is read-only.
    public var title: String { Self.title(of: url, isReadOnly: readOnlyReason != nil) }

    /// The name a window shows for a document at `url` (also while it is being read: docs/loading.md).
    public static func title(of url: URL, isReadOnly: Bool) -> String {
        let name = url.deletingPathExtension().lastPathComponent
        // Translators: the window's title for a drawing it cannot change; %s is the drawing's name.
        return isReadOnly ? localized("%s (read-only)", name) : name
    }


    /// Whether saving has work under way or failing: the window keeps asking for ``takeEvents(supplying:)``.
    public var hasOutstandingWork: Bool { journal?.hasOutstandingWork ?? false }

    /// What the journal has written so far; `nil` while read-only.
    public var statistics: DocumentJournal.Statistics? { journal?.statistics }

    /// A document as ``DocumentFile/open(_:create:now:)`` opened it.
    public init(_ opened: OpenedDocument, library: DocumentLibrary) {
        url = opened.url
        readOnlyReason = opened.readOnlyReason
        journal = opened.journal
        notices = opened.notices
        wasCreated = opened.wasCreated
        openedDrawing = opened.journal == nil ? opened.drawing : nil
        self.library = library
    }

    /// Saves an edit, given with the drawing after it. The first edit of a read-only document makes the copy;
    /// returns what to tell the user when it does (or cannot): a line for standard error, and the banner's words.
    public func record(_ edit: DrawingEdit, drawing: Drawing) -> (line: String, banner: String)? {
        if let journal {
            journal.record(edit)
            return nil
        }
        // One try: a copy that cannot be made now is the recovery document's job on quit.
        guard !isFinished, !copyFailed else { return nil }
        let original = url.path
        let reason = readOnlyReason.map { "\($0)" } ?? localized("it is read-only")
        let name = url.deletingPathExtension().lastPathComponent
        // Translators: %s is a drawing's name; the start of a sentence (": your changes are saved in a new drawing...").
        let notChanged = readOnlyReason?.sentence(naming: name) ?? localized("%s is read-only", name)
        do {
            let copy = try library.newUntitledDocument()
            try DocumentFile.writeNew(drawing, to: copy)
            let opened = try DocumentFile.open(copy, create: false)
            // Translators: why the copy just made cannot be written: another window holds it.
            guard let copyJournal = opened.journal else { throw DocumentOpenError(path: copy.path, reason: .failed(localized("locked"))) }
            journal = copyJournal
            url = copy
            readOnlyReason = nil
            library.remember(copy)
            // Translators: a line on standard error; %1$s is the drawing's path, %2$s why it is read-only, %3$s the
            // copy's path.
            return (localized("%1$s: %2$s; your changes are saved in a copy, %3$s", original, reason, copy.path),
                    // Translators: %1$s says why the drawing is not changed ("Sky is read-only"), %2$s is the copy's name.
                    localized("%1$s: your changes are saved in a new drawing, %2$s.", notChanged, title))
        } catch {
            copyFailed = true
            // Translators: a line on standard error; %1$s is the drawing's path, %2$s why it is read-only, %3$s why
            // no copy could be made.
            return (localized("%1$s: %2$s, and a copy cannot be made (%3$s); your changes are kept until you quit",
                              original, reason, String(describing: error)),
                    // Translators: %s says why the drawing is not changed ("Sky is read-only").
                    localized("%s, and no copy of it can be made: your changes are kept until you quit.", notChanged))
        }
    }

    /// Renames the document's file to `name` in its folder (``DocumentLibrary/rename(_:to:journal:)``): edits go on
    /// being saved there, and ``title`` follows. Refused, nothing changes.
    public func rename(to name: String) throws(DocumentLibrary.RenameFailure) {
        guard !isFinished else { throw .missing }
        url = try library.rename(url, to: name, journal: journal)
    }

    /// What happened to saving since the last call: a failure to show, or `.recovered` to take the banner down.
    /// `drawing` is the drawing now, handed to the journal when it needs it to write the document anew.
    public func takeEvents(supplying drawing: Drawing) -> [DocumentJournal.Event] {
        guard let journal else { return [] }
        if journal.needsDrawing { journal.supply(drawing) }
        let events = journal.takeEvents()
        for case let .movedAside(_, to) in events {
            url = to
            library.remember(to)
        }
        return events
    }

    /// Waits until every edit handed over so far has been tried (saving runs on a background queue), handing
    /// over `drawing`, the drawing now, if the journal asks for it.
    public func waitUntilIdle(_ drawing: Drawing) {
        guard let journal else { return }
        journal.waitUntilIdle()
        guard journal.needsDrawing else { return }
        journal.supply(drawing)
        journal.waitUntilIdle()
    }

    /// Writes every edit and flushes it to disk now; a failure comes through ``takeEvents(supplying:)``.
    /// `drawing` is the drawing now.
    public func flush(_ drawing: Drawing) {
        journal?.flush(drawing)
    }

    /// Writes everything to disk, or, when that fails, the drawing to a recovery document. Returns `nil` when the
    /// document holds everything, else one line saying where the drawing went. `drawing` is the drawing now.
    public func save(_ drawing: Drawing) -> String? {
        hasNowhereToSave = false
        if let journal {
            guard let failure = journal.flush(drawing) else { return nil }
            return recover(drawing, because: "\(failure)")
        }
        // Read-only and never edited: the drawing is the file's. Edits that could not be copied go to recovery.
        return openedDrawing == nil || drawing == openedDrawing ? nil : recover(drawing, because: "\(url.path): \(readOnlyReason.map { "\($0)" } ?? localized("read-only"))")
    }

    /// Saves (see ``save(_:)``) and closes the document; an untitled document that was never drawn in is removed,
    /// and so is a named one this process made when `windowNeverOpened` (no compositor: nothing is left behind).
    /// Returns `nil` when everything the user drew is in the document.
    public func finish(_ drawing: Drawing, windowNeverOpened: Bool = false) -> String? {
        guard !isFinished else { return nil }
        let result = save(drawing)
        isFinished = true
        journal?.close()
        if result == nil, journal != nil, drawing.isPristine, library.isUntitled(url) || (wasCreated && windowNeverOpened) {
            unlink(url.path)
        }
        journal = nil
        return result
    }

    /// The drawing as a read-only document was opened, for telling whether it was changed.
    private let openedDrawing: Drawing?

    /// The drawing last written to a recovery document, and where: the same drawing is not written twice (a close
    /// that was asked about, then the quit).
    private var recovered: (drawing: Drawing, url: URL)?

    /// Whether the last save could write the drawing nowhere: not to the document, not to a recovery document in
    /// any of the library's ``DocumentLibrary/recoveryFolders``.
    public private(set) var hasNowhereToSave = false

    /// Writes the drawing to a new recovery document, in the first of the library's recovery folders that takes
    /// it; returns the line that says where, or that it could not.
    private func recover(_ drawing: Drawing, because failure: String) -> String {
        if let recovered, recovered.drawing == drawing {
            // Translators: a line on standard error; %1$s is why saving failed, %2$s the recovery document's path.
            return localized("%1$s; the drawing was saved to %2$s instead", failure, recovered.url.path)
        }
        var lastError: (any Error)?
        for folder in library.recoveryFolders {
            do {
                let recovery = try library.recoveryDocument(for: url, in: folder)
                try DocumentFile.writeNew(drawing, to: recovery)
                recovered = (drawing, recovery)
                hasNowhereToSave = false
                return localized("%1$s; the drawing was saved to %2$s instead", failure, recovery.path)
            } catch {
                lastError = error
            }
        }
        hasNowhereToSave = true
        // Translators: a line on standard error; %1$s is why saving failed, %2$s why no recovery document could be made.
        return localized("%1$s; the drawing could not be saved anywhere (%2$s)", failure,
                         lastError.map { "\($0)" } ?? localized("no folder to try"))
    }
}
