import SeatInput
import TouchUI

/// A window whose one full-size view takes any number of touches and logs every call, for translator tests.
final class RecordingWindow {
    final class Canvas: View {
        var entries: [String] = []
        var phasesByTouch: [Int: [Touch.Phase]] = [:]
        var samples: [Int: [Point]] = [:]
        /// Each touch's kind at every call.
        var kindsByTouch: [Int: [Touch.Kind]] = [:]
        /// Each pen touch's force at every call but a cancel.
        var forcesByTouch: [Int: [Double]] = [:]

        private func record(_ phase: Touch.Phase, _ touches: Set<Touch>) {
            let ids = touches.map(\.identifier).sorted()
            entries.append("\(phase)(\(ids.map(String.init).joined(separator: ",")))")
            for touch in touches {
                phasesByTouch[touch.identifier, default: []].append(phase)
                kindsByTouch[touch.identifier, default: []].append(touch.kind)
                if touch.maximumPossibleForce > 0, phase != .cancelled {
                    forcesByTouch[touch.identifier, default: []].append(touch.force)
                }
                if phase != .cancelled { samples[touch.identifier, default: []].append(touch.location(in: nil)) }
            }
        }

        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(.began, touches) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(.moved, touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(.ended, touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record(.cancelled, touches) }
    }

    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let canvas = Canvas(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let translator: SeatEventTranslator
    /// What the translator told its delegate.
    let heard = TranslatorLog()

    init() {
        canvas.isMultipleTouchEnabled = true
        window.addSubview(canvas)
        translator = SeatEventTranslator(window: window)
        translator.delegate = heard
    }

    var entries: [String] { canvas.entries }

    func feed(_ events: [SeatEvent]) {
        translator.handle(events)
    }
}

/// Logs every call a translator makes to its delegate, for translator tests.
final class TranslatorLog: SeatEventTranslatorDelegate {
    var anomalies: [SeatEventTranslator.Anomaly] = []
    var keys: [String] = []
    var keyStates: [String] = []
    var gestures: [TouchpadGesture] = []
    var buttons: [String] = []
    var pointerLocations: [Point?] = []
    var scrolls: [Vector] = []
    /// The modifiers the translator held at each scroll.
    var modifiersAtScroll: [KeyModifiers] = []
    var penHovers: [Point?] = []
    var penButtons: [String] = []

    func seatEventTranslator(_ translator: SeatEventTranslator, didSurvive anomaly: SeatEventTranslator.Anomaly,
                             in event: SeatEvent) {
        anomalies.append(anomaly)
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, didPressKey chord: KeyChord, at time: Timestamp) {
        keys.append(chord.description)
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, didChangeKey chord: KeyChord, isPressed: Bool,
                             at time: Timestamp) {
        keyStates.append("\(chord) \(isPressed)")
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, didReceive gesture: TouchpadGesture, at time: Timestamp) {
        gestures.append(gesture)
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, didChange button: PointerButton, isPressed: Bool,
                             at time: Timestamp) {
        buttons.append("\(button) \(isPressed)")
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, pointerMovedTo location: Point?) {
        pointerLocations.append(location)
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, didScroll delta: Vector, at time: Timestamp) {
        scrolls.append(delta)
        modifiersAtScroll.append(translator.heldModifiers)
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, penDidHover hover: SeatEventTranslator.PenHover,
                             at time: Timestamp) {
        penHovers.append(hover.location)
    }

    func seatEventTranslator(_ translator: SeatEventTranslator, pen: Int, didChange button: PenButton, isPressed: Bool,
                             at time: Timestamp) {
        penButtons.append("\(pen) \(button.traceName) \(isPressed ? "pressed" : "released")")
    }
}

func at(_ time: Double, _ kind: SeatEvent.Kind) -> SeatEvent { SeatEvent(time: .milliseconds(time), kind) }
func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
