// wp_presentation (presentation-time): each committed frame's feedback answered at the simulated vblank that
// shows it, so a client can measure input to presentation.
import CWaylandServer
import CWaylandServerProtocols
import Foundation
import Glibc

/// The presentation-time global. A surface's `wp_presentation.feedback` waits for its commit; at the next vblank
/// (when frame callbacks are answered) the newest committed frame of each surface is `presented` at that time on
/// `CLOCK_MONOTONIC`, and any older one committed since the last vblank is `discarded`, as a compositor that shows one
/// frame a refresh does. A frame committed after the vblank's time (the loop came to the vblank late) is stamped with
/// the first tick of the grid after its commit, when a display could first have shown it: never before its commit.
final class Presentation {
    unowned let compositor: Compositor
    /// The refresh the feedback reports: the simulated display's (`--refresh`), in nanoseconds.
    var refreshNanoseconds: UInt32 { UInt32((compositor.refreshInterval * 1e9).rounded()) }
    private let presentationTable: ImplementationTable<wp_presentation_interface>
    /// Feedback asked for and not yet committed, by surface.
    private var pending: [ObjectIdentifier: [WLResource]] = [:]
    /// Committed frames waiting for the next vblank, oldest first: each frame's surface, feedbacks and the time its
    /// commit came (seconds on `CLOCK_MONOTONIC`).
    private var committed: [(surface: ObjectIdentifier, feedbacks: [WLResource], at: Double)] = []
    /// The vblank counter (`seq`).
    private var sequence: UInt64 = 0
    /// How many frames were presented, and discarded, for `--stats`.
    private(set) var presentedCount = 0
    private(set) var discardedCount = 0

    init(compositor: Compositor) {
        self.compositor = compositor
        presentationTable = ImplementationTable(wp_presentation_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            feedback: { client, resource, surfaceResource, id in
                let presentation = resourceObject(resource, as: Presentation.self)
                guard let feedback = wl_resource_create(
                    client, CWaylandServerProtocols_wp_presentation_feedback_interface(), 1, id)
                else { return wl_client_post_no_memory(client) }
                // The feedback object has no requests: it only hears when its frame was shown.
                wl_resource_set_implementation(feedback, nil, Unmanaged.passUnretained(presentation).toOpaque()) { feedback in
                    resourceObject(feedback, as: Presentation.self).forget(feedback!)
                }
                let surface = resourceObject(surfaceResource, as: Surface.self)
                presentation.pending[ObjectIdentifier(surface), default: []].append(feedback)
            }
        ))
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_global_create(compositor.display, CWaylandServerProtocols_wp_presentation_interface(), 1, context) {
            client, data, version, id in
            guard let resource = wl_resource_create(client, CWaylandServerProtocols_wp_presentation_interface(), Int32(version), id)
            else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, Unmanaged<Presentation>.fromOpaque(data!).takeUnretainedValue()
                .presentationTable.pointer, data, nil)
            wp_presentation_send_clock_id(resource, UInt32(CLOCK_MONOTONIC))
        }
    }

    /// A surface committed: the feedback it asked for since its last commit belongs to this frame.
    func surfaceCommitted(_ surface: Surface) {
        let key = ObjectIdentifier(surface)
        guard let feedbacks = pending.removeValue(forKey: key), !feedbacks.isEmpty else { return }
        committed.append((key, feedbacks, monotonicNow()))
    }

    /// When a frame committed at `commit` is shown by the vblank at `vblank` (seconds on one clock): at the vblank,
    /// or, committed after it, at the first tick of its grid (`interval` seconds apart) after the commit.
    static func presentationTime(vblank: Double, commit: Double, interval: Double) -> Double {
        guard commit > vblank else { return vblank }
        return vblank + ((commit - vblank) / interval).rounded(.up) * interval
    }

    /// A vblank at `time` (seconds on `CLOCK_MONOTONIC`): the newest committed frame of each surface is presented
    /// then (``presentationTime(vblank:commit:interval:)``), older ones since the last vblank are discarded; with a
    /// latch (``Compositor/latch``), only what was committed by it, the rest waiting for the next vblank.
    func vblank(at time: Double) {
        // With a latch, only what was committed by the latch is taken; the rest waits for the next vblank.
        let latch = compositor.latch
        let frames = committed.filter { latch.takes($0.at, at: time) }
        committed.removeAll { latch.takes($0.at, at: time) }
        guard !frames.isEmpty else { return }
        sequence += 1
        for (index, frame) in frames.enumerated() {
            let isNewest = !frames[(index + 1)...].contains { $0.surface == frame.surface }
            for feedback in frame.feedbacks {
                if isNewest {
                    let shown = Self.presentationTime(vblank: time, commit: frame.at, interval: compositor.refreshInterval)
                    let whole = max(shown, 0).rounded(.down)
                    let now = timespec(tv_sec: Int(whole), tv_nsec: min(Int(((shown - whole) * 1e9).rounded()), 999_999_999))
                    let seconds = UInt64(now.tv_sec)
                    wp_presentation_feedback_send_presented(
                        feedback, UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
                        UInt32(now.tv_nsec), refreshNanoseconds, UInt32(truncatingIfNeeded: sequence >> 32),
                        UInt32(truncatingIfNeeded: sequence), WP_PRESENTATION_FEEDBACK_KIND_VSYNC.rawValue)
                    presentedCount += 1
                } else {
                    wp_presentation_feedback_send_discarded(feedback)
                    discardedCount += 1
                }
                wl_resource_destroy(feedback)
            }
        }
    }

    /// A feedback resource went away (answered, or its client left).
    private func forget(_ feedback: WLResource) {
        for key in pending.keys { pending[key]?.removeAll { $0 == feedback } }
        for index in committed.indices { committed[index].feedbacks.removeAll { $0 == feedback } }
    }
}
