// The gesture demo's scene: one canvas carrying every recognizer, related as an app would relate them.
import Foundation
import SeatInput
import TouchUI

/// A window with one canvas view that carries every recognizer of the core, and what they did.
///
/// The relations are those an app would set up: `tap` requires `double-tap` to fail; `pinch` and `rotation`
/// recognize together; `pan` requires `swipe` (all four directions) to fail; `checkmark` recognizes together with
/// every other; `long-press` (0.5 s) competes with the rest; `two-finger-tap` and `three-finger-tap` (Procreate's
/// undo and redo) require pinch, rotation and pan to fail; `hover` follows a hovering pen. Pan, pinch and rotation move, scale and turn a
/// shape, which stays clear of the panel (``GestureDemoLayout/shapeArea``). Every state change, and every update of a continuous recognizer, becomes a ``GestureDemoRecord``.
/// A scene made to show the arena's decisions (`gesture-demo --arena`) records each of them too, and keeps the last
/// few as text for the window. Each recognizer's ``GestureRecognizer/name`` is its name in the log.
public final class GestureDemoScene {
    /// One recognizer's row in the demo's panel.
    public struct Row {
        public let name: String
        public let recognizer: GestureRecognizer
        /// The last state it reported other than the reset to `possible`.
        public internal(set) var lastState: GestureRecognizer.State = .possible
        /// Its values at that moment, as `key value` text.
        public internal(set) var values = ""
        /// When it last changed, for lighting the row up.
        public internal(set) var changedAt: Timestamp?
    }

    /// The shape that pan, pinch and rotation move, scale and turn.
    public struct Shape {
        /// Half the side of the unscaled shape, in points.
        public static let halfSide = 80.0
        public var center: Point
        public var scale = 1.0
        public var rotation = 0.0
    }

    public let window: Window
    /// The view that carries every recognizer and fills the window.
    public let canvas: TouchTrailView

    public let tap = TapGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()
    public let longPress = LongPressGestureRecognizer()
    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()
    public let pan = PanGestureRecognizer()
    public let swipe = SwipeGestureRecognizer()
    public let checkmark = CheckmarkGestureRecognizer()
    public let twoFingerTap = TapGestureRecognizer()
    public let threeFingerTap = TapGestureRecognizer()
    /// Follows a pen hovering over the canvas; logged as `hover`, drawn as a ring under the pen. Not a row of the
    /// panel: it competes with no one.
    public let hover = HoverGestureRecognizer()

    /// The recognizers' rows, in the panel's order.
    public private(set) var rows: [Row] = []
    /// What the recognizers did lately.
    private var eventList = GestureDemoEventList(capacity: 6)
    /// The last few events, oldest first, as the window lists them: a line for each recognizer that began,
    /// recognized or was cancelled, one for failures in a row, one for a continuous recognizer's updates
    /// (`docs/gesture-demo.md`).
    public var recentEvents: [String] { eventList.texts }
    /// Whether the arena's decisions are recorded and shown (`gesture-demo --arena`); without, the log and the
    /// picture are as they were before the option existed.
    public let showsArenaDecisions: Bool
    /// The arena's last few decisions, newest last, as short text (the time, then the core's line with each
    /// recognizer called by its name alone); always empty unless ``showsArenaDecisions``.
    public private(set) var recentArenaDecisions: [String] = []
    /// How many of the arena's decisions the scene keeps and the window shows.
    public static let arenaLineCount = 5
    /// How many recent events the window shows beside the arena's decisions (6 without them).
    static let eventCountBesideArena = 4
    public private(set) var shape: Shape
    /// Called with every record as it happens.
    public var onRecord: ((GestureDemoRecord) -> Void)?
    /// The pens hovering over the canvas (near it, not touching it), by their number.
    public private(set) var hoveringPens: [Int: SeatEventTranslator.PenHover] = [:]

    private let relations = Relations()
    /// Where the times of ``recentEvents`` count from: the start of a trace, or of a live session's input.
    public var timeOrigin = Timestamp.zero
    /// Where each of pan, pinch and rotation started from, so that none jumps when another begins.
    private var shapeAtStart: Shape

    /// A scene filling a window of `size`; `showsArenaDecisions` records and keeps the arena's decisions too.
    public init(size: Size, showsArenaDecisions: Bool = false) {
        self.showsArenaDecisions = showsArenaDecisions
        window = Window(frame: Rect(origin: .zero, size: size))
        canvas = TouchTrailView(frame: window.bounds)
        canvas.isMultipleTouchEnabled = true
        window.addSubview(canvas)
        let area = Self.layout(size: size, rowCount: Self.recognizerNames.count, showsArenaDecisions: showsArenaDecisions).shapeArea
        shape = Shape(center: Point(x: area.midX, y: area.midY))
        shapeAtStart = shape
        defer { clampShape() }

        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        swipe.direction = [.right, .left, .up, .down]
        pan.require(toFail: swipe)
        twoFingerTap.numberOfTouchesRequired = 2
        threeFingerTap.numberOfTouchesRequired = 3
        for tap in [twoFingerTap, threeFingerTap] {
            for gesture in [pinch, rotation, pan] { tap.require(toFail: gesture) }
        }
        relations.together = [(pinch, rotation)]
        relations.withEveryone = checkmark

        let named: [(String, GestureRecognizer)] = [
            ("tap", tap), ("double-tap", doubleTap), ("long-press", longPress), ("pinch", pinch),
            ("rotation", rotation), ("pan", pan), ("swipe", swipe), ("checkmark", checkmark),
            ("two-finger-tap", twoFingerTap), ("three-finger-tap", threeFingerTap),
        ]
        for (index, (name, recognizer)) in named.enumerated() {
            rows.append(Row(name: name, recognizer: recognizer))
            recognizer.name = name
            recognizer.delegate = relations
            // The view keeps the fingers' samples for the picture; no recognizer takes them from it.
            recognizer.cancelsTouchesInView = false
            recognizer.onStateChange = { [unowned self] recognizer in
                self.recognizer(at: index, changedTo: recognizer.state)
            }
            canvas.addGestureRecognizer(recognizer)
        }
        canvas.onPenTouch = { [unowned self] touch, phase in self.penTouch(touch, phase: phase) }
        hover.name = "hover"
        hover.onStateChange = { [unowned self] recognizer in self.hoverChanged(to: recognizer.state) }
        canvas.addGestureRecognizer(hover)
        if showsArenaDecisions {
            // Whoever listened before (TOUCHUI_DEBUG=arena's printer) goes on hearing them.
            let earlier = window.onArenaDecision
            let shortNames = (named + [("hover", hover as GestureRecognizer)]).map { name, recognizer in
                ("\(Swift.type(of: recognizer)) \"\(name)\"", name)
            }
            window.onArenaDecision = { [unowned self] decision in
                earlier?(decision)
                self.arenaDecided(decision, shortNames: shortNames)
            }
        }
    }

    /// The layout of the scene's window at `size`: with the arena's lines when it shows them (and fewer events).
    public func layout(size: Size) -> GestureDemoLayout {
        Self.layout(size: size, rowCount: rows.count, showsArenaDecisions: showsArenaDecisions)
    }

    private static func layout(size: Size, rowCount: Int, showsArenaDecisions: Bool) -> GestureDemoLayout {
        showsArenaDecisions
            ? GestureDemoLayout(size: size, rowCount: rowCount, eventCount: eventCountBesideArena, arenaLineCount: arenaLineCount)
            : GestureDemoLayout(size: size, rowCount: rowCount)
    }

    /// An arena decision: its record, and its short text among the last few. `shortNames` turns the arena's name
    /// of each recognizer (its type and its name in quotes) into its name alone.
    private func arenaDecided(_ decision: ArenaDecision, shortNames: [(arenaName: String, name: String)]) {
        let record = GestureDemoRecord(time: window.timers.now, arena: decision)
        var text = record.arenaDecision ?? ""
        for (arenaName, name) in shortNames { text = text.replacingOccurrences(of: arenaName, with: name) }
        recentArenaDecisions.append(GestureDemoEventList.timed((record.time - timeOrigin).seconds, text))
        if recentArenaDecisions.count > Self.arenaLineCount {
            recentArenaDecisions.removeFirst(recentArenaDecisions.count - Self.arenaLineCount)
        }
        onRecord?(record)
    }

    /// Where the hover recognizer last saw the pen, in the canvas, while it follows one.
    public var hoverLocation: Point? {
        hover.state.isActive ? hover.location(in: canvas) : nil
    }

    /// A hover record: the recognizer's state, where the pen is and its distance (`z`). Only traces with a hovering
    /// pen have them, so the logs of others are unchanged.
    private func hoverChanged(to state: GestureRecognizer.State) {
        guard state != .possible else { return }
        let record = GestureDemoRecord(
            time: window.timers.now, recognizer: "hover", state: state, location: hover.location(in: canvas),
            touches: 0, values: [("z", .number(hover.zOffset, decimals: 4))])
        eventList.add(state, of: "hover", at: (record.time - timeOrigin).seconds)
        onRecord?(record)
    }

    /// Takes the translator's pen hovers (and feeds nothing else from it): the picture shows them. The scene is
    /// the translator's delegate from now on (held weakly: the caller keeps the scene).
    public func observePens(of translator: SeatEventTranslator) {
        translator.delegate = self
    }

    /// A pen touch's record: its force and angles (log fields only pen touches have, so the logs of finger traces
    /// are unchanged).
    private func penTouch(_ touch: Touch, phase: Touch.Phase) {
        let values: [(key: String, value: GestureDemoRecord.Value)] = [
            ("force", .number(touch.force, decimals: 4)),
            ("altitude", .number(touch.altitudeAngle, decimals: 4)),
            ("azimuth", .number(touch.azimuthAngle(in: canvas), decimals: 4)),
        ]
        onRecord?(GestureDemoRecord(time: window.timers.now, penTouch: phase, kind: touch.kind,
                                    location: touch.location(in: canvas), values: values))
    }

    /// The names of the recognizers, as the log writes them.
    public static let recognizerNames = [
        "tap", "double-tap", "long-press", "pinch", "rotation", "pan", "swipe", "checkmark", "two-finger-tap",
        "three-finger-tap",
    ]

    /// The window changed size: the shape is brought back into its area if it left it.
    public func windowResized() {
        clampShape()
    }

    /// Keeps the whole shape, turned any way, in the area the panel and the events leave it: no larger than the
    /// area allows, its centre far enough from the area's edges.
    private func clampShape() {
        let area = layout(size: window.bounds.size).shapeArea
        // The rounded square reaches at most this far from its centre, however it is turned.
        let reach = Shape.halfSide * 1.3
        shape.scale = min(shape.scale, max(min(area.width, area.height) / (2 * reach), 0.2))
        let radius = reach * shape.scale
        func clamped(_ value: Double, _ low: Double, _ high: Double) -> Double {
            high - low >= 2 * radius ? min(max(value, low + radius), high - radius) : (low + high) / 2
        }
        shape.center = Point(x: clamped(shape.center.x, area.minX, area.maxX), y: clamped(shape.center.y, area.minY, area.maxY))
    }

    private func recognizer(at index: Int, changedTo state: GestureRecognizer.State) {
        guard state != .possible else { return }
        let row = rows[index]
        moveShape(for: row.recognizer, state: state)
        let record = GestureDemoRecord(
            time: window.timers.now, recognizer: row.name, state: state,
            location: row.recognizer.location(in: canvas), touches: row.recognizer.numberOfTouches,
            values: values(of: row.recognizer))
        rows[index].lastState = state
        rows[index].values = record.values.map { "\($0.key) \($0.value.text)" }.joined(separator: "  ")
        rows[index].changedAt = window.timers.now
        eventList.add(state, of: row.name, at: (record.time - timeOrigin).seconds)
        onRecord?(record)
    }

    private func values(of recognizer: GestureRecognizer) -> [(key: String, value: GestureDemoRecord.Value)] {
        switch recognizer {
        case let pinch as PinchGestureRecognizer:
            return [("scale", .number(pinch.scale, decimals: 4)), ("velocity", .number(pinch.velocity, decimals: 4))]
        case let rotation as RotationGestureRecognizer:
            return [("rotation", .number(rotation.rotation, decimals: 4)),
                    ("velocity", .number(rotation.velocity, decimals: 4))]
        case let pan as PanGestureRecognizer:
            let translation = pan.translation(in: canvas), velocity = pan.velocity(in: canvas)
            return [("translation", .pair(translation.dx, translation.dy, decimals: 2)),
                    ("velocity", .pair(velocity.dx, velocity.dy, decimals: 2))]
        case let swipe as SwipeGestureRecognizer:
            guard let direction = swipe.recognizedDirection else { return [] }
            return [("direction", .text(direction.description))]
        default:
            return []
        }
    }

    private func moveShape(for recognizer: GestureRecognizer, state: GestureRecognizer.State) {
        guard state == .began || state == .changed else { return }
        // The values count from touch-down, so the shape follows the fingers from where they came down.
        switch recognizer {
        case let pan as PanGestureRecognizer:
            if state == .began { shapeAtStart.center = shape.center }
            // Never lose the shape off the canvas, nor under the panel.
            shape.center = shapeAtStart.center + pan.translation(in: canvas)
            clampShape()
        case let pinch as PinchGestureRecognizer:
            if state == .began { shapeAtStart.scale = shape.scale }
            shape.scale = min(max(shapeAtStart.scale * pinch.scale, 0.2), 5)
        case let rotation as RotationGestureRecognizer:
            if state == .began { shapeAtStart.rotation = shape.rotation }
            shape.rotation = shapeAtStart.rotation + rotation.rotation
        default:
            break
        }
        clampShape()
    }
}

/// Who may recognize together in the demo.
private final class Relations: GestureRecognizerDelegate {
    var together: [(GestureRecognizer, GestureRecognizer)] = []
    weak var withEveryone: GestureRecognizer?

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        if gestureRecognizer === withEveryone || other === withEveryone { return true }
        return together.contains { ($0.0 === gestureRecognizer && $0.1 === other) || ($0.1 === gestureRecognizer && $0.0 === other) }
    }
}

extension GestureDemoScene: SeatEventTranslatorDelegate {
    /// A pen hovering is shown where it is; one that came down or left is no longer shown.
    public func seatEventTranslator(_ translator: SeatEventTranslator, penDidHover hover: SeatEventTranslator.PenHover,
                                    at time: Timestamp) {
        hoveringPens[hover.pen] = hover.location == nil ? nil : hover
    }
}
