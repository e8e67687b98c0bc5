// libwayland's own messages (wl_log): to the client's debug log instead of standard error.
import CWaylandClient
import Glibc
import Threading

/// Routes libwayland-client's log (`wl_log_set_handler_client`, one handler per process) to the debug log of the
/// latest ``Display`` still alive: by default libwayland prints its errors to standard error itself, before the
/// program says what went wrong in its own words. With no display alive the lines are dropped.
enum LibwaylandLog {
    /// The display whose debug log gets the lines; weak, so a closed display's log is never called.
    private final class Target: @unchecked Sendable {
        private let lock = Locked(())
        private weak var display: Display?

        var current: Display? {
            get { lock.withLock { _ in display } }
            set { lock.withLock { _ in display = newValue } }
        }
    }

    private static let target = Target()

    /// Sends libwayland's messages to `display`'s debug log from now on.
    static func route(to display: Display) {
        target.current = display
    }

    /// Installs the handler: from now on libwayland prints nothing itself (before a display is routed to, or with
    /// none alive, its lines are dropped).
    static func installHandler() {
        wl_log_set_handler_client { format, arguments in
            guard let format, let arguments else { return }
            var text = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&text, text.count, format, arguments)
            var line = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while line.last == "\n" { line.removeLast() }
            LibwaylandLog.target.current?.debug("libwayland: \(line)")
        }
    }
}
