// wp_presentation (presentation-time): when the compositor showed each committed frame, on CLOCK_MONOTONIC.
import CWaylandClient
import CWaylandProtocols
import Geometry
import Glibc

/// What the compositor said of one committed frame (`wp_presentation_feedback`).
public enum FramePresentation: Equatable, Sendable {
    /// The frame turned into light at this time on `CLOCK_MONOTONIC` (``MonotonicClock``), whatever clock the
    /// compositor uses (it is converted).
    case presented(at: Timestamp)
    /// The frame was never shown: a newer one replaced it before the output showed it, or the surface was hidden.
    case discarded
}

/// Owns the bound `wp_presentation` global and knows its clock (`clock_id`).
final class Presentation {
    let pointer: OpaquePointer
    let version: UInt32
    private let listener: UnsafeMutablePointer<wp_presentation_listener>
    /// The clock the compositor's timestamps are on (`clock_id`); `CLOCK_MONOTONIC` until it says.
    private(set) var clockID = CLOCK_MONOTONIC

    init(pointer: OpaquePointer, version: UInt32) {
        self.pointer = pointer
        self.version = version
        listener = .allocate(capacity: 1)
        listener.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in
            Unmanaged<Presentation>.fromOpaque(data!).takeUnretainedValue().clockID = clockid_t(bitPattern: clock)
        }))
        wp_presentation_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wp_presentation_destroy(pointer)
        listener.deallocate()
    }

    /// A time the compositor reported on its clock, on `CLOCK_MONOTONIC`: the same when it uses the monotonic
    /// clock (every compositor we know), else moved by the two clocks' offset read now. Any value is taken.
    func monotonicTime(seconds: UInt64, nanoseconds: UInt32) -> Duration {
        let time = Duration.seconds(Int64(clamping: seconds)) + .nanoseconds(Int64(nanoseconds))
        guard clockID != CLOCK_MONOTONIC else { return time }
        return time + Self.now(on: CLOCK_MONOTONIC) - Self.now(on: clockID)
    }

    private static func now(on clock: clockid_t) -> Duration {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
}

/// Owns one `wp_presentation_feedback`: asked for before a commit, answered once, when that commit's frame was
/// presented or discarded.
final class PresentationFeedback {
    private let pointer: OpaquePointer
    private let listener: UnsafeMutablePointer<wp_presentation_feedback_listener>
    private let presentation: Presentation
    private let onOutcome: (Outcome) -> Void

    /// What became of the frame: presented at a time on `CLOCK_MONOTONIC`, with the output's refresh period (zero
    /// when the compositor does not know it), or discarded.
    enum Outcome {
        case presented(at: Duration, refresh: Duration)
        case discarded
    }

    /// Asks for feedback on the next commit of `surface`.
    init(presentation: Presentation, surface: OpaquePointer, onOutcome: @escaping (Outcome) -> Void) {
        self.presentation = presentation
        self.onOutcome = onOutcome
        pointer = wp_presentation_feedback(presentation.pointer, surface)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
                let feedback = PresentationFeedback.from(data)
                let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
                feedback.onOutcome(.presented(at: feedback.presentation.monotonicTime(seconds: seconds, nanoseconds: nanoseconds),
                                              refresh: .nanoseconds(Int64(refresh))))
            },
            discarded: { data, _ in PresentationFeedback.from(data).onOutcome(.discarded) }
        ))
        wp_presentation_feedback_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        // The compositor destroys its side after presented or discarded; this frees ours.
        wp_presentation_feedback_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PresentationFeedback {
        Unmanaged<PresentationFeedback>.fromOpaque(data!).takeUnretainedValue()
    }
}
