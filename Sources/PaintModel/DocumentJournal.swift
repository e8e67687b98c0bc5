// Saving a document as it is painted: one record appended per edit, off the main thread, retried until it lands.
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The writer of one open document: appends a record for every edit, flushes it to disk within a few frames,
/// compacts the file when it has grown well past what it holds, and keeps every edit in memory until it is on
/// disk.
///
/// The caller (the main thread) hands over each edit with the drawing after it; encoding a record costs what the
/// stroke costs. Writing, `fdatasync`, compaction and retries run on a serial background queue. When a write fails
/// (a full disk, a folder removed, permission lost) the journal reports it once through ``takeEvents()``, keeps
/// the drawing, and tries again every ``retryInterval`` and at every new edit: the next try rewrites the whole
/// document atomically, which also repairs whatever the failed write left. The file stays locked (`flock`) to
/// this process until ``close()``.
///
/// Thread safety: the file state is touched only on the journal's queue; what the main thread reads (events, the
/// failure) is guarded by a lock.
public final class DocumentJournal: @unchecked Sendable {
    /// What happened to the saving, for the window to show.
    public enum Event: Hashable, Sendable {
        /// Saving failed; the edits are kept in memory and saving is retried.
        case failed(DocumentWriteError)
        /// Saving works again: everything so far is on disk.
        case recovered
    }

    /// How long after an append its `fdatasync` runs, so that the records of a frame or two share one flush.
    public static let flushDelay: DispatchTimeInterval = .milliseconds(30)
    /// How often a failed save is tried again.
    public static let retryInterval: DispatchTimeInterval = .seconds(1)
    /// A journal is compacted when its dead records exceed both what it holds and this many bytes.
    public static let compactionSlack = 64 * 1024

    /// The document's path.
    public let url: URL
    private let queue = DispatchQueue(label: "fingerpaint.document", qos: .userInitiated)

    // Confined to `queue`.
    private var descriptor: Int32
    private var length: Int
    private var needsRewrite: Bool
    private var pending: [[UInt8]] = []
    private var latest: Drawing
    private var isFlushScheduled = false
    private var isRetryScheduled = false
    private var isFailing = false
    private var isClosed = false
    /// What the document held when last estimated: compaction is considered once the file is twice that.
    private var liveEstimate: Int

    // Guarded by `lock`.
    private let lock = NSLock()
    private var events: [Event] = []
    private var failure: DocumentWriteError?
    private var outstanding = 0
    private var counters = Statistics()

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

    init(url: URL, descriptor: Int32, length: Int, drawing: Drawing, needsRewrite: Bool) {
        self.url = url
        self.descriptor = descriptor
        self.length = length
        self.latest = drawing
        self.needsRewrite = needsRewrite
        self.liveEstimate = length
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    // MARK: - The main thread's side

    /// Saves an edit: encodes its record now and appends it in the background. `drawing` is the drawing after the
    /// edit: what a rewrite writes when appending is not possible.
    public func record(_ edit: DrawingEdit, drawing: Drawing) {
        let bytes = DrawingDocument.record(edit)
        lock.withLock { outstanding += 1 }
        queue.async { [self] in
            pending.append(bytes)
            latest = drawing
            writePending()
            lock.withLock { outstanding -= 1 }
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

    /// Whether edits handed over are not yet written (they may be, a moment later, or may be failing).
    public var hasOutstandingWork: Bool { lock.withLock { outstanding > 0 || failure != nil } }

    /// What has been written so far.
    public var statistics: Statistics { lock.withLock { counters } }

    /// Waits until every edit handed over so far has been tried, without flushing.
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// Writes everything handed over, tries once more if saving was failing, and flushes it to disk; returns why
    /// saving fails, `nil` when everything is on disk. For quitting.
    @discardableResult
    public func flush() -> DocumentWriteError? {
        queue.sync {
            writePending()
            if descriptor >= 0, !isFailing, fdatasync(descriptor) != 0 { fail(DocumentWriteError(path: url.path, errno: errno)) }
        }
        return currentFailure
    }

    /// Writes the latest drawing as a new, compacted document over the old one, in the background (after damage
    /// was found, for example).
    func rewriteNow() {
        queue.async { [self] in
            needsRewrite = true
            writePending()
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
        if needsRewrite { rewrite() }
        if !isFailing, pending.isEmpty { succeed() }
    }

    /// Appends the pending records in order. A failed write is cut back off the file so the next try starts at
    /// the end of the last whole record; when that or the file itself is lost, the next try rewrites.
    private func appendPending() {
        guard !pending.isEmpty else { return }
        do {
            try checkStillAtPath()
        } catch {
            needsRewrite = true
            fail(error)
            return
        }
        while let bytes = pending.first {
            do {
                try DocumentFile.writeAll(bytes, to: descriptor, at: length, path: url.path)
            } catch {
                if ftruncate(descriptor, off_t(length)) != 0 { needsRewrite = true }
                fail(error)
                return
            }
            length += bytes.count
            lock.withLock { counters.appendedBytes += bytes.count }
            pending.removeFirst()
        }
        isFailing = false
        scheduleFlush()
    }

    /// Whether the dead records (undone and replaced, undo and redo pairs) outweigh both what the document holds
    /// and ``compactionSlack``. The live size is estimated again only when the file has doubled since it was last.
    private func isCompactionDue() -> Bool {
        guard length > 2 * liveEstimate, length - liveEstimate > Self.compactionSlack else { return false }
        liveEstimate = DrawingDocument.estimatedCompactSize(of: latest)
        return length > 2 * liveEstimate && length - liveEstimate > Self.compactionSlack
    }

    /// Writes the latest drawing as a compacted document: a temporary file, flushed, locked and renamed over the
    /// document, then the folder flushed. The old file's lock is given up only after the new one holds its own.
    private func rewrite() {
        let bytes = DrawingDocument.encode(latest)
        do {
            let newDescriptor = try DocumentFile.writeAtomically(bytes, to: url, replacing: true)
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = newDescriptor
            length = bytes.count
            pending = []
            needsRewrite = false
            isFailing = false
            liveEstimate = bytes.count
            lock.withLock {
                counters.rewrittenBytes += bytes.count
                counters.rewrites += 1
            }
        } catch {
            fail(error)
        }
    }

    /// Throws when the document's path no longer names the file this journal writes (removed, or replaced).
    private func checkStillAtPath() throws(DocumentWriteError) {
        var atPath = stat(), open = stat()
        guard fstat(descriptor, &open) == 0 else { throw DocumentWriteError(path: url.path, errno: errno) }
        guard stat(url.path, &atPath) == 0 else { throw DocumentWriteError(path: url.path, errno: errno) }
        guard atPath.st_dev == open.st_dev, atPath.st_ino == open.st_ino else {
            throw DocumentWriteError(path: url.path, errno: ESTALE)
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
                fail(DocumentWriteError(path: url.path, errno: errno))
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
