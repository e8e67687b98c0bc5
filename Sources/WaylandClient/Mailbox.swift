// Messages from other threads to the event loop: a self-pipe polled with the display's.
import CShims
import Glibc
import Threading

/// Delivers `Sendable` messages posted from any thread to a handler on the display's event-loop thread.
///
/// Other threads (a D-Bus connection, a worker) hold the mailbox's ``poster``, which queues a message and wakes the
/// loop through a pipe; the loop calls ``handler`` with each message, in the order posted, while it
/// dispatches. Messages posted after the mailbox is released are dropped. It does not keep the display alive.
public final class Mailbox<Message: Sendable>: EventSource {
    /// The thread-safe side: a queue and the pipe's end that wakes the loop.
    public final class Poster: Sendable {
        private let readFD: Int32
        private let writeFD: Int32
        private let queue = Locked<[Message]>([])
        private let isOpen = Locked(true)

        fileprivate init(readFD: Int32, writeFD: Int32) {
            self.readFD = readFD
            self.writeFD = writeFD
        }

        /// Queues `message` for the loop's handler and wakes the loop. Safe from any thread.
        public func post(_ message: Message) {
            isOpen.withLock { isOpen in
                guard isOpen else { return }
                queue.withLock { $0.append(message) }
                // A full pipe is readable already: the loop will come.
                var one: UInt8 = 1
                _ = write(writeFD, &one, 1)
            }
        }

        fileprivate func take() -> [Message] {
            var bytes = [UInt8](repeating: 0, count: 256)
            while read(readFD, &bytes, bytes.count) > 0 {}
            return queue.withLock { queue in
                defer { queue.removeAll() }
                return queue
            }
        }

        fileprivate func shut() {
            isOpen.withLock { isOpen in
                isOpen = false
                close(readFD)
                close(writeFD)
            }
        }
    }

    private weak var display: Display?
    private let fd: Int32
    /// Posts to this mailbox from any thread.
    public let poster: Poster
    /// Called on the loop's thread with each message posted.
    public var handler: (Message) -> Void

    /// A mailbox on `display`'s event loop whose messages go to `handler`.
    public init(display: Display, handler: @escaping (Message) -> Void = { _ in }) throws(WaylandError) {
        self.display = display
        self.handler = handler
        var ends: [Int32] = [0, 0]
        _ = try checkedSystemCall("pipe") { pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fd = ends[0]
        poster = Poster(readFD: ends[0], writeFD: ends[1])
        display.register(self, fd: fd)
    }

    deinit {
        display?.unregister(fd: fd)
        poster.shut()
    }

    func readable() {
        for message in poster.take() { handler(message) }
    }
}
