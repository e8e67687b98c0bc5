// The texts the overlay cut short with an ellipsis to fit their places: the window prints them as debug lines, so
// that a translation too long for its button, row or banner shows (docs/translations.md, "Adding a language").
import Threading

/// The texts cut short since they were last taken, each once, at most ``capacity`` of them.
public enum CutShortText {
    /// How many are kept until taken.
    public static let capacity = 32

    private static let texts = Locked<[String]>([])

    /// Notes that `text` was cut short to fit.
    static func record(_ text: String) {
        texts.withLock { texts in
            if texts.count < capacity, !texts.contains(text) { texts.append(text) }
        }
    }

    /// The texts cut short since the last call, in the order they were first cut, and forgets them.
    public static func take() -> [String] {
        texts.withLock { texts in
            defer { texts.removeAll() }
            return texts
        }
    }
}
