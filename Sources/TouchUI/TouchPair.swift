// The two touches a pinch or a rotation follows: their span and their turn since they both came down.
import Foundation

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
