// What the window's banner says about documents, in a painter's words: drawings by their names, no paths the
// banner already implies, no system codes, no brackets inside brackets. The details go to standard error.
import FoundationEssentials
import Localization
import PaintModel

extension DocumentOpenError {
    /// Why the document cannot be opened, in a painter's words, without its name (the banner says it first).
    var plainReason: String {
        switch reason {
        case .isAFolder: localized("it is a folder, not a drawing")
        case .noSuchFolder: localized("its folder is not there")
        case .noSuchFile: localized("it is not there any more")
        case .notARegularFile: localized("it is not an ordinary file")
        case .permissionDenied: localized("you do not have permission to read it")
        case .unreadable(.notADrawing): localized("it is not a fingerpaint drawing")
        case .unreadable(.unsupportedVersion): localized("it was made by a newer fingerpaint")
        case .unreadable(.truncated): localized("the file is cut short")
        case .unreadable(.damaged): localized("the file is damaged")
        case let .failed(text): text
        }
    }
}

extension OpenedDocument.ReadOnlyReason {
    /// Why the drawing `name` is not changed here, as the start of a sentence.
    func sentence(naming name: String) -> String {
        switch self {
        // Translators: %s is a drawing's name; the start of a sentence the banner ends with ": what you paint goes to a copy."
        case .openInAnotherWindow: localized("%s is open in another window", name)
        // Translators: %1$s is a drawing's name, %2$s why the system refuses to write it.
        case let .notWritable(text): localized("%1$s cannot be changed here (%2$s)", name, text)
        }
    }
}

extension OpenedDocument {
    /// The document's name, as the window's title shows it.
    var name: String { url.deletingPathExtension().lastPathComponent }

    /// What opening found, one line each for standard error: what could not be read, and why it is read-only.
    var messages: [String] {
        notices + (readOnlyReason.map { [
            // Translators: a line on standard error; %1$s is a file's path, %2$s why the drawing is read-only.
            localized("%1$s: %2$s; opened read-only: what you paint goes to a copy", url.path, $0)] } ?? [])
    }

    /// What the banner says on opening: what could not be read and where the original is, and why what is painted
    /// goes to a copy; `nil` when there is nothing to say.
    var bannerText: String? {
        let readOnly: String? = readOnlyReason.map { reason in
            // The damage's words already say why the file could not be repaired when its folder is the reason.
            damage?.original == .folderNotWritable ? localized("What you paint goes to a copy.")
                // Translators: %s is why the drawing is not changed here ("Sky is open in another window").
                : localized("%s: what you paint goes to a copy.", reason.sentence(naming: name))
        }
        let parts = [damage?.summary, readOnly].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
