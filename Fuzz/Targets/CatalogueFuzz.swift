// A translation's catalogue from anywhere (a damaged or hand-made `.mo` in the user's locale folder,
// docs/translations.md): its check never traps, and neither does filling a message from a translation of any text.
import Localization

extension FuzzTargets {
    /// ``CatalogueFile/isSound(_:)`` on the bytes as a catalogue, then the bytes as a translation filled with two
    /// arguments: text, never a trap.
    public static func catalogue(_ bytes: [UInt8]) {
        _ = CatalogueFile.isSound(bytes)
        let translation = String(decoding: bytes, as: UTF8.self)
        let filled = MessageFormat.fill(translation, fallback: "%s: %d", with: ["name", "3"])
        precondition(!filled.isEmpty || translation.isEmpty, "a translation filled to nothing")
    }
}
