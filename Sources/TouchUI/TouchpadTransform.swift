// What pinch and rotation share for a touchpad gesture: the state machine that follows its cumulative value.

/// The state machine pinch and rotation follow a touchpad pinch with: wait for the first update whose measure
/// (the scale, the turn) has changed, then report each update, end when the fingers lift; lifting before any
/// change fails. The system cancelling the gesture is the window's to report (the arena cancels or fails).
///
/// Each call returns what the recognizer should do, as ``TwoTouchGesture``'s do.
struct TouchpadTransform {
    private enum Phase {
        /// No touchpad gesture followed.
        case idle
        /// The gesture began; its measure has not changed yet.
        case tracking
        /// The recognizer began.
        case active
        /// Ended, failed or cancelled: the rest of the gesture is ignored.
        case decided
    }

    /// The value the recognizer reports (the cumulative scale, the cumulative turn).
    private let measure: (TouchpadGestureEvent) -> Double
    /// Whether the gesture has changed enough for the recognizer to begin.
    private let hasStarted: (TouchpadGestureEvent) -> Bool
    private var phase = Phase.idle
    private var velocityTracker = VelocityTracker()
    /// The measure of the latest moment, while a gesture is followed.
    private(set) var value: Double?

    init(measure: @escaping (TouchpadGestureEvent) -> Double, hasStarted: @escaping (TouchpadGestureEvent) -> Bool) {
        self.measure = measure
        self.hasStarted = hasStarted
    }

    /// How fast the measure changes, per second.
    func velocity(at time: Timestamp) -> Double {
        velocityTracker.velocity(at: time).dx
    }

    mutating func began(_ gesture: TouchpadGestureEvent) {
        guard case .idle = phase else { return }
        phase = .tracking
        record(gesture)
    }

    mutating func changed(_ gesture: TouchpadGestureEvent) -> TwoTouchGesture.Action {
        switch phase {
        case .tracking:
            record(gesture)
            guard hasStarted(gesture) else { return .none }
            phase = .active
            return .begin
        case .active:
            record(gesture)
            return .change
        case .idle, .decided:
            return .none
        }
    }

    mutating func ended() -> TwoTouchGesture.Action {
        switch phase {
        case .tracking:
            phase = .decided
            return .fail
        case .active:
            phase = .decided
            return .end
        case .idle, .decided:
            return .none
        }
    }

    /// The system took the gesture: the window cancels or fails the recognizer; ignore the rest.
    mutating func cancelled() {
        phase = .decided
    }

    mutating func reset() {
        self = TouchpadTransform(measure: measure, hasStarted: hasStarted)
    }

    private mutating func record(_ gesture: TouchpadGestureEvent) {
        value = measure(gesture)
        velocityTracker.addSample(Point(x: measure(gesture), y: 0), at: gesture.timestamp)
    }
}
