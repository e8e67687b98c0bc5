// What opening a journal found it could not read (damaged records, a torn or missing end), what came back, and
// where the original bytes are: in a line for standard error and in a painter's words for the window.
import FoundationEssentials
import Localization

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
        let what = switch (hasDamagedRecords, tornEnd != nil) {
        // Translators: what a drawing's file was, in "FILE was damaged and cut short: recovered 3 strokes…".
        case (true, true): localized("damaged and cut short")
        // Translators: what a drawing's file was, in "FILE was damaged: recovered 3 strokes…".
        case (true, false): localized("damaged")
        // Translators: what a drawing's file was, in "FILE was cut short: recovered 3 strokes…".
        case (false, true): localized("cut short")
        case (false, false): ""
        }
        let end = tornEnd.map { "; \(Self.lostAtTheEnd($0))" } ?? ""
        switch original {
        case let .keptAs(copy):
            // Translators: %1$s is a drawing's path, %2$s what it was ("damaged", "cut short"), %3$d how many
            // strokes were read, %4$s what was lost at its end (with its "; ") or nothing, %5$s the copy's path.
            return localized("%1$s was %2$s: recovered %3$d strokes%4$s; the original is kept as %5$s",
                             url.path, what, strokesRead, end, copy.path)
        case .folderNotWritable:
            // Translators: %1$s is a drawing's path, %2$s what it is ("damaged", "cut short"), %3$d how many
            // strokes could be read, %4$s what was lost at its end (with its "; ") or nothing.
            return localized(
                "%1$s is %2$s: %3$d strokes could be read%4$s; its folder cannot be written to keep the original beside it, so the file was left as it was",
                url.path, what, strokesRead, end)
        case .notRepaired:
            // Translators: %1$s is a drawing's path, %2$s what it is ("damaged", "cut short"), %3$d how many
            // strokes could be read, %4$s what was lost at its end (with its "; ") or nothing.
            return localized("%1$s is %2$s: %3$d strokes could be read%4$s", url.path, what, strokesRead, end)
        }
    }

    /// What happened, in a painter's words, for the window's banner: the drawing by its name, what came back, what
    /// could not be read, and where the original is. A read-only document's reason is the window's to add.
    public var summary: String {
        let name = url.deletingPathExtension().lastPathComponent
        let what = switch (hasDamagedRecords, tornEnd != nil) {
        // Translators: %s is a drawing's name.
        case (true, true): localized("Part of %s was damaged and its end is missing", name)
        // Translators: %s is a drawing's name.
        case (true, false): localized("Part of %s was damaged", name)
        // Translators: %s is a drawing's name.
        case (false, _): localized("The end of %s is missing", name)
        }
        let read = switch strokesRead {
        case 0: localized("none of its strokes came back")
        default: localizedPlural("%d stroke came back", "%d strokes came back", count: strokesRead, strokesRead)
        }
        // Translators: %s says what was lost at the end of a drawing, as "a stroke cut short at the end could not
        // be read, nor anything after it".
        let lost = hasDamagedRecords ? (tornEnd.map { localized("what was damaged and %s", Self.lostAtTheEnd($0)) }
                                        ?? localized("what was damaged could not be read"))
                                     : tornEnd.map(Self.lostAtTheEnd) ?? ""
        let original = switch original {
        // Translators: %s is the file name of the copy of a damaged drawing.
        case let .keptAs(copy): localized("The original is kept as %s.", copy.lastPathComponent)
        case .folderNotWritable:
            localized("Its folder cannot be written, so the original cannot be kept beside it: the file is left as it was.")
        case .notRepaired: localized("The file is left as it was.")
        }
        // Translators: how a damaged drawing's banner is put together: %1$s is "Part of NAME was damaged", %2$s
        // "2 strokes came back", %3$s what could not be read, %4$s where the original is (a whole sentence).
        return localized("%1$s: %2$s; %3$s. %4$s", what, read, lost, original)
    }

    /// What a torn end cost, in words that fit after "; ".
    private static func lostAtTheEnd(_ end: DrawingDocument.TornEnd) -> String {
        switch end {
        case .stroke: localized("a stroke cut short at the end could not be read, nor anything after it")
        case .edit:
            localized("a change cut short at the end (an undo, a redo, a clear or an erase) could not be read, nor anything after it")
        case .layer: localized("a change of a layer cut short at the end could not be read, nor anything after it")
        case .image: localized("a picture cut short at the end could not be read, nor anything after it")
        case .choice: localized("the last choice of layer could not be read, nor anything after it")
        case .unknown: localized("what came at the end could not be read")
        }
    }
}
