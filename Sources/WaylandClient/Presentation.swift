// wp_presentation (presentation-time): when the compositor showed each committed frame, on CLOCK_MONOTONIC.
import CWaylandClient
import CWaylandProtocols
import Glibc

/// What the compositor said of one committed frame (`wp_presentation_feedback`).
public enum FramePresentation: Equatable, Sendable {
    /// The frame turned into light at this time: `CLOCK_MONOTONIC` milliseconds, whatever clock the compositor
    /// uses (``Presentation`` converts it).
    case presented(atMilliseconds: Double)
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

    /// A time the compositor reported on its clock, as `CLOCK_MONOTONIC` milliseconds: the same when it uses
    /// the monotonic clock (every compositor we know), else moved by the two clocks' offset read now.
    func monotonicMilliseconds(seconds: UInt64, nanoseconds: UInt32) -> Double {
        let time = Double(seconds) * 1000 + Double(nanoseconds) / 1e6
        guard clockID != CLOCK_MONOTONIC else { return time }
        return time + Self.milliseconds(on: CLOCK_MONOTONIC) - Self.milliseconds(on: clockID)
    }

    private static func milliseconds(on clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }
}

/// Owns one `wp_presentation_feedback`: asked for before a commit, answered once, when that commit's frame was
/// presented or discarded.
final class PresentationFeedback {
    private let pointer: OpaquePointer
    private let listener: UnsafeMutablePointer<wp_presentation_feedback_listener>
    private let presentation: Presentation
    private let onOutcome: (FramePresentation) -> Void

    /// Asks for feedback on the next commit of `surface`.
    init(presentation: Presentation, surface: OpaquePointer, onOutcome: @escaping (FramePresentation) -> Void) {
        self.presentation = presentation
        self.onOutcome = onOutcome
        pointer = wp_presentation_feedback(presentation.pointer, surface)!
        listener = .allocate(capacity: 1)
        listener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secondsHigh, secondsLow, nanoseconds, _, _, _, _ in
                let feedback = PresentationFeedback.from(data)
                let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
                feedback.onOutcome(.presented(atMilliseconds: feedback.presentation.monotonicMilliseconds(
                    seconds: seconds, nanoseconds: nanoseconds)))
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
