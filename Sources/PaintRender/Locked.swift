// A value behind a lock, for what the worker queues and the Wayland thread share.
import Foundation

/// A value only reached while holding a lock, with `Mutex`'s `withLock` shape. A pthread mutex (`NSLock`) rather than
/// the standard library's `Mutex`: ThreadSanitizer (`make sanitize`) sees a pthread mutex's ordering, but not that of
/// `Synchronization.Mutex`, whose lock is not instrumented, and reported accesses inside its `withLock` as races.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
