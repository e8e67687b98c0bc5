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
import Localization
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
            return showNotice(localized("Select strokes to cut: choose the lasso and draw a loop around them."))
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
        let picture = DrawingPicture(strokes: strokes), count = strokes.count
        let done = (line: localizedPlural("copied %d stroke to the clipboard", "copied %d strokes to the clipboard",
                                          count: count, count),
                    notice: localizedPlural("Copied %d stroke to the clipboard.", "Copied %d strokes to the clipboard.",
                                            count: count, count))
        return putOnClipboard(done, failing: { failure in
            // Translators: %s is why the clipboard did not take the strokes.
            (localized("cannot copy the selection: %s", failure), localized("Cannot copy the selection: %s.", failure))
        }) {
            [(Self.strokesMIMEType, DrawingDocument.encode(Drawing(strokes: strokes))),
             ("image/png", try picture.bytes(format: .png)), ("image/svg+xml", try picture.bytes(format: .svg))]
        }
    }

    /// Puts the drawing's picture (``PaintRender/DrawingPicture``: its strokes at 100 %, as `--export` writes it) on
    /// the clipboard as `image/png` and `image/svg+xml`, and says so, or why not, in the banner.
    public func copyDrawing() {
        let picture = DrawingPicture(drawing: drawing)
        let done = (line: localized("copied the drawing to the clipboard"), notice: localized("Copied the drawing to the clipboard."))
        putOnClipboard(done, failing: { failure in
            // Translators: %s is why the clipboard did not take the drawing's picture.
            (localized("cannot copy the drawing: %s", failure), localized("Cannot copy the drawing: %s.", failure))
        }) {
            [("image/png", try picture.bytes(format: .png)), ("image/svg+xml", try picture.bytes(format: .svg))]
        }
    }

    /// Puts what `representations` makes on the clipboard and says so (`done`: the line on standard error and the
    /// notice), or, in the banner, why it could not be copied (`failing`: the line and the banner for a reason);
    /// whether the clipboard took it.
    @discardableResult
    private func putOnClipboard(_ done: (line: String, notice: String), failing: (String) -> (line: String, banner: String),
                                _ representations: () throws -> [(mimeType: String, bytes: [UInt8])]) -> Bool {
        guard desktopServices.contains(.clipboard), let desktop else {
            report("fingerpaint: " + localized("copy is off here"))
            return false
        }
        let failure: String?
        do {
            failure = desktop.fingerPaintApp(self, copy: try representations())
        } catch {
            failure = "\(error)"
        }
        if let failure {
            let said = failing(failure)
            report("fingerpaint: " + said.line)
            showBanner(said.banner)
            return false
        }
        report("fingerpaint: " + done.line)
        showNotice(done.notice)
        return true
    }

    /// Asks the desktop for what the clipboard holds (Ctrl+V, the More menu's and the selection menu's Paste), as
    /// the first of ``pastableMIMETypes`` it offers; the bytes come back as ``paste(_:as:)``. A clipboard that holds
    /// nothing we can use says so in the banner.
    func paste() {
        guard desktopServices.contains(.clipboard), let desktop else {
            report("fingerpaint: " + localized("paste is off here"))
            return showNotice(localized("Paste needs the desktop's clipboard, and there is none here."))
        }
        let offered = desktop.clipboardTypes(for: self)
        guard let type = Self.pastableMIMETypes.first(where: offered.contains) else {
            guard !offered.isEmpty else {
                report("fingerpaint: " + localized("nothing to paste: the clipboard offers nothing"))
                return showNotice(localized("The clipboard is empty."))
            }
            // Translators: %s lists MIME types, as text/plain, image/gif.
            report("fingerpaint: " + localized("nothing to paste: the clipboard offers %s", offered.joined(separator: ", ")))
            let holds: String = switch Offer(offered) {
            case .text: localized("The clipboard holds text; fingerpaint pastes strokes and PNG, JPEG or SVG pictures.")
            case .picture: localized("""
                The clipboard holds a picture of a kind fingerpaint cannot read; fingerpaint pastes strokes and PNG, \
                JPEG or SVG pictures.
                """)
            case .other: localized("""
                The clipboard holds something fingerpaint cannot read; fingerpaint pastes strokes and PNG, JPEG or SVG \
                pictures.
                """)
            }
            return showNotice(holds)
        }
        if let failure = desktop.fingerPaintApp(self, readClipboardAs: type) { pasteFailed(reason: failure) }
    }

    /// What a clipboard or a drag offering types none of which are ours holds: text, a picture of another kind, or
    /// something else.
    private enum Offer {
        case text, picture, other

        init(_ types: [String]) {
            if types.contains(where: { $0.hasPrefix("text/") || $0 == "UTF8_STRING" || $0 == "STRING" }) {
                self = .text
            } else if types.contains(where: { $0.hasPrefix("image/") }) {
                self = .picture
            } else {
                self = .other
            }
        }
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
            // Translators: %s lists MIME types, as text/plain, image/gif.
            report("fingerpaint: " + localized("a drag offers %s: nothing to take", mimeTypes.joined(separator: ", ")))
            let refusal: String = switch Offer(mimeTypes) {
            case .text: localized("Cannot drop text here: fingerpaint takes picture files, PNG, JPEG or SVG pictures and strokes.")
            case .picture: localized("""
                Cannot drop a picture of a kind fingerpaint cannot read here: fingerpaint takes picture files, PNG, \
                JPEG or SVG pictures and strokes.
                """)
            case .other: localized("""
                Cannot drop something fingerpaint cannot read here: fingerpaint takes picture files, PNG, JPEG or SVG \
                pictures and strokes.
                """)
            }
            showNotice(refusal)
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
        report("fingerpaint: " + localized("cannot take the drop: %s", reason))
        showNotice(localized("Cannot take what was dropped: %s.", reason))
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
        /// The picture it brought, as the line that says it cannot be opened names it.
        var pictureName: String {
            switch self {
            // Translators: what cannot be opened in "cannot open %s: …", a line on standard error.
            case .clipboard: localized("the clipboard's picture")
            // Translators: what cannot be opened in "cannot open %s: …", a line on standard error.
            case .drop: localized("the drop's picture")
            }
        }
        /// Why the strokes it brought cannot be put on the drawing: the line for the log and the banner's words, with
        /// `reason`.
        func cannotTakeStrokes(_ reason: String) -> (line: String, banner: String) {
            switch self {
            case .clipboard: (localized("cannot paste the clipboard's strokes: %s", reason),
                              localized("Cannot paste the clipboard's strokes: %s.", reason))
            case .drop: (localized("cannot take the dropped strokes: %s", reason),
                         localized("Cannot take the dropped strokes: %s.", reason))
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
            let path = arrival.pictureName
            let isPaste = arrival == .clipboard
            // Translators: the name of the layer a picture pasted, or dropped, goes on.
            decodePicture(named: isPaste ? localized("Pasted picture") : localized("Dropped picture"), centredAt: arrival.centre,
                          failing: { reason in
                              isPaste ? localized("Cannot paste the clipboard's picture: %s.", reason)
                                  : localized("Cannot take the dropped picture: %s.", reason)
                          },
                          done: isPaste ? localized("pasted a picture from the clipboard")
                              : localized("dropped a picture on the drawing")) {
                () throws(ForeignDrawing.ImportError) in
                try ForeignDrawing.picture(from: bytes, path: path)
            }
        }
    }

    /// The clipboard could not be read: the banner says why (nothing, when another paste took its place).
    public func pasteFailed(reason: String) {
        report("fingerpaint: " + localized("cannot paste: %s", reason))
        showNotice(localized("Cannot paste: %s.", reason))
    }

    /// Strokes from a fingerpaint's clipboard or drag: every layer's, in order, onto the current layer.
    private func pasteStrokes(_ bytes: [UInt8], from arrival: Arrival) {
        if let refusal = currentLayerRefusal { return say(refusal) }
        let strokes: [Stroke]
        do {
            let contents = try DrawingDocument.read(bytes)
            guard !contents.hasUnreadBytes else { throw DrawingDocument.ReadError.damaged(localized("records lost")) }
            strokes = contents.drawing.layers.flatMap(\.strokes).filter(\.isWithinLimits)
        } catch {
            let said = arrival.cannotTakeStrokes("\(error)")
            report("fingerpaint: " + said.line)
            return showNotice(said.banner)
        }
        guard let first = strokes.first else {
            return showNotice(arrival == .clipboard ? localized("Cannot paste the clipboard's strokes: they are none.")
                : localized("Cannot take the dropped strokes: they are none."))
        }
        let bounds = strokes.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }
        let middle = arrival.centre ?? canvasView.viewTransform.documentRect(canvasView.bounds).center
        let shift = AffineTransform(translationBy: Vector(dx: middle.x - bounds.midX, dy: middle.y - bounds.midY))
        let moved = strokes.compactMap { $0.transformed(by: shift) }
        guard moved.count == strokes.count else {
            return showNotice(localized("Cannot paste the strokes there: move the view nearer the drawing."))
        }
        let count = drawing.currentLayer.strokes.count
        endSelection()
        edit(.addStrokes(moved))
        let added = drawing.currentLayer.strokes.count - count
        guard added == moved.count else { return }
        report("fingerpaint: " + (arrival == .clipboard
            ? localizedPlural("pasted %d stroke from the clipboard", "pasted %d strokes from the clipboard", count: added, added)
            : localizedPlural("dropped %d stroke on the drawing", "dropped %d strokes on the drawing", count: added, added)))
        if !isSelecting { toggleSelectionTool() }
        // Translators: %s is the layer's name.
        select(Array(count..<(count + added)), noneSaid: { localized("Nothing was pasted of “%s”.", $0) })
    }

    /// The first file a `text/uri-list` names (a file manager's copy or drag), placed as a picture; the file is
    /// only read.
    private func pasteFile(listedIn bytes: [UInt8], from arrival: Arrival) {
        guard let url = Self.firstFile(inURIList: bytes) else {
            guard arrival == .clipboard else {
                report("fingerpaint: " + localized("the list of files of the drop names no local file"))
                return showNotice(localized("What was dropped names no file on this computer."))
            }
            report("fingerpaint: " + localized("the list of files of the clipboard names no local file"))
            return showNotice(localized("The clipboard names no file on this computer to paste."))
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
