// The stroke-hold recognizer: one finger or pen draws, then rests still at the stroke's end.

/// Recognizes a stroke of one touch that comes to rest: the touch has gone at least ``minimumStrokeLength`` and then
/// stayed within ``allowableMovement`` of one place for ``minimumHoldDuration``. A drawing program turns such a
/// stroke into the clean shape it looks like (Procreate's QuickShape).
///
/// Continuous: `began` when the rest has lasted long enough; `ended` when the touch lifts where it rested;
/// `cancelled` when it moves on (farther than ``allowableMovement`` from where it rested) or a second touch comes
/// down. Before it begins it fails when the touch lifts, a second touch comes down, or the touches are cancelled.
///
/// It never takes the touches from its view (``GestureRecognizer/cancelsTouchesInView`` and
/// ``GestureRecognizer/delaysTouchesEnded`` are false), and it prevents no other recognizer (``canPrevent(_:)``):
/// the stroke goes on being drawn as it is, and what the hold means is its target's to decide.
///
/// One timer runs per stroke: moving the touch moves the rest's start, and the timer, when it fires early, is set
/// again for the rest's deadline, rather than being re-armed at every sample.
open class StrokeHoldGestureRecognizer: GestureRecognizer {
    /// How long the touch must rest: 0.5 s by default (``GestureDefaults/strokeHoldDuration``).
    public var minimumHoldDuration: Duration = GestureDefaults.strokeHoldDuration
    /// How far the touch may wander while resting, in points: 6 by default
    /// (``GestureDefaults/strokeHoldAllowableMovement``).
    public var allowableMovement: Double = GestureDefaults.strokeHoldAllowableMovement
    /// How far the touch must go before it rests, in points: 20 by default
    /// (``GestureDefaults/strokeHoldMinimumLength``).
    public var minimumStrokeLength: Double = GestureDefaults.strokeHoldMinimumLength

    /// The identifier of the touch whose stroke is followed; `nil` between sequences.
    public private(set) var touchIdentifier: Int?

    private enum Phase {
        /// No touch yet.
        case idle
        /// The touch draws: it has gone `travelled` points, and rests within the allowed movement of `restPoint`
        /// since `restTime`. `timer` runs once it has gone far enough.
        case drawing(travelled: Double, restPoint: Point, restTime: Timestamp, timer: TimerQueue.Token?)
        /// The gesture began: the touch rests at `restPoint`.
        case holding(restPoint: Point)
        /// Ended, cancelled or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.idle

    public override init() {
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .idle:
            guard touches.count == 1, let touch = touches.first else { return decide(.failed) }
            touchIdentifier = touch.identifier
            phase = .drawing(travelled: 0, restPoint: touch.locationInWindow, restTime: currentTime, timer: nil)
        case .drawing:
            // A second finger: a stroke is held with one.
            decide(.failed)
        case .holding:
            decide(.cancelled)
        case .decided:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first(where: { $0.identifier == touchIdentifier }) else { return }
        let point = touch.locationInWindow
        switch phase {
        case let .drawing(travelled, restPoint, _, timer):
            let step = point.distance(to: restPoint)
            guard step > allowableMovement else { return }
            let travelled = travelled + step
            var timer = timer
            if timer == nil, travelled >= minimumStrokeLength {
                timer = scheduleTimer(after: minimumHoldDuration) { [weak self] in self?.checkRest() }
            }
            phase = .drawing(travelled: travelled, restPoint: point, restTime: currentTime, timer: timer)
        case let .holding(restPoint):
            if point.distance(to: restPoint) > allowableMovement { decide(.cancelled) }
        case .idle, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .drawing:
            decide(.failed)
        case .holding:
            decide(.ended)
        case .idle, .decided:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        // The window cancels a gesture that began and fails one that had not.
        phase = .decided
    }

    open override func reset() {
        super.reset()
        phase = .idle
        touchIdentifier = nil
    }

    /// Holding the stroke prevents nothing: the taps, pans and pinches of the same view go on deciding for
    /// themselves. As UIKit's `canPrevent(_:)`.
    open override func canPrevent(_ other: GestureRecognizer) -> Bool { false }

    /// The timer fired: the gesture begins if the touch has rested long enough, else the timer is set again for
    /// the moment it will have.
    private func checkRest() {
        guard case let .drawing(travelled, restPoint, restTime, _) = phase else { return }
        let deadline = restTime + minimumHoldDuration
        guard currentTime >= deadline else {
            let timer = scheduleTimer(after: deadline - currentTime) { [weak self] in self?.checkRest() }
            phase = .drawing(travelled: travelled, restPoint: restPoint, restTime: restTime, timer: timer)
            return
        }
        phase = .holding(restPoint: restPoint)
        state = .began
    }

    private func decide(_ outcome: State) {
        phase = .decided
        state = outcome
    }
}
