// What opening a journal found it could not read (damaged records, a torn or missing end), what came back, and
// where the original bytes are: in a line for standard error and in a painter's words for the window.
import FoundationEssentials

/// What ``DocumentFile/open(_:create:now:)`` could not read in a journal, and what it did about it.
///
/// Every repair that cuts bytes off a document — damage skipped, a torn end dropped — first keeps a copy of the
/// original bytes beside it (`NAME.damaged-<UTC time>`). Where no copy can be kept, nothing is cut: the document
/// opens read-only with what could be read, the file left as it was. How many strokes were lost is not known: a
/// journal says nowhere how many records it holds, so the words say what was lost, never a count.
public struct DocumentDamage: Hashable, Sendable, CustomStringConvertible {
    /// Where the original bytes are.
    public enum Original: Hashable, Sendable {
        /// Copied beside the document before it was repaired: the copy.
        case keptAs(URL)
        /// Not copied, since the document's folder cannot be written: nothing was cut, and the document opens
        /// read-only with what could be read.
        case folderNotWritable
        /// Not repaired: the document is read-only here (another window has it, or it cannot be written), so the
        /// file is as it was.
        case notRepaired
    }

    /// The document.
    public var url: URL
    /// Whether records were damaged (a wrong checksum, impossible values) and skipped.
    public var hasDamagedRecords: Bool
    /// What the record cut short at the end was; `nil` when the end is whole.
    public var tornEnd: DrawingDocument.TornEnd?
    /// How many strokes the drawing has, from what could be read: on every layer, hidden ones too.
    public var strokesRead: Int
    /// Where the original bytes are.
    public var original: Original

    /// The damage a journal's contents show, if any.
    init?(_ contents: DrawingDocument.Contents, url: URL, original: Original) {
        guard contents.hasUnreadBytes else { return nil }
        self.url = url
        hasDamagedRecords = contents.isDamaged
        tornEnd = contents.tornEnd
        strokesRead = contents.drawing.layers.reduce(0) { $0 + $1.strokes.count }
        self.original = original
    }

    /// One line for standard error, with full paths.
    public var description: String {
        let what = [hasDamagedRecords ? "damaged" : nil, tornEnd != nil ? "cut short" : nil].compactMap { $0 }
            .joined(separator: " and ")
        let end = tornEnd.map { "; \(Self.lostAtTheEnd($0))" } ?? ""
        switch original {
        case let .keptAs(copy):
            return "\(url.path) was \(what): recovered \(strokesRead) strokes\(end); the original is kept as \(copy.path)"
        case .folderNotWritable:
            return "\(url.path) is \(what): \(strokesRead) strokes could be read\(end); its folder cannot be written "
                + "to keep the original beside it, so the file was left as it was"
        case .notRepaired:
            return "\(url.path) is \(what): \(strokesRead) strokes could be read\(end)"
        }
    }

    /// What happened, in a painter's words, for the window's banner: the drawing by its name, what came back, what
    /// could not be read, and where the original is. A read-only document's reason is the window's to add.
    public var summary: String {
        let name = url.deletingPathExtension().lastPathComponent
        let what = switch (hasDamagedRecords, tornEnd != nil) {
        case (true, true): "Part of \(name) was damaged and its end is missing"
        case (true, false): "Part of \(name) was damaged"
        case (false, _): "The end of \(name) is missing"
        }
        let read = switch strokesRead {
        case 0: "none of its strokes came back"
        case 1: "1 stroke came back"
        default: "\(strokesRead) strokes came back"
        }
        let lost = hasDamagedRecords ? (tornEnd.map { "what was damaged and \(Self.lostAtTheEnd($0))" }
                                        ?? "what was damaged could not be read")
                                     : tornEnd.map(Self.lostAtTheEnd) ?? ""
        let original = switch original {
        case let .keptAs(copy): "The original is kept as \(copy.lastPathComponent)."
        case .folderNotWritable:
            "Its folder cannot be written, so the original cannot be kept beside it: the file is left as it was."
        case .notRepaired: "The file is left as it was."
        }
        return "\(what): \(read); \(lost). \(original)"
    }

    /// What a torn end cost, in words that fit after "; ".
    private static func lostAtTheEnd(_ end: DrawingDocument.TornEnd) -> String {
        switch end {
        case .stroke: "a stroke cut short at the end could not be read, nor anything after it"
        case .edit: "a change cut short at the end (an undo, a redo, a clear or an erase) could not be read, nor anything after it"
        case .layer: "a change of a layer cut short at the end could not be read, nor anything after it"
        case .image: "a picture cut short at the end could not be read, nor anything after it"
        case .choice: "the last choice of layer could not be read, nor anything after it"
        case .unknown: "what came at the end could not be read"
        }
    }
}
