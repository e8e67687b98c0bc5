// libwayland's own messages (wl_log): to the client's debug log instead of standard error.
import CWaylandClient
import Glibc

/// Routes libwayland-client's log (`wl_log_set_handler_client`) to a program's debug log: by default libwayland
/// prints its errors to standard error itself, before the program says what went wrong in its own words.
enum LibwaylandLog {
    /// Where the lines go: the debug log of the latest display. Only touched on the thread that runs the displays.
    nonisolated(unsafe) private static var sink: ((String) -> Void)?

    /// Sends libwayland's messages to `debug` from now on.
    static func install(_ debug: @escaping (String) -> Void) {
        sink = debug
        wl_log_set_handler_client { format, arguments in
            guard let format, let arguments else { return }
            var text = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&text, text.count, format, arguments)
            let line = String(cString: text).trimmingCharacters(in: "\n")
            LibwaylandLog.sink?("libwayland: \(line)")
        }
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = self
        while text.last == set { text.removeLast() }
        return text
    }
}
