import Foundation
import GestureDemoKit
import SeatInput
import Testing
import TouchUI
import TouchUITesting

/// The recent events the demo's window lists under the shape, from realistic traces: what was recognized stays in
/// view, a touch's failures take one line, a pan's updates one more.
@Suite struct GestureDemoEventListTests {
    static let size = Size(width: 800, height: 600)
    static let demoTrace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/gesture-demo.jsonl")

    @Test func aTapIsOneLineOfFailuresThenTheTap() {
        let scene = GestureDemoScene.replay(Trace(canvasSize: Self.size, events: SeatEvents.tap(at: (400, 300), t: 0, holdFor: 70))) { _ in }
        // Everything else fails on the lift, the double tap 300 ms later; then the single tap that waited for it.
        #expect(scene.recentEvents == [
            "   0.07 s  9 failed: long-press, pinch, rotation, pan, swipe, checkmark, two-finger-tap, three-finger-tap, double-tap",
            "   0.37 s  tap ended",
        ])
    }

    @Test func aSlowPanIsItsBeginningOneLineOfUpdatesAndItsEnd() {
        // 200 pt to the right in 2 s: 103 updates after the pan began.
        let drag = SeatEvents.drag(from: (100, 300), to: (300, 300), t: 0, duration: 2000)
        let scene = GestureDemoScene.replay(Trace(canvasSize: Self.size, events: drag)) { _ in }
        #expect(scene.recentEvents == [
            "   0.12 s  6 failed: tap, double-tap, long-press, two-finger-tap, three-finger-tap, swipe",
            "   0.30 s  pan began",
            "   0.30 s  2 failed: pinch, rotation",
            "   0.30 s  pan changed ×103",
            "   2.00 s  pan ended",
            "   2.00 s  checkmark failed",
        ])
    }

    @Test func throughTheDemoTraceTheLastGestureRecognizedStaysInView() throws {
        // Event by event, as the window would show the list after each: the newest line of a recognizer that
        // began, recognized or was cancelled is always on it, however many failures and updates came since.
        let scene = GestureDemoScene(size: Self.size)
        var lastDecided: String?
        var decided = 0
        scene.onRecord = { record in
            guard [.began, .ended, .cancelled].contains(record.state), record.penTouch == nil else { return }
            lastDecided = String(format: "%7.2f s  %@ %@", record.time.seconds, record.recognizer, "\(record.state)")
            decided += 1
        }
        let translator = SeatEventTranslator(window: scene.window)
        var checked = 0
        for event in try Trace(contentsOf: Self.demoTrace).events {
            translator.handle(event)
            guard let lastDecided else { continue }
            #expect(scene.recentEvents.contains(lastDecided), "after \(Trace.line(for: event)): \(scene.recentEvents)")
            checked += 1
        }
        // The trace's 13: a tap, a double tap, a swipe, two pans, a pinch and a rotation, a checkmark, a long press.
        #expect(decided == 13 && checked > 400, "\(decided) decided, \(checked) events checked")
    }
}
