// A script of fingers with timestamps that feeds a window through the seat-event translator.
import SeatInput
import TouchUI

/// Feeds a ``/TouchUI/Window`` finger by finger, with times in milliseconds, through a
/// ``/SeatInput/SeatEventTranslator``: the same path a Wayland seat or a replayed trace takes.
///
///     let script = TouchScript(window: window)
///     script.down(1, at: (100, 100), t: 0)
///     script.move(1, to: (130, 100), t: 16)
///     script.up(1, t: 32)
///     script.advance(to: 400)   // timers due by then fire
///
/// Each call is one seat event followed by a `frame`, unless it is made inside ``together(_:)``, which puts its
/// changes in one frame. Finger numbers are the seat's touch IDs, so they may be reused after an up or a cancel,
/// as compositors do.
public final class TouchScript {
    /// The window the touches go to.
    public let window: Window
    /// The translator between the script and the window.
    public let translator: SeatEventTranslator
    /// The latest time the script reached, in milliseconds.
    public private(set) var time: Double = 0
    /// Every seat event fed so far, frames and ticks included.
    public private(set) var events: [SeatEvent] = []

    private var isGrouping = false

    /// A script feeding `window` through a translator of its own, starting at time 0.
    public init(window: Window) {
        self.window = window
        self.translator = SeatEventTranslator(window: window)
    }

    /// Finger `finger` comes down at a point in window coordinates at `t` ms.
    public func down(_ finger: Int, at location: (Double, Double), t: Double) {
        touch(.touchDown(id: Int32(finger), location: Point(x: location.0, y: location.1)), t: t)
    }

    /// Finger `finger` moves to a point in window coordinates at `t` ms.
    public func move(_ finger: Int, to location: (Double, Double), t: Double) {
        touch(.touchMotion(id: Int32(finger), location: Point(x: location.0, y: location.1)), t: t)
    }

    /// Finger `finger` lifts at `t` ms.
    public func up(_ finger: Int, t: Double) {
        touch(.touchUp(id: Int32(finger)), t: t)
    }

    /// The compositor cancels every finger at `t` ms (`wl_touch.cancel`, which carries no ID).
    public func cancel(t: Double) {
        feed(SeatEvent(time: .milliseconds(t), .touchCancel))
    }

    /// Moves the clock to `t` ms with nothing happening; recognizers' timers due by then fire.
    public func advance(to t: Double) {
        feed(SeatEvent(time: .milliseconds(t), .tick))
    }

    /// Moves the clock on by `milliseconds`.
    public func advance(by milliseconds: Double) {
        advance(to: time + milliseconds)
    }

    /// Makes the changes of `body` one frame: delivered together, as one event.
    public func together(_ body: () -> Void) {
        let wasGrouping = isGrouping
        isGrouping = true
        body()
        isGrouping = wasGrouping
        if !isGrouping { feed(SeatEvent(time: .milliseconds(time), .touchFrame)) }
    }

    /// Feeds recorded or generated seat events (see ``SeatEvents``) as they are, frames included.
    public func play(_ events: [SeatEvent]) {
        for event in events { feed(event) }
    }

    private func touch(_ kind: SeatEvent.Kind, t: Double) {
        feed(SeatEvent(time: .milliseconds(t), kind))
        if !isGrouping { feed(SeatEvent(time: .milliseconds(t), .touchFrame)) }
    }

    private func feed(_ event: SeatEvent) {
        time = max(time, event.time.milliseconds)
        events.append(event)
        translator.handle(event)
    }
}
