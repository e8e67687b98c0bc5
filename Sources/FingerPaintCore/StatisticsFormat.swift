// The figures of `fingerpaint --stats`: percentiles and milliseconds as its JSON lines write them.
import FoundationEssentials
import Geometry

/// The value at `fraction` (0...1) of sorted `values`, by the index rounded to nearest; `nil` when empty.
func percentile<T>(_ values: [T], _ fraction: Double) -> T? {
    values.isEmpty ? nil : values[min(values.count - 1, Int((Double(values.count - 1) * fraction).rounded()))]
}

/// Milliseconds with three decimals (0 for none).
func ms(_ value: Double?) -> String { cFormat("%.3f", value ?? 0) }

/// `"p50": x, "p99": x, "max": x` of the samples, in milliseconds.
func millisecondQuantiles(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    return "\"p50\": \(ms(percentile(sorted, 0.5))), \"p99\": \(ms(percentile(sorted, 0.99))), \"max\": \(ms(sorted.last))"
}

/// What `fingerpaint --stats` prints when a window session ends: input to presentation, as the compositor reports
/// it through `wp_presentation`, and input to commit, as the program knows it.
public struct WindowStatistics: Sendable {
    /// Buffers committed.
    public var frames: Int
    /// Milliseconds from each input event's arrival to the presentation of the frame that drew it; `nil` when the
    /// compositor does not offer `wp_presentation`.
    public var inputToPresentation: [Double]?
    /// Milliseconds from each input event's arrival to the commit of the frame that drew it.
    public var inputToCommit: [Double]
    /// Frames the compositor discarded (never showed), and the input events they drew.
    public var discardedFrames: Int
    public var discardedInputs: Int

    /// The figures of a session.
    public init(frames: Int, inputToPresentation: [Double]?, inputToCommit: [Double], discardedFrames: Int,
                discardedInputs: Int) {
        self.frames = frames
        self.inputToPresentation = inputToPresentation
        self.inputToCommit = inputToCommit
        self.discardedFrames = discardedFrames
        self.discardedInputs = discardedInputs
    }

    /// What the line says instead of presentation figures when the compositor cannot give them.
    public static let presentationNotOffered = "not offered by the compositor (no wp_presentation)"

    /// One JSON line: `{"frames": N, "input_to_presentation_ms": {"p50", "p99", "max", "samples"} or "not offered
    /// …", "discarded_frames": N, "discarded_inputs": N, "input_to_commit_ms": {"p50", "p99", "max", "samples"}}`.
    public var jsonLine: String {
        let presentation = inputToPresentation.map { "{\(millisecondQuantiles($0)), \"samples\": \($0.count)}" }
            ?? "\"\(Self.presentationNotOffered)\""
        return "{\"frames\": \(frames), \"input_to_presentation_ms\": \(presentation), "
            + "\"discarded_frames\": \(discardedFrames), \"discarded_inputs\": \(discardedInputs), "
            + "\"input_to_commit_ms\": {\(millisecondQuantiles(inputToCommit)), \"samples\": \(inputToCommit.count)}}"
    }
}
