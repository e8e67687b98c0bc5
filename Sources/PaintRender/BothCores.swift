// Bulk pixel work of one frame shared between the Wayland thread and a helper thread (the second core).
import Dispatch
import FoundationEssentials
import Threading

/// Runs numbered parts of one piece of work on the calling thread and on a helper thread at once, and returns when
/// every part is done.
///
/// Both threads take the next part not yet taken, in turn, so the work is shared however the two are scheduled: when
/// the helper is slow to start (the other core is busy), the calling thread does the parts itself and waits only for
/// a part the helper has begun. Parts must write disjoint memory; whatever they write is visible to the caller when
/// ``run(parts:_:)`` returns.
final class BothCores: Sendable {
    private let queue = DispatchQueue(label: "fingerpaint.frame-helper", qos: .userInteractive)

    /// Runs `part(0)` … `part(parts - 1)`, on this thread and the helper.
    func run(parts: Int, _ part: @escaping @Sendable (Int) -> Void) {
        guard parts > 1 else {
            if parts == 1 { part(0) }
            return
        }
        let shared = SharedParts(count: parts, part: part)
        queue.async { shared.work(asHelper: true) }
        shared.work(asHelper: false)
        shared.waitForTheHelper()
    }
}

/// The parts of one ``BothCores/run(parts:_:)``: which is next, and whether the helper is inside one.
private final class SharedParts: @unchecked Sendable {
    /// Guards ``next`` and ``helperIsWorking``, and wakes the caller when the helper finishes a part.
    private let condition = Condition()
    private var next = 0
    private var helperIsWorking = false
    private let count: Int
    private let part: @Sendable (Int) -> Void

    init(count: Int, part: @escaping @Sendable (Int) -> Void) {
        self.count = count
        self.part = part
    }

    /// Takes parts until none is left.
    func work(asHelper: Bool) {
        while true {
            condition.lock()
            guard next < count else {
                condition.unlock()
                return
            }
            let taken = next
            next += 1
            if asHelper { helperIsWorking = true }
            condition.unlock()
            part(taken)
            if asHelper {
                condition.lock()
                helperIsWorking = false
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// Waits until the helper is inside no part. Called once every part is taken, so the helper takes no more: one
    /// that starts later finds nothing to do and never touches the memory.
    func waitForTheHelper() {
        condition.lock()
        while helperIsWorking { condition.wait() }
        condition.unlock()
    }
}
