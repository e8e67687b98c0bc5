// Autosaves off the main thread: encoding, writing and fsync of a large drawing take tens of milliseconds.
import Dispatch
import Foundation
import PaintModel

/// Saves drawings to a document on a serial background queue, so that a frame never waits for the disk.
///
/// Saves run in the order they were asked for; a failure is kept until ``takeFailure()`` collects it on the
/// main thread. ``saveNow(_:)`` waits for the saves before it and then saves, for quitting.
final class BackgroundSaver: @unchecked Sendable {
    let store: DocumentStore
    private let queue = DispatchQueue(label: "fingerpaint.autosave", qos: .utility)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var failure: String?

    init(store: DocumentStore) {
        self.store = store
    }

    /// Saves the strokes in the background. Strokes are values: the copy handed over costs nothing.
    func saveInBackground(_ strokes: [Stroke]) {
        queue.async { [self] in save(strokes) }
    }

    /// Saves the strokes now, after the background saves asked for before; returns the failure, if any.
    func saveNow(_ strokes: [Stroke]) -> String? {
        queue.sync { save(strokes) }
        return takeFailure()
    }

    /// Waits until every save asked for so far is done.
    func waitUntilIdle() {
        queue.sync {}
    }

    /// The last failure since the last call, as a message.
    func takeFailure() -> String? {
        lock.withLock {
            defer { failure = nil }
            return failure
        }
    }

    private func save(_ strokes: [Stroke]) {
        do {
            try store.save(strokes)
        } catch {
            lock.withLock { failure = "fingerpaint: \(error)" }
        }
    }
}
