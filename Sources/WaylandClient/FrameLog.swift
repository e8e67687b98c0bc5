// A line per frame of a window's timing, for finding the frames that missed their vblank (docs/frame-pacing.md,
// "The frame log").
import Glibc

/// Writes one line per committed frame of a window, once the compositor said what became of it: when the frame was
/// planned, when the loop woke for it, how long it drew, when it committed, which vblank it aimed at and which
/// presented it, and what the program says the frame did.
///
/// Times are milliseconds: `aim` on `CLOCK_MONOTONIC`, the others relative to it or to the planned moment as
/// named. A line is written after the frame's presentation feedback, never between the draw and its commit.
public final class FrameLog {
    /// One frame's timing, filled in as the frame goes.
    public struct Entry: Sendable {
        /// The window's frame number (``ToplevelWindow/committedFrameCount`` after its commit).
        public var frame: Int
        /// When the pacer made the plan: the first moment the window could draw this frame.
        public var planMade: Duration
        /// The moment the pacer planned the draw for (or when the window could draw at once).
        public var planned: Duration
        /// When the event loop's wait returned before the draw.
        public var wake: Duration
        /// When drawing began and ended, and when the commit went out.
        public var drawStart: Duration
        public var drawEnd: Duration
        public var commit: Duration
        /// The vblank the frame aimed at, and the lead it was planned with; `nil` without a locked clock.
        public var aim: Duration?
        public var lead: Duration?
        /// What the program says the frame did (strokes completed, tiles taken in), if it says.
        public var note: String?
    }

    private let file: UnsafeMutablePointer<FILE>

    /// Opens `path` for writing (replacing it); `nil` when it cannot be opened.
    public init?(path: String) {
        guard let file = fopen(path, "w") else { return nil }
        self.file = file
        fputs("# frame aim_ms plan_made planned wake start draw commit lead presented late note (ms; plan_made, planned and commit from aim, wake and start from planned)\n", file)
        fflush(file)
    }

    deinit { fclose(file) }

    /// Writes `entry`'s line: presented at `presented` (`nil`: discarded), `refresh` apart from the next vblank.
    public func write(_ entry: Entry, presented: Duration?, refresh: Duration) {
        func ms(_ duration: Duration) -> String {
            "\((duration / .microseconds(1)).rounded() / 1000)"
        }
        var fields = ["\(entry.frame)", entry.aim.map(ms) ?? "-"]
        fields.append(entry.aim.map { ms(entry.planMade - $0) } ?? "-")
        fields.append(entry.aim.map { ms(entry.planned - $0) } ?? "-")
        fields.append(ms(entry.wake - entry.planned))
        fields.append(ms(entry.drawStart - entry.planned))
        fields.append(ms(entry.drawEnd - entry.drawStart))
        fields.append(entry.aim.map { ms(entry.commit - $0) } ?? "-")
        fields.append(entry.lead.map(ms) ?? "-")
        if let presented {
            fields.append(entry.aim.map { ms(presented - $0) } ?? ms(presented))
            // Whole refreshes after the aim; any time a compositor may send (its 64-bit seconds) stays a number.
            let frames = entry.aim.map { aim in refresh > .zero ? ((presented - aim) / refresh).rounded() : 0 } ?? 0
            let late = frames.isFinite && abs(frames) < 1e9 ? Int(frames) : 0
            fields.append(late > 0 ? "LATE\(late)" : "ok")
        } else {
            fields += ["discarded", "-"]
        }
        fields.append(entry.note ?? "")
        fputs(fields.joined(separator: " ") + "\n", file)
        fflush(file)
    }
}
