// The gesture demo in a live window: the scene fed from the seat, drawn whole on each frame that changed.
import CCairo
import SeatInput
import TouchUI
import WaylandApp
import WaylandClient

/// Shows a ``GestureDemoScene`` in a ``LiveSession``.
///
/// The demo is a dashboard: any change redraws the whole window, which costs little at its size. Rows lit by a
/// change fade out over ``GestureDemoRenderer/highlightTime``, so while one is lit the content asks for ticks.
public final class GestureDemoLive: LiveContentHooks {
    public private(set) var scene: GestureDemoScene
    private var translator: SeatEventTranslator
    private var changed = true
    private var hasInput = false
    /// The session that shows the demo (it holds the demo).
    private weak var session: LiveSession?
    private var size: Size
    /// The record callback of the current scene, kept across resizes.
    private let onRecord: ((GestureDemoRecord) -> Void)?

    /// A live demo of a size; `onRecord` gets every record with its time counted from the first touch or pointer event, so a
    /// trace played into the window logs what `--headless` logs for it when the trace starts at 0.
    /// `showsArenaDecisions` (`--arena`) records the arena's decisions too, and shows the last few.
    public init(size: Size, showsArenaDecisions: Bool = false, onRecord: ((GestureDemoRecord) -> Void)? = nil) {
        self.size = size
        self.onRecord = onRecord
        scene = GestureDemoScene(size: size, showsArenaDecisions: showsArenaDecisions)
        translator = SeatEventTranslator(window: scene.window)
        scene.observePens(of: translator)
        connect()
    }

    private func connect() {
        scene.onRecord = { [unowned self] record in
            self.changed = true
            var relative = record
            relative.time = Timestamp(milliseconds: record.time.milliseconds - self.scene.timeOrigin.milliseconds)
            self.onRecord?(relative)
        }
    }

    /// Keeps the session that shows the demo: its keys quit it and toggle fullscreen.
    public func attach(to session: LiveSession) {
        self.session = session
    }

    public func handle(_ event: SeatEvent) {
        if case let .key(chord) = event.kind {
            switch (chord.modifiers, chord.keysym) {
            case ([], "Escape"), (.ctrl, "q"), ([], "q"): session?.quit()
            case ([], "F11"), ([], "f"): session?.toggleFullscreen()
            default: break
            }
            return
        }
        // The log's times count from the first touch or pointer event (keys reach no recognizer).
        if !hasInput {
            hasInput = true
            scene.timeOrigin = event.time
        }
        translator.handle(event)
        // Touch frames and pointer moves always move a finger dot.
        changed = true
    }

    public var nextDeadline: Timestamp? {
        let now = scene.window.timers.now
        let fading = scene.rows.compactMap(\.changedAt).filter { (now - $0).seconds < GestureDemoRenderer.highlightTime }
        let animation = fading.isEmpty ? nil : now + .milliseconds(33)
        return [scene.window.timers.nextDeadline, animation].compactMap { $0 }.min()
    }

    public func resize(to newSize: Size, scale: Int) {
        guard newSize != size else { return }
        size = newSize
        // The recognizers keep their state; the views follow the window.
        scene.window.frame = Rect(origin: .zero, size: newSize)
        scene.canvas.frame = scene.window.bounds
        scene.windowResized()
        changed = true
    }

    public func draw(into buffer: DrawTarget, damage: [PixelRect]) -> [PixelRect] {
        let cr = cairo_create(buffer.cairoSurface)!
        defer { cairo_destroy(cr) }
        GestureDemoRenderer.draw(scene, in: cr, size: Size(width: Double(buffer.width), height: Double(buffer.height)))
        return []
    }

    public func takeInvalidation() -> Invalidation {
        let fading = nextDeadline.map { $0 > scene.window.timers.now } ?? false
        defer { changed = false }
        return changed || fading ? .everything : .nothing
    }

    public func replayEnded() {
        translator.finish()
        changed = true
    }

    public func prepareToExit() -> Bool { true }
}
