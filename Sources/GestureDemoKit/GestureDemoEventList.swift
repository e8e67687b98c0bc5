// The gesture demo's list of recent events: what the recognizers did, newest last, with failures kept to a line.
import Foundation
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
            case let .change(seconds, name, state): Self.timed(seconds, "\(name) \(state)")
            case let .updates(seconds, name, count):
                Self.timed(seconds, count == 1 ? "\(name) changed" : "\(name) changed ×\(count)")
            case let .failures(seconds, names):
                Self.timed(seconds, names.count == 1 ? "\(names[0]) failed" : "\(names.count) failed: " + names.joined(separator: ", "))
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
        String(format: "%7.2f s  %@", seconds, what)
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
