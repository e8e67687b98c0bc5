// What pinch and rotation share: the two touches they follow, and the state machine that follows them.
import FoundationEssentials
import Glibc

/// The two touches a two-finger recognizer follows, with the span between them and how far the line through them
/// has turned since both were down.
struct TouchPair {
    let first: Touch
    let second: Touch
    /// The distance between the touches when both were down, in points; at least a hundredth of a point, so that
    /// ratios to it stay finite.
    let initialSpan: Double
    /// How far the line from the first touch to the second has turned since both were down, in radians, positive
    /// clockwise on screen (y grows downward), unwrapped across ±π.
    private(set) var rotation: Double = 0
    private var lastAngle: Double

    init(_ first: Touch, _ second: Touch) {
        self.first = first
        self.second = second
        let vector = second.locationInWindow - first.locationInWindow
        initialSpan = max(vector.length, 0.01)
        lastAngle = Self.angle(of: vector)
    }

    /// The distance between the touches now, in points.
    var span: Double { (second.locationInWindow - first.locationInWindow).length }

    /// The current span relative to the initial one: 1 when both came down.
    var spanRatio: Double { span / initialSpan }

    func contains(_ touch: Touch) -> Bool { touch === first || touch === second }

    /// Takes the touches' new positions into ``rotation``.
    mutating func update() {
        let angle = Self.angle(of: second.locationInWindow - first.locationInWindow)
        var delta = angle - lastAngle
        if delta > .pi { delta -= 2 * .pi } else if delta <= -.pi { delta += 2 * .pi }
        rotation += delta
        lastAngle = angle
    }

    /// With y pointing down, a growing atan2(dy, dx) turns clockwise on screen.
    private static func angle(of vector: Vector) -> Double {
        vector.length > 0 ? atan2(vector.dy, vector.dx) : 0
    }
}

/// The state machine pinch and rotation share: wait for two touches, follow a measure of the pair until it has
/// changed enough to begin, report each change, end when either touch lifts; a third touch is ignored.
///
/// Each call returns what the recognizer should do (NIO's state-machine style): the recognizer sets its state.
struct TwoTouchGesture {
    /// What the recognizer should do after a call.
    enum Action {
        case none, begin, change, end, fail
    }

    private enum Phase {
        /// Fewer than two touches down.
        case waiting
        /// Both touches down; the measure has not changed enough.
        case tracking
        /// The gesture began.
        case active
        /// Ended, failed or cancelled: the rest of the sequence is ignored.
        case decided
    }

    /// The value whose change the gesture reports (the span ratio, the turn); its velocity is tracked.
    private let measure: (TouchPair) -> Double
    /// Whether the pair has changed enough for the gesture to begin.
    private let hasStarted: (TouchPair) -> Bool
    private var phase = Phase.waiting
    /// The first touch, while the second has not come down.
    private var firstTouch: Touch?
    private var velocityTracker = VelocityTracker()
    /// The two touches, once both are down.
    private(set) var pair: TouchPair?

    init(measure: @escaping (TouchPair) -> Double, hasStarted: @escaping (TouchPair) -> Bool) {
        self.measure = measure
        self.hasStarted = hasStarted
    }

    /// How fast the measure changes, per second.
    func velocity(at time: Timestamp) -> Double {
        velocityTracker.velocity(at: time).dx
    }

    mutating func touchesBegan(_ touches: Set<Touch>, at time: Timestamp) {
        guard case .waiting = phase else { return }
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) where pair == nil {
            if let first = firstTouch {
                let pair = TouchPair(first, touch)
                self.pair = pair
                velocityTracker.addSample(Point(x: measure(pair), y: 0), at: time)
                phase = .tracking
            } else {
                firstTouch = touch
            }
        }
    }

    mutating func touchesMoved(_ touches: Set<Touch>, at time: Timestamp) -> Action {
        guard var pair, touches.contains(where: pair.contains) else { return .none }
        pair.update()
        self.pair = pair
        switch phase {
        case .tracking:
            velocityTracker.addSample(Point(x: measure(pair), y: 0), at: time)
            guard hasStarted(pair) else { return .none }
            phase = .active
            return .begin
        case .active:
            velocityTracker.addSample(Point(x: measure(pair), y: 0), at: time)
            return .change
        case .waiting, .decided:
            return .none
        }
    }

    mutating func touchesEnded(_ touches: Set<Touch>) -> Action {
        switch phase {
        case .waiting:
            guard touches.contains(where: { $0 === firstTouch }) else { return .none }
        case .tracking:
            guard let pair, touches.contains(where: pair.contains) else { return .none }
        case .active:
            guard let pair, touches.contains(where: pair.contains) else { return .none }
            phase = .decided
            return .end
        case .decided:
            return .none
        }
        phase = .decided
        return .fail
    }

    /// The system took the touches: the window cancels or fails the recognizer; ignore the rest.
    mutating func touchesCancelled() {
        phase = .decided
    }

    mutating func reset() {
        self = TwoTouchGesture(measure: measure, hasStarted: hasStarted)
    }
}

extension GestureRecognizer {
    /// Sets the state a two-touch gesture's action asks for.
    func perform(_ action: TwoTouchGesture.Action) {
        switch action {
        case .none: break
        case .begin: state = .began
        case .change: state = .changed
        case .end: state = .ended
        case .fail: state = .failed
        }
    }
}
