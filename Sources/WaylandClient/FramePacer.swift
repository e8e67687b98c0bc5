// Drawing against the display: when the compositor says when frames turn into light (wp_presentation), a window
// draws shortly before the compositor takes the next frame, with the input that came until then, rather than as
// soon as its frame callback lets it (docs/frame-pacing.md).

/// Decides when a window draws, from the presentation feedback of the frames it committed.
///
/// The display clock is *locked*:
/// - at the window's first presentation (the grid of its time and its `refresh`, kept if the next presentation agrees);
/// - or later, once two presented frames in a row lie on one grid of vblanks (the feedback's `refresh` apart, within
///   ``gridTolerance``).
///
/// Until then the window draws as soon as it may, as before. It does so again once presentations fall a quarter of a
/// frame off the grid ``offGridToUnlock`` times in a row (virtual time; a single one is left out, as a timestamp its
/// compositor was late to take), or when the compositor reports no refresh. The grid follows the presentations, quickly
/// towards early ones and slowly towards late ones (a timestamp is the vblank or later, never earlier), so that jitter
/// in the timestamps is smoothed.
///
/// Locked, it draws at the next vblank minus a *lead*, the sum of:
/// - how long before its vblank the compositor must have the commit (``latchLead``, learnt from the feedback);
/// - how long the window takes from the planned moment to its commit (waking up, then drawing): the 90th percentile of
///   its last ``drawHistory`` frames drawn on the clock, so that one slow frame (the first, full-window one; a wake-up
///   the machine delayed) does not make the next ones wait for most of a frame.
///
/// Frames the window says are costly (``Phase/planned(at:vblank:isCostly:)``: a stroke completed) are timed apart and
/// planned with their own estimate.
///
/// The latch lead is the larger of two things learnt:
/// - when the compositor answers frame callbacks: a compositor answers a frame's callback when it takes the frame for
///   the screen (weston when it repaints, mutter and KWin when they composite, touch-replay at its latch), so the time
///   from a callback to the presentation of its frame is how long before its vblank the compositor took it. The
///   largest of the last ``latchSamples`` such times, plus ``callbackLatchMargin`` for the callback's way to the
///   window, is a lead known from the window's first presented frame on, before any frame missed; with it known, the
///   whole lead may reach a whole frame. A callback answered at or after the presentation, or a frame or more before
///   it, says nothing.
/// - the frames it showed late: starting at ``minimumLatchLead``, a frame that went out on plan (its commit at least
///   the lead before its vblank) and was still presented a vblank later raises it by ``leadStep``, up to most of a
///   frame; a frame that was late by the window's own doing changes nothing. After ``hitsBeforeLowering`` frames on
///   time in a row it is lowered by half a step, so that a compositor that takes frames later again is followed.
///
/// The window tells the pacer what happens (it may draw, it cannot, it committed, a frame was presented or
/// discarded); the pacer answers with what to do (``Decision``). Its phase is ``Phase``.
public struct FramePacer: Sendable {
    /// What the pacer knows of the display clock.
    public enum Clock: Equatable, Sendable {
        /// No vblank grid: draw as soon as the frame callback allows.
        case unknown
        /// Vblanks at `anchor` + k × `refresh` on `CLOCK_MONOTONIC`.
        case locked(anchor: Duration, refresh: Duration)
    }

    /// Where the window is in its frame.
    public enum Phase: Equatable, Sendable {
        /// Nothing to draw, or a frame in the compositor's hands (a frame callback pending).
        case idle
        /// The window draws at `at`, aiming at `vblank` (`nil`: no clock, it draws at once); `isCostly` when it
        /// said the frame costs more than most (planned with the costly frames' estimate).
        case planned(at: Duration, vblank: Duration?, isCostly: Bool)
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
    public static let presentationsToLock = 2
    /// How many presentations in a row a quarter of a frame off the locked grid let go of the clock; fewer are
    /// left out (a vblank timestamp the compositor's machine delayed).
    public static let offGridToUnlock = 3
    /// The smallest latch lead: the compositor needs the commit a little before its vblank.
    public static let minimumLatchLead: Duration = .milliseconds(1)
    /// How much a missed vblank raises the latch lead.
    public static let leadStep: Duration = .milliseconds(2)
    /// How many frames on time in a row before the latch lead is lowered by half a ``leadStep``.
    public static let hitsBeforeLowering = 600
    /// How many recent frames' times from frame callback to presentation the latch lead is taken from.
    static let latchSamples = 8
    /// What the latch lead taken from frame callbacks adds for the callback's way from the compositor to the
    /// window (a socket and a wake-up, well under this).
    public static let callbackLatchMargin: Duration = .microseconds(500)
    /// The refresh periods taken as a display's: 1 Hz to 1 000 Hz (zero means the compositor does not know).
    static let plausibleRefresh: ClosedRange<Duration> = .milliseconds(1) ... .seconds(1)
    /// How many recent frames the estimates keep, each of normal and of costly frames.
    static let drawHistory = 32
    /// Which of them the estimate is: the 90th percentile (nearest rank), so that a rare slow frame is not
    /// planned for, and a machine that is often slow is.
    static let estimateQuantile = 0.9
    /// What a costly frame is taken to add before one was timed: a stroke's completion drawn into its tiles.
    public static let costlyFramePrior: Duration = .milliseconds(2)
    /// What a frame is taken to need from the planned moment to its commit before any frame was timed: the first
    /// frames of the first stroke, planned on the first presentation alone. They draw longer than the frames after
    /// them (0.8–1.4 ms at 800x600 against 0.3), and planned with the latch lead alone the first input's frame
    /// missed its vblank in a quarter of the runs through touch-replay on a loaded machine (docs/frame-pacing.md).
    public static let untimedDrawPrior: Duration = .milliseconds(2)

    /// What the pacer knows of the display clock.
    public private(set) var clock: Clock = .unknown
    /// Where the window is in its frame.
    public private(set) var phase: Phase = .idle
    /// How long before a vblank the compositor must have the commit, as learnt: from the frame callbacks, and from
    /// the frames shown late.
    public var latchLead: Duration {
        guard let taken = callbackLatch.largest else { return missLatchLead }
        return max(missLatchLead, taken + Self.callbackLatchMargin)
    }
    /// The latch lead learnt from the frames shown a vblank late.
    private var missLatchLead = Self.minimumLatchLead
    /// The times from the recent frames' callbacks to their presentation.
    private var callbackLatch = RecentTimes(count: latchSamples)
    /// When the recent frames' callbacks came, by frame number, until their presentation.
    private var callbacks: [(frame: Int, time: Duration)] = []
    /// The last presentation, and how many in a row agreed with the grid before it.
    private var lastPresentation: (time: Duration, refresh: Duration)?
    private var agreeing = 0
    /// Presentations in a row off the locked grid.
    private var offGrid = 0
    /// Whether the clock is locked on the window's first presentation alone, not yet confirmed by a second.
    private var isProvisional = false
    /// Frames on time in a row since the lead last changed.
    private var hits = 0
    /// The window's recent times from the planned draw to the commit, of frames planned on the clock, newest last:
    /// normal ones and costly ones.
    private var drawTimes = RecentTimes(count: drawHistory)
    private var costlyDrawTimes = RecentTimes(count: drawHistory)
    /// Committed frames awaiting feedback, by frame number: the vblank each aimed at and the lead it had.
    private var inFlight: [(frame: Int, vblank: Duration, lead: Duration)] = []

    public init() {}

    /// The time from the planned draw to its commit, as the pacer plans for it: the 90th percentile of the recent
    /// ones (``untimedDrawPrior`` before any).
    public var drawEstimate: Duration { drawTimes.quantile(Self.estimateQuantile) ?? Self.untimedDrawPrior }

    /// The same for a costly frame: from the costly frames timed, else the normal estimate plus
    /// ``costlyFramePrior``.
    public var costlyDrawEstimate: Duration {
        costlyDrawTimes.quantile(Self.estimateQuantile).map { max($0, drawEstimate) } ?? drawEstimate + Self.costlyFramePrior
    }

    /// How long before its vblank a frame is planned: the latch lead plus the draw estimate (the costly one for a
    /// costly frame); `nil` while the clock is not locked. At most three quarters of a frame, or a whole frame when
    /// the frame callbacks say how early the compositor takes frames: one that takes them 7 ms before a 120 Hz
    /// vblank needs the commit more than three quarters of a frame before it.
    public func lead(isCostly: Bool = false) -> Duration? {
        guard case let .locked(_, refresh) = clock else { return nil }
        let most = callbackLatch.largest == nil ? refresh * 3 / 4 : refresh
        return min(latchLead + (isCostly ? costlyDrawEstimate : drawEstimate), most)
    }

    /// The first vblank at or after `time`, when the clock is locked.
    public func vblank(atOrAfter time: Duration) -> Duration? {
        guard case let .locked(anchor, refresh) = clock else { return nil }
        return Self.firstVblank(after: time, anchor: anchor, refresh: refresh)
    }

    /// When a window that has something to draw, and may draw, would draw now: at once without a clock, else at the
    /// first vblank it can still make less the lead.
    public func decision(now: Duration, isCostly: Bool = false) -> Decision {
        guard let plan = plan(now: now, isCostly: isCostly), plan.time > now else { return .now }
        return .at(plan.time)
    }

    private func plan(now: Duration, isCostly: Bool) -> (time: Duration, vblank: Duration)? {
        guard case let .locked(anchor, refresh) = clock, let lead = lead(isCostly: isCostly) else { return nil }
        let vblank = Self.firstVblank(after: now + lead, anchor: anchor, refresh: refresh)
        return (vblank - lead, vblank)
    }

    /// The window has something to draw and may draw (no frame callback pending): when it draws. The plan is made
    /// the first time and kept, so that input arriving meanwhile does not push it back; a frame that became costly
    /// since (`isCostly`) is planned again, earlier, with the costly estimate — at once if that moment has passed.
    public mutating func windowMayDraw(now: Duration, isCostly: Bool = false) -> Decision {
        switch phase {
        case .idle:
            let plan = plan(now: now, isCostly: isCostly)
            phase = .planned(at: plan?.time ?? now, vblank: plan?.vblank, isCostly: isCostly)
        case let .planned(time, vblank?, false) where isCostly:
            // Became costly since it was planned: the same vblank with the costly lead, never later than planned,
            // at once if that moment has passed.
            let costly = vblank - (lead(isCostly: true) ?? .zero)
            phase = .planned(at: min(time, max(costly, now)), vblank: vblank, isCostly: true)
        case .planned:
            break
        }
        guard case let .planned(time, _, _) = phase, time > now else { return .now }
        return .at(time)
    }

    /// The window has nothing to draw, or a frame callback is pending: no plan.
    public mutating func windowCannotDraw() {
        phase = .idle
    }

    /// The window committed frame number `frame` at `commit`, drawn on the current plan (or at once).
    public mutating func committed(frame: Int, at commit: Duration) {
        var planned = commit
        if case let .planned(time, vblank, isCostly) = phase {
            planned = min(time, commit)
            // Only frames drawn on a confirmed clock say how long a frame takes: the first, full-window frame, drawn
            // at once before the clock locks, and the first after it (the first input's, planned on the first
            // presentation alone: 5–6 ms at 3840x2160), are not ones to plan every later frame by.
            if vblank != nil, !isProvisional { record(commit - planned, isCostly: isCostly) }
        }
        phase = .idle
        guard case let .locked(anchor, refresh) = clock else { return }
        let vblank = Self.firstVblank(after: commit, anchor: anchor, refresh: refresh)
        inFlight.append((frame, vblank, vblank - commit))
        // Feedback never asked for or lost: keep only the last few frames.
        if inFlight.count > 8 { inFlight.removeFirst() }
    }

    private mutating func record(_ time: Duration, isCostly: Bool) {
        if isCostly { costlyDrawTimes.add(time) } else { drawTimes.add(time) }
    }

    /// The frame callback asked for with frame number `frame` came at `time`: the compositor took that frame (or a
    /// later one) for the screen.
    public mutating func frameCallbackCame(frame: Int, at time: Duration) {
        guard !callbacks.contains(where: { $0.frame >= frame }) else { return }
        callbacks.append((frame, time))
        // Frames never presented nor discarded (feedback not asked for): keep only the last few.
        if callbacks.count > 8 { callbacks.removeFirst() }
    }

    /// The compositor presented frame number `frame` at `time`, with this `refresh` (zero when it does not know).
    public mutating func presented(frame: Int, at time: Duration, refresh: Duration) {
        let aim = inFlight.first { $0.frame == frame }
        inFlight.removeAll { $0.frame <= frame }
        let callback = callbacks.first { $0.frame == frame }
        callbacks.removeAll { $0.frame <= frame }
        followClock(presentedAt: time, refresh: refresh)
        guard case let .locked(anchor, _) = clock else { return }
        if let callback {
            // From the callback to the vblank of the grid (a timestamp taken late would lengthen it).
            let vblank = anchor + refresh * ((time - anchor) / refresh).rounded()
            if vblank > callback.time, vblank - callback.time < refresh { callbackLatch.add(vblank - callback.time) }
        }
        guard let aim else { return }
        if time > aim.vblank + refresh / 2 {
            // A vblank later than aimed at: the compositor took its frame before the commit came.
            hits = 0
            if aim.lead >= latchLead {
                missLatchLead = min(max(latchLead, aim.lead) + Self.leadStep, refresh * 3 / 4)
            }
        } else {
            hits += 1
            if hits >= Self.hitsBeforeLowering {
                hits = 0
                missLatchLead = max(Self.minimumLatchLead, missLatchLead - Self.leadStep / 2)
            }
        }
    }

    /// The compositor never showed frame number `frame` (a newer one replaced it, or the window is hidden).
    public mutating func discarded(frame: Int) {
        inFlight.removeAll { $0.frame <= frame }
        callbacks.removeAll { $0.frame <= frame }
    }

    /// Locks onto the grid of the window's first presentation at once (let go unless the next one agrees within
    /// ``gridTolerance``), else after ``presentationsToLock`` presentations agree, and lets go when several in a
    /// row are far off it. Locked, the grid follows each presentation part of the way: half of the way towards one earlier
    /// than the grid, a sixteenth towards one later. A timestamp taken in software (touch-replay's, a loaded
    /// machine's compositor) is the vblank plus however long the compositor took to get there, never less, so the
    /// earliest timestamps are the vblanks: a grid following the mean would put the deadlines after the vblanks
    /// that came on time.
    private mutating func followClock(presentedAt time: Duration, refresh: Duration) {
        defer { lastPresentation = (time, refresh) }
        func unlock() {
            agreeing = 0
            offGrid = 0
            isProvisional = false
            clock = .unknown
        }
        guard Self.plausibleRefresh.contains(refresh) else { return unlock() }
        guard let last = lastPresentation else {
            // The window's first presentation, with the refresh it gives, is the grid until the next one says
            // otherwise: locked before the first input of a window that drew its first frame and went idle.
            clock = .locked(anchor: time, refresh: refresh)
            isProvisional = true
            return
        }
        guard last.refresh == refresh, time > last.time else { return unlock() }
        if case let .locked(anchor, lockedRefresh) = clock, lockedRefresh == refresh {
            let frames = ((time - anchor) / refresh).rounded()
            let predicted = anchor + refresh * frames
            let error = time - predicted
            if isProvisional {
                // A grid from one presentation holds only if the next agrees with it as closely as two that lock.
                isProvisional = false
                guard error <= Self.gridTolerance, error >= .zero - Self.gridTolerance else { return unlock() }
            }
            guard error <= Self.lockedTolerance(refresh), error >= .zero - Self.lockedTolerance(refresh) else {
                // One timestamp far off (a compositor its machine kept from running for a few milliseconds) is
                // left out; several in a row mean the clock is not that grid any more.
                offGrid += 1
                if offGrid >= Self.offGridToUnlock { unlock() }
                return
            }
            offGrid = 0
            clock = .locked(anchor: predicted + (error < .zero ? error / 2 : error / 16), refresh: refresh)
            return
        }
        let frames = ((time - last.time) / refresh).rounded()
        let error = (time - last.time) - refresh * frames
        let distance = error < .zero ? .zero - error : error
        guard frames >= 1, distance <= Self.gridTolerance else { return unlock() }
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

/// The last few durations, also kept in order, for a quantile without sorting or allocating at each frame.
struct RecentTimes: Sendable {
    /// How many are kept.
    let count: Int
    /// Oldest first.
    private var recent: [Duration] = []
    /// The same, smallest first.
    private var sorted: [Duration] = []

    init(count: Int) {
        self.count = max(count, 1)
        recent.reserveCapacity(self.count + 1)
        sorted.reserveCapacity(self.count + 1)
    }

    /// Keeps `time`, forgetting the oldest beyond ``count``.
    mutating func add(_ time: Duration) {
        recent.append(time)
        sorted.insert(time, at: sorted.firstIndex { $0 > time } ?? sorted.endIndex)
        guard recent.count > count else { return }
        let oldest = recent.removeFirst()
        if let index = sorted.firstIndex(of: oldest) { sorted.remove(at: index) }
    }

    /// The largest, `nil` when empty.
    var largest: Duration? { sorted.last }

    /// The `q`-quantile (0...1) by nearest rank, `nil` when empty.
    func quantile(_ q: Double) -> Duration? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
