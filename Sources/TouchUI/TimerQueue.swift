// The core's only notion of time passing: deadlines that fire when their owner moves the clock.

/// A queue of deadlines on an injected clock.
///
/// Nothing here reads a real clock or runs a real timer. The owner moves time forward with ``advance(to:)`` — a
/// test by hand, a replay from trace times, a live program from the compositor's event times and the monotonic
/// clock — and due timers fire then, in deadline order, each seeing ``now`` at its own deadline. A live program
/// asks ``nextDeadline`` to know how long it may sleep.
public final class TimerQueue {
    /// A scheduled timer; pass it to ``cancel(_:)``.
    public struct Token: Hashable, Sendable {
        fileprivate let sequence: UInt64
    }

    private struct Entry {
        var deadline: Timestamp
        var token: Token
        var action: () -> Void
    }

    /// The current time.
    public private(set) var now: Timestamp
    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// A queue with no timers whose clock reads `now`.
    public init(now: Timestamp = .zero) {
        self.now = now
    }

    /// The earliest deadline still pending.
    public var nextDeadline: Timestamp? {
        entries.min { ($0.deadline, $0.token.sequence) < ($1.deadline, $1.token.sequence) }?.deadline
    }

    /// Schedules an action at a deadline. A deadline already past fires at the next ``advance(to:)``.
    @discardableResult
    public func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> Token {
        nextSequence += 1
        let token = Token(sequence: nextSequence)
        entries.append(Entry(deadline: deadline, token: token, action: action))
        return token
    }

    /// Schedules an action after a delay from ``now``.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Token {
        schedule(at: now + delay, action)
    }

    /// Cancels a timer; one that already fired or was cancelled is ignored.
    public func cancel(_ token: Token) {
        entries.removeAll { $0.token == token }
    }

    /// Moves the clock to `time`, firing every timer due by then in deadline order (timers scheduled by those
    /// actions included). Time never goes backwards: an earlier `time` fires what is due and leaves ``now`` as it is.
    public func advance(to time: Timestamp) {
        while let index = dueIndex(by: time) {
            let entry = entries.remove(at: index)
            now = max(now, entry.deadline)
            entry.action()
        }
        now = max(now, time)
    }

    /// How far past `time` a deadline may lie and still be due: 1 µs. Times are seconds in a `Double`, so a
    /// deadline computed as "release + 300 ms" can come out a rounding error after the event time 300 ms later
    /// (0.264 + 0.3 > 0.564); input clocks tick in milliseconds, so nothing real is that close.
    static let tolerance = 1e-6

    private func dueIndex(by time: Timestamp) -> Int? {
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.deadline.seconds <= time.seconds + Self.tolerance {
            if let current = best {
                let other = entries[current]
                if (entry.deadline, entry.token.sequence) < (other.deadline, other.token.sequence) { best = index }
            } else {
                best = index
            }
        }
        return best
    }
}
