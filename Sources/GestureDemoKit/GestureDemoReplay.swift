// The demo without a window: a trace through the same recognizers on the same clock.
import SeatInput
import TouchUI

extension GestureDemoScene {
    /// Plays a trace into a new scene and returns it, calling `record` for each record as it happens (the arena's
    /// decisions too when `showsArenaDecisions`).
    ///
    /// After the last event, timers still pending (a single tap waiting for the double tap to fail, a long press
    /// held at the end) fire at their deadlines; then touches still down are cancelled, as at the end of input.
    public static func replay(_ trace: Trace, size: Size? = nil, showsArenaDecisions: Bool = false,
                              record: @escaping (GestureDemoRecord) -> Void) -> GestureDemoScene {
        replay(trace.events, size: size ?? trace.canvasSize, showsArenaDecisions: showsArenaDecisions, record: record)
    }

    /// Plays events (a ``TraceReader``'s, read as they are played) into a new scene of `size` (800×600 when
    /// `nil`) and returns it, calling `record` for each record as it happens (the arena's decisions too when
    /// `showsArenaDecisions`).
    public static func replay(_ events: some Sequence<SeatEvent>, size: Size?, showsArenaDecisions: Bool = false,
                              record: @escaping (GestureDemoRecord) -> Void) -> GestureDemoScene {
        let scene = GestureDemoScene(size: size ?? Size(width: 800, height: 600), showsArenaDecisions: showsArenaDecisions)
        scene.onRecord = record
        let translator = SeatEventTranslator(window: scene.window)
        scene.observePens(of: translator)
        translator.handle(events)
        translator.flush()
        var fired = 0
        while let deadline = scene.window.timers.nextDeadline, fired < 10_000 {
            scene.window.advanceTime(to: deadline)
            fired += 1
        }
        translator.finish()
        return scene
    }
}
