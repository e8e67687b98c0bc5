// Signals taken on the event loop: a signalfd polled with the display's.
import CShims
import Glibc

/// Takes signals (SIGINT, SIGTERM, SIGHUP…) on the display's event-loop thread instead of in a signal handler, so
/// a program can save its work and end cleanly when one comes.
///
/// The signals are blocked for the creating thread — and for the threads it starts afterwards — and read from a
/// `signalfd`. Create the watcher on the loop's thread before starting other threads, or a thread that does not
/// block them may take the signal with its default action. Releasing the watcher unblocks them.
public final class SignalWatcher: EventSource {
    private weak var display: Display?
    private let fd: Int32
    private var mask = sigset_t()
    private let handler: (Int32) -> Void

    /// Watches `signals` on `display`'s event loop, calling `handler` with each one that comes.
    public init(display: Display, signals: [Int32], handler: @escaping (Int32) -> Void) throws(WaylandError) {
        self.display = display
        self.handler = handler
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        let mask = mask
        fd = try checkedSystemCall("signalfd") {
            withUnsafePointer(to: mask) { signalfd(-1, $0, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }
        }
        display.register(self, fd: fd)
    }

    deinit {
        display?.unregister(fd: fd)
        close(fd)
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }

    func readable() {
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            handler(Int32(info.ssi_signo))
        }
    }
}
