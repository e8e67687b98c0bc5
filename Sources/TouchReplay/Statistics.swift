// What `--stats` reports: counts kept by the compositor, and input-to-commit latencies.
import Foundation
import Geometry
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
    /// Real milliseconds from starting the client to its toplevel's first buffer.
    var mapMilliseconds: Double?
    /// The processor time the client used in all (user and system, from `wait4`), in milliseconds.
    var clientCPUMilliseconds: Double?
    /// The client's peak resident memory, in MiB (`VmHWM`, read while it ran).
    var clientPeakResidentMiB: Double?
    /// At the trace's timing, how late the latest group of events went out after its time, in milliseconds: what
    /// a loaded machine did to the input's timing (0 with `--fast`).
    var latestSendMilliseconds = 0.0
    /// The edges (`xdg_toplevel.resize_edge`) of each `xdg_toplevel.resize` the toplevel asked for, in order.
    var resizeEdges: [UInt32] = []
    /// How many times the toplevel asked to be maximized (`set_maximized`) and minimized (`set_minimized`).
    var maximizeRequests = 0
    var minimizeRequests = 0
    /// The simulated display's refresh rate, in Hz (`--refresh`).
    var refreshRate = 60.0
    /// How long before each vblank the frame is taken, in milliseconds (`--latch-ms`).
    var latchMilliseconds = 0.0
    /// A trace's drags: dropped (the client had accepted a type), finished by the client after the drop
    /// (`wl_data_offer.finish`), and refused at the drop (no type accepted, or no copy).
    var drops = 0, dropsFinished = 0, dropsRefused = 0
}

/// Real-time latencies from each touch down or motion to the first buffer commit whose damage covers its point —
/// the commit that shows its ink — and on to the simulated vblank that presents that commit, and the intervals
/// between buffer commits.
final class InkRecorder {
    /// Whether anything is recorded: only for `--stats`, so that a long trace's samples do not pile up unasked.
    var isOn = true
    /// A touch point sent and not yet shown, in surface coordinates.
    private var waiting: [(point: Point, sentAt: Double)] = []
    /// Milliseconds from each touch point to the commit that showed it.
    private(set) var inputToInk = Percentiles()
    /// Milliseconds from each touch point to the vblank that presented the commit that showed it: what a client
    /// that commits at every event and one that commits once a frame are compared by.
    private(set) var inputToPresent = Percentiles()
    /// Milliseconds from each touch point to the next vblank: the floor of ``inputToPresent``.
    private(set) var inputToNextVblank = Percentiles()
    /// When the touch points inked and not yet presented were sent.
    private var inkedUnpresented: [(sent: Double, inked: Double)] = []
    /// Every inked point's times (sent, inked, presented), for `TOUCH_REPLAY_INK_LOG` (a debugging aid).
    private(set) var presentedPoints: [(sent: Double, inked: Double, presented: Double)] = []
    /// When the touch points sent since the last vblank were sent.
    private var sentSinceVblank: [Double] = []
    /// Milliseconds between the toplevel's buffer commits.
    private(set) var frameIntervals = Percentiles()
    private var lastCommit: Double?

    /// Points sent and never covered by a commit's damage: input the client showed nowhere near where it was.
    var neverInked: Int { waiting.count }

    /// A touch went down or moved to `point` (surface coordinates) at `time` (from ``monotonicNow()``).
    func touchSent(at point: Point, time: Double) {
        guard isOn else { return }
        waiting.append((point, time))
        sentSinceVblank.append(time)
    }

    /// How long before each vblank the frame is taken (``Compositor/latch``).
    var latch = Latch(seconds: 0)

    /// A simulated vblank at `time` (from ``monotonicNow()``): what the toplevel committed before it (before its
    /// latch) is presented. The floor of a point sent after the latch is the next vblank.
    func vblank(at time: Double) {
        for sent in sentSinceVblank where latch.takes(sent, at: time) { inputToNextVblank.add((time - sent) * 1000) }
        sentSinceVblank.removeAll { latch.takes($0, at: time) }
        for point in inkedUnpresented where latch.takes(point.inked, at: time) {
            inputToPresent.add((time - point.sent) * 1000)
            presentedPoints.append((point.sent, point.inked, time))
        }
        inkedUnpresented.removeAll { latch.takes($0.inked, at: time) }
    }

    /// The toplevel committed a buffer whose damage, in surface coordinates, is `damage`.
    func bufferCommitted(damage: [Rect], at time: Double = monotonicNow()) {
        guard isOn else { return }
        if let lastCommit { frameIntervals.add((time - lastCommit) * 1000) }
        lastCommit = time
        waiting.removeAll { sent in
            guard damage.contains(where: { $0.contains(sent.point) }) else { return false }
            inputToInk.add((time - sent.sentAt) * 1000)
            inkedUnpresented.append((sent.sentAt, time))
            return true
        }
    }
}

/// Samples whose quantiles are asked for at the end.
struct Percentiles {
    private(set) var samples: [Double] = []

    mutating func add(_ value: Double) { samples.append(value) }

    /// The `q`-quantile (0...1) by nearest rank, or `nil` with no samples.
    func quantile(_ q: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// Real-time latencies from input to the next buffer commit, whatever it shows: an upper bound on nothing, kept as
/// `input_to_next_commit_ms` for comparison with `input_to_ink_ms`.
final class LatencyRecorder {
    /// Whether anything is recorded: only for `--stats`.
    var isOn = true
    private var waiting: [Double] = []
    /// Milliseconds from each input group to the first buffer commit after it.
    private(set) var samples: [Double] = []

    /// An input group was sent at `time` (from ``monotonicNow()``).
    func inputSent(at time: Double) {
        guard isOn else { return }
        waiting.append(time)
    }

    /// The toplevel committed a new buffer now.
    func bufferCommitted() {
        guard isOn else { return }
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
    /// `{"commits": N, "frame_callbacks": N, "events_sent": N, "input_to_ink_ms": {"p50", "p99", "max", "samples",
    /// "never_inked"}, "input_to_present_ms": {"p50", "p99", "max", "samples"}, "input_to_next_vblank_ms": {"p50",
    /// "p99", "max"}, "input_to_next_commit_ms": {"p50", "p99"}, "frame_interval_ms": {"p50", "p99", "max"},
    /// "viewport_destination": [W, H] or null, "title": "…" or null, "map_ms": x, "client_cpu_ms": x, "latest_send_ms": x, "resize_edges": [...],
    /// "maximize_requests": N, "minimize_requests": N, "refresh_hz": x, "latch_ms": x}`.
    static func line(counters: ReplayCounters, latency: LatencyRecorder, ink: InkRecorder) -> String {
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return String(format: "%.3f", value)
        }
        func quantiles(_ values: Percentiles) -> String {
            "\"p50\": \(number(values.quantile(0.5))), \"p99\": \(number(values.quantile(0.99))), \"max\": \(number(values.quantile(1)))"
        }
        let destination = counters.viewportDestination.map { "[\($0.width), \($0.height)]" } ?? "null"
        return "{\"commits\": \(counters.commits), \"frame_callbacks\": \(counters.frameCallbacks), "
            + "\"events_sent\": \(counters.eventsSent), "
            + "\"input_to_ink_ms\": {\(quantiles(ink.inputToInk)), \"samples\": \(ink.inputToInk.samples.count), "
            + "\"never_inked\": \(ink.neverInked)}, "
            + "\"input_to_present_ms\": {\(quantiles(ink.inputToPresent)), \"samples\": \(ink.inputToPresent.samples.count)}, "
            + "\"input_to_next_vblank_ms\": {\(quantiles(ink.inputToNextVblank))}, "
            + "\"input_to_next_commit_ms\": {\"p50\": \(number(latency.quantile(0.5))), \"p99\": \(number(latency.quantile(0.99)))}, "
            + "\"frame_interval_ms\": {\(quantiles(ink.frameIntervals))}, "
            + "\"viewport_destination\": \(destination), \"title\": \(counters.title.map(Trace.quoted) ?? "null"), "
            + "\"map_ms\": \(number(counters.mapMilliseconds)), \"client_cpu_ms\": \(number(counters.clientCPUMilliseconds)), "
            + "\"client_peak_rss_mib\": \(number(counters.clientPeakResidentMiB)), "
            + "\"latest_send_ms\": \(number(counters.latestSendMilliseconds))"
            + windowManagement(counters) + ", \"refresh_hz\": \(number(counters.refreshRate)), \"latch_ms\": \(number(counters.latchMilliseconds))"
            + ", \"drops\": \(counters.drops), \"drops_finished\": \(counters.dropsFinished), \"drops_refused\": \(counters.dropsRefused)}"
    }

    /// The toplevel's window-management requests: `, "resize_edges": [4, 10], "maximize_requests": N,
    /// "minimize_requests": N`.
    private static func windowManagement(_ counters: ReplayCounters) -> String {
        ", \"resize_edges\": [\(counters.resizeEdges.map(String.init).joined(separator: ", "))], "
            + "\"maximize_requests\": \(counters.maximizeRequests), \"minimize_requests\": \(counters.minimizeRequests)"
    }
}
