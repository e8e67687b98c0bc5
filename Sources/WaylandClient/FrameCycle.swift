// A surface's frame cycle: whether a frame callback is pending, and what to do with what waits to be drawn.

/// When a surface draws, as a state machine: at most one frame per frame callback, a watchdog for a surface the
/// compositor hides (it sends no frame callbacks), and nothing before the first configure.
///
/// - The presenter tells it what happened: configured, a frame callback asked for, its `done`, time passing.
/// - Each transition returns what to do (``Action``); the presenter applies it.
/// - What waits to be drawn (damage, a frame asked for) the presenter keeps, and passes in as a ``Wish``.
/// - When a draw that may happen does happen is the ``FramePacer``'s to say.
enum FrameCycle: Equatable {
    /// Before the first configure: nothing is drawn, whatever is asked.
    case unconfigured
    /// No frame callback is pending: what waits is drawn when the pacer's time has come.
    case ready
    /// A frame callback asked for at `since` is pending: what waits is drawn after it, or after the watchdog.
    case awaitingFrame(since: Duration)

    /// How long to wait for a frame callback before drawing anyway.
    static let watchdogInterval: Duration = .seconds(1)

    /// What waits to be drawn.
    enum Wish: Equatable {
        /// Nothing.
        case nothing
        /// A frame.
        case frame
        /// A frame said to cost more than most (``SurfacePresenter/setNeedsDraw(isCostly:)``).
        case costlyFrame
    }

    /// What the presenter does.
    enum Action: Equatable {
        /// Nothing: nothing waits, or nothing may be drawn yet.
        case nothing
        /// Something waits, behind a pending frame callback: no draw until it comes (or the watchdog).
        case waitForFrame
        /// Draw when the pacer says (`isCostly`: plan it as a costly frame).
        case drawWhenPaced(isCostly: Bool)
        /// Draw now, whatever the pacer says.
        case drawNow
        /// A bare commit, no buffer: it applies the new state to the buffer already shown.
        case commitBare
        /// The pending frame callback is given up on (the surface is probably hidden); `thenDraws`: draw now.
        case abandonFrame(thenDraws: Bool)
    }

    /// The surface was configured: draws at once when nothing was shown yet or the whole surface must be redrawn
    /// (`needsFullRedraw`), pending frame callback or not; else a bare commit.
    mutating func configured(needsFullRedraw: Bool) -> Action {
        let isFirst = self == .unconfigured
        if isFirst { self = .ready }
        return isFirst || needsFullRedraw ? .drawNow : .commitBare
    }

    /// What to do at the end of an event-loop iteration with `wish` waiting.
    func iterationEnds(wish: Wish) -> Action {
        switch (self, wish) {
        case (_, .nothing), (.unconfigured, _): .nothing
        case (.awaitingFrame, _): .waitForFrame
        case (.ready, .frame): .drawWhenPaced(isCostly: false)
        case (.ready, .costlyFrame): .drawWhenPaced(isCostly: true)
        }
    }

    /// A commit asked for a frame callback at `time` (replacing any pending one).
    mutating func frameRequested(at time: Duration) {
        self = .awaitingFrame(since: time)
    }

    /// The frame callback came: the surface may draw again, at the end of this iteration.
    mutating func frameDone() {
        if case .awaitingFrame = self { self = .ready }
    }

    /// When the watchdog fires, if a frame callback is pending.
    var watchdogDeadline: Duration? {
        guard case let .awaitingFrame(since) = self else { return nil }
        return since + Self.watchdogInterval
    }

    /// The time is `now`: once the pending frame callback is ``watchdogInterval`` old, gives up on it and draws
    /// `wish`, if anything, at once.
    mutating func watchdogChecked(now: Duration, wish: Wish) -> Action {
        guard let deadline = watchdogDeadline, now >= deadline else { return .nothing }
        self = .ready
        return .abandonFrame(thenDraws: wish != .nothing)
    }
}
