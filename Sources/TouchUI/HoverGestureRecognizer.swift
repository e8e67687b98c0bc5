// The hover recognizer: a pen near the screen, not touching it, over a view.

/// Follows a pen that hovers over its view — near the screen, not touching it — as UIKit's
/// `UIHoverGestureRecognizer` does for Apple Pencil. Continuous: `began` when a hovering pen comes over the view
/// (it came into proximity there, moved onto it, or lifted off the screen there), `changed` as it moves over it,
/// `ended` when it leaves the view, leaves proximity, or touches the screen (then it is a touch, and hover begins
/// again when it lifts, if it is still near).
///
/// ``GestureRecognizer/location(in:)`` is where the pen is; ``zOffset`` is its distance above the screen, 0…1 of the range the tablet
/// measures, or 0 when the tablet does not say, as UIKit's `zOffset`. The window delivers hovering to the enabled
/// hover recognizers of the view under the pen and of its ancestors (``Window/handlePenHover(_:at:)``), each from
/// when the pen comes over its view to when it leaves it. Hover recognizers never compete with touch recognizers,
/// nor with each other: they follow no touch, and one never makes another fail.
///
/// Differs from UIKit: the pointer (a mouse) does not hover here; a pen does. With two pens over the view, the
/// recognizer follows the first.
open class HoverGestureRecognizer: GestureRecognizer {
    /// How far the pen is above the screen, from 0 (touching) to 1 (the farthest the tablet senses), or 0 when the
    /// tablet does not measure it.
    public internal(set) var zOffset: Double = 0

    /// The pen the recognizer follows, by the source's number for it, while it hovers over the view.
    public internal(set) var pen: Int?

    /// The pen came over the view: begins the gesture.
    func hoverBegan(pen: Int, at location: Point, zOffset: Double) {
        self.pen = pen
        follow(location, zOffset: zOffset)
        state = .began
    }

    /// The pen moved over the view, or its distance changed.
    func hoverChanged(at location: Point, zOffset: Double) {
        follow(location, zOffset: zOffset)
        state = .changed
    }

    /// The pen left the view or proximity, or touched the screen: ends the gesture where the pen last hovered.
    func hoverEnded() {
        state = .ended
    }

    private func follow(_ location: Point, zOffset: Double) {
        lastLocationInWindow = location
        self.zOffset = zOffset
    }

    /// Hover recognizers never make another recognizer fail.
    open override func canPrevent(_ other: GestureRecognizer) -> Bool { false }

    /// Nothing makes a hover recognizer fail by recognizing.
    open override func canBePrevented(by other: GestureRecognizer) -> Bool { false }

    /// Forgets the pen and its distance for the next hover.
    open override func reset() {
        super.reset()
        pen = nil
        zOffset = 0
    }
}
