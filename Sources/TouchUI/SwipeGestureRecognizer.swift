// The swipe recognizer: a quick, straight stroke in an allowed direction.
import FoundationEssentials
import Glibc

/// Recognizes a quick, straight stroke in one of the allowed directions, as UIKit's `UISwipeGestureRecognizer`
/// does. Discrete: it goes from `possible` straight to `ended` while the touches are still moving.
///
/// Once ``numberOfTouchesRequired`` touches are down, their centroid must travel
/// ``GestureDefaults/swipeMinimumDistance`` (50 pt) along an allowed ``direction`` within
/// ``GestureDefaults/swipeMaximumDuration`` (300 ms), staying within ``GestureDefaults/swipeMaximumAngle`` (30°) of
/// that direction's axis. It fails when the time runs out, when the movement strays off every allowed axis after
/// leaving the ``GestureDefaults/tapSlop``, when the touches lift first, or when more touches come down than
/// required.
///
/// Differs from UIKit: the recognized direction is reported in ``recognizedDirection``, which UIKit does not offer.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions a swipe may go, in screen terms (y grows downward).
    public struct Direction: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The directions as bits: right 1, left 2, up 4, down 8.
        public let rawValue: UInt8
        /// The directions whose bits are set in `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y, up the screen.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y, down the screen.
        public static let down = Direction(rawValue: 1 << 3)

        /// The single directions, with the unit vector of each on screen.
        static let axes: [(direction: Direction, unit: Vector)] = [
            (.right, Vector(dx: 1, dy: 0)), (.left, Vector(dx: -1, dy: 0)),
            (.up, Vector(dx: 0, dy: -1)), (.down, Vector(dx: 0, dy: 1)),
        ]

        /// The directions' names joined by `|`, as `right|up`; empty for the empty set.
        public var description: String {
            let names = [(Direction.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
            return names.filter { contains($0.0) }.map(\.1).joined(separator: "|")
        }
    }

    /// The directions that count: `.right` by default. Several may be allowed at once.
    public var direction: Direction = .right
    /// How many fingers swipe: 1 by default.
    public var numberOfTouchesRequired = 1
    /// The single direction the last swipe went, once recognized; `nil` before.
    public private(set) var recognizedDirection: Direction?

    private enum Phase {
        /// Fewer than the required touches are down; `down` came down so far.
        case gathering(down: Int)
        /// The required touches are down; the stroke is measured from `start` until the timer fires.
        case tracking(start: Point, timer: TimerQueue.Token?)
        /// Recognized or failed: the rest of the sequence is ignored.
        case decided
    }

    private var phase = Phase.gathering(down: 0)

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case let .gathering(down):
            let down = down + touches.count
            if down > numberOfTouchesRequired { return fail() }
            if down == numberOfTouchesRequired, let start = centroidInWindow {
                let timer = scheduleTimer(after: GestureDefaults.swipeMaximumDuration) { [weak self] in self?.fail() }
                phase = .tracking(start: start, timer: timer)
            } else {
                phase = .gathering(down: down)
            }
        case .tracking:
            fail()
        case .decided:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case let .tracking(start, _):
            guard let current = centroidInWindow else { return }
            let movement = current - start
            let allowed = Direction.axes.filter { direction.contains($0.direction) }
            if let match = allowed.first(where: { axis in
                dot(movement, axis.unit) >= GestureDefaults.swipeMinimumDistance
                    && angle(between: movement, and: axis.unit) <= GestureDefaults.swipeMaximumAngle
            }) {
                phase = .decided
                recognizedDirection = match.direction
                state = .ended
            } else if movement.length > GestureDefaults.tapSlop,
                      !allowed.contains(where: { angle(between: movement, and: $0.unit) <= GestureDefaults.swipeMaximumAngle }) {
                fail()
            }
        case .gathering, .decided:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .gathering, .tracking:
            fail()
        case .decided:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        phase = .decided
    }

    open override func reset() {
        super.reset()
        phase = .gathering(down: 0)
        recognizedDirection = nil
    }

    private func fail() {
        // Once decided, say nothing more: a timer still pending must not fail it twice.
        if case .decided = phase { return }
        phase = .decided
        state = .failed
    }

    private func dot(_ a: Vector, _ b: Vector) -> Double { a.dx * b.dx + a.dy * b.dy }

    /// The angle between a movement and a unit axis, in radians (0…π).
    private func angle(between movement: Vector, and unit: Vector) -> Double {
        let length = movement.length
        guard length > 0 else { return 0 }
        return acos(max(-1, min(1, dot(movement, unit) / length)))
    }
}
