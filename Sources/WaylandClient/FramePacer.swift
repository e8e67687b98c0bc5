// Drawing against the display: when the compositor says when frames turn into light (wp_presentation), a window
// draws shortly before the compositor takes the next frame, with the input that came until then, rather than as
// soon as its frame callback lets it (docs/frame-pacing.md).

/// Decides when a window draws, from the presentation feedback of the frames it committed.
///
/// The display clock is *locked* once three presented frames in a row lie on one grid of vblanks (the feedback's
/// `refresh` apart, within ``gridTolerance``); until then, and whenever a presentation falls a quarter of a frame off
/// the grid (virtual time, a compositor that reports no refresh), the window draws as soon as it may, as before. The
/// grid follows each presentation a tenth of the way, so that jitter in the timestamps is smoothed. Locked, it draws at
/// the next vblank minus a *lead*: how long before its vblank the compositor must have the commit (``latchLead``,
/// learnt from the feedback), plus how long the window takes from the planned moment to its commit (the longest of
/// its recent frames: waking up late on a busy machine, then drawing).
///
/// The latch lead starts at ``minimumLatchLead``. A frame that went out on plan (its commit at least the lead before
/// its vblank) and was still presented a vblank later raises the lead by ``leadStep``, up to most of a frame; a frame
/// that was late by the window's own doing changes nothing. After ``hitsBeforeLowering`` frames on time in a row the
/// lead is lowered by half a step, so that a compositor that takes frames later again is followed.
public struct FramePacer: Sendable {
    /// What the pacer knows of the display clock.
    public enum Clock: Equatable, Sendable {
        /// No vblank grid: draw as soon as the frame callback allows.
        case unknown
        /// Vblanks at `anchor` + k × `refresh` on `CLOCK_MONOTONIC`.
        case locked(anchor: Duration, refresh: Duration)
    }

    /// When a window with something to draw draws.
    public enum Decision: Equatable, Sendable {
        /// Now: no clock, or the deadline has come.
        case now
        /// At this time on `CLOCK_MONOTONIC`, aiming at the vblank after it.
        case at(Duration)
    }

    /// How far a presentation may be from a multiple of the refresh after the last one and still be on the grid,
    /// while the clock is not locked yet.
    public static let gridTolerance: Duration = .microseconds(1500)
    /// How many presentations in a row on one grid lock the clock.
    public static let presentationsToLock = 3
    /// The smallest latch lead: the compositor needs the commit a little before its vblank.
    public static let minimumLatchLead: Duration = .milliseconds(1)
    /// How much a missed vblank raises the latch lead.
    public static let leadStep: Duration = .milliseconds(2)
    /// How many frames on time in a row before the latch lead is lowered by half a ``leadStep``.
    public static let hitsBeforeLowering = 600
    /// The refresh periods taken as a display's: 1 Hz to 1 000 Hz (zero means the compositor does not know).
    static let plausibleRefresh: ClosedRange<Duration> = .milliseconds(1) ... .seconds(1)
    /// How many recent draws the draw-time estimate keeps.
    static let drawHistory = 16

    /// What the pacer knows of the display clock.
    public private(set) var clock: Clock = .unknown
    /// How long before a vblank the compositor must have the commit, as learnt.
    public private(set) var latchLead = Self.minimumLatchLead
    /// The last presentation, and how many in a row agreed with the grid before it.
    private var lastPresentation: (time: Duration, refresh: Duration)?
    private var agreeing = 0
    /// Frames on time in a row since the lead last changed.
    private var hits = 0
    /// The window's recent times from the planned draw to the commit, newest last.
    private var drawTimes: [Duration] = []
    /// Committed frames awaiting feedback, by frame number: the vblank each aimed at and the lead it had.
    private var inFlight: [(frame: Int, vblank: Duration, lead: Duration)] = []

    public init() {}

    /// The time from the planned draw to its commit, as the pacer plans for it: the longest of the recent ones.
    public var drawEstimate: Duration { drawTimes.max() ?? .zero }

    /// When a window that has something to draw, and may draw (no frame callback pending), draws.
    public func decision(now: Duration) -> Decision {
        guard case let .locked(anchor, refresh) = clock else { return .now }
        // A draw that once ran long should not make every frame wait most of a frame: three quarters at most.
        let lead = min(latchLead + drawEstimate, refresh * 3 / 4)
        let deadline = Self.firstVblank(after: now + lead, anchor: anchor, refresh: refresh) - lead
        return deadline <= now ? .now : .at(deadline)
    }

    /// The window planned to draw at `planned` (the ``decision(now:)``'s time, or when it drew at once) and
    /// committed frame number `frame` at `commit`.
    public mutating func committed(frame: Int, plannedAt planned: Duration, at commit: Duration) {
        drawTimes.append(max(commit - planned, .zero))
        if drawTimes.count > Self.drawHistory { drawTimes.removeFirst() }
        guard case let .locked(anchor, refresh) = clock else { return }
        let vblank = Self.firstVblank(after: commit, anchor: anchor, refresh: refresh)
        inFlight.append((frame, vblank, vblank - commit))
        // Feedback never asked for or lost: keep only the last few frames.
        if inFlight.count > 8 { inFlight.removeFirst() }
    }

    /// The compositor presented frame number `frame` at `time`, with this `refresh` (zero when it does not know).
    public mutating func presented(frame: Int, at time: Duration, refresh: Duration) {
        let aim = inFlight.first { $0.frame == frame }
        inFlight.removeAll { $0.frame <= frame }
        followClock(presentedAt: time, refresh: refresh)
        guard case .locked = clock, let aim else { return }
        if time > aim.vblank + refresh / 2 {
            // A vblank later than aimed at: the compositor took its frame before the commit came.
            hits = 0
            if aim.lead >= latchLead {
                latchLead = min(max(latchLead, aim.lead) + Self.leadStep, refresh * 3 / 4)
            }
        } else {
            hits += 1
            if hits >= Self.hitsBeforeLowering {
                hits = 0
                latchLead = max(Self.minimumLatchLead, latchLead - Self.leadStep / 2)
            }
        }
    }

    /// The compositor never showed frame number `frame` (a newer one replaced it, or the window is hidden).
    public mutating func discarded(frame: Int) {
        inFlight.removeAll { $0.frame <= frame }
    }

    /// Locks onto the grid after ``presentationsToLock`` presentations agree, and lets go when one is far off it.
    /// Locked, the grid follows the presentations a tenth of the way at each, so that a compositor's timestamps
    /// taken in software (touch-replay's, a loaded machine's) do not each move every later deadline by their
    /// jitter.
    private mutating func followClock(presentedAt time: Duration, refresh: Duration) {
        defer { lastPresentation = (time, refresh) }
        func unlock() {
            agreeing = 0
            clock = .unknown
        }
        guard Self.plausibleRefresh.contains(refresh), let last = lastPresentation, last.refresh == refresh,
              time > last.time else { return unlock() }
        if case let .locked(anchor, lockedRefresh) = clock, lockedRefresh == refresh {
            let frames = ((time - anchor) / refresh).rounded()
            let predicted = anchor + refresh * frames
            let error = time - predicted
            guard error <= Self.lockedTolerance(refresh), error >= .zero - Self.lockedTolerance(refresh) else { return unlock() }
            clock = .locked(anchor: predicted + error / 10, refresh: refresh)
            return
        }
        let frames = ((time - last.time) / refresh).rounded()
        let error = (time - last.time) - refresh * frames
        let offGrid = error < .zero ? .zero - error : error
        guard frames >= 1, offGrid <= Self.gridTolerance else { return unlock() }
        agreeing += 1
        if agreeing + 1 >= Self.presentationsToLock { clock = .locked(anchor: time, refresh: refresh) }
    }

    /// How far a presentation may be from the locked grid before the clock is let go: a quarter of a frame.
    static func lockedTolerance(_ refresh: Duration) -> Duration { refresh / 4 }

    /// The first vblank of the grid at or after `time`.
    static func firstVblank(after time: Duration, anchor: Duration, refresh: Duration) -> Duration {
        let frames = ((time - anchor) / refresh).rounded(.up)
        return anchor + refresh * frames
    }
}
