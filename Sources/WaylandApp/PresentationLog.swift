// Input to presentation in a live window: which input each committed frame showed, and when it was shown.
import Geometry
import WaylandClient

/// Latencies of a live window's input, in milliseconds on `CLOCK_MONOTONIC`, from each input event's arrival in
/// the program (one that asked for a frame) to the commit of the frame that drew it, and to that frame's
/// presentation as the compositor reported it (`wp_presentation_feedback.presented`).
package struct PresentationLatencies: Sendable {
    /// Whether the compositor offers `wp_presentation`; without it there are no presentation figures.
    package var isPresentationOffered = false
    /// Buffer commits made while measuring.
    package var frames = 0
    /// Input arrival to the presentation of the frame that drew it, one sample per input event.
    package var inputToPresentation: [Double] = []
    /// Input arrival to the commit of the frame that drew it, one sample per input event.
    package var inputToCommit: [Double] = []
    /// Frames the compositor said it never showed (`discarded`), and the input events they drew.
    package var discardedFrames = 0
    package var discardedInputs = 0
}

/// Pairs each commit with the input events drawn in it, and each presentation feedback with its commit.
struct PresentationLog {
    private(set) var latencies = PresentationLatencies()
    /// Arrival times of input that asked for a frame not drawn yet.
    private var waitingInput: [Timestamp] = []
    /// Frames committed and not yet presented or discarded: their input's arrival times.
    private var unanswered: [Int: [Timestamp]] = [:]

    /// An input event that arrived at `arrival` asked for a frame: the next commit draws it.
    mutating func inputAskedForFrame(arrivedAt arrival: Timestamp) {
        waitingInput.append(arrival)
    }

    /// The frame numbered `frame` is committed at `time`, with every input waiting so far.
    mutating func frameCommitted(_ frame: Int, at time: Timestamp) {
        latencies.frames += 1
        latencies.inputToCommit += waitingInput.map { time.milliseconds - $0.milliseconds }
        unanswered[frame] = waitingInput
        waitingInput = []
    }

    /// The compositor says what became of frame `frame`.
    mutating func frame(_ frame: Int, was outcome: FramePresentation) {
        let input = unanswered.removeValue(forKey: frame) ?? []
        switch outcome {
        case .presented(let time):
            latencies.inputToPresentation += input.map { time.milliseconds - $0.milliseconds }
        case .discarded:
            latencies.discardedFrames += 1
            latencies.discardedInputs += input.count
        }
    }
}
