// Quick taps in a row: counted one way for the window's tap count, the tap recognizer and the long press.

/// A run of quick taps: "N quick taps within the slop".
///
/// Each tap is a press that lifted without straying (the caller judges the straying: the tap slop for
/// `Touch.tapCount` and taps, the allowable movement for a long press). A press continues the run when it comes
/// down within ``GestureDefaults/doubleTapInterval`` of the latest release — the window compares times; the
/// recognizers let a timer of that length fail them — and within ``GestureDefaults/doubleTapSlop`` of the run's
/// place, which the ``Anchor`` chooses.
struct TapRun: Equatable {
    /// Where a press is measured from to continue the run.
    enum Anchor: Equatable {
        /// The first tap of the run: every tap lands near it (``TapGestureRecognizer``, as UIKit's).
        case firstTap
        /// The latest tap: each tap lands near the one before (``Touch/tapCount``).
        case latestTap
        /// Anywhere: the taps before a ``LongPressGestureRecognizer``'s press are counted wherever they land.
        case anywhere
    }

    let anchor: Anchor
    /// How many taps the run has completed.
    private(set) var count = 0
    /// Where the next press is measured from, once a tap completed (never for ``Anchor/anywhere``).
    private(set) var place: Point?
    /// When the latest tap was released.
    private(set) var releaseTime: Timestamp?

    init(anchor: Anchor) {
        self.anchor = anchor
    }

    /// Whether a press at `location` continues the run: a tap completed, the press is close enough to the run's
    /// place, and, when `time` is given, it came within the double-tap interval of the latest release.
    func isContinued(byPressAt location: Point, at time: Timestamp? = nil) -> Bool {
        guard count > 0 else { return false }
        if let time, let releaseTime, time - releaseTime > GestureDefaults.doubleTapInterval { return false }
        guard let place else { return true }
        return location.distance(to: place) <= GestureDefaults.doubleTapSlop
    }

    /// The number of the tap a press at `location` at `time` makes: one more than the run's when it continues the
    /// run, else 1.
    func number(ofPressAt location: Point, at time: Timestamp) -> Int {
        isContinued(byPressAt: location, at: time) ? count + 1 : 1
    }

    /// Tap number `number` of the run lifted: it was at `location`, released at `time`.
    mutating func tapEnded(number: Int, at location: Point, time: Timestamp) {
        count = number
        releaseTime = time
        switch anchor {
        case .firstTap: if number == 1 || place == nil { place = location }
        case .latestTap: place = location
        case .anywhere: place = nil
        }
    }

    /// The run is broken (a touch strayed, or time ran out): the next press starts a new one.
    mutating func end() {
        count = 0
        place = nil
        releaseTime = nil
    }
}
