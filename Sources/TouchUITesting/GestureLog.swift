// Logs of what recognizers report and what views hear, to compare whole against the expected list.
import TouchUI

/// A list of strings that recognizers' targets and ``RecordingView``s append to, in the order things happen.
///
/// Tests compare the whole log with the expected one, as Flutter's gesture tests do:
///
///     let log = GestureLog()
///     log.attach(tap, as: "tap")
///     log.attach(pan, as: "pan") { "\(GestureLog.format($0.translation(in: nil)))" }
///     …
///     #expect(log.entries == ["pan.began (10, 0)", "pan.changed (20, 0)", "pan.ended (20, 0)"])
///
/// Entries are `"name.state"`, with the values the closure gives after a space. Failures are not logged: like
/// UIKit, recognizers do not report them to targets; read ``/TouchUI/GestureRecognizer/state`` for them.
public final class GestureLog {
    /// What was logged, oldest first.
    public private(set) var entries: [String] = []

    /// An empty log.
    public init() {}

    /// Appends an entry.
    public func record(_ entry: String) {
        entries.append(entry)
    }

    /// Forgets every entry.
    public func clear() {
        entries = []
    }

    /// Returns the entries and forgets them, to check a log step by step.
    public func take() -> [String] {
        defer { entries = [] }
        return entries
    }

    /// Logs each state change the recognizer reports to its targets, as `"name.state"`.
    @discardableResult
    public func attach(_ recognizer: GestureRecognizer, as name: String) -> GestureRecognizer.TargetToken {
        recognizer.addTarget { [unowned self] recognizer in record("\(name).\(recognizer.state)") }
    }

    /// Logs each state change the recognizer reports to its targets with values, as `"name.state values"`.
    @discardableResult
    public func attach<Recognizer: GestureRecognizer>(
        _ recognizer: Recognizer, as name: String, values: @escaping (Recognizer) -> String
    ) -> GestureRecognizer.TargetToken {
        recognizer.addTarget { [unowned self] recognizer in
            let values = (recognizer as? Recognizer).map(values) ?? ""
            record("\(name).\(recognizer.state)" + (values.isEmpty ? "" : " \(values)"))
        }
    }

    /// A number rounded to two decimals, without a trailing `.0`: `12`, `1.5`, `-0.26`.
    public static func format(_ value: Double) -> String {
        var rounded = (value * 100).rounded() / 100
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// A point as `(x, y)`, each rounded as ``format(_:)-(Double)`` does.
    public static func format(_ point: Point) -> String {
        "(\(format(point.x)), \(format(point.y)))"
    }

    /// A vector as `(dx, dy)`, each rounded as ``format(_:)-(Double)`` does.
    public static func format(_ vector: Vector) -> String {
        "(\(format(vector.dx)), \(format(vector.dy)))"
    }
}

/// A view that logs each touch call it gets, as `"name.began(1)"`, `"name.moved(1,2)"`, `"name.ended(2)"` or
/// `"name.cancelled(1)"`, with the identifiers of the touches in ascending order. A fresh window numbers its
/// touches 1, 2, 3… in the order they come down.
open class RecordingView: View {
    /// The name entries start with.
    public let name: String
    /// The log entries go to.
    public let log: GestureLog

    /// A view at `frame` whose entries start with `name` and go to `log`.
    public init(_ name: String = "view", frame: Rect, log: GestureLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record("began", touches) }
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record("moved", touches) }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record("ended", touches) }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record("cancelled", touches) }

    private func record(_ phase: String, _ touches: Set<Touch>) {
        let ids = touches.map(\.identifier).sorted().map(String.init).joined(separator: ",")
        log.record("\(name).\(phase)(\(ids))")
    }
}
