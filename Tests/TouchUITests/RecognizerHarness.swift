import SeatInput
import TouchUI
import TouchUITesting

/// A window with every built-in recognizer on one view, observing every state each goes through and the state
/// each target action sees: what the recognizer property tests play random streams into.
final class RecognizerHarness {
    let stage = TouchStage()
    var recognizers: [(name: String, recognizer: GestureRecognizer)] = []
    var observed: [String: [GestureRecognizer.State]] = [:]
    /// For each recognizer, the state its target saw at each action call.
    var actions: [String: [GestureRecognizer.State]] = [:]
    /// For each recognizer, every state change and action call in order: "began", "action(began)", …
    var history: [String: [String]] = [:]

    init() {
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        let twoFingerTap = TapGestureRecognizer()
        twoFingerTap.numberOfTouchesRequired = 2
        let longPress = LongPressGestureRecognizer(), pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right, .up, .down]
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let both = ClosureDelegate()
        both.shouldRecognizeSimultaneously = { a, b in
            (a === pinch && b === rotation) || (a === rotation && b === pinch)
        }
        pinch.delegate = both
        rotation.delegate = both
        pan.delaysTouchesBegan = true
        recognizers = [
            ("tap", tap), ("double", doubleTap), ("twoFingerTap", twoFingerTap), ("longPress", longPress),
            ("pan", pan), ("swipe", swipe), ("pinch", pinch), ("rotation", rotation),
            ("checkmark", CheckmarkGestureRecognizer()),
        ]
        stage.view.isMultipleTouchEnabled = true
        for (name, recognizer) in recognizers {
            stage.view.addGestureRecognizer(recognizer)
            observed[name] = [.possible]
            // Every change, failures and resets included, in the order it happens.
            recognizer.onStateChange = { [unowned self] recognizer in observe(name, recognizer.state) }
            recognizer.addTarget { [unowned self] recognizer in
                actions[name, default: []].append(recognizer.state)
                history[name, default: []].append("action(\(recognizer.state))")
            }
        }
    }

    func observe(_ name: String, _ state: GestureRecognizer.State) {
        observed[name, default: []].append(state)
        history[name, default: []].append("\(state)")
    }
}

/// UIKit's documented state changes, written out here rather than taken from `GestureRecognizer.State`: discrete
/// recognizers go possible → recognized (ended) or failed; continuous ones possible → began → changed… → ended or
/// cancelled, or possible → failed; after the sequence every final state is reset to possible.
enum UIKitStateTable {
    static let changes: Set<String> = [
        "possible>began", "possible>ended", "possible>failed",
        "began>changed", "began>ended", "began>cancelled",
        "changed>changed", "changed>ended", "changed>cancelled",
        "ended>possible", "cancelled>possible", "failed>possible",
    ]

    static func allows(_ from: GestureRecognizer.State, _ to: GestureRecognizer.State) -> Bool {
        changes.contains("\(from)>\(to)")
    }
}

/// UIKit's order of target actions (`UIGestureRecognizer`'s documentation): an action follows every change to
/// began, changed, ended (recognized) or cancelled at once, and none follows failed or the reset; in one sequence a
/// discrete gesture's actions are `ended`, a continuous one's `began, changed…, ended | cancelled`.
enum UIKitActionOrder {
    /// The first way `history` (state changes as "began", action calls as "action(began)") breaks the order.
    static func violation(in history: [String]) -> String? {
        var sequence: [String] = []
        for (index, entry) in history.enumerated() {
            let next = history.indices.contains(index + 1) ? history[index + 1] : nil
            switch entry {
            case "began", "changed", "ended", "cancelled":
                if next != "action(\(entry))" { return "\(entry) at \(index) not followed by its action" }
            case "failed", "possible":
                if let next, next.hasPrefix("action") { return "\(next) after \(entry) at \(index)" }
                if entry == "possible" {
                    if let problem = check(sequence) { return problem }
                    sequence = []
                }
            default:
                let state = String(entry.dropFirst("action(".count).dropLast())
                if index == 0 || history[index - 1] != state { return "\(entry) at \(index) without its change" }
                sequence.append(state)
            }
        }
        return check(sequence)
    }

    private static func check(_ actions: [String]) -> String? {
        guard let first = actions.first else { return nil }
        if first == "ended" { return actions.count == 1 ? nil : "actions after recognized: \(actions)" }
        guard first == "began", let last = actions.last, actions.count >= 2,
              ["ended", "cancelled"].contains(last), actions.dropFirst().dropLast().allSatisfy({ $0 == "changed" })
        else { return actions.last == "changed" || actions.count == 1 ? "unfinished: \(actions)" : "out of order: \(actions)" }
        return nil
    }
}
