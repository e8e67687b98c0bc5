// A thread of its own for work off the Wayland thread that may wait: the tiles.
import FoundationEssentials
import Glibc
import Threading

/// Runs work in the order it is given on a thread of its own whose nice value is raised (``niceness``). Where it and
/// the Wayland thread (or the frame's helper, ``BothCores``) both want a core, the frame goes first: a zoom step or a
/// pan while tiles are being drawn is not shared half and half with them (docs/rendering.md).
///
/// A thread of its own rather than a dispatch queue: the nice value is a thread's (Linux), and dispatch's threads
/// serve every queue, the frame helper's included; an unprivileged thread cannot lower its nice value again.
final class BackgroundLane: @unchecked Sendable {
    /// How much lower the lane's priority is than the process's: CFS gives a thread at +10 about a tenth of the
    /// weight of one at 0 on a core both want.
    static let niceness: Int32 = 10

    /// Guards ``queued``, ``isBusy`` and ``isStopping``; signalled when work comes, when a piece of it is done, and at
    /// ``stop()``.
    private let condition = Condition()
    private var queued: [@Sendable () -> Void] = []
    private var isBusy = false
    private var isStopping = false

    /// Starts the lane's thread, named `name` (as `top -H` shows it, up to 15 bytes).
    init(name: String) {
        startThread(named: name) { [self] in
            // Linux: the calling thread's nice value (per thread, not per process, under NPTL).
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            _ = setpriority(which, 0, getpriority(which, 0) + Self.niceness)
            run()
        }
    }

    /// Runs `work` on the lane after what was given before it.
    func async(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        queued.append(work)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until everything given so far has run.
    func waitUntilIdle() {
        condition.lock()
        while !queued.isEmpty || isBusy { condition.wait() }
        condition.unlock()
    }

    /// Lets the thread end once what was given has run (the lane is not used again).
    func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            while queued.isEmpty && !isStopping { condition.wait() }
            if queued.isEmpty { break }
            let work = queued.removeFirst()
            isBusy = true
            condition.unlock()
            work()
            condition.lock()
            isBusy = false
            condition.broadcast()
        }
        condition.unlock()
    }
}
