// What the window's banner says about documents, in a painter's words: drawings by their names, no paths the
// banner already implies, no system codes, no brackets inside brackets. The details go to standard error.
import FoundationEssentials
import PaintModel

extension DocumentOpenError {
    /// Why the document cannot be opened, in a painter's words, without its name (the banner says it first).
    var plainReason: String {
        switch reason {
        case .isAFolder: "it is a folder, not a drawing"
        case .noSuchFolder: "its folder is not there"
        case .noSuchFile: "it is not there any more"
        case .notARegularFile: "it is not an ordinary file"
        case .permissionDenied: "you do not have permission to read it"
        case .unreadable(.notADrawing): "it is not a fingerpaint drawing"
        case .unreadable(.unsupportedVersion): "it was made by a newer fingerpaint"
        case .unreadable(.truncated): "the file is cut short"
        case .unreadable(.damaged): "the file is damaged"
        case let .failed(text): text
        }
    }
}

extension OpenedDocument.ReadOnlyReason {
    /// Why the drawing `name` is not changed here, as the start of a sentence.
    func sentence(naming name: String) -> String {
        switch self {
        case .openInAnotherWindow: "\(name) is open in another window"
        case let .notWritable(text): "\(name) cannot be changed here (\(text))"
        }
    }
}

extension OpenedDocument {
    /// The document's name, as the window's title shows it.
    var name: String { url.deletingPathExtension().lastPathComponent }

    /// What opening found, one line each for standard error: what could not be read, and why it is read-only.
    var messages: [String] {
        notices + (readOnlyReason.map { ["\(url.path): \($0); opened read-only: what you paint goes to a copy"] } ?? [])
    }

    /// What the banner says on opening: what could not be read and where the original is, and why what is painted
    /// goes to a copy; `nil` when there is nothing to say.
    var bannerText: String? {
        let readOnly: String? = readOnlyReason.map { reason in
            // The damage's words already say why the file could not be repaired when its folder is the reason.
            damage?.original == .folderNotWritable ? "What you paint goes to a copy."
                : "\(reason.sentence(naming: name)): what you paint goes to a copy."
        }
        let parts = [damage?.summary, readOnly].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
