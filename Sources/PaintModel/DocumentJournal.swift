// Saving a document as it is painted: one record appended per edit, off the main thread, retried until it lands.
import Dispatch
import FoundationEssentials
import Threading
#if canImport(Glibc)
import Glibc
#endif

/// The writer of one open document: appends a record for every edit, flushes it to disk within a few frames,
/// compacts the file when it has grown well past what it holds, and keeps every edit in memory until it is on
/// disk.
///
/// The caller (the main thread) hands over each edit; encoding its record costs what the stroke costs, and nothing
/// of the drawing is kept here, so the caller's next edit copies nothing. Writing, `fdatasync`, compaction and
/// retries run on a serial background queue. A rewrite of the whole document (a compaction, a document of the
/// first version, a file that was removed or replaced) needs the drawing: the journal asks for it through
/// ``needsDrawing`` and the caller hands it over with ``supply(_:)``.
///
/// When a write fails (a full disk, a folder removed, permission lost) the journal reports it once through
/// ``takeEvents()``, keeps the records, and tries again every ``retryInterval`` and at every new edit. The file
/// stays locked (`flock`) to this process until ``close()``.
///
/// Thread safety: the file state is touched only on the journal's queue; what the main thread reads (events, the
/// failure, whether the drawing is wanted) is guarded by a lock.
public final class DocumentJournal: @unchecked Sendable {
    /// What happened to the saving, for the window to show.
    public enum Event: Hashable, Sendable {
        /// Saving failed; the edits are kept in memory and saving is retried.
        case failed(DocumentWriteError)
        /// Saving works again: everything so far is on disk.
        case recovered
        /// Another file took the document's place (moved or copied over its path while the window painted it): that
        /// file is left as it is, and the drawing goes on in a new document beside it, at `to`.
        case movedAside(from: URL, to: URL)
    }

    /// What the journal has written, for benchmarks.
    public struct Statistics: Hashable, Sendable {
        /// Bytes appended as records.
        public var appendedBytes = 0
        /// Bytes written by compactions and rewrites.
        public var rewrittenBytes = 0
        /// How many times the document was rewritten whole.
        public var rewrites = 0

        /// Nothing written yet.
        public init() {}
    }

    /// How long after an append its `fdatasync` runs, so that the records of a frame or two share one flush.
    public static let flushDelay: DispatchTimeInterval = .milliseconds(30)
    /// How often a failed save is tried again.
    public static let retryInterval: DispatchTimeInterval = .seconds(1)
    /// A journal is compacted when its dead records exceed both what it holds and this many bytes.
    public static let compactionSlack = 64 * 1024

    /// The document's path when it was opened (``Event/movedAside(from:to:)`` tells of a new one; a rename,
    /// ``DocumentLibrary/rename(_:to:journal:)``, moves it).
    public let url: URL
    /// Where the journal writes now: ``url``, or the document beside it that the drawing moved to. Confined to the
    /// queue.
    private var path: URL
    private let queue = DispatchQueue(label: "fingerpaint.document", qos: .userInitiated)

    // Confined to `queue`.
    private var descriptor: Int32
    /// Where the next record goes: the end of the last whole record.
    private var length: Int
    /// Records handed over and not yet in the file, oldest first.
    private var pending: [[UInt8]] = []
    /// The drawing the file holds, before `pending`, while that is known: from a supply (or, for a document that
    /// must be rewritten at once, from opening) until the next append. Not kept otherwise, so that the caller's
    /// next edit copies nothing.
    private var snapshot: Drawing?
    /// Whether the file must be written anew from `snapshot` (with `pending` after it).
    private var needsRewrite: Bool
    /// The sizes of what the file would hold compacted, kept from the edits.
    private var ledger: JournalLedger
    /// The brush presets the file's records number, then those the records waiting number after them (each such
    /// record holds the brush records it needs before it).
    private var brushes: DrawingDocument.BrushNumbers
    /// The brush presets the file's records number.
    private var fileBrushes: DrawingDocument.BrushNumbers
    private var isFlushScheduled = false
    private var isRetryScheduled = false
    private var isFailing = false
    private var isClosed = false

    // Guarded by `lock`.
    private let lock = Locked(())
    private var events: [Event] = []
    private var failure: DocumentWriteError?
    private var outstanding = 0
    private var wantsDrawing = false
    private var counters = Statistics()

    /// A journal appending at `length` to the file open at `descriptor`, whose compacted size `ledger` keeps.
    /// `drawing` is what the file holds, for a document that must be rewritten before its first append (a first
    /// version's, a damaged one's); `nil` otherwise.
    init(url: URL, descriptor: Int32, length: Int, ledger: JournalLedger, drawing: Drawing?, needsRewrite: Bool,
         brushes: DrawingDocument.BrushNumbers = .init()) {
        self.url = url
        path = url
        self.descriptor = descriptor
        self.length = length
        self.ledger = ledger
        self.brushes = brushes
        fileBrushes = brushes
        self.snapshot = drawing
        self.needsRewrite = needsRewrite
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    // MARK: - The main thread's side

    /// Saves an edit: its record is made and appended in the background, in the order the edits came.
    public func record(_ edit: DrawingEdit) {
        lock.withLock { outstanding += 1 }
        queue.async { [self] in
            // Made here, where the brushes' numbers are kept.
            let bytes = DrawingDocument.record(edit, brushes: &brushes)
            pending.append(bytes)
            ledger.apply(edit, recordSize: bytes.count)
            writePending()
            lock.withLock { outstanding -= 1 }
        }
    }

    /// Whether the journal needs the drawing, as it is after every edit handed over, to write the document anew:
    /// hand it over with ``supply(_:)``.
    public var needsDrawing: Bool { lock.withLock { wantsDrawing } }

    /// Hands over the drawing as it is after every edit handed over so far.
    public func supply(_ drawing: Drawing) {
        lock.withLock { wantsDrawing = false }
        queue.async { [self] in
            // The records waiting are in the drawing; what is not in the file yet will be by rewriting it.
            if !pending.isEmpty { needsRewrite = true }
            pending = []
            snapshot = drawing
            writePending()
        }
    }

    /// What happened since the last call, oldest first.
    public func takeEvents() -> [Event] {
        lock.withLock {
            defer { events = [] }
            return events
        }
    }

    /// Why saving fails now; `nil` while it works.
    public var currentFailure: DocumentWriteError? { lock.withLock { failure } }

    /// Whether edits handed over are not yet written (they may be, a moment later, or may be failing), or the
    /// journal waits for the drawing.
    public var hasOutstandingWork: Bool { lock.withLock { outstanding > 0 || failure != nil || wantsDrawing } }

    /// What has been written so far.
    public var statistics: Statistics { lock.withLock { counters } }

    /// Waits until every edit handed over so far has been tried, without flushing.
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// Writes everything handed over, trying once more if saving was failing (with `drawing`, the drawing after
    /// every edit handed over, for a rewrite), and flushes it to disk; returns why saving fails, `nil` when
    /// everything is on disk. For quitting and Ctrl+S.
    @discardableResult
    public func flush(_ drawing: Drawing) -> DocumentWriteError? {
        if needsDrawing { supply(drawing) }
        queue.sync {
            writePending()
            if needsRewrite, snapshot == nil {
                // Waiting for the drawing: it is here.
                pending = []
                snapshot = drawing
                writePending()
            }
            if descriptor >= 0, !isFailing, fdatasync(descriptor) != 0 { fail(DocumentWriteError(path: path.path, errno: errno)) }
        }
        return currentFailure
    }

    /// Writes the document anew, compacted, in the background (after damage was found, for example).
    func rewriteNow() {
        queue.async { [self] in
            needsRewrite = true
            writePending()
        }
    }

    /// Moves the document to `destination` with `move` (which returns 0, or the `errno` of its failure) between two
    /// of the journal's writes, and writes there from then on; returns what `move` returned. The file keeps its
    /// lock: the journal's descriptor and its `flock` go with it.
    func move(to destination: URL, by move: () -> Int32) -> Int32 {
        queue.sync {
            let error = move()
            if error == 0 { path = destination }
            return error
        }
    }

    /// Flushes and closes the file, giving up the lock. Nothing is recorded afterwards.
    public func close() {
        queue.sync {
            guard !isClosed else { return }
            if descriptor >= 0 {
                fdatasync(descriptor)
                Glibc.close(descriptor)
                descriptor = -1
            }
            isClosed = true
        }
    }

    // MARK: - The queue's side

    private func writePending() {
        guard !isClosed else { return }
        if !needsRewrite { appendPending() }
        if !needsRewrite, !isFailing, isCompactionDue() { needsRewrite = true }
        if needsRewrite {
            if let snapshot {
                rewrite(snapshot)
            } else {
                lock.withLock { wantsDrawing = true }
            }
        }
        if !isFailing, pending.isEmpty, !needsRewrite { succeed() }
    }

    /// Appends the pending records in order. A failed write is cut back off the file so the next try starts at
    /// the end of the last whole record; when that or the file itself is lost, the next try rewrites.
    private func appendPending() {
        guard !pending.isEmpty else { return }
        do {
            try checkStillAtPath()
        } catch {
            needsRewrite = true
            if error.code != ESTALE { fail(error) }
            return
        }
        while let bytes = pending.first {
            do {
                try DocumentFile.writeAll(bytes, to: descriptor, at: length, path: path.path)
            } catch {
                if ftruncate(descriptor, off_t(length)) != 0 { needsRewrite = true }
                fail(error)
                return
            }
            length += bytes.count
            lock.withLock { counters.appendedBytes += bytes.count }
            pending.removeFirst()
            snapshot = nil
        }
        fileBrushes = brushes
        isFailing = false
        scheduleFlush()
    }

    /// Whether the dead records (undone and replaced, undo and redo pairs) outweigh both what the document holds
    /// and ``compactionSlack``.
    private func isCompactionDue() -> Bool {
        guard length > 2 * Self.compactionSlack else { return false }
        let live = ledger.liveBytes
        return length - live > max(live, Self.compactionSlack)
    }

    /// Writes the drawing, then the records waiting, as a new document: a temporary file, flushed, locked and
    /// renamed over the document, then the folder flushed. The old file's lock is given up only after the new one
    /// holds its own.
    private func rewrite(_ drawing: Drawing) {
        // One allocation for the whole file: the pending records appended in place, not a new array each.
        // The brushes the file numbers come first, with their numbers, then those of the drawing's strokes the file
        // does not hold yet; then the records waiting, made with those numbers, each after the brush records it
        // needs. A drawing needing a brush only a record waiting numbers (never so far) has every brush numbered
        // written first instead, and the records waiting repeat theirs, as a reader allows.
        let extra = pending.reduce(0) { $0 + $1.count }
        var numbered = pending.isEmpty ? brushes : fileBrushes
        var bytes = DrawingDocument.encode(drawing, reservingExtra: extra, brushes: &numbered)
        if !pending.isEmpty, numbered.presets.count > fileBrushes.presets.count {
            numbered = brushes
            bytes = DrawingDocument.encode(drawing, reservingExtra: extra, brushes: &numbered)
        }
        for record in pending { bytes += record }
        // Never over a file someone else put at the path: the drawing moves to a new document beside it.
        if descriptor >= 0, (try? checkStillAtPath()) == nil, FileManager.default.fileExists(atPath: path.path) {
            moveAside()
        }
        do {
            let newDescriptor = try DocumentFile.writeAtomically(bytes, to: path, replacing: true)
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = newDescriptor
            length = bytes.count
            if !pending.isEmpty { snapshot = nil }
            pending = []
            needsRewrite = false
            isFailing = false
            ledger = JournalLedger(liveBytes: bytes.count)
            if numbered.presets.count >= brushes.presets.count { brushes = numbered }
            fileBrushes = brushes
            lock.withLock {
                counters.rewrittenBytes += bytes.count
                counters.rewrites += 1
            }
        } catch {
            fail(error)
        }
    }

    /// Another file is at the path: the journal goes on at the first free name beside it (`NAME 2.fpdraw`, ...),
    /// and says so.
    private func moveAside() {
        let original = path
        let folder = original.deletingLastPathComponent(), stem = original.deletingPathExtension().lastPathComponent
        let ext = original.pathExtension.isEmpty ? "fpdraw" : original.pathExtension
        var number = 2
        var candidate = folder.appendingPathComponent("\(stem) \(number).\(ext)")
        func exists(_ url: URL) -> Bool {
            var info = stat()
            return lstat(url.path, &info) == 0
        }
        while exists(candidate) {
            number += 1
            candidate = folder.appendingPathComponent("\(stem) \(number).\(ext)")
        }
        path = candidate
        lock.withLock { events.append(.movedAside(from: original, to: candidate)) }
    }

    /// Throws when the document's path no longer names the file this journal writes (removed, or replaced).
    private func checkStillAtPath() throws(DocumentWriteError) {
        var atPath = stat(), open = stat()
        guard fstat(descriptor, &open) == 0 else { throw DocumentWriteError(path: path.path, errno: errno) }
        guard stat(path.path, &atPath) == 0 else { throw DocumentWriteError(path: path.path, errno: errno) }
        guard atPath.st_dev == open.st_dev, atPath.st_ino == open.st_ino else {
            throw DocumentWriteError(path: path.path, errno: ESTALE)
        }
    }

    private func scheduleFlush() {
        guard !isFlushScheduled else { return }
        isFlushScheduled = true
        queue.asyncAfter(deadline: .now() + Self.flushDelay) { [self] in
            isFlushScheduled = false
            guard !isClosed, descriptor >= 0, !isFailing else { return }
            if fdatasync(descriptor) != 0 {
                needsRewrite = true
                fail(DocumentWriteError(path: path.path, errno: errno))
            }
        }
    }

    private func fail(_ error: DocumentWriteError) {
        isFailing = true
        lock.withLock {
            if failure != error { events.append(.failed(error)) }
            failure = error
        }
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        queue.asyncAfter(deadline: .now() + Self.retryInterval) { [self] in
            isRetryScheduled = false
            guard isFailing, !isClosed else { return }
            writePending()
        }
    }

    private func succeed() {
        lock.withLock {
            if failure != nil { events.append(.recovered) }
            failure = nil
        }
    }
}

/// How many bytes a compacted journal would hold, kept up to date from the edits as they come (and, when a document
/// is read, from its records), without the drawing: the sizes of the records undo can reach and of those redo can
/// reach, mirroring ``Drawing``'s history.
struct JournalLedger {
    private var fixedBytes: Int
    private var undoSizes: [Int] = []
    private var redoSizes: [Int] = []
    private var undoBytes = 0
    private var redoBytes = 0

    /// What a compacted journal of the edits so far holds: header, base strokes, the reachable edits, and an undo
    /// record for each edit that can be redone.
    var liveBytes: Int {
        fixedBytes + undoBytes + redoBytes + redoSizes.count * DrawingDocument.recordOverhead
    }

    /// A ledger of a file that was just written compacted: `liveBytes` of it, whatever they hold.
    init(liveBytes: Int) {
        fixedBytes = liveBytes
    }

    /// The ledger of an empty journal: its header.
    init() {
        fixedBytes = DrawingDocument.headerSize
    }

    /// Takes a base stroke's record, which no undo removes.
    mutating func addBaseStroke(recordSize: Int) {
        fixedBytes += recordSize
    }

    /// Takes an edit the drawing did, with the size of its record.
    mutating func apply(_ edit: DrawingEdit, recordSize: Int) {
        switch edit {
        case .add, .addStrokes, .clear, .erase, .replace, .transform, .moveStrokes, .addLayer, .addImageLayer, .duplicateLayer, .removeLayer,
             .moveLayer, .setLayer, .mergeLayerDown:
            undoSizes.append(recordSize)
            undoBytes += recordSize
            // A new edit forgets what could be redone: those records are dead now.
            redoSizes = []
            redoBytes = 0
            if undoSizes.count > Drawing.undoLimit {
                // The drawing folds its oldest edit into its base layers. Counted as the base strokes it makes
                // at most (a folded stroke's record), so that the ledger never counts as dead what is not. A folded
                // duplicate of a layer makes more (its strokes again): the ledger counts less than is live then,
                // and the compaction it asks for is larger than the dead records it removes, once.
                let folded = undoSizes.removeFirst()
                undoBytes -= folded
                fixedBytes += folded
            }
        case .undo:
            guard let size = undoSizes.popLast() else { return }
            undoBytes -= size
            redoSizes.append(size)
            redoBytes += size
        case .redo:
            guard let size = redoSizes.popLast() else { return }
            redoBytes -= size
            undoSizes.append(size)
            undoBytes += size
        case .selectLayer:
            // Not an edit: its record is dead as soon as another follows (a compaction writes the ones it needs).
            break
        }
    }
}
