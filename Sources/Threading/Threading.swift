// Locks, conditions and threads on pthreads, for every module that shares state between threads without Foundation.
import CShims
import Glibc

/// A value only reached while holding a lock, with `Mutex`'s `withLock` shape.
///
/// A pthread mutex rather than the standard library's `Synchronization.Mutex`: ThreadSanitizer (`make sanitize`,
/// `make test`'s TSan stage) sees a pthread mutex's ordering, but not that of `Mutex`, whose futex-based lock is not
/// instrumented, so it reported accesses inside `Mutex.withLock` as races. And not `NSLock`, so that a module needs
/// no Foundation for it (issue #22: a binary that links libFoundation pays about 6 MiB resident for it).
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = makeMutex()
    }

    deinit {
        destroy(mutex)
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if MemoryLayout<Value>.size == 0 {
            // A stored value of no size lies at the object's own address: an `inout` access to it looks to
            // ThreadSanitizer like a write to the object's header, which every thread reads before it takes the
            // lock. A copy of nothing is the same nothing.
            var nothing = value
            return try body(&nothing)
        }
        return try body(&value)
    }
}

/// A pthread mutex with a condition variable, in `NSCondition`'s shape: ``lock()``, ``wait()``, ``broadcast()``,
/// ``unlock()``. ThreadSanitizer sees both (see ``Locked``).
public final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// An unlocked mutex and its condition.
    public init() {
        mutex = makeMutex()
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        destroy(mutex)
    }

    /// Takes the mutex, waiting for it.
    public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Lets go of the mutex.
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Lets go of the mutex until the condition is signalled, then takes it again; the caller holds the mutex and
    /// checks its predicate again afterwards (a wake-up may be spurious).
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread waiting on the condition.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}

/// Starts a thread of its own, named `name` (as `top -H` shows it: up to 15 bytes, longer names are cut), running
/// `body`; the thread is detached and ends when `body` returns. `Foundation.Thread`'s job without Foundation.
public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
    let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, { context in
        guard let context else { return nil }
        let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
        _ = CShims_pthread_setname(pthread_self(), String(start.name.utf8.prefix(15)) ?? "")
        start.body()
        return nil
    }, start)
    if created == 0 {
        pthread_detach(thread)
    } else {
        // No thread (the process is out of them): the work runs nowhere, as a failed Thread.start() would.
        Unmanaged<Start>.fromOpaque(start).release()
    }
}

extension Locked where Value == Void {
    /// A plain lock (`Locked(())`): runs `body` holding it, as `NSLock.withLock` did.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withLock { (_: inout Void) in try body() }
    }
}

/// A new, unlocked pthread mutex of its own (for ``Locked`` and ``Condition``).
private func makeMutex() -> UnsafeMutablePointer<pthread_mutex_t> {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    return mutex
}

/// Destroys and frees a mutex ``makeMutex()`` made.
private func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
}
