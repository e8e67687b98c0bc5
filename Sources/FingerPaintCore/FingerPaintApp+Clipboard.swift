// Copy, cut, paste and drop (docs/selection.md, "Copy and paste", "Drop"). Copy puts the selection's strokes on the
// clipboard as strokes (our own type: a fingerpaint document of them, read back by the document's reader) with a PNG
// and an SVG of them for other programs, or the whole drawing's picture when nothing is selected. Paste takes the
// first type we can use of what the clipboard offers, in our order: strokes land on the current layer, centred in the
// view and selected; a PNG, JPEG or SVG picture (an SVG drawn by librsvg), or a file a `text/uri-list` names, lands on a new layer as Place image
// puts it. A drop from another program takes the same types the same way, centred where it was dropped.
// Contract: nothing the clipboard or a drop holds is trusted — every refusal is a banner, and the drawing is left as
// it was; a file named is only read.
import DrawingImport
import FoundationEssentials
import Geometry
import PaintModel
import PaintRender

extension FingerPaintApp {
    /// The MIME type of strokes copied from fingerpaint: a fingerpaint document holding them, one layer.
    public static let strokesMIMEType = "application/x-fingerpaint-strokes"
    /// What paste takes, in the order it prefers them when the clipboard offers several: an SVG before the PNG of it
    /// that drawing programs offer beside it, as it is drawn sharper.
    public static let pastableMIMETypes = [strokesMIMEType, "image/svg+xml", "image/png", "image/jpeg", "text/uri-list"]
    /// The most bytes paste reads from the clipboard.
    public static let largestPaste = 256 << 20

    /// Copies the selection's strokes when something is selected (Ctrl+C, the selection's menu), else the whole
    /// drawing's picture.
    func copy() {
        guard let strokes = selectedStrokes else { return copyDrawing() }
        _ = copy(strokes)
    }

    /// Copies the selection's strokes and deletes them, one edit (Ctrl+X, the selection's menu); with nothing
    /// selected, says how to select.
    func cut() {
        guard let strokes = selectedStrokes else {
            return showNotice("Select strokes to cut: choose the lasso and draw a loop around them.")
        }
        if copy(strokes) { deleteSelection() }
    }

    /// The selected strokes, in their layer's order; `nil` when nothing of the current layer is selected.
    private var selectedStrokes: [Stroke]? {
        guard let selection, selection.layer == drawing.currentLayerIndex else { return nil }
        let strokes = drawing.currentLayer.strokes
        let selected = selection.indices.filter(strokes.indices.contains).map { strokes[$0] }
        return selected.isEmpty ? nil : selected
    }

    /// Puts `strokes` on the clipboard as strokes, a PNG and an SVG of them, and says so, or why not, in the banner;
    /// whether the clipboard took them.
    private func copy(_ strokes: [Stroke]) -> Bool {
        let picture = DrawingPicture(strokes: strokes)
        return putOnClipboard(strokes.count == 1 ? "1 stroke" : "\(strokes.count) strokes", failing: "the selection") {
            [(Self.strokesMIMEType, DrawingDocument.encode(Drawing(strokes: strokes))),
             ("image/png", try picture.bytes(format: .png)), ("image/svg+xml", try picture.bytes(format: .svg))]
        }
    }

    /// Puts the drawing's picture (``PaintRender/DrawingPicture``: its strokes at 100 %, as `--export` writes it) on
    /// the clipboard as `image/png` and `image/svg+xml`, and says so, or why not, in the banner.
    public func copyDrawing() {
        let picture = DrawingPicture(drawing: drawing)
        putOnClipboard("the drawing", failing: "the drawing") {
            [("image/png", try picture.bytes(format: .png)), ("image/svg+xml", try picture.bytes(format: .svg))]
        }
    }

    /// Puts what `representations` makes on the clipboard and says "Copied `what` to the clipboard.", or, in the
    /// banner, why `subject` could not be copied; whether the clipboard took it.
    @discardableResult
    private func putOnClipboard(_ what: String, failing subject: String,
                                _ representations: () throws -> [(mimeType: String, bytes: [UInt8])]) -> Bool {
        guard desktopServices.contains(.clipboard), let desktop else {
            report("fingerpaint: copy is off here")
            return false
        }
        let failure: String?
        do {
            failure = desktop.fingerPaintApp(self, copy: try representations())
        } catch {
            failure = "\(error)"
        }
        if let failure {
            report("fingerpaint: cannot copy \(subject): \(failure)")
            showBanner("Cannot copy \(subject): \(failure).")
            return false
        }
        report("fingerpaint: copied \(what) to the clipboard")
        showNotice("Copied \(what) to the clipboard.")
        return true
    }

    /// Asks the desktop for what the clipboard holds (Ctrl+V, the More menu's and the selection menu's Paste), as
    /// the first of ``pastableMIMETypes`` it offers; the bytes come back as ``paste(_:as:)``. A clipboard that holds
    /// nothing we can use says so in the banner.
    func paste() {
        guard desktopServices.contains(.clipboard), let desktop else {
            report("fingerpaint: paste is off here")
            return showNotice("Paste needs the desktop's clipboard, and there is none here.")
        }
        let offered = desktop.clipboardTypes(for: self)
        guard let type = Self.pastableMIMETypes.first(where: offered.contains) else {
            report("fingerpaint: nothing to paste: the clipboard offers \(offered.isEmpty ? "nothing" : offered.joined(separator: ", "))")
            return showNotice(offered.isEmpty ? "The clipboard is empty."
                : "The clipboard holds \(Self.describe(offered)); fingerpaint pastes strokes and PNG, JPEG or SVG pictures.")
        }
        if let failure = desktop.fingerPaintApp(self, readClipboardAs: type) { pasteFailed(reason: failure) }
    }

    /// What a clipboard offering `types` (none of them ours) holds, in a few words.
    private static func describe(_ types: [String]) -> String {
        if types.contains(where: { $0.hasPrefix("text/") || $0 == "UTF8_STRING" || $0 == "STRING" }) { return "text" }
        if types.contains(where: { $0.hasPrefix("image/") }) { return "a picture of a kind fingerpaint cannot read" }
        return "something fingerpaint cannot read"
    }

    /// Puts what the clipboard held, `bytes` as `mimeType`, on the drawing: strokes on the current layer, centred in
    /// the view and selected (one edit); a picture, or the picture file a URI list names first, on a new layer. What
    /// is not what it says it is is refused in the banner, the drawing unchanged.
    public func paste(_ bytes: [UInt8], as mimeType: String) {
        put(bytes, as: mimeType, from: .clipboard)
    }

    /// A drag from another program offering `mimeTypes` came over the window: the type a drop takes (the first of
    /// ``pastableMIMETypes`` offered), or `nil`, when the banner says what the window takes while the drag is over it.
    public func dragEntered(offering mimeTypes: [String]) -> String? {
        guard let type = Self.pastableMIMETypes.first(where: mimeTypes.contains) else {
            report("fingerpaint: a drag offers \(mimeTypes.joined(separator: ", ")): nothing to take")
            showNotice("Cannot drop \(Self.describe(mimeTypes)) here: fingerpaint takes picture files, PNG, JPEG or SVG "
                       + "pictures and strokes.")
            return nil
        }
        return type
    }

    /// Puts what was dropped at `location` (the window's logical points), `bytes` as `mimeType`, on the drawing as
    /// ``paste(_:as:)`` puts the clipboard's, centred there instead of in the view.
    public func drop(_ bytes: [UInt8], as mimeType: String, at location: Point) {
        put(bytes, as: mimeType, from: .drop(at: canvasView.viewTransform.documentPoint(location)))
    }

    /// A drop's content could not be read: the banner says why.
    public func dropFailed(reason: String) {
        report("fingerpaint: cannot take the drop: \(reason)")
        showNotice("Cannot take what was dropped: \(reason).")
    }

    /// Where what lands on the drawing came from.
    private enum Arrival: Equatable {
        /// The clipboard: centred in the view.
        case clipboard
        /// A drop from another program, centred at this place of the drawing.
        case drop(at: Point)

        /// Where it is centred, `nil` for the middle of the view.
        var centre: Point? {
            guard case let .drop(point) = self else { return nil }
            return point
        }
        /// Where it came from, for the log.
        var source: String {
            switch self {
            case .clipboard: "the clipboard"
            case .drop: "the drop"
            }
        }
        /// "pasted `what` from the clipboard", "dropped `what` on the drawing", for the log.
        func done(_ what: String) -> String {
            switch self {
            case .clipboard: "pasted \(what) from the clipboard"
            case .drop: "dropped \(what) on the drawing"
            }
        }
        /// "Cannot paste the clipboard's `thing`", "Cannot take the dropped `thing`", for the banner.
        func cannot(_ thing: String) -> String {
            switch self {
            case .clipboard: "Cannot paste the clipboard's \(thing)"
            case .drop: "Cannot take the dropped \(thing)"
            }
        }
    }

    /// ``paste(_:as:)`` and ``drop(_:as:at:)``.
    private func put(_ bytes: [UInt8], as mimeType: String, from arrival: Arrival) {
        switch mimeType {
        case Self.strokesMIMEType: pasteStrokes(bytes, from: arrival)
        case "text/uri-list": pasteFile(listedIn: bytes, from: arrival)
        default:
            // Decoded off the Wayland thread, placed when done.
            let path = "\(arrival.source)'s picture"
            decodePicture(named: arrival == .clipboard ? "Pasted picture" : "Dropped picture", centredAt: arrival.centre,
                          failing: arrival.cannot("picture"), done: arrival.done("a picture")) {
                () throws(ForeignDrawing.ImportError) in
                try ForeignDrawing.picture(from: bytes, path: path)
            }
        }
    }

    /// The clipboard could not be read: the banner says why (nothing, when another paste took its place).
    public func pasteFailed(reason: String) {
        report("fingerpaint: cannot paste: \(reason)")
        showNotice("Cannot paste: \(reason).")
    }

    /// Strokes from a fingerpaint's clipboard or drag: every layer's, in order, onto the current layer.
    private func pasteStrokes(_ bytes: [UInt8], from arrival: Arrival) {
        if let refusal = currentLayerRefusal { return say(refusal) }
        let strokes: [Stroke]
        do {
            let contents = try DrawingDocument.read(bytes)
            guard !contents.hasUnreadBytes else { throw DrawingDocument.ReadError.damaged("records lost") }
            strokes = contents.drawing.layers.flatMap(\.strokes).filter(\.isWithinLimits)
        } catch {
            report("fingerpaint: \(arrival.cannot("strokes").lowercased()): \(error)")
            return showNotice("\(arrival.cannot("strokes")): \(error).")
        }
        guard let first = strokes.first else { return showNotice("\(arrival.cannot("strokes")): they are none.") }
        let bounds = strokes.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }
        let middle = arrival.centre ?? canvasView.viewTransform.documentRect(canvasView.bounds).center
        let shift = AffineTransform(translationBy: Vector(dx: middle.x - bounds.midX, dy: middle.y - bounds.midY))
        let moved = strokes.compactMap { $0.transformed(by: shift) }
        guard moved.count == strokes.count else {
            return showNotice("Cannot paste the strokes there: move the view nearer the drawing.")
        }
        let count = drawing.currentLayer.strokes.count
        endSelection()
        edit(.addStrokes(moved))
        let added = drawing.currentLayer.strokes.count - count
        guard added == moved.count else { return }
        report("fingerpaint: \(arrival.done(added == 1 ? "1 stroke" : "\(added) strokes"))")
        if !isSelecting { toggleSelectionTool() }
        select(Array(count..<(count + added)), noneSaid: "Nothing was pasted")
    }

    /// The first file a `text/uri-list` names (a file manager's copy or drag), placed as a picture; the file is
    /// only read.
    private func pasteFile(listedIn bytes: [UInt8], from arrival: Arrival) {
        guard let url = Self.firstFile(inURIList: bytes) else {
            report("fingerpaint: the list of files of \(arrival.source) names no local file")
            return showNotice(arrival == .clipboard ? "The clipboard names no file on this computer to paste."
                : "What was dropped names no file on this computer.")
        }
        placeImage(at: url, centredAt: arrival.centre)
    }

    /// The first local file a `text/uri-list` names (RFC 2483: one URI a line, `#` comments), `nil` for none.
    public static func firstFile(inURIList bytes: [UInt8]) -> URL? {
        let text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            var uri = line
            while uri.first?.isWhitespace == true { uri.removeFirst() }
            while uri.last?.isWhitespace == true { uri.removeLast() }
            guard !uri.hasPrefix("#"), let url = URL(string: String(uri)), url.scheme == "file",
                  url.host == nil || url.host == "" || url.host == "localhost" else { continue }
            let path = url.path
            guard path.hasPrefix("/") else { continue }
            return URL(fileURLWithPath: path)
        }
        return nil
    }
}
