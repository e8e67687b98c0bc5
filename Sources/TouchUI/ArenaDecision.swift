// What the gesture arena decided and why, for debugging recognizers that fight over touches.
import FoundationEssentials
import Geometry
import Glibc

/// One decision of a window's gesture arena: a recognizer began, recognized, waits, failed or was cancelled, and
/// why. Install ``Window/onArenaDecision`` to receive them, or set the environment variable `TOUCHUI_DEBUG=arena`
/// to have every window print them to standard error, one line each (its ``description``).
///
/// Only decisions are reported — the moments a recognizer leaves `possible` or is made to — not every `changed` of
/// a continuous gesture. Flutter's `debugPrintGestureArenaDiagnostics` serves the same purpose.
public struct ArenaDecision: Hashable, Sendable, CustomStringConvertible {
    /// Why a recognizer failed or was cancelled.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The recognizer itself decided the touches are not its gesture (it set `failed`).
        case ownRule
        /// It had to wait for `other` to fail (``GestureRecognizer/require(toFail:)``, an override or a delegate),
        /// and `other` began or recognized instead.
        case requiredToFail(other: String)
        /// `other` began or recognized first on shared touches, and neither delegate allows both at once.
        case notSimultaneous(with: String)
        /// Its delegate's `gestureRecognizerShouldBegin` returned false.
        case deniedByDelegate
        /// Its touches ended (or its timers ran out) before it decided.
        case nothingMoreToCome
        /// The system cancelled its touches (the compositor's cancel, or a touchpad gesture taken away).
        case touchesCancelled
        /// It was disabled or removed from its view.
        case disabled

        /// The reason as a phrase: `its own rule`, `it requires X to fail, which recognized`, and so on.
        public var description: String {
            switch self {
            case .ownRule: "its own rule"
            case let .requiredToFail(other): "it requires \(other) to fail, which recognized"
            case let .notSimultaneous(other): "\(other) recognized and they may not recognize simultaneously"
            case .deniedByDelegate: "its delegate's gestureRecognizerShouldBegin said no"
            case .nothingMoreToCome: "its touches ended before it decided"
            case .touchesCancelled: "its touches were cancelled"
            case .disabled: "it was disabled or removed"
            }
        }
    }

    /// What the arena decided for the recognizer.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// A continuous gesture began.
        case began
        /// A discrete gesture was recognized.
        case recognized
        /// It asked to begin or recognize, and waits for these recognizers to fail first.
        case waiting(for: [String])
        /// It failed.
        case failed(Reason)
        /// A gesture in progress was cancelled.
        case cancelled(Reason)

        /// The outcome as the arena line ends: `began`, `recognized`, `waits for X to fail`, `failed: REASON`,
        /// `cancelled: REASON`.
        public var description: String {
            switch self {
            case .began: "began"
            case .recognized: "recognized"
            case let .waiting(others): "waits for \(others.joined(separator: ", ")) to fail"
            case let .failed(reason): "failed: \(reason)"
            case let .cancelled(reason): "cancelled: \(reason)"
            }
        }
    }

    /// The recognizer: its type, and its ``GestureRecognizer/name`` in quotes when it has one.
    public var recognizer: String
    /// The identifiers of the touches of its sequence (negative for a touchpad gesture's), in order.
    public var touches: [Int]
    /// What was decided.
    public var outcome: Outcome

    /// A decision about a recognizer.
    public init(recognizer: String, touches: [Int], outcome: Outcome) {
        self.recognizer = recognizer
        self.touches = touches
        self.outcome = outcome
    }

    /// One line: `arena: PinchGestureRecognizer "zoom" [touches 1,2] began`.
    public var description: String {
        "arena: \(recognizer) [touches \(touches.map(String.init).joined(separator: ","))] \(outcome)"
    }

    /// With `TOUCHUI_DEBUG=arena`, what prints each decision's line to standard error; otherwise `nil`.
    static var standardErrorPrinterIfRequested: ((ArenaDecision) -> Void)? {
        guard isRequestedByEnvironment else { return nil }
        return { decision in
            let line = decision.description + "\n"
            _ = line.utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }

    /// Whether `TOUCHUI_DEBUG` asks for the arena's decisions on standard error (a comma-separated list that
    /// contains `arena`). Read once.
    static let isRequestedByEnvironment: Bool = {
        guard let value = ProcessInfo.processInfo.environment["TOUCHUI_DEBUG"] else { return false }
        return value.split(separator: ",").contains { trimming($0, \.isFoundationWhitespace) == "arena" }
    }()
}

extension GestureRecognizer {
    /// How the arena names the recognizer: its type, then its name in quotes.
    var arenaName: String {
        let type = String(describing: Swift.type(of: self))
        return name.map { "\(type) \"\($0)\"" } ?? type
    }
}
