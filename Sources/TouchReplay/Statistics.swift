// What `--stats` reports: counts kept by the compositor, and input-to-commit latencies.
import Foundation
import SeatInput

/// The running counts `--stats` reports.
struct ReplayCounters {
    /// Every `wl_surface.commit` on any surface.
    var commits = 0
    /// `wl_callback.done` events sent for frame callbacks.
    var frameCallbacks = 0
    /// Wayland input events sent to the client (down, motion, frame, key, modifiers, enter, ...).
    var eventsSent = 0
    /// Commits that brought a new buffer to the toplevel being played into.
    var toplevelBufferCommits = 0
    /// The toplevel's `wp_viewport` destination at its last buffer commit, if it set one.
    var viewportDestination: (width: Int32, height: Int32)?
    /// The toplevel's title as last set (`xdg_toplevel.set_title`), if it set one.
    var title: String?
    /// The edges (`xdg_toplevel.resize_edge`) of each `xdg_toplevel.resize` the toplevel asked for, in order.
    var resizeEdges: [UInt32] = []
    /// How many times the toplevel asked to be maximized (`set_maximized`) and minimized (`set_minimized`).
    var maximizeRequests = 0
    var minimizeRequests = 0
}

/// Real-time latencies from input to the next buffer commit.
final class LatencyRecorder {
    private var waiting: [Double] = []
    /// Milliseconds from each input group to the first buffer commit after it.
    private(set) var samples: [Double] = []

    /// An input group was sent at `time` (from ``monotonicNow()``).
    func inputSent(at time: Double) { waiting.append(time) }

    /// The toplevel committed a new buffer now.
    func bufferCommitted() {
        let now = monotonicNow()
        samples += waiting.map { (now - $0) * 1000 }
        waiting = []
    }

    /// The `q`-quantile (0...1) of the samples by nearest rank, or `nil` with no samples.
    func quantile(_ q: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// The `--stats` line.
enum ReplayStatistics {
    /// `{"commits": N, "frame_callbacks": N, "events_sent": N, "latency_ms": {"p50": x, "p99": y},
    /// "viewport_destination": [W, H] or null, "title": "…" or null, "resize_edges": [...], "maximize_requests": N,
    /// "minimize_requests": N}`.
    static func line(counters: ReplayCounters, latency: LatencyRecorder) -> String {
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return String(format: "%.3f", value)
        }
        let destination = counters.viewportDestination.map { "[\($0.width), \($0.height)]" } ?? "null"
        return "{\"commits\": \(counters.commits), \"frame_callbacks\": \(counters.frameCallbacks), "
            + "\"events_sent\": \(counters.eventsSent), "
            + "\"latency_ms\": {\"p50\": \(number(latency.quantile(0.5))), \"p99\": \(number(latency.quantile(0.99)))}, "
            + "\"viewport_destination\": \(destination), \"title\": \(counters.title.map(Trace.quoted) ?? "null")"
            + windowManagement(counters) + "}"
    }

    /// The toplevel's window-management requests: `, "resize_edges": [4, 10], "maximize_requests": N,
    /// "minimize_requests": N`.
    private static func windowManagement(_ counters: ReplayCounters) -> String {
        ", \"resize_edges\": [\(counters.resizeEdges.map(String.init).joined(separator: ", "))], "
            + "\"maximize_requests\": \(counters.maximizeRequests), \"minimize_requests\": \(counters.minimizeRequests)"
    }
}

