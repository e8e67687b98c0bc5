// The tap recognizer: a number of quick taps with a number of fingers, each staying where it came down.

/// Recognizes one or more quick taps, as UIKit's `UITapGestureRecognizer` does. Discrete: it goes from `possible`
/// straight to `ended` (``GestureRecognizer/State-swift.enum/recognized``), calling its targets once.
///
/// A tap is ``numberOfTouchesRequired`` touches coming down and all lifting, none moving more than
/// ``GestureDefaults/tapSlop`` (10 pt) from where it came down. The recognizer recognizes on the release of tap
/// number ``numberOfTapsRequired``. It fails when a touch strays past the slop, when more touches come down than
/// required or fewer were down when they lifted, when the next tap does not come down within
/// ``GestureDefaults/doubleTapInterval`` (300 ms) of the previous release, or when it lands farther than
/// ``GestureDefaults/doubleTapSlop`` (45 pt) from the first tap.
///
/// Differs from UIKit: by default a tap may be held down as long as the user likes (UIKit's limit is undocumented);
/// set ``maximumPressDuration`` to fail taps held longer, or pair it with a long press that requires it to fail.
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture: 1 by default, 2 for a double tap.
    public var numberOfTapsRequired = 1
    /// How many fingers each tap is made with: 1 by default.
    public var numberOfTouchesRequired = 1
    /// The longest a tap may last, from its first touch coming down to its last lifting; `nil` (the default): no
    /// limit. A tap held longer fails when the time is up (while its touches are still down).
    public var maximumPressDuration: Duration?
    /// Fails a tap held past ``maximumPressDuration``.
    private var pressTimer: TimerQueue.Token?

    private enum Phase {
        /// No touch of this sequence yet.
        case idle
        /// Touches of the tap after those of `run` are down or lifting. `downLocations` are where this tap's
        /// touches came down, `lifted` how many of them are up.
        case pressing(run: TapRun, downLocations: [Point], lifted: Int)
        /// The taps of `run` are done; the next must come down before the timer fires.
        case awaitingNextTap(run: TapRun, timer: TimerQueue.Token?)
        /// Recognized or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.idle
    /// Where the taps were, once recognized: the centroid of the last tap's touches where they came down.
    private var tapLocation: Point?

    /// Where the taps were (the centroid of the last tap's touches where they came down) once recognized; before
    /// that, the centroid of the touches.
    open override func location(in view: View?) -> Point {
        guard let tapLocation else { return super.location(in: view) }
        guard let view else { return tapLocation }
        return view.convert(tapLocation, from: nil)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        let locations = touches.sorted { $0.identifier < $1.identifier }.map(\.initialLocationInWindow)
        switch phase {
        case .idle:
            startPressTimer()
            press(run: TapRun(anchor: .firstTap), downLocations: locations, lifted: 0)
        case let .pressing(run, downLocations, lifted):
            press(run: run, downLocations: downLocations + locations, lifted: lifted)
        case let .awaitingNextTap(run, timer):
            cancelTimer(timer)
            startPressTimer()
            press(run: run, downLocations: locations, lifted: 0)
        case .decided:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .pressing:
            if touches.contains(where: Self.hasStrayed) { fail() }
        case .idle, .awaitingNextTap, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .pressing(var run, let downLocations, let lifted):
            if touches.contains(where: Self.hasStrayed) { return fail() }
            let lifted = lifted + touches.count
            guard lifted >= downLocations.count else {
                phase = .pressing(run: run, downLocations: downLocations, lifted: lifted)
                return
            }
            // Every touch of this tap is up.
            cancelTimer(pressTimer)
            pressTimer = nil
            guard downLocations.count == numberOfTouchesRequired else { return fail() }
            let location = Self.centroid(downLocations)
            run.tapEnded(number: run.count + 1, at: location, time: event.timestamp)
            if run.count >= numberOfTapsRequired {
                phase = .decided
                tapLocation = location
                state = .ended
            } else {
                let timer = scheduleTimer(after: GestureDefaults.doubleTapInterval) { [weak self] in
                    self?.fail()
                }
                phase = .awaitingNextTap(run: run, timer: timer)
            }
        case .idle, .awaitingNextTap, .decided:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        phase = .decided
    }

    open override func reset() {
        super.reset()
        phase = .idle
        tapLocation = nil
        pressTimer = nil
    }

    /// A tap's first touch came down: with a ``maximumPressDuration``, the tap fails if it is still down then.
    private func startPressTimer() {
        guard let maximumPressDuration else { return }
        pressTimer = scheduleTimer(after: maximumPressDuration) { [weak self] in
            guard let self, case .pressing = phase else { return }
            fail()
        }
    }

    private func press(run: TapRun, downLocations: [Point], lifted: Int) {
        guard downLocations.count <= numberOfTouchesRequired else { return fail() }
        // The time is the timer's to judge; the place is judged once all of this tap's touches are down.
        if run.count > 0, downLocations.count == numberOfTouchesRequired,
           !run.isContinued(byPressAt: Self.centroid(downLocations)) {
            return fail()
        }
        phase = .pressing(run: run, downLocations: downLocations, lifted: lifted)
    }

    private func fail() {
        // Once decided, say nothing more: a timer still pending must not fail it twice.
        if case .decided = phase { return }
        phase = .decided
        state = .failed
    }

    private static func hasStrayed(_ touch: Touch) -> Bool {
        touch.locationInWindow.distance(to: touch.initialLocationInWindow) > GestureDefaults.tapSlop
    }

    static func centroid(_ points: [Point]) -> Point {
        guard !points.isEmpty else { return .zero }
        let n = Double(points.count)
        return Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
    }
}
