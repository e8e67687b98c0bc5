// The gallery: the user's drawings as tiles over the whole window, by touch.
import FoundationEssentials
import Glibc
import Localization
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import TouchUI

/// A full-window panel of the user's drawings (``drawings``, most recently changed first), each a tile with its
/// thumbnail, name and date, after a tile that starts a new drawing. A finger scrolls it (and a flick glides on,
/// as a scroll view's does). It tells its ``delegate`` (``GalleryViewDelegate``) what the user asks for:
///
/// - a tap opens a drawing or starts one;
/// - a long press on a drawing offers duplicate, rename, export, show in the folder and move to the Trash;
/// - its rename panel, beside the tile, asks for the drawing to be renamed to the name typed in it;
/// - the header's cross closes it;
/// - its "Open…" (while ``offersOpenFile``) asks the desktop's open dialog for a drawing kept anywhere else.
///
/// Every target is at least 44 points. A touch on it never paints.
public final class GalleryView: View {
    /// What a long press on a drawing offers.
    public enum Action: Hashable, Sendable, CaseIterable {
        case duplicate, rename, export, showInFolder, moveToTrash

        /// The menu's words for it.
        public var title: String {
            switch self {
            // Translators: the gallery's menu for a drawing (a long press on its tile): make a copy of the drawing.
            case .duplicate: localized("Duplicate")
            case .rename: localized("Rename…")
            case .export: localized("Export as PNG")
            // Translators: shows the drawing's file in the desktop's file manager.
            case .showInFolder: localized("Show in folder")
            case .moveToTrash: localized("Move to Trash")
            }
        }
    }

    /// What the gallery knows of a drawing's thumbnail.
    public struct ThumbnailState: Hashable, Sendable {
        /// Whether the thumbnail is ready (the renderer holds it under the drawing's path).
        public var isReady: Bool
        /// Whether the drawing has damage (it opens with what could be recovered).
        public var isDamaged: Bool
        /// Whether the drawing cannot be read at all.
        public var isUnreadable: Bool

        public init(isReady: Bool, isDamaged: Bool = false, isUnreadable: Bool = false) {
            self.isReady = isReady
            self.isDamaged = isDamaged
            self.isUnreadable = isUnreadable
        }
    }

    /// The drawings shown, in order.
    public var drawings: [LibraryDrawing] = [] {
        didSet {
            menu = nil
            renaming = nil
            scrollOffset = min(scrollOffset, maximumScrollOffset)
            reportChange()
        }
    }
    /// The drawing the window has open: its tile is outlined.
    public var openDrawing: URL?
    /// The thumbnails known, by the drawing's path.
    public var thumbnails: [String: ThumbnailState] = [:]
    /// The actions a long press offers (show in folder only where the desktop has a file manager to ask).
    public var actions: [Action] = [.duplicate, .rename, .export, .moveToTrash]
    /// Whether the header shows "Open…" (the desktop has an open dialog to ask); `false` leaves the button out.
    public var offersOpenFile = false {
        didSet { reportChange() }
    }
    /// What the user asks of the gallery, and that what it shows changed (``GalleryViewDelegate``). Held weakly: the
    /// owner holds the gallery.
    public weak var delegate: (any GalleryViewDelegate)?

    /// How far the tiles are scrolled up, in points.
    public private(set) var scrollOffset = 0.0
    /// The long press's menu: the drawing it is for, and where it is.
    private var menu: (drawing: LibraryDrawing, frame: Rect)?
    /// The rename panel: the drawing it renames, the name typed so far, whether that name is selected whole (the
    /// first key typed replaces it), and where the panel is.
    private var renaming: (drawing: LibraryDrawing, text: String, isSelected: Bool, frame: Rect)?
    /// The tile under a finger (0 the new-drawing tile, then the drawings), shown pressed.
    private var pressedTile: Int?
    /// A glide after a flick: its momentum and how far it has scrolled so far.
    private var glide: (momentum: Momentum, applied: Double)?

    private let panRecognizer = PanGestureRecognizer()
    private let tapRecognizer = TapGestureRecognizer()
    private let longPressRecognizer = LongPressGestureRecognizer()

    /// The header's height, in points.
    public static let headerHeight = 56.0
    /// The space around and between tiles, in points.
    public static let margin = 16.0
    /// The narrowest a tile may be: two columns fit 420 points.
    public static let minimumTileWidth = 180.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isMultipleTouchEnabled = true
        tapRecognizer.maximumPressDuration = GestureDefaults.longPressDuration
        _ = tapRecognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .ended { tapped(at: recognizer.location(in: self)) }
        }
        _ = longPressRecognizer.addTarget { [unowned self] recognizer in
            if recognizer.state == .began { pressedLong(at: recognizer.location(in: self)) }
        }
        _ = panRecognizer.addTarget { [unowned self] _ in panned() }
        for recognizer in [panRecognizer, tapRecognizer, longPressRecognizer] as [GestureRecognizer] {
            addGestureRecognizer(recognizer)
        }
    }

    // MARK: - Layout

    /// The header across the top.
    private var header: Rect { Rect(x: 0, y: 0, width: bounds.width, height: Self.headerHeight) }
    /// The close button at the header's right end.
    private var closeButton: Rect { Rect(x: bounds.width - 52, y: 6, width: 44, height: 44) }
    /// The "Open…" button left of the close button, while there is a dialog to open.
    private var openButton: Rect? {
        offersOpenFile ? Rect(x: closeButton.minX - 8 - Self.openButtonWidth, y: 6, width: Self.openButtonWidth, height: 44) : nil
    }
    /// The width of the "Open…" button.
    static let openButtonWidth = 96.0
    private var columns: Int {
        max(2, Int((bounds.width - Self.margin) / (Self.minimumTileWidth + Self.margin)))
    }
    private var tileSize: Size {
        let width = max((bounds.width - Self.margin * Double(columns + 1)) / Double(columns), 1)
        return Size(width: width, height: (width * 0.72).rounded() + Overlay.Gallery.captionHeight)
    }
    /// The height of every tile laid out, margins included.
    private var contentHeight: Double {
        let rows = (drawings.count + 1 + columns - 1) / columns
        return Self.margin + Double(rows) * (tileSize.height + Self.margin)
    }
    /// The area the tiles scroll in, below the header.
    private var viewport: Rect {
        Rect(x: 0, y: Self.headerHeight, width: bounds.width, height: max(bounds.height - Self.headerHeight, 0))
    }
    private var maximumScrollOffset: Double { max(contentHeight - viewport.height, 0) }

    /// The frame of tile `index` (0 the new-drawing tile), scrolled, in the view's coordinates.
    private func frame(ofTile index: Int) -> Rect {
        let size = tileSize
        let (row, column) = (index / columns, index % columns)
        return Rect(x: Self.margin + Double(column) * (size.width + Self.margin),
                    y: viewport.minY + Self.margin + Double(row) * (size.height + Self.margin) - scrollOffset,
                    width: size.width, height: size.height)
    }

    /// The tiles at least partly in view: their indices (0 the new-drawing tile).
    private var visibleTiles: Range<Int> {
        let size = tileSize
        let rowHeight = size.height + Self.margin
        let firstRow = max(Int((scrollOffset - Self.margin) / rowHeight), 0)
        let lastRow = max(Int((scrollOffset + viewport.height) / rowHeight), firstRow)
        let lower = min(firstRow * columns, drawings.count + 1)
        let upper = min((lastRow + 1) * columns, drawings.count + 1)
        return lower..<upper
    }

    /// The drawings whose tiles are in view or a screenful either side: the ones whose thumbnails to make first.
    public var drawingsNearView: [LibraryDrawing] {
        let visible = visibleTiles, screenful = columns * max(Int(viewport.height / (tileSize.height + Self.margin)) + 1, 1)
        let lower = max(visible.lowerBound - screenful, 1), upper = min(visible.upperBound + screenful, drawings.count + 1)
        guard lower < upper else { return [] }
        return Array(drawings[(lower - 1)..<(upper - 1)])
    }

    private func tile(at point: Point) -> Int? {
        visibleTiles.first { frame(ofTile: $0).contains(point) }
    }

    // MARK: - The overlay

    /// How the gallery looks, in window coordinates, for the renderer; `nil` while hidden.
    public var overlayGallery: Overlay.Gallery? {
        guard !isHidden else { return nil }
        let origin = convert(Point(x: 0, y: 0), to: nil)
        func inWindow(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        let tiles = visibleTiles.map { index -> Overlay.Gallery.Tile in
            let frame = inWindow(frame(ofTile: index))
            guard index > 0 else { return Overlay.Gallery.Tile(content: .newDrawing, frame: frame, isPressed: pressedTile == 0) }
            let drawing = drawings[index - 1]
            let state = thumbnails[drawing.url.path]
            let isUnreadable = state?.isUnreadable ?? false
            let content = Overlay.Gallery.Tile.Content.drawing(
                name: drawing.name, detail: isUnreadable ? localized("Cannot be opened") : detail(of: drawing), thumbnail: state?.isReady == true ? drawing.url.path : nil,
                isDamaged: state?.isDamaged ?? false, isUnreadable: isUnreadable,
                isOpen: drawing.url.standardizedFileURL == openDrawing?.standardizedFileURL)
            return Overlay.Gallery.Tile(content: content, frame: frame, isPressed: pressedTile == index)
        }
        var scrollThumb: Rect?
        if maximumScrollOffset > 0 {
            let share = viewport.height / contentHeight
            let height = max(viewport.height * share, 32)
            let y = viewport.minY + (viewport.height - height) * scrollOffset / maximumScrollOffset
            scrollThumb = inWindow(Rect(x: bounds.width - 7, y: y, width: 4, height: height))
        }
        let renameOverlay = renaming.map { panel in
            let parts = renamePanelParts(in: panel.frame)
            return Overlay.Gallery.RenamePanel(frame: inWindow(panel.frame), field: inWindow(parts.field), text: panel.text,
                                               isTextSelected: panel.isSelected, renameButton: inWindow(parts.rename),
                                               cancelButton: inWindow(parts.cancel))
        }
        let menuOverlay = menu.map { menu in
            Overlay.Gallery.Menu(items: actions.enumerated().map { index, action in
                (title: action.title, frame: inWindow(menuItemFrame(index, in: menu.frame)), isDestructive: action == .moveToTrash)
            }, frame: inWindow(menu.frame))
        }
        // Translators: the gallery's title; %d is how many drawings it shows.
        var gallery = Overlay.Gallery(frame: inWindow(bounds), header: inWindow(header), closeButton: inWindow(closeButton),
                                      openButton: openButton.map(inWindow), title: localized("Your drawings (%d)", drawings.count),
                                      tiles: tiles, menu: menuOverlay, renamePanel: renameOverlay, scrollThumb: scrollThumb)
        let pages = pageButtons
        gallery.pageUp = pages.up.map(inWindow)
        gallery.pageDown = pages.down.map(inWindow)
        return gallery
    }

    /// The buttons that scroll a page by tap, in the viewport's bottom right corner, each where it always is: up
    /// (above) while scrolled down, down while more lies below.
    private var pageButtons: (up: Rect?, down: Rect?) {
        guard maximumScrollOffset > 0 else { return (nil, nil) }
        let side = 44.0, x = bounds.width - side - 12
        let down = Rect(x: x, y: viewport.maxY - side - 12, width: side, height: side)
        let up = Rect(x: x, y: down.minY - side - 8, width: side, height: side)
        return (scrollOffset > 0 ? up : nil, scrollOffset < maximumScrollOffset ? down : nil)
    }

    /// How far a page button scrolls: the whole rows a viewport shows, at least one.
    private var page: Double {
        let row = tileSize.height + Self.margin
        return max((viewport.height / row).rounded(.down), 1) * row
    }

    /// When a drawing was changed, as a caption in the locale's words: the time today, "Yesterday" and the time,
    /// or the date, each by a `strftime` format its translation may reorder (English: "Today 09:05",
    /// "Yesterday 23:59", "3 Sep 2026"), the month's name in the locale's `LC_TIME`, in the local time zone.
    func detail(of drawing: LibraryDrawing, now: Date = Date()) -> String {
        let modified = CivilTime.local(drawing.modified)
        let today = CivilTime.local(now)
        // Translators: a strftime format for the time of day in the gallery's captions ("09:05").
        let time = localText(drawing.modified, format: localizedDateFormat("%H:%M"))
        // Translators: a drawing changed today at %s, a time of day ("Today 09:05").
        if modified.isSameDay(as: today) { return localized("Today %s", time) }
        // Translators: a drawing changed yesterday at %s, a time of day ("Yesterday 23:59").
        if modified.isSameDay(as: today.dayBefore) { return localized("Yesterday %s", time) }
        // Translators: a strftime format for the date of a drawing changed before yesterday ("3 Sep 2026"): %-d is
        // the day without a leading zero, %b the month's short name, %Y the year.
        return localText(drawing.modified, format: localizedDateFormat("%-d %b %Y"))
    }

    /// `date` in the local time zone written by the C library's `strftime` with `format`; empty when it is too long.
    private func localText(_ date: Date, format: String) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var broken = tm()
        localtime_r(&seconds, &broken)
        var buffer = [CChar](repeating: 0, count: 256)
        let count = strftime(&buffer, buffer.count, format, &broken)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - Touches

    /// The menu's height for its actions: 44 points each.
    private static let menuItemHeight = 44.0
    private static let menuWidth = 200.0

    private func menuItemFrame(_ index: Int, in frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY + Double(index) * Self.menuItemHeight, width: frame.width, height: Self.menuItemHeight)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        // A finger catches a gliding list, as on any touch screen.
        glide = nil
        guard menu == nil, renaming == nil, touches.count == 1, let touch = touches.first else { return }
        pressedTile = tile(at: touch.location(in: self))
        if pressedTile != nil { reportChange() }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        releasePress()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        releasePress()
    }

    private func releasePress() {
        guard pressedTile != nil else { return }
        pressedTile = nil
        reportChange()
    }

    private func tapped(at point: Point) {
        if renaming != nil { return tappedRenamePanel(at: point) }
        if let shown = menu {
            menu = nil
            if let index = actions.indices.first(where: { menuItemFrame($0, in: shown.frame).contains(point) }) {
                if actions[index] == .rename {
                    beginRenaming(shown.drawing)
                } else {
                    delegate?.galleryView(self, didChoose: actions[index], for: shown.drawing)
                }
            }
            reportChange()
            return
        }
        if closeButton.insetBy(dx: -4, dy: -4).contains(point) { return close() }
        if let openButton, openButton.insetBy(dx: -4, dy: -4).contains(point) {
            delegate?.galleryViewDidAskToOpenFile(self)
            return
        }
        let pages = pageButtons
        if let up = pages.up, up.insetBy(dx: -2, dy: -2).contains(point) { return scroll(by: -page) }
        if let down = pages.down, down.insetBy(dx: -2, dy: -2).contains(point) { return scroll(by: page) }
        guard viewport.contains(point), let index = tile(at: point) else { return }
        if index == 0 {
            delegate?.galleryViewDidAskForNewDrawing(self)
        } else {
            delegate?.galleryView(self, didOpen: drawings[index - 1])
        }
    }

    private func close() {
        menu = nil
        renaming = nil
        delegate?.galleryViewDidClose(self)
    }

    private func pressedLong(at point: Point) {
        let pages = pageButtons
        guard menu == nil, renaming == nil, viewport.contains(point), let index = tile(at: point), index > 0,
              !(pages.up?.contains(point) ?? false), !(pages.down?.contains(point) ?? false) else { return }
        let size = Size(width: Self.menuWidth, height: Self.menuItemHeight * Double(actions.count))
        menu = (drawings[index - 1], panelFrame(of: size, besideTile: index))
        pressedTile = nil
        reportChange()
    }

    /// The sides a panel of the gallery opens on beside its tile, in the order tried.
    static let panelSides: [PanelPlacement.Side] = [.right, .left, .below, .above]

    /// Where a panel for a drawing's tile opens: beside the tile, inside the area below the header
    /// (``PanelPlacement``).
    private func panelFrame(of size: Size, besideTile index: Int) -> Rect {
        PanelPlacement.frame(of: size, beside: frame(ofTile: index), preferring: Self.panelSides, in: viewport)
    }

    /// Whether the long press's menu is shown.
    public var isShowingMenu: Bool { menu != nil }

    /// Closes the menu and the rename panel, if either is shown.
    public func closeMenu() {
        guard menu != nil || renaming != nil else { return }
        menu = nil
        renaming = nil
        reportChange()
    }

    // MARK: - Renaming

    /// The rename panel's size: a field and a row of two buttons, 44 points high each, with 12 around them.
    static let renamePanelSize = Size(width: 300, height: 124)

    /// The parts of a rename panel in `frame`: its text field, and its Cancel and Rename buttons side by side.
    private func renamePanelParts(in frame: Rect) -> (field: Rect, cancel: Rect, rename: Rect) {
        let inset = 12.0, height = 44.0
        let field = Rect(x: frame.minX + inset, y: frame.minY + inset, width: max(frame.width - 2 * inset, 0), height: height)
        let buttonWidth = max((frame.width - 3 * inset) / 2, 0)
        let cancel = Rect(x: field.minX, y: field.maxY + inset, width: buttonWidth, height: height)
        let rename = Rect(x: cancel.maxX + inset, y: cancel.minY, width: buttonWidth, height: height)
        return (field, cancel, rename)
    }

    /// Whether the rename panel is shown: keys type into its field (``typeKey(_:)``).
    public var isRenaming: Bool { renaming != nil }

    /// The name typed in the rename panel so far; `nil` while it is not shown.
    public var nameBeingTyped: String? { renaming?.text }

    /// Shows the rename panel for a drawing beside its tile, holding the drawing's name, selected.
    public func beginRenaming(_ drawing: LibraryDrawing) {
        guard let position = drawings.firstIndex(of: drawing) else { return }
        menu = nil
        pressedTile = nil
        glide = nil
        renaming = (drawing, drawing.name, true, panelFrame(of: Self.renamePanelSize, besideTile: position + 1))
        reportChange()
    }

    /// Closes the rename panel (Cancel, Escape, or the drawing renamed).
    public func endRenaming() {
        guard renaming != nil else { return }
        renaming = nil
        reportChange()
    }

    /// A key pressed while the rename panel is shown: text goes into the field (replacing the name while it is
    /// selected), Backspace deletes the last character (or the selected name), Enter asks the delegate to rename,
    /// Escape cancels. Returns whether the panel took the key; other keys do nothing while it is shown.
    @discardableResult
    public func typeKey(_ chord: KeyChord) -> Bool {
        guard var panel = renaming else { return false }
        switch (chord.keysym, chord.modifiers) {
        case ("Return", []), ("KP_Enter", []):
            delegate?.galleryView(self, didAskToRename: panel.drawing, to: panel.text)
            return true
        case ("Escape", []):
            endRenaming()
            return true
        case ("BackSpace", []):
            panel.text = panel.isSelected ? "" : String(panel.text.dropLast())
        default:
            guard let text = chord.typedText else { return true }
            panel.text = (panel.isSelected ? "" : panel.text) + text
        }
        panel.isSelected = false
        renaming = panel
        reportChange()
        return true
    }

    /// A tap while the rename panel is shown: Rename asks the delegate, Cancel (or a tap outside the panel) closes
    /// it, a tap on the field puts the caret after the name.
    private func tappedRenamePanel(at point: Point) {
        guard let panel = renaming else { return }
        let parts = renamePanelParts(in: panel.frame)
        if parts.rename.insetBy(dx: -4, dy: -4).contains(point) {
            delegate?.galleryView(self, didAskToRename: panel.drawing, to: panel.text)
        } else if parts.field.contains(point) {
            renaming?.isSelected = false
            reportChange()
        } else if parts.cancel.insetBy(dx: -4, dy: -4).contains(point) || !panel.frame.contains(point) {
            endRenaming()
        }
    }

    /// Tells the delegate that what the gallery shows changed.
    private func reportChange() {
        delegate?.galleryViewDidChange(self)
    }

    // MARK: - Scrolling

    private func panned() {
        switch panRecognizer.state {
        case .began, .changed:
            // The rename panel stays beside its tile: the tiles do not scroll under it.
            guard renaming == nil else { return }
            menu = nil
            let translation = panRecognizer.translation(in: self)
            panRecognizer.setTranslation(.zero, in: self)
            scroll(by: -translation.dy)
        case .ended:
            if let now = window?.timers.now {
                let velocity = panRecognizer.velocity(in: self)
                let momentum = Momentum(velocity: Vector(dx: 0, dy: -velocity.dy), at: now)
                glide = momentum.isGliding ? (momentum, 0) : nil
                reportChange()
            }
        default:
            break
        }
    }

    /// Scrolls the tiles by a distance (positive: up, showing later drawings), within the content.
    public func scroll(by distance: Double) {
        let offset = min(max(scrollOffset + (distance.isFinite ? distance : 0), 0), maximumScrollOffset)
        guard offset != scrollOffset else { return }
        scrollOffset = offset
        reportChange()
    }

    /// Scrolls back to the top (the gallery opened again).
    public func scrollToTop() {
        glide = nil
        scrollOffset = 0
    }

    /// Whether the list glides after a flick: the window draws a frame at every display frame meanwhile.
    public var isGliding: Bool { glide != nil }

    /// Moves a gliding list to where its glide is at a frame's time; the glide ends at the content's ends or when
    /// its momentum is spent.
    public func glide(to time: Timestamp) {
        guard let current = glide else { return }
        let offset = current.momentum.offset(at: time).dy
        let before = scrollOffset
        scroll(by: offset - current.applied)
        let stopped = scrollOffset == before && offset != current.applied
        glide = current.momentum.isFinished(at: time) || stopped ? nil : (current.momentum, offset)
    }
}
