// The gesture demo's list of recent events: what the recognizers did, newest last, with failures kept to a line.
import Foundation
import Localization
import TouchUI

/// The last few things the demo's recognizers did, as the window lists them under the shape, newest last.
///
/// A touch makes most recognizers fail (a tap fails the long press, the pan, the swipe, the checkmark and the
/// multi-finger taps), and a continuous one reports every move, so a line per state change would push what was
/// recognized off the list at once. The list keeps instead:
/// - a line of its own for each `began`, `ended` (recognized) and `cancelled`;
/// - one line for a continuous recognizer's updates since its last other line, counting them (`pan changed ×42`);
/// - one line for failures in a row (`6 failed: long-press, pan, swipe, …`), until a line of another kind comes, or
///   a recognizer fails again that the line names already (the next touch sequence's failures start a line).
///
/// Each line carries the time of its first change, in seconds from the scene's start.
struct GestureDemoEventList {
    /// One line of the list.
    enum Line {
        /// A recognizer began, recognized or was cancelled.
        case change(seconds: Double, name: String, state: GestureRecognizer.State)
        /// A recognizer's updates (`changed`) since its last other line, and how many.
        case updates(seconds: Double, name: String, count: Int)
        /// Recognizers that failed one after another, in order.
        case failures(seconds: Double, names: [String])
    }

    /// How many lines are kept: the most the window shows.
    let capacity: Int
    private var lines: [Line] = []

    /// An empty list keeping the last `capacity` lines.
    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// The lines as the window writes them, oldest first: the time, then what happened.
    var texts: [String] {
        lines.map { line in
            switch line {
            case let .change(seconds, name, state): Self.timed(seconds, Self.text(of: state, name: name))
            case let .updates(seconds, name, count):
                Self.timed(seconds, count == 1
                    // Translators: a line of the gesture demo's list of events: %s is a recognizer's name (tap, pinch,
                    // pan…), as the log names it; it reported a change (a move).
                    ? localized("%s changed", name)
                    // Translators: a line of the gesture demo's list of events: the recognizer %1$s reported %2$d
                    // changes (moves) in a row.
                    : localized("%1$s changed ×%2$d", name, count))
            case let .failures(seconds, names):
                Self.timed(seconds, names.count == 1
                    // Translators: a line of the gesture demo's list of events: the recognizer %s failed (the touches
                    // were not its gesture).
                    ? localized("%s failed", names[0])
                    // Translators: a line of the gesture demo's list of events: %1$d recognizers failed one after
                    // another, named in %2$s (their names, as the log names them, separated by commas).
                    : localizedPlural("%1$d failed: %2$s", "%1$d failed: %2$s", count: names.count, names.count,
                                      names.joined(separator: ", ")))
            }
        }
    }

    /// Adds what `name` did at `seconds`; a change to `possible` (a reset) is not an event.
    mutating func add(_ state: GestureRecognizer.State, of name: String, at seconds: Double) {
        switch state {
        case .possible:
            return
        case .changed:
            if let index = lines.lastIndex(where: { $0.name == name }), case let .updates(since, _, count) = lines[index] {
                lines[index] = .updates(seconds: since, name: name, count: count + 1)
                return
            }
            lines.append(.updates(seconds: seconds, name: name, count: 1))
        case .failed:
            if case let .failures(since, names) = lines.last, !names.contains(name) {
                lines[lines.count - 1] = .failures(seconds: since, names: names + [name])
                return
            }
            lines.append(.failures(seconds: seconds, names: [name]))
        case .began, .ended, .cancelled:
            lines.append(.change(seconds: seconds, name: name, state: state))
        }
        if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
    }

    /// A line as the window's lists write it (the arena's decisions too): the seconds, right-aligned, then `what`.
    static func timed(_ seconds: Double, _ what: String) -> String {
        // Translators: a line of the gesture demo's lists: %1$s is the time in seconds (s), right-aligned, then two
        // spaces and %2$s what happened.
        localized("%1$s s  %2$s", String(format: "%7.2f", seconds), what)
    }

    /// What a recognizer named `name` did, as a line of the list says it: it began, recognized or was cancelled.
    static func text(of state: GestureRecognizer.State, name: String) -> String {
        switch state {
        // Translators: a line of the gesture demo's list of events: %s is a recognizer's name (tap, pinch, pan…),
        // as the log names it.
        case .began: localized("%s began", name)
        // Translators: a line of the gesture demo's list of events: the recognizer %s was cancelled.
        case .cancelled: localized("%s cancelled", name)
        // Translators: a line of the gesture demo's list of events: the recognizer %s ended (recognized its gesture).
        default: localized("%s ended", name)
        }
    }

    /// A recognizer's state as the window's panel writes it beside the recognizer's name.
    static func text(of state: GestureRecognizer.State) -> String {
        switch state {
        // Translators: a gesture recognizer's last state, in the gesture demo's panel beside its name (a narrow
        // column): it may yet recognize its gesture.
        case .possible: localized("possible")
        // Translators: a gesture recognizer's last state in the gesture demo's panel: its gesture began.
        case .began: localized("began")
        // Translators: a gesture recognizer's last state in the gesture demo's panel: its gesture moved on.
        case .changed: localized("changed")
        // Translators: a gesture recognizer's last state in the gesture demo's panel: it recognized its gesture.
        case .ended: localized("ended")
        // Translators: a gesture recognizer's last state in the gesture demo's panel: something else took the touches.
        case .cancelled: localized("cancelled")
        // Translators: a gesture recognizer's last state in the gesture demo's panel: the touches were not its gesture.
        case .failed: localized("failed")
        }
    }
}

extension GestureDemoEventList.Line {
    /// The recognizer a change or an update line is about; `nil` for a line of failures, which names several.
    fileprivate var name: String? {
        switch self {
        case let .change(_, name, _), let .updates(_, name, _): name
        case .failures: nil
        }
    }
}
